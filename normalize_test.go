package fasturi

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// normalizeString normalizes in after a prefix in dst, and checks that the
// prefix is kept, whatever the outcome.
func normalizeString(t testing.TB, in string, level NormalizeLevel, opts PathOption) (string, int, error) {
	t.Helper()
	u, _ := ParseString(in)
	out, off, err := AppendNormalize([]byte("prefix "), u, level, opts)
	if len(out) < len("prefix ") || string(out[:len("prefix ")]) != "prefix " {
		t.Fatalf("AppendNormalize(%q) overwrote dst: %q", in, out)
	}
	return string(out[len("prefix "):]), off, err
}

type normalizeTest struct{ in, want string }

// runNormalizeTests checks each normalization, and that the result parses,
// normalizes to itself, and is equivalent to the input.
func runNormalizeTests(t *testing.T, level NormalizeLevel, tests []normalizeTest) {
	t.Helper()
	for _, tt := range tests {
		got, off, err := normalizeString(t, tt.in, level, 0)
		if err != nil || off != -1 || got != tt.want {
			t.Errorf("normalize(%q, %v) = %q, %d, %v; want %q", tt.in, level, got, off, err, tt.want)
			continue
		}
		if again, _, err := normalizeString(t, got, level, 0); err != nil || again != got {
			t.Errorf("normalize(%q, %v) = %q, which normalizes to %q, %v", tt.in, level, got, again, err)
		}
		a, _ := ParseString(tt.in)
		b, _ := ParseString(got)
		if !Equivalent(a, b, level) || !Equivalent(b, a, level) {
			t.Errorf("Equivalent(%q, %q, %v) = false", tt.in, got, level)
		}
		if len(got) > len(tt.in)+1 {
			t.Errorf("normalize(%q, %v) = %q: longer than the documented bound", tt.in, level, got)
		}
	}
}

// RFC 3986 section 6.2.2 and its subsections.
func TestNormalizeSyntaxRFCExamples(t *testing.T) {
	runNormalizeTests(t, NormalizeSyntax, []normalizeTest{
		// Section 6.2.2.
		{"example://a/b/c/%7Bfoo%7D", "example://a/b/c/%7Bfoo%7D"},
		{"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D"},
		// Section 6.2.2.1: scheme and host in lowercase, hex digits in
		// uppercase.
		{"HTTP://www.EXAMPLE.com/", "http://www.example.com/"},
		{"http://h/%3a%3A", "http://h/%3A%3A"},
		// Section 6.2.2.2: unreserved characters decoded.
		{"http://h/%7euser", "http://h/~user"},
		{"http://h/%41%5a%61%7A%30%39%2D%2E%5F%7E", "http://h/AZaz09-._~"},
		// Section 6.2.2.3, with the examples of section 5.2.4.
		{"s:/a/b/c/./../../g", "s:/a/g"},
		{"s:mid/content=5/../6", "s:mid/6"},
	})
}

func TestNormalizeSyntax(t *testing.T) {
	runNormalizeTests(t, NormalizeSyntax, []normalizeTest{
		{"", ""},
		{"http://h", "http://h"}, // the empty path stays at this level
		{"http://h:080/", "http://h:080/"},
		{"http://h:/", "http://h:/"},
		{"http://h:80/", "http://h:80/"},

		// Case: scheme, reg-name, IP literals; not userinfo, path, query,
		// fragment.
		{"A+B-C.D://H/P", "a+b-c.d://h/P"},
		{"http://User:PassWord@Example.COM/Path?Q=A#F", "http://User:PassWord@example.com/Path?Q=A#F"},
		{"mailto:John.Doe@Example.COM", "mailto:John.Doe@Example.COM"}, // a path: case kept
		{"http://[FE80::AB:1]/", "http://[fe80::ab:1]/"},
		{"http://[::FFFF:1.2.3.4]/", "http://[::ffff:1.2.3.4]/"},
		{"http://[V7.A:B!]/", "http://[v7.a:b!]/"},
		{"http://[vF.X]:8/", "http://[vf.x]:8/"},
		// A zone ID keeps its case; its percent-encodings are normalized.
		{"http://[FE80::1%25EN1]/", "http://[fe80::1%25EN1]/"},
		{"http://[fe80::a%25En%2dX%7a%7E]/", "http://[fe80::a%25En-Xz~]/"},
		{"http://[fe80::a%25eth%2f%c3%a4]/", "http://[fe80::a%25eth%2F%C3%A4]/"},
		{"http://1.2.3.4:5/", "http://1.2.3.4:5/"},

		// Percent-encodings: unreserved decoded, others kept with uppercase
		// hex, in every component.
		{"http://%75%73%65%72:%70%61%73%73@h/", "http://user:pass@h/"},
		{"http://us%2fer:p%3a%40@h/", "http://us%2Fer:p%3A%40@h/"},
		{"http://%41%42.example/", "http://ab.example/"}, // decoded, then lowercase: a host
		{"http://ex%c3%a4mple.COM/", "http://ex%C3%A4mple.com/"},
		{"http://%31.2.3.4/", "http://1.2.3.4/"},
		{"http://h/%2f%3a%25%3f%23%20%00", "http://h/%2F%3A%25%3F%23%20%00"},
		{"http://h/a%2Fb", "http://h/a%2Fb"},
		{"http://h/%41", "http://h/A"}, // case kept outside the host
		{"?a=%7e&b=%2f&c=%41#%7E%2f", "?a=~&b=%2F&c=A#~%2F"},
		{"http://h/p?%2e%2E/../x#%2e/../y", "http://h/p?../../x#./../y"}, // no dot-segments there

		// Query and fragment: only percent-encoding changes, delimiters
		// stay.
		{"http://h/?", "http://h/?"},
		{"http://h/#", "http://h/#"},
		{"http://h/?#", "http://h/?#"},
		{"http://h/?a/./b/../c", "http://h/?a/./b/../c"},
		{"http://h/a/./b?x/../y", "http://h/a/b?x/../y"}, // the path's dot-segments only
		{"http://h/./a#/../b", "http://h/a#/../b"},
		{"http://h/a/../b?/./c#/./d", "http://h/b?/./c#/./d"},

		// Dot-segments of absolute paths, after decoding.
		{"http://h/a/%2E%2E/b", "http://h/b"},
		{"http://h/a/%2e%2e/b", "http://h/b"},
		{"http://h/a/.%2E/b", "http://h/b"},
		{"http://h/a/%2E./b", "http://h/b"},
		{"http://h/a/%2E/b", "http://h/a/b"},
		{"http://h/a/%2E%2E%2E/b", "http://h/a/.../b"},
		{"/a/%2E%2E/b", "/b"},
		{"http://h/a/b/..", "http://h/a/"},
		{"http://h/a/b/.", "http://h/a/b/"},
		{"http://h/..", "http://h/"}, // ".." at the root goes
		{"http://h/../../a", "http://h/a"},
		{"http://h/.", "http://h/"},
		{"http://h/./", "http://h/"},
		// Empty segments are no dot-segments.
		{"http://host//", "http://host//"},
		{"http://h/a//b/../c", "http://h/a//c"},
		{"http://h/a//..", "http://h/a/"},
		{"http://h//../x", "http://h/x"},
		{"http://h/a/..//x", "http://h//x"}, // an authority: no shield needed

		// No authority: a path that would start with "//" goes after "/.".
		{"s:/.//a", "s:/.//a"},
		{"scheme:/a/..//evil", "scheme:/.//evil"},
		{"s:/a/%2E%2E//evil", "s:/.//evil"},
		{"s:/..//a", "s:/.//a"},
		{"/a/..//x", "/.//x"},
		{"/.//x", "/.//x"},
		{"/.//", "/.//"},

		// Rootless paths after a scheme: section 5.2.4 as it is.
		{"s:a/b", "s:a/b"},
		{"s:a/./b/../c", "s:a/c"},
		{"s:./a:b", "s:a:b"},
		{"s:../a", "s:a"},
		{"s:.", "s:"},
		{"s:..", "s:"},
		{"s:./", "s:"},
		{"s:%2E", "s:"},
		{"s:a/..", "s:/"},        // the algorithm roots a rootless path it empties
		{"s:a/../b", "s:/b"},     // likewise
		{"s:a/../..", "s:/"},     // likewise
		{"s:..//a", "s:/a"},      // rule A leaves "/a"
		{"s:a/..//b", "s:/.//b"}, // rooted, and shielded

		// Network-path references.
		{"//H/a/../b", "//h/b"},
		{"//h/..", "//h/"},
		{"//h", "//h"},
		{"//h?q", "//h?q"},
	})
}

// TestNormalizeAuthorityForm checks CONNECT's authority-form targets
// (RFC 9112 section 3.2.3): the normal form is one too, with the host
// normalized and the port as written, since there is no scheme to give a
// default; and it is not equivalent to the network-path reference "//h:p",
// which normalizes with its "//".
func TestNormalizeAuthorityForm(t *testing.T) {
	for _, c := range []struct{ target, want string }{
		{"h:1", "h:1"},
		{"EXAMPLE.com:0443", "example.com:0443"},
		{"%65x.com:443", "ex.com:443"},
		{"[::1]:443", "[::1]:443"},
		{"[FE80::1%25Eth0]:22", "[fe80::1%25Eth0]:22"},
	} {
		u, form, err := ParseRequestTargetString("CONNECT", c.target)
		if err != nil || form != AuthorityForm {
			t.Fatalf("%q: %v, %v", c.target, form, err)
		}
		for _, level := range []NormalizeLevel{NormalizeSyntax, NormalizeScheme} {
			got, off, err := AppendNormalize(nil, u, level, 0)
			if err != nil || off != -1 || string(got) != c.want {
				t.Errorf("AppendNormalize(CONNECT %q, %v) = %q, %d, %v; want %q", c.target, level, got, off, err, c.want)
			}
			if v, _, err := ParseRequestTargetString("CONNECT", string(got)); err != nil || !Equivalent(u, v, level) {
				t.Errorf("%q: its normal form %q is not an equivalent target (%v)", c.target, got, err)
			}
			ref, _ := ParseString("//" + c.target)
			if Equivalent(u, ref, level) {
				t.Errorf("Equivalent(CONNECT %q, %q) = true", c.target, ref.String())
			}
			// The Host header of the same authority is; the URI whose
			// scheme the host would be is not, though its normal form
			// may be the same bytes.
			if h, err := ParseHostHeaderString(c.target); err != nil || !Equivalent(u, h, level) {
				t.Errorf("Equivalent(CONNECT %q, Host %q) = false (%v)", c.target, c.target, err)
			}
			if v, err := ParseString(string(got)); err == nil && Equivalent(u, v, level) {
				t.Errorf("Equivalent(CONNECT %q, URI %q) = true", c.target, got)
			}
		}
	}
}

// TestNormalizeOriginForm checks origin-form request targets, whose path
// may start with "//" without an authority (RFC 9112 section 3.2.1): the
// normal form shields it with "/.", so that it never reads as an
// authority, whether or not it has dot-segments, and Equivalent agrees.
func TestNormalizeOriginForm(t *testing.T) {
	for _, c := range []struct{ target, want string }{
		{"//evil.example/a", "/.//evil.example/a"},
		{"//e/./a", "/.//e/a"},
		{"//e/a?q", "/.//e/a?q"},
		{"//E/%7e", "/.//E/~"},
		{"//", "/.//"},
		{"/a//b", "/a//b"},
		{"/./a", "/a"},
		{"/.//a", "/.//a"},
	} {
		u, _, err := ParseRequestTargetString("GET", c.target)
		if err != nil {
			t.Fatalf("%q: %v", c.target, err)
		}
		got, _, err := AppendNormalize(nil, u, NormalizeSyntax, 0)
		if err != nil || string(got) != c.want {
			t.Errorf("AppendNormalize(origin-form %q) = %q, %v; want %q", c.target, got, err, c.want)
			continue
		}
		// The normal form reads as the same path, as a target and as a
		// reference.
		for _, parse := range []func(string) (URI, error){
			func(s string) (URI, error) { u, _, err := ParseRequestTargetString("GET", s); return u, err },
			ParseString,
		} {
			if v, err := parse(string(got)); err != nil || v.HasAuthority() {
				t.Errorf("%q: its normal form %q reads with an authority (%v)", c.target, got, err)
			}
		}
	}
	targets := []string{"//e/a", "//e/./a", "/.//e/a", "//e/b/../a"}
	var us []URI
	for _, s := range targets {
		u, _, _ := ParseRequestTargetString("GET", s)
		us = append(us, u)
		ref, _ := ParseString(s) // "//e/..." has an authority here
		us = append(us, ref)
	}
	for _, a := range us {
		na, _, _ := AppendNormalize(nil, a, NormalizeSyntax, 0)
		for _, b := range us {
			nb, _, _ := AppendNormalize(nil, b, NormalizeSyntax, 0)
			if got, want := Equivalent(a, b, NormalizeSyntax), bytes.Equal(na, nb); got != want {
				t.Errorf("Equivalent(%q (authority %v), %q (authority %v)) = %v, but they normalize to %q and %q",
					a.String(), a.HasAuthority(), b.String(), b.HasAuthority(), got, na, nb)
			}
		}
	}
}

// Relative-path references keep what resolution needs: the leading ".."
// that have nothing to remove, and a first segment that reads as one.
func TestNormalizeRelativePath(t *testing.T) {
	runNormalizeTests(t, NormalizeSyntax, []normalizeTest{
		{"a", "a"},
		{"a/b", "a/b"},
		{"a/./b", "a/b"},
		{"a/b/../c", "a/c"},
		{"./a", "a"},
		{"./../a", "../a"},
		{"../a", "../a"},
		{"../../a", "../../a"},
		{"a/../../b", "../b"},
		{"a/b/../../../c", "../c"},
		{"../a/../b", "../b"},
		{"../a/../../b", "../../b"},
		{"%2E%2E/a", "../a"},
		{"%2e%2E/%2E/a", "../a"},
		// Trailing dot-segments leave a '/' (section 5.2.4 does too).
		{"a/b/..", "a/"},
		{"a/b/.", "a/b/"},
		{"a/b/../", "a/"},
		{"a/..", "./"},
		{"a/../", "./"},
		{".", "./"},
		{"./", "./"},
		{"./.", "./"},
		{"%2E", "./"},
		{"..", "../"},
		{"../", "../"},
		{"../..", "../../"},
		{"a/../..", "../"},
		{"a/b/../../..", "../"},
		{"a/b/../../../..", "../../"},
		// A first segment with a ':' would read as a scheme.
		{"./a:b", "./a:b"},
		{"a/../b:c", "./b:c"},
		{"a/./../b:c/d", "./b:c/d"},
		{"../b:c", "../b:c"}, // ".." comes first
		{"a/b:c", "a/b:c"},
		// A first segment that is empty would make an authority.
		{"a/..//evil", ".//evil"},
		{".//a", ".//a"},
		{"%2E//a", ".//a"},
		{"././/a", ".//a"},
		{"../..//a", "../..//a"},
		{"a//..", "a/"},
		{"a//../..", "./"},
		{"a//b", "a//b"},
		// Section 5.4.2's examples of references with dot-segments.
		{"g.", "g."},
		{".g", ".g"},
		{"g..", "g.."},
		{"..g", "..g"},
		{"./../g", "../g"},
		{"./g/.", "g/"},
		{"g/./h", "g/h"},
		{"g/../h", "h"},
		{"g;x=1/./y", "g;x=1/y"},
		{"g;x=1/../y", "y"},
		{"g?y/./x", "g?y/./x"},
		{"g#s/../x", "g#s/../x"},
		// Query and fragment after such a path.
		{"a/..?q", "./?q"},
		{"..#f", "../#f"},
	})
}

// RFC 3986 section 6.2.3.
func TestNormalizeScheme(t *testing.T) {
	runNormalizeTests(t, NormalizeScheme, []normalizeTest{
		// The four equivalent URIs of section 6.2.3.
		{"http://example.com", "http://example.com/"},
		{"https://example.com", "https://example.com/"},
		{"HTTPS://example.com?q", "https://example.com/?q"},
		{"http://example.com/", "http://example.com/"},
		{"http://example.com:/", "http://example.com/"},
		{"http://example.com:80/", "http://example.com/"},
		// But not this one: the empty query stays.
		{"http://example.com/?", "http://example.com/?"},

		// Default ports, read as numbers.
		{"http://h:080", "http://h/"},
		{"http://h:00080/x", "http://h/x"},
		{"HTTP://H:80?q", "http://h/?q"},
		{"http://h:80#f", "http://h/#f"},
		{"https://h:443/", "https://h/"},
		{"https://h:80/", "https://h:80/"},
		{"http://h:443/", "http://h:443/"},
		{"ws://h:80", "ws://h/"},
		{"wss://h:443/x", "wss://h/x"},
		{"ftp://h:21/", "ftp://h/"},
		{"gopher://h:70/", "gopher://h/"},
		{"nntp://h:119/", "nntp://h/"},
		{"telnet://h:23/", "telnet://h/"},
		{"wais://h:210/", "wais://h/"},
		{"PrOsPeRo://h:1525", "prospero://h"}, // RFC 1738 requires the '/'
		{"wais://h:210", "wais://h"},
		{"nntp://h", "nntp://h"},
		{"ftp://h", "ftp://h/"}, // the '/' may be left out
		{"gopher://h", "gopher://h/"},
		{"TELNET://h:23", "telnet://h/"},
		{"http://u@[::1]:80", "http://u@[::1]/"},
		// Other ports without leading zeros, up to 65535.
		{"http://h:08080/", "http://h:8080/"},
		{"http://h:8080/", "http://h:8080/"},
		{"http://h:0/", "http://h:0/"},
		{"http://h:000/", "http://h:0/"},
		{"http://h:65535", "http://h:65535/"},
		{"http://h:065535", "http://h:65535/"},
		{"http://h:65536/", "http://h:65536/"},
		{"http://h:065536/", "http://h:065536/"},
		{"http://h:99999999999999999999/", "http://h:99999999999999999999/"},
		{"http://h:0000000000000000000080/", "http://h/"},
		// Other schemes: the empty port goes, other ports and the empty
		// path stay.
		{"foo://h:/", "foo://h/"},
		{"foo://h:", "foo://h"},
		{"foo://h:080", "foo://h:080"},
		{"foo://h", "foo://h"},
		{"file:///etc", "file:///etc"},
		{"//h:/x", "//h/x"},
		{"//h:80/x", "//h:80/x"},
		// No authority: no port, and the empty path stays.
		{"http:", "http:"},
		{"http:x", "http:x"},
		{"http:?q", "http:?q"},
		{"http://", "http:///"},
		// And everything of the syntax level.
		{"HTTP://Example.COM:0080/%7euser/./a/../b?%7e#%7e", "http://example.com/~user/b?~#~"},
	})
}

func TestNormalizeErrors(t *testing.T) {
	// An invalid URI: its own kind and offset, dst unchanged.
	for _, in := range []string{"1a:b", "http://u s@h", "http://a b", "http://[::g]", "http://h:x/", "/a b", "?a b", "#a#", "%zz"} {
		u, err := ParseString(in)
		for _, level := range []NormalizeLevel{NormalizeSyntax, NormalizeScheme} {
			got, off, gerr := normalizeString(t, in, level, RejectPathUnderflow)
			if got != "" || off != u.ErrorOffset() || gerr != err || gerr == nil {
				t.Errorf("normalize(%q, %v) = %q, %d, %v; want %d, %v", in, level, got, off, gerr, u.ErrorOffset(), err)
			}
		}
	}
	su, _ := SplitString("http://a b/")
	if out, off, err := AppendNormalize(nil, su, NormalizeSyntax, 0); out != nil || off != 8 || !errors.Is(err, ErrInvalidHost) {
		t.Errorf("normalize(Split(%q)) = %q, %d, %v", su.String(), out, off, err)
	}

	// RejectPathUnderflow: the ".." that climbs, at its offset in the
	// input, percent-encoded or not.
	for _, tt := range []struct {
		in   string
		off  int
		want string // without RejectPathUnderflow
	}{
		{"/a/../../b", 6, "/b"},
		{"/..", 1, "/"},
		{"http://h/..", 9, "http://h/"},
		{"http://h/%2E%2E/x", 9, "http://h/x"},
		{"http://h/%41%42/%2e%2E/%2E./y", 23, "http://h/y"},
		{"/a/%2e%2E/../../b", 10, "/b"},
		{"/%2F%41/../../b", 11, "/b"}, // "%2F" stays encoded, "%41" becomes "A"
		{"s:../a", 2, "s:a"},
		{"s:a/../../b", 7, "s:/b"},
		{"s:..", 2, "s:"},
		{"//h/a/../../b", 9, "//h/b"},
	} {
		got, off, err := normalizeString(t, tt.in, NormalizeSyntax, RejectPathUnderflow)
		if got != "" || off != tt.off || err != ErrPathUnderflow {
			t.Errorf("normalize(%q, RejectPathUnderflow) = %q, %d, %v; want %d, %v", tt.in, got, off, err, tt.off, ErrPathUnderflow)
		}
		if got, off, err := normalizeString(t, tt.in, NormalizeSyntax, 0); got != tt.want || off != -1 || err != nil {
			t.Errorf("normalize(%q) = %q, %d, %v; want %q", tt.in, got, off, err, tt.want)
		}
	}
	// The leading ".." of a relative-path reference do not climb: they
	// are kept.
	for _, in := range []string{"../a", "a/../../b", "..", "%2E%2E/x", "/a/../b", "http://h/a/.."} {
		if _, off, err := normalizeString(t, in, NormalizeSyntax, RejectPathUnderflow); err != nil || off != -1 {
			t.Errorf("normalize(%q, RejectPathUnderflow) = %d, %v", in, off, err)
		}
	}
}

func TestNormalizeLevelString(t *testing.T) {
	for l, want := range map[NormalizeLevel]string{NormalizeSyntax: "syntax", NormalizeScheme: "scheme", 7: "NormalizeLevel(7)"} {
		if got := l.String(); got != want {
			t.Errorf("NormalizeLevel(%d).String() = %q, want %q", l, got, want)
		}
	}
	for _, fn := range []func(){
		func() { AppendNormalize(nil, URI{}, 2, 0) },
		func() { Equivalent(URI{}, URI{}, 2) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic for an unknown level")
				}
			}()
			fn()
		}()
	}
}

func TestDefaultPort(t *testing.T) {
	for s, want := range map[string]int{
		"http": 80, "HTTP": 80, "hTtP": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21, "gopher": 70,
		"nntp": 119, "telnet": 23, "wais": 210, "prospero": 1525, "PROSPERO": 1525,
		"": -1, "h": -1, "htt": -1, "httpx": -1, "file": -1, "mailto": -1, "http2": -1, "ftps": -1, "hTtP+": -1,
	} {
		port, ok := DefaultPort(s)
		if ok != (want >= 0) || ok && port != want {
			t.Errorf("DefaultPort(%q) = %d, %v; want %d", s, port, ok, want)
		}
	}
}

// dotAlphabet makes paths from segments that dot-segment removal treats
// differently: ordinary, empty, dots literal and encoded, and a colon.
var dotAlphabet = []string{"a", "", ".", "..", "%2E", "%2e%2E", "b:c", "%41"}

// forEachPath calls fn with every path of up to n segments of dotAlphabet.
func forEachPath(n int, fn func(p string)) {
	idx := make([]int, 0, n)
	var rec func()
	rec = func() {
		if len(idx) > 0 {
			segs := make([]string, len(idx))
			for i, k := range idx {
				segs[i] = dotAlphabet[k]
			}
			fn(strings.Join(segs, "/"))
		}
		if len(idx) == n {
			return
		}
		for k := range dotAlphabet {
			idx = append(idx, k)
			rec()
			idx = idx[:len(idx)-1]
		}
	}
	rec()
}

// pathPrefixes put a path after every kind of reference.
var pathPrefixes = []string{"", "/", "s:", "s:/", "//h/", "s://h/", "//h", "http://h"}

// modelPath writes u's normalized path from the walk that Equivalent
// compares: segments from the end, and what goes in front of them.
func modelPath(u URI, level NormalizeLevel) string {
	shape, p := u.pathShape(level)
	if shape == pathEmpty {
		return ""
	}
	var segs []string
	w := newDotWalk(p)
	for {
		s, ok := w.next()
		if !ok {
			break
		}
		segs = append([]string{string(appendNormalPct(nil, s))}, segs...)
	}
	out := strings.Join(segs, "/")
	switch {
	case w.rooted(shape):
		out = "/" + out
		if !u.HasAuthority() && strings.HasPrefix(out, "//") {
			out = "/." + out
		}
	case w.ups(shape) > 0:
		out = strings.Repeat("../", w.ups(shape)) + out
	case shape == pathRelative && (segs[0] == "" || strings.Contains(segs[0], ":")):
		out = "./" + out
	}
	return out
}

// TestNormalizePathModel checks, on every short path after every kind of
// prefix, that the segments Equivalent walks make the path AppendNormalize
// writes with remove_dot_segments, and that the result normalizes to
// itself.
func TestNormalizePathModel(t *testing.T) {
	n := 0
	forEachPath(5, func(p string) {
		for _, prefix := range pathPrefixes {
			in := prefix + p
			if prefix == "//h" || prefix == "http://h" {
				in = prefix + "/" + p
			}
			u, err := ParseString(in)
			if err != nil {
				continue
			}
			n++
			for _, level := range []NormalizeLevel{NormalizeSyntax, NormalizeScheme} {
				out, _, err := AppendNormalize(nil, u, level, 0)
				if err != nil {
					t.Fatalf("normalize(%q): %v", in, err)
				}
				v, err := Parse(out)
				if err != nil {
					t.Fatalf("normalize(%q) = %q, which does not parse: %v", in, out, err)
				}
				if want := modelPath(u, level); v.RawPath() != want {
					t.Fatalf("normalize(%q) has path %q; the walk gives %q", in, v.RawPath(), want)
				}
				if again, _, _ := AppendNormalize(nil, v, level, 0); !bytes.Equal(again, out) {
					t.Fatalf("normalize(%q) = %q, which normalizes to %q", in, out, again)
				}
				if !Equivalent(u, v, level) {
					t.Fatalf("Equivalent(%q, %q) = false", in, out)
				}
				if v.HasScheme() != u.HasScheme() || v.HasAuthority() != u.HasAuthority() {
					t.Fatalf("normalize(%q) = %q: scheme or authority gained or lost", in, out)
				}
			}
		}
	})
	if n < 10000 {
		t.Fatalf("only %d paths parsed", n)
	}
}

// resolutionBases are bases with an authority or an absolute path, against
// which a normalized relative reference resolves to the same normalized
// target; and rootless ones with a segment that is not a dot-segment before
// the last one.
var resolutionBases = []string{
	"http://a/b/c/d;p?q", "http://a", "http://a/", "s:/", "s:/x/y", "file:///a/b/",
	"http://a/b/../c/./d/", "s:/a/%2E%2E/b/c", "s:x/y/z", "s:x/", "http://h/a//b/",
	"s:./a/x", "s:a/../x", "s:../a/x",
}

// TestNormalizePreservesResolution checks, for every short relative
// reference without percent-encoded dots, that normalizing it first does
// not change the normalized target it resolves to.
func TestNormalizePreservesResolution(t *testing.T) {
	var bases []URI
	for _, s := range resolutionBases {
		b, err := ParseString(s)
		if err != nil {
			t.Fatal(err)
		}
		bases = append(bases, b)
	}
	forEachPath(5, func(p string) {
		if strings.Contains(strings.ToLower(p), "%2e") {
			return
		}
		for _, in := range []string{p, p + "?q", "/" + p, "//h/" + p} {
			r, err := ParseString(in)
			if err != nil {
				continue
			}
			nr, _, _ := AppendNormalize(nil, r, NormalizeSyntax, 0)
			rn, _ := Parse(nr)
			for _, b := range bases {
				for _, level := range []NormalizeLevel{NormalizeSyntax, NormalizeScheme} {
					want := normalizeResolved(t, b, r, level)
					if got := normalizeResolved(t, b, rn, level); got != want {
						t.Fatalf("against %q: %q resolves to %q, its normalized form %q to %q", b.String(), in, want, nr, got)
					}
				}
			}
		}
	})
}

func normalizeResolved(t *testing.T, base, ref URI, level NormalizeLevel) string {
	t.Helper()
	target, _, err := AppendResolve(nil, base, ref, 0)
	if err != nil {
		t.Fatalf("resolve(%q, %q): %v", base.String(), ref.String(), err)
	}
	tu, err := Parse(target)
	if err != nil {
		t.Fatalf("resolve(%q, %q) = %q: %v", base.String(), ref.String(), target, err)
	}
	out, _, err := AppendNormalize(nil, tu, level, 0)
	if err != nil {
		t.Fatalf("normalize(%q): %v", target, err)
	}
	return string(out)
}

// The exception documented in AppendNormalize: against a base without an
// authority whose rootless path has nothing but dot-segments before its
// last segment, section 5.2.4 roots the merged path "a/../b", so no
// shorter form resolves to the same target.
func TestNormalizeResolutionRootlessBase(t *testing.T) {
	for _, base := range []string{"mailto:x", "s:./x", "s:../x", "s:./../x"} {
		b, _ := ParseString(base)
		scheme := base[:strings.IndexByte(base, ':')+1]
		r, _ := ParseString("a/../b")
		if got := normalizeResolved(t, b, r, NormalizeSyntax); got != scheme+"/b" {
			t.Errorf("%s and a/../b resolve to %q, want %q", base, got, scheme+"/b")
		}
		r, _ = ParseString("b")
		if got := normalizeResolved(t, b, r, NormalizeSyntax); got != scheme+"b" {
			t.Errorf("%s and b resolve to %q, want %q", base, got, scheme+"b")
		}
	}
}

// TestAppendLower checks the eight-bytes-at-a-time lowercasing against
// lowerASCII byte by byte, with every byte value at every place of inputs
// of 1 to 24 bytes: letters change, and nothing else does, not even a byte
// >= 0x80 (which ends the fast loop) or the bytes around the bounds 'A'-1,
// 'Z'+1.
func TestAppendLower(t *testing.T) {
	const fill = "AbZ@[`az{0~"
	for n := 1; n <= 24; n++ {
		in := make([]byte, n)
		for i := range in {
			in[i] = fill[i%len(fill)]
		}
		for at := range n {
			for c := range 256 {
				in[at] = byte(c)
				want := make([]byte, n)
				for i, b := range in {
					want[i] = lowerASCII(b)
				}
				got := appendLower([]byte("x"), string(in))
				if string(got) != "x"+string(want) {
					t.Fatalf("appendLower(%q) = %q, want %q", in, got[1:], want)
				}
			}
			in[at] = fill[at%len(fill)]
		}
	}
}

func TestNormalizeAllocs(t *testing.T) {
	buf := make([]byte, 0, 256)
	for _, in := range []string{
		"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "HTTP://User@Example.COM:0080?%7e#%7E", "http://[FE80::1%25En%2d1]/a/..//b",
		"a/../b:c", "../../a/./b/..", ".", "s:/a/..//b", "/a/../../b", "", "1a:b", "http://h:x/", "%zz",
	} {
		u, _ := ParseString(in)
		for _, level := range []NormalizeLevel{NormalizeSyntax, NormalizeScheme} {
			testAllocs(t, "AppendNormalize("+in+")", func() {
				out, off, err := AppendNormalize(buf[:0], u, level, RejectPathUnderflow)
				sinkInt, sinkErr = len(out)+off, err
			})
			testAllocs(t, "Equivalent("+in+")", func() { sinkBool = Equivalent(u, u, level) })
		}
	}
	// Input and result on the caller's stack, where they stay unless an
	// entry point lets them escape (see TestAllocsStackInput).
	for _, in := range []string{"HTTP://User@Example.COM:0080/a/./b?%7e#%7E", "a/../b:c", "http://a b/"} {
		testAllocs(t, "AppendNormalize(stack "+in+")", func() {
			var src, dst [128]byte
			n := copy(src[:], in)
			u, _ := Parse(src[:n])
			out, off, err := AppendNormalize(dst[:0], u, NormalizeScheme, 0)
			sinkInt, sinkErr = len(out)+off, err
			sinkBool = Equivalent(u, u, NormalizeScheme)
		})
	}
	// With no more room than the documented bound, no allocation either:
	// len+1, and len+2 for an origin-form target's "//", which the result
	// takes up to the last byte.
	for _, c := range []struct {
		in     string
		target bool
	}{{".", false}, {"http://h", false}, {"a/../b:c", false}, {"//x/y", true}, {"//", true}, {"//e/./a", true}} {
		u, _ := ParseString(c.in)
		room := len(c.in) + 1
		if c.target {
			u, _, _ = ParseRequestTargetString("GET", c.in)
			room++
		}
		if out, _, _ := AppendNormalize(nil, u, NormalizeScheme, 0); len(out) > room {
			t.Errorf("AppendNormalize(%q) = %q, longer than the bound of %d", c.in, out, room)
		}
		testAllocs(t, "AppendNormalize(bound "+c.in+")", func() {
			dst := make([]byte, 0, 64)[:0:room] // capped: an append past room reallocates
			out, off, err := AppendNormalize(dst, u, NormalizeScheme, 0)
			sinkInt, sinkErr = len(out)+off, err
		})
	}
	// dst with no room: one allocation, not one per component.
	u, _ := ParseString("HTTP://User@Example.COM:0080/a/./b?%7e#%7E")
	if n := testing.AllocsPerRun(100, func() {
		out, _, _ := AppendNormalize(nil, u, NormalizeScheme, 0)
		sinkInt = len(out)
	}); n != 1 {
		t.Errorf("AppendNormalize(nil, ...): %v allocations, want 1", n)
	}
}

// BenchmarkNormalize normalizes every URI of a corpus, each parsed before
// timing; an invalid one costs the check that rejects it.
func BenchmarkNormalize(b *testing.B) {
	for _, c := range benchCorpora(b) {
		us := make([]URI, len(c.uris))
		longest := 0
		for i, s := range c.uris {
			us[i], _ = ParseString(s)
			longest = max(longest, len(s))
		}
		for _, level := range []NormalizeLevel{NormalizeSyntax, NormalizeScheme} {
			b.Run("corpus="+c.name+"/level="+level.String()+"/impl=fasturi", func(b *testing.B) {
				buf := make([]byte, 0, longest+1)
				i := 0
				runCorpus(b, c, func(string) {
					out, off, err := AppendNormalize(buf[:0], us[i], level, 0)
					sinkInt, sinkErr = len(out)+off, err
					if i++; i == len(us) {
						i = 0
					}
				})
			})
		}
	}
}

// BenchmarkEquivalent compares every URI of a corpus with its normalized
// form, which it is equivalent to: the whole of both is walked.
func BenchmarkEquivalent(b *testing.B) {
	for _, c := range benchCorpora(b) {
		var as, bs []URI
		valid := benchCorpus{name: c.name}
		for _, s := range c.uris {
			u, err := ParseString(s)
			if err != nil {
				continue
			}
			out, _, _ := AppendNormalize(nil, u, NormalizeScheme, 0)
			v, _ := Parse(out)
			as, bs = append(as, u), append(bs, v)
			valid.uris = append(valid.uris, s)
			valid.bytes += int64(len(s))
		}
		b.Run("corpus="+c.name+"/impl=fasturi", func(b *testing.B) {
			i := 0
			runCorpus(b, valid, func(string) {
				sinkBool = Equivalent(as[i], bs[i], NormalizeScheme)
				if i++; i == len(as) {
					i = 0
				}
			})
		})
	}
}
