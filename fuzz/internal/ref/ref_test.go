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

// The kind of an error: the first component, read by its delimiters alone,
// that breaks its rule, and within it the first byte that does.
func TestKind(t *testing.T) {
	for _, tt := range []struct {
		in   string
		kind Kind
		off  int
	}{
		// The scheme, and a ':' in the first segment of a relative path.
		{"1a:b", KindScheme, 2},
		{":b", KindScheme, 0},
		{"%41:b", KindScheme, 3},
		{"a b:c", KindPath, 1},
		{"%4:b", KindPercentEncoding, 2},
		{"a/b:c d", KindPath, 5},
		{"a?b:c d", KindQuery, 5},
		{"1a://h", KindScheme, 2},
		{"-:", KindScheme, 1},
		// Userinfo, up to the first '@'.
		{"http://u s@h", KindUserinfo, 8},
		{"http://u%4@h", KindPercentEncoding, 10},
		{"http://[::1@h", KindUserinfo, 11},
		{"//u^@h", KindUserinfo, 3},
		// Host, up to the first ':', or an IP literal up to its ']'.
		{"http://a b", KindHost, 8},
		{"http://a%zz", KindPercentEncoding, 9},
		{"http://x[::1]/", KindHost, 8},
		{"http://a]/", KindHost, 8},
		{"http://a@b@c/", KindHost, 10},
		{"http://[::1]x/", KindHost, 12},
		{"http://[::1]]", KindHost, 12},
		{"http://[::1]%41", KindHost, 12},
		{"http://[::1]x:80", KindHost, 12},
		// Inside an IP literal.
		{"http://[::g]", KindIPLiteral, 10},
		{"http://[::1%zz]", KindIPLiteral, 12},
		{"http://[::1%24]", KindIPLiteral, 13},
		{"http://[::1", KindIPLiteral, 11},
		{"http://[::1/", KindIPLiteral, 11},
		{"http://[fe80::1%25]", KindIPLiteral, 18},
		{"http://[fe80::1%25e%zz]", KindPercentEncoding, 20},
		{"http://[fe80::1%25%4]", KindPercentEncoding, 20},
		{"http://[fe80::1%25e!]", KindIPLiteral, 19},
		{"http://[v1.%41]", KindIPLiteral, 11},
		{"http://[1::2::3]/", KindIPLiteral, 13},
		{"http://a@[::1@x]", KindIPLiteral, 13},
		// Port: the rest after the host's ':'.
		{"http://h:x/", KindPort, 10},
		{"http://h:8x/", KindPort, 11},
		{"http://a:b:c/", KindPort, 12},
		{"http://u@h:1:2/", KindPort, 12},
		{"http://a@b:1@d/", KindHost, 12},
		{"http://a@b:c@d/", KindPort, 11},
		{"http://h:1%zz", KindPort, 11},
		{"http://h:1%41", KindPort, 13},
		{"http://[::1]:x", KindPort, 13},
		// Path, query, fragment, percent-encoding.
		{"/a b", KindPath, 2},
		{"http://h/a b", KindPath, 10},
		{"a:b c", KindPath, 3},
		{"a:/b\x00", KindPath, 4},
		{"?a b", KindQuery, 2},
		{"?a%", KindPercentEncoding, 3},
		{"#a#", KindFragment, 2},
		{"#%g", KindPercentEncoding, 2},
		{"%zz", KindPercentEncoding, 1},
		{"%", KindPercentEncoding, 1},
		// The first component that breaks its rule decides, wherever the
		// input stopped being a prefix of a valid URI reference.
		{"http://a b/c d?e f#g h", KindHost, 8},
		{"/a b?c d", KindPath, 2},
		// The userinfo runs up to the first '@' even when it starts with
		// '[', and the port is read after the host, whatever a longer
		// input could have made of it.
		{"//[@", KindUserinfo, 3},
		{"//[::]@", KindUserinfo, 6},
		{"//[::]:@", KindUserinfo, 7},
		{"//[::1%25%@", KindUserinfo, 10},
		{"//::%", KindPort, 5},
		{"//h:a%zz", KindPort, 6},
		{"//@:%", KindPort, 4},
		{"//[::1]:%", KindPort, 8},
		{"//@[::]:@", KindHost, 8},
		{"//u@h:@", KindHost, 6},
	} {
		r := Parse(tt.in)
		if r.Valid || r.Kind != tt.kind || r.ErrorOffset != tt.off {
			t.Errorf("Parse(%q): valid %v, kind %q at %d; want %q at %d", tt.in, r.Valid, r.Kind, r.ErrorOffset, tt.kind, tt.off)
		}
	}
}

// Every invalid input has a kind, and no valid one does.
func TestKindIffInvalid(t *testing.T) {
	for _, s := range []string{
		"", "a:b", "//", "http://[::1]:80/a?b#c", "http://@:/", "a:", "?", "#", "./a:b", "//u:p@h:1",
		"1a:b", "http://a b", "http://[::1]x", "%", "http://[", "[", "]", "a:b:c", "a:[", "//[v1.x]",
		"//@:A ", "http://a@b:1@d/", "\xff", "http://h:1:2", "a:%", "a://%", "a://[%",
	} {
		r := Parse(s)
		if r.Valid != (r.Kind == KindNone) {
			t.Errorf("Parse(%q): valid %v, kind %q", s, r.Valid, r.Kind)
		}
	}
}

// The kind of a request-target's error: the form's own where the target is
// in a form the method does not allow or has a part the form cannot have,
// and otherwise the component's, read as Parse reads it.
func TestTargetKind(t *testing.T) {
	for _, tt := range []struct {
		method, in string
		kind       Kind
		off        int
	}{
		// The origin-form: "//" starts no authority, and nothing starts
		// a fragment.
		{"GET", "/a b", KindPath, 2},
		{"GET", "//a b", KindPath, 3},
		{"GET", "//a@b:c d", KindPath, 7},
		{"GET", "/a%zz", KindPercentEncoding, 3},
		{"GET", "/a?b c", KindQuery, 4},
		{"GET", "/a?%4", KindPercentEncoding, 5},
		{"GET", "/a#f", KindTargetForm, 2},
		{"GET", "/a?b#f", KindTargetForm, 4},
		{"GET", "/a b#f", KindPath, 2},
		// The absolute-form: a scheme first, then Parse's kinds, and no
		// fragment.
		{"GET", "", KindTargetForm, 0},
		{"GET", "a/b", KindTargetForm, 1},
		{"GET", "?q", KindTargetForm, 0},
		{"GET", "1a:b", KindTargetForm, 0},
		{"GET", "a b:c", KindTargetForm, 1},
		{"GET", "http://a b/", KindHost, 8},
		{"GET", "http://h:8x/", KindPort, 11},
		{"GET", "http://[::1#", KindIPLiteral, 11},
		{"GET", "http://h/#f", KindTargetForm, 9},
		{"GET", "http://h/a b#f", KindPath, 10},
		{"GET", "http://h/#f g", KindTargetForm, 9},
		{"GET", "http://h:#", KindTargetForm, 9},
		// The asterisk-form: OPTIONS's, and "*" alone.
		{"GET", "*", KindTargetForm, 0},
		{"OPTIONS", "*x", KindTargetForm, 1},
		{"OPTIONS", "*/", KindTargetForm, 1},
		{"options", "*", KindTargetForm, 0},
		// The authority-form: CONNECT's, a host and a port, neither empty.
		{"CONNECT", "", KindHost, 0},
		{"CONNECT", ":80", KindHost, 0},
		{"CONNECT", ":/", KindHost, 0},
		{"CONNECT", "h", KindTargetForm, 1},
		{"CONNECT", "h:", KindTargetForm, 2},
		{"CONNECT", "[::1]", KindTargetForm, 5},
		{"CONNECT", "/", KindTargetForm, 0},
		{"CONNECT", "/a:80", KindTargetForm, 0},
		{"CONNECT", "h:80/", KindTargetForm, 4},
		{"CONNECT", "h/x:80", KindTargetForm, 1},
		{"CONNECT", "h:/x", KindTargetForm, 2},
		{"CONNECT", "[::1]/", KindTargetForm, 5},
		{"CONNECT", "h:80#", KindTargetForm, 4},
		{"CONNECT", "u@h:80", KindTargetForm, 1},
		{"CONNECT", "@h:80", KindTargetForm, 0},
		{"CONNECT", "u:p@h:80", KindTargetForm, 2},
		{"CONNECT", "h:8x@y:1", KindTargetForm, 3},
		{"CONNECT", "a b@h:1", KindHost, 1},
		{"CONNECT", "h%zz:80", KindPercentEncoding, 2},
		{"CONNECT", "h%4:80", KindPercentEncoding, 3},
		{"CONNECT", "h:8x", KindPort, 3},
		{"CONNECT", "h:8%41", KindPort, 3},
		{"CONNECT", "h:1:2", KindPort, 3},
		{"CONNECT", "[::1]:80@h", KindPort, 8},
		{"CONNECT", "[::1]@h:80", KindHost, 5},
		{"CONNECT", "[::1]x:80", KindHost, 5},
		{"CONNECT", "[::g]:80", KindIPLiteral, 3},
		{"CONNECT", "[fe80::1%25%zz]:80", KindPercentEncoding, 12},
		{"CONNECT", "h x:80", KindHost, 1},
	} {
		r := ParseTarget(tt.method, tt.in)
		if r.Valid || r.Kind != tt.kind || r.ErrorOffset != tt.off {
			t.Errorf("ParseTarget(%q, %q): valid %v, kind %q at %d; want %q at %d", tt.method, tt.in, r.Valid, r.Kind, r.ErrorOffset, tt.kind, tt.off)
		}
	}
	for _, tt := range []struct{ method, in string }{
		{"GET", "/a?b"}, {"GET", "//a"}, {"GET", "http://h/"}, {"GET", "a:"}, {"OPTIONS", "*"},
		{"CONNECT", "h:80"}, {"CONNECT", "[::1]:443"}, {"connect", "h:80"},
	} {
		if r := ParseTarget(tt.method, tt.in); !r.Valid || r.Kind != KindNone {
			t.Errorf("ParseTarget(%q, %q): valid %v, kind %q; want valid", tt.method, tt.in, r.Valid, r.Kind)
		}
	}
}

// The kind of a Host value's error: as in the authority-form, but the
// host's where the form's would be, and either part may be empty.
func TestHostHeaderKind(t *testing.T) {
	for _, tt := range []struct {
		in   string
		kind Kind
		off  int
	}{
		{"u@h", KindHost, 1},
		{"@h", KindHost, 0},
		{"h/", KindHost, 1},
		{"h:80/", KindHost, 4},
		{"/", KindHost, 0},
		{"h?", KindHost, 1},
		{"[::1]#", KindHost, 5},
		{"h:8x", KindPort, 3},
		{"h:8x@y", KindHost, 3},
		{"[::1]:8@", KindPort, 7},
		{"[::1]x", KindHost, 5},
		{"[::1", KindIPLiteral, 4},
		{"h%zz", KindPercentEncoding, 2},
		{"a b", KindHost, 1},
	} {
		r := ParseHostHeader(tt.in)
		if r.Valid || r.Kind != tt.kind || r.ErrorOffset != tt.off {
			t.Errorf("ParseHostHeader(%q): valid %v, kind %q at %d; want %q at %d", tt.in, r.Valid, r.Kind, r.ErrorOffset, tt.kind, tt.off)
		}
	}
	for _, s := range []string{"", ":", "h", "h:", ":80", "[::1]", "[::1]:"} {
		if r := ParseHostHeader(s); !r.Valid || r.Kind != KindNone {
			t.Errorf("ParseHostHeader(%q): valid %v, kind %q; want valid", s, r.Valid, r.Kind)
		}
	}
}
