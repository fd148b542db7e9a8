package fuzz

import (
	"slices"
	"strings"
	"testing"

	"github.com/fasturi/fasturi"
)

// naiveSegments splits a path as the Segments documentation says, the
// plain way: at every '/', after dropping the one that starts an absolute
// path; the empty path has no segment.
func naiveSegments(path string) []string {
	if path == "" {
		return nil
	}
	return strings.Split(strings.TrimPrefix(path, "/"), "/")
}

// segmentsOf reads a cursor to its end with Next, and checks that Next
// then keeps saying there is nothing left.
func segmentsOf(t *testing.T, s fasturi.Segments) []string {
	t.Helper()
	var got []string
	for seg, ok := s.Next(); ok; seg, ok = s.Next() {
		got = append(got, seg)
	}
	if seg, ok := s.Next(); ok || seg != "" {
		t.Fatalf("Next after the end: %q, %v", seg, ok)
	}
	return got
}

// FuzzSegments compares Segments with naiveSegments for any path, through
// Next and All, and, when the input parses, URI.Segments with the split of
// the URI's raw path; a URI that does not parse has no segments.
func FuzzSegments(f *testing.F) {
	for _, p := range []string{"", "/", "/a/b", "a/b", "/a/", "//a", "a%2Fb/c", "/.././", "///"} {
		f.Add(p)
	}
	addSeeds(f)
	f.Fuzz(func(t *testing.T, p string) {
		want := naiveSegments(p)
		if got := segmentsOf(t, fasturi.NewSegments(p)); !slices.Equal(got, want) {
			t.Fatalf("NewSegments(%q) with Next: %q, want %q", p, got, want)
		}
		s := fasturi.NewSegments(p)
		if got := slices.Collect(s.All()); !slices.Equal(got, want) {
			t.Fatalf("NewSegments(%q) with All: %q, want %q", p, got, want)
		}
		u, err := fasturi.ParseString(p)
		want = nil
		if err == nil {
			want = naiveSegments(u.RawPath())
		}
		if got := segmentsOf(t, u.Segments()); !slices.Equal(got, want) {
			t.Fatalf("URI.Segments of %q (error %v): %q, want %q", p, err, got, want)
		}
	})
}
