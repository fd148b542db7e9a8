package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/fasturi/fasturi"
)

// proxy is the checking reverse proxy: an http.Handler that checks each
// request's target and hands the valid ones to a ReverseProxy.
type proxy struct {
	cfg     config
	backend *url.URL // where the requests that no route takes go
	rp      *httputil.ReverseProxy
	logf    func(format string, args ...any) // log.Printf, or a test's
}

// forwardKey is the context key of a request's *forward, which the
// handler sets and Rewrite reads.
type forwardKey struct{}

func newProxy(backend *url.URL, cfg config) *proxy {
	p := &proxy{cfg: cfg, backend: backend, logf: log.Printf}
	p.rp = &httputil.ReverseProxy{Rewrite: p.rewrite, Transport: newTransport(cfg.backendTimeout), ModifyResponse: p.modifyResponse, ErrorHandler: p.backendError}
	return p
}

// backendError answers a request that was forwarded but got no response,
// and logs it as the proxy's own answers are, with the target. Whose fault
// it was decides the answer: 400 for a body that broke off (a chunked
// body cut short, or the client gone before Content-Length bytes) and 408
// for one that stalled past -body-timeout, the connection closed after
// both, as its framing is lost; 502 for the backend (unreachable, or no
// response head within -backend-timeout). A client that closed its
// connection first, which cancels the request to the backend, is logged
// as 499, nginx's code for it, so that a backend's 502s can be told from
// clients that went away; whatever it is sent is 502.
func (p *proxy) backendError(w http.ResponseWriter, r *http.Request, err error) {
	f, _ := r.Context().Value(forwardKey{}).(*forward)
	if f == nil { // not from ServeHTTP: as if from a request without a body
		f = &forward{backend: p.backend}
	}
	status, why := http.StatusBadGateway, fmt.Sprintf("backend %s: %v", f.backend.Redacted(), err)
	switch {
	case f.body != nil && f.body.err != nil:
		// The error may quote the client's bytes (a malformed trailer
		// line), which the answer and the log cut as they cut a target.
		status, why = http.StatusBadRequest, "the request body broke off: "+cut(f.body.err.Error())
		if errors.Is(f.body.err, os.ErrDeadlineExceeded) {
			status, why = http.StatusRequestTimeout, "the request body stalled for -body-timeout"
		}
	case r.Context().Err() != nil:
		p.logf("%s %s %s: 499 the client closed the connection before the response (%v)", r.RemoteAddr, r.Method, quoteCut(r.RequestURI), err)
		w.WriteHeader(http.StatusBadGateway)
		return
	}
	if f.closing || f.body.unfinished() {
		w.Header().Set("Connection", "close")
	}
	if status == http.StatusBadGateway {
		w.WriteHeader(status) // no body, as httputil's own
	} else {
		http.Error(w, why, status)
	}
	p.logf("%s %s %s: %d %s", r.RemoteAddr, r.Method, quoteCut(r.RequestURI), status, why)
}

// A clientBody is the body of a forwarded request, read by the transport
// as it writes the request to the backend: it keeps the error that ended
// a read, which is the client's, and with a timeout, waits at most that
// long for the bytes of each read (so a client that keeps sending, however
// slowly, is not cut off).
type clientBody struct {
	body    io.ReadCloser
	rc      *http.ResponseController
	timeout time.Duration // 0: no limit
	err     error         // the error that ended a read, but io.EOF
	// done is set once the body has been read to its end, by the
	// transport's goroutine that writes the request, and read by
	// backendError.
	done atomic.Bool
}

func (b *clientBody) Read(p []byte) (int, error) {
	if b.timeout > 0 {
		b.rc.SetReadDeadline(time.Now().Add(b.timeout))
	}
	n, err := b.body.Read(p)
	switch {
	case err == io.EOF:
		b.done.Store(true)
		if b.timeout > 0 {
			// Cleared, or the server's read for the connection's end,
			// which starts at the body's end, would meet the deadline
			// while the backend answers, and cancel the request.
			b.rc.SetReadDeadline(time.Time{})
		}
	case err != nil:
		// The deadline stays, past or not: the server, which reads what
		// is left of a body before it answers, then stops at once.
		b.err = err
	}
	return n, err
}

// unfinished reports whether b is a body that was not read to its end:
// after a request that failed, the connection closes, rather than have
// the server read what is left of the body before it answers.
func (b *clientBody) unfinished() bool { return b != nil && !b.done.Load() }

func (b *clientBody) Close() error { return b.body.Close() }

// newPlainProxy returns a ReverseProxy to backend that checks nothing, as
// httputil's documentation writes one, with the checking proxy's
// transport: the load test's baseline.
func newPlainProxy(backend *url.URL, timeout time.Duration) *httputil.ReverseProxy {
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(backend)
			pr.SetXForwarded()
		},
		Transport: newTransport(timeout),
	}
}

// newTransport returns the transport to the backend: http.DefaultTransport's
// settings, but with idle connections enough for many concurrent requests
// (DefaultTransport keeps 2 per host, and would dial most requests anew),
// no proxy from the environment, which would turn the request-target into
// the absolute-form, and timeout (0: none) as the longest wait for the
// head of a response, after the request is written.
func newTransport(timeout time.Duration) *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.Proxy = nil
	t.MaxIdleConns = 1024
	t.MaxIdleConnsPerHost = 1024
	t.ResponseHeaderTimeout = timeout
	return t
}

// allow lists, for the Allow header of the 405 response to CONNECT (RFC
// 9110 section 15.5.6), the methods of RFC 9110 and RFC 5789 that the
// proxy forwards; it forwards any other method but CONNECT too, which no
// list can name.
const allow = "GET, HEAD, POST, PUT, DELETE, OPTIONS, TRACE, PATCH"

func (p *proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var header hostHeader
	if p.cfg.refuseHostMismatch {
		// Taken for every request, to keep the queue in step.
		header = takeHostHeader(r)
	}
	f, refused := p.check(r, header)
	closing := mayBeSmuggling(r)
	if refused.status == 0 && len(r.TransferEncoding) > 0 && upgrades(r.Header) {
		// After a 101, the connection would go on as a tunnel. (In
		// HTTP/1.0, whose Transfer-Encoding net/http drops, an Upgrade is
		// ignored: see rewrite.)
		refused = refusal{http.StatusBadRequest, "a request to switch protocols with a Transfer-Encoding, after which the connection must close"}
	}
	if refused.status != 0 {
		if refused.status == http.StatusMethodNotAllowed {
			w.Header().Set("Allow", allow)
		}
		switch {
		case closing || r.Method == http.MethodConnect:
			// After a CONNECT too: its client may have sent tunnel
			// bytes, which must not be read as a request.
			w.Header().Set("Connection", "close")
		case r.ContentLength > 0 && p.cfg.bodyTimeout > 0:
			// Before it answers, net/http reads up to 256 KiB of a body
			// that the handler left, to keep the connection: within
			// -body-timeout, as a forwarded body is read, or a client
			// that stalls would hold the connection and the answer.
			// A body that stalls then closes the connection.
			http.NewResponseController(w).SetReadDeadline(time.Now().Add(p.cfg.bodyTimeout))
		}
		http.Error(w, refused.why, refused.status)
		p.logf("%s %s %s: %d %s", r.RemoteAddr, r.Method, quoteCut(r.RequestURI), refused.status, refused.why)
		return
	}
	f.closing = closing
	out := r.WithContext(context.WithValue(r.Context(), forwardKey{}, &f))
	if r.Body != nil && r.Body != http.NoBody {
		f.body = &clientBody{body: r.Body, rc: http.NewResponseController(w), timeout: p.cfg.bodyTimeout}
		out.Body = f.body
	}
	p.rp.ServeHTTP(w, out)
}

// mayBeSmuggling reports whether r may have come with a
// Transfer-Encoding, perhaps with a Content-Length too, a request after
// which RFC 9112 section 6.1 has a server close the connection: a front
// end that framed it otherwise saw other requests on the connection than
// net/http. net/http reads a chunked body and drops Content-Length without
// a word; for HTTP/1.0 it drops the Transfer-Encoding and reads the body
// by Content-Length, or none. Either way the handler cannot tell, so it is
// every request with a Transfer-Encoding, and every HTTP/1.0 request (the
// section's "MUST close the connection after responding" for HTTP/1.0 with
// a Transfer-Encoding; HTTP/1.0 keep-alive is rare enough to give up).
func mayBeSmuggling(r *http.Request) bool {
	return len(r.TransferEncoding) > 0 || !r.ProtoAtLeast(1, 1)
}

// modifyResponse closes the connection after the response to a request
// that mayBeSmuggling. The header goes on the backend's final response,
// past the removal of its hop-by-hop headers: set on the ResponseWriter
// beforehand, it would be cleared with the headers of a 1xx response (100
// Continue, 103 Early Hints) that ReverseProxy passes on.
func (p *proxy) modifyResponse(res *http.Response) error {
	if f, _ := res.Request.Context().Value(forwardKey{}).(*forward); f != nil && f.closing {
		res.Header.Set("Connection", "close")
	}
	return nil
}

// A refusal is the proxy's answer to a request it does not forward.
type refusal struct {
	status int // 0: the request goes on
	why    string
}

// check reads r's raw target with fasturi and applies the policy, given
// the Host header as the client sent it (see hostHeader): it returns what
// to forward, or why not.
func (p *proxy) check(r *http.Request, header hostHeader) (forward, refusal) {
	u, form, err := fasturi.ParseRequestTargetString(r.Method, r.RequestURI)
	if err != nil {
		return forward{}, refusal{http.StatusBadRequest, u.Err().Error()}
	}
	named := &u // the host the request names, with its port
	switch form {
	case fasturi.AuthorityForm:
	case fasturi.AbsoluteForm:
		s := u.Scheme()
		if !strings.EqualFold(s, "http") && !strings.EqualFold(s, "https") || u.RawHost() == "" {
			return forward{}, refusal{http.StatusBadRequest, "absolute-form target is not an http or https URI with a host"}
		}
		// net/http has put the target's authority in r.Host; the header
		// as it came is known with -refuse-host-mismatch only.
		if header.known && header.present {
			if refused := checkHostHeader(header.value); refused.status != 0 {
				return forward{}, refused
			}
		}
	default:
		h, err := fasturi.ParseHostHeaderString(r.Host)
		if err != nil {
			return forward{}, invalidHostHeader(r.Host, &h)
		}
		named = &h
	}
	if _, _, err := named.PortNumber(); err != nil {
		return forward{}, portRefusal(named)
	}
	// X-Forwarded-Host carries the host on, and its readers take it for a
	// comma-separated list (some the first element, some the last): a
	// host with a ',', which a reg-name may hold, would be checked as one
	// and read as another; so would one with "%2C", by a reader that
	// decodes the header first.
	if holdsComma(named.RawHost()) {
		return forward{}, refusal{http.StatusBadRequest, "the host holds a ',', which readers of X-Forwarded-Host take for a list separator"}
	}
	if form == fasturi.AuthorityForm { // well-formed, as checked so far
		return forward{}, refusal{http.StatusMethodNotAllowed, "CONNECT is not proxied: this is a reverse proxy"}
	}
	if rule, why := p.cfg.refusal(&u, form, named, header); rule != "" {
		return forward{}, refusal{http.StatusForbidden, "refused by -" + rule + ": " + why}
	}
	f := newForward(r.Method, &u, form, p.cfg.normalizes())
	var conflict string
	if f.backend, conflict = p.route(&f); conflict != "" {
		return forward{}, refusal{http.StatusForbidden, "refused by -route: " + conflict}
	}
	return f, refusal{}
}

// holdsComma reports whether host, valid, holds a ',' or a "%2C" in either
// case, in one pass over it.
func holdsComma(host string) bool {
	for i := 0; i < len(host); i++ {
		switch host[i] {
		case ',':
			return true
		case '%': // and two hex digits
			if host[i+1] == '2' && host[i+2]|0x20 == 'c' {
				return true
			}
		}
	}
	return false
}

// checkHostHeader refuses the value of a Host header that is no uri-host
// [ ":" port ], or whose port is above 65535 (see check).
func checkHostHeader(value string) refusal {
	h, err := fasturi.ParseHostHeaderString(value)
	if err != nil {
		return invalidHostHeader(value, &h)
	}
	if _, _, err := h.PortNumber(); err != nil {
		return portRefusal(&h)
	}
	return refusal{}
}

// invalidHostHeader refuses the value of a Host header, h parsed, that is
// no uri-host [ ":" port ] (fasturi.ParseHostHeader): RFC 9112 section 3.2
// has a server answer 400 to a Host header with an invalid value, which
// net/http lets through ("a%zz").
func invalidHostHeader(value string, h *fasturi.URI) refusal {
	return refusal{http.StatusBadRequest, fmt.Sprintf("the Host header %s is no uri-host [ \":\" port ]: %v", quoteCut(value), h.Err())}
}

// portRefusal refuses the port of u, above 65535: carried on in
// X-Forwarded-Host, a port that no connection can have would be read
// modulo 65536 by some of its readers, and refused by others.
func portRefusal(u *fasturi.URI) refusal {
	return refusal{http.StatusBadRequest, fmt.Sprintf("the port %s is no port number up to 65535", quoteCut(u.Port()))}
}

// maxQuoted is how many bytes of a target, a host or a header the proxy
// quotes, in its answers and its log: a request of megabytes makes a line
// of a few hundred bytes.
const maxQuoted = 256

// quoteCut quotes s, cut to its first maxQuoted bytes and "..." when
// longer: a log line then holds no line break, control or escape sequence
// from s, and no more than maxQuoted bytes of it.
func quoteCut(s string) string {
	if len(s) > maxQuoted {
		return strconv.Quote(s[:maxQuoted]) + "..."
	}
	return strconv.Quote(s)
}

// cut returns s, or its first maxQuoted bytes and "..." when longer: for
// a message, such as net/http's errors, that already quotes what it holds
// of a client's bytes.
func cut(s string) string {
	if len(s) > maxQuoted {
		return s[:maxQuoted] + "..."
	}
	return s
}

// rewrite sets the outgoing request's URL from the checked target, which
// the handler put in the context, rather than from Request.URL, net/url's
// reading of the same bytes.
func (p *proxy) rewrite(pr *httputil.ProxyRequest) {
	f := pr.In.Context().Value(forwardKey{}).(*forward)
	pr.Out.URL = f.url(f.backend)
	pr.Out.Host = "" // the backend's, as SetURL sets it
	if !pr.In.ProtoAtLeast(1, 1) {
		// RFC 9110 section 7.8: a server ignores an Upgrade in HTTP/1.0,
		// whose connection closes after the response (mayBeSmuggling).
		// ReverseProxy has put it back with "Connection: Upgrade".
		pr.Out.Header.Del("Upgrade")
		pr.Out.Header.Del("Connection")
	}
	pr.SetXForwarded()
	switch {
	case f.authority != "": // an absolute-form target's
		// SetXForwarded took net/url's reading of the authority.
		pr.Out.Header.Set("X-Forwarded-Host", f.authority)
	case pr.In.Host == "" || pr.In.Host[0] == ':':
		// No Host header (HTTP/1.0), or one with an empty host (":",
		// ":80"): no host to name.
		pr.Out.Header.Del("X-Forwarded-Host")
	case strings.HasSuffix(pr.In.Host, ":"):
		// An empty port is none (RFC 3986 section 6.2.3), as an
		// absolute-form target's authority goes on without it.
		pr.Out.Header.Set("X-Forwarded-Host", strings.TrimSuffix(pr.In.Host, ":"))
	}
	dropHeaders(pr.Out.Header)
}

// droppedHeaders are headers that dropHeaders removes, besides every
// X-Forwarded-* header but the proxy's own: IIS's URL Rewrite, Symfony and
// Zend route the targets of X-Original-URL and X-Rewrite-URL rather than
// the request line's, which is the one checked, and an authentication
// server behind nginx's auth_request or Traefik's ForwardAuth checks the
// target of X-Original-URI (or X-Forwarded-Uri); backends take the others
// for what the proxy in front of them saw (Rack and many PHP applications
// read https from X-Url-Scheme or Front-End-Https, as from
// X-Forwarded-Ssl, before X-Forwarded-Proto), which only a client sent
// here.
var droppedHeaders = []string{"X-Original-URL", "X-Rewrite-URL", "X-Original-URI", "X-Real-IP", "X-Url-Scheme", "Front-End-Https"}

// forwardedPrefix starts the names of the X-Forwarded-* headers, which the
// proxy sets (setHeaders) or drops.
const forwardedPrefix = "X-Forwarded-"

// setHeaders are the headers that the proxy sets itself (SetXForwarded),
// and dropHeaders keeps as they are spelled.
var setHeaders = []string{"X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto"}

// controlledHeaders are the headers that the proxy sets or drops, but for
// the X-Forwarded-* headers, which are all one or the other.
var controlledHeaders = append([]string{"Forwarded"}, droppedHeaders...)

// framingHeaders are the fields with a '-' in their names that frame a
// message or steer its connection, which net/http reads, sets or drops
// itself: dropHeaders removes only their other spellings
// ("Transfer_Encoding"), which a backend that maps '_' to '-' would read
// as the framing of a request that the proxy framed otherwise.
var framingHeaders = []string{"Content-Length", "Transfer-Encoding", "Keep-Alive", "Proxy-Connection"}

// dropHeaders removes from h the droppedHeaders, every X-Forwarded-*
// header that is not one of setHeaders (X-Forwarded-Port, -Prefix and
// -Server, from which Spring builds URLs; -Ssl and -Scheme, which Rack
// reads before -Proto; -User, -Email, -Groups and -Access-Token, which
// oauth2-proxy sets for the backends behind it; Envoy's -Client-Cert),
// and every spelling of these names, and of setHeaders, with other bytes
// than letters and digits for a '-' ("X_Forwarded_Host",
// "X.Forwarded.Host"): net/http keeps such a header apart, but CGI, WSGI,
// PHP and IIS map '_' and '-' to one byte of a variable's name
// (HTTP_X_FORWARDED_HOST, RFC 3875 section 4.1.18), and lighttpd every
// byte that is no letter or digit, so that the backend would read the
// client's value beside the proxy's. It also drops such spellings of the
// framingHeaders.
func dropHeaders(h http.Header) {
	for _, name := range droppedHeaders {
		h.Del(name)
	}
	for name := range h {
		if slices.Contains(setHeaders, name) {
			continue // the proxy's own, as SetXForwarded spells them
		}
		dashed := strings.Map(func(r rune) rune {
			if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
				return r
			}
			return '-'
		}, name)
		if len(dashed) >= len(forwardedPrefix) && strings.EqualFold(dashed[:len(forwardedPrefix)], forwardedPrefix) {
			delete(h, name) // as it came: Del would canonicalize it
			continue
		}
		for _, c := range controlledHeaders {
			if strings.EqualFold(dashed, c) {
				delete(h, name)
				break
			}
		}
		if dashed != name {
			for _, c := range framingHeaders {
				if strings.EqualFold(dashed, c) {
					delete(h, name)
					break
				}
			}
		}
	}
}

// newServer returns the proxy's server. It hands OPTIONS * to the proxy,
// which net/http's server would otherwise answer itself.
func (p *proxy) newServer() *http.Server {
	return &http.Server{
		Handler:                      p,
		DisableGeneralOptionsHandler: true,
		ReadHeaderTimeout:            10 * time.Second,
		IdleTimeout:                  2 * time.Minute,
	}
}

// serve serves srv, the proxy's server, on l; with -refuse-host-mismatch,
// through a headerListener.
func (p *proxy) serve(srv *http.Server, l net.Listener) error {
	if p.cfg.refuseHostMismatch {
		l = headerListener{l}
		srv.ConnContext = withHeaderConn
	}
	return srv.Serve(l)
}
