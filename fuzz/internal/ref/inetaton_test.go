package ref

import (
	"net/netip"
	"testing"
)

func TestInetAton(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // the address, or "" for false
	}{
		// Forms every reader takes (inet_aton, WHATWG IPv4 parser).
		{"127.1", "127.0.0.1"},
		{"127.0.1", "127.0.0.1"},
		{"2130706433", "127.0.0.1"},
		{"0x7f000001", "127.0.0.1"},
		{"0x7f.1", "127.0.0.1"},
		{"0177.0.0.1", "127.0.0.1"},
		{"0xc0.0250.01", "192.168.0.1"},
		{"0X1.0X23.0X456", "1.35.4.86"},
		{"4294967295", "255.255.255.255"},
		{"00", "0.0.0.0"},
		// WHATWG only: a trailing '.', an empty "0x".
		{"1.2.3.4.", "1.2.3.4"},
		{"0x.0x.0", "0.0.0.0"},
		{"0x", "0.0.0.0"},
		// Percent-decoded first.
		{"%30%78%63%30%2e%30%32%35%30.01", "192.168.0.1"},
		{"%31%32%37.0.0.1", "127.0.0.1"},
		// Out of range, or not numbers.
		{"4294967296", ""},
		{"0x100000000", ""},
		{"0xffffffff1", ""},
		{"10000000000", ""},
		{"256.256.256.256", ""},
		{"192.168.0.257", ""},
		{"1.2.3.4.5", ""},
		{"1.2.3.4.5.", ""},
		{"1.2.3.08", ""},
		{"09.2.3.4", ""},
		{"foo.09", ""},
		{"0..0x300", ""},
		{"0x7f.0.0.0x7g", ""},
		{"1.2.3.4 ", ""},
		{"", ""},
		{".", ""},
		{"1_0", ""},
		{"+1", ""},
		{"%", ""},
		{"%4", ""},
		{"%zz", ""},
		// RFC 3986's IPv4address is no legacy form.
		{"127.0.0.1", ""},
		{"0.0.0.0", ""},
	} {
		got, ok := InetAton(tt.in)
		if tt.want == "" {
			if ok {
				t.Errorf("InetAton(%q) = %v, true; want false", tt.in, got)
			}
			continue
		}
		if want := netip.MustParseAddr(tt.want); !ok || got != want {
			t.Errorf("InetAton(%q) = %v, %v; want %v, true", tt.in, got, ok, want)
		}
	}
}
