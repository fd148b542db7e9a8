package fasturi

import (
	"testing"
)

// resolveString resolves ref against base, both parsed strictly.
func resolveString(t *testing.T, base, ref string, opts PathOption) (string, int, error) {
	t.Helper()
	b, _ := ParseString(base)
	r, _ := ParseString(ref)
	out, off, err := AppendResolve([]byte("prefix "), b, r, opts)
	if len(out) < len("prefix ") || string(out[:len("prefix ")]) != "prefix " {
		t.Fatalf("AppendResolve(%q, %q) overwrote dst: %q", base, ref, out)
	}
	return string(out[len("prefix "):]), off, err
}

type resolveTest struct{ ref, want string }

func runResolveTests(t *testing.T, base string, tests []resolveTest) {
	t.Helper()
	for _, tt := range tests {
		got, off, err := resolveString(t, base, tt.ref, 0)
		if err != nil || off != -1 || got != tt.want {
			t.Errorf("resolve(%q, %q) = %q, %d, %v; want %q", base, tt.ref, got, off, err, tt.want)
		}
		// The target is a valid URI.
		if u, err := ParseString(got); err != nil || !u.HasScheme() {
			t.Errorf("resolve(%q, %q) = %q, which does not parse as a URI: %v", base, tt.ref, got, err)
		}
	}
}

// RFC 3986 section 5.4.1.
func TestResolveNormalExamples(t *testing.T) {
	runResolveTests(t, "http://a/b/c/d;p?q", []resolveTest{
		{"g:h", "g:h"},
		{"g", "http://a/b/c/g"},
		{"./g", "http://a/b/c/g"},
		{"g/", "http://a/b/c/g/"},
		{"/g", "http://a/g"},
		{"//g", "http://g"},
		{"?y", "http://a/b/c/d;p?y"},
		{"g?y", "http://a/b/c/g?y"},
		{"#s", "http://a/b/c/d;p?q#s"},
		{"g#s", "http://a/b/c/g#s"},
		{"g?y#s", "http://a/b/c/g?y#s"},
		{";x", "http://a/b/c/;x"},
		{"g;x", "http://a/b/c/g;x"},
		{"g;x?y#s", "http://a/b/c/g;x?y#s"},
		{"", "http://a/b/c/d;p?q"},
		{".", "http://a/b/c/"},
		{"./", "http://a/b/c/"},
		{"..", "http://a/b/"},
		{"../", "http://a/b/"},
		{"../g", "http://a/b/g"},
		{"../..", "http://a/"},
		{"../../", "http://a/"},
		{"../../g", "http://a/g"},
	})
}

// RFC 3986 section 5.4.2.
func TestResolveAbnormalExamples(t *testing.T) {
	runResolveTests(t, "http://a/b/c/d;p?q", []resolveTest{
		{"../../../g", "http://a/g"},
		{"../../../../g", "http://a/g"},
		{"/./g", "http://a/g"},
		{"/../g", "http://a/g"},
		{"g.", "http://a/b/c/g."},
		{".g", "http://a/b/c/.g"},
		{"g..", "http://a/b/c/g.."},
		{"..g", "http://a/b/c/..g"},
		{"./../g", "http://a/b/g"},
		{"./g/.", "http://a/b/c/g/"},
		{"g/./h", "http://a/b/c/g/h"},
		{"g/../h", "http://a/b/c/h"},
		{"g;x=1/./y", "http://a/b/c/g;x=1/y"},
		{"g;x=1/../y", "http://a/b/c/y"},
		{"g?y/./x", "http://a/b/c/g?y/./x"},
		{"g?y/../x", "http://a/b/c/g?y/../x"},
		{"g#s/./x", "http://a/b/c/g#s/./x"},
		{"g#s/../x", "http://a/b/c/g#s/../x"},
		{"http:g", "http:g"}, // strict parsers (section 5.2.2)
	})
}

// TestResolveEdges holds the inputs on which resolvers are known to depart
// from section 5.2, net/url's ResolveReference among them, and the edges of
// each step.
func TestResolveEdges(t *testing.T) {
	for _, tt := range []struct{ base, ref, want string }{
		// net/url cleans "//" out of the merged path; the RFC keeps it.
		{"http://a", "..//evil.com/x", "http://a//evil.com/x"},
		{"http://a/b/c", "..//d", "http://a//d"},
		// Without an authority, a path that starts with "//" is written
		// after "/.", not read as an authority.
		{"foo:/a/b", "..//c", "foo:/.//c"},
		{"foo:/a/b", "/..//c", "foo:/.//c"},
		{"foo:/a", ".//c", "foo:/.//c"},
		{"foo:", "//c", "foo://c"}, // a network-path reference has its authority
		// An opaque base: the merge keeps what precedes its last '/', and
		// remove_dot_segments roots a path it empties.
		{"scheme:a/b/c", "../../../..", "scheme:/"},
		{"scheme:a/b/c", "d", "scheme:a/b/d"},
		{"mailto:a@b", "c@d", "mailto:c@d"},
		{"mailto:a@b", "?subject=x", "mailto:a@b?subject=x"},
		// An authority with an empty path merges as "/".
		{"http://a", "g", "http://a/g"},
		{"http://a?q", "", "http://a?q"},
		{"http://a#f", "", "http://a"},
		// Percent-encoded dots are data.
		{"http://a/b/c", "%2E%2E/g", "http://a/b/%2E%2E/g"},
		{"http://a/b/c", ".%2e/g", "http://a/b/.%2e/g"},
		// The empty reference keeps the base's path as it is.
		{"http://a/b/./c", "", "http://a/b/./c"},
		{"http://a/b/./c", "?y", "http://a/b/./c?y"},
		// Every part of the reference, and of the base, kept raw.
		{"HTTP://U@A:80/b", "G%41?%7E#%23", "HTTP://U@A:80/G%41?%7E#%23"},
		{"http://[fe80::1%25eth0]:8/a/b", "../c", "http://[fe80::1%25eth0]:8/c"},
		{"http://a/b", "//[::1]/./c", "http://[::1]/c"},
		{"http://a/b", "HTTPS:/../c", "HTTPS:/c"},
		// Leading "./" and "../" steps against directories with and
		// without dot-segments, rooted or not.
		{"http://a/b/./c/d", "../x", "http://a/b/x"},
		{"http://a/b/../c/d", "../x", "http://a/x"},
		{"http://a/b/c/..", "./x", "http://a/b/c/x"},
		{"http://a/b/c", "./../..//x?q", "http://a//x?q"},
		{"http://a/b/c", "./.hidden/../y", "http://a/b/y"},
		{"foo:/a/b", "./../..//c", "foo:/.//c"},
		{"s:a/b/c", "../../x", "s:/x"},
		{"http://a/b//c", "../x", "http://a/b/x"},
	} {
		got, off, err := resolveString(t, tt.base, tt.ref, 0)
		if err != nil || off != -1 || got != tt.want {
			t.Errorf("resolve(%q, %q) = %q, %d, %v; want %q", tt.base, tt.ref, got, off, err, tt.want)
		}
	}
}

func TestResolveErrors(t *testing.T) {
	for _, tt := range []struct {
		base, ref string
		opts      PathOption
		kind      ErrorKind
		off       int
	}{
		{"/a/b", "c", 0, ErrInvalidBase, 0},        // no scheme (section 5.1)
		{"http://a b/", "c", 0, ErrInvalidBase, 8}, // base's own error
		{"http://a/", "c d", 0, ErrInvalidPath, 1}, // ref's own error
		{"http://a/", "%zz", 0, ErrInvalidPercentEncoding, 1},
		{"http://a/b/c", "../../../g", RejectPathUnderflow, ErrPathUnderflow, 3}, // the second ".." climbs
		{"http://a/b/c", "/../g", RejectPathUnderflow, ErrPathUnderflow, 1},
		{"http://a/b/c", "g/../../../x", RejectPathUnderflow, ErrPathUnderflow, 8},
		{"http://a/b/c", "//h/../x", RejectPathUnderflow, ErrPathUnderflow, 4},
		{"s:a/b", "../../c", RejectPathUnderflow, ErrPathUnderflow, 3},
		{"http://a/../b/c", "d", RejectPathUnderflow, ErrInvalidBase, 9},
		{"http://a/b/../../etc", "", RejectPathUnderflow, ErrInvalidBase, 14}, // kept as it is, and climbs
		{"http://a/b/../../etc", "?q", RejectPathUnderflow, ErrInvalidBase, 14},
		{"http://a/..?q", "#f", RejectPathUnderflow, ErrInvalidBase, 9},
		{"s:../a", "?q", RejectPathUnderflow, ErrInvalidBase, 2}, // a climb from the first segment
		{"s:..", "", RejectPathUnderflow, ErrInvalidBase, 2},
		{"http://a/./b", "../g", RejectPathUnderflow, ErrPathUnderflow, 0}, // ref's own ".." climbs, from its first byte
	} {
		got, off, err := resolveString(t, tt.base, tt.ref, tt.opts)
		if err != tt.kind || off != tt.off || got != "" {
			t.Errorf("resolve(%q, %q) = %q, %d, %v; want %v at %d", tt.base, tt.ref, got, off, err, tt.kind, tt.off)
		}
	}
	// Without the option, the same inputs resolve as the RFC says.
	for _, tt := range []struct{ base, ref, want string }{
		{"http://a/b/c", "../../../g", "http://a/g"},
		{"http://a/../b/c", "d", "http://a/b/d"},
		{"s:a/b", "../../c", "s:/c"},
		{"http://a/b/../../etc", "", "http://a/b/../../etc"}, // section 5.2.2: T.path = Base.path
	} {
		if got, _, err := resolveString(t, tt.base, tt.ref, 0); err != nil || got != tt.want {
			t.Errorf("resolve(%q, %q) = %q, %v; want %q", tt.base, tt.ref, got, err, tt.want)
		}
	}
}

// TestResolveAuthorityAlone resolves an authority-form request-target and
// a Host header, authorities without their "//", as network-path
// references: the target has their authority.
func TestResolveAuthorityAlone(t *testing.T) {
	target := func(s string) URI {
		u, _, err := ParseRequestTargetString("CONNECT", s)
		if err != nil {
			t.Fatalf("CONNECT %q: %v", s, err)
		}
		return u
	}
	host := func(s string) URI {
		u, err := ParseHostHeaderString(s)
		if err != nil {
			t.Fatalf("Host %q: %v", s, err)
		}
		return u
	}
	for _, tt := range []struct {
		base string
		ref  URI
		want string
	}{
		{"http://a/b/c/d;p?q", target("example.com:443"), "http://example.com:443"},
		{"https://a/b", target("[::1]:8443"), "https://[::1]:8443"},
		{"https://a/b", host("Example.com:8443"), "https://Example.com:8443"},
		{"http://a/b?q#f", host(""), "http://"},
		{"foo:x", host("h"), "foo://h"},
	} {
		base, _ := ParseString(tt.base)
		got, off, err := AppendResolve(nil, base, tt.ref, 0)
		if string(got) != tt.want || off != -1 || err != nil {
			t.Errorf("AppendResolve(%q, %q) = %q, %d, %v; want %q", tt.base, tt.ref.String(), got, off, err, tt.want)
		}
		if u, err := ParseString(string(got)); err != nil || u.RawHost() != tt.ref.RawHost() || u.Port() != tt.ref.Port() {
			t.Errorf("AppendResolve(%q, %q) = %q, which parses to host %q port %q (%v)", tt.base, tt.ref.String(), got, u.RawHost(), u.Port(), err)
		}
	}
}

func TestResolveAllocs(t *testing.T) {
	base, _ := ParseString("http://a/b/c/d;p?q")
	for _, ref := range []string{"../g?y#s", "g:h", "//g/./x", "", "?y", "/../../x", "%zz", "x/../y", "./././../z"} {
		r, _ := ParseString(ref)
		// The room the doc asks for, which the merged path may fill
		// before its dot-segments go.
		buf := make([]byte, 0, len(base.String())+len(ref)+2)
		testAllocs(t, "AppendResolve("+ref+")", func() {
			out, off, err := AppendResolve(buf[:0], base, r, RejectPathUnderflow)
			sinkInt, sinkErr = len(out)+off, err
		})
	}
}

// TestResolveReadings checks two readings that AppendResolve's
// documentation gives: an origin-form target "//x/y" resolves as the path
// it is; "/a/.%2E/.." resolves to "/a/" without ErrPathUnderflow,
// though its Facts flag the underflow that a decoding server reads; and
// resolution reads "%2E" and a base's dot-segments as written.
func TestResolveReadings(t *testing.T) {
	base, _ := ParseString("https://h/p")
	origin, _, err := ParseRequestTargetString("GET", "//x/y")
	if err != nil {
		t.Fatal(err)
	}
	if got, off, err := AppendResolve(nil, base, origin, 0); string(got) != "https://h//x/y" || off != -1 || err != nil {
		t.Errorf("origin-form //x/y: %q, %d, %v; want https://h//x/y", got, off, err)
	}
	network, _ := ParseString("//x/y")
	if got, _, _ := AppendResolve(nil, base, network, 0); string(got) != "https://x/y" {
		t.Errorf("reference //x/y: %q; want https://x/y", got)
	}
	ref, _ := ParseString("/a/.%2E/..")
	if got, off, err := AppendResolve(nil, base, ref, RejectPathUnderflow); string(got) != "https://h/a/" || off != -1 || err != nil {
		t.Errorf("/a/.%%2E/..: %q, %d, %v; want https://h/a/", got, off, err)
	}
	if !ref.Facts().PathUnderflow {
		t.Error("/a/.%2E/..: Facts().PathUnderflow is false")
	}
	if _, _, err := AppendNormalize(nil, ref, NormalizeSyntax, RejectPathUnderflow); err != ErrPathUnderflow {
		t.Errorf("/a/.%%2E/.. normalized with RejectPathUnderflow: %v, want %v", err, ErrPathUnderflow)
	}

	// AppendNormalize's examples of what resolution reads as written: an
	// absolute URI's "%2E" is data, and so are a base's dot-segments
	// until its normal form removes them.
	resolve := func(base, ref string) string {
		b, _ := ParseString(base)
		r, _ := ParseString(ref)
		got, _, _ := AppendResolve(nil, b, r, 0)
		return string(got)
	}
	normalize := func(s string) string {
		u, _ := ParseString(s)
		got, _, _ := AppendNormalize(nil, u, NormalizeSyntax, 0)
		return string(got)
	}
	for _, tt := range []struct{ got, want string }{
		{resolve("s://z/q", "http://a/x/%2E/../y"), "http://a/x/y"},
		{normalize("http://a/x/%2E/../y"), "http://a/y"},
		{resolve("http://a/b/..", "c"), "http://a/b/c"},
		{resolve(normalize("http://a/b/.."), "c"), "http://a/c"},
		{normalize(resolve(normalize("http://a/b/%2E/c"), normalize("../x"))), "http://a/x"},
	} {
		if tt.got != tt.want {
			t.Errorf("%q, want %q", tt.got, tt.want)
		}
	}
}
