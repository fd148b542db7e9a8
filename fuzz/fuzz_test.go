// Package fuzz holds fasturi's differential fuzz targets: each compares
// fasturi with an independent implementation of the same rules.
//
// Run one for a while with, for example:
//
//	go test -timeout 0 -run '^$' -fuzz '^FuzzParse$' -fuzztime 1h ./fuzz
//
// (-timeout 0, because go test otherwise stops any run after 10 minutes).
package fuzz

import (
	"regexp"
	"testing"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/fuzz/internal/ref"
)

// maxRefLen bounds the inputs compared with the reference, whose
// backtracking is quadratic on some inputs. It spans several 64-byte blocks.
const maxRefLen = 512

func addSeeds(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
}

var components = []fasturi.Component{
	fasturi.ComponentScheme, fasturi.ComponentUserinfo, fasturi.ComponentHost, fasturi.ComponentPort,
	fasturi.ComponentPath, fasturi.ComponentQuery, fasturi.ComponentFragment,
}

// FuzzParse compares Parse with the reference parser: validity, every
// component's presence and span, the host type, and the error offset.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > maxRefLen {
			return
		}
		u, err := fasturi.ParseString(s)
		want := ref.Parse(s)
		if (err == nil) != want.Valid {
			t.Fatalf("%q: fasturi error %v, reference valid %v (offset %d)", s, u.Err(), want.Valid, want.ErrorOffset)
		}
		if err != nil {
			if u.ErrorOffset() != want.ErrorOffset {
				t.Fatalf("%q: fasturi error at %d (%v), reference at %d", s, u.ErrorOffset(), err, want.ErrorOffset)
			}
			return
		}
		wantSpans := []ref.Span{want.Scheme, want.Userinfo, want.Host, want.Port, want.Path, want.Query, want.Fragment}
		for i, c := range components {
			sp, w := u.Span(c), wantSpans[i]
			if c == fasturi.ComponentPath {
				w.Present = true // fasturi: the path is always present
			}
			if u.Has(c) != w.Present || u.Has(c) && (int(sp.Start) != w.Start || int(sp.End) != w.End) {
				t.Fatalf("%q: %v present %v [%d,%d), reference present %v [%d,%d)", s, c, u.Has(c), sp.Start, sp.End, w.Present, w.Start, w.End)
			}
		}
		if got := u.HostType().String(); got != want.HostType {
			t.Fatalf("%q: host type %s, reference %s", s, got, want.HostType)
		}
	})
}

// appendixB is the regular expression of RFC 3986 Appendix B. Its "." is
// any character, so the s flag makes Go's "." match a newline too.
var appendixB = regexp.MustCompile(`(?s)^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// FuzzSplit compares Split with the regular expression of Appendix B, and
// its verdict with Parse's.
func FuzzSplit(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, v := fasturi.SplitString(s)
		_, err := fasturi.ParseString(s)
		if (err == nil) != (v.Len() == 0) {
			t.Fatalf("%q: Parse error %v, Split %d violations", s, err, v.Len())
		}
		prev := -1
		for i := range v.Len() {
			x := v.At(i)
			if x.Offset < prev || x.Offset > len(s) || x.Kind == 0 {
				t.Fatalf("%q: violation %d (%v at %d) out of order or range", s, i, x.Kind, x.Offset)
			}
			prev = x.Offset
		}
		m := appendixB.FindStringSubmatchIndex(s)
		for _, g := range []struct {
			name    string
			group   int
			got     string
			present bool
		}{
			{"scheme", 2, u.Scheme(), u.Has(fasturi.ComponentScheme)},
			{"authority", 4, u.RawAuthority(), u.Has(fasturi.ComponentHost)},
			{"path", 5, u.RawPath(), true},
			{"query", 7, u.RawQuery(), u.Has(fasturi.ComponentQuery)},
			{"fragment", 9, u.RawFragment(), u.Has(fasturi.ComponentFragment)},
		} {
			present := m[2*g.group] >= 0
			want := ""
			if present {
				want = s[m[2*g.group]:m[2*g.group+1]]
			}
			if g.got != want || g.present != present {
				t.Fatalf("%q: %s %q (present %v), Appendix B %q (present %v)", s, g.name, g.got, g.present, want, present)
			}
		}
	})
}

// FuzzRecompose checks the round trip of section 5.3: the components of a
// parsed or split reference, put back together with their delimiters, give
// the input back.
func FuzzRecompose(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := fasturi.ParseString(s)
		if err == nil {
			if got := recompose(u); got != s {
				t.Fatalf("Parse(%q) recomposes as %q", s, got)
			}
		}
		su, _ := fasturi.SplitString(s)
		if got := recompose(su); got != s {
			t.Fatalf("Split(%q) recomposes as %q", s, got)
		}
	})
}

func recompose(u fasturi.URI) string {
	out := ""
	if u.Has(fasturi.ComponentScheme) {
		out += u.Scheme() + ":"
	}
	if u.Has(fasturi.ComponentHost) {
		out += "//"
		if u.Has(fasturi.ComponentUserinfo) {
			out += u.RawUserinfo() + "@"
		}
		out += u.RawHost()
		if u.Has(fasturi.ComponentPort) {
			out += ":" + u.Port()
		}
	}
	out += u.RawPath()
	if u.Has(fasturi.ComponentQuery) {
		out += "?" + u.RawQuery()
	}
	if u.Has(fasturi.ComponentFragment) {
		out += "#" + u.RawFragment()
	}
	return out
}
