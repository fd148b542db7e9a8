package ref

import "strings"

// The request-target of HTTP/1.1, RFC 9112 section 3.2, on the rules of
// RFC 3986 above.
var (
	// origin-form   = absolute-path [ "?" query ]
	// absolute-path = 1*( "/" segment )   (RFC 9110 section 4.1)
	originForm   = seq(capture(capPath, absolutePath), opt(seq(lit("?"), capture(capQuery, query))))
	absolutePath = rep(1, -1, seq(lit("/"), segment))

	// absolute-form = absolute-URI
	// absolute-URI  = scheme ":" hier-part [ "?" query ]   (RFC 3986 section 4.3)
	absoluteForm = seq(capture(capScheme, scheme), lit(":"), hierPart,
		opt(seq(lit("?"), capture(capQuery, query))))

	// authority-form = uri-host ":" port, where CONNECT needs a host and a
	// port (RFC 9110 section 9.3.6): the host is not empty, and the port
	// has a digit at least.
	authorityForm = seq(capture(capHost, nonEmpty(host)), lit(":"), capture(capPort, rep(1, -1, DIGIT)))

	// asterisk-form = "*"
	asteriskForm = capture(capPath, lit("*"))
)

// nonEmpty matches what r matches, but for the empty string.
func nonEmpty(r rule) rule {
	return func(m *matcher, p int, k func(int) bool) bool {
		return r(m, p, func(q int) bool { return q > p && k(q) })
	}
}

type form struct {
	name string
	rule rule
}

// targetForms are the forms of request-target that method allows: CONNECT
// the authority-form only; OPTIONS the asterisk-form too; any other method
// the origin-form and the absolute-form.
func targetForms(method string) []form {
	switch method {
	case "CONNECT":
		return []form{{"authority", authorityForm}}
	case "OPTIONS":
		return []form{{"origin", originForm}, {"absolute", absoluteForm}, {"asterisk", asteriskForm}}
	}
	return []form{{"origin", originForm}, {"absolute", absoluteForm}}
}

// RequestTarget is what ParseTarget found: Result, and the form that matched.
type RequestTarget struct {
	Result
	Form string // "origin", "absolute", "authority" or "asterisk"; "" when invalid
}

// ParseTarget matches s against the request-target that method allows. An
// invalid target's ErrorOffset is the length of its longest prefix that is
// a prefix of some valid target for method, and its Kind is targetKind's.
func ParseTarget(method, s string) RequestTarget {
	forms := targetForms(method)
	for _, f := range forms {
		m := &matcher{s: s}
		if !f.rule(m, 0, func(p int) bool { return p == len(s) }) {
			continue
		}
		r := Result{Valid: true, HostType: "none"}
		for i, dst := range []*Span{&r.Scheme, &r.Userinfo, &r.Host, &r.Port, &r.Path, &r.Query, &r.Fragment} {
			*dst = m.caps[i]
		}
		for _, t := range []struct {
			c    int
			name string
		}{{capRegName, "reg-name"}, {capIPv4, "ipv4"}, {capIPv6, "ipv6"}, {capIPvFuture, "ipvfuture"}} {
			if m.caps[t.c].Present {
				r.HostType = t.name
			}
		}
		r.Zone = m.caps[capZone]
		return RequestTarget{Result: r, Form: f.name}
	}
	rules := make([]rule, len(forms))
	for i, f := range forms {
		rules[i] = f.rule
	}
	return RequestTarget{Result: Result{ErrorOffset: viableLength(alt(rules...), s), Kind: targetKind(method, s), HostType: "none"}}
}

// targetKind says which rule s, which is no request-target that method
// allows, breaks. Its first byte chooses the form, as a recipient would
// (RFC 9112 section 3.2): CONNECT's authority-form whatever s is; the
// origin-form when s starts with '/'; the asterisk-form, when it starts
// with '*', which only OPTIONS allows and which is "*" alone; and the
// absolute-form otherwise. Then, as kindOf does, it reads s into the
// form's components by their delimiters alone, and the first component
// that breaks its rule gives the kind, with KindTargetForm for a part that
// the form cannot have (see hostPortKind for the authority-form's):
//
//   - in the origin-form, the path runs up to the first '?' or '#', the
//     query from that '?' up to the first '#', and a '#' is a fragment;
//   - the absolute-form needs a scheme, the text before the first ':' when
//     no '/', '?' or '#' comes before that ':'; then it is read as kindOf
//     reads a URI, up to its first '#', which is a fragment.
func targetKind(method, s string) Kind {
	switch {
	case method == "CONNECT":
		return hostPortKind(s, false)
	case strings.HasPrefix(s, "/"):
		path := s
		if i := strings.IndexAny(s, "?#"); i >= 0 {
			path = s[:i]
		}
		if b := firstBreak(absolutePath, path); b >= 0 {
			return brokenAt(path, b, KindPath)
		}
		switch k, rest := queryKind(s[len(path):]); {
		case k != KindNone:
			return k
		case rest != "":
			return KindTargetForm // a fragment
		}
		return KindNone
	case strings.HasPrefix(s, "*"):
		return KindTargetForm
	}
	c := strings.IndexByte(s, ':')
	if c < 0 || strings.ContainsAny(s[:c], "/?#") || !matches(scheme, s[:c]) {
		return KindTargetForm // no absolute URI
	}
	uri, fragment := s, false
	if i := strings.IndexByte(s, '#'); i >= 0 {
		uri, fragment = s[:i], true
	}
	if k := kindOf(uri); k != KindNone || !fragment {
		return k
	}
	return KindTargetForm
}

// hostPortKind says which rule s breaks as an authority-form target,
// uri-host ":" port with neither empty (RFC 9110 section 9.3.6), or, with
// field, as a Host header's value, uri-host [ ":" port ] (RFC 9110 section
// 7.2). The host is read as hostKind reads it, and the port runs from the
// ':' after the host up to the first '/', '?' or '#'. Neither has
// userinfo, which is there when what comes before the first '@' is
// userinfo, nor a path, query or fragment, which the first '/', '?' or
// '#' would start: those are KindTargetForm in a target and KindHost in a
// Host value, as is a target's missing port.
func hostPortKind(s string, field bool) Kind {
	notHere := KindTargetForm
	if field {
		notHere = KindHost
	}
	if i := strings.IndexByte(s, '@'); i >= 0 && matches(userinfo, s[:i]) {
		return notHere
	}
	a, more := s, false // the host and port; whether more follows them
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		a, more = s[:i], true
	}
	k, hostport := hostKind(a)
	switch {
	case k != KindNone:
		return k
	case a == "" && more:
		return notHere
	case !field && (a == "" || a[0] == ':'):
		return KindHost // nothing to connect to
	case hostport == "":
		if more || !field {
			return notHere
		}
		return KindNone
	}
	p := hostport[1:]
	switch {
	case firstBreak(port, p) >= 0:
		return KindPort
	case more || !field && p == "":
		return notHere
	}
	return KindNone
}

// The method and the version of a request line.
var (
	// method = token                     (RFC 9110 section 9.1)
	// token  = 1*tchar                   (RFC 9110 section 5.6.2)
	// tchar  = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." /
	//          "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA
	method = rep(1, -1, alt(char(oneOf("!#$%&'*+-.^_`|~")), DIGIT, ALPHA))

	// HTTP-version = HTTP-name "/" DIGIT "." DIGIT   (RFC 9112 section 2.3)
	// HTTP-name    = %s"HTTP"
	httpVersion = seq(exactly("HTTP/"), DIGIT, lit("."), DIGIT)
)

// MethodError returns -1 when m is a method, and otherwise the length of
// its longest prefix that is a prefix of one: the offset of its first byte
// that a token cannot hold, or 0 when it is empty.
func MethodError(m string) int { return firstError(method, m) }

// VersionError returns -1 when v is an HTTP-version, and otherwise the
// length of its longest prefix that is a prefix of one.
func VersionError(v string) int { return firstError(httpVersion, v) }
