package fuzz

import (
	"regexp"
	"strings"
	"testing"

	"github.com/fasturi/fasturi"
)

// shapeSeeds are URLs of each scheme CheckShape knows, in and out of shape.
var shapeSeeds = []string{
	"http://h/", "http:///p", "http:p", "HTTPS://h", "ws://h", "gopher://h/1x", "gopher:", "gopher://h?x", "gopher://h/?x",
	"ftp://h/f;type=a", "ftp://h/f;type=I", "ftp://h/f;type=x", "ftp://h/f;type=", "ftp://h/f;type=ab", "ftp://h/;type=d;type=a",
	"telnet://h", "telnet://h/", "telnet://h/x", "telnet://h?q", "telnet://h/?q",
	"nntp://h/comp.lang.go", "nntp://h/comp.lang.go/42", "nntp://h/comp/", "nntp://h/1x", "nntp://h/",
	"wais://h/db", "wais://h/db?s", "wais://h/db/t/p", "wais://h/db/t/", "wais://h/db/t", "wais://h//t/p", "wais://h/db/t/p?s",
	"prospero://h/p", "prospero://h", "file:///etc/hosts", "file://h/p", "file://", "file:/p",
	"mailto:a@b", "mailto:", "mailto://a@b", "news:comp.lang.go", "news:*", "news:a@b", "news:@b", "news:a@", "news:1a",
	"news://h/g", "urn:isbn:1", "/relative",
	"http://u@h/", "http://u@/", "ftp://u:p@h/a;type=i", "ftp://h/a;type=x/b;type=i", "ftp://h/a?;type=i", "ftp://h/a;type=i?x", "ftp://h?;type=i",
	"nntp://h/g?x", "news:g?x", "news:a?b@h", "news:a@b/c", "news:a@b@c", "wais://h/", "wais://h/db/t/a/b",
	"prospero://h/a;f=v", "prospero://h/a;f", "prospero://h/a;f=v=w", "file://h:80/p", "file://u@h/p", "mailto:?to=a",
}

var (
	groupRef       = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9.+_-]*$`)
	nntpPathRef    = regexp.MustCompile(`^/[A-Za-z][A-Za-z0-9.+_-]*(/[0-9]+)?$`)
	waisSearchRef  = regexp.MustCompile(`^/[^/]*$`)
	waisDocRef     = regexp.MustCompile(`^/[^/]*/[^/]*/[^/]*$`)
	newsArticleRef = regexp.MustCompile(`^[^@]+@[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$`)
	prosperoRef    = regexp.MustCompile(`^[^;]*(;[^;=/]*=[^;=/]*)*$`)
	ftpTypeRef     = regexp.MustCompile(`;type=([aidAID])$`)
)

// pathAndQuery returns u's path, then '?' and its query when it has one:
// RFC 1738's path for ftp, prospero and news.
func pathAndQuery(u *fasturi.URI) string {
	if u.HasQuery() {
		return u.RawPath() + "?" + u.RawQuery()
	}
	return u.RawPath()
}

// shapeRef reports whether a valid u has the shape CheckShape documents
// for its scheme, read with regular expressions over its components.
func shapeRef(u *fasturi.URI) bool {
	auth, host, p, query := u.HasAuthority(), u.RawHost(), u.RawPath(), u.HasQuery()
	pq, user := pathAndQuery(u), u.HasUserinfo()
	switch strings.ToLower(u.Scheme()) {
	case "http", "https", "ws", "wss":
		return auth && host != "" && !user
	case "gopher":
		// After the host, nothing or "/" and an item: no query alone.
		return auth && host != "" && !user && (p != "" || !query)
	case "ftp":
		i := strings.Index(pq, ";type=")
		// After the host, nothing or "/" fpath: no query alone.
		return auth && host != "" && (p != "" || !query) &&
			(i < 0 || i == len(pq)-len(";type=x") && ftpTypeRef.MatchString(pq))
	case "telnet":
		return auth && host != "" && (p == "/" || p == "") && !query
	case "nntp":
		return auth && host != "" && !user && nntpPathRef.MatchString(p) && !query
	case "wais":
		return auth && host != "" && !user && !strings.ContainsAny(u.RawQuery(), "/?") &&
			(waisSearchRef.MatchString(p) || waisDocRef.MatchString(p) && !query)
	case "prospero":
		return auth && host != "" && !user && p != "" && prosperoRef.MatchString(pq)
	case "file":
		return auth && !user && u.Port() == "" && p != ""
	case "mailto":
		return !auth && (p != "" || u.RawQuery() != "")
	case "news":
		if strings.Contains(pq, "@") {
			return !auth && newsArticleRef.MatchString(pq)
		}
		return !auth && (pq == "*" || groupRef.MatchString(pq))
	}
	return true
}

// FuzzShape checks CheckShape against shapeRef: nil for a URL in shape (or
// of a scheme without one), ErrSchemeShape with an offset inside the input
// otherwise, and the URI's own error for an invalid one. FTPType must be
// the typecode that ends an ftp URL in shape, in lower case.
func FuzzShape(f *testing.F) {
	addSeeds(f)
	for _, s := range shapeSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := fasturi.ParseString(s)
		off, shapeErr := u.CheckShape()
		switch {
		case err != nil:
			if shapeErr != err || off != u.ErrorOffset() {
				t.Fatalf("%q is invalid (%v at %d); CheckShape gives %d, %v", s, err, u.ErrorOffset(), off, shapeErr)
			}
		case shapeRef(&u):
			if shapeErr != nil || off != -1 {
				t.Fatalf("%q has its scheme's shape; CheckShape gives %d, %v", s, off, shapeErr)
			}
		default:
			if shapeErr != fasturi.ErrSchemeShape || off < 0 || off > len(s) {
				t.Fatalf("%q lacks its scheme's shape; CheckShape gives %d, %v", s, off, shapeErr)
			}
		}
		typ, ok := u.FTPType()
		var want byte
		if err == nil && strings.EqualFold(u.Scheme(), "ftp") && shapeRef(&u) {
			if m := ftpTypeRef.FindStringSubmatch(pathAndQuery(&u)); m != nil {
				want = strings.ToLower(m[1])[0]
			}
		}
		if ok != (want != 0) || typ != want {
			t.Fatalf("FTPType of %q: %q, %v; want %q", s, typ, ok, want)
		}
	})
}
