package fasturi

import (
	"strings"
	"testing"

	"github.com/fasturi/fasturi/internal/corpus"
)

// relativeString makes target relative to base, both parsed strictly, and
// checks that AppendRelative kept what dst held.
func relativeString(t *testing.T, base, target string) (string, int, error) {
	t.Helper()
	b, _ := ParseString(base)
	u, _ := ParseString(target)
	out, off, err := AppendRelative([]byte("prefix "), b, u)
	if len(out) < len("prefix ") || string(out[:len("prefix ")]) != "prefix " {
		t.Fatalf("AppendRelative(%q, %q) overwrote dst: %q", base, target, out)
	}
	return string(out[len("prefix "):]), off, err
}

// resolves resolves ref against base, without options.
func resolves(base, ref string) string {
	b, _ := ParseString(base)
	r, _ := ParseString(ref)
	out, _, err := AppendResolve(nil, b, r, 0)
	if err != nil {
		return "error: " + err.Error()
	}
	return string(out)
}

// checkRelative checks every property AppendRelative documents of the
// reference ref it made from base to target: it parses; it resolves to
// target (or, by the one exception, to what target resolves to); it is
// never longer than target; no reference of the forms it could have taken
// is shorter, or as short and of a form that comes first; and it climbs no
// higher than base.
func checkRelative(t *testing.T, base, target, ref string) {
	t.Helper()
	r, err := ParseString(ref)
	if err != nil {
		t.Fatalf("relative(%q, %q) = %q, which does not parse: %v", base, target, ref, err)
	}
	got := resolves(base, ref)
	if got != target {
		// The documented exception: no reference resolves to target.
		if want := resolves(base, target); got != want || want == target || emptyPathReaches(base, target) {
			t.Fatalf("relative(%q, %q) = %q, which resolves to %q; target resolves to %q", base, target, ref, got, want)
		}
	}
	if len(ref) > len(target) {
		t.Fatalf("relative(%q, %q) = %q, longer than the target", base, target, ref)
	}
	if best, form := shortestReference(base, got); len(ref) != len(best) || referenceForm(r) != form {
		t.Fatalf("relative(%q, %q) = %q (%s), but %q (%s) resolves to %q too", base, target, ref, referenceForm(r), best, form, got)
	}
	// Refusing underflow gives the same, or ErrInvalidBase when base's own
	// path climbs.
	b, _ := ParseString(base)
	if out, _, err := AppendResolve(nil, b, r, RejectPathUnderflow); err == nil && string(out) != got || err == ErrPathUnderflow {
		t.Fatalf("relative(%q, %q) = %q, which resolves refusing underflow to %q, %v", base, target, ref, out, err)
	}
}

// emptyPathReaches reports whether target shares base's scheme, authority
// and path, with a query or none where base has none: what a reference
// with an empty path resolves to (RFC 3986 section 5.2.2).
func emptyPathReaches(base, target string) bool {
	b, _ := ParseString(base)
	u, _ := ParseString(target)
	return b.Scheme() == u.Scheme() && b.HasAuthority() == u.HasAuthority() && b.RawAuthority() == u.RawAuthority() &&
		b.RawPath() == u.RawPath() && (u.HasQuery() || !b.HasQuery())
}

// The forms of a reference, in the order AppendRelative prefers them on a
// tie in length.
const (
	formEmptyPath = "empty path"
	formRelative  = "relative path"
	formAbsolute  = "absolute path"
	formNetwork   = "network-path"
	formURI       = "URI"
)

var formRank = map[string]int{formEmptyPath: 0, formRelative: 1, formAbsolute: 2, formNetwork: 3, formURI: 4}

// referenceForm names the form of the reference r (RFC 3986 section 4.2).
func referenceForm(r URI) string {
	switch p := r.RawPath(); {
	case r.HasScheme():
		return formURI
	case r.HasAuthority():
		return formNetwork
	case p == "":
		return formEmptyPath
	case p[0] == '/':
		return formAbsolute
	}
	return formRelative
}

// shortestReference searches for the shortest reference that resolves
// against base to target, a URI that resolution gives, and returns it and
// its form (the first form on a tie). It tries every reference of the
// forms AppendRelative writes, built from target alone: "", "?q" and "#f";
// k "../" steps, k up to one more than base's path has '/', followed by
// target's path from any segment on, perhaps after "./", or "." and ".."
// alone; target's path, perhaps after "/."; "//" with target's authority
// and path; target itself.
func shortestReference(base, target string) (string, string) {
	u, err := ParseString(target)
	if err != nil {
		panic(target + " does not parse")
	}
	b, _ := ParseString(base)
	var qf, f string
	if u.HasQuery() {
		qf = "?" + u.RawQuery()
	}
	if u.HasFragment() {
		f = "#" + u.RawFragment()
		qf += f
	}
	p := u.RawPath()
	paths := []string{"", p, "/." + p, "//" + u.RawAuthority() + p}
	for k := 0; k <= strings.Count(b.RawPath(), "/")+1; k++ {
		steps := strings.Repeat("../", k)
		for j := 0; j <= len(p); j++ {
			if j == 0 || p[j-1] == '/' {
				paths = append(paths, steps+p[j:], steps+"./"+p[j:])
			}
		}
		paths = append(paths, strings.TrimSuffix(steps, "/"), steps+".")
	}
	best, bestForm := target, formURI
	try := func(ref string) {
		r, err := ParseString(ref)
		if err != nil || resolves(base, ref) != target {
			return
		}
		if form := referenceForm(r); len(ref) < len(best) || len(ref) == len(best) && formRank[form] < formRank[bestForm] {
			best, bestForm = ref, form
		}
	}
	try(f)
	try(qf)
	for _, path := range paths {
		if path != "" {
			try(path + qf)
		}
	}
	return best, bestForm
}

// RFC 3986 section 5.4.1: every target of the normal examples made
// relative to their base again. The RFC's references are not always the
// shortest: "../.." gives http://a/, and so does "/".
func TestRelativeNormalExamples(t *testing.T) {
	runRelativeTests(t, "http://a/b/c/d;p?q", []relativeTest{
		{"g:h", "g:h"},
		{"http://a/b/c/g", "g"},
		{"http://a/b/c/g/", "g/"},
		{"http://a/g", "/g"}, // not "../../g"
		{"http://g", "//g"},
		{"http://a/b/c/d;p?y", "?y"},
		{"http://a/b/c/g?y", "g?y"},
		{"http://a/b/c/d;p?q#s", "#s"},
		{"http://a/b/c/g#s", "g#s"},
		{"http://a/b/c/g?y#s", "g?y#s"},
		{"http://a/b/c/;x", ";x"},
		{"http://a/b/c/g;x", "g;x"},
		{"http://a/b/c/g;x?y#s", "g;x?y#s"},
		{"http://a/b/c/d;p?q", ""},
		{"http://a/b/c/", "."},
		{"http://a/b/", ".."},
		{"http://a/b/g", "../g"}, // a tie with "/b/g": the relative path wins
		{"http://a/", "/"},       // not "../.."
	})
}

// RFC 3986 section 5.4.2: the targets of the abnormal examples.
func TestRelativeAbnormalExamples(t *testing.T) {
	runRelativeTests(t, "http://a/b/c/d;p?q", []relativeTest{
		{"http://a/b/c/g.", "g."},
		{"http://a/b/c/.g", ".g"},
		{"http://a/b/c/g..", "g.."},
		{"http://a/b/c/..g", "..g"}, // a segment, not a dot-segment
		{"http://a/b/c/g/h", "g/h"},
		{"http://a/b/c/h", "h"},
		{"http://a/b/c/g;x=1/y", "g;x=1/y"},
		{"http://a/b/c/y", "y"},
		{"http://a/b/c/g?y/./x", "g?y/./x"}, // dots in a query are data
		{"http://a/b/c/g?y/../x", "g?y/../x"},
		{"http://a/b/c/g#s/./x", "g#s/./x"},
		{"http://a/b/c/g#s/../x", "g#s/../x"},
		{"http:g", "http:g"}, // no authority, where base has one
	})
}

type relativeTest struct{ target, want string }

func runRelativeTests(t *testing.T, base string, tests []relativeTest) {
	t.Helper()
	for _, tt := range tests {
		got, off, err := relativeString(t, base, tt.target)
		if err != nil || off != -1 || got != tt.want {
			t.Errorf("relative(%q, %q) = %q, %d, %v; want %q", base, tt.target, got, off, err, tt.want)
			continue
		}
		checkRelative(t, base, tt.target, got)
	}
}

// relativeEdges are the edges of each form of reference.
var relativeEdges = []struct{ base, target, want string }{
	// A ':' in the first segment would read as a scheme (section 4.2).
	{"http://a/b/c", "http://a/b/x:y", "./x:y"},
	{"http://a/b/c", "http://a/x:y", "/x:y"},
	{"http://a/b/c", "http://a/b/c/x:y", "c/x:y"},
	{"http://a/b/", "http://a/b/c:d/e", "./c:d/e"},
	{"http://a/b/c/d", "http://a/b/x:y", "../x:y"},
	{"http://a/b", "http://a/x%3Ay", "x%3Ay"}, // an encoded ':' is no delimiter
	{"http://a/b", "http://a/:", "/:"},        // shorter than "./:"
	{"s:ab/c/d/x", "s:ab/", "../.."},          // as long as the target: the relative path first
	// Trailing slashes: a directory and a segment differ.
	{"http://a/b/c/", "http://a/b/c", "../c"},
	{"http://a/b/c/", "http://a/b/c/", ""},
	{"http://a/b/c/", "http://a/b/c/d/", "d/"},
	{"http://a/b/c", "http://a/b/c/", "c/"},
	{"http://a", "http://a/", "."}, // a tie with "/"
	// Empty segments count as segments; a reference cannot start with
	// "//" without naming an authority.
	{"http://a/b//c", "http://a/b//d", "d"},
	{"http://a/b//c", "http://a/b/d", "../d"},
	{"http://a/b//c", "http://a/b//", "."},
	{"http://a/b//c", "http://a/x", "/x"},
	{"http://a/b", "http://a//x", ".//x"},
	{"http://a/b/c", "http://a/b//x", ".//x"},
	{"http://a/b/c/d", "http://a/b//x", "..//x"},
	{"http://a//b/c", "http://a//x", "../x"},
	{"http://a/b", "http://a//", ".//"},
	// The target is the base, with and without query and fragment. A
	// reference with an empty path keeps base's query (section 5.2.2).
	{"http://a/b?q#f", "http://a/b?q#f", "#f"},
	{"http://a/b?q#f", "http://a/b?q", ""},
	{"http://a/b?q#f", "http://a/b?q#", "#"},
	{"http://a/b?q#f", "http://a/b?q#g", "#g"},
	{"http://a/b?q#f", "http://a/b?r", "?r"},
	{"http://a/b?q#f", "http://a/b?", "?"},
	{"http://a/b?q#f", "http://a/b", "b"},
	{"http://a/b?q#f", "http://a/b#f", "b#f"},
	{"http://a/b/?q", "http://a/b/", "."},
	{"http://a/b", "http://a/b?q", "?q"},
	{"http://a?q", "http://a", "//a"},
	{"http://a?q", "http://a?q", ""},
	{"http://a", "http://a#f", "#f"},
	// An authority with an empty path, against a base with a path.
	{"http://a/", "http://a", "//a"},
	{"http://a/b", "http://a?q", "//a?q"},
	{"http://u@a:1/", "http://u@a:1", "//u@a:1"},
	// Different authorities: a network-path reference. Userinfo and
	// port belong to the authority; an empty one is one too.
	{"http://a/b", "http://b/c", "//b/c"},
	{"http://u@a/b", "http://a/b", "//a/b"},
	{"http://a/b", "http://a:80/b", "//a:80/b"},
	{"http://a:/b", "http://a/b", "//a/b"},
	{"http://@a/b", "http://a/b", "//a/b"},
	{"s:/a", "s://h/x", "//h/x"},
	{"s:/a", "s://", "//"},
	{"s://h/a", "s:/a", "s:/a"}, // no authority: only the URI says so
	{"file:///a/b", "file:///c", "/c"},
	{"file:///a/b", "file://h/a/b", "//h/a/b"},
	// Different schemes, compared as written: the target.
	{"http://a/b", "https://a/b", "https://a/b"},
	{"HTTP://a/b", "http://a/c", "http://a/c"},
	{"http://a/b", "Http://a/b", "Http://a/b"},
	// Hosts compare as written, IP literals too.
	{"http://a/b", "http://A/b", "//A/b"},
	{"http://[::1]/a/b", "http://[::1]/a/c", "c"},
	{"http://[::1]/a/b", "http://[::2]/a", "//[::2]/a"},
	{"http://[::1]/a", "http://[0::1]/a", "//[0::1]/a"},
	{"http://[fe80::1%25eth0]:8/a", "http://[fe80::1%25eth0]:8/b", "b"},
	{"http://[fe80::1%25eth0]:8/a", "http://[fe80::1%25eth1]:8/a", "//[fe80::1%25eth1]:8/a"},
	{"http://[v1.x]/a", "http://[v1.x]/a?b", "?b"},
	// Percent-encoded bytes compare raw: "%41" and "A" differ.
	{"http://a/%41/b", "http://a/A/c", "/A/c"},
	{"http://a/%41/b", "http://a/%41/c", "c"},
	{"http://a/%41/b", "http://a/%61/b", "/%61/b"},
	{"http://%41/x", "http://A/x", "//A/x"},
	{"http://a/b?%41", "http://a/b?A", "?A"},
	{"http://a/b#%41", "http://a/b#A", "#A"},
	{"http://a/b/c", "http://a/b/%2E%2E/g", "%2E%2E/g"}, // no dot-segment
	// Opaque bases: no '/' to merge at, so a relative path is the
	// target's path.
	{"mailto:a@b", "mailto:c@d", "c@d"},
	{"mailto:a@b", "mailto:a@b?subject=x", "?subject=x"},
	{"mailto:a@b?subject=x", "mailto:a@b", "a@b"},
	{"mailto:a@b", "mailto:x:y", "./x:y"},
	{"mailto:a@b", "mailto:", "."},
	{"mailto:a@b", "mailto:/x", "/x"},
	{"mailto:a@b", "news:a@b", "news:a@b"},
	{"urn:isbn:1", "urn:isbn:2", "./isbn:2"},
	{"s:a", "s:b:c", "./b:c"}, // a tie with "s:b:c"
	{"s:", "s:a", "a"},
	{"s:?q", "s:", "."},
	// file:///: an empty authority.
	{"file:///etc/hosts", "file:///etc/passwd", "passwd"},
	{"file:///etc/hosts", "file:///usr/bin/go", "/usr/bin/go"},
	{"file:///etc/hosts", "file:///", "/"},
	{"file:///etc/hosts", "file:///etc/", "."},
	{"file:///etc/hosts", "file:/etc/hosts", "file:/etc/hosts"},
	{"file:///", "file:///etc", "etc"},
	// Rootless bases: a relative path stays rootless until it leaves
	// every segment of base's directory, and is rooted after that.
	{"s:a/b/c", "s:a/d", "../d"},
	{"s:a/b/", "s:a/b/c", "c"},
	{"s:a/b/c", "s:a/", ".."},
	{"s:a/b/c", "s:x", "s:x"},
	{"s:a/b/c", "s:a", "s:a"},
	{"s:a/b", "s:", "s:"},
	{"s:a/b/c", "s:/x", "/x"},
	{"s:a/b", "s:/", "/"},
	{"s:a/b/c/d/e/f/g", "s:a/x", "s:a/x"}, // shorter than "../../../../../x"
	// A path AppendResolve writes after "/.", so that it cannot read
	// as an authority, is reached.
	{"foo:/a/b", "foo:/.//c", "..//c"}, // a tie with "/.//c"
	{"foo:", "foo:/.//c", "/.//c"},
	{"foo:/a/b", "foo:/.//", "..//"},
	{"s:a/b", "s:/.//c", "..//c"},
	{"foo:/.//c", "foo:/.//c?q", "?q"},
	{"foo:/.//c", "foo:/.//d", "d"},
	{"http://a/b", "foo:/.//c", "foo:/.//c"},
	// Targets with dot-segments: the reference to what they resolve
	// to, the path without them (the documented exception).
	{"http://a/b/c/d;p?q", "http://a/b/x/../g", "../g"},
	{"http://a/b/c/d;p?q", "http://a/b/c/./g", "g"},
	{"http://a/b/c/d;p?q", "http://a/b/c/d;p/..", "."},
	{"http://a/b/c/d;p?q", "http://a/./b/c/d;p?q", ""},
	{"http://a/b/c/d;p?q", "http://a/../x", "/x"},
	{"http://a/b/c/d;p?q", "http://a/.//x", "/.//x"}, // http://a//x
	{"http://a/b/c/d;p?q", "g:/a/../b", "g:/b"},
	{"http://a/b/c/d;p?q", "http://g/./x", "//g/x"},
	{"http://a/b/c/d;p?q", "http://a/b/c/d;p/../..", ".."},
	{"s:a", "s:x/..", "/"},
	{"s:a/b", "s:x/..//c", "..//c"},
	// ... but a target with base's path, dot-segments and all, is what
	// a reference with an empty path gives, unless the query is base's.
	{"http://a/b/./c?q", "http://a/b/./c?q#f", "#f"},
	{"http://a/b/./c?q", "http://a/b/./c?y", "?y"},
	{"http://a/b/./c?q", "http://a/b/./c", "c"}, // http://a/b/c
	{"http://a/b/./c", "http://a/b/./c", ""},
	// Dot-segments in base's directory are removed before comparing.
	{"http://a/b/./c/d", "http://a/b/c/e", "e"},
	{"http://a/x/../b/c", "http://a/b/g", "g"},
	{"http://a/b/c/..", "http://a/b/c/g", "g"}, // merging drops the last segment, even ".."
	{"http://a/../b/c", "http://a/b/g", "g"},
}

func TestRelativeEdges(t *testing.T) {
	for _, tt := range relativeEdges {
		got, off, err := relativeString(t, tt.base, tt.target)
		if err != nil || off != -1 || got != tt.want {
			t.Errorf("relative(%q, %q) = %q, %d, %v; want %q", tt.base, tt.target, got, off, err, tt.want)
			continue
		}
		checkRelative(t, tt.base, tt.target, got)
	}
}

func TestRelativeErrors(t *testing.T) {
	for _, tt := range []struct {
		base, target string
		kind         ErrorKind
		off          int
	}{
		{"/a/b", "http://a/c", ErrInvalidBase, 0},        // no scheme (section 5.1)
		{"", "http://a/c", ErrInvalidBase, 0},            // no scheme
		{"http://a b/", "http://a/c", ErrInvalidBase, 8}, // base's own error
		{"http://a/%zz", "http://a/", ErrInvalidBase, 10},
		{"http://a/", "http://a/c d", ErrInvalidPath, 10}, // target's own error
		{"http://a/", "http://h:x/", ErrInvalidPort, 10},
		{"http://a/", "1a:b", ErrInvalidScheme, 2},
		{"http://a/", "/c", ErrRelativeTarget, 0}, // a relative target
		{"http://a/", "", ErrRelativeTarget, 0},
		{"http://a/", "//a/c", ErrRelativeTarget, 0},
		{"/a", "c d", ErrInvalidBase, 0}, // base first
	} {
		got, off, err := relativeString(t, tt.base, tt.target)
		if err != tt.kind || off != tt.off || got != "" {
			t.Errorf("relative(%q, %q) = %q, %d, %v; want %v at %d", tt.base, tt.target, got, off, err, tt.kind, tt.off)
		}
	}
	// A URI from Split carries its error too.
	b, _ := SplitString("http://a b/")
	u, _ := ParseString("http://a/")
	if out, off, err := AppendRelative(nil, b, u); err != ErrInvalidBase || off != 8 || out != nil {
		t.Errorf("relative(Split(%q), %q) = %q, %d, %v", b, u, out, off, err)
	}
	if out, off, err := AppendRelative(nil, u, b); err != ErrInvalidHost || off != 8 || out != nil {
		t.Errorf("relative(%q, Split(%q)) = %q, %d, %v", u, b, out, off, err)
	}
}

// TestRelativeRoundTrip checks every property of checkRelative on pairs of
// URIs: every pair of the URIs of the RFC 3986 section 5.4 examples and of
// TestRelativeEdges, a sample of the pairs of a generated corpus, and
// targets resolved against each base from references that share parts of
// it.
func TestRelativeRoundTrip(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	var edges, sample []string
	add := func(list *[]string, s string) {
		if u, err := ParseString(s); err == nil && u.HasScheme() {
			*list = append(*list, s)
		}
	}
	add(&edges, "http://a/b/c/d;p?q")
	for _, ref := range rfcReferences {
		add(&edges, resolves("http://a/b/c/d;p?q", ref))
	}
	for _, tt := range relativeEdges {
		add(&edges, tt.base)
		add(&edges, tt.target)
	}
	for _, s := range corpus.Generate(n, 7) {
		add(&sample, s)
	}
	check := func(base, target string) {
		t.Helper()
		got, off, err := relativeString(t, base, target)
		if err != nil || off != -1 {
			t.Fatalf("relative(%q, %q) = %q, %d, %v", base, target, got, off, err)
		}
		checkRelative(t, base, target, got)
	}
	for _, base := range edges {
		for _, target := range edges {
			check(base, target)
		}
	}
	for i, base := range append(edges, sample...) {
		for j, target := range sample {
			if j%7 == i%7 { // a seventh of the pairs; all of them take long
				check(base, target)
			}
		}
		for _, ref := range derivedReferences {
			if target := resolves(base, ref); !strings.HasPrefix(target, "error") {
				check(base, target)
			}
		}
	}
}

// rfcReferences are the references of RFC 3986 section 5.4.
var rfcReferences = []string{
	"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x", "g;x?y#s", "",
	".", "./", "..", "../", "../g", "../..", "../../", "../../g", "../../../g", "../../../../g", "/./g",
	"/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y",
	"g?y/./x", "g?y/../x", "g#s/./x", "g#s/../x", "http:g",
}

// derivedReferences make targets that share much of a base.
var derivedReferences = []string{
	"", "#f", "?q", "?", "#", ".", "..", "../..", "/", "x", "x/", "../x", "../x/y", "./a:b", "..//x", ".//x",
	"x//y", "/x", "//h", "//h/x", "%41", "x?q#f", "../../../x", "s:a/b", "s:/x/../y",
}

func TestRelativeAllocs(t *testing.T) {
	base, _ := ParseString("http://a/b/./c/d;p?q")
	buf := make([]byte, 0, 256)
	for _, target := range []string{
		"http://a/b/c/g?y#s", "http://a/b/c/d;p?q#s", "http://a/b/c/d;p", "http://a/x/../g", "http://g/h",
		"https://a/b", "http://a/b/x:y", "http://a", "http://a b", "/relative",
	} {
		u, _ := ParseString(target)
		testAllocs(t, "AppendRelative("+target+")", func() {
			out, off, err := AppendRelative(buf[:0], base, u)
			sinkInt, sinkErr = len(out)+off, err
		})
	}
	for _, b := range []string{"http://a b", "/relative"} {
		bad, _ := ParseString(b)
		testAllocs(t, "AppendRelative(base "+b+")", func() {
			out, off, err := AppendRelative(buf[:0], bad, base)
			sinkInt, sinkErr = len(out)+off, err
		})
	}
}

// TestRelativeRoom checks the room AppendRelative documents: with exactly
// that much capacity left in dst, it does not allocate.
func TestRelativeRoom(t *testing.T) {
	for _, tt := range []struct{ base, target string }{
		{"http://a/b/c/d", "http://a/b/x"},
		{"http://a/b/c/d", "https://a/b/x"},
		{"http://a/./././b/", "http://a/./././b/../../../../c"},
		{"s:a/./b/./c", "s:a/b/./x/.."},
		{"s:ab/x/y/z", "s:ab/"}, // "../..", as long as target
	} {
		b, _ := ParseString(tt.base)
		u, _ := ParseString(tt.target)
		room := 2*len(tt.target) + len(tt.base)
		if !hasDotSegment(b.RawPath()) && !hasDotSegment(u.RawPath()) {
			room = len(tt.target)
		}
		buf := make([]byte, 3, 3+room)
		testAllocs(t, "AppendRelative("+tt.base+", "+tt.target+")", func() {
			out, _, _ := AppendRelative(buf[:3], b, u)
			sinkInt = len(out)
		})
	}
}

// BenchmarkRelative makes a URI relative to another, as a crawler that
// rewrites the links of a page: each absolute URI of a corpus is a base,
// and the target is a reference made from the next URI (as BenchmarkResolve
// makes them) resolved against it. Both are parsed before.
func BenchmarkRelative(b *testing.B) {
	for _, c := range benchCorpora(b) {
		rp, _ := resolvePairs(c)
		type pair struct{ base, target URI }
		var pairs []pair
		var n int64
		for _, p := range rp {
			ref, _ := ParseString(p.ref)
			out, _, err := AppendResolve(nil, p.base, ref, 0)
			if err != nil {
				continue
			}
			target, _ := Parse(out)
			pairs = append(pairs, pair{p.base, target})
			n += int64(len(out))
		}
		if len(pairs) == 0 {
			continue
		}
		b.Run("corpus="+c.name+"/impl=fasturi", func(b *testing.B) {
			buf := make([]byte, 0, 4096)
			b.SetBytes(n)
			b.ReportAllocs()
			for b.Loop() {
				for i := range pairs {
					out, off, err := AppendRelative(buf[:0], pairs[i].base, pairs[i].target)
					sinkInt, sinkErr = len(out)+off, err
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(pairs)), "ns/uri")
		})
	}
}

// TestHasDotSegment compares hasDotSegment with the definition, segment by
// segment, on every path of up to 8 bytes made of '.', '/' and 'a'.
func TestHasDotSegment(t *testing.T) {
	want := func(p string) bool {
		for _, seg := range strings.Split(p, "/") {
			if seg == "." || seg == ".." {
				return true
			}
		}
		return false
	}
	var walk func(p string)
	walk = func(p string) {
		if hasDotSegment(p) != want(p) {
			t.Fatalf("hasDotSegment(%q) = %v", p, !want(p))
		}
		if len(p) < 8 {
			for _, c := range []string{".", "/", "a"} {
				walk(p + c)
			}
		}
	}
	walk("")
}
