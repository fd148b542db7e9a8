package main

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/fasturi/fasturi"
)

// A forward is what the proxy sends on for a checked target: the
// request-target of the outgoing request, in origin-form or "*", and the
// authority of an absolute-form target.
type forward struct {
	form      fasturi.TargetForm // as it goes: OPTIONS "http://h" goes as "*"
	rawPath   string             // as it goes on the request line
	path      string             // rawPath decoded, which net/url wants beside it
	rawQuery  string             // as written
	hasQuery  bool               // a '?' was there, perhaps before an empty query
	authority string             // host[:port] of an absolute-form target, for X-Forwarded-Host
	shielded  bool               // normalized, the path starts with a "/." that keeps "//x" a path
	backend   *url.URL           // where it goes: the -backend, or a -route's
	closing   bool               // the connection closes after the response (see mayBeSmuggling)
	body      *clientBody        // the request's body as it goes, or nil when it has none
}

// newForward returns what to forward for the valid target u of the given
// form and method, normalized at the scheme-based level of RFC 3986
// section 6.2.3 when normalize is set. An absolute-form target must have a
// host.
func newForward(method string, u *fasturi.URI, form fasturi.TargetForm, normalize bool) forward {
	f := forward{form: form}
	switch {
	case form == fasturi.AsteriskForm:
		f.rawPath = "*"
	case normalize:
		// A valid target normalizes without error. It has no fragment,
		// and no '/' or '?' before its path, but the "//" of an
		// authority; normalization adds no '?' (it decodes only
		// unreserved characters).
		n, _, _ := fasturi.AppendNormalize(nil, *u, fasturi.NormalizeScheme, 0)
		s := string(n)
		if form == fasturi.AbsoluteForm {
			a := strings.Index(s, "//") + 2
			end := len(s)
			if i := strings.IndexAny(s[a:], "/?"); i >= 0 {
				end = a + i
			}
			f.authority = authorityHostPort(s[a:end])
			s = s[end:]
			if strings.HasPrefix(s, "//") {
				// Shielded as the normal form of an origin-form "//x" is:
				// the authority gone, "//evil/x" must not read as one.
				s = "/." + s
			}
		}
		f.rawPath, f.rawQuery, f.hasQuery = strings.Cut(s, "?")
		f.shielded = strings.HasPrefix(f.rawPath, "/.//")
	default:
		f.rawPath, f.rawQuery, f.hasQuery = u.RawPath(), u.RawQuery(), u.HasQuery()
		if form == fasturi.AbsoluteForm {
			f.authority = authorityHostPort(u.RawAuthority())
		}
	}
	switch {
	case method == http.MethodOptions && form == fasturi.AbsoluteForm && u.RawPath() == "" && !u.HasQuery():
		// The last proxy sends an OPTIONS for the server as a whole,
		// "http://h", as "*" (RFC 9112 section 3.2.4), whatever the
		// normal form ("http://h/") says.
		f.form, f.rawPath, f.rawQuery, f.hasQuery = fasturi.AsteriskForm, "*", "", false
	case f.rawPath == "":
		// The origin-form of an empty path (RFC 9112 section 3.2.1).
		f.rawPath = "/"
	}
	f.path = f.rawPath
	if strings.IndexByte(f.rawPath, '%') >= 0 {
		d, _, _ := fasturi.AppendDecode(nil, f.rawPath, 0)
		f.path = string(d)
	}
	return f
}

// authorityHostPort returns the valid authority a without its userinfo,
// and without its port when that is empty.
func authorityHostPort(a string) string {
	if i := strings.IndexByte(a, '@'); i >= 0 {
		a = a[i+1:] // userinfo holds no '@', and neither does a host
	}
	return strings.TrimSuffix(a, ":")
}

// url returns the URL of the outgoing request to backend. The path goes
// under the backend's base path, but for "*", which names the whole
// server. RawPath is set even where it equals Path: net/url would
// otherwise re-encode the path ("!" as "%21", for one), and it sends
// RawPath as it is whenever it is a valid encoding of Path, which a
// path that fasturi accepted always is.
func (f *forward) url(backend *url.URL) *url.URL {
	u := &url.URL{
		Scheme:     backend.Scheme,
		Host:       backend.Host,
		Path:       f.path,
		RawPath:    f.rawPath,
		RawQuery:   f.rawQuery,
		ForceQuery: f.hasQuery && f.rawQuery == "",
	}
	// A base path of "/" is none: under it, "//x" would stay "//x".
	if base := strings.TrimSuffix(backend.Path, "/"); f.form != fasturi.AsteriskForm && base != "" {
		path, rawPath := f.path, f.rawPath
		if f.shielded {
			// Under the base path, "//x" reads as a path: the normal form
			// needs no "/." there.
			path, rawPath = path[2:], rawPath[2:]
		}
		u.Path = base + path
		u.RawPath = strings.TrimSuffix(backend.EscapedPath(), "/") + rawPath
	}
	return u
}
