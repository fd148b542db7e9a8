package fasturi

import (
	"net"
	"net/netip"
	"strings"
	"testing"
	"unsafe"
)

func TestAddr(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // netip.ParseAddr's text, or "" for false
	}{
		// IPv4address (RFC 3986 section 3.2.2).
		{"http://127.0.0.1/", "127.0.0.1"},
		{"http://0.0.0.0:80/", "0.0.0.0"},
		{"http://255.255.255.255/", "255.255.255.255"},
		{"telnet://192.0.2.16:80/", "192.0.2.16"}, // section 1.1.2
		{"//10.20.30.40", "10.20.30.40"},
		{"http://u@1.2.3.4:8/p?q#f", "1.2.3.4"},
		// IPv6address, each of the nine alternatives of its ABNF.
		{"http://[1:2:3:4:5:6:7:8]/", "1:2:3:4:5:6:7:8"},
		{"http://[1:2:3:4:5:6:1.2.3.4]/", "1:2:3:4:5:6:1.2.3.4"},
		{"http://[::2:3:4:5:6:7:8]/", "::2:3:4:5:6:7:8"},
		{"http://[::3:4:5:6:7:8]/", "::3:4:5:6:7:8"},
		{"http://[1::3:4:5:6:7:8]/", "1::3:4:5:6:7:8"},
		{"http://[1:2::4:5:6:7:8]/", "1:2::4:5:6:7:8"},
		{"http://[1:2:3::5:6:7:8]/", "1:2:3::5:6:7:8"},
		{"http://[1:2:3:4::6:7:8]/", "1:2:3:4::6:7:8"},
		{"http://[1:2:3:4:5::7:8]/", "1:2:3:4:5::7:8"},
		{"http://[1:2:3:4:5::1.2.3.4]/", "1:2:3:4:5::1.2.3.4"},
		{"http://[1:2:3:4:5:6::8]/", "1:2:3:4:5:6::8"},
		{"http://[1:2:3:4:5:6:7::]/", "1:2:3:4:5:6:7::"},
		{"http://[::]/", "::"},
		{"http://[::1]:443/", "::1"},
		{"http://[1::]/", "1::"},
		{"http://[1::8]/", "1::8"},
		{"http://[::1.2.3.4]/", "::1.2.3.4"},
		{"http://[::ffff:1.2.3.4]/", "::ffff:1.2.3.4"}, // stays IPv6: Unmap gives 1.2.3.4
		{"http://[1::255.255.255.255]/", "1::255.255.255.255"},
		{"ldap://[2001:db8::7]/c=GB?objectClass?one", "2001:db8::7"}, // section 1.1.2
		{"http://[ABCD:EF01::]/", "abcd:ef01::"},
		{"http://[0000:0000:0000:0000:0000:0000:0000:0001]/", "::1"},
		{"http://[ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"},
		// Zone IDs (RFC 6874 section 2), decoded.
		{"http://[fe80::1%25eth0]/", "fe80::1%eth0"},
		{"http://[fe80::1%25%65th0]:80/", "fe80::1%eth0"},
		{"http://[fe80::1%25en%2D0]/", "fe80::1%en-0"},
		// A zone that decodes to a delimiter or a control: none, as
		// AppendHostPort refuses it.
		{"http://[fe80::1%25en%2F0]/", ""},
		{"http://[fe80::1%25%25]/", ""},
		{"http://[fe80::1%25x%5D%3A22]/", ""},
		{"http://[fe80::1%25x%00]/", ""},
		{"http://[fe80::1%25x%7F]/", ""},
		{"http://[fe80::1%2512]/", "fe80::1%12"},
		{"http://[::ffff:1.2.3.4%25x]/", "::ffff:1.2.3.4%x"},
		{"http://[fe80::1%25" + strings.Repeat("%41", 100) + "]/", "fe80::1%" + strings.Repeat("A", 100)},
		{"http://[fe80::1%25" + strings.Repeat("b", 100) + "]/", "fe80::1%" + strings.Repeat("b", 100)},
		// No address.
		{"http://[v1.x]/", ""},
		{"http://example.com/", ""},
		{"http://127.1/", ""},
		{"http://0x7f.0.0.1/", ""},
		{"http://01.2.3.4/", ""},
		{"http://%31.2.3.4/", ""},
		{"http://1.2.3.4./", ""},
		{"http:///", ""},
		{"mailto:a@1.2.3.4", ""},
		{"/1.2.3.4", ""},
		{"", ""},
	} {
		u, err := ParseString(tt.in)
		if err != nil {
			t.Fatalf("ParseString(%q): %v", tt.in, err)
		}
		got, ok := u.Addr()
		if tt.want == "" {
			if ok {
				t.Errorf("Addr(%q) = %v, true; want false", tt.in, got)
			}
			continue
		}
		if want := netip.MustParseAddr(tt.want); !ok || got != want {
			t.Errorf("Addr(%q) = %v, %v; want %v, true", tt.in, got, ok, want)
		}
	}

	// A URI that is not valid has no address, whatever its host.
	for _, in := range []string{"http://1.2.3.4/a b", "http://[::1]:8x/", "http://[::1/"} {
		u, _ := SplitString(in)
		if got, ok := u.Addr(); ok {
			t.Errorf("Addr(Split(%q)) = %v, true; want false", in, got)
		}
		u, _ = ParseString(in)
		if got, ok := u.Addr(); ok {
			t.Errorf("Addr(Parse(%q)) = %v, true; want false", in, got)
		}
	}
}

func TestPortNumber(t *testing.T) {
	for _, tt := range []struct {
		in   string
		port int
		off  int
		err  error
	}{
		// Section 3.2.3: port = *DIGIT; empty or absent, the default applies
		// (section 6.2.3).
		{"http://h/", -1, -1, nil},
		{"http://h", -1, -1, nil},
		{"http://h:/", -1, -1, nil},
		{"mailto:a@b", -1, -1, nil},
		{"http://h:0/", 0, -1, nil},
		{"http://h:80/", 80, -1, nil},
		{"http://h:00080/", 80, -1, nil},
		{"http://h:65535/", 65535, -1, nil},
		{"http://h:065535/", 65535, -1, nil},
		{"http://h:" + strings.Repeat("0", 30) + "80/", 80, -1, nil},
		{"foo://example.com:8042/over/there", 8042, -1, nil},
		{"http://[::1]:8080/", 8080, -1, nil},
		{"http://u:p@h:1/", 1, -1, nil},
		{"//h:443", 443, -1, nil},
		// Above 65535, at the offset of the first digit; no wrap-around.
		{"http://h:65536/", -1, 9, ErrPortRange},
		{"http://h:99999/", -1, 9, ErrPortRange},
		{"http://h:4294967376/", -1, 9, ErrPortRange},           // 2^32+80
		{"http://h:18446744073709551696/", -1, 9, ErrPortRange}, // 2^64+80
		{"http://h:99999999999999999999/", -1, 9, ErrPortRange}, // 20 digits
		{"http://h:123456789012345678901234567890/", -1, 9, ErrPortRange},
		{"http://[::1]:65536/", -1, 13, ErrPortRange},
		// A URI that is not valid: its own error (until the '/', the
		// authority could have been userinfo).
		{"http://h:8x/", -1, 11, ErrInvalidPort},
		{"http://h:1:2/", -1, 12, ErrInvalidPort},
	} {
		u, _ := ParseString(tt.in)
		port, off, err := u.PortNumber()
		if port != tt.port || off != tt.off || err != tt.err {
			t.Errorf("PortNumber(%q) = %d, %d, %v; want %d, %d, %v", tt.in, port, off, err, tt.port, tt.off, tt.err)
		}
	}
	u, _ := SplitString("http://h:80/a b")
	if port, off, err := u.PortNumber(); port != -1 || off != 13 || err != ErrInvalidPath {
		t.Errorf("PortNumber(Split(%q)) = %d, %d, %v; want -1, 13, %v", u.String(), port, off, err, ErrInvalidPath)
	}
}

func TestAppendHostPort(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // what is appended
		off  int
		err  error
	}{
		// Default ports: RFC 9110 section 4.2, RFC 6455 section 3, RFC 1738
		// section 3; the scheme is case-insensitive (RFC 3986 section 3.1).
		{"http://example.com/", "example.com:80", -1, nil},
		{"https://example.com/", "example.com:443", -1, nil},
		{"ws://example.com/chat", "example.com:80", -1, nil},
		{"wss://example.com/chat", "example.com:443", -1, nil},
		{"ftp://ftp.is.co.za/rfc/rfc1808.txt", "ftp.is.co.za:21", -1, nil},
		{"gopher://h/", "h:70", -1, nil},
		{"HTTPS://h", "h:443", -1, nil},
		// An explicit port, written as a number; an empty one is none
		// (section 6.2.3).
		{"foo://example.com:8042/over/there", "example.com:8042", -1, nil},
		{"http://h:8080/", "h:8080", -1, nil},
		{"https://h:/", "h:443", -1, nil},
		{"http://h:00080/", "h:80", -1, nil},
		{"http://h:0/", "h:0", -1, nil},
		{"http://h:65535/", "h:65535", -1, nil},
		{"//h:1", "h:1", -1, nil},
		{"http://u:p@h:1/", "h:1", -1, nil},
		// Each host type (section 3.2.2).
		{"http://127.0.0.1:8080/", "127.0.0.1:8080", -1, nil},
		{"http://[::1]/", "[::1]:80", -1, nil},
		{"http://[::ffff:1.2.3.4]:1/", "[::ffff:1.2.3.4]:1", -1, nil},
		{"https://[fe80::1%25eth0]/", "[fe80::1%eth0]:443", -1, nil},
		{"http://[FE80::1%25%65th0]:8080/", "[FE80::1%eth0]:8080", -1, nil},
		{"http://ex%61mple.com/", "example.com:80", -1, nil},
		{"http://%E2%98%83.net/", "\u2603.net:80", -1, nil},
		{"http://a%2Cb!$&'()*+;=/", "a,b!$&'()*+;=:80", -1, nil},
		// A legacy IPv4 spelling is decoded, not converted; one that no
		// reading takes as an address, though a digit starts its last
		// label, is written as it is.
		{"http://0x7f.1/", "0x7f.1:80", -1, nil},
		{"http://%30x7f.1/", "0x7f.1:80", -1, nil},
		{"http://%31%32%37.0.0.1/", "127.0.0.1:80", -1, nil},
		{"http://4294967297/", "4294967297:80", -1, nil},
		{"http://08/", "08:80", -1, nil},
		// No port, and no default port: at the end of the authority.
		{"foo://example.com/", "", 17, ErrNoPort},
		{"foo://example.com:/", "", 18, ErrNoPort},
		{"//example.com/", "", 13, ErrNoPort},
		{"mailto://a@h", "", 12, ErrNoPort},
		{"http://h:65536/", "", 9, ErrPortRange},
		{"http://h:99999999999999999999/", "", 9, ErrPortRange},
		// Decoding creates no control and no delimiter (section 2.4), at
		// the offset of the '%'.
		{"http://a%00b/", "", 8, ErrControlCharacter},
		{"http://a%0D%0A/", "", 8, ErrControlCharacter},
		{"http://ab%7F/", "", 9, ErrControlCharacter},
		{"http://%5B%3A%3A1%5D/", "", 7, ErrInvalidHost},
		{"http://h%3A1/", "", 8, ErrInvalidHost},
		{"http://a%2Fb/", "", 8, ErrInvalidHost},
		{"http://a%3Fb/", "", 8, ErrInvalidHost},
		{"http://a%23b/", "", 8, ErrInvalidHost},
		{"http://a%40b/", "", 8, ErrInvalidHost},
		{"http://a%5Cb/", "", 8, ErrInvalidHost},
		{"http://a%25b/", "", 8, ErrInvalidHost},
		{"http://a%41%2F/", "", 11, ErrInvalidHost}, // dst as it was, without "aA"
		{"http://ab%41%00/", "", 12, ErrControlCharacter},
		// Nor any other ASCII byte a reg-name cannot hold as it is: a
		// space ends a name for inet_aton.
		{"http://169.254.169.254%20.attacker.example/", "", 22, ErrInvalidHost},
		{"http://a%20b/", "", 8, ErrInvalidHost},
		{"http://a%22b%3Cc/", "", 8, ErrInvalidHost},
		{"http://a%7Cb/", "", 8, ErrInvalidHost},
		{"http://[fe80::1%25a%20b]/", "", 19, ErrInvalidHost},
		{"http://a%5Fb%7E/", "a_b~:80", -1, nil}, // unreserved
		{"http://[fe80::1%25a%00]/", "", 19, ErrControlCharacter},
		{"http://[fe80::1%25a%5D]/", "", 19, ErrInvalidHost},
		{"http://[fe80::1%25%3A80]/", "", 18, ErrInvalidHost},
		{"http://a%00:99999/", "", 8, ErrControlCharacter}, // the host comes first
		// No host to connect to.
		{"http://[v1.x]/", "", 7, ErrInvalidHost},
		{"http://:80/", "", 7, ErrInvalidHost},
		{"http:///a", "", 7, ErrInvalidHost},
		{"http://u@/", "", 9, ErrInvalidHost},
		{"mailto:a@b", "", 0, ErrInvalidHost},
		{"/a", "", 0, ErrInvalidHost},
		// A URI that is not valid: its own error.
		{"http://h:8x/", "", 11, ErrInvalidPort},
		{"http://a b/", "", 8, ErrInvalidHost},
	} {
		u, _ := ParseString(tt.in)
		got, off, err := u.AppendHostPort([]byte("dst:"))
		if string(got) != "dst:"+tt.want || off != tt.off || err != tt.err {
			t.Errorf("AppendHostPort(%q) = %q, %d, %v; want %q, %d, %v", tt.in, got, off, err, "dst:"+tt.want, tt.off, tt.err)
		}
		// AppendHost: the same host, or the same error, but the port's.
		wantHost, wantOff, wantErr := "", tt.off, tt.err
		switch tt.err {
		case nil:
			wantHost, wantOff = tt.want[:strings.LastIndexByte(tt.want, ':')], -1
		case ErrNoPort, ErrPortRange:
			wantHost, wantOff, wantErr = "h", -1, nil
			if strings.Contains(tt.in, "example.com") {
				wantHost = "example.com"
			}
		}
		if got, off, err := u.AppendHost([]byte("dst:")); string(got) != "dst:"+wantHost || off != wantOff || err != wantErr {
			t.Errorf("AppendHost(%q) = %q, %d, %v; want %q, %d, %v", tt.in, got, off, err, "dst:"+wantHost, wantOff, wantErr)
		}
		if err != nil {
			continue
		}
		// What net.Dial takes apart again.
		host, port, serr := net.SplitHostPort(string(got[len("dst:"):]))
		if serr != nil || net.JoinHostPort(host, port) != tt.want {
			t.Errorf("AppendHostPort(%q) = %q: SplitHostPort gives %q, %q, %v", tt.in, got, host, port, serr)
		}
	}
	u, _ := SplitString("http://h:80/a b")
	if got, off, err := u.AppendHostPort(nil); got != nil || off != 13 || err != ErrInvalidPath {
		t.Errorf("AppendHostPort(Split(%q)) = %q, %d, %v; want nil, 13, %v", u.String(), got, off, err, ErrInvalidPath)
	}
	if got, off, err := u.AppendHost(nil); got != nil || off != 13 || err != ErrInvalidPath {
		t.Errorf("AppendHost(Split(%q)) = %q, %d, %v; want nil, 13, %v", u.String(), got, off, err, ErrInvalidPath)
	}
}

var (
	sinkAddr netip.Addr
	// keptZone holds on to the zone "eth0" so that netip keeps it interned.
	keptZone = netip.MustParseAddr("fe80::1%eth0")
)

func TestAddrAllocs(t *testing.T) {
	for _, in := range []string{
		"http://127.0.0.1:8080/",
		"http://[2001:db8::7]/",
		"http://[::ffff:1.2.3.4]:443/",
		"https://[fe80::1%25eth0]/",     // a zone netip has
		"https://[fe80::1%25%65th0]:1/", // the same, decoded on the stack
		"http://ex%61mple.com:00080/",
		"http://0x7f.1/",
		"foo://h/",
		"http://h:99999999999999999999/",
		"http://a%00b/",
		"http://%5B%3A%3A1%5D/",
		"http://[v1.x]/",
		"mailto:a@b",
		"http://h:8x/",
	} {
		u, _ := ParseString(in)
		testAllocs(t, "Addr("+in+")", func() { sinkAddr, sinkBool = u.Addr() })
		testAllocs(t, "PortNumber("+in+")", func() { sinkInt, sinkInt, sinkErr = u.PortNumber() })
		testAllocs(t, "AppendHostPort("+in+")", func() {
			var buf [64]byte
			b, off, err := u.AppendHostPort(buf[:0])
			sinkInt, sinkErr = len(b)+off, err
		})
		testAllocs(t, "AppendHost("+in+")", func() {
			var buf [64]byte
			b, off, err := u.AppendHost(buf[:0])
			sinkInt, sinkErr = len(b)+off, err
		})
		testAllocs(t, "LegacyIPv4("+u.RawHost()+")", func() { sinkAddr, sinkBool = LegacyIPv4(u.RawHost()) })
	}
	if keptZone.Zone() != "eth0" {
		t.Fatal(keptZone)
	}

	// An input on the caller's stack stays there, zone included.
	for _, in := range []string{"https://[fe80::1%25%65th0]:1/", "http://[fe80::1%25eth0]/", "http://0177.1/"} {
		testAllocs(t, "stack "+in, func() {
			var src [64]byte
			n := copy(src[:], in)
			u, _ := Parse(src[:n])
			a, ok := u.Addr()
			var buf [64]byte
			b, off, err := u.AppendHostPort(buf[:0])
			l, lok := LegacyIPv4(u.RawHost())
			sinkBool = ok && lok && a.Zone() != "" && l.Is4()
			sinkInt, sinkErr = len(b)+off, err
		})
		testAllocs(t, "stack LegacyIPv4 "+in, func() {
			var src [16]byte
			n := copy(src[:], "0x7f%2E1")
			sinkAddr, sinkBool = LegacyIPv4(unsafe.String(&src[0], n))
		})
	}
}

func BenchmarkAddr(b *testing.B) {
	for _, bb := range []struct{ name, in string }{
		{"ipv4", "http://192.0.2.16:80/"},
		{"ipv6", "http://[2001:db8::7]/"},
		{"ipv6-zone", "http://[fe80::1%25eth0]/"},
		{"reg-name", "http://www.example.com/"},
		{"legacy", "http://0x7f.1/"},
	} {
		u, err := ParseString(bb.in)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bb.name+"/Addr", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkAddr, sinkBool = u.Addr()
			}
		})
		b.Run(bb.name+"/PortNumber", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkInt, sinkInt, sinkErr = u.PortNumber()
			}
		})
		b.Run(bb.name+"/AppendHostPort", func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]byte, 0, 64)
			for b.Loop() {
				buf, sinkInt, sinkErr = u.AppendHostPort(buf[:0])
			}
		})
		b.Run(bb.name+"/LegacyIPv4", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkAddr, sinkBool = LegacyIPv4(u.RawHost())
			}
		})
	}
}

// TestAppendHostPortSharedInput checks that a dst over the URI's own input,
// which the doc rules out, still gives the URI's port: the scheme's
// default is read before the host overwrites the scheme.
func TestAppendHostPortSharedInput(t *testing.T) {
	b := []byte("http://nntp.example.com/")
	u, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	got, off, err := u.AppendHostPort(b[:0])
	if string(got) != "nntp.example.com:80" || off != -1 || err != nil {
		t.Errorf("AppendHostPort over its input: %q, %d, %v; want nntp.example.com:80", got, off, err)
	}
}
