package fuzz

import (
	"strings"
	"testing"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/fuzz/internal/ref"
)

// relativeBases are the bases every seed target is made relative to.
var relativeBases = []string{
	"http://a/b/c/d;p?q", "http://a", "http://a/", "foo:/a/b", "scheme:a/b/c", "mailto:a@b", "s:",
	"file:///etc/hosts", "http://[::1]:8/a/./b/../c?x#y", "s://u@h/a//b/", "foo:/.//c",
}

// relativePairs are seeds of each rule of AppendRelative.
var relativePairs = [][2]string{
	{"http://a/b/c/d;p?q", "http://a/b/x/../g"}, {"http://a/b/c/d;p?q", "http://a/./b/c/d;p?q"},
	{"http://a/b/./c?q", "http://a/b/./c"}, {"http://a/b/./c?q", "http://a/b/./c?y"}, {"foo:/.//c", "foo:x/..//c"},
	{"foo:/a/b", "foo:/.//c"}, {"s:a/b/c", "s:a/"}, {"s:a/b/c/d/e/f/g", "s:a/x"}, {"http://a?q", "http://a"},
	{"http://a/b", "http://a//x"}, {"urn:isbn:1", "urn:isbn:2"}, {"s:a", "s:b:c"}, {"HTTP://a/b", "http://a/c"},
}

// FuzzRelative makes a target relative to a base, both valid URIs with a
// scheme, and checks what AppendRelative documents: the reference is a
// valid reference; resolved against the base, by AppendResolve and by the
// section 5.2 pseudo-code of the reference package, it gives the target
// back, or else (the one exception) what the target itself resolves to,
// the target having dot-segments that no reference keeps; it is never
// longer than the target; it climbs no higher than the base; and no
// reference of the forms it could have taken is shorter. A target that is
// a relative reference is an error, and its resolution against the base a
// target too. It checks the errors on other inputs.
func FuzzRelative(f *testing.F) {
	for _, p := range relativePairs {
		f.Add(p[0], p[1])
	}
	for _, b := range relativeBases {
		for _, s := range seeds {
			f.Add(b, s)
			if r, ok := ref.Resolve(b, s); ok {
				f.Add(b, r.String())
			}
		}
	}
	f.Fuzz(func(t *testing.T, base, target string) {
		if len(base) > maxRefLen || len(target) > maxRefLen {
			return
		}
		b, errB := fasturi.ParseString(base)
		u, errT := fasturi.ParseString(target)
		out, off, err := fasturi.AppendRelative(nil, b, u)
		switch {
		case errB != nil || !b.HasScheme():
			wantOff := b.ErrorOffset()
			if errB == nil {
				wantOff = 0
			}
			if err != fasturi.ErrInvalidBase || off != wantOff || out != nil {
				t.Fatalf("relative(%q, %q): base invalid or relative, got %q, %d, %v", base, target, out, off, err)
			}
			return
		case errT != nil:
			if err != errT || off != u.ErrorOffset() || out != nil {
				t.Fatalf("relative(%q, %q): target invalid (%v at %d), got %q, %d, %v", base, target, errT, u.ErrorOffset(), out, off, err)
			}
			return
		case !u.HasScheme():
			if err != fasturi.ErrRelativeTarget || off != 0 || out != nil {
				t.Fatalf("relative(%q, %q): target relative, got %q, %d, %v", base, target, out, off, err)
			}
			// The target that reference resolves to, which shares much
			// with base, as a page's links do.
			target = resolveString(b, u, 0)
			u, _ = fasturi.ParseString(target)
			out, off, err = fasturi.AppendRelative(nil, b, u)
		}
		if err != nil || off != -1 {
			t.Fatalf("relative(%q, %q): %d, %v", base, target, off, err)
		}
		rel := string(out)
		r, err := fasturi.ParseString(rel)
		if err != nil {
			t.Fatalf("relative(%q, %q) = %q, which does not parse: %v", base, target, rel, err)
		}
		if len(rel) > len(target) {
			t.Fatalf("relative(%q, %q) = %q, longer than the target", base, target, rel)
		}
		got := resolveString(b, r, 0)
		if want := refResolve(base, rel); got != want {
			t.Fatalf("relative(%q, %q) = %q, which resolves to %q, and by the reference to %q", base, target, rel, got, want)
		}
		if got != target {
			want := refResolve(base, target)
			if got != want || want == target || emptyPathGives(b, u) {
				t.Fatalf("relative(%q, %q) = %q, which resolves to %q; the target resolves to %q", base, target, rel, got, want)
			}
		}
		if under := resolveString(b, r, fasturi.RejectPathUnderflow); under != got && under != "error: "+fasturi.ErrInvalidBase.Error() {
			t.Fatalf("relative(%q, %q) = %q, which resolves refusing underflow to %q", base, target, rel, under)
		}
		if best, ok := shorterReference(base, got, rel); ok {
			t.Fatalf("relative(%q, %q) = %q, but %q resolves to %q too", base, target, rel, best, got)
		}
	})
}

// resolveString resolves r against b with AppendResolve.
func resolveString(b, r fasturi.URI, opts fasturi.PathOption) string {
	out, _, err := fasturi.AppendResolve(nil, b, r, opts)
	if err != nil {
		return "error: " + err.Error()
	}
	return string(out)
}

// refResolve resolves rel against base with the reference package, and
// writes the target as AppendResolve documents it.
func refResolve(base, rel string) string {
	want, ok := ref.Resolve(base, rel)
	if !ok {
		return "error"
	}
	if !want.HasAuthority && strings.HasPrefix(want.Path, "//") {
		want.Path = "/." + want.Path
	}
	return want.String()
}

// emptyPathGives reports whether a reference with an empty path resolves
// against b to u: whether u has b's scheme, authority and path, and a
// query or none where b has none (RFC 3986 section 5.2.2).
func emptyPathGives(b, u fasturi.URI) bool {
	return b.Scheme() == u.Scheme() && b.HasAuthority() == u.HasAuthority() && b.RawAuthority() == u.RawAuthority() &&
		b.RawPath() == u.RawPath() && (u.HasQuery() || !b.HasQuery())
}

// The forms of a reference, in the order AppendRelative prefers them on a
// tie in length.
const (
	formEmptyPath = iota
	formRelative
	formAbsolute
	formNetwork
	formURI
)

func referenceForm(r fasturi.URI) int {
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

// shorterReference searches for a reference that resolves against base to
// target and is shorter than rel, or as long and of a form AppendRelative
// prefers. It tries every reference of the forms AppendRelative writes,
// built from target alone: "", "?q" and "#f"; k "../" steps, k up to one
// more than base's path has '/', followed by target's path from any
// segment on, perhaps after "./", or "." and ".." alone; target's path,
// perhaps after "/."; "//" with target's authority and path.
func shorterReference(base, target, rel string) (string, bool) {
	u, err := fasturi.ParseString(target)
	if err != nil {
		return "", false
	}
	b, _ := fasturi.ParseString(base)
	r, _ := fasturi.ParseString(rel)
	form := referenceForm(r)
	var qf, f string
	if u.HasQuery() {
		qf = "?" + u.RawQuery()
	}
	if u.HasFragment() {
		f = "#" + u.RawFragment()
		qf += f
	}
	better := func(c string) bool {
		if len(c) > len(rel) {
			return false
		}
		cr, err := fasturi.ParseString(c)
		if err != nil || resolveString(b, cr, 0) != target {
			return false
		}
		return len(c) < len(rel) || referenceForm(cr) < form
	}
	for _, c := range []string{f, qf} {
		if better(c) {
			return c, true
		}
	}
	p := u.RawPath()
	for _, c := range []string{p, "/." + p, "//" + u.RawAuthority() + p} {
		if c != "" && better(c+qf) {
			return c + qf, true
		}
	}
	// Candidates longer than rel are not built: k is at most len(rel)/3+1.
	for k := 0; k <= strings.Count(b.RawPath(), "/")+1 && 3*k <= len(rel)+1; k++ {
		steps := strings.Repeat("../", k)
		for _, c := range []string{strings.TrimSuffix(steps, "/"), steps + "."} {
			if c != "" && better(c+qf) {
				return c + qf, true
			}
		}
		for j := len(p); j >= 0; j-- {
			if j > 0 && p[j-1] != '/' {
				continue
			}
			if 3*k+len(p)-j+len(qf) > len(rel) {
				break
			}
			for _, c := range []string{steps + p[j:], steps + "./" + p[j:]} {
				if c != "" && better(c+qf) {
					return c + qf, true
				}
			}
		}
	}
	return "", false
}
