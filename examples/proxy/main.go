// Proxy is a reverse proxy that checks the request-target of every request
// with fasturi before it forwards the request to a backend, chosen by the
// path's prefix, with net/http/httputil's ReverseProxy.
//
// The proxy reads the target as it came on the request line
// (Request.RequestURI), not as net/url decoded it into Request.URL, and
// parses it with fasturi.ParseRequestTargetString, which applies the forms
// of RFC 9112 section 3.2 by method: the origin-form ("/where?q=now") and
// the absolute-form ("http://host/where"), the authority-form for CONNECT
// only, and "*" for OPTIONS only. What it forwards comes from that parse:
// the path and the query as written (or normalized, with -normalize: the
// only way the proxy changes them), on the request line of the outgoing
// request, and for an absolute-form target its host and port in
// X-Forwarded-Host. X-Forwarded-For, X-Forwarded-Host and X-Forwarded-Proto
// are set as httputil's SetXForwarded sets them (X-Forwarded-Host not at
// all for a request whose Host names no host, or without one), and the
// outgoing Host header names the backend, as SetURL does; an empty port
// after the Host header's host is dropped, as it is from an absolute-form
// target's authority. The headers X-Original-URL, X-Rewrite-URL and
// X-Original-URI are dropped: IIS's URL Rewrite, Symfony and Zend route the
// targets of the first two instead of the request line's, and
// authentication servers check that of the third. So is every X-Forwarded-*
// header but the three the proxy sets (-Port, -Prefix, -Ssl, -Scheme, -Uri,
// -User, -Client-Cert, ...), and X-Real-IP, X-Url-Scheme and
// Front-End-Https, which backends take for what the proxy in front of them
// saw (Rack and PHP applications read https from some before
// X-Forwarded-Proto); and every spelling of these headers and of those the
// proxy sets with other bytes than letters and digits for the '-'
// ("X_Forwarded_Host", "X.Forwarded.Host"), which net/http keeps apart but
// CGI, WSGI, PHP, IIS and lighttpd read as the same variable
// (HTTP_X_FORWARDED_HOST), as are such spellings of Transfer-Encoding,
// Content-Length, Keep-Alive and Proxy-Connection, which a backend that
// maps '_' to '-' would read as framing the proxy did not send. Other
// headers go on as they came,
// X-HTTP-Method-Override among them: a backend that reads it routes by a
// method that the proxy did not check.
//
// Requests go to -backend, or with -route to the backend of the longest
// prefix their path is under, as whole segments: "-route
// /api=http://127.0.0.1:9001" takes "/api" and "/api/x", not "/apix" or
// "/api%2Fx". Routes match the normalized path, which is what is
// forwarded (-route turns -normalize on), in each of the readings that
// servers make of it: as written, with empty segments merged (nginx,
// Tomcat), with path parameters dropped (Tomcat, Jetty), and with both,
// with the dot-segments that each uncovers resolved. Each reading takes
// the route of the longest prefix it is under, or none, and a request
// whose readings do not all take the same one is refused (403): with a
// route for "/api", "//api/x", "/api;v=1/x", "/x/..;/api/x" and
// "/api/..;/manager" (which Tomcat behind "/api" reads as "/manager").
// Readings that fold case (IIS) or decode "%2F" and "%5C" are not made
// (-refuse-encoded-slash refuses the latter). A backend's base
// path, which holds no dot-segment, goes before every path forwarded to it
// ("http://b/v1" gets "/v1/api/x" for "/api/x"), but confines nothing by
// itself: "/../admin" goes as
// "/base/../admin" without -normalize, and "/..;/admin", which Tomcat and
// Jetty read as "/admin", as "/base/..;/admin" even with it; only
// -refuse-underflow keeps paths under the base path for the readings it
// names.
//
// The proxy answers these itself:
//
//   - 400 for a target that is not valid, or that the method does not
//     allow, with a one-line body that names the error and its byte offset
//     and quotes the target around it:
//     `fasturi: invalid path: '\\' at offset 2 in "/a\\b"`. Also 400: an
//     absolute-form target that is not an http or https URI with a host,
//     which no origin server behind a reverse proxy can serve; a Host
//     header that is no uri-host [ ":" port ] (fasturi.ParseHostHeader),
//     as RFC 9112 section 3.2 has a server answer, which net/http lets
//     through ("a%zz"): for an absolute-form target only with
//     -refuse-host-mismatch, as net/http replaces that header with the
//     target's authority; a port, the target's or the Host header's,
//     above 65535; and a host with a ',', or a "%2C": a reg-name
//     may hold one, but X-Forwarded-Host, which carries the host on, is a
//     comma-separated list to its readers, some of which take its first
//     element and some its last.
//   - 403 for a valid target that a policy flag refuses, with a one-line
//     body that names the flag: "refused by -refuse-userinfo: ...", or
//     whose readings take different routes ("refused by -route: ..."). A
//     refusal is a decision about a well-formed request, so it is kept
//     apart from the 400 of malformed ones.
//   - 405 for CONNECT with a valid authority-form target: a reverse proxy
//     opens no tunnels. A malformed CONNECT target is still a 400, as is
//     one with a port above 65535 or a host with a ','.
//   - 400 too for a forwarded request whose body broke off before its
//     end (a chunked body cut short, fewer bytes than its Content-Length),
//     and 408 for one whose body stalled for -body-timeout; the
//     connection is then closed, as its framing is lost.
//   - 502 when the backend cannot be reached, or sends no response head
//     within -backend-timeout; the log line names the backend.
//
// Each of these answers goes to the log too, on standard error: one line
// with a UTC timestamp, the client's address, the method, the target
// quoted and the answer. A request whose client closes its connection
// before the backend answers is logged as 499, nginx's code for it, so
// that a backend's 502s can be told from clients that went away. Targets,
// hosts and headers are quoted, in answers and log lines, up to their
// first 256 bytes. Forwarded requests leave no line: the backend logs
// them. Nor do net/http's own answers, below.
//
// The server waits 10 seconds at most for a request's head (and then
// closes the connection without an answer), 2 minutes for the next
// request on an idle connection, and -body-timeout for each read of a
// body; for a refused request, whose body net/http reads on (up to 256
// KiB) to keep the connection, -body-timeout for all of it, and the
// connection closes if it stalls, as it does after the 405 to CONNECT,
// whose client may have sent tunnel bytes. The proxy speaks plain HTTP: it terminates no TLS, and
// X-Forwarded-Proto is always "http". X-Forwarded-For is replaced, not
// appended to, as SetXForwarded does: the proxy is meant to be the
// first hop, and the chain of a load balancer in front of it is lost.
//
// After a request with a Transfer-Encoding, and after every HTTP/1.0
// request, the proxy closes the connection: RFC 9112 section 6.1 has a
// server do so after a request with both Transfer-Encoding and
// Content-Length, which smuggles requests past a front end that frames by
// the latter, and after an HTTP/1.0 request with a Transfer-Encoding; and
// net/http, which reads the chunked body (or, for HTTP/1.0, drops the
// Transfer-Encoding), leaves no trace of the other header. A request with
// a Transfer-Encoding that asks to switch protocols (an Upgrade field, and
// "upgrade" among the Connection options) is a 400: after a 101 the
// connection would go on. In HTTP/1.0 the Upgrade is ignored, as RFC 9110
// section 7.8 has a server do, and not forwarded.
//
// Without -normalize, an origin-form "//x/y" goes on as it came, a path;
// a backend that resolves it against a base URL (WHATWG's new URL(path,
// base)) reads x as a host. -normalize sends "/.//x/y", which reads as a
// path to all.
//
// OPTIONS * is forwarded as OPTIONS *: net/http's server would otherwise
// answer it itself, so the proxy turns that off
// (Server.DisableGeneralOptionsHandler).
//
// Some requests never reach the proxy's handler: net/http's server answers
// them itself, and closes the connection: 431 for a head over 1 MiB (and
// the 4 KiB net/http allows over its limit), 501 for a Transfer-Encoding
// other than chunked, 505 for a version other than HTTP/1.x, and 400
// ("400 Bad Request") for the malformed ones.
// Among them are a target with a space or a raw control byte (NUL, CR,
// tab), a malformed percent-encoding in the path or the host ("/a%zz"), a
// target that is neither "*" nor starts with '/' and has no scheme, an
// absolute-form target whose authority net/url refuses ("http://a#@b/",
// "http://a[b]/", "http://[::1]x/", `http://example.com\@evil/`), and an
// HTTP/1.1 request without a Host header or with one net/http refuses.
// Others net/url accepts, and the proxy refuses: a '#' (net/url reads it
// as part of the path, and a plain ReverseProxy forwards it as "%23"), a
// backslash, a '[' in the path or the query, raw bytes >= 0x80, and a second
// '@' (net/url takes the last one: "http://a@b@c/" is host c to it). The
// tests list every case.
//
// Flags:
//
//	-listen addr             address to listen on (default 127.0.0.1:8080)
//	-backend URL             the backend, http or https, with an optional base path (required)
//	-refuse-userinfo         refuse absolute-form targets with userinfo ("http://trusted@evil/")
//	-refuse-legacy-ipv4      refuse hosts that resolvers read as IPv4 in a legacy form
//	                         ("0x7f.1", "0177.0.0.1", "2130706433", "127.1"): the target's host,
//	                         or the Host header for the other forms. And as fasturi.LegacyIPv4's
//	                         documentation advises, for the readings it leaves out, a reg-name
//	                         whose last label is a number (Facts.NumericLastLabel:
//	                         "4294967297" and "08" to BSD) or that decodes to whitespace or a
//	                         control, where C resolvers stop ("169.254.169.254%20.example",
//	                         "127.0.0.1%00")
//	-refuse-encoded-non-ascii-host
//	                         refuse hosts with a percent-encoded byte >= 0x80, the target's or
//	                         the Host header's: IDNA (UTS #46) maps them before resolving, and
//	                         "%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1" (fullwidth digits) is
//	                         127.0.0.1 to net/http. Raw bytes >= 0x80 are refused always
//	-refuse-encoded-controls refuse a percent-encoded control character ("%00" to "%1F",
//	                         "%7F") in the target's userinfo, host or path, or in the Host
//	                         header for the forms without a host: what cuts C strings
//	                         ("/..%00/x"), splits log lines and headers once decoded
//	-refuse-encoded-slash    refuse a percent-encoded '/' or '\' in the path (%2F, %5C)
//	-refuse-encoded-percent  refuse a percent-encoded '%' in the path (%25): a backend, or a
//	                         filter, that decodes twice reads "/%252e%252e/" as "/../"
//	-refuse-underflow        refuse a path whose ".." climbs above the root, literal or
//	                         percent-encoded ("/../etc", "/%2e%2e/etc"), in the readings of
//	                         fasturi.Facts.PathUnderflow: empty segments merged ("//../x"),
//	                         path parameters dropped ("/..;/x"), or "%2F" and "%5C" decoded
//	                         into separators ("/a/..%2F..%2Fx"). Not the readings of servers
//	                         that drop trailing dots and spaces ("/..%20/x", "/.../x") or
//	                         decode overlong UTF-8 ("/%c0%ae%c0%ae/x")
//	-refuse-host-mismatch    refuse absolute-form targets whose authority differs from the Host
//	                         header (another host, or another port, the scheme's default port
//	                         standing for none); a missing Host header differs
//	-normalize               forward the target normalized (RFC 3986 sections 6.2.2 and 6.2.3):
//	                         "/a/./b/../c" as "/a/c", "%7e" as "~", "%2f" as "%2F"
//	-route PREFIX=URL        send the paths under PREFIX to the backend URL instead (repeatable;
//	                         turns on -normalize; one route a prefix)
//	-backend-timeout d       longest wait for the head of a backend's response (default 1m; 0:
//	                         none)
//	-body-timeout d          longest wait for the next bytes of a request's body (default 1m;
//	                         0: none)
//	-loadtest N              run the load test with N requests per proxy, print, and exit
//	                         (with its own backend: no -backend or -route)
//	-concurrency C           clients of the load test (default 8)
//
// A request that switches protocols (Upgrade, answered 101 by the
// backend) is checked as any other; the bytes after it on that connection
// are the new protocol's, which httputil passes through unchecked. With
// -refuse-host-mismatch, the Host headers after a request that asks to
// switch are no longer read, whether or not the backend switches: an
// absolute-form request after it on the same connection is refused.
//
// net/http's server drops the Host header of every request, and for an
// absolute-form target sets Request.Host from the target instead (RFC 9112
// section 3.2.2), so with -refuse-host-mismatch the proxy reads each
// connection's requests a second time, with net/http's own reader, to see
// the header as it came (hostheader.go).
//
// To run it in front of a backend on port 9000:
//
//	go run ./examples/proxy -backend http://127.0.0.1:9000 -refuse-encoded-slash -refuse-underflow
//	printf 'GET /a%%2Fb HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n' | nc 127.0.0.1 8080
//
// The load test needs no backend: in one process it starts a backend that
// answers 200 with a small body, this proxy (with the policy flags given)
// and a plain ReverseProxy without the check, sends the same N origin-form
// requests to each from C clients over keep-alive connections, in rounds
// that alternate the two, and prints requests per second, the mean, median
// and 99th percentile latency per request for each, and what the checking
// proxy adds: the difference of the means, and of the medians, which a busy
// machine disturbs less. That difference holds more than the check (the
// request copied with its forward in the context, the URL built from it)
// and is within the noise of loopback requests on a busy machine, so the
// test also times the check alone, in a loop over the same targets, and
// gives its share of the plain proxy's mean latency and of its CPU time
// per request (the cores over the requests per second):
//
//	go run ./examples/proxy -loadtest 100000 -concurrency 8 -refuse-encoded-slash -normalize
package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:8080", "`address` to listen on")
	backend := flag.String("backend", "", "`URL` of the backend, http or https, with an optional base path (required unless -loadtest)")
	var cfg config
	flag.BoolVar(&cfg.refuseUserinfo, "refuse-userinfo", false, "refuse absolute-form targets with userinfo")
	flag.BoolVar(&cfg.refuseLegacyIPv4, "refuse-legacy-ipv4", false, "refuse hosts that resolvers read as IPv4 in a legacy form (0x7f.1, 0177.0.0.1, 2130706433, 127.1), or may (4294967297, 08, 127.0.0.1%00)")
	flag.BoolVar(&cfg.refuseIDNAHost, "refuse-encoded-non-ascii-host", false, "refuse hosts with a percent-encoded byte >= 0x80, which IDNA maps before resolving")
	flag.BoolVar(&cfg.refuseControls, "refuse-encoded-controls", false, "refuse a percent-encoded control character (%00 to %1F, %7F) in the target's userinfo, host or path, or in the Host header of a target without a host")
	flag.BoolVar(&cfg.refuseEncodedSlash, "refuse-encoded-slash", false, "refuse a percent-encoded '/' or '\\' in the path")
	flag.BoolVar(&cfg.refuseEncodedPct, "refuse-encoded-percent", false, "refuse a percent-encoded '%' in the path, which a second decoding reads as another encoding")
	flag.BoolVar(&cfg.refuseUnderflow, "refuse-underflow", false, "refuse a path whose \"..\" climbs above the root in the readings of fasturi.Facts.PathUnderflow: slashes merged, \";\" parameters dropped, %2F and %5C decoded")
	flag.BoolVar(&cfg.refuseHostMismatch, "refuse-host-mismatch", false, "refuse absolute-form targets whose authority differs from the Host header")
	flag.BoolVar(&cfg.normalize, "normalize", false, "forward the target normalized (RFC 3986 sections 6.2.2 and 6.2.3)")
	flag.Func("route", "send the paths under a prefix to a backend of its own, given as `PREFIX=URL` (repeatable; turns on -normalize)", cfg.addRoute)
	flag.DurationVar(&cfg.backendTimeout, "backend-timeout", time.Minute, "longest wait for the head of a backend's response (0: none)")
	flag.DurationVar(&cfg.bodyTimeout, "body-timeout", time.Minute, "longest wait for the next bytes of a request's body (0: none)")
	requests := flag.Int("loadtest", 0, "run a load test of `N` requests per proxy on loopback, print the figures and exit")
	clients := flag.Int("concurrency", 8, "`clients` of the load test, each on its own keep-alive connection")
	flag.Parse()
	log.SetFlags(log.LstdFlags | log.LUTC)
	log.SetPrefix("proxy: ")
	if flag.NArg() > 0 {
		log.Fatalf("unexpected arguments %q", flag.Args())
	}

	set := map[string]bool{}
	flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["loadtest"] {
		switch {
		case *requests < 1:
			log.Fatal("-loadtest must be at least 1")
		case *clients < 1:
			log.Fatal("-concurrency must be at least 1")
		case *backend != "" || len(cfg.routes) > 0:
			log.Fatal("-loadtest starts its own backend: no -backend or -route")
		case set["listen"]:
			log.Fatal("-loadtest listens on loopback ports of its own: no -listen")
		}
		if err := loadTest(os.Stdout, *requests, *clients, cfg); err != nil {
			log.Fatal(err)
		}
		return
	}

	b, err := parseBackend(*backend)
	if err != nil {
		log.Fatal(err)
	}
	l, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatal(err)
	}
	p := newProxy(b, cfg)
	log.Printf("listening on %s, forwarding to %s; %s", l.Addr(), b, describe(cfg))
	log.Fatal(p.serve(p.newServer(), l))
}

// parseBackend parses the -backend URL: http or https, a host, and
// perhaps a base path that forwarded paths go under, but no userinfo,
// query or fragment, which no forwarded request could keep.
func parseBackend(s string) (*url.URL, error) {
	if s == "" {
		return nil, errors.New("-backend is required")
	}
	if !strings.Contains(s, "://") {
		return nil, fmt.Errorf("-backend %q: give a URL, as http://%s", s, strings.TrimPrefix(s, "//"))
	}
	b, err := url.Parse(s)
	switch {
	case err != nil:
		return nil, fmt.Errorf("-backend: %w", err)
	case b.Scheme != "http" && b.Scheme != "https":
		return nil, fmt.Errorf("-backend %q: the scheme must be http or https", s)
	case b.Hostname() == "":
		return nil, fmt.Errorf("-backend %q: no host", s)
	case b.Port() != "" && !isPort(b.Port()):
		return nil, fmt.Errorf("-backend %q: the port must be a number from 1 to 65535", s)
	case b.User != nil, b.RawQuery != "", b.ForceQuery, strings.Contains(s, "#"): // a '#' starts a fragment, even an empty one
		return nil, fmt.Errorf("-backend %q: only a scheme, a host and a path", s)
	case strings.HasPrefix(b.EscapedPath(), "//"):
		// Under "//", a forwarded path would start with an empty
		// segment, "//evil.example/x", which reads as an authority.
		return nil, fmt.Errorf("-backend %q: a base path that starts with an empty segment", s)
	case strings.HasSuffix(b.Path, "/") && !strings.HasSuffix(b.EscapedPath(), "/"):
		// A base path ends in '/' or not, as forwarded paths go under it
		// ("/base/" and "/base" alike): one that ends in "%2F" is neither.
		return nil, fmt.Errorf("-backend %q: a base path that ends in an encoded '/'", s)
	case hasDotSegment(b.EscapedPath()):
		// A backend that resolves it would read "/a/.." and the
		// forwarded "//evil.example/x" as "//evil.example/x", an
		// authority.
		return nil, fmt.Errorf("-backend %q: a base path with a \".\" or \"..\" segment", s)
	}
	return b, nil
}

// isPort reports whether p, digits, is a port number from 1 to 65535.
func isPort(p string) bool {
	n, err := strconv.ParseUint(p, 10, 16)
	return err == nil && n > 0
}

// hasDotSegment reports whether the escaped path p has a segment that is
// "." or "..", percent-encoded or not, and with path parameters or not
// ("..;x").
func hasDotSegment(p string) bool {
	for seg := range strings.SplitSeq(p, "/") {
		seg, _, _ = strings.Cut(seg, ";") // as servers that drop path parameters read it
		switch strings.ToLower(seg) {
		case ".", "..", "%2e", "%2e%2e", ".%2e", "%2e.":
			return true
		}
	}
	return false
}

// describe says how cfg sets the proxy: its policy flags and routes.
func describe(cfg config) string {
	var parts []string
	if f := cfg.flags(); len(f) > 0 {
		parts = append(parts, strings.Join(f, " "))
	} else {
		parts = append(parts, "no policy flags")
	}
	for _, r := range cfg.routes {
		parts = append(parts, fmt.Sprintf("%s to %s", r.prefix, r.backend))
	}
	return strings.Join(parts, "; ")
}
