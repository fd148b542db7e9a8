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
// "/%61pi/x" are "/api/x". Backends read that path further, and a route
// must hold for each reading, or a request that the default backend
// reads as "/api/x" would bypass the route that "/api" has (and the
// access rules of its backend): so a path matches as servers read it
// that merge empty segments (nginx's merge_slashes, Tomcat), "//api/x",
// and that drop path parameters (Tomcat, Jetty), "/api;v=1/x", then
// resolve the dot-segments that this uncovers, "/x/..;/api". What is
// forwarded is the normalized path, unchanged. Paths are case-sensitive,
// and "%2F" is data, not a separator ("/api%2Fx" is not under "/api";
// -refuse-encoded-slash refuses it).
type route struct {
	prefix  string // a normalized absolute path, without a '/' at the end but for "/"
	backend *url.URL
}

// parseRoute parses a -route value, PREFIX=URL: an absolute path, which is
// normalized, and must then read as routes read paths (see routeReading),
// and a backend as -backend takes one.
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
	if routeReading(r.prefix) != r.prefix {
		// No path would match it as routes read paths.
		return route{}, fmt.Errorf("-route %q: the prefix must have no empty segment and no ';' parameters", s)
	}
	if r.backend, err = parseBackend(backend); err != nil {
		return route{}, fmt.Errorf("-route %q: %w", s, err)
	}
	return r, nil
}

// routeReading returns the reading of the normalized path p that routes
// match (see route): empty segments merged, path parameters (from a ';'
// to the end of a segment) dropped, and the dot-segments left then
// resolved, among them the "." of the "/.//" that shields a path starting
// with "//". It returns an absolute path, "/" at least.
func routeReading(p string) string {
	var segs []string
	for seg := range strings.SplitSeq(p, "/") {
		seg, _, _ = strings.Cut(seg, ";")
		switch seg {
		case "", ".":
		case "..":
			if len(segs) > 0 {
				segs = segs[:len(segs)-1]
			}
		default:
			segs = append(segs, seg)
		}
	}
	return "/" + strings.Join(segs, "/")
}

// addRoute adds the route of a -route value (see parseRoute), which turns
// normalization on, and refuses a second route for one prefix.
func (c *config) addRoute(v string) error {
	r, err := parseRoute(v)
	if err != nil {
		return err
	}
	for _, o := range c.routes {
		if o.prefix == r.prefix {
			return fmt.Errorf("-route %q: the prefix %s has a route already", v, r.prefix)
		}
	}
	c.routes = append(c.routes, r)
	c.normalize = true // routes match normalized paths (see route)
	return nil
}

// under reports whether path, a routeReading, is under r's prefix.
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
	path := routeReading(f.rawPath)
	for i := range p.cfg.routes {
		r := &p.cfg.routes[i]
		if len(r.prefix) > longest && r.under(path) {
			backend, longest = r.backend, len(r.prefix)
		}
	}
	return backend
}
