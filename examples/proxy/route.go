package main

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/fasturi/fasturi"
)

// A route sends the requests whose path is under a prefix to a backend of
// its own: "/api" takes "/api" and "/api/v1/x", but neither "/apix" nor
// "/api%2Fx", whose "%2F" is data, not a separator.
//
// Routes match the path that is forwarded, normalized (RFC 3986 sections
// 6.2.2 and 6.2.3; -route turns -normalize on): "/a/../api/x" and
// "/%61pi/x" are "/api/x", so that the route that the proxy picks and the
// path that the backend gets are one reading of the target. Paths are
// case-sensitive, and a segment with path parameters is another segment
// ("/api;x/y" is not under "/api", though Tomcat and Jetty would read it
// so: -refuse-underflow does not cover that, but a route whose backend
// reads paths that way can say so in its own rules).
type route struct {
	prefix  string // a normalized absolute path, without a '/' at the end but for "/"
	backend *url.URL
}

// parseRoute parses a -route value, PREFIX=URL: an absolute path, which is
// normalized, and a backend as -backend takes one.
func parseRoute(s string) (route, error) {
	prefix, backend, ok := strings.Cut(s, "=")
	if !ok {
		return route{}, fmt.Errorf("-route %q: want PREFIX=URL, as /api=http://127.0.0.1:9001", s)
	}
	u, err := fasturi.ParseString(prefix)
	switch {
	case err != nil:
		return route{}, fmt.Errorf("-route %q: the prefix: %v", s, u.Err())
	case !strings.HasPrefix(prefix, "/") || strings.HasPrefix(prefix, "//") || u.HasQuery() || u.HasFragment():
		return route{}, fmt.Errorf("-route %q: the prefix must be an absolute path, without a query", s)
	}
	n, _, err := fasturi.AppendNormalize(nil, u, fasturi.NormalizeScheme, 0)
	if err != nil {
		return route{}, fmt.Errorf("-route %q: the prefix: %v", s, err)
	}
	r := route{prefix: string(n)}
	if r.prefix != "/" {
		r.prefix = strings.TrimSuffix(r.prefix, "/")
	}
	if r.backend, err = parseBackend(backend); err != nil {
		return route{}, fmt.Errorf("-route %q: %w", s, err)
	}
	return r, nil
}

// under reports whether path, normalized, is under r's prefix.
func (r *route) under(path string) bool {
	if r.prefix == "/" {
		return strings.HasPrefix(path, "/")
	}
	rest, ok := strings.CutPrefix(path, r.prefix)
	return ok && (rest == "" || rest[0] == '/')
}

// route returns the backend of the longest prefix that f's path is under,
// or the proxy's -backend. "*" goes to -backend.
func (p *proxy) route(f *forward) *url.URL {
	backend, longest := p.backend, -1
	if f.form == fasturi.AsteriskForm {
		return backend
	}
	for i := range p.cfg.routes {
		r := &p.cfg.routes[i]
		if len(r.prefix) > longest && r.under(f.rawPath) {
			backend, longest = r.backend, len(r.prefix)
		}
	}
	return backend
}
