package fasturi

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

// appendixB is the regular expression of RFC 3986 Appendix B. Its "." is
// any character, so the s flag makes Go's "." match a newline too.
var appendixB = regexp.MustCompile(`(?s)^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// lenientSplit runs the lenient walk of Split even on valid input, where
// SplitString takes the strict parser's result instead, so that tests can
// hold the two against each other.
func lenientSplit(s string) (URI, Violations) {
	u := URI{s: s}
	var v Violations
	u.split(&v)
	return u, v
}

// checkAppendixB checks Split's scheme, authority, path, query and fragment
// against the regular expression of Appendix B.
func checkAppendixB(t *testing.T, in string) {
	t.Helper()
	u, _ := lenientSplit(in)
	m := appendixB.FindStringSubmatchIndex(in)
	group := func(g int) (string, bool) {
		if m[2*g] < 0 {
			return "", false
		}
		return in[m[2*g]:m[2*g+1]], true
	}
	for _, c := range []struct {
		name    string
		g       int
		got     string
		present bool
	}{
		{"scheme", 2, u.Scheme(), u.Has(ComponentScheme)},
		{"authority", 4, u.RawAuthority(), u.Has(ComponentHost)},
		{"path", 5, u.RawPath(), true},
		{"query", 7, u.RawQuery(), u.Has(ComponentQuery)},
		{"fragment", 9, u.RawFragment(), u.Has(ComponentFragment)},
	} {
		want, ok := group(c.g)
		if c.got != want || c.present != ok {
			t.Errorf("Split(%q) %s = %q (present %v), Appendix B says %q (present %v)", in, c.name, c.got, c.present, want, ok)
		}
	}
}

func TestSplitAppendixB(t *testing.T) {
	for _, in := range []string{
		"http://www.ics.uci.edu/pub/ietf/uri/#Related", // the example of Appendix B
		"", ":", "::", "//", "///", "?", "#", ":/", "a:", "1a:b", ":b", "%41:b",
		"http://a b/c d?e f#g h", "http://[::1", "http://a@b@c/", "a:b//c",
		"http://h:port/", "\x00:\x01//\x02/\x03?\x04#\x05", "s://u@h:1/p?q#f#g",
		"http:\\\\h\\p", "http://a#@b", "mailto:a@b", "//a:b:c@d:e:f/g",
		"#\n", "?\n#\r\n", "\n:\n//\n/\n", // newlines everywhere ("." needs the s flag; found by FuzzSplit)
	} {
		checkAppendixB(t, in)
		checkSplitAccessors(t, in)
	}
}

// TestSplitAuthority checks how Split divides an authority it cannot parse.
func TestSplitAuthority(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string
	}{
		{"http://a@b@c/", "scheme=http userinfo=a@b host=c (reg-name) path=/"}, // the last '@', as browsers do
		{"http://a:b:c/", "scheme=http host=a (reg-name) port=b:c path=/"},
		// An IP literal followed by more is no host any rule matches.
		{"http://[::1]x:80/", "scheme=http host=[::1]x (reg-name) port=80 path=/"},
		{"//[::1]%41", "host=[::1]%41 (reg-name) path="},
		{"http://[fe80::1%25eth0]x/", "scheme=http host=[fe80::1%25eth0]x (reg-name) path=/"},
		{"http://[fe80::1%25eth0]/", "scheme=http host=[fe80::1%25eth0] (ipv6) path=/"},
		{"http://[::1/", "scheme=http host=[::1 (reg-name) path=/"},
		{"http://[::1]:80/", "scheme=http host=[::1] (ipv6) port=80 path=/"},
		{"http://ex ample.com:8 0/", "scheme=http host=ex ample.com (reg-name) port=8 0 path=/"},
		{"http://1.2.3.4:x/", "scheme=http host=1.2.3.4 (ipv4) port=x path=/"},
	} {
		u, _ := lenientSplit(tt.in)
		if got := describe(u); got != tt.want {
			t.Errorf("Split(%q)\n got  %s\n want %s", tt.in, got, tt.want)
		}
	}
}

func TestSplitViolations(t *testing.T) {
	type violation struct {
		kind ErrorKind
		off  int
		comp Component
	}
	const (
		scheme   = ComponentScheme
		userinfo = ComponentUserinfo
		host     = ComponentHost
		port     = ComponentPort
		path     = ComponentPath
		query    = ComponentQuery
		fragment = ComponentFragment
	)
	for _, tt := range []struct {
		in   string
		want []violation
	}{
		{"http://example.com/a?b#c", nil},
		{"", nil},
		{"1a:b", []violation{{ErrInvalidScheme, 0, scheme}}},
		{"a_b:c", []violation{{ErrInvalidScheme, 1, scheme}}},
		{":b", []violation{{ErrInvalidScheme, 0, path}}}, // no scheme, so a relative path with a ':' in its first segment
		{"a/:b", nil},
		{"http://a b/c d?e f#g h", []violation{{ErrInvalidHost, 8, host}, {ErrInvalidPath, 12, path}, {ErrInvalidQuery, 16, query}, {ErrInvalidFragment, 20, fragment}}},
		{"http://u s@h:8x/", []violation{{ErrInvalidUserinfo, 8, userinfo}, {ErrInvalidPort, 14, port}}},
		{"http://a@b@c/", []violation{{ErrInvalidUserinfo, 8, userinfo}}},
		{"//[]", []violation{{ErrInvalidIPLiteral, 3, host}}}, // inside the brackets, however short
		{"//[", []violation{{ErrInvalidIPLiteral, 3, host}}},
		{"//[x", []violation{{ErrInvalidIPLiteral, 3, host}}},
		{"http://a:b:c/", []violation{{ErrInvalidPort, 9, port}}},
		{"http://[::1/", []violation{{ErrInvalidIPLiteral, 11, host}}},
		{"http://[::1]x/", []violation{{ErrInvalidHost, 12, host}}},
		{"http://[::g]/", []violation{{ErrInvalidIPLiteral, 10, host}}},
		{"/a%4?%zz#%", []violation{{ErrInvalidPercentEncoding, 4, path}, {ErrInvalidPercentEncoding, 6, query}, {ErrInvalidPercentEncoding, 10, fragment}}},
		{"//u%@h%:%1/%", []violation{{ErrInvalidPercentEncoding, 4, userinfo}, {ErrInvalidPercentEncoding, 7, host}, {ErrInvalidPort, 8, port}, {ErrInvalidPercentEncoding, 12, path}}},
		{"#a#b", []violation{{ErrInvalidFragment, 2, fragment}}},
		{"http://h/\xff\xfe?\x00", []violation{{ErrInvalidPath, 9, path}, {ErrInvalidQuery, 12, query}}},
	} {
		_, v := SplitString(tt.in)
		if _, lv := lenientSplit(tt.in); lv != v {
			t.Errorf("Split(%q): lenient walk finds %d violations, SplitString %d", tt.in, lv.Len(), v.Len())
		}
		var got []violation
		for i := range v.Len() {
			got = append(got, violation{v.At(i).Kind, v.At(i).Offset, v.At(i).Component})
		}
		if len(got) != len(tt.want) {
			t.Errorf("Split(%q) violations = %v, want %v", tt.in, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("Split(%q) violations = %v, want %v", tt.in, got, tt.want)
				break
			}
		}
		if _, err := ParseString(tt.in); (err == nil) != (len(tt.want) == 0) {
			t.Errorf("Parse(%q) error %v disagrees with Split's %d violations", tt.in, err, len(tt.want))
		}
		checkSplitAccessors(t, tt.in)
	}
}

// checkSplitAccessors calls every accessor of Split's URI for in, which
// must not panic, and checks that the URI says whether it is valid.
func checkSplitAccessors(t *testing.T, in string) {
	t.Helper()
	u, v := SplitString(in)
	useEveryAccessor(u)
	if u.Valid() != (v.Len() == 0) {
		t.Errorf("Split(%q): Valid() = %v with %d violations", in, u.Valid(), v.Len())
	}
	if v.Len() == 0 {
		if u.ErrorOffset() != -1 || u.Err() != nil {
			t.Errorf("Split(%q): no violation, but error %v at %d", in, u.Err(), u.ErrorOffset())
		}
	} else if first := v.At(0); u.ErrorOffset() != first.Offset || !errors.Is(u.Err(), first.Kind) {
		t.Errorf("Split(%q): error %v at %d, first violation %v at %d", in, u.Err(), u.ErrorOffset(), first.Kind, first.Offset)
	}
	if z := u.RawZone(); z != "" && (u.HostType() != HostIPv6 || !strings.Contains(u.RawHost(), "%25"+z+"]")) {
		t.Errorf("Split(%q): zone %q of host %q (%v)", in, z, u.RawHost(), u.HostType())
	}
	if u.HasAuthority() != (u.HostType() != HostNone) {
		t.Errorf("Split(%q): authority %v, host type %v", in, u.HasAuthority(), u.HostType())
	}
}

// TestSplitAccessors holds Split's results for hosts that look like IP
// literals but are not, whose zone accessor once sliced out of range.
func TestSplitAccessors(t *testing.T) {
	for _, tt := range []struct {
		in, host, zone string
		typ            HostType
	}{
		{"//[::1]%41", "[::1]%41", "", HostRegName},
		{"http://[fe80::1%25eth0]x/", "[fe80::1%25eth0]x", "", HostRegName},
		{"http://[fe80::1%25eth0]:x/", "[fe80::1%25eth0]", "eth0", HostIPv6},
		{"http://[fe80::1%25]/", "[fe80::1%25]", "", HostRegName},
		{"http://[fe80::1%/", "[fe80::1%", "", HostRegName},
		{"http://[v1.x]y/", "[v1.x]y", "", HostRegName},
		{"http://[v1.x]:y/", "[v1.x]", "", HostIPvFuture},
		{"http://[]/", "[]", "", HostRegName},
		{"http://[/", "[", "", HostRegName},
		{"http://]/", "]", "", HostRegName},
	} {
		u, _ := SplitString(tt.in)
		if u.RawHost() != tt.host || u.RawZone() != tt.zone || u.HostType() != tt.typ {
			t.Errorf("Split(%q): host %q, zone %q, %v; want %q, %q, %v",
				tt.in, u.RawHost(), u.RawZone(), u.HostType(), tt.host, tt.zone, tt.typ)
		}
		checkSplitAccessors(t, tt.in)
	}
}

// TestViolationsAll checks that All yields what Len and At give, in
// order, stops when the loop breaks, and allocates nothing.
func TestViolationsAll(t *testing.T) {
	_, v := SplitString("h\x00ttp://u\x01@h\x02:p/\x03?\x04#\x05")
	var got []Violation
	for x := range v.All() {
		got = append(got, x)
	}
	if len(got) != v.Len() || v.Len() < 5 {
		t.Fatalf("All yielded %d violations, Len is %d (want at least 5)", len(got), v.Len())
	}
	for i, x := range got {
		if x != v.At(i) {
			t.Errorf("All's violation %d is %+v, At(%d) %+v", i, x, i, v.At(i))
		}
	}
	n := 0
	for range v.All() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("a loop that breaks at once ran %d times", n)
	}
	testAllocs(t, "Violations.All", func() {
		for x := range v.All() {
			sinkInt += x.Offset
		}
	})
}

func TestViolationsAtOutOfRange(t *testing.T) {
	_, one := SplitString("http://a b/")
	for _, c := range []struct {
		v Violations
		i int
	}{{Violations{}, 0}, {one, 1}, {one, -1}} {
		func() {
			defer func() {
				// The package's own message, not the runtime's, on
				// either side.
				if r := recover(); r != "fasturi: Violations.At index out of range" {
					t.Errorf("At(%d) of %d violations: panic %v", c.i, c.v.Len(), r)
				}
			}()
			c.v.At(c.i)
		}()
	}
}
