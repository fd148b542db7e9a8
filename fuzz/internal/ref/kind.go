package ref

import "strings"

// A Kind names the rule an invalid input breaks, by the component it
// breaks it in.
type Kind string

// The kinds. KindNone is that of a valid input.
const (
	KindNone            Kind = ""
	KindScheme          Kind = "scheme"
	KindUserinfo        Kind = "userinfo"
	KindHost            Kind = "host"
	KindIPLiteral       Kind = "ip-literal"
	KindPort            Kind = "port"
	KindPath            Kind = "path"
	KindQuery           Kind = "query"
	KindFragment        Kind = "fragment"
	KindPercentEncoding Kind = "percent-encoding"
	// KindTargetForm is a request-target's own: a form the method does
	// not allow, or a part the form cannot have.
	KindTargetForm Kind = "target-form"
)

// The path rules, by where the path is.
var (
	pathAfterScheme   = alt(pathAbsolute, pathRootless, pathEmpty) // hier-part without authority
	pathOfRelativeRef = alt(pathAbsolute, pathNoscheme, pathEmpty) // relative-part without authority
)

// kindOf says which rule s breaks. It reads s into components by their
// delimiters alone, then checks each component, in input order, against
// its own rule:
//
//   - the scheme is the text before the first ':' when no '/', '?' or '#'
//     comes before that ':' and the text is a scheme; otherwise there is no
//     scheme, and s is a relative reference;
//   - the authority follows "//" (right after the scheme's ':', or at the
//     start of a relative reference) up to the next '/', '?', '#' or the
//     end; its userinfo runs up to its first '@'; the host is then an IP
//     literal up to its first ']' when it starts with '[', and otherwise
//     runs up to the first ':'; the port is the rest after that ':';
//   - the path runs up to the first '?' or '#', the query from that '?' up
//     to the first '#', and the fragment from that '#' to the end.
//
// The first byte of the first component that breaks its rule decides the
// kind (see brokenAt). It returns KindNone when no component breaks its
// rule.
func kindOf(s string) Kind {
	hier, hasScheme := 0, false
	if c := strings.IndexByte(s, ':'); c >= 0 && !strings.ContainsAny(s[:c], "/?#") && matches(scheme, s[:c]) {
		hier, hasScheme = c+1, true
	}
	pathEnd := len(s)
	if i := strings.IndexAny(s[hier:], "?#"); i >= 0 {
		pathEnd = hier + i
	}
	path := s[hier:pathEnd]
	pathRule := pathOfRelativeRef
	if hasScheme {
		pathRule = pathAfterScheme
	}
	hasAuthority := strings.HasPrefix(path, "//")
	if hasAuthority {
		a := path[2:]
		if i := strings.IndexByte(a, '/'); i >= 0 {
			a = a[:i]
		}
		if k := authorityKind(a); k != KindNone {
			return k
		}
		path, pathRule = path[2+len(a):], pathAbempty
	}
	if b := firstBreak(pathRule, path); b >= 0 {
		// A ':' in the first segment of path-noscheme: the text before it
		// would have had to be a scheme.
		if !hasScheme && !hasAuthority && b < len(path) && path[b] == ':' && !strings.Contains(path[:b], "/") {
			return KindScheme
		}
		return brokenAt(path, b, KindPath)
	}
	k, rest := queryKind(s[pathEnd:])
	if k != KindNone {
		return k
	}
	if strings.HasPrefix(rest, "#") {
		f := rest[1:]
		if b := firstBreak(fragment, f); b >= 0 {
			return brokenAt(f, b, KindFragment)
		}
	}
	return KindNone
}

// queryKind says which rule the query that rest starts with, a '?' and
// what follows up to the first '#', breaks, if any, and returns what
// follows the query when it breaks none. Without a '?' first, there is no
// query, and rest is what follows.
func queryKind(rest string) (Kind, string) {
	if !strings.HasPrefix(rest, "?") {
		return KindNone, rest
	}
	q := rest[1:]
	if i := strings.IndexByte(q, '#'); i >= 0 {
		q = q[:i]
	}
	if b := firstBreak(query, q); b >= 0 {
		return brokenAt(q, b, KindQuery), ""
	}
	return KindNone, rest[1+len(q):]
}

// authorityKind says which rule the authority a breaks, if any.
func authorityKind(a string) Kind {
	if i := strings.IndexByte(a, '@'); i >= 0 {
		if b := firstBreak(userinfo, a[:i]); b >= 0 {
			return brokenAt(a[:i], b, KindUserinfo)
		}
		a = a[i+1:]
	}
	k, hostport := hostKind(a)
	if k != KindNone {
		return k
	}
	if hostport != "" {
		p := hostport[1:]
		if b := firstBreak(port, p); b >= 0 {
			if b < len(p) && p[b] == '@' {
				return KindHost // a second '@'
			}
			return KindPort // a port holds no percent-encoding, good or bad
		}
	}
	return KindNone
}

// hostKind says which rule the host at the start of a, an authority
// without its userinfo, breaks, if any, and returns what follows the host
// when it breaks none: "", or a ':' and what should be the port. The host
// is an IP literal up to its first ']' when a starts with '[', and
// otherwise runs up to the first ':'.
func hostKind(a string) (k Kind, hostport string) {
	if !strings.HasPrefix(a, "[") {
		h := a
		if i := strings.IndexByte(a, ':'); i >= 0 {
			h, hostport = a[:i], a[i:]
		}
		if b := firstBreak(host, h); b >= 0 {
			return brokenAt(h, b, KindHost), ""
		}
		return KindNone, hostport
	}
	end := len(a)
	if i := strings.IndexByte(a, ']'); i >= 0 {
		end = i + 1
	}
	lit := a[:end]
	if b := firstBreak(ipLiteral, lit); b >= 0 {
		// Every byte of an IP literal is of its kind, but for a bad
		// percent-encoding in a zone ID, which follows a "%25" (no
		// other part of an IP literal holds a '%').
		if z := strings.Index(lit, "%25"); z >= 0 && b >= z+3 && badPercent(lit, b) {
			return KindPercentEncoding, ""
		}
		return KindIPLiteral, ""
	}
	// Anything between the IP literal and the ':' of a port is the
	// host's, and cannot be there.
	if hostport = a[end:]; hostport != "" && hostport[0] != ':' {
		return KindHost, ""
	}
	return KindNone, hostport
}

// brokenAt gives the kind of the byte at b, the first of t that breaks the
// rule of a component of kind own: a '%' not followed by two hex digits is
// a bad percent-encoding, and any other byte (or the end of t) breaks the
// component's own rule.
func brokenAt(t string, b int, own Kind) Kind {
	if badPercent(t, b) {
		return KindPercentEncoding
	}
	return own
}

// badPercent reports whether t[b] is a '%' not followed by two hex digits.
func badPercent(t string, b int) bool {
	return b < len(t) && t[b] == '%' && !matches(pctEncoded, t[b:min(b+3, len(t))])
}

// matches reports whether r matches all of t.
func matches(r rule, t string) bool {
	m := &matcher{s: t}
	return r(m, 0, func(p int) bool { return p == len(t) })
}

// viable reports whether t is a prefix of a string r matches.
func viable(r rule, t string) bool {
	m := &matcher{s: t, prefix: true}
	return r(m, 0, func(p int) bool { return p == len(t) })
}

// firstBreak returns -1 if r matches all of t, and otherwise the offset of
// the first byte of t at which t breaks r: len(t) if t is a prefix of a
// string r matches, but ends too early. A byte that breaks a
// percent-encoding started by an earlier '%' ("%4x", "%x") breaks it at
// that '%'.
func firstBreak(r rule, t string) int {
	if matches(r, t) {
		return -1
	}
	// As in Parse: the longest prefix of t that r can continue.
	lo, hi := 0, len(t)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if viable(r, t[:mid]) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	switch {
	case lo >= 1 && t[lo-1] == '%':
		return lo - 1
	case lo >= 2 && t[lo-2] == '%' && matches(HEXDIG, t[lo-1:lo]):
		return lo - 2
	}
	return lo
}
