package ref

import (
	"fmt"
	"strings"
	"testing"
)

func describe(s string, r Result) string {
	if !r.Valid {
		return fmt.Sprintf("error at %d", r.ErrorOffset)
	}
	var b strings.Builder
	for _, c := range []struct {
		name string
		sp   Span
	}{{"scheme", r.Scheme}, {"userinfo", r.Userinfo}, {"host", r.Host}, {"port", r.Port}, {"path", r.Path}, {"query", r.Query}, {"fragment", r.Fragment}} {
		if c.sp.Present {
			fmt.Fprintf(&b, "%s=%s ", c.name, s[c.sp.Start:c.sp.End])
		}
	}
	return b.String() + r.HostType
}

func TestParse(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		// RFC 3986 section 1.1.2.
		{"ftp://ftp.is.co.za/rfc/rfc1808.txt", "scheme=ftp host=ftp.is.co.za path=/rfc/rfc1808.txt reg-name"},
		{"http://www.ietf.org/rfc/rfc2396.txt", "scheme=http host=www.ietf.org path=/rfc/rfc2396.txt reg-name"},
		{"ldap://[2001:db8::7]/c=GB?objectClass?one", "scheme=ldap host=[2001:db8::7] path=/c=GB query=objectClass?one ipv6"},
		{"mailto:John.Doe@example.com", "scheme=mailto path=John.Doe@example.com none"},
		{"news:comp.infosystems.www.servers.unix", "scheme=news path=comp.infosystems.www.servers.unix none"},
		{"tel:+1-816-555-1212", "scheme=tel path=+1-816-555-1212 none"},
		{"telnet://192.0.2.16:80/", "scheme=telnet host=192.0.2.16 port=80 path=/ ipv4"},
		{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "scheme=urn path=oasis:names:specification:docbook:dtd:xml:4.1.2 none"},
		// Section 3, and section 5.4's base.
		{"foo://example.com:8042/over/there?name=ferret#nose", "scheme=foo host=example.com port=8042 path=/over/there query=name=ferret fragment=nose reg-name"},
		{"http://a/b/c/d;p?q", "scheme=http host=a path=/b/c/d;p query=q reg-name"},
		{"", "path= none"},
		{"//g", "host=g path= reg-name"},
		{"?y", "path= query=y none"},
		{"#s", "path= fragment=s none"},
		{"../../g", "path=../../g none"},
		{"g:h", "scheme=g path=h none"},
		{"http://u@[fe80::1%25eth0]:8/", "scheme=http userinfo=u host=[fe80::1%25eth0] port=8 path=/ ipv6"},
		{"http://[v7.a:b]/", "scheme=http host=[v7.a:b] path=/ ipvfuture"},
		{"http://1.2.3.4.5/", "scheme=http host=1.2.3.4.5 path=/ reg-name"},
		{"http://256.1.1.1/", "scheme=http host=256.1.1.1 path=/ reg-name"},
		{"http://[::ffff:1.2.3.4]/", "scheme=http host=[::ffff:1.2.3.4] path=/ ipv6"},
		// Errors: the first byte no valid URI reference can have there.
		{"1a:b", "error at 2"},
		{"http://a b/", "error at 8"},
		{"http://a:b:c/", "error at 12"},
		{"http://u@h:1:2/", "error at 12"},
		{"http://[::1", "error at 11"},
		{"http://[1::2::3]/", "error at 13"},
		{"http://[1:2:3:4:5:6:7:8:9]/", "error at 23"},
		{"%4", "error at 2"},
		{"%zz", "error at 1"},
		{"#a#", "error at 2"},
	} {
		if got := describe(tt.in, Parse(tt.in)); got != tt.want {
			t.Errorf("Parse(%q)\n got  %s\n want %s", tt.in, got, tt.want)
		}
	}
}

func TestViable(t *testing.T) {
	for in, want := range map[string]bool{
		"": true, "http://[": true, "http://a:b": true, "http://a:b@": true, "http://a:b/": false, "http://a:b:c/": false,
		"1a:": false, "1a": true, "%": true, "%z": false, "[": false, "//[::1]x": false,
	} {
		if got := Viable(in); got != want {
			t.Errorf("Viable(%q) = %v, want %v", in, got, want)
		}
	}
}

// RFC 3986 section 5.4: every reference and every target is valid.
func TestResolutionExamplesAreValid(t *testing.T) {
	for _, s := range []string{
		"http://a/b/c/d;p?q", "g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s",
		";x", "g;x", "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
		"../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.",
		"g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x", "g#s/./x", "g#s/../x",
		"http:g", "http://a/b/c/g", "http://a/b/c/g/", "http://a/g", "http://g", "http://a/b/c/d;p?y",
		"http://a/b/c/g?y", "http://a/b/c/d;p?q#s", "http://a/b/c/g#s", "http://a/b/c/g?y#s",
		"http://a/b/c/;x", "http://a/b/c/g;x", "http://a/b/c/g;x?y#s", "http://a/b/c/", "http://a/b/",
		"http://a/", "http://a/b/g", "http://a/b/c/g.", "http://a/b/c/.g", "http://a/b/c/g..",
		"http://a/b/c/..g", "http://a/b/c/g/h", "http://a/b/c/h", "http://a/b/c/g;x=1/y", "http://a/b/c/y",
	} {
		if r := Parse(s); !r.Valid {
			t.Errorf("Parse(%q) invalid at %d", s, r.ErrorOffset)
		}
	}
}

// The nine IPv6address alternatives, at their fullest and emptiest.
func TestIPv6Alternatives(t *testing.T) {
	for s, valid := range map[string]bool{
		"1:2:3:4:5:6:7:8": true, "1:2:3:4:5:6:1.2.3.4": true, "::2:3:4:5:6:7:8": true,
		"1::3:4:5:6:7:8": true, "1:2::4:5:6:7:8": true, "1:2:3::5:6:7:8": true,
		"1:2:3:4::6:7:8": true, "1:2:3:4:5::7:8": true, "1:2:3:4:5:6::8": true,
		"1:2:3:4:5:6:7::": true, "::": true, "::1.2.3.4": true, "1:2:3:4:5::1.2.3.4": true,
		"1:2:3:4:5:6:7:8:9": false, "1:2:3:4:5:6:7": false, "1::2::3": false, ":::": false,
		"12345::": false, "1:2:3:4:5:6:7::8": false, "::1.2.3.256": false, "::01.2.3.4": false,
	} {
		in := "http://[" + s + "]/"
		if got := Parse(in).Valid; got != valid {
			t.Errorf("Parse(%q).Valid = %v, want %v", in, got, valid)
		}
	}
}

// The error offset is consistent with Viable: the prefix up to it is
// viable, one byte more is not.
func TestErrorOffsetIsLongestViablePrefix(t *testing.T) {
	for _, s := range []string{"1a:b", "http://[::1]x", "//@:A ", "http://a b", "%zz", "#a#b", "http://[::0.10.0.0"} {
		r := Parse(s)
		if r.Valid {
			t.Fatalf("%q is valid", s)
		}
		if !Viable(s[:r.ErrorOffset]) || r.ErrorOffset < len(s) && Viable(s[:r.ErrorOffset+1]) {
			t.Errorf("%q: error offset %d is not the end of the longest viable prefix", s, r.ErrorOffset)
		}
	}
}
