package fuzz

import (
	"strings"
	"testing"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/fuzz/internal/ref"
)

// resolveBases are the bases every seed reference is tried against.
var resolveBases = []string{
	"http://a/b/c/d;p?q", "http://a", "foo:/a/b", "scheme:a/b/c", "mailto:a@b",
	"file:///etc/hosts", "http://[::1]:8/a/./b/../c?x#y", "s://u@h/a//b/",
	"http://a/b/../../etc?q", // a base whose path climbs
}

// FuzzResolve compares AppendResolve with the pseudo-code of RFC 3986
// section 5.2 in the reference package, on every pair of a base and a
// reference that are valid (the base with a scheme), and checks the errors
// otherwise. The one difference is documented in AppendResolve: a target
// path that starts with "//" and has no authority before it is written
// after "/.", where section 5.3's recomposition would turn it into one.
func FuzzResolve(f *testing.F) {
	for _, b := range resolveBases {
		for _, s := range seeds {
			f.Add(b, s)
		}
	}
	f.Fuzz(func(t *testing.T, base, rel string) {
		if len(base) > maxRefLen || len(rel) > maxRefLen {
			return
		}
		b, errB := fasturi.ParseString(base)
		r, errR := fasturi.ParseString(rel)
		out, off, err := fasturi.AppendResolve(nil, b, r, 0)
		switch {
		case errB != nil || !b.HasScheme():
			if err != fasturi.ErrInvalidBase || out != nil {
				t.Fatalf("resolve(%q, %q): base invalid or relative, got %q, %d, %v", base, rel, out, off, err)
			}
			return
		case errR != nil:
			if err != errR || off != r.ErrorOffset() {
				t.Fatalf("resolve(%q, %q): ref invalid (%v at %d), got %q, %d, %v", base, rel, errR, r.ErrorOffset(), out, off, err)
			}
			return
		case err != nil || off != -1:
			t.Fatalf("resolve(%q, %q): %d, %v", base, rel, off, err)
		}
		want, ok := ref.Resolve(base, rel)
		if !ok {
			t.Fatalf("resolve(%q, %q): the reference rejects what fasturi parses", base, rel)
		}
		if !want.HasAuthority && strings.HasPrefix(want.Path, "//") {
			want.Path = "/." + want.Path // the documented difference
		}
		if string(out) != want.String() {
			t.Fatalf("resolve(%q, %q) = %q, reference %q", base, rel, out, want.String())
		}
		// The target parses, as a URI.
		if u, err := fasturi.Parse(out); err != nil || !u.HasScheme() {
			t.Fatalf("resolve(%q, %q) = %q, which does not parse as a URI: %v", base, rel, out, err)
		}
		// With RejectPathUnderflow, the same target, or the first ".."
		// that climbs, as the reference places it.
		out2, off2, err2 := fasturi.AppendResolve(nil, b, r, fasturi.RejectPathUnderflow)
		switch {
		case want.Climb < 0:
			if err2 != nil || string(out2) != string(out) {
				t.Fatalf("resolve(%q, %q) refusing underflow = %q, %d, %v; without: %q", base, rel, out2, off2, err2, out)
			}
		case want.ClimbInBase:
			if err2 != fasturi.ErrInvalidBase || off2 != want.Climb || out2 != nil {
				t.Fatalf("resolve(%q, %q) refusing underflow = %q, %d, %v; want base's \"..\" at %d", base, rel, out2, off2, err2, want.Climb)
			}
		default:
			if err2 != fasturi.ErrPathUnderflow || off2 != want.Climb || out2 != nil {
				t.Fatalf("resolve(%q, %q) refusing underflow = %q, %d, %v; want the \"..\" at %d", base, rel, out2, off2, err2, want.Climb)
			}
		}
	})
}
