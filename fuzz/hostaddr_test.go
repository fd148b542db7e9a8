package fuzz

import (
	"encoding/hex"
	"errors"
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/fuzz/internal/ref"
)

// hostSeeds are hosts, IP literals' contents and ports for FuzzHostAddr.
var hostSeeds = []string{
	"127.0.0.1", "127.1", "127.1.", "0x7f.1", "0177.0.0.1", "2130706433", "0x7f000001",
	"%30x7f%2e1", "%31%32%37.0.0.1", "0x", "0x.0x", "08", "4294967295", "4294967296",
	"1.2.3.4.5", "0xc0.0250.01", "example.com",
	"::1", "fe80::1%25eth0", "fe80::1%25%65th0", "::ffff:1.2.3.4", "1:2:3:4:5:6:7:8", "1::",
	"v1.x", "h:00080", "h:65535", "h:65536", "h:99999999999999999999", "h:",
	"a%00b", "%5B%3A%3A1%5D", "h%3A1", "[::1]:80", "1.2.3.4:0", "fe80::1%25x%5D%3A22", "fe80::1%25%0a",
}

// FuzzHostAddr checks hosts as values against independent readings of
// the same text: for "http://"+s+"/" and "http://["+s+"]/", Addr against
// netip.ParseAddr (with the zone ID decoded by url.PathUnescape, and no
// address for a zone that decodes to a control or a delimiter),
// LegacyIPv4 against ref.InetAton, and AppendHostPort and AppendHost against
// net.SplitHostPort; and PortNumber against strconv.ParseUint on the
// digits of s.
func FuzzHostAddr(f *testing.F) {
	addSeeds(f)
	for _, s := range hostSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, in := range []string{"http://" + s + "/", "http://[" + s + "]/"} {
			u, err := fasturi.ParseString(in)
			if err != nil {
				checkInvalidHostAddr(t, in, &u, err)
				continue
			}
			checkAddr(t, in, &u)
			checkHostPort(t, in, &u)
		}

		got, ok := fasturi.LegacyIPv4(s)
		want, wok := ref.InetAton(s)
		if ok != wok || got != want {
			t.Fatalf("LegacyIPv4(%q) = %v, %v; reference %v, %v", s, got, ok, want, wok)
		}

		var digits strings.Builder
		for i := 0; i < len(s); i++ {
			if '0' <= s[i] && s[i] <= '9' {
				digits.WriteByte(s[i])
			}
		}
		checkPortNumber(t, digits.String())
	})
}

// checkInvalidHostAddr checks that a URI that is not valid has no address
// and gives its own error.
func checkInvalidHostAddr(t *testing.T, in string, u *fasturi.URI, kind error) {
	t.Helper()
	if a, ok := u.Addr(); ok {
		t.Fatalf("%q is not valid, but Addr() = %v, true", in, a)
	}
	if port, off, err := u.PortNumber(); port != -1 || off != u.ErrorOffset() || err != kind {
		t.Fatalf("%q: PortNumber() = %d, %d, %v; want -1, %d, %v", in, port, off, err, u.ErrorOffset(), kind)
	}
	if b, off, err := u.AppendHostPort([]byte("x")); string(b) != "x" || off != u.ErrorOffset() || err != kind {
		t.Fatalf("%q: AppendHostPort() = %q, %d, %v; want \"x\", %d, %v", in, b, off, err, u.ErrorOffset(), kind)
	}
}

// ipText returns the text of the address in an IP literal as
// netip.ParseAddr takes it: without brackets, and with the zone ID
// decoded after a single '%'.
func ipText(t *testing.T, literal string) string {
	t.Helper()
	s := literal[1 : len(literal)-1]
	i := strings.Index(s, "%25")
	if i < 0 {
		return s
	}
	zone, err := url.PathUnescape(s[i+3:])
	if err != nil {
		t.Fatalf("zone of %q: %v", literal, err)
	}
	return s[:i] + "%" + zone
}

func checkAddr(t *testing.T, in string, u *fasturi.URI) {
	t.Helper()
	got, ok := u.Addr()
	var text string
	switch u.HostType() {
	case fasturi.HostIPv4:
		text = u.RawHost()
	case fasturi.HostIPv6:
		h := u.RawHost()
		if i := strings.Index(h, "%25"); i >= 0 {
			if _, bad := badEncoding(h[i+3:len(h)-1], 0); bad != nil {
				// A zone that decodes to a control or a delimiter.
				if ok {
					t.Fatalf("%q: Addr() = %v, true for a zone that AppendHostPort refuses (%v)", in, got, bad)
				}
				return
			}
		}
		text = ipText(t, h)
	default:
		if ok {
			t.Fatalf("%q: %v host, but Addr() = %v, true", in, u.HostType(), got)
		}
		if u.HostType() == fasturi.HostRegName {
			h := u.RawHost()
			l, lok := fasturi.LegacyIPv4(h)
			w, wok := ref.InetAton(h)
			if lok != wok || l != w {
				t.Fatalf("%q: LegacyIPv4(%q) = %v, %v; reference %v, %v", in, h, l, lok, w, wok)
			}
		}
		return
	}
	want, err := netip.ParseAddr(text)
	if err != nil {
		t.Fatalf("%q: %v host that netip.ParseAddr(%q) rejects: %v", in, u.HostType(), text, err)
	}
	if !ok || got != want {
		t.Fatalf("%q: Addr() = %v, %v; netip.ParseAddr(%q) = %v", in, got, ok, text, want)
	}
}

// checkHostPort checks AppendHostPort, and AppendHost: that
// net.SplitHostPort reads back the host decoded and the port; or, for a
// host that decodes to a control or a delimiter, the error at the first
// such percent-encoding.
func checkHostPort(t *testing.T, in string, u *fasturi.URI) {
	t.Helper()
	b, off, err := u.AppendHostPort([]byte("x"))
	h, start := u.RawHost(), int(u.Span(fasturi.ComponentHost).Start)

	// The expected error, the first in the input.
	wantKind, wantOff := error(nil), -1
	var host string // the host as net.SplitHostPort should return it
	switch u.HostType() {
	case fasturi.HostIPvFuture:
		wantKind, wantOff = fasturi.ErrInvalidHost, start
	case fasturi.HostIPv4:
		host = h
	case fasturi.HostIPv6:
		host = ipText(t, h)
		if i := strings.Index(h, "%25"); i >= 0 {
			wantOff, wantKind = badEncoding(h[i+3:len(h)-1], start+i+3)
		}
	case fasturi.HostRegName:
		host, _ = url.PathUnescape(h)
		if h == "" {
			wantKind, wantOff = fasturi.ErrInvalidHost, start
		} else {
			wantOff, wantKind = badEncoding(h, start)
		}
	}
	// AppendHost: the same host, or the host's error.
	hb, hoff, herr := u.AppendHost([]byte("x"))
	if wantKind != nil {
		if string(hb) != "x" || hoff != wantOff || !errors.Is(herr, wantKind) {
			t.Fatalf("%q: AppendHost() = %q, %d, %v; want \"x\", %d, %v", in, hb, hoff, herr, wantOff, wantKind)
		}
	} else if gh, _, serr := net.SplitHostPort(string(hb[1:]) + ":1"); herr != nil || hoff != -1 || hb[0] != 'x' || serr != nil || gh != host {
		t.Fatalf("%q: AppendHost() = %q, %d, %v, which net.SplitHostPort reads with a port as %q, %v; want %q", in, hb, hoff, herr, gh, serr, host)
	}
	port, poff, perr := u.PortNumber()
	if wantKind == nil && perr != nil {
		wantKind, wantOff = perr, poff
	}
	if port < 0 {
		port = 80
	}
	if wantKind != nil {
		if string(b) != "x" || off != wantOff || !errors.Is(err, wantKind) {
			t.Fatalf("%q: AppendHostPort() = %q, %d, %v; want \"x\", %d, %v", in, b, off, err, wantOff, wantKind)
		}
		return
	}
	if err != nil || off != -1 || b[0] != 'x' {
		t.Fatalf("%q: AppendHostPort() = %q, %d, %v", in, b, off, err)
	}
	gh, gp, serr := net.SplitHostPort(string(b[1:]))
	if serr != nil || gh != host || gp != strconv.Itoa(port) {
		t.Fatalf("%q: AppendHostPort() = %q, which net.SplitHostPort reads as %q, %q, %v; want %q, %d", in, b[1:], gh, gp, serr, host, port)
	}
}

// regNameBytes are the ASCII bytes a reg-name holds as they are: unreserved
// and sub-delims (RFC 3986 section 3.2.2).
const regNameBytes = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;="

// badEncoding returns the offset (base plus the offset in s) and the kind
// of the first percent-encoding in s, a valid reg-name or zone ID, that
// decodes to a control character or to an ASCII byte that a reg-name
// cannot hold as it is, or -1, nil.
func badEncoding(s string, base int) (int, error) {
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		d, err := hex.DecodeString(s[i+1 : i+3])
		if err != nil {
			panic("a valid URI with " + s)
		}
		switch c := d[0]; {
		case c < 0x20 || c == 0x7f:
			return base + i, fasturi.ErrControlCharacter
		case c < 0x80 && strings.IndexByte(regNameBytes, c) < 0:
			return base + i, fasturi.ErrInvalidHost
		}
	}
	return -1, nil
}

// checkPortNumber compares PortNumber on "http://h:"+digits with
// strconv.ParseUint.
func checkPortNumber(t *testing.T, digits string) {
	t.Helper()
	in := "http://h:" + digits + "/"
	u, err := fasturi.ParseString(in)
	if err != nil {
		t.Fatalf("%q: %v", in, u.Err())
	}
	port, off, perr := u.PortNumber()
	wantPort, wantOff, wantErr := -1, -1, error(nil)
	if digits != "" {
		n, err := strconv.ParseUint(digits, 10, 64)
		if err != nil || n > 65535 {
			wantOff, wantErr = len("http://h:"), fasturi.ErrPortRange
		} else {
			wantPort = int(n)
		}
	}
	if port != wantPort || off != wantOff || perr != wantErr {
		t.Fatalf("%q: PortNumber() = %d, %d, %v; want %d, %d, %v", in, port, off, perr, wantPort, wantOff, wantErr)
	}
}
