package ref

import "testing"

func TestDecode(t *testing.T) {
	for _, tt := range []struct {
		in               string
		plus, noControls bool
		want             string
		wantAt           int
		wantKind         Kind
	}{
		{"a%20b+c", false, false, "a b+c", -1, KindNone},
		{"a%20b+c", true, false, "a b c", -1, KindNone},
		{"%7e%7E%2f", false, false, "~~/", -1, KindNone},
		{"%", false, false, "", 1, KindPercentEncoding},
		{"a%4", false, false, "", 3, KindPercentEncoding},
		{"a%zz", false, false, "", 2, KindPercentEncoding},
		{"a%4z", false, false, "", 3, KindPercentEncoding},
		{"%00", false, false, "\x00", -1, KindNone},
		{"ok%0D%0A", false, true, "", 2, KindControl},
		{"a\x7fb", false, true, "", 1, KindControl},
		{"a\x7fb", false, false, "a\x7fb", -1, KindNone},
		{"%zz%00", false, true, "", 1, KindPercentEncoding}, // the first fault decides
		{"\xff%C3%A9", false, true, "\xff\xc3\xa9", -1, KindNone},
	} {
		got, at, kind := Decode(tt.in, tt.plus, tt.noControls)
		if got != tt.want || at != tt.wantAt || kind != tt.wantKind {
			t.Errorf("Decode(%q, %v, %v) = %q, %d, %q; want %q, %d, %q", tt.in, tt.plus, tt.noControls, got, at, kind, tt.want, tt.wantAt, tt.wantKind)
		}
	}
}
