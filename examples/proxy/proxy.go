package main

import (
	"context"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"time"

	"github.com/fasturi/fasturi"
)

// proxy is the checking reverse proxy: an http.Handler that checks each
// request's target and hands the valid ones to a ReverseProxy.
type proxy struct {
	cfg     config
	backend *url.URL
	rp      *httputil.ReverseProxy
}

// forwardKey is the context key of a request's *forward, which the
// handler sets and Rewrite reads.
type forwardKey struct{}

func newProxy(backend *url.URL, cfg config) *proxy {
	p := &proxy{cfg: cfg, backend: backend}
	p.rp = &httputil.ReverseProxy{Rewrite: p.rewrite, Transport: newTransport()}
	return p
}

// newPlainProxy returns a ReverseProxy to backend that checks nothing, as
// httputil's documentation writes one: the load test's baseline.
func newPlainProxy(backend *url.URL) *httputil.ReverseProxy {
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(backend)
			pr.SetXForwarded()
		},
		Transport: newTransport(),
	}
}

// newTransport returns the transport to the backend: http.DefaultTransport's
// settings, but with idle connections enough for many concurrent requests
// (DefaultTransport keeps 2 per host, and would dial most requests anew),
// and no proxy from the environment, which would turn the request-target
// into the absolute-form.
func newTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.Proxy = nil
	t.MaxIdleConns = 1024
	t.MaxIdleConnsPerHost = 1024
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
	if refused.status != 0 {
		if refused.status == http.StatusMethodNotAllowed {
			w.Header().Set("Allow", allow)
		}
		http.Error(w, refused.why, refused.status)
		return
	}
	p.rp.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), forwardKey{}, &f)))
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
	switch form {
	case fasturi.AuthorityForm:
		return forward{}, refusal{http.StatusMethodNotAllowed, "CONNECT is not proxied: this is a reverse proxy"}
	case fasturi.AbsoluteForm:
		s := u.Scheme()
		if !strings.EqualFold(s, "http") && !strings.EqualFold(s, "https") || u.RawHost() == "" {
			return forward{}, refusal{http.StatusBadRequest, "absolute-form target is not an http or https URI with a host"}
		}
	}
	// X-Forwarded-Host carries the host on, and its readers take it for a
	// comma-separated list (some the first element, some the last): a
	// host with a ',', which a reg-name may hold, would be checked as one
	// and read as another.
	named := r.Host
	if form == fasturi.AbsoluteForm {
		named = u.RawHost()
	}
	if strings.IndexByte(named, ',') >= 0 {
		return forward{}, refusal{http.StatusBadRequest, "the host holds a ',', which readers of X-Forwarded-Host take for a list separator"}
	}
	if rule, why := p.cfg.refusal(&u, form, r.Host, header); rule != "" {
		return forward{}, refusal{http.StatusForbidden, "refused by -" + rule + ": " + why}
	}
	return newForward(r.Method, &u, form, p.cfg.normalize), refusal{}
}

// rewrite sets the outgoing request's URL from the checked target, which
// the handler put in the context, rather than from Request.URL, net/url's
// reading of the same bytes.
func (p *proxy) rewrite(pr *httputil.ProxyRequest) {
	f := pr.In.Context().Value(forwardKey{}).(*forward)
	pr.Out.URL = f.url(p.backend)
	pr.Out.Host = "" // the backend's, as SetURL sets it
	pr.SetXForwarded()
	if f.authority != "" { // an absolute-form target's
		// SetXForwarded took net/url's reading of the authority.
		pr.Out.Header.Set("X-Forwarded-Host", f.authority)
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
