package fasturi

import (
	"net/netip"
	"strconv"
	"strings"
	"testing"
)

func TestLegacyIPv4(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // the address, or "" for false
	}{
		// One part fills all four bytes.
		{"0", "0.0.0.0"},
		{"1", "0.0.0.1"},
		{"80", "0.0.0.80"},
		{"2130706433", "127.0.0.1"},
		{"4294967295", "255.255.255.255"},
		{"4294967296", ""},
		{"18446744073709551617", ""}, // 2^64+1: no wrap-around
		{"99999999999999999999999999999", ""},
		{"0x7f000001", "127.0.0.1"},
		{"0X7F000001", "127.0.0.1"},
		{"0xffffffff", "255.255.255.255"},
		{"0x100000000", ""},
		{"017700000001", "127.0.0.1"},
		{"037777777777", "255.255.255.255"},
		{"040000000000", ""},
		// Two parts: 8 and 24 bits.
		{"127.1", "127.0.0.1"},
		{"127.16777215", "127.255.255.255"},
		{"127.16777216", ""},
		{"255.0", "255.0.0.0"},
		{"256.0", ""},
		{"0x7f.1", "127.0.0.1"},
		{"0x7f.0xffffff", "127.255.255.255"},
		{"0x7f.0x1000000", ""},
		{"0177.077777777", "127.255.255.255"},
		{"0177.0100000000", ""},
		// Three parts: 8, 8 and 16 bits.
		{"127.0.1", "127.0.0.1"},
		{"1.2.65535", "1.2.255.255"},
		{"1.2.65536", ""},
		{"1.256.1", ""},
		{"0x7f.1.0377", "127.1.0.255"},
		{"0177.0x0.1", "127.0.0.1"},
		// Four parts, but not dec-octets (RFC 3986 section 3.2.2).
		{"01.2.3.4", "1.2.3.4"},
		{"0177.0.0.1", "127.0.0.1"},
		{"0x7f.0.0.1", "127.0.0.1"},
		{"0X7F.0.0.1", "127.0.0.1"},
		{"00.00.00.00", "0.0.0.0"},
		{"1.2.3.0377", "1.2.3.255"},
		{"1.2.3.0400", ""},
		{"1.2.3.0xff", "1.2.3.255"},
		{"1.2.3.0x100", ""},
		{"0xff.0xff.0xff.0xff", "255.255.255.255"},
		{"0x100.0.0.0", ""},
		{"0400.0.0.0", ""},
		{"1.2.3.256", ""},
		// Leading zeros, however many.
		{"0000000000000000000000000000000177.1", "127.0.0.1"},
		{"0x000000000000000000000000000000007f.1", "127.0.0.1"},
		{"0" + strings.Repeat("0", 1000) + "1", "0.0.0.1"},
		{"00000000000000000000000000000009", ""},
		// An empty hex number is 0 (WHATWG); a digit outside its base is not
		// a number.
		{"0x", "0.0.0.0"},
		{"0X", "0.0.0.0"},
		{"0x.0x.0x.0x", "0.0.0.0"},
		{"0x.1", "0.0.0.1"},
		{"0xg", ""},
		{"0x1g", ""},
		{"0x0x1", ""},
		{"08", ""},
		{"09.1", ""},
		{"0178", ""},
		{"1.08", ""},
		{"00", "0.0.0.0"},
		{"1a", ""},
		{"12.3a", ""},
		// One trailing '.', as WHATWG allows.
		{"127.1.", "127.0.0.1"},
		{"127.0.0.1.", "127.0.0.1"},
		{"2130706433.", "127.0.0.1"},
		{"0x.", "0.0.0.0"},
		{"1.2.3.", "1.2.0.3"},
		{"127.1..", ""},
		{"1.2.3.4..", ""},
		{".", ""},
		// One to four parts; empty parts.
		{"1.2.3.4.5", ""},
		{"1.2.3.4.0", ""}, // five parts, though each is in range
		{"0.0.0.0.0", ""},
		{"1.2.3.4.5.", ""},
		{"", ""},
		{"1..2", ""},
		{".1", ""},
		{"..", ""},
		// RFC 3986's IPv4address is HostIPv4, not a legacy form.
		{"127.0.0.1", ""},
		{"0.0.0.0", ""},
		{"255.255.255.255", ""},
		// Names (section 3.2.2 reg-name).
		{"example.com", ""},
		{"localhost", ""},
		{"a.0x", ""},
		{"1.2.3.foo", ""},
		{"0x7f.com", ""},
		{"+1", ""},
		{"-1", ""},
		// Percent-encoded digits, letters and dots (section 2.1), read
		// decoded as resolvers see them.
		{"%31%32%37.0.0.1", "127.0.0.1"},
		{"127%2E0%2E0%2E1", "127.0.0.1"},
		{"127%2e1", "127.0.0.1"},
		{"127.1%2E", "127.0.0.1"},
		{"%30x7f.1", "127.0.0.1"},
		{"0%78%37%66.1", "127.0.0.1"},
		{"0%58%37%46.1", "127.0.0.1"},
		{"%3127.1", "127.0.0.1"},
		{"1%2E%2E2", ""},
		{"%", ""},
		{"%3", ""},
		{"1%2", ""},
		{"%zz", ""},
		{"%j1", ""}, // one hex digit after the '%' is no encoding either
		{"127.0.0.%j1", ""},
		{"%1j", ""},
		{"1.%", ""},
		{"1.2.3.4%", ""},
		{"%00", ""},
		{"1%00", ""},
		{"127.1%20", ""},
		{"%20127.1", ""},
		// Fullwidth "127.1": UTS 46 maps it, LegacyIPv4 does not.
		{"%EF%BC%91%EF%BC%92%EF%BC%97.%EF%BC%91", ""},
		{"127.1\xff", ""},
	} {
		got, ok := LegacyIPv4(tt.in)
		if tt.want == "" {
			if ok {
				t.Errorf("LegacyIPv4(%q) = %v, true; want false", tt.in, got)
			}
			continue
		}
		if want := netip.MustParseAddr(tt.want); !ok || got != want {
			t.Errorf("LegacyIPv4(%q) = %v, %v; want %v, true", tt.in, got, ok, want)
		}
	}
}

// TestLegacyIPv4Forms writes addresses in one to four parts, each in each
// base, and reads them back.
func TestLegacyIPv4Forms(t *testing.T) {
	addrs := []uint32{0, 1, 0x7f000001, 0x01020304, 0xff00ff00, 0x00ffff00, 0xffffffff}
	for _, a := range addrs {
		want := netip.AddrFrom4([4]byte{byte(a >> 24), byte(a >> 16), byte(a >> 8), byte(a)})
		for parts := 1; parts <= 4; parts++ {
			var nums []uint64
			for k := 0; k < parts-1; k++ {
				nums = append(nums, uint64(a>>(24-8*k)&0xff))
			}
			nums = append(nums, uint64(a&(0xffffffff>>(8*(parts-1)))))
			for form := 0; form < 1<<(2*parts); form++ {
				var b strings.Builder
				for k, n := range nums {
					if k > 0 {
						b.WriteByte('.')
					}
					switch form >> (2 * k) & 3 {
					case 0, 3:
						b.WriteString(strconv.FormatUint(n, 10))
					case 1:
						b.WriteString("0" + strconv.FormatUint(n, 8))
					case 2:
						b.WriteString("0x" + strconv.FormatUint(n, 16))
					}
				}
				s := b.String()
				got, ok := LegacyIPv4(s)
				if isIPv4(s) {
					if ok {
						t.Errorf("LegacyIPv4(%q) = %v, true; want false for an IPv4address", s, got)
					}
					continue
				}
				if !ok || got != want {
					t.Errorf("LegacyIPv4(%q) = %v, %v; want %v, true", s, got, ok, want)
				}
				if got, ok := LegacyIPv4(s + "."); !ok || got != want {
					t.Errorf("LegacyIPv4(%q) = %v, %v; want %v, true", s+".", got, ok, want)
				}
			}
		}
	}
}

// TestLegacyIPv4OfHosts checks that no host of type HostIPv4 is also a
// legacy form, and that the reg-names of parsed URIs are read as written.
func TestLegacyIPv4OfHosts(t *testing.T) {
	for _, tt := range []struct {
		in   string
		typ  HostType
		want string
	}{
		{"http://127.0.0.1/", HostIPv4, ""},
		{"http://127.1/", HostRegName, "127.0.0.1"},
		{"http://0x7f.1:80/", HostRegName, "127.0.0.1"},
		{"http://%31%32%37.0.0.1/", HostRegName, "127.0.0.1"},
		{"http://127.0.0.1./", HostRegName, "127.0.0.1"},
		{"http://2130706433/", HostRegName, "127.0.0.1"},
		{"http://example.com/", HostRegName, ""},
	} {
		u, err := ParseString(tt.in)
		if err != nil || u.HostType() != tt.typ {
			t.Fatalf("ParseString(%q): %v, host type %v; want %v", tt.in, err, u.HostType(), tt.typ)
		}
		got, ok := LegacyIPv4(u.RawHost())
		if ok != (tt.want != "") || ok && got != netip.MustParseAddr(tt.want) {
			t.Errorf("LegacyIPv4(%q) = %v, %v; want %q", u.RawHost(), got, ok, tt.want)
		}
	}
}
