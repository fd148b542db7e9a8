package fasturi

import (
	"net/netip"
	"testing"
)

// RFC 9110 section 7.2: Host = uri-host [ ":" port ].
func TestParseHostHeader(t *testing.T) {
	for _, tt := range []struct {
		in         string
		host, port string // port "-": none
		typ        HostType
		off        int // -1: valid
		err        error
	}{
		{"example.com", "example.com", "-", HostRegName, -1, nil},
		{"Example.COM:8080", "Example.COM", "8080", HostRegName, -1, nil},
		{"", "", "-", HostRegName, -1, nil}, // a target without an authority
		{"h:", "h", "", HostRegName, -1, nil},
		{":80", "", "80", HostRegName, -1, nil},
		{"127.0.0.1:80", "127.0.0.1", "80", HostIPv4, -1, nil},
		{"[::1]", "[::1]", "-", HostIPv6, -1, nil},
		{"[fe80::1%25eth0]:443", "[fe80::1%25eth0]", "443", HostIPv6, -1, nil},
		{"[v1.x]", "[v1.x]", "-", HostIPvFuture, -1, nil},
		{"ex%61mple.com", "ex%61mple.com", "-", HostRegName, -1, nil},
		{"h:99999", "h", "99999", HostRegName, -1, nil}, // PortNumber checks the range
		{"u@h", "", "", 0, 1, ErrInvalidHost},
		{"h/x", "", "", 0, 1, ErrInvalidHost},
		{"h?x", "", "", 0, 1, ErrInvalidHost},
		{"h#", "", "", 0, 1, ErrInvalidHost},
		{"a b", "", "", 0, 1, ErrInvalidHost},
		{"[::1]x", "", "", 0, 5, ErrInvalidHost},
		{"h:8x", "", "", 0, 3, ErrInvalidPort},
		{"h:8x@h", "", "", 0, 3, ErrInvalidHost}, // the same byte, in the userinfo "h:8x"
		{"h:1:2", "", "", 0, 3, ErrInvalidPort},
		{"u:80@h", "", "", 0, 4, ErrInvalidHost},         // userinfo, seen at its '@'
		{"user:pass@host", "", "", 0, 5, ErrInvalidHost}, // userinfo, seen at the 'p'
		{"[::1]:8@x", "", "", 0, 7, ErrInvalidPort},      // '[' holds no userinfo
		{"h:1/", "", "", 0, 3, ErrInvalidHost},
		{"h:443#x", "", "", 0, 5, ErrInvalidHost},
		{"%zz", "", "", 0, 1, ErrInvalidPercentEncoding},
		{"[::1", "", "", 0, 4, ErrInvalidIPLiteral},
	} {
		u, err := ParseHostHeaderString(tt.in)
		if err != tt.err || u.ErrorOffset() != tt.off {
			t.Errorf("ParseHostHeaderString(%q) = %v at %d; want %v at %d", tt.in, err, u.ErrorOffset(), tt.err, tt.off)
			continue
		}
		if err != nil {
			continue
		}
		port := "-"
		if u.HasPort() {
			port = u.Port()
		}
		if !u.HasAuthority() || u.HasScheme() || u.RawHost() != tt.host || port != tt.port || u.HostType() != tt.typ || u.RawPath() != "" {
			t.Errorf("ParseHostHeaderString(%q): host %q, port %q, %v; want %q, %q, %v", tt.in, u.RawHost(), port, u.HostType(), tt.host, tt.port, tt.typ)
		}
	}
}

// TestHostHeaderValues checks that the operations on a host read a Host
// header as they read a target's authority.
func TestHostHeaderValues(t *testing.T) {
	u, _ := ParseHostHeaderString("0x7f.1:8080")
	if f := u.Facts(); f.LegacyIPv4 != netip.MustParseAddr("127.0.0.1") {
		t.Errorf("Facts of Host 0x7f.1:8080: %+v", f)
	}
	if n, off, err := u.PortNumber(); n != 8080 || off != -1 || err != nil {
		t.Errorf("PortNumber of Host 0x7f.1:8080: %d, %d, %v", n, off, err)
	}
	u, _ = ParseHostHeaderString("%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1")
	if f := u.Facts(); !f.EncodedNonASCII.Has(ComponentHost) {
		t.Errorf("Facts of a Host of encoded fullwidth digits: %+v", f)
	}
	u, _ = ParseHostHeaderString("[fe80::1%25eth0]:22")
	if a, ok := u.Addr(); !ok || a != netip.MustParseAddr("fe80::1%eth0") {
		t.Errorf("Addr of Host [fe80::1%%25eth0]:22: %v, %v", a, ok)
	}
	if hp, off, err := u.AppendHostPort(nil); string(hp) != "[fe80::1%eth0]:22" || off != -1 || err != nil {
		t.Errorf("AppendHostPort of Host [fe80::1%%25eth0]:22: %q, %d, %v", hp, off, err)
	}
	u, _ = ParseHostHeaderString("EXAMPLE.com:0443")
	if n, _, _ := AppendNormalize(nil, u, NormalizeScheme, 0); string(n) != "example.com:0443" {
		t.Errorf("AppendNormalize of Host EXAMPLE.com:0443: %q", n)
	}
	target, _, _ := ParseRequestTargetString("CONNECT", "example.COM:0443")
	if !Equivalent(u, target, NormalizeSyntax) {
		t.Errorf("Host EXAMPLE.com:0443 is not equivalent to CONNECT example.COM:0443")
	}
}

func TestParseHostHeaderAllocs(t *testing.T) {
	for _, in := range []string{"example.com:8080", "[fe80::1%25eth0]:443", "u@h", ""} {
		b := []byte(in)
		testAllocs(t, "ParseHostHeader("+in+")", func() {
			u, err := ParseHostHeader(b)
			sinkInt, sinkErr = u.ErrorOffset(), err
		})
	}
}
