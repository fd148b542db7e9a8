package fasturi

import (
	"strings"
	"testing"
	"unsafe"
)

func TestAppendDecode(t *testing.T) {
	for _, tt := range []struct {
		in   string
		opts DecodeOption
		want string // what is appended: nothing on error
		off  int
		err  error
	}{
		// Section 2.1: "%" HEXDIG HEXDIG, either case.
		{"", 0, "", -1, nil},
		{"abc", 0, "abc", -1, nil},
		{"%41%42", 0, "AB", -1, nil},
		{"%4a%4A", 0, "JJ", -1, nil},
		{"a%20b", 0, "a b", -1, nil},
		{"%2F%3F%23%25", 0, "/?#%", -1, nil}, // data, once split (section 2.4)
		{"%C3%A9", 0, "\xc3\xa9", -1, nil},
		{"%00", 0, "\x00", -1, nil},
		{"%FF", 0, "\xff", -1, nil},
		{"a+b", 0, "a+b", -1, nil},
		// The offset is that of the first byte that is not a hex digit.
		{"%", 0, "", 1, ErrInvalidPercentEncoding},
		{"%4", 0, "", 2, ErrInvalidPercentEncoding},
		{"%zz", 0, "", 1, ErrInvalidPercentEncoding},
		{"%4z", 0, "", 2, ErrInvalidPercentEncoding},
		{"ab%41%g1", 0, "", 6, ErrInvalidPercentEncoding},
		{"a%%41", 0, "", 2, ErrInvalidPercentEncoding},
		// Form encoding's '+', only when asked.
		{"a+b%2B", DecodePlusAsSpace, "a b+", -1, nil},
		{"+", DecodePlusAsSpace, " ", -1, nil},
		// Controls, encoded or not, refused when asked.
		{"a%0D%0Ab", DecodeNoControls, "", 1, ErrControlCharacter},
		{"%00", DecodeNoControls, "", 0, ErrControlCharacter},
		{"ab%7F", DecodeNoControls, "", 2, ErrControlCharacter},
		{"a\nb", DecodeNoControls, "", 1, ErrControlCharacter},
		{"%1f", DecodeNoControls, "", 0, ErrControlCharacter},
		{"%20%7E%80", DecodeNoControls, " ~\x80", -1, nil},
		{"%zz", DecodeNoControls, "", 1, ErrInvalidPercentEncoding},
		{"a+%0a", DecodeNoControls | DecodePlusAsSpace, "", 2, ErrControlCharacter},
		{"%4", DecodeNoControls | DecodePlusAsSpace, "", 2, ErrInvalidPercentEncoding},
		{"a%00b", DecodeNoControls | DecodePlusAsSpace, "", 1, ErrControlCharacter}, // no '+'
		{"a%41b", DecodeNoControls | DecodePlusAsSpace, "aAb", -1, nil},
	} {
		got, off, err := AppendDecode([]byte("dst:"), tt.in, tt.opts)
		if string(got) != "dst:"+tt.want || off != tt.off || err != tt.err {
			t.Errorf("AppendDecode(%q, %v) = %q, %d, %v; want %q, %d, %v",
				tt.in, tt.opts, got, off, err, "dst:"+tt.want, tt.off, tt.err)
		}
	}
}

func TestAppendEncode(t *testing.T) {
	for _, tt := range []struct {
		in   string
		c    Component
		want string
	}{
		{"", ComponentPath, ""},
		{"a b:c@d", ComponentUserinfo, "a%20b:c%40d"},
		{"ex ample.com:80", ComponentHost, "ex%20ample.com%3A80"},
		{"[::1]", ComponentHost, "%5B%3A%3A1%5D"},
		{"a/b c:d@e", ComponentPath, "a%2Fb%20c:d@e"},
		{"a=b&c+d;e", ComponentQuery, "a%3Db%26c%2Bd%3Be"},
		{"/?:@!$'()*,", ComponentQuery, "/?:@!$'()*,"},
		{"#a b?/", ComponentFragment, "%23a%20b?/"},
		{"100%", ComponentFragment, "100%25"},
		{"é\x00\x7f", ComponentPath, "%C3%A9%00%7F"},
		{"-._~", ComponentHost, "-._~"},
	} {
		if got := AppendEncode([]byte("dst:"), tt.in, tt.c); string(got) != "dst:"+tt.want {
			t.Errorf("AppendEncode(%q, %v) = %q, want %q", tt.in, tt.c, got[len("dst:"):], tt.want)
		}
	}
	for _, c := range []Component{ComponentScheme, ComponentPort, numComponents, 200} {
		func() {
			defer func() {
				// The package's own message, not a runtime error.
				want := "fasturi: AppendEncode of a " + c.String() + ", which has no percent-encoding"
				if r := recover(); r != want {
					t.Errorf("AppendEncode(_, %v) panicked with %v, want %q", c, r, want)
				}
			}()
			AppendEncode(nil, "x", c)
		}()
	}
}

// encodeTemplates put an encoded component where it parses as that
// component and nothing else.
var encodeTemplates = []struct {
	c              Component
	prefix, suffix string
	spanFrom       int // bytes of prefix inside the component's span
}{
	{ComponentUserinfo, "s://", "@h/", 0},
	{ComponentHost, "s://", "/", 0},
	{ComponentPath, "s://h/", "", 1},
	{ComponentQuery, "s://h/?", "", 0},
	{ComponentFragment, "s://h/#", "", 0},
}

// checkEncodeRoundTrip encodes s for each component, parses it back in
// place, and decodes the component: the encoding parses as that component
// exactly, and decodes to s (section 2.1).
func checkEncodeRoundTrip(t *testing.T, s string) {
	t.Helper()
	for _, tt := range encodeTemplates {
		enc := string(AppendEncode(nil, s, tt.c))
		in := tt.prefix + enc + tt.suffix
		u, err := ParseString(in)
		if err != nil {
			t.Fatalf("%v of %q: %q does not parse: %v", tt.c, s, in, u.Err())
		}
		raw := in[u.Span(tt.c).Start:u.Span(tt.c).End]
		if want := in[len(tt.prefix)-tt.spanFrom : len(tt.prefix)+len(enc)]; raw != want {
			t.Fatalf("%v of %q: parses as %q, want %q", tt.c, s, raw, want)
		}
		dec, off, err := AppendDecode(nil, enc, 0)
		if err != nil || string(dec) != s {
			t.Fatalf("%v of %q: %q decodes to %q, %d, %v", tt.c, s, enc, dec, off, err)
		}
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	var all strings.Builder
	for c := range 256 {
		checkEncodeRoundTrip(t, "a"+string([]byte{byte(c)})+"z")
		all.WriteByte(byte(c))
	}
	checkEncodeRoundTrip(t, all.String())
	checkEncodeRoundTrip(t, "")
	checkEncodeRoundTrip(t, "1.2.3.4") // a reg-name that reads as an IPv4address
}

// TestEncodeSets checks rawIn, generated, against the ABNF of each
// component, for all 256 bytes.
func TestEncodeSets(t *testing.T) {
	pchar := func(c byte) bool { return abnfUnreserved(c) || abnfSubDelims(c) || c == ':' || c == '@' }
	formDelim := func(c byte) bool { return c == '&' || c == '=' || c == ';' || c == '+' }
	for _, tt := range []struct {
		set encodeSet
		raw func(byte) bool
	}{
		{rawUserinfo, func(c byte) bool { return abnfUnreserved(c) || abnfSubDelims(c) || c == ':' }}, // section 3.2.1
		{rawHost, func(c byte) bool { return abnfUnreserved(c) || abnfSubDelims(c) }},                 // reg-name, 3.2.2
		{rawSegment, pchar}, // segment, 3.3
		{rawQuery, func(c byte) bool { return (pchar(c) || c == '/' || c == '?') && !formDelim(c) }}, // 3.4
		{rawFragment, func(c byte) bool { return pchar(c) || c == '/' || c == '?' }},                 // 3.5
	} {
		for c := range 256 {
			if got, want := rawIn[c]&tt.set != 0, tt.raw(byte(c)); got != want {
				t.Errorf("rawIn[%#02x] in set %#x = %v, want %v", c, tt.set, got, want)
			}
		}
	}
}

func TestPercentAllocs(t *testing.T) {
	buf := make([]byte, 0, 256)
	for _, in := range []string{"plain/path", "/a%20b/%C3%A9?x", "%zz", "a+b%0A"} {
		for _, opts := range []DecodeOption{0, DecodeNoControls | DecodePlusAsSpace} {
			testAllocs(t, "AppendDecode("+in+")", func() {
				out, off, err := AppendDecode(buf[:0], in, opts)
				sinkInt, sinkErr = len(out)+off, err
			})
		}
		testAllocs(t, "AppendEncode("+in+")", func() {
			sinkInt = len(AppendEncode(buf[:0], in, ComponentQuery))
		})
	}
}

// On error AppendDecode returns dst as it was passed: the same array, the
// same length, and nil for nil, though it grew a copy first.
// TestAppendDecodeInPlace: dst may end where s starts, as when a caller
// decodes a component over itself, with every option and every path of
// AppendDecode (no '%', no '+', long runs before and between them).
func TestAppendDecodeInPlace(t *testing.T) {
	long := strings.Repeat("x", 100)
	for _, in := range []string{
		"", "abc", "%41", "/ab%41cd", "a+b%2B+", long + "%2F" + long + "%41%42" + long,
		"%C3%A9" + long + "+", "%7e%7E%7e", "+++%20+++",
	} {
		for _, opts := range []DecodeOption{0, DecodePlusAsSpace, DecodeNoControls, DecodePlusAsSpace | DecodeNoControls} {
			want, _, _ := AppendDecode([]byte("pre"), in, opts)
			b := append([]byte("pre"), in...)
			s := unsafe.String(unsafe.SliceData(b[3:]), len(b)-3) // s views b[3:]
			got, off, err := AppendDecode(b[:3], s, opts)
			if string(got) != string(want) || off != -1 || err != nil || &got[0] != &b[0] {
				t.Errorf("AppendDecode in place (%q, %v) = %q, %d, %v; want %q in b", in, opts, got, off, err, want)
			}
		}
	}
	// As the documentation has it: a component of a URI that Parse read
	// from b, decoded over itself.
	b := []byte("http://h/a%41%2Fb+c?q")
	u, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	start := int(u.Span(ComponentPath).Start)
	got, off, err := AppendDecode(b[:start], u.RawPath(), DecodePlusAsSpace)
	if string(got) != "http://h/aA/b c" || off != -1 || err != nil || &got[0] != &b[0] {
		t.Errorf("AppendDecode over u.RawPath() = %q, %d, %v; want http://h/aA/b c in b", got, off, err)
	}
}

func TestAppendDecodeErrorDst(t *testing.T) {
	for _, opts := range []DecodeOption{0, DecodeNoControls, DecodePlusAsSpace} {
		dst := []byte("ab")
		got, off, err := AppendDecode(dst, "x%zz+y", opts)
		if err == nil || off != 2 || len(got) != 2 || cap(got) != cap(dst) || &got[0] != &dst[0] {
			t.Errorf("AppendDecode(%q, %v) on error = %q (cap %d), %d, %v; want dst as passed", dst, opts, got, cap(got), off, err)
		}
		if got, _, err := AppendDecode(nil, "%zz", opts); err == nil || got != nil {
			t.Errorf("AppendDecode(nil, %%zz, %v) on error = %#v, %v; want nil", opts, got, err)
		}
	}
}
