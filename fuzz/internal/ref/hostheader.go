package ref

// hostField is the value of a Host header (RFC 9110 section 7.2), on the
// rules of RFC 3986:
//
//	Host = uri-host [ ":" port ]
var hostField = seq(capture(capHost, host), opt(seq(lit(":"), capture(capPort, port))))

// ParseHostHeader matches s against a Host header's value. An invalid
// value's ErrorOffset is the length of its longest prefix that is a prefix
// of some valid value, and its Kind is hostPortKind's.
func ParseHostHeader(s string) Result {
	m := &matcher{s: s}
	if hostField(m, 0, func(p int) bool { return p == len(s) }) {
		return Result{Valid: true, Host: m.caps[capHost], Port: m.caps[capPort]}
	}
	return Result{ErrorOffset: viableLength(hostField, s), Kind: hostPortKind(s, true)}
}
