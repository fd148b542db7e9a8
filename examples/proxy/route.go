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
// "/%61pi/x" are "/api/x". Backends read that path further, and a request
// that its route sends to one backend, which reads it as a path that
// another route (or -backend) takes, would bypass that route and the
// access rules of its backend: "/api/..;/manager", which Tomcat behind
// "/api" reads as "/manager". So a path is matched in each of the
// readings of routeReadings: as written, with empty segments merged
// (nginx's merge_slashes, Tomcat), with path parameters dropped (Tomcat,
// Jetty), and with both, each with the dot-segments that it uncovers
// resolved. Each reading takes the route of the longest prefix it is
// under, or none (-backend), and a request whose readings do not all take
// the same one is refused: "//api/x", "/api;v=1/x", "/api/..;/x" and
// "/x/..;/api" with a route for "/api", and with routes for "/a" and
// "/a/b" "/a/b/..;/..;/a/c" too, whose readings fall under both. What is
// forwarded is the normalized path, unchanged. Other readings are not
// made: case folding (IIS) and "%2F" or "%5C" decoded ("/api%2Fx" is not
// under "/api"; -refuse-encoded-slash refuses it). Paths are
// case-sensitive.
type route struct {
	prefix  string // a normalized absolute path, without a '/' at the end but for "/"
	backend *url.URL
}

// parseRoute parses a -route value, PREFIX=URL: an absolute path, which is
// normalized, and must then read as itself in every reading of
// routeReadings (no empty segment, no path parameters),
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
		return route{}, fmt.Errorf("-route %q: the prefix must be an absolute path alone, without a query or a fragment", s)
	}
	n, _, err := fasturi.AppendNormalize(nil, u, fasturi.NormalizeScheme, 0)
	if err != nil {
		return route{}, fmt.Errorf("-route %q: the prefix: %v", s, err)
	}
	r := route{prefix: string(n)}
	if r.prefix != "/" {
		r.prefix = strings.TrimSuffix(r.prefix, "/")
	} else if prefix != "/" {
		// "/a/.." takes every path: one who means that writes "/".
		return route{}, fmt.Errorf("-route %q: the prefix normalizes to \"/\", which takes every path", s)
	}
	if reading(r.prefix, true, true) != r.prefix {
		// No path would match it as routes read paths.
		return route{}, fmt.Errorf("-route %q: the prefix must have no empty segment and no ';' parameters", s)
	}
	if r.backend, err = parseBackend(backend); err != nil {
		return route{}, fmt.Errorf("-route %q: %w", s, err)
	}
	return r, nil
}

// routeReadings returns the readings of the normalized path p that
// routes match (see route): as written, with empty segments merged, with
// path parameters (from a ';' to the end of a segment) dropped, and with
// both; in each the dot-segments that are left are then resolved as RFC
// 3986 section 5.2.4 does, among them the "." of the "/.//" that shields a
// path that starts with "//". Each is an absolute path, "/" at least.
func routeReadings(p string) [4]string {
	return [4]string{reading(p, false, false), reading(p, true, false), reading(p, false, true), reading(p, true, true)}
}

// reading returns the reading of p with empty segments merged or not, and
// path parameters dropped or not (see routeReadings).
func reading(p string, merge, dropParams bool) string {
	var segs []string
	for _, seg := range strings.Split(p, "/")[1:] {
		if dropParams {
			seg, _, _ = strings.Cut(seg, ";")
		}
		switch {
		case seg == "..":
			if len(segs) > 0 {
				segs = segs[:len(segs)-1]
			}
		case seg == ".", seg == "" && merge:
		default:
			segs = append(segs, seg)
		}
	}
	return "/" + strings.Join(segs, "/")
}

// addRoute adds the route of a -route value (see parseRoute), and refuses
// a second route for one prefix.
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
	return nil
}

// under reports whether path, a reading of routeReadings, is under r's
// prefix.
func (r *route) under(path string) bool {
	if r.prefix == "/" {
		return strings.HasPrefix(path, "/")
	}
	rest, ok := strings.CutPrefix(path, r.prefix)
	return ok && (rest == "" || rest[0] == '/')
}

// route returns the backend of the longest prefix that each reading of
// f's path is under, or the proxy's -backend when none is; or, when two
// readings take different routes, why not (see route). "*" goes to
// -backend.
func (p *proxy) route(f *forward) (backend *url.URL, conflict string) {
	if f.form == fasturi.AsteriskForm || len(p.cfg.routes) == 0 {
		return p.backend, ""
	}
	chosen := p.longestRoute(f.rawPath)
	if strings.Contains(f.rawPath, "//") || strings.IndexByte(f.rawPath, ';') >= 0 {
		// Only an empty segment or a parameter makes readings differ
		// where a route can tell: a normalized path has no dot-segment
		// but the "/." of the "/.//" shield, and a trailing '/' that
		// merging drops matches the prefixes that it matches without.
		for _, path := range routeReadings(f.rawPath) {
			if i := p.longestRoute(path); i != chosen {
				return nil, "the path reads as " + p.routeName(chosen) + " to some servers and as " + p.routeName(i) + " to others"
			}
		}
	}
	if chosen < 0 {
		return p.backend, ""
	}
	return p.cfg.routes[chosen].backend, ""
}

// routeName names route i, or -1 for none, in a refusal.
func (p *proxy) routeName(i int) string {
	if i < 0 {
		return "under no route"
	}
	return "under " + p.cfg.routes[i].prefix
}

// longestRoute returns the index of the route with the longest prefix
// that path is under, or -1.
func (p *proxy) longestRoute(path string) int {
	longest := -1
	for i := range p.cfg.routes {
		if r := &p.cfg.routes[i]; r.under(path) && (longest < 0 || len(r.prefix) > len(p.cfg.routes[longest].prefix)) {
			longest = i
		}
	}
	return longest
}
