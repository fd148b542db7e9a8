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

// allow lists the methods the proxy forwards, for the Allow header of its
// 405 response to CONNECT (RFC 9110 section 15.5.6).
const allow = "GET, HEAD, POST, PUT, DELETE, OPTIONS, TRACE, PATCH"

func (p *proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var header hostHeader
	if p.cfg.refuseHostMismatch {
		// Taken for every request, to keep the queue in step.
		header = takeHostHeader(r)
	}
	u, form, err := fasturi.ParseRequestTargetString(r.Method, r.RequestURI)
	if err != nil {
		http.Error(w, u.Err().Error(), http.StatusBadRequest)
		return
	}
	switch form {
	case fasturi.AuthorityForm:
		w.Header().Set("Allow", allow)
		http.Error(w, "CONNECT is not proxied: this is a reverse proxy", http.StatusMethodNotAllowed)
		return
	case fasturi.AbsoluteForm:
		s := u.Scheme()
		if !strings.EqualFold(s, "http") && !strings.EqualFold(s, "https") || u.RawHost() == "" {
			http.Error(w, "absolute-form target is not an http or https URI with a host", http.StatusBadRequest)
			return
		}
	}
	if rule, why := p.cfg.refusal(&u, form, r.Host, header); rule != "" {
		http.Error(w, "refused by -"+rule+": "+why, http.StatusForbidden)
		return
	}
	f := newForward(&u, form, p.cfg.normalize)
	p.rp.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), forwardKey{}, &f)))
}

// rewrite sets the outgoing request's URL from the checked target, which
// the handler put in the context, rather than from Request.URL, net/url's
// reading of the same bytes.
func (p *proxy) rewrite(pr *httputil.ProxyRequest) {
	f := pr.In.Context().Value(forwardKey{}).(*forward)
	pr.Out.URL = f.url(p.backend)
	pr.Out.Host = "" // the backend's, as SetURL sets it
	pr.SetXForwarded()
	if f.form == fasturi.AbsoluteForm {
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
