package fuzz

import (
	"net/url"
	"strings"
	"testing"

	"github.com/fasturi/fasturi"
)

// FuzzNetURL compares Parse with net/url.Parse on the inputs both accept.
// The components must agree, but for these deviations of net/url, each
// mapped explicitly below:
//
//   - scheme: net/url lowercases it; fasturi keeps it as written (RFC 3986
//     section 3.1 makes schemes case-insensitive but does not change them).
//   - decoding: net/url decodes userinfo, host, path and fragment
//     (keeping the raw path in RawPath or Opaque); fasturi returns raw
//     bytes, so they are compared after decoding.
//   - opaque: after a scheme, a path that does not start with "/" is
//     net/url's Opaque, not its Path.
//   - "///x" with no scheme: RFC 3986 reads an empty authority and the path
//     "/x"; net/url reads the path "///x" (it only takes an authority after
//     "//" when there is a scheme or the path does not start with "///").
//   - empty fragment: net/url does not record a "#" with nothing after it;
//     fasturi tells it from no fragment (section 5.3).
func FuzzNetURL(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := fasturi.ParseString(s)
		n, nerr := url.Parse(s)
		if err != nil || nerr != nil {
			return
		}
		fail := func(what string, got, want any) {
			t.Helper()
			t.Fatalf("%q: %s: fasturi %q, net/url %q", s, what, got, want)
		}
		if !strings.EqualFold(u.Scheme(), n.Scheme) || u.Has(fasturi.ComponentScheme) != (n.Scheme != "") {
			fail("scheme", u.Scheme(), n.Scheme)
		}

		tripleSlash := !u.Has(fasturi.ComponentScheme) && strings.HasPrefix(s, "///")
		switch {
		case tripleSlash:
			if n.Host != "" || n.Path != decode(s[:strings.IndexAny(s+"?#", "?#")]) {
				fail("path of ///", u.RawPath(), n.Path)
			}
		case u.Has(fasturi.ComponentHost):
			host := decode(u.RawHost())
			if u.Has(fasturi.ComponentPort) {
				host += ":" + u.Port()
			}
			if n.Host != host {
				fail("host", host, n.Host)
			}
			if u.Has(fasturi.ComponentUserinfo) != (n.User != nil) {
				fail("userinfo presence", u.Has(fasturi.ComponentUserinfo), n.User != nil)
			}
			if n.User != nil {
				name, pass, hasPass := strings.Cut(u.RawUserinfo(), ":")
				np, nHasPass := n.User.Password()
				if decode(name) != n.User.Username() || decode(pass) != np || hasPass != nHasPass {
					fail("userinfo", u.RawUserinfo(), n.User.String())
				}
			}
		default:
			if n.Host != "" || n.User != nil {
				fail("authority", "", n.Host)
			}
		}

		if !tripleSlash {
			if n.Opaque != "" || u.Has(fasturi.ComponentScheme) && !strings.HasPrefix(u.RawPath(), "/") {
				if n.Opaque != u.RawPath() {
					fail("opaque path", u.RawPath(), n.Opaque)
				}
			} else if n.Path != decode(u.RawPath()) {
				fail("path", u.RawPath(), n.Path)
			}
		}

		if n.RawQuery != u.RawQuery() || u.Has(fasturi.ComponentQuery) != (n.RawQuery != "" || n.ForceQuery) {
			fail("query", u.RawQuery(), n.RawQuery)
		}
		if n.Fragment != decode(u.RawFragment()) {
			fail("fragment", u.RawFragment(), n.Fragment)
		}
	})
}

// decode undoes the percent-encoding of s, which fasturi has validated.
func decode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10
	}
	panic("not a hex digit: " + string(c))
}
