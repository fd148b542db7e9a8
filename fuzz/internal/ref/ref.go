// Package ref is a reference parser for RFC 3986 URI references, written to
// be obviously correct rather than fast. Each rule of the ABNF of RFC 3986
// Appendix A, and the zone IDs of RFC 6874, is a Go value built from five
// combinators, and matching is plain backtracking. It shares no code and no
// tables with fasturi, so that one mistake cannot hide in both.
package ref

import "strings"

// A Span is a component's place in the input; Present tells an absent
// component from an empty one.
type Span struct {
	Present    bool
	Start, End int
}

// String returns the text of sp in s, "" when sp is absent.
func (sp Span) String(s string) string {
	if !sp.Present {
		return ""
	}
	return s[sp.Start:sp.End]
}

// Result is what Parse found.
type Result struct {
	Valid bool
	// ErrorOffset, when the input is not valid, is the length of the
	// longest prefix of the input that is also a prefix of some valid URI
	// reference: the offset of the first byte that cannot continue, or
	// len(input) if the input ended too early.
	ErrorOffset int
	// Kind, when the input is not valid, names the rule it breaks; see
	// kindOf for how.
	Kind Kind

	Scheme, Userinfo, Host, Port, Path, Query, Fragment Span
	// HostType is "none", "reg-name", "ipv4", "ipv6" or "ipvfuture".
	HostType string
	// Zone is the ZoneID of an IPv6addrz host (RFC 6874), after its "%25".
	Zone Span
}

// Parse matches s against URI-reference.
func Parse(s string) Result {
	m := &matcher{s: s}
	if uriReference(m, 0, func(p int) bool { return p == len(s) }) {
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
		return r
	}
	return Result{ErrorOffset: longestViable(s, Viable), Kind: kindOf(s), HostType: "none"}
}

// firstError returns -1 when r matches all of s, and otherwise the length
// of the longest prefix of s that is a prefix of something r matches.
func firstError(r rule, s string) int {
	if r(&matcher{s: s}, 0, func(p int) bool { return p == len(s) }) {
		return -1
	}
	return viableLength(r, s)
}

// viableLength returns the length of the longest prefix of s that is a
// prefix of something r matches.
func viableLength(r rule, s string) int {
	return longestViable(s, func(p string) bool {
		return r(&matcher{s: p, prefix: true}, 0, func(q int) bool { return q == len(p) })
	})
}

// longestViable returns the length of the longest prefix of s for which
// viable holds, by binary search: viability only shrinks as the prefix
// grows, and the empty prefix is viable.
func longestViable(s string, viable func(string) bool) int {
	lo, hi := 0, len(s) // s[:lo] is viable; s[:hi+1] is not known
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if viable(s[:mid]) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// Viable reports whether s is a prefix of some valid URI reference.
func Viable(s string) bool {
	m := &matcher{s: s, prefix: true}
	return uriReference(m, 0, func(p int) bool { return p == len(s) })
}

// The captures: one per component, and one per kind of host.
const (
	capScheme = iota
	capUserinfo
	capHost
	capPort
	capPath
	capQuery
	capFragment
	capRegName
	capIPv4
	capIPv6
	capIPvFuture
	capZone
	numCaps
)

type matcher struct {
	s string
	// prefix makes running out of input a success: every rule can be
	// completed, so a derivation that reaches the end of s partway through
	// a rule shows that s is a prefix of a valid string.
	prefix bool
	caps   [numCaps]Span
}

// A rule matches at p and calls k with each position where it can end,
// until k returns true.
type rule func(m *matcher, p int, k func(int) bool) bool

// char matches one byte for which ok holds.
func char(ok func(byte) bool) rule {
	return func(m *matcher, p int, k func(int) bool) bool {
		if p == len(m.s) {
			return m.prefix
		}
		return ok(m.s[p]) && k(p+1)
	}
}

// isASCIILetter reports whether c is an ASCII letter, the only bytes whose
// case ABNF strings ignore (RFC 5234 section 2.3).
func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// exactly matches a literal string in its case, as ABNF's %s"..." does
// (RFC 7405).
func exactly(str string) rule {
	var rs []rule
	for i := 0; i < len(str); i++ {
		c := str[i]
		rs = append(rs, char(func(b byte) bool { return b == c }))
	}
	return seq(rs...)
}

// lit matches a literal string, ignoring case as ABNF strings do.
func lit(str string) rule {
	var rs []rule
	for i := 0; i < len(str); i++ {
		c := str[i]
		rs = append(rs, char(func(b byte) bool { return b == c || isASCIILetter(c) && b|0x20 == c|0x20 }))
	}
	return seq(rs...)
}

// seq matches rules one after the other.
func seq(rs ...rule) rule {
	if len(rs) == 0 {
		return func(m *matcher, p int, k func(int) bool) bool { return k(p) }
	}
	first, rest := rs[0], seq(rs[1:]...)
	return func(m *matcher, p int, k func(int) bool) bool {
		return first(m, p, func(q int) bool { return rest(m, q, k) })
	}
}

// alt matches any one of the rules.
func alt(rs ...rule) rule {
	return func(m *matcher, p int, k func(int) bool) bool {
		for _, r := range rs {
			if r(m, p, k) {
				return true
			}
		}
		return false
	}
}

// rep matches r at least min and at most max times (max < 0: no limit),
// trying the longest first.
func rep(min, max int, r rule) rule {
	var try func(m *matcher, p, n int, k func(int) bool) bool
	try = func(m *matcher, p, n int, k func(int) bool) bool {
		if max < 0 || n < max {
			more := r(m, p, func(q int) bool {
				return q > p && try(m, q, n+1, k) // every rule here consumes input
			})
			if more {
				return true
			}
		}
		return n >= min && k(p)
	}
	return func(m *matcher, p int, k func(int) bool) bool { return try(m, p, 0, k) }
}

func opt(r rule) rule { return rep(0, 1, r) }

// capture records where r matched, undoing it when the match backtracks.
func capture(c int, r rule) rule {
	return func(m *matcher, p int, k func(int) bool) bool {
		return r(m, p, func(q int) bool {
			old := m.caps[c]
			m.caps[c] = Span{true, p, q}
			if k(q) {
				return true
			}
			m.caps[c] = old
			return false
		})
	}
}

func oneOf(set string) func(byte) bool {
	return func(b byte) bool { return strings.IndexByte(set, b) >= 0 }
}

func between(lo, hi byte) func(byte) bool {
	return func(b byte) bool { return lo <= b && b <= hi }
}

func either(fs ...func(byte) bool) func(byte) bool {
	return func(b byte) bool {
		for _, f := range fs {
			if f(b) {
				return true
			}
		}
		return false
	}
}
