package fuzz

import (
	"errors"
	"regexp"
	"strings"
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

// refKinds maps fasturi's error kinds to the reference's. ErrTooLong has
// none: the reference never sees 4 GiB. Only a request-target can break
// its form.
var refKinds = map[fasturi.ErrorKind]ref.Kind{
	fasturi.ErrInvalidScheme:          ref.KindScheme,
	fasturi.ErrInvalidUserinfo:        ref.KindUserinfo,
	fasturi.ErrInvalidHost:            ref.KindHost,
	fasturi.ErrInvalidIPLiteral:       ref.KindIPLiteral,
	fasturi.ErrInvalidPort:            ref.KindPort,
	fasturi.ErrInvalidPath:            ref.KindPath,
	fasturi.ErrInvalidQuery:           ref.KindQuery,
	fasturi.ErrInvalidFragment:        ref.KindFragment,
	fasturi.ErrInvalidPercentEncoding: ref.KindPercentEncoding,
	fasturi.ErrTargetForm:             ref.KindTargetForm,
	fasturi.ErrControlCharacter:       ref.KindControl, // decoding's own
}

// errorOfKind returns fasturi's error kind for the reference's kind k.
func errorOfKind(k ref.Kind) error {
	for e, rk := range refKinds {
		if rk == k {
			return e
		}
	}
	panic("no fasturi error kind for reference kind " + string(k))
}

// FuzzParse compares Parse with the reference parser: validity, every
// component's presence and span, the host type, and the error's offset and
// kind.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > maxRefLen {
			return
		}
		u, err := fasturi.ParseString(s)
		want := ref.Parse(s)
		if (err == nil) != want.Valid {
			t.Fatalf("%q: Parse: %v; reference valid %v (offset %d)", s, u.Err(), want.Valid, want.ErrorOffset)
		}
		if err != nil {
			k, ok := err.(fasturi.ErrorKind)
			if !ok {
				t.Fatalf("%q: Parse returned %T (%v), not an ErrorKind", s, err, err)
			}
			kind := refKinds[k]
			if u.ErrorOffset() != want.ErrorOffset || kind != want.Kind {
				t.Fatalf("%q: fasturi error %q at %d (%v), reference %q at %d", s, kind, u.ErrorOffset(), err, want.Kind, want.ErrorOffset)
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
		if z := u.RawZone(); z != want.Zone.String(s) {
			t.Fatalf("%q: zone %q, reference %q", s, z, want.Zone.String(s))
		}
	})
}

// appendixB is the regular expression of RFC 3986 Appendix B. Its "." is
// any character, so the s flag makes Go's "." match a newline too.
var appendixB = regexp.MustCompile(`(?s)^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// FuzzSplit compares Split with the regular expression of Appendix B, and
// its verdict with Parse's, and checks that every accessor of the URI it
// returns is consistent with the others and with the violations.
func FuzzSplit(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, v := fasturi.SplitString(s)
		pu, err := fasturi.ParseString(s)
		if (err == nil) != (v.Len() == 0) {
			t.Fatalf("%q: Parse error %v, Split %d violations", s, err, v.Len())
		}
		if err == nil && u != pu {
			t.Fatalf("%q: Split and Parse give different URIs", s)
		}
		prev, prevComp := -1, fasturi.Component(0)
		for i := range v.Len() {
			x := v.At(i)
			if x.Offset < prev || x.Offset > len(s) || x.Kind == 0 {
				t.Fatalf("%q: violation %d (%v at %d) out of order or range", s, i, x.Kind, x.Offset)
			}
			// Each in a component of its own, present, that spans its
			// offset (up to the end: a '%' cut short breaks there).
			sp := u.Span(x.Component)
			if i > 0 && x.Component <= prevComp || !u.Has(x.Component) || x.Offset < int(sp.Start) || x.Offset > int(sp.End) {
				t.Fatalf("%q: violation %d (%v at %d) in %v, spanning %d to %d", s, i, x.Kind, x.Offset, x.Component, sp.Start, sp.End)
			}
			prev, prevComp = x.Offset, x.Component
		}
		checkSplitURI(t, s, u, v)
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

// checkSplitURI calls every accessor of u, which Split returned for s with
// the violations v, and checks that they agree with each other and with v.
func checkSplitURI(t *testing.T, s string, u fasturi.URI, v fasturi.Violations) {
	t.Helper()
	if u.String() != s {
		t.Fatalf("%q: String() = %q", s, u.String())
	}

	// The verdict: the first violation is the URI's error.
	if u.Valid() != (v.Len() == 0) {
		t.Fatalf("%q: Valid() = %v with %d violations", s, u.Valid(), v.Len())
	}
	if v.Len() == 0 {
		if u.ErrorOffset() != -1 || u.Err() != nil {
			t.Fatalf("%q: no violation, but ErrorOffset() = %d, Err() = %v", s, u.ErrorOffset(), u.Err())
		}
	} else {
		first := v.At(0)
		if u.ErrorOffset() != first.Offset || !errors.Is(u.Err(), first.Kind) {
			t.Fatalf("%q: first violation %v at %d, but ErrorOffset() = %d, Err() = %v", s, first.Kind, first.Offset, u.ErrorOffset(), u.Err())
		}
	}

	// Spans: within the input, in component order, each the text of its
	// accessor, and empty when absent.
	raw := map[fasturi.Component]string{
		fasturi.ComponentScheme:   u.Scheme(),
		fasturi.ComponentUserinfo: u.RawUserinfo(),
		fasturi.ComponentHost:     u.RawHost(),
		fasturi.ComponentPort:     u.Port(),
		fasturi.ComponentPath:     u.RawPath(),
		fasturi.ComponentQuery:    u.RawQuery(),
		fasturi.ComponentFragment: u.RawFragment(),
	}
	end := 0
	for _, c := range components {
		sp := u.Span(c)
		if sp.Start > sp.End || int(sp.End) > len(s) || sp.Len() != int(sp.End-sp.Start) {
			t.Fatalf("%q: %v span [%d,%d) out of range", s, c, sp.Start, sp.End)
		}
		if !u.Has(c) {
			if sp.Len() != 0 || raw[c] != "" {
				t.Fatalf("%q: absent %v has span [%d,%d) and text %q", s, c, sp.Start, sp.End, raw[c])
			}
			continue
		}
		if int(sp.Start) < end {
			t.Fatalf("%q: %v span [%d,%d) starts before the previous component ends at %d", s, c, sp.Start, sp.End, end)
		}
		end = int(sp.End)
		if raw[c] != s[sp.Start:sp.End] {
			t.Fatalf("%q: %v is %q, its span [%d,%d) holds %q", s, c, raw[c], sp.Start, sp.End, s[sp.Start:sp.End])
		}
	}

	// Presence.
	if !u.Has(fasturi.ComponentPath) {
		t.Fatalf("%q: no path", s)
	}
	for _, h := range []struct {
		name string
		got  bool
		c    fasturi.Component
	}{
		{"HasScheme", u.HasScheme(), fasturi.ComponentScheme},
		{"HasUserinfo", u.HasUserinfo(), fasturi.ComponentUserinfo},
		{"HasAuthority", u.HasAuthority(), fasturi.ComponentHost},
		{"HasPort", u.HasPort(), fasturi.ComponentPort},
		{"HasQuery", u.HasQuery(), fasturi.ComponentQuery},
		{"HasFragment", u.HasFragment(), fasturi.ComponentFragment},
	} {
		if h.got != u.Has(h.c) {
			t.Fatalf("%q: %s() = %v, Has(%v) = %v", s, h.name, h.got, h.c, u.Has(h.c))
		}
	}
	if (u.HasUserinfo() || u.HasPort()) && !u.HasAuthority() {
		t.Fatalf("%q: userinfo or port without an authority", s)
	}

	// The authority and the host.
	ht := u.HostType()
	switch name := ht.String(); name {
	case "none", "reg-name", "ipv4", "ipv6", "ipvfuture":
	default:
		t.Fatalf("%q: HostType() = %q", s, name)
	}
	if u.HasAuthority() != (ht != fasturi.HostNone) {
		t.Fatalf("%q: HasAuthority() = %v, HostType() = %v", s, u.HasAuthority(), ht)
	}
	wantAuthority := ""
	if u.HasAuthority() {
		start, stop := u.Span(fasturi.ComponentHost).Start, u.Span(fasturi.ComponentHost).End
		if u.HasUserinfo() {
			start = u.Span(fasturi.ComponentUserinfo).Start
		}
		if u.HasPort() {
			stop = u.Span(fasturi.ComponentPort).End
		}
		wantAuthority = s[start:stop]
	}
	if u.RawAuthority() != wantAuthority {
		t.Fatalf("%q: RawAuthority() = %q, its components span %q", s, u.RawAuthority(), wantAuthority)
	}
	if z := u.RawZone(); z != "" && (ht != fasturi.HostIPv6 || !strings.Contains(u.RawHost(), z)) {
		t.Fatalf("%q: RawZone() = %q with host %q of type %v", s, z, u.RawHost(), ht)
	}
	if h := u.RawHost(); (ht == fasturi.HostIPv6 || ht == fasturi.HostIPvFuture) && (!strings.HasPrefix(h, "[") || !strings.HasSuffix(h, "]")) {
		t.Fatalf("%q: host %q of type %v is not an IP literal", s, h, ht)
	}
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
