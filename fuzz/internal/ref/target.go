package ref

// The request-target of HTTP/1.1, RFC 9112 section 3.2, on the rules of
// RFC 3986 above.
var (
	// origin-form   = absolute-path [ "?" query ]
	// absolute-path = 1*( "/" segment )   (RFC 9110 section 4.1)
	originForm = seq(capture(capPath, rep(1, -1, seq(lit("/"), segment))),
		opt(seq(lit("?"), capture(capQuery, query))))

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
// a prefix of some valid target for method. Kind is not set.
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
	return RequestTarget{Result: Result{ErrorOffset: viableLength(alt(rules...), s), HostType: "none"}}
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
