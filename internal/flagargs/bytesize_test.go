package flagargs

import "testing"

func TestByteSize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
		str  string
	}{
		{"0", 0, "0"},
		{"1", 1, "1"},
		{"1000", 1000, "1000"},
		{"1024", 1024, "1K"},
		{"64k", 64 << 10, "64K"},
		{"64KB", 64 << 10, "64K"},
		{"1M", 1 << 20, "1M"},
		{"1536K", 1536 << 10, "1536K"},
		{"2mb", 2 << 20, "2M"},
		{"1G", 1 << 30, "1G"},
		{"1024M", 1 << 30, "1G"},
	} {
		var s ByteSize
		if err := s.Set(tt.in); err != nil || int(s) != tt.want || s.String() != tt.str {
			t.Errorf("Set(%q): %d (%s), %v; want %d (%s)", tt.in, int(s), s.String(), err, tt.want, tt.str)
		}
	}
	for _, in := range []string{"", "K", "-1", "+1", "1.5M", "1T", "1 M", "1MiB", "0x10", "99999999999999999999", "9223372036854775807K", "8589934592G"} {
		s := ByteSize(7)
		if err := s.Set(in); err == nil || s != 7 {
			t.Errorf("Set(%q) = %d, %v; want an error, unchanged", in, int(s), err)
		}
	}
}
