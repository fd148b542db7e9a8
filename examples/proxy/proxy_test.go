package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// seen is what reached the backend of one request.
type seen struct {
	method, requestURI, path, rawPath, rawQuery string
	host, forwardedHost                         string
	body                                        string
}

// testBackend records what reaches it, by the X-Test-Id header that each
// test request carries.
type testBackend struct {
	url  *url.URL
	mu   sync.Mutex
	seen map[string]seen
}

func startBackend(t *testing.T) *testBackend {
	t.Helper()
	b := &testBackend{seen: map[string]seen{}}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		b.mu.Lock()
		b.seen[r.Header.Get("X-Test-Id")] = seen{
			method: r.Method, requestURI: r.RequestURI,
			path: r.URL.Path, rawPath: r.URL.RawPath, rawQuery: r.URL.RawQuery,
			host: r.Host, forwardedHost: r.Header.Get("X-Forwarded-Host"),
			body: string(body),
		}
		b.mu.Unlock()
		io.WriteString(w, "backend\n")
	}))
	// Or net/http would answer OPTIONS * itself.
	srv.Config.DisableGeneralOptionsHandler = true
	srv.Start()
	t.Cleanup(srv.Close)
	b.url, _ = url.Parse(srv.URL)
	return b
}

// got returns what reached the backend of the request with the given id.
func (b *testBackend) got(id string) (seen, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	s, ok := b.seen[id]
	return s, ok
}

// startProxy starts the proxy to backend with cfg on a loopback port, as
// main does, and returns its address.
func startProxy(t *testing.T, backend *url.URL, cfg config) string {
	addr, _ := startProxyLog(t, backend, cfg)
	return addr
}

// startProxyLog is startProxy, and returns the proxy's log too, whose
// lines the proxy writes before it answers.
func startProxyLog(t *testing.T, backend *url.URL, cfg config) (string, func() string) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := newProxy(backend, cfg)
	var mu sync.Mutex
	var logged strings.Builder
	p.logf = func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(&logged, format+"\n", args...)
	}
	srv := p.newServer()
	go p.serve(srv, l)
	t.Cleanup(func() {
		srv.Close()
		p.rp.Transport.(*http.Transport).CloseIdleConnections()
	})
	return l.Addr().String(), func() string {
		mu.Lock()
		defer mu.Unlock()
		return logged.String()
	}
}

var testID atomic.Int64

// request returns a raw HTTP/1.1 request with a new X-Test-Id, and the id.
// An empty host sends no Host header.
func request(method, target, host string) (raw, id string) {
	id = strconv.FormatInt(testID.Add(1), 10)
	var b strings.Builder
	b.WriteString(method + " " + target + " HTTP/1.1\r\n")
	if host != "" {
		b.WriteString("Host: " + host + "\r\n")
	}
	b.WriteString("X-Test-Id: " + id + "\r\nConnection: close\r\n\r\n")
	return b.String(), id
}

// An answer is a response as the client read it.
type answer struct {
	status int
	header http.Header // without Connection: close, which close says
	body   string
	close  bool // the response said the connection closes after it
}

// exchange writes raw to the proxy at addr, on a connection of its own,
// and reads the responses, one per request that raw holds.
func exchange(t *testing.T, addr, raw string, requests int) []answer {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(conn, raw); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(conn)
	var as []answer
	for range requests {
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("response %d of %q: %v", len(as)+1, raw, err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		as = append(as, answer{resp.StatusCode, resp.Header, string(body), resp.Close})
	}
	return as
}

// want is the outcome of a request: a status and, when it is 200, what
// reached the backend; with any other status, nothing did.
type want struct {
	status int
	// body is a prefix of the answer's body: the proxy's own answers
	// name their cause, and net/http's 400 starts with netHTTP400. A
	// body that ends with "\n" is the whole of it.
	body string
	// For a 200: what reached the backend. fwdHost is X-Forwarded-Host,
	// where "" stands for the Host header that the request sent, and "-"
	// for none. The
	// backend's Host is always its own address.
	uri, path, rawPath, query, fwdHost string
}

// netHTTP400 starts the body of a 400 that net/http's server sends
// itself, before any handler runs.
const netHTTP400 = "400 Bad Request"

// check sends one request to the proxy at addr and compares the outcome.
func check(t *testing.T, b *testBackend, addr, method, target, host string, w want) {
	t.Helper()
	raw, id := request(method, target, host)
	a := exchange(t, addr, raw, 1)[0]
	got, reached := b.got(id)
	if a.status != w.status {
		t.Errorf("%s %q: status %d, want %d (body %q)", method, target, a.status, w.status, a.body)
	}
	if !strings.HasPrefix(a.body, w.body) {
		t.Errorf("%s %q: body %q, want it to start with %q", method, target, a.body, w.body)
	}
	if w.status != http.StatusOK {
		if reached {
			t.Errorf("%s %q: reached the backend as %+v", method, target, got)
		}
		return
	}
	if !reached {
		t.Fatalf("%s %q: nothing reached the backend", method, target)
	}
	fwdHost := w.fwdHost
	switch fwdHost {
	case "":
		fwdHost = host
	case "-":
		fwdHost = ""
	}
	want := seen{method: method, requestURI: w.uri, path: w.path, rawPath: w.rawPath, rawQuery: w.query,
		host: b.url.Host, forwardedHost: fwdHost}
	if got != want {
		t.Errorf("%s %q reached the backend as\n\t%+v\nwant\n\t%+v", method, target, got, want)
	}
}

// all turns on every policy flag but -normalize.
var all = config{
	refuseUserinfo:     true,
	refuseLegacyIPv4:   true,
	refuseIDNAHost:     true,
	refuseControls:     true,
	refuseEncodedSlash: true,
	refuseEncodedPct:   true,
	refuseUnderflow:    true,
	refuseHostMismatch: true,
}

// ok is the outcome of a request forwarded with its target as written.
func ok(uri, path, rawPath, query string) want {
	return want{status: http.StatusOK, body: "backend\n", uri: uri, path: path, rawPath: rawPath, query: query}
}

// okFwd is ok for an absolute-form target, whose authority goes on in
// X-Forwarded-Host.
func okFwd(uri, path, rawPath, query, fwdHost string) want {
	w := ok(uri, path, rawPath, query)
	w.fwdHost = fwdHost
	return w
}

func bad(body string) want { return want{status: http.StatusBadRequest, body: body} }
func refused(rule string) want {
	return want{status: http.StatusForbidden, body: "refused by -" + rule + ": "}
}

// refusedFor is refused, with the reason.
func refusedFor(rule, why string) want {
	return want{status: http.StatusForbidden, body: "refused by -" + rule + ": " + why}
}

// targetTests are requests and their outcomes with every policy flag off
// and, where one applies, with all on. Each names what it tests.
var targetTests = []struct {
	name, method, target, host string
	off                        want
	on                         *want // nil: as off
}{
	// RFC 9112 section 3.2: the forms, by method.
	{"origin-form", "GET", "/a/b?x=1&y=2", "example.com",
		ok("/a/b?x=1&y=2", "/a/b", "", "x=1&y=2"), nil},
	{"origin-form keeps sub-delims unencoded", "GET", "/a!b$c&d'e(f)g*h+i,j;k=l:m@n", "example.com",
		ok("/a!b$c&d'e(f)g*h+i,j;k=l:m@n", "/a!b$c&d'e(f)g*h+i,j;k=l:m@n", "/a!b$c&d'e(f)g*h+i,j;k=l:m@n", ""), nil},
	{"empty query stays", "GET", "/p?", "example.com",
		ok("/p?", "/p", "", ""), nil},
	{"query as written", "GET", "/p?a=1;b=2&c=%2f+d&e", "example.com",
		ok("/p?a=1;b=2&c=%2f+d&e", "/p", "", "a=1;b=2&c=%2f+d&e"), nil},
	{"absolute-form", "GET", "http://example.com/p?q=1", "example.com",
		okFwd("/p?q=1", "/p", "", "q=1", "example.com"), nil},
	{"absolute-form, empty path", "GET", "http://example.com", "example.com",
		okFwd("/", "/", "", "", "example.com"), nil},
	{"absolute-form, empty path and a query", "GET", "http://example.com?q", "example.com",
		okFwd("/?q", "/", "", "q", "example.com"), nil},
	{"absolute-form, port", "GET", "http://example.com:8080/p", "example.com:8080",
		okFwd("/p", "/p", "", "", "example.com:8080"), nil},
	{"absolute-form, empty port", "GET", "http://example.com:/p", "example.com",
		okFwd("/p", "/p", "", "", "example.com"), nil},
	{"absolute-form, IPv6", "GET", "http://[::1]:8080/p", "[::1]:8080",
		okFwd("/p", "/p", "", "", "[::1]:8080"), nil},
	{"absolute-form, https", "GET", "https://example.com/p", "example.com",
		okFwd("/p", "/p", "", "", "example.com"), nil},
	{"absolute-form, case kept", "GET", "HTTP://Example.COM/p", "Example.COM",
		okFwd("/p", "/p", "", "", "Example.COM"), nil},
	{"absolute-form, not http", "GET", "ftp://example.com/f", "example.com",
		bad("absolute-form target is not an http or https URI with a host\n"), nil},
	{"absolute-form, no authority", "GET", "http:/p", "example.com",
		bad("absolute-form target is not an http or https URI with a host\n"), nil},
	{"absolute-form, empty host", "GET", "http:///p", "example.com",
		bad("absolute-form target is not an http or https URI with a host\n"), nil},
	{"absolute-form, opaque", "GET", "urn:isbn:0451450523", "example.com",
		bad("absolute-form target is not an http or https URI with a host\n"), nil},
	{"absolute-form, relative", "GET", "example.com/p", "example.com",
		bad(netHTTP400), nil},
	{"CONNECT, authority-form", "CONNECT", "example.com:443", "example.com:443",
		want{status: http.StatusMethodNotAllowed, body: "CONNECT is not proxied"}, nil},
	{"CONNECT, IPv6", "CONNECT", "[::1]:443", "[::1]:443",
		want{status: http.StatusMethodNotAllowed, body: "CONNECT is not proxied"}, nil},
	{"CONNECT without a port", "CONNECT", "example.com", "example.com",
		bad(`fasturi: request-target form not allowed: unexpected end of input at offset 11 in "example.com"` + "\n"), nil},
	{"CONNECT with an empty port", "CONNECT", "example.com:", "example.com",
		bad(`fasturi: request-target form not allowed: unexpected end of input at offset 12 in "example.com:"` + "\n"), nil},
	{"CONNECT with userinfo", "CONNECT", "u@example.com:443", "example.com:443",
		bad(`fasturi: request-target form not allowed: '@' at offset 1 in "u@example.com:443"` + "\n"), nil},
	{"CONNECT, origin-form", "CONNECT", "/p", "example.com",
		bad(`fasturi: request-target form not allowed: '/' at offset 0 in "/p"` + "\n"), nil},
	{"CONNECT, absolute-form", "CONNECT", "http://example.com:443/", "example.com",
		bad(`fasturi: request-target form not allowed: '/' at offset 5 in "http://example.com:443/"` + "\n"), nil},
	{"OPTIONS *", "OPTIONS", "*", "example.com",
		ok("*", "*", "", ""), nil},
	{"OPTIONS, origin-form", "OPTIONS", "/p", "example.com",
		ok("/p", "/p", "", ""), nil},
	// The server as a whole: the last proxy sends "*" (RFC 9112 section
	// 3.2.4), but for a path or a query.
	{"OPTIONS, absolute-form, empty path", "OPTIONS", "http://example.com", "example.com",
		okFwd("*", "*", "", "", "example.com"), nil},
	{"OPTIONS, absolute-form, path /", "OPTIONS", "http://example.com/", "example.com",
		okFwd("/", "/", "", "", "example.com"), nil},
	{"OPTIONS, absolute-form, query", "OPTIONS", "http://example.com?q", "example.com",
		okFwd("/?q", "/", "", "q", "example.com"), nil},
	{"GET *", "GET", "*", "example.com",
		bad(`fasturi: request-target form not allowed: '*' at offset 0 in "*"` + "\n"), nil},
	{"OPTIONS *x", "OPTIONS", "*x", "example.com",
		bad(netHTTP400), nil},
	{"fragment", "GET", "/a#b", "example.com",
		bad(`fasturi: request-target form not allowed: '#' at offset 2 in "/a#b"` + "\n"), nil},
	{"fragment, absolute-form", "GET", "http://example.com/a#b", "example.com",
		bad(`fasturi: request-target form not allowed: '#' at offset 20 in "http://example.com/a#b"` + "\n"), nil},
	{"//x/y is a path", "GET", "//x/y", "example.com",
		ok("//x/y", "//x/y", "", ""), nil},
	{"///x is a path", "GET", "///x", "example.com",
		ok("///x", "///x", "", ""), nil},
	{"//x/y path of an absolute-form", "GET", "http://example.com//x/y", "example.com",
		okFwd("//x/y", "//x/y", "", "", "example.com"), nil},

	// X-Forwarded-Host is a list to its readers: a host with a ',' would
	// be checked as one host and read as another.
	{"',' in the Host header", "GET", "/", "a.example,0x7f.1",
		bad("the host holds a ','"), nil},
	{"',' first in the Host header", "GET", "/", ",x",
		bad("the host holds a ','"), nil},
	{"',' in an absolute-form host", "GET", "http://a.example,0x7f.1/", "a.example,0x7f.1",
		bad("the host holds a ','"), nil},

	// DESIGN.md's security rules: the confusions.
	{"backslash", "GET", `/a\b`, "example.com",
		bad(`fasturi: invalid path: '\\' at offset 2 in "/a\\b"` + "\n"), nil},
	{"backslash first", "GET", `/\evil.example/`, "example.com",
		bad(`fasturi: invalid path: '\\' at offset 1 in "/\\evil.example/"` + "\n"), nil},
	{"backslash in the authority", "GET", `http://example.com\@evil.example/`, "example.com",
		bad(netHTTP400), nil},
	{"# ends the authority", "GET", "http://a#@b/", "b",
		bad(netHTTP400), nil},
	{"# ends the authority, no path", "GET", "http://a#@b", "b",
		bad(netHTTP400), nil},
	{"%2F", "GET", "/a%2Fb", "example.com",
		ok("/a%2Fb", "/a/b", "/a%2Fb", ""), ptr(refused("refuse-encoded-slash"))},
	{"%2f", "GET", "/a%2fb", "example.com",
		ok("/a%2fb", "/a/b", "/a%2fb", ""), ptr(refused("refuse-encoded-slash"))},
	{"%5C", "GET", "/a%5Cb", "example.com",
		ok("/a%5Cb", `/a\b`, "", ""), ptr(refused("refuse-encoded-slash"))},
	{"%5c", "GET", "/a%5cb", "example.com",
		ok("/a%5cb", `/a\b`, "/a%5cb", ""), ptr(refused("refuse-encoded-slash"))},
	{"%2F in an absolute-form", "GET", "http://example.com/a%2Fb", "example.com",
		okFwd("/a%2Fb", "/a/b", "/a%2Fb", "", "example.com"), ptr(refusedFor("refuse-encoded-slash",
			`"%2F" at offset 20 encodes a path separator`+"\n"))},
	{"%2F after another encoding", "GET", "/%41%2Fb", "example.com",
		ok("/%41%2Fb", "/A/b", "/%41%2Fb", ""), ptr(refusedFor("refuse-encoded-slash",
			`"%2F" at offset 4 encodes a path separator`+"\n"))},
	{"%5C after other encodings", "GET", "http://example.com/a%20b%5C..%5Cx", "example.com",
		okFwd("/a%20b%5C..%5Cx", `/a b\..\x`, "", "", "example.com"), ptr(refusedFor("refuse-encoded-slash",
			`"%5C" at offset 24 encodes a path separator`+"\n"))},
	{"%2F in the query is not in the path", "GET", "/a?b=%2F", "example.com",
		ok("/a?b=%2F", "/a", "", "b=%2F"), nil},
	{"%252F is no slash, but a double encoding", "GET", "/a%252Fb", "example.com",
		ok("/a%252Fb", "/a%2Fb", "", ""), ptr(refusedFor("refuse-encoded-percent",
			`"%25" at offset 2 encodes a '%', which a second decoding reads as the start of another encoding`+"\n"))},
	{"%252e%252e after other encodings", "GET", "http://example.com/%41/%252e%252e/x", "example.com",
		okFwd("/%41/%252e%252e/x", "/A/%2e%2e/x", "/%41/%252e%252e/x", "", "example.com"), ptr(refusedFor("refuse-encoded-percent",
			`"%25" at offset 23 encodes a '%', which a second decoding reads as the start of another encoding`+"\n"))},
	{"%25 in the query is not in the path", "GET", "/a?b=100%25", "example.com",
		ok("/a?b=100%25", "/a", "", "b=100%25"), nil},
	{"%3F is no slash", "GET", "/a%3Fb", "example.com",
		ok("/a%3Fb", "/a?b", "", ""), nil},
	{"userinfo", "GET", "http://trusted.example@evil.example/", "evil.example",
		okFwd("/", "/", "", "", "evil.example"), ptr(refused("refuse-userinfo"))},
	{"userinfo with a password", "GET", "http://u:p@example.com/", "example.com",
		okFwd("/", "/", "", "", "example.com"), ptr(refused("refuse-userinfo"))},
	{"second @", "GET", "http://a@b@example.com/", "example.com",
		bad(`fasturi: invalid host: '@' at offset 10 in "http://a@b@example.com/"` + "\n"), nil},
	{"legacy IPv4 0x7f.1", "GET", "http://0x7f.1/", "0x7f.1",
		okFwd("/", "/", "", "", "0x7f.1"), ptr(refused("refuse-legacy-ipv4"))},
	{"legacy IPv4 0177.0.0.1", "GET", "http://0177.0.0.1/", "0177.0.0.1",
		okFwd("/", "/", "", "", "0177.0.0.1"), ptr(refused("refuse-legacy-ipv4"))},
	{"legacy IPv4 2130706433", "GET", "http://2130706433/", "2130706433",
		okFwd("/", "/", "", "", "2130706433"), ptr(refused("refuse-legacy-ipv4"))},
	{"legacy IPv4 127.1", "GET", "http://127.1:8080/", "127.1:8080",
		okFwd("/", "/", "", "", "127.1:8080"), ptr(refused("refuse-legacy-ipv4"))},
	{"dotted-decimal IPv4", "GET", "http://127.0.0.1/", "127.0.0.1",
		okFwd("/", "/", "", "", "127.0.0.1"), nil},
	{"legacy IPv4 in the Host header", "GET", "/", "0x7f.1",
		ok("/", "/", "", ""), ptr(refused("refuse-legacy-ipv4"))},
	{"legacy IPv4 in the Host header, port", "GET", "/", "127.1:8080",
		ok("/", "/", "", ""), ptr(refused("refuse-legacy-ipv4"))},
	{"legacy IPv4 in the Host header of OPTIONS *", "OPTIONS", "*", "0x7f.1",
		ok("*", "*", "", ""), ptr(refusedFor("refuse-legacy-ipv4", `the Host header's host "0x7f.1" is 127.0.0.1 to resolvers`+"\n"))},
	{"dotted-decimal IPv4 in the Host header", "GET", "/", "127.0.0.1:8080",
		ok("/", "/", "", ""), nil},
	{"fullwidth digits, percent-encoded", "GET", "http://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/", "x",
		okFwd("/", "/", "", "", "%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1"), ptr(refused("refuse-encoded-non-ascii-host"))},
	{"fullwidth digits, percent-encoded, in the Host header", "GET", "/", "%ef%bc%91%ef%bc%92%ef%bc%97.0.0.1:80",
		ok("/", "/", "", ""), ptr(refusedFor("refuse-encoded-non-ascii-host",
			`the Host header's host "%ef%bc%91%ef%bc%92%ef%bc%97.0.0.1" percent-encodes a byte >= 0x80, which IDNA maps before resolving`+"\n"))},
	{"percent-encoded ASCII in the Host header", "GET", "/", "ex%61mple.com",
		ok("/", "/", "", ""), nil},
	// RFC 9112 section 3.2: a 400 for a Host header with an invalid
	// value, which net/http lets through.
	{"a Host header that is no host", "GET", "/", "a%zz",
		bad(`the Host header "a%zz" is no uri-host [ ":" port ]: fasturi: invalid percent-encoding: 'z' at offset 2 in "a%zz"` + "\n"), nil},
	{"a Host header with a second ':'", "GET", "/", "a:1:2", bad(`the Host header "a:1:2" is no uri-host`), nil},
	{"a Host header's port of 65535", "GET", "/", "example.com:65535", ok("/", "/", "", ""), nil},
	{"a Host header's port above 65535", "GET", "/", "example.com:65536",
		bad(`the port "65536" is no port number up to 65535` + "\n"), nil},
	{"a port above 65535", "GET", "http://example.com:99999/", "example.com:99999",
		bad(`the port "99999" is no port number up to 65535` + "\n"), nil},
	{"a port of 20 digits", "GET", "/", "example.com:00000000000000000080", ok("/", "/", "", ""), nil},
	{"a Host header's empty port", "GET", "/", "example.com:", okFwd("/", "/", "", "", "example.com"), nil},
	{"a Host header of an empty port alone", "GET", "/", ":", okFwd("/", "/", "", "", "-"), nil}, // no X-Forwarded-Host
	{"a Host header of a port alone", "GET", "/", ":80", okFwd("/", "/", "", "", "-"), nil},      // no host to name
	{"a Host header of a port alone, absolute-form", "GET", "http://a.example/", ":80", okFwd("/", "/", "", "", "a.example"),
		ptr(refusedFor("refuse-host-mismatch", `the target's authority "a.example" differs from the Host header ":80"`+"\n"))},
	// CONNECT is refused with 405 only once its target is well-formed.
	{"CONNECT, a port above 65535", "CONNECT", "example.com:99999", "example.com:99999",
		bad(`the port "99999" is no port number up to 65535` + "\n"), nil},
	{"CONNECT, a host with a ','", "CONNECT", "a,b:443", "a,b:443",
		bad("the host holds a ','"), nil},
	{"a Host header with an encoded ','", "GET", "/", "a%2cb", bad("the host holds a ','"), nil},
	{"an encoded ',' in the host", "GET", "http://a%2Cb/", "a%2Cb", bad(netHTTP400), nil}, // net/url refuses it
	// The readings of legacy IPv4 that fasturi.LegacyIPv4 leaves out, as
	// its documentation advises.
	{"a last label that is a number", "GET", "http://4294967297/", "4294967297",
		okFwd("/", "/", "", "", "4294967297"), ptr(refusedFor("refuse-legacy-ipv4",
			`host "4294967297" ends in a number, which some resolvers read as an IPv4 address and WHATWG parsers refuse`+"\n"))},
	{"a last label that is a number, in the Host header", "GET", "/", "a.08.",
		ok("/", "/", "", ""), ptr(refused("refuse-legacy-ipv4"))},
	{"a digit after the last label", "GET", "/", "a1.example", ok("/", "/", "", ""), nil},
	{"a last label that starts with a digit but is no number", "GET", "/", "a.9b", ok("/", "/", "", ""), nil}, // no reader reads it as an address
	{"a host that decodes to a space", "GET", "/", "169.254.169.254%20.example",
		ok("/", "/", "", ""), ptr(refusedFor("refuse-legacy-ipv4",
			`the Host header's host "169.254.169.254%20.example" decodes to whitespace or a control character, where some resolvers stop`+"\n"))},
	{"a host that decodes to NUL", "GET", "/", "0x7f.1%00.example",
		ok("/", "/", "", ""), ptr(refused("refuse-legacy-ipv4"))},
	{"a host that decodes to NUL after a digit label", "GET", "/", "127.0.0.1%00",
		ok("/", "/", "", ""), ptr(refusedFor("refuse-legacy-ipv4",
			`the Host header's host "127.0.0.1%00" decodes to whitespace or a control character, where some resolvers stop`+"\n"))},
	{"an encoded '.' before a digit label", "GET", "/", "a%2E9",
		ok("/", "/", "", ""), ptr(refusedFor("refuse-legacy-ipv4",
			`the Host header's host "a%2E9" ends in a number, which some resolvers read as an IPv4 address and WHATWG parsers refuse`+"\n"))},
	{"percent-encoded UTF-8 in the path is no host", "GET", "/caf%C3%A9", "example.com",
		ok("/caf%C3%A9", "/caf\xc3\xa9", "", ""), nil},
	{"percent-encoded ASCII in a reg-name", "GET", "http://ex%61mple.com/", "example.com",
		bad(netHTTP400), nil},
	{"..", "GET", "/../etc/passwd", "example.com",
		ok("/../etc/passwd", "/../etc/passwd", "", ""), ptr(refused("refuse-underflow"))},
	{".. after a segment", "GET", "/a/../../etc/passwd", "example.com",
		ok("/a/../../etc/passwd", "/a/../../etc/passwd", "", ""), ptr(refused("refuse-underflow"))},
	{"%2e%2e", "GET", "/%2e%2e/etc/passwd", "example.com",
		ok("/%2e%2e/etc/passwd", "/../etc/passwd", "/%2e%2e/etc/passwd", ""), ptr(refused("refuse-underflow"))},
	{".%2E", "GET", "/.%2E/etc/passwd", "example.com",
		ok("/.%2E/etc/passwd", "/../etc/passwd", "/.%2E/etc/passwd", ""), ptr(refused("refuse-underflow"))},
	{".. in an absolute-form", "GET", "http://example.com/../x", "example.com",
		okFwd("/../x", "/../x", "", "", "example.com"), ptr(refused("refuse-underflow"))},
	{".. within the root", "GET", "/a/b/../c", "example.com",
		ok("/a/b/../c", "/a/b/../c", "", ""), nil},
	{"%0D%0A", "GET", "/a%0D%0Ab", "example.com",
		ok("/a%0D%0Ab", "/a\r\nb", "", ""), ptr(refusedFor("refuse-encoded-controls", `"%0D" at offset 2 encodes a control character`+"\n"))},
	{"%0d%0a in the query", "GET", "/p?x=%0d%0aSet-Cookie:%20a=b", "example.com",
		ok("/p?x=%0d%0aSet-Cookie:%20a=b", "/p", "", "x=%0d%0aSet-Cookie:%20a=b"), nil},
	{"%00", "GET", "/a%00b", "example.com",
		ok("/a%00b", "/a\x00b", "", ""), ptr(refused("refuse-encoded-controls"))},
	{"%00 after ..", "GET", "/..%00/x", "example.com",
		ok("/..%00/x", "/..\x00/x", "", ""), ptr(refused("refuse-encoded-controls"))},
	{"%7F in the userinfo", "GET", "http://u%7f@h.example/", "h.example",
		okFwd("/", "/", "", "", "h.example"), ptr(refused("refuse-userinfo"))},
	{"raw byte >= 0x80", "GET", "/caf\xc3\xa9", "example.com",
		bad("fasturi: invalid path: byte 0xc3 at offset 4 in \"/caf\xc3\xa9\"\n"), nil},
	{"raw 0xff in the query", "GET", "/p?q=\xff", "example.com",
		bad(`fasturi: invalid query: byte 0xff at offset 5 in "/p?q=\xff"` + "\n"), nil},
	{"raw byte >= 0x80 in the host", "GET", "http://b\xc3\xbccher.example/", "example.com",
		bad("fasturi: invalid host: byte 0xc3 at offset 8 in \"http://b\xc3\xbccher.example/\"\n"), nil},
	{"[ in the path", "GET", "/a[b]", "example.com",
		bad(`fasturi: invalid path: '[' at offset 2 in "/a[b]"` + "\n"), nil},
	{"[ in the query", "GET", "/p?q=[1]", "example.com",
		bad(`fasturi: invalid query: '[' at offset 5 in "/p?q=[1]"` + "\n"), nil},
	{"[ in a reg-name", "GET", "http://a[b]/", "example.com",
		bad(netHTTP400), nil},
	{"text after ]", "GET", "http://[::1]x/", "example.com",
		bad(netHTTP400), nil},
	{"bad percent-encoding", "GET", "/a%zz", "example.com",
		bad(netHTTP400), nil},
	{"bad percent-encoding in the query", "GET", "/p?q=%zz", "example.com",
		bad(`fasturi: invalid percent-encoding: 'z' at offset 6 in "/p?q=%zz"` + "\n"), nil},
	{"bad percent-encoding in a reg-name", "GET", "http://a%zz/", "example.com",
		bad(netHTTP400), nil},
	{"space", "GET", "/a b", "example.com",
		bad(netHTTP400), nil},
	{"%20", "GET", "/a%20b", "example.com",
		ok("/a%20b", "/a b", "", ""), nil},
	{"tab", "GET", "/a\tb", "example.com",
		bad(netHTTP400), nil},
	{"raw CR", "GET", "/a\rb", "example.com",
		bad(netHTTP400), nil},
	{"raw NUL", "GET", "/a\x00b", "example.com",
		bad(netHTTP400), nil},
}

func ptr[T any](v T) *T { return &v }

func TestTargets(t *testing.T) {
	b := startBackend(t)
	off, on := startProxy(t, b.url, config{}), startProxy(t, b.url, all)
	for _, tt := range targetTests {
		t.Run(tt.name, func(t *testing.T) {
			check(t, b, off, tt.method, tt.target, tt.host, tt.off)
			w := tt.off
			if tt.on != nil {
				w = *tt.on
			}
			check(t, b, on, tt.method, tt.target, tt.host, w)
		})
	}
}

// TestAllow checks the Allow header of the 405 to CONNECT.
func TestAllow(t *testing.T) {
	b := startBackend(t)
	raw, _ := request("CONNECT", "example.com:443", "example.com:443")
	a := exchange(t, startProxy(t, b.url, config{}), raw, 1)[0]
	if a.status != http.StatusMethodNotAllowed || a.header.Get("Allow") != allow {
		t.Errorf("CONNECT: %d, Allow %q", a.status, a.header.Get("Allow"))
	}
}

// TestRefusalCloses checks that a refusal whose body stalls is answered
// within -body-timeout, and closes the connection, as does the 405 to
// CONNECT, after which tunnel bytes must not be read as a request. (A body
// that comes in time keeps the connection: TestHostMismatchPipelined.)
func TestRefusalCloses(t *testing.T) {
	b := startBackend(t)
	const timeout = 200 * time.Millisecond
	for _, c := range []struct {
		cfg    config
		raw    string
		status int
	}{
		// A body that never comes: without the deadline, net/http would
		// wait for it before answering.
		{config{bodyTimeout: timeout}, "POST /a\\b HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nab", http.StatusBadRequest},
		{config{bodyTimeout: timeout}, "POST /a\\b HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", http.StatusBadRequest},
		{config{bodyTimeout: timeout, refuseHostMismatch: true}, "POST http://x/a HTTP/1.1\r\nHost: y\r\nContent-Length: 100\r\n\r\nab", http.StatusForbidden},
		{config{}, "CONNECT x:443 HTTP/1.1\r\nHost: x:443\r\nContent-Length: 100\r\n\r\nab", http.StatusMethodNotAllowed},
		// Tunnel bytes after a CONNECT.
		{config{}, "CONNECT x:443 HTTP/1.1\r\nHost: x:443\r\n\r\nGET /admin HTTP/1.1\r\nHost: x\r\nX-Test-Id: tunnel\r\n\r\n", http.StatusMethodNotAllowed},
	} {
		// exchange fails when no answer comes within its deadline.
		a := exchange(t, startProxy(t, b.url, c.cfg), c.raw, 1)[0]
		if a.status != c.status || !a.close {
			t.Errorf("%q: %d %q, close %v; want %d and close", c.raw, a.status, a.body, a.close, c.status)
		}
	}
	if got, ok := b.got("tunnel"); ok {
		t.Errorf("the bytes after a CONNECT reached the backend: %+v", got)
	}
}

func TestNormalize(t *testing.T) {
	b := startBackend(t)
	norm := startProxy(t, b.url, config{normalize: true})
	strict := startProxy(t, b.url, config{normalize: true, refuseUnderflow: true})
	for _, tt := range []struct {
		method, target string
		want           want
	}{
		{"GET", "/a/./b/../c", ok("/a/c", "/a/c", "", "")},
		{"GET", "/%7euser/%7Ebin", ok("/~user/~bin", "/~user/~bin", "", "")},
		{"GET", "/a%2Fb", ok("/a%2Fb", "/a/b", "/a%2Fb", "")},
		{"GET", "/a%2fb", ok("/a%2Fb", "/a/b", "/a%2Fb", "")},
		{"GET", "/a%5cb", ok("/a%5Cb", `/a\b`, "", "")},
		{"GET", "/a/%2E%2E/b", ok("/b", "/b", "", "")},
		{"GET", "/p?q=%7e%2f&r=a+b", ok("/p?q=~%2F&r=a+b", "/p", "", "q=~%2F&r=a+b")},
		{"GET", "/p?", ok("/p?", "/p", "", "")},
		{"GET", "//x/y", ok("/.//x/y", "/.//x/y", "", "")}, // shielded as "//x/../y" is
		{"GET", "//x/../y", ok("/.//y", "/.//y", "", "")},
		{"GET", "http://EXAMPLE.com:80/a/../b?x", okFwd("/b?x", "/b", "", "x", "example.com")},
		{"GET", "http://example.com:080", okFwd("/", "/", "", "", "example.com")},
		{"GET", "http://example.com:08080/p", okFwd("/p", "/p", "", "", "example.com:8080")},
		{"GET", "HTTPS://Example.com:443?q", okFwd("/?q", "/", "", "q", "example.com")},
		{"GET", "http://u@Example.com/a/./b", okFwd("/a/b", "/a/b", "", "", "example.com")},
		// The authority gone, the path is shielded as an origin-form one is.
		{"GET", "http://example.com/..//evil/x", okFwd("/.//evil/x", "/.//evil/x", "", "", "example.com")},
		{"GET", "http://example.com/%2e//evil/x", okFwd("/.//evil/x", "/.//evil/x", "", "", "example.com")},
		{"OPTIONS", "*", ok("*", "*", "", "")},
		{"OPTIONS", "http://Example.com:80", okFwd("*", "*", "", "", "example.com")},
	} {
		t.Run(tt.target, func(t *testing.T) {
			check(t, b, norm, tt.method, tt.target, "example.com", tt.want)
		})
	}
	// A ".." above the root is dropped (RFC 3986 section 5.2.4), unless
	// refused.
	for _, target := range []string{"/../x", "/%2e%2E/x", "http://example.com/a/../../x"} {
		t.Run(target, func(t *testing.T) {
			w := ok("/x", "/x", "", "")
			if strings.HasPrefix(target, "http:") {
				w.fwdHost = "example.com"
			}
			check(t, b, norm, "GET", target, "example.com", w)
			check(t, b, strict, "GET", target, "example.com", refused("refuse-underflow"))
		})
	}
	// The flag also refuses what climbs in the readings of other
	// backends, as its doc says: empty segments merged ("//../x" is "/x" to
	// section 5.2.4, "/../x" to path.Clean), path parameters dropped
	// ("..;"), "%2F" read as a separator; a ".." that stays below the root
	// in all of them passes.
	for _, target := range []string{"//../x", "/..;/x", "/a/..%2F..%2Fx"} {
		check(t, b, strict, "GET", target, "example.com", refused("refuse-underflow"))
	}
	check(t, b, strict, "GET", "/a//b/../../x", "example.com", ok("/a/x", "/a/x", "", ""))
}

// TestBackendPath checks that forwarded paths go under the backend's base
// path, but for "*".
func TestBackendPath(t *testing.T) {
	b := startBackend(t)
	// Not JoinPath, which makes the empty path "" a relative "base/".
	based, err := url.Parse(b.url.String() + "/base/")
	if err != nil {
		t.Fatal(err)
	}
	addr := startProxy(t, based, config{})
	check(t, b, addr, "GET", "/a%2Fb?q", "example.com", ok("/base/a%2Fb?q", "/base/a/b", "/base/a%2Fb", "q"))
	check(t, b, addr, "GET", "//x", "example.com", ok("/base//x", "/base//x", "", ""))
	check(t, b, addr, "OPTIONS", "*", "example.com", ok("*", "*", "", ""))
	check(t, b, addr, "OPTIONS", "http://example.com", "example.com", okFwd("*", "*", "", "", "example.com"))
	// Normalized, "//x" needs its "/." shield only at the root.
	norm := startProxy(t, based, config{normalize: true})
	check(t, b, norm, "GET", "//x", "example.com", ok("/base//x", "/base//x", "", ""))
	check(t, b, norm, "GET", "http://example.com/..//x", "example.com", okFwd("/base//x", "/base//x", "", "", "example.com"))
	check(t, b, norm, "GET", "/.//x", "example.com", ok("/base//x", "/base//x", "", ""))
	check(t, b, norm, "GET", "/a/..//x?q", "example.com", ok("/base//x?q", "/base//x", "", "q"))
	// A base path of "/" is the root: the shield stays.
	slash, err := url.Parse(b.url.String() + "/")
	if err != nil {
		t.Fatal(err)
	}
	norm = startProxy(t, slash, config{normalize: true})
	check(t, b, norm, "GET", "/a/..//evil.example/x", "example.com", ok("/.//evil.example/x", "/.//evil.example/x", "", ""))
	check(t, b, norm, "GET", "http://example.com/..//evil.example/x", "example.com",
		okFwd("/.//evil.example/x", "/.//evil.example/x", "", "", "example.com"))
	check(t, b, startProxy(t, slash, config{}), "GET", "/a%2Fb", "example.com", ok("/a%2Fb", "/a/b", "/a%2Fb", ""))
	// A base path goes on as written, with its encodings.
	for _, tt := range []struct{ base, target, uri, path, rawPath string }{
		{"/a%2Fb/", "/x", "/a%2Fb/x", "/a/b/x", "/a%2Fb/x"},
		{"/a%20b/", "/c%2Fd", "/a%20b/c%2Fd", "/a b/c/d", "/a%20b/c%2Fd"},
		{"/a%20b", "/c", "/a%20b/c", "/a b/c", ""}, // net/url's own encoding of the path
	} {
		based, err := parseBackend(b.url.String() + tt.base)
		if err != nil {
			t.Fatal(err)
		}
		check(t, b, startProxy(t, based, config{}), "GET", tt.target, "example.com", ok(tt.uri, tt.path, tt.rawPath, ""))
	}
}

// TestRulesAlone turns on one rule at a time: each refuses what it names,
// and lets through what only the others refuse.
func TestRulesAlone(t *testing.T) {
	b := startBackend(t)
	legacy := startProxy(t, b.url, config{refuseLegacyIPv4: true})
	idna := startProxy(t, b.url, config{refuseIDNAHost: true})
	const fullwidth = "%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1"
	check(t, b, legacy, "GET", "http://0x7f.1/", "0x7f.1", refused("refuse-legacy-ipv4"))
	check(t, b, idna, "GET", "http://0x7f.1/", "0x7f.1", okFwd("/", "/", "", "", "0x7f.1"))
	check(t, b, idna, "GET", "http://"+fullwidth+"/", "x", refused("refuse-encoded-non-ascii-host"))
	// Fullwidth digits decode to a last label that is a number,
	// which is enough for -refuse-legacy-ipv4.
	check(t, b, legacy, "GET", "http://"+fullwidth+"/", "x", refused("refuse-legacy-ipv4"))
	check(t, b, idna, "GET", "http://%EF%BC%A1.example/", "x", refused("refuse-encoded-non-ascii-host"))
	check(t, b, legacy, "GET", "http://%EF%BC%A1.example/", "x", okFwd("/", "/", "", "", "%EF%BC%A1.example"))
	controls := startProxy(t, b.url, config{refuseControls: true})
	check(t, b, controls, "GET", "/a/%7Fb", "example.com", refusedFor("refuse-encoded-controls", `"%7F" at offset 3 encodes a control character`+"\n"))
	// net/http's server refuses a host with "%00" itself, but not userinfo.
	check(t, b, controls, "GET", "http://a%00@h.example/", "example.com", refusedFor("refuse-encoded-controls", `"%00" at offset 8 encodes a control character`+"\n"))
	check(t, b, controls, "GET", "/", "a%0a.example", refusedFor("refuse-encoded-controls", `the Host header's host "a%0a.example" encodes a control character`+"\n"))
	check(t, b, controls, "GET", "/p?x=%0d%0a", "example.com", ok("/p?x=%0d%0a", "/p", "", "x=%0d%0a"))
	check(t, b, controls, "GET", "http://[fe80::1%25eth0]/%20%2F", "example.com", okFwd("/%20%2F", "/ /", "/%20%2F", "", "[fe80::1%25eth0]"))
	check(t, b, controls, "GET", "/", "127.1", ok("/", "/", "", ""))
	slash := startProxy(t, b.url, config{refuseEncodedSlash: true})
	check(t, b, slash, "GET", "/a%2Fb", "example.com", refusedFor("refuse-encoded-slash", `"%2F" at offset 2 encodes a path separator`+"\n"))
	check(t, b, slash, "GET", "/../a", "example.com", ok("/../a", "/../a", "", ""))
	check(t, b, slash, "GET", "http://u@0x7f.1/", "0x7f.1", okFwd("/", "/", "", "", "0x7f.1"))
	pct := startProxy(t, b.url, config{refuseEncodedPct: true})
	check(t, b, pct, "GET", "/100%25", "example.com", refusedFor("refuse-encoded-percent",
		`"%25" at offset 4 encodes a '%', which a second decoding reads as the start of another encoding`+"\n"))
	check(t, b, pct, "GET", "/a%2Fb", "example.com", ok("/a%2Fb", "/a/b", "/a%2Fb", ""))
	check(t, b, slash, "GET", "/100%25", "example.com", ok("/100%25", "/100%", "", ""))
	under := startProxy(t, b.url, config{refuseUnderflow: true})
	check(t, b, under, "GET", "/../a", "example.com", refused("refuse-underflow"))
	check(t, b, under, "GET", "/a%2Fb", "example.com", ok("/a%2Fb", "/a/b", "/a%2Fb", ""))
	user := startProxy(t, b.url, config{refuseUserinfo: true})
	check(t, b, user, "GET", "http://u@h.example/", "h.example", refused("refuse-userinfo"))
	check(t, b, user, "GET", "http://0x7f.1/", "0x7f.1", okFwd("/", "/", "", "", "0x7f.1"))
}

func TestHostMismatch(t *testing.T) {
	b := startBackend(t)
	off, on := startProxy(t, b.url, config{}), startProxy(t, b.url, config{refuseHostMismatch: true})
	fwd := func(fwdHost string) want { return okFwd("/", "/", "", "", fwdHost) }
	for _, tt := range []struct {
		target, host string
		off, on      want
	}{
		{"http://a.example/", "a.example", fwd("a.example"), fwd("a.example")},
		{"http://a.example/", "A.EXAMPLE:80", fwd("a.example"), fwd("a.example")},
		{"https://a.example/", "a.example:443", fwd("a.example"), fwd("a.example")},
		{"http://a.example:8080/", "a.example:8080", fwd("a.example:8080"), fwd("a.example:8080")},
		{"http://a.example/", "b.example", fwd("a.example"), refused("refuse-host-mismatch")},
		{"http://a.example/", "a.example:8080", fwd("a.example"), refused("refuse-host-mismatch")},
		{"http://a.example:8080/", "a.example", fwd("a.example:8080"), refused("refuse-host-mismatch")},
		// net/http's server refuses these Host headers itself.
		{"http://u@a.example/", "u@a.example", bad(netHTTP400), bad(netHTTP400)},
		{"http://a.example/", "", bad(netHTTP400), bad(netHTTP400)},
		// The origin-form has no authority to differ.
		{"/", "b.example", ok("/", "/", "", ""), ok("/", "/", "", "")},
		// A Host header with an invalid value is a 400 (RFC 9112 section
		// 3.2) when the proxy reads it, with -refuse-host-mismatch.
		{"http://a.example/", "a%zz", fwd("a.example"), bad(`the Host header "a%zz" is no uri-host`)},
		{"http://a.example/", "a.example:99999", fwd("a.example"), bad(`the port "99999" is no port number up to 65535`)},
	} {
		t.Run(tt.target+" Host "+tt.host, func(t *testing.T) {
			check(t, b, off, "GET", tt.target, tt.host, tt.off)
			check(t, b, on, "GET", tt.target, tt.host, tt.on)
		})
	}
}

// TestHostMismatchPipelined sends requests one after the other on one
// connection, with bodies that hold what looks like a request head, and
// checks that each is compared with its own Host header.
func TestHostMismatchPipelined(t *testing.T) {
	b := startBackend(t)
	addr := startProxy(t, b.url, config{refuseHostMismatch: true})
	fake := "GET http://a.example/ HTTP/1.1\r\nHost: a.example\r\n\r\n"
	length := "Content-Length: " + strconv.Itoa(len(fake)) + "\r\n"
	chunked := fmt.Sprintf("%x\r\n%s\r\n0\r\n\r\n", len(fake), fake)
	requests := []struct {
		raw    string
		status int
	}{
		{"POST http://a.example/1 HTTP/1.1\r\nHost: a.example\r\n" + length + "X-Test-Id: p1\r\n\r\n" + fake, 200},
		{"GET http://a.example/ HTTP/1.1\r\nHost: evil.example\r\nX-Test-Id: p2\r\n\r\n", 403},
		// Refused before its body is read: the server reads it on.
		{"POST http://a.example/ HTTP/1.1\r\nHost: evil.example\r\n" + length + "X-Test-Id: p5\r\n\r\n" + fake, 403},
		{"GET /6 HTTP/1.1\r\nHost: evil.example\r\nX-Test-Id: p6\r\n\r\n", 200},
		{"GET http://a.example/7 HTTP/1.1\r\nHost: a.example:80\r\nX-Test-Id: p7\r\n\r\n", 200},
		// Last: the proxy closes the connection after a chunked request
		// (see TestTransferEncodingCloses).
		{"POST http://a.example/3 HTTP/1.1\r\nHost: a.example\r\nTransfer-Encoding: chunked\r\nX-Test-Id: p3\r\n\r\n" + chunked +
			"\r\n", // after a POST, as some old clients send
			200},
	}
	var raw strings.Builder
	for _, r := range requests {
		raw.WriteString(r.raw)
	}
	as := exchange(t, addr, raw.String(), len(requests))
	for i, r := range requests {
		if as[i].status != r.status {
			t.Errorf("request %d: %d %q, want %d", i+1, as[i].status, as[i].body, r.status)
		}
	}
	for _, id := range []string{"p1", "p3"} {
		if got, _ := b.got(id); got.body != fake {
			t.Errorf("%s: the backend got the body %q", id, got.body)
		}
	}
}

// TestTransferEncodingCloses checks that the proxy closes the connection
// after a request with a Transfer-Encoding, which may have had a
// Content-Length too (RFC 9112 section 6.1), and after an HTTP/1.0 request
// (whose Transfer-Encoding net/http drops): the request smuggled after it,
// as a front end that framed by the other header would not see it, is
// never read. Also when the backend
// sends a 100 Continue first, whose headers ReverseProxy clears.
func TestTransferEncodingCloses(t *testing.T) {
	b := startBackend(t)
	for _, c := range []struct{ head, body string }{
		{"POST /a HTTP/1.1\r\nHost: example.com\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n"},
		{"POST /a HTTP/1.1\r\nHost: example.com\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n", "0\r\n\r\n"},
		{"POST /a HTTP/1.0\r\nHost: example.com\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n", "0\r\n\r\n"},
		// HTTP/1.0 with a Transfer-Encoding and no Content-Length, or
		// one of 0: net/http drops the Transfer-Encoding and reads no
		// body, and the request leaves no trace of it.
		{"POST /a HTTP/1.0\r\nHost: example.com\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n", ""},
		{"POST /a HTTP/1.0\r\nHost: example.com\r\nContent-Length: 0\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n", ""},
	} {
		head := c.head
		for _, cfg := range []config{{}, {refuseHostMismatch: true}} {
			addr := startProxy(t, b.url, cfg)
			id := strconv.FormatInt(testID.Add(1), 10)
			raw := head + "X-Test-Id: " + id + "\r\n\r\n" + c.body +
				"GET /smuggled HTTP/1.1\r\nHost: example.com\r\nX-Test-Id: " + id + "s\r\n\r\n"
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			conn.SetDeadline(time.Now().Add(5 * time.Second))
			io.WriteString(conn, raw)
			br := bufio.NewReader(conn)
			resp, err := http.ReadResponse(br, nil)
			for err == nil && resp.StatusCode == http.StatusContinue {
				resp, err = http.ReadResponse(br, nil)
			}
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			if resp.StatusCode != http.StatusOK || !resp.Close {
				t.Errorf("%q %+v: %d, close %v; want 200 and close", head, cfg, resp.StatusCode, resp.Close)
			}
			if rest, err := io.ReadAll(br); err != nil || len(rest) > 0 {
				t.Errorf("%q %+v: after the response, %q, %v; want the end of the connection", head, cfg, rest, err)
			}
			conn.Close()
			if _, ok := b.got(id); !ok {
				t.Errorf("%q %+v: the request did not reach the backend", head, cfg)
			}
			if got, ok := b.got(id + "s"); ok {
				t.Errorf("%q %+v: the request after it reached the backend: %+v", head, cfg, got)
			}
		}
	}
	// A request to switch protocols with a Transfer-Encoding would leave
	// the connection open as a tunnel: refused, and closed.
	addr := startProxy(t, b.url, config{})
	raw := "POST /a HTTP/1.1\r\nHost: example.com\r\nTransfer-Encoding: chunked\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n0\r\n\r\n"
	a := exchange(t, addr, raw, 1)[0]
	if a.status != http.StatusBadRequest || !a.close {
		t.Errorf("an upgrade with a Transfer-Encoding: %d %q, close %v", a.status, a.body, a.close)
	}
	// An Upgrade field without "upgrade" among the Connection options asks
	// for no switch: forwarded, and the connection closed.
	raw = "POST /a HTTP/1.1\r\nHost: example.com\r\nTransfer-Encoding: chunked\r\nUpgrade: websocket\r\n\r\n0\r\n\r\n"
	if a := exchange(t, addr, raw, 1)[0]; a.status != http.StatusOK || !a.close {
		t.Errorf("an Upgrade field alone, with a Transfer-Encoding: %d %q, close %v; want 200 and close", a.status, a.body, a.close)
	}
}

// TestHTTP10Upgrade checks that an HTTP/1.0 request that asks to switch
// protocols is forwarded without its Upgrade, which RFC 9110 section 7.8
// has a server ignore in HTTP/1.0, and that the connection closes after it;
// in HTTP/1.1 the Upgrade goes on.
func TestHTTP10Upgrade(t *testing.T) {
	var got http.Header
	backend := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = r.Header.Clone() }))
	t.Cleanup(backend.Close)
	u, _ := url.Parse(backend.URL)
	for _, cfg := range []config{{}, {refuseHostMismatch: true}} {
		addr := startProxy(t, u, cfg)
		raw := "GET /ws HTTP/1.0\r\nHost: example.com\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n"
		a := exchange(t, addr, raw, 1)[0]
		if a.status != http.StatusOK || !a.close {
			t.Errorf("%+v: %d %q, close %v; want 200 and close", cfg, a.status, a.body, a.close)
		}
		if got.Get("Upgrade") != "" || got.Get("Connection") != "" {
			t.Errorf("%+v: the backend got Upgrade %q, Connection %q; want neither", cfg, got.Get("Upgrade"), got.Get("Connection"))
		}
	}
	addr := startProxy(t, u, config{})
	raw := "GET /ws HTTP/1.1\r\nHost: example.com\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n"
	if a := exchange(t, addr, raw, 1)[0]; a.status != http.StatusOK || got.Get("Upgrade") != "websocket" {
		t.Errorf("HTTP/1.1: %d %q, the backend got Upgrade %q; want 200 and websocket", a.status, a.body, got.Get("Upgrade"))
	}
}

// TestHTTP10 checks an absolute-form request without a Host header, which
// HTTP/1.0 allows.
func TestHTTP10(t *testing.T) {
	b := startBackend(t)
	raw := "GET http://a.example/ HTTP/1.0\r\nX-Test-Id: h10\r\n\r\n"
	if a := exchange(t, startProxy(t, b.url, config{}), raw, 1)[0]; a.status != http.StatusOK {
		t.Errorf("without -refuse-host-mismatch: %d %q", a.status, a.body)
	}
	want := "refused by -refuse-host-mismatch: no Host header to compare the target's authority with\n"
	if a := exchange(t, startProxy(t, b.url, config{refuseHostMismatch: true}), raw, 1)[0]; a.status != http.StatusForbidden || a.body != want {
		t.Errorf("with -refuse-host-mismatch: %d %q, want 403 %q", a.status, a.body, want)
	}
}

// TestHTTP10Origin checks that a request without a Host header goes on
// without X-Forwarded-Host, rather than with an empty one.
func TestHTTP10Origin(t *testing.T) {
	b := startBackend(t)
	raw := "GET /p HTTP/1.0\r\nX-Test-Id: h10o\r\n\r\n"
	if a := exchange(t, startProxy(t, b.url, all), raw, 1)[0]; a.status != http.StatusOK {
		t.Fatalf("%d %q", a.status, a.body)
	}
	if got, _ := b.got("h10o"); got.forwardedHost != "" || got.requestURI != "/p" {
		t.Errorf("reached the backend as %+v", got)
	}
}

// TestRefusalLog checks the log line of each of the proxy's own answers:
// the target quoted, so that it cannot break the line, and cut.
func TestRefusalLog(t *testing.T) {
	b := startBackend(t)
	addr, logged := startProxyLog(t, b.url, config{refuseUnderflow: true})
	long := "/" + strings.Repeat("a", 300) + "\\"
	for _, r := range []struct{ method, target string }{{"GET", "/a\\b"}, {"GET", "/../%0d%0a"}, {"CONNECT", "h:443"}, {"GET", long}} {
		raw, _ := request(r.method, r.target, "example.com")
		exchange(t, addr, raw, 1)
	}
	raw, _ := request("GET", "/fine", "example.com")
	exchange(t, addr, raw, 1)
	lines := strings.Split(strings.TrimSuffix(logged(), "\n"), "\n")
	want := []*regexp.Regexp{
		regexp.MustCompile(`^127\.0\.0\.1:\d+ GET "/a\\\\b": 400 fasturi: invalid path: '\\\\' at offset 2 in "/a\\\\b"$`),
		regexp.MustCompile(`^127\.0\.0\.1:\d+ GET "/\.\./%0d%0a": 403 refused by -refuse-underflow: `),
		regexp.MustCompile(`^127\.0\.0\.1:\d+ CONNECT "h:443": 405 CONNECT is not proxied`),
		regexp.MustCompile(`^127\.0\.0\.1:\d+ GET "/a{255}"\.\.\.: 400 fasturi: invalid path: '\\\\' at offset 301 `),
	}
	if len(lines) != len(want) {
		t.Fatalf("log:\n%s", logged())
	}
	for i, re := range want {
		if !re.MatchString(lines[i]) {
			t.Errorf("log line %d: %q, want a match for %s", i+1, lines[i], re)
		}
	}
}

// TestBackendDown checks the 502 and its log line when the backend cannot
// be reached.
func TestBackendDown(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down, _ := url.Parse("http://" + l.Addr().String())
	l.Close() // nothing listens there any more
	addr, logged := startProxyLog(t, down, config{})
	raw, _ := request("GET", "/p?q", "example.com")
	if a := exchange(t, addr, raw, 1)[0]; a.status != http.StatusBadGateway || a.body != "" {
		t.Errorf("%d %q, want 502 and no body", a.status, a.body)
	}
	if re := regexp.MustCompile(`^127\.0\.0\.1:\d+ GET "/p\?q": 502 backend ` + regexp.QuoteMeta(down.String()) + `: dial tcp .*\n$`); !re.MatchString(logged()) {
		t.Errorf("log %q, want a match for %s", logged(), re)
	}
}

// TestDroppedHeaders checks that the headers whose targets some backends
// route instead of the request line's do not reach them.
func TestDroppedHeaders(t *testing.T) {
	var got http.Header
	backend := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = r.Header.Clone() }))
	t.Cleanup(backend.Close)
	u, _ := url.Parse(backend.URL)
	raw := "GET /public HTTP/1.1\r\nHost: example.com\r\nX-Original-URL: /admin\r\nX-Rewrite-URL: /admin\r\n" +
		"X-Forwarded-Port: 8443\r\nX-Forwarded-Prefix: /admin\r\nX-Forwarded-Server: evil\r\nX-Real-IP: 10.0.0.1\r\n" +
		"X-Original-URI: /admin\r\nX-Forwarded-Uri: /admin\r\nX-Forwarded-Ssl: on\r\nX-Forwarded-Scheme: https\r\n" +
		"X-Url-Scheme: https\r\nFront-End-Https: on\r\nX_Forwarded_Ssl: on\r\n" +
		// Every other X-Forwarded-* header, in any spelling.
		"X-Forwarded-User: admin\r\nX-Forwarded-Groups: admins\r\nx_forwarded_email: a@b\r\n" +
		"X-Forwarded-Client-Cert: Hash=x\r\nX-FORWARDED-ACCESS-TOKEN: t\r\nX-Forwarded-: x\r\n" +
		// Spellings that CGI and WSGI read as the headers above, or as
		// those that the proxy sets.
		"X_Forwarded_For: 10.0.0.1\r\nX_FORWARDED_HOST: evil.example\r\nx_forwarded-proto: https\r\n" +
		"X_Original_URL: /admin\r\nX_Real_IP: 10.0.0.1\r\nFORWARDED: for=10.0.0.1\r\n" +
		// lighttpd maps every byte that is no letter or digit to '_'.
		"X.Forwarded.Host: evil.example\r\nX~Forwarded~For: 10.0.0.1\r\nX-Original.URL: /admin\r\n" +
		// Framing that such a backend would read, where the proxy sent
		// none.
		"Transfer_Encoding: chunked\r\nContent_Length: 40\r\nTRANSFER.ENCODING: chunked\r\n" +
		"Keep_Alive: 1\r\nProxy_Connection: keep-alive\r\n" +
		"X-Other: kept\r\nX_Other: kept too\r\nConnection: close\r\n\r\n"
	if a := exchange(t, startProxy(t, u, config{}), raw, 1)[0]; a.status != http.StatusOK {
		t.Fatalf("%d %q", a.status, a.body)
	}
	for name, want := range map[string]string{
		"X-Forwarded-For": "127.0.0.1", "X-Forwarded-Host": "example.com", "X-Forwarded-Proto": "http",
		"X-Other": "kept", "X_other": "kept too",
	} {
		if v := got[name]; len(v) != 1 || v[0] != want {
			t.Errorf("%s: %q, want %q", name, v, want)
		}
		delete(got, name)
	}
	delete(got, "Accept-Encoding") // the transport's
	delete(got, "User-Agent")
	if len(got) > 0 {
		t.Errorf("the backend got more headers: %v", got)
	}
}

// TestRoutes checks that each request goes to the backend of the longest
// prefix that its normalized path is under, by whole segments, and that a
// request whose readings take different routes is refused.
func TestRoutes(t *testing.T) {
	def, api, admin := startBackend(t), startBackend(t), startBackend(t)
	to := func(prefix string, b *testBackend, base string) route {
		r, err := parseRoute(prefix + "=" + b.url.String() + base)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	addr := startProxy(t, def.url, config{routes: []route{
		to("/api/", api, ""), to("/api/%61dmin", admin, "/v1/"),
	}})
	for _, tt := range []struct {
		method, target string
		to             *testBackend
		want           want
	}{
		{"GET", "/api", api, ok("/api", "/api", "", "")},
		{"GET", "/api/x?q", api, ok("/api/x?q", "/api/x", "", "q")},
		{"GET", "/api?q", api, ok("/api?q", "/api", "", "q")},
		{"GET", "/a/../api/x", api, ok("/api/x", "/api/x", "", "")},
		{"GET", "/%61pi/x", api, ok("/api/x", "/api/x", "", "")},
		{"GET", "/api/admin", admin, ok("/v1/api/admin", "/v1/api/admin", "", "")},
		{"GET", "/api/admin/x", admin, ok("/v1/api/admin/x", "/v1/api/admin/x", "", "")},
		{"GET", "/api/x/../admin/", admin, ok("/v1/api/admin/", "/v1/api/admin/", "", "")},
		{"GET", "/api/adminx", api, ok("/api/adminx", "/api/adminx", "", "")},
		{"GET", "/apix", def, ok("/apix", "/apix", "", "")},
		{"GET", "/api%2Fx", def, ok("/api%2Fx", "/api/x", "/api%2Fx", "")},
		{"GET", "/API/x", def, ok("/API/x", "/API/x", "", "")},
		// Servers that merge empty segments or drop path parameters read
		// these under another route than the path as written: refused.
		{"GET", "/api;v=1/x", def, refusedFor("route", "the path reads as under no route to some servers and as under /api to others\n")},
		{"GET", "//api/x", def, refusedFor("route", "the path reads as under no route to some servers and as under /api to others\n")},
		{"GET", "/x//..;/api/admin", def, refused("route")},
		{"GET", "http://example.com//api//admin", def, refused("route")},
		{"GET", "/api/..;/x", def, refusedFor("route", "the path reads as under /api to some servers and as under no route to others\n")}, // "/x" to Tomcat
		{"GET", "/api//..;/x", def, refused("route")},                                                                                     // "/api/x" to a reader that drops ";" but merges nothing
		{"GET", "/x/..;/api/admin", def, refused("route")},                                                                                // "/api/admin" to Tomcat, "/x/..;/api/admin" to others
		{"GET", "/..;/api", def, refused("route")},
		{"GET", "/api/admin/..;/x", def, refusedFor("route", "the path reads as under /api/admin to some servers and as under /api to others\n")}, // nested: "/api/x" to Tomcat
		// Readings that differ but take the same route.
		{"GET", "/api/x;v=1", api, ok("/api/x;v=1", "/api/x;v=1", "", "")},
		{"GET", "/api//x", api, ok("/api//x", "/api//x", "", "")},
		{"GET", "/api/x/..;/y", api, ok("/api/x/..;/y", "/api/x/..;/y", "", "")},
		{"GET", "/x//y;v=1", def, ok("/x//y;v=1", "/x//y;v=1", "", "")},
		{"GET", "/.api/x", def, ok("/.api/x", "/.api/x", "", "")}, // a segment ".api", not the shield "/."
		{"GET", "http://example.com/api/x", api, okFwd("/api/x", "/api/x", "", "", "example.com")},
		{"OPTIONS", "*", def, ok("*", "*", "", "")},
	} {
		t.Run(tt.target, func(t *testing.T) {
			check(t, tt.to, addr, tt.method, tt.target, "example.com", tt.want)
		})
	}
	// A route of "/" takes every path, and a longer one its own, in any
	// reading.
	addr = startProxy(t, def.url, config{routes: []route{to("/", api, ""), to("/api", admin, "")}})
	check(t, api, addr, "GET", "/x", "example.com", ok("/x", "/x", "", ""))
	check(t, admin, addr, "GET", "/api/x", "example.com", ok("/api/x", "/api/x", "", ""))
	check(t, def, addr, "GET", "/api/..;/x", "example.com", refusedFor("route",
		"the path reads as under /api to some servers and as under / to others\n"))
	check(t, api, addr, "GET", "/x/..;/y", "example.com", ok("/x/..;/y", "/x/..;/y", "", ""))
	check(t, def, addr, "OPTIONS", "*", "example.com", ok("*", "*", "", ""))
	// Readings under two routes, neither under the other: refused.
	addr = startProxy(t, def.url, config{routes: []route{to("/api", api, ""), to("/admin", admin, "")}})
	check(t, def, addr, "GET", "/api/..;/admin/x", "example.com", refusedFor("route",
		"the path reads as under /api to some servers and as under /admin to others\n"))
	check(t, def, addr, "GET", "/admin/..;/api", "example.com", refused("route"))
	check(t, def, addr, "GET", "//admin", "example.com", refused("route"))
	// Nested routes: a reading under the outer prefix alone is refused.
	addr = startProxy(t, def.url, config{routes: []route{to("/internal", admin, ""), to("/internal/public", api, "")}})
	check(t, def, addr, "GET", "/internal/public/..;/..;/internal/secret", "example.com", refusedFor("route",
		"the path reads as under /internal/public to some servers and as under /internal to others\n"))
	check(t, api, addr, "GET", "/internal/public/x;v=1", "example.com", ok("/internal/public/x;v=1", "/internal/public/x;v=1", "", ""))
}

// TestRouteReadings checks each reading of a normalized path.
func TestRouteReadings(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want [4]string // as written, merged, parameters dropped, both
	}{
		{"/", [4]string{"/", "/", "/", "/"}},
		{"/api/x", [4]string{"/api/x", "/api/x", "/api/x", "/api/x"}},
		{"/api/", [4]string{"/api/", "/api", "/api/", "/api"}},
		{"/.//api/x", [4]string{"//api/x", "/api/x", "//api/x", "/api/x"}},
		{"/.api/x", [4]string{"/.api/x", "/.api/x", "/.api/x", "/.api/x"}},
		{"/api;v=1/x", [4]string{"/api;v=1/x", "/api;v=1/x", "/api/x", "/api/x"}},
		{"/api/..;/x", [4]string{"/api/..;/x", "/api/..;/x", "/x", "/x"}},
		{"/api//..;/x", [4]string{"/api//..;/x", "/api/..;/x", "/api/x", "/x"}},
		{"/a//../b", [4]string{"/a/b", "/b", "/a/b", "/b"}}, // not normalized: each reading resolves its own
		{"/..;/..;", [4]string{"/..;/..;", "/..;/..;", "/", "/"}},
	} {
		if got := routeReadings(tt.in); got != tt.want {
			t.Errorf("routeReadings(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseRoute(t *testing.T) {
	for _, tt := range []struct{ in, prefix, backend string }{
		{"/api=http://h:1", "/api", "http://h:1"},
		{"/api/=http://h/v1/", "/api", "http://h/v1/"},
		{"/a/./b/../%7Ec=http://h", "/a/~c", "http://h"},
		{"/=https://h", "/", "https://h"},
		{"/.well-known/acme=http://h", "/.well-known/acme", "http://h"},
		{"/a=b=http://h", "", ""}, // the backend "b=http://h" has no scheme
	} {
		r, err := parseRoute(tt.in)
		if tt.prefix == "" {
			if err == nil {
				t.Errorf("parseRoute(%q) accepted it", tt.in)
			}
			continue
		}
		if err != nil || r.prefix != tt.prefix || r.backend.String() != tt.backend {
			t.Errorf("parseRoute(%q) = %q, %v, %v; want %q, %q", tt.in, r.prefix, r.backend, err, tt.prefix, tt.backend)
		}
	}
	for _, s := range []string{"/api", "api=http://h", "=http://h", "//api=http://h", "/a?q=http://h", "/a#f=http://h",
		"/a b=http://h", "/a=", "/a=ftp://h", "/a=127.0.0.1:9000", // and below, no path would read as the prefix
		"/.//api=http://h", "/a//b=http://h", "/api;v=1=http://h", "/a/..;/b=http://h",
		"/..=http://h", "/a/..=http://h", "/./=http://h", "/%2e%2e/=http://h"} { // and every path by a prefix that is not "/"
		if _, err := parseRoute(s); err == nil {
			t.Errorf("parseRoute(%q) accepted it", s)
		}
	}
}

// TestAddRoute checks that -route turns -normalize on, as the flags that
// the proxy reports say, and that a prefix takes one route.
func TestAddRoute(t *testing.T) {
	var c config
	for _, v := range []string{"/api=http://h:1", "/b=http://h:2"} {
		if err := c.addRoute(v); err != nil {
			t.Fatal(err)
		}
	}
	if !c.normalizes() || strings.Join(c.flags(), " ") != "-normalize" || describe(c) != "-normalize; /api to http://h:1; /b to http://h:2" {
		t.Errorf("after two routes: normalizes %v, %q", c.normalizes(), describe(c))
	}
	for _, v := range []string{"/api/=http://h:3", "/%61pi=http://h:3", "/x/../api=http://h:3"} {
		if err := c.addRoute(v); err == nil || len(c.routes) != 2 {
			t.Errorf("addRoute(%q) over the route of /api: %v, %d routes", v, err, len(c.routes))
		}
	}
}

func TestParseBackend(t *testing.T) {
	for _, s := range []string{"", "127.0.0.1:9000", "ftp://h/", "http:///p", "http://u@h/", "http://h/?q", "http://h/?", "http://h/#f", "http://h/#",
		"http://h//", "http://h/%2F", "http://h//a", "http://h/a%2F", "http://h/a%2f",
		"http://:9000", "http://h:99999", "http://h:0", "http://h/a/..", "http://h/a/../b/", "http://h/./a", "http://h/a/%2E%2e/",
		"http://h/a/..;", "http://h/a/.;x/"} {
		if _, err := parseBackend(s); err == nil {
			t.Errorf("parseBackend(%q) accepted it", s)
		}
	}
	if _, err := parseBackend("127.0.0.1:9000"); err == nil || !strings.Contains(err.Error(), "http://127.0.0.1:9000") {
		t.Errorf("parseBackend without a scheme: %v, want one that shows the URL to give", err)
	}
	for _, s := range []string{"http://127.0.0.1:9000", "https://h/base/", "http://h/", "http://h/a%2Fb",
		"http://h/a//b/", "http://h/%2Fa", "http://h:65535/a.b/...", "http://[::1]:1/"} {
		if _, err := parseBackend(s); err != nil {
			t.Errorf("parseBackend(%q): %v", s, err)
		}
	}
}

// TestHeadQueueBounds checks that the reader of a connection's Host
// headers keeps bounded memory whatever the connection carries: it stops
// after a request that switches protocols (whose bytes after are no
// requests), at a head longer than the server takes, and with maxQueued
// heads that no handler took; and that once it has stopped, what the
// connection reads is no longer copied to it.
func TestHeadQueueBounds(t *testing.T) {
	upgrade := "GET /ws HTTP/1.1\r\nHost: h\r\nConnection: keep-alive, Upgrade\r\nUpgrade: websocket\r\n\r\n"
	small := "GET / HTTP/1.1\r\nHost: a\r\n\r\n"
	for _, c := range []struct {
		name   string
		stream string // written to the reader, then more of its last byte
		heads  int    // the heads queued before it stops
		err    error
	}{
		{"upgrade, then requests", upgrade + strings.Repeat(small, 10), 1, errUpgrade},
		{"upgrade, then bytes", upgrade + "AAAA", 1, errUpgrade},
		{"a head without end", "GET /" + strings.Repeat("A", maxHead), 0, errHeadTooLong},
		{"heads no one takes", strings.Repeat(small, maxQueued+10), maxQueued, errQueueFull},
	} {
		t.Run(c.name, func(t *testing.T) {
			tee := newTeeBuffer()
			q := &headQueue{signal: make(chan struct{}, 1)}
			done := make(chan struct{})
			go func() { q.read(tee); close(done) }()
			go func() {
				// As headerConn.Read tees, until the reader stops: a write
				// waits while the buffer is full.
				_, werr := io.WriteString(tee, c.stream)
				for werr == nil {
					_, werr = io.WriteString(tee, c.stream[len(c.stream)-1:])
				}
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("the reader did not stop")
			}
			q.mu.Lock()
			n := len(q.heads)
			q.mu.Unlock()
			if n != c.heads {
				t.Errorf("%d heads queued, want %d", n, c.heads)
			}
			tee.mu.Lock()
			held := len(tee.buf) - tee.r
			tee.mu.Unlock()
			if held != 0 {
				t.Errorf("the stopped reader's buffer holds %d bytes", held)
			}
			if _, err := io.WriteString(tee, "x"); err != c.err {
				t.Errorf("a write after the reader stopped: %v, want %v", err, c.err)
			}
		})
	}
}

// TestHostMismatchAfterUpgrade checks -refuse-host-mismatch on a
// connection that asked to switch protocols and was refused: the request
// that asked is checked as any other, and the absolute-form requests after
// it, whose Host headers are no longer read, are refused.
func TestHostMismatchAfterUpgrade(t *testing.T) {
	b := startBackend(t)
	addr := startProxy(t, b.url, config{refuseHostMismatch: true})
	raw := "GET http://a.example/ HTTP/1.1\r\nHost: a.example\r\nConnection: Upgrade\r\nUpgrade: x\r\nX-Test-Id: u1\r\n\r\n" +
		"GET /2 HTTP/1.1\r\nHost: a.example\r\nX-Test-Id: u2\r\n\r\n" +
		"GET http://a.example/3 HTTP/1.1\r\nHost: a.example\r\nX-Test-Id: u3\r\nConnection: close\r\n\r\n"
	as := exchange(t, addr, raw, 3)
	for i, want := range []int{200, 200, 403} {
		if as[i].status != want {
			t.Errorf("request %d: %d %q, want %d", i+1, as[i].status, as[i].body, want)
		}
	}
	if want := "refused by -refuse-host-mismatch: the Host header could not be read\n"; as[2].body != want {
		t.Errorf("request 3: %q, want %q", as[2].body, want)
	}
}

// TestTeeBuffer checks the buffer between a connection's reads and its
// head reader: the bytes come out as they went in, a write waits while the
// buffer holds teeMax bytes, and an emptied buffer keeps no large array.
func TestTeeBuffer(t *testing.T) {
	tee := newTeeBuffer()
	var want bytes.Buffer
	done := make(chan error, 1)
	go func() {
		defer tee.Close()
		for i := range 300 {
			chunk := bytes.Repeat([]byte{byte(i)}, 1+i*997%40000)
			want.Write(chunk)
			if _, err := tee.Write(chunk); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	var got bytes.Buffer
	buf := make([]byte, 4096)
	for {
		n, err := tee.Read(buf)
		got.Write(buf[:n])
		tee.mu.Lock()
		held, c := len(tee.buf)-tee.r, cap(tee.buf)
		tee.mu.Unlock()
		if held > teeMax+40000 || c > 2*(teeMax+40000) {
			t.Fatalf("the buffer holds %d bytes in %d", held, c)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("read %d bytes, not the %d written", got.Len(), want.Len())
	}
	if tee.buf != nil && cap(tee.buf) > teeKeep {
		t.Errorf("the emptied buffer keeps %d bytes", cap(tee.buf))
	}

	// One write larger than teeMax goes in at once; the next waits for
	// the reader.
	tee = newTeeBuffer()
	if _, err := tee.Write(make([]byte, 2*teeMax)); err != nil {
		t.Fatal(err)
	}
	wrote := make(chan struct{})
	go func() { tee.Write([]byte{1}); close(wrote); tee.Close() }()
	for range teeMax / len(buf) { // down to teeMax bytes held, the write still waiting
		select {
		case <-wrote:
			t.Fatal("a write went in while the buffer held more than teeMax")
		default:
		}
		tee.Read(buf)
	}
	for {
		if _, err := tee.Read(buf); err == io.EOF {
			break
		}
	}
	<-wrote
}

// TestLongValuesQuoted checks that the proxy's answers and log lines quote
// at most maxQuoted bytes of a host or a header, however long it is.
func TestLongValuesQuoted(t *testing.T) {
	b := startBackend(t)
	long := strings.Repeat("a", 400000)
	for _, c := range []struct {
		cfg          config
		target, host string
		status       int
	}{
		{config{}, "/a", long + "%zz", http.StatusBadRequest},
		{config{}, "/a", "h:" + strings.Repeat("9", 400000), http.StatusBadRequest},
		{config{refuseHostMismatch: true}, "http://x/", long, http.StatusForbidden},
		{config{refuseHostMismatch: true}, "http://" + long + "/", "y", http.StatusForbidden},
		{config{refuseLegacyIPv4: true}, "/a", long + ".1", http.StatusForbidden},
		{config{refuseControls: true}, "/a", long + "%00", http.StatusForbidden},
		{config{refuseIDNAHost: true}, "/a", long + "%C3%A9", http.StatusForbidden},
	} {
		addr, logged := startProxyLog(t, b.url, c.cfg)
		raw, _ := request("GET", c.target, c.host)
		a := exchange(t, addr, raw, 1)[0]
		const most = 4 * maxQuoted // the quotes, and the message around them
		if a.status != c.status || len(a.body) > most || len(logged()) > most {
			t.Errorf("%+v Host %.20q...: %d, a body of %d bytes and a log of %d; want %d, and at most %d bytes each:\n%.300s",
				c.cfg, c.host, a.status, len(a.body), len(logged()), c.status, most, a.body)
		}
	}
}

// TestBodyBrokeOff checks the answer to a request whose body ends before
// its framing says: a 400 that says so, in the log too, and not the 502
// of a backend at fault.
func TestBodyBrokeOff(t *testing.T) {
	b := startBackend(t)
	for _, head := range []string{
		"POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc",
		"POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab",
	} {
		addr, logged := startProxyLog(t, b.url, config{})
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close() // on a failure too: it ends what waits on the body
		conn.SetDeadline(time.Now().Add(5 * time.Second))
		io.WriteString(conn, head)
		conn.(*net.TCPConn).CloseWrite() // the body ends here
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("%q: %v", head, err)
		}
		body, _ := io.ReadAll(resp.Body)
		conn.Close()
		const why = "the request body broke off: unexpected EOF"
		if resp.StatusCode != http.StatusBadRequest || !resp.Close || string(body) != why+"\n" {
			t.Errorf("%q: %d %q, close %v; want 400 %q and close", head, resp.StatusCode, body, resp.Close, why)
		}
		if re := regexp.MustCompile(`^127\.0\.0\.1:\d+ POST "/a": 400 ` + why + "\n$"); !re.MatchString(logged()) {
			t.Errorf("%q: log %q, want a match for %s", head, logged(), re)
		}
	}
}

// TestBodyErrorCut checks that the error of a body that broke off,
// which can quote the client's bytes, is cut in the answer and the log as
// a target is.
func TestBodyErrorCut(t *testing.T) {
	b := startBackend(t)
	addr, logged := startProxyLog(t, b.url, config{})
	raw := "POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n" +
		strings.Repeat("\x01", 4000) + ": v\r\n\r\n"
	a := exchange(t, addr, raw, 1)[0]
	const most = 4 * maxQuoted
	if a.status != http.StatusBadRequest || !strings.HasPrefix(a.body, "the request body broke off: ") ||
		len(a.body) > most || len(logged()) > most {
		t.Errorf("%d, a body of %d bytes and a log of %d; want 400, and at most %d bytes each:\n%.300s",
			a.status, len(a.body), len(logged()), most, a.body)
	}
}

// TestBodyTimeout checks -body-timeout: a body that stalls is a 408, and
// one that comes in time leaves the backend all the time it needs to
// answer, longer than the timeout.
func TestBodyTimeout(t *testing.T) {
	const timeout = 200 * time.Millisecond
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		time.Sleep(3 * timeout)
		w.Write(body)
	}))
	defer slow.Close()
	backend, _ := url.Parse(slow.URL)
	for _, hostMismatch := range []bool{false, true} {
		addr, logged := startProxyLog(t, backend, config{bodyTimeout: timeout, refuseHostMismatch: hostMismatch})
		raw := "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc" +
			"POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc"
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close() // on a failure too: it ends what waits on the body
		conn.SetDeadline(time.Now().Add(5 * time.Second))
		io.WriteString(conn, raw) // and no more: the second body stalls
		br := bufio.NewReader(conn)
		for i, want := range []struct {
			status int
			body   string
		}{{http.StatusOK, "abc"}, {http.StatusRequestTimeout, "the request body stalled for -body-timeout\n"}} {
			resp, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatalf("host mismatch %v, response %d: %v", hostMismatch, i+1, err)
			}
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != want.status || string(body) != want.body {
				t.Errorf("host mismatch %v, response %d: %d %q; want %d %q", hostMismatch, i+1, resp.StatusCode, body, want.status, want.body)
			}
		}
		conn.Close()
		if !strings.Contains(logged(), `POST "/b": 408 `) {
			t.Errorf("host mismatch %v: log %q, want the 408", hostMismatch, logged())
		}
	}
}

// TestClientGone checks the log line of a request whose client closes
// its connection before the backend answers: 499, not a backend's 502.
func TestClientGone(t *testing.T) {
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer slow.Close()
	defer close(release)
	backend, _ := url.Parse(slow.URL)
	addr, logged := startProxyLog(t, backend, config{})
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(conn, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
	time.Sleep(100 * time.Millisecond)
	conn.Close()
	re := regexp.MustCompile(`^127\.0\.0\.1:\d+ GET "/slow": 499 the client closed the connection before the response \(context canceled\)\n$`)
	for deadline := time.Now().Add(5 * time.Second); !re.MatchString(logged()) && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if !re.MatchString(logged()) {
		t.Errorf("log %q, want a match for %s", logged(), re)
	}
}

// TestBodyStallNoWait checks that a body that stalls does not hold the
// answer past -body-timeout when the backend does not read it: one that is
// down (a 502 at once, the connection closed rather than the rest of the
// body awaited), and one that answers before reading it (a 408 once the
// body has stalled for the timeout: net/http's server, the backend's,
// reads what is left of a small body before its answer goes out).
func TestBodyStallNoWait(t *testing.T) {
	const timeout = 200 * time.Millisecond
	early := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no", http.StatusForbidden)
	}))
	defer early.Close()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down, _ := url.Parse("http://" + l.Addr().String())
	l.Close()
	earlyURL, _ := url.Parse(early.URL)
	for _, c := range []struct {
		backend *url.URL
		status  int
	}{{down, http.StatusBadGateway}, {earlyURL, http.StatusRequestTimeout}} {
		addr := startProxy(t, c.backend, config{bodyTimeout: timeout})
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close() // on a failure too: it ends what waits on the body
		conn.SetDeadline(time.Now().Add(5 * time.Second))
		start := time.Now()
		io.WriteString(conn, "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc") // and no more
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil { // the connection's deadline: a wait for the rest of the body
			t.Fatalf("backend %v: no answer after %v: %v", c.backend, time.Since(start), err)
		}
		if resp.StatusCode != c.status || !resp.Close {
			t.Errorf("backend %v: %d, close %v; want %d and close", c.backend, resp.StatusCode, resp.Close, c.status)
		}
	}
}
