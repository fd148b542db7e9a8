package fuzz

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/internal/corpus"
)

// The grammar of URI-reference as a Go regular expression, translated from
// RFC 3986 Appendix A one rule at a time, with RFC 6874 section 2's zone
// IDs, and the core rules of RFC 5234 Appendix B.1. It is a second reading
// of the RFC, independent of both the parser and ref's grammar: RE2 decides
// whether a string matches, and the only code of ours is the translation.
//
// The ABNF operators map onto the regexp's as follows, each operand and
// each result in a non-capturing group so that the rules nest as they do in
// the ABNF: a / b is alt, a b is seq, [ a ] is opt, n*m a, n a and *a are
// rep, and a quoted string is lit, which ignores the case of letters as
// ABNF strings do (RFC 5234 section 2.3).
var (
	// URI-reference = URI / relative-ref
	URIReference = alt(URI, relativeRef)

	// URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
	URI = seq(capture("scheme", scheme), lit(":"), hierPart,
		opt(seq(lit("?"), capture("query", query))),
		opt(seq(lit("#"), capture("fragment", fragment))))

	// hier-part = "//" authority path-abempty
	//           / path-absolute
	//           / path-rootless
	//           / path-empty
	hierPart = alt(
		seq(lit("//"), authority, capture("path", pathAbempty)),
		capture("path", pathAbsolute),
		capture("path", pathRootless),
		capture("path", pathEmpty))

	// relative-ref = relative-part [ "?" query ] [ "#" fragment ]
	relativeRef = seq(relativePart,
		opt(seq(lit("?"), capture("query", query))),
		opt(seq(lit("#"), capture("fragment", fragment))))

	// relative-part = "//" authority path-abempty
	//               / path-absolute
	//               / path-noscheme
	//               / path-empty
	relativePart = alt(
		seq(lit("//"), authority, capture("path", pathAbempty)),
		capture("path", pathAbsolute),
		capture("path", pathNoscheme),
		capture("path", pathEmpty))

	// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
	scheme = seq(ALPHA, rep(0, -1, alt(ALPHA, DIGIT, lit("+"), lit("-"), lit("."))))

	// authority = [ userinfo "@" ] host [ ":" port ]
	authority = seq(opt(seq(capture("userinfo", userinfo), lit("@"))),
		capture("host", host), opt(seq(lit(":"), capture("port", port))))

	// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
	userinfo = rep(0, -1, alt(unreserved, pctEncoded, subDelims, lit(":")))

	// host = IP-literal / IPv4address / reg-name
	//
	// The groups name the host's type (see abnfHostTypes).
	host = alt(IPliteral, capture("ipv4", IPv4address), capture("regname", regName))

	// port = *DIGIT
	port = rep(0, -1, DIGIT)

	// IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"
	// (RFC 6874 section 2, which adds IPv6addrz to RFC 3986's rule)
	IPliteral = seq(lit("["), alt(capture("ipv6", IPv6address),
		capture("ipv6", IPv6addrz), capture("ipvfuture", IPvFuture)), lit("]"))

	// IPv6addrz = IPv6address "%25" ZoneID   (RFC 6874 section 2)
	IPv6addrz = seq(IPv6address, lit("%25"), ZoneID)

	// ZoneID = 1*( unreserved / pct-encoded )   (RFC 6874 section 2)
	ZoneID = rep(1, -1, alt(unreserved, pctEncoded))

	// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
	IPvFuture = seq(lit("v"), rep(1, -1, HEXDIG), lit("."),
		rep(1, -1, alt(unreserved, subDelims, lit(":"))))

	// IPv6address =                            6( h16 ":" ) ls32
	//             /                       "::" 5( h16 ":" ) ls32
	//             / [               h16 ] "::" 4( h16 ":" ) ls32
	//             / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
	//             / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
	//             / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
	//             / [ *4( h16 ":" ) h16 ] "::"              ls32
	//             / [ *5( h16 ":" ) h16 ] "::"              h16
	//             / [ *6( h16 ":" ) h16 ] "::"
	IPv6address = alt(
		seq(rep(6, 6, seq(h16, lit(":"))), ls32),
		seq(lit("::"), rep(5, 5, seq(h16, lit(":"))), ls32),
		seq(opt(h16), lit("::"), rep(4, 4, seq(h16, lit(":"))), ls32),
		seq(opt(seq(rep(0, 1, seq(h16, lit(":"))), h16)), lit("::"), rep(3, 3, seq(h16, lit(":"))), ls32),
		seq(opt(seq(rep(0, 2, seq(h16, lit(":"))), h16)), lit("::"), rep(2, 2, seq(h16, lit(":"))), ls32),
		seq(opt(seq(rep(0, 3, seq(h16, lit(":"))), h16)), lit("::"), h16, lit(":"), ls32),
		seq(opt(seq(rep(0, 4, seq(h16, lit(":"))), h16)), lit("::"), ls32),
		seq(opt(seq(rep(0, 5, seq(h16, lit(":"))), h16)), lit("::"), h16),
		seq(opt(seq(rep(0, 6, seq(h16, lit(":"))), h16)), lit("::")))

	// h16 = 1*4HEXDIG
	h16 = rep(1, 4, HEXDIG)

	// ls32 = ( h16 ":" h16 ) / IPv4address
	ls32 = alt(seq(h16, lit(":"), h16), IPv4address)

	// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
	IPv4address = seq(decOctet, lit("."), decOctet, lit("."), decOctet, lit("."), decOctet)

	// dec-octet = DIGIT                 ; 0-9
	//           / %x31-39 DIGIT         ; 10-99
	//           / "1" 2DIGIT            ; 100-199
	//           / "2" %x30-34 DIGIT     ; 200-249
	//           / "25" %x30-35          ; 250-255
	decOctet = alt(
		DIGIT,
		seq(between(0x31, 0x39), DIGIT),
		seq(lit("1"), rep(2, 2, DIGIT)),
		seq(lit("2"), between(0x30, 0x34), DIGIT),
		seq(lit("25"), between(0x30, 0x35)))

	// reg-name = *( unreserved / pct-encoded / sub-delims )
	regName = rep(0, -1, alt(unreserved, pctEncoded, subDelims))

	// path-abempty = *( "/" segment )
	pathAbempty = rep(0, -1, seq(lit("/"), segment))

	// path-absolute = "/" [ segment-nz *( "/" segment ) ]
	pathAbsolute = seq(lit("/"), opt(seq(segmentNz, rep(0, -1, seq(lit("/"), segment)))))

	// path-noscheme = segment-nz-nc *( "/" segment )
	pathNoscheme = seq(segmentNzNc, rep(0, -1, seq(lit("/"), segment)))

	// path-rootless = segment-nz *( "/" segment )
	pathRootless = seq(segmentNz, rep(0, -1, seq(lit("/"), segment)))

	// path-empty = 0<pchar>
	pathEmpty = seq()

	// segment = *pchar
	segment = rep(0, -1, pchar)

	// segment-nz = 1*pchar
	segmentNz = rep(1, -1, pchar)

	// segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
	segmentNzNc = rep(1, -1, alt(unreserved, pctEncoded, subDelims, lit("@")))

	// pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
	pchar = alt(unreserved, pctEncoded, subDelims, lit(":"), lit("@"))

	// query = *( pchar / "/" / "?" )
	query = rep(0, -1, alt(pchar, lit("/"), lit("?")))

	// fragment = *( pchar / "/" / "?" )
	fragment = rep(0, -1, alt(pchar, lit("/"), lit("?")))

	// pct-encoded = "%" HEXDIG HEXDIG
	pctEncoded = seq(lit("%"), HEXDIG, HEXDIG)

	// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
	unreserved = alt(ALPHA, DIGIT, lit("-"), lit("."), lit("_"), lit("~"))

	// sub-delims = "!" / "$" / "&" / "'" / "(" / ")"
	//            / "*" / "+" / "," / ";" / "="
	subDelims = alt(lit("!"), lit("$"), lit("&"), lit("'"), lit("("), lit(")"),
		lit("*"), lit("+"), lit(","), lit(";"), lit("="))

	// ALPHA = %x41-5A / %x61-7A   (RFC 5234 Appendix B.1)
	ALPHA = alt(between(0x41, 0x5A), between(0x61, 0x7A))

	// DIGIT = %x30-39   (RFC 5234 Appendix B.1)
	DIGIT = between(0x30, 0x39)

	// HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"   (RFC 5234 B.1)
	HEXDIG = alt(DIGIT, lit("A"), lit("B"), lit("C"), lit("D"), lit("E"), lit("F"))
)

// alt is a / b / ...: RE2 tries the alternatives in order, as a
// backtracking matcher would (leftmost-first), which only the captures
// can tell (see abnfRegexp).
func alt(res ...string) string { return "(?:" + strings.Join(res, "|") + ")" }

// seq is a b ...; seq() is the empty string.
func seq(res ...string) string { return "(?:" + strings.Join(res, "") + ")" }

// opt is [ a ].
func opt(re string) string { return "(?:" + re + ")?" }

// rep is lo*hi a, with hi -1 for no bound: *a is rep(0, -1, a), 1*a is
// rep(1, -1, a) and n a is rep(n, n, a).
func rep(lo, hi int, re string) string {
	switch {
	case lo == 0 && hi < 0:
		return "(?:" + re + ")*"
	case lo == 1 && hi < 0:
		return "(?:" + re + ")+"
	case hi < 0:
		return fmt.Sprintf("(?:%s){%d,}", re, lo)
	}
	return fmt.Sprintf("(?:%s){%d,%d}", re, lo, hi)
}

// lit is a quoted string, whose letters match either case. It spells each
// letter out as [xX]: (?i) would fold k and s into non-ASCII runes too.
func lit(s string) string {
	var b strings.Builder
	b.WriteString("(?:")
	for _, c := range []byte(s) {
		if lower := c | 0x20; 'a' <= lower && lower <= 'z' {
			fmt.Fprintf(&b, "[%c%c]", lower-0x20, lower)
		} else {
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString(")")
	return b.String()
}

// between is %xlo-hi.
func between(lo, hi byte) string { return fmt.Sprintf(`[\x%02x-\x%02x]`, lo, hi) }

// capture names the span of re; it changes nothing of what matches.
// Several groups share a name where the ABNF reaches the same component
// along different alternatives; at most one of them takes part in a match.
func capture(name, re string) string { return "(?P<" + name + ">" + re + ")" }

// abnfRegexp matches exactly the URI-references.
//
// Its groups give the components, and do so unambiguously: every valid
// reference has only one way to match, up to the choices within host,
// which hold no component. URI and relative-ref are
// disjoint: in a URI the first of ":/?#" is the scheme's ':', and in a
// relative-ref it is not, since segment-nz-nc holds no ':'. "//" starts an
// authority and never a path-absolute, whose segment-nz is not empty. The
// authority, which holds no "/?#", runs to the first of them, where
// path-abempty starts; the userinfo is there when the authority holds an
// '@' (there can be only one), and runs to it; an IP-literal runs to its
// only ']', any other host to the next ':', the port's, or to the end of
// the authority. The path runs to the first '?' or '#', the query to the
// first '#'.
//
// The host alone is ambiguous, as section 3.2.2 says: every IPv4address is
// also a reg-name, and "first-match-wins". The span is the same either way;
// its type is the first alternative of host that leads to a match, which is
// the one package regexp reports, because it picks, among the matches that
// start leftmost, the one a backtracking matcher would find first.
//
// Package regexp reads UTF-8, but no class of the grammar holds a rune
// beyond ASCII, nor the U+FFFD it reads a stray byte as: a byte of 0x80 or
// more never matches, as in the ABNF.
var abnfRegexp = regexp.MustCompile("^" + URIReference + "$")

// abnfHostTypes maps the groups of host to the names HostType gives them.
var abnfHostTypes = map[string]string{
	"ipv4": "ipv4", "regname": "reg-name", "ipv6": "ipv6", "ipvfuture": "ipvfuture",
}

// abnfGroups maps each component to the regexp's groups named after it.
var abnfGroups = func() map[fasturi.Component][]int {
	g := make(map[fasturi.Component][]int)
	for i, name := range abnfRegexp.SubexpNames() {
		for _, c := range components {
			if c.String() == name {
				g[c] = append(g[c], i)
			}
		}
	}
	for _, c := range components {
		if len(g[c]) == 0 {
			panic("abnfRegexp has no group for " + c.String())
		}
	}
	return g
}()

// abnfDiff compares ParseString(s) with abnfRegexp and returns "" when they
// agree on validity and, for a valid s, on each component's presence and
// span and on the host's type; or else a description of the first
// difference.
func abnfDiff(s string) string {
	u, err := fasturi.ParseString(s)
	m := abnfRegexp.FindStringSubmatchIndex(s)
	if (err == nil) != (m != nil) {
		return fmt.Sprintf("%q: Parse error %v, ABNF regexp matches %v", s, err, m != nil)
	}
	if m == nil {
		return ""
	}
	for _, c := range components {
		start, end := -1, -1
		for _, g := range abnfGroups[c] {
			if m[2*g] >= 0 {
				start, end = m[2*g], m[2*g+1]
				break
			}
		}
		sp := u.Span(c)
		if u.Has(c) != (start >= 0) || u.Has(c) && (int(sp.Start) != start || int(sp.End) != end) {
			return fmt.Sprintf("%q: %v present %v [%d,%d), ABNF regexp present %v [%d,%d)",
				s, c, u.Has(c), sp.Start, sp.End, start >= 0, start, end)
		}
	}
	want := "none"
	for i, name := range abnfRegexp.SubexpNames() {
		if t, ok := abnfHostTypes[name]; ok && m[2*i] >= 0 {
			want = t
			break
		}
	}
	if got := u.HostType().String(); got != want {
		return fmt.Sprintf("%q: host type %s, ABNF regexp %s", s, got, want)
	}
	return ""
}

// abnfEnumerations are the exhaustive runs of TestABNFRegexp: prefix, then
// every sequence of up to n tokens (short with -short), then suffix. Most
// token sets are single bytes, one or two of each class that a rule tells
// apart where the prefix leads: gen-delims, '%' and hex digits for
// pct-encoded, 'v' for IPvFuture, digits and '.' for dec-octets, '2' and
// '5' for "%25". In IPv6 addresses the tokens are groups ("f:", an
// IPv4address), so that the nine alternatives, which differ in how many
// groups come before and after "::", are all reached with few tokens.
// The two long prefixes put the end of the parser's first 64-byte block
// (see scan.go) among the tokens.
var abnfEnumerations = []struct {
	prefix string
	tokens []string
	suffix string
	n      int
	short  int
}{
	{"", bytesOf("a1:/?#[]@%.vF"), "", 5, 3},
	{"a:", bytesOf("a1:/?#[]@%.vF"), "", 4, 3},
	{"http://", bytesOf("a1:/?#[]@%.vF"), "", 4, 3},
	{"//[", bytesOf("1:.]v%2F"), "", 5, 4},
	{"//[", []string{"f:f:", "f:", ":", "f", "1.1.1.1"}, "]", 7, 5},
	{"//[::", bytesOf("1:.]%25a"), "", 5, 4},
	{"//[::1%25", bytesOf("a%2F]:/"), "", 5, 4},
	{"//[v1.", bytesOf("a:!.]%1"), "", 5, 4},
	{"//1.2.3.", bytesOf("01256:/@."), "", 5, 4},
	{"//u@", bytesOf("a1:@[]%/"), "", 5, 4},
	{"//" + strings.Repeat("h", 59), bytesOf("a1:/?#[]@%"), "", 4, 3},
	{"/" + strings.Repeat("p", 60), bytesOf("a1:/?#[]@%"), "", 4, 3},
}

// bytesOf returns the bytes of s as tokens.
func bytesOf(s string) []string { return strings.Split(s, "") }

// TestABNFRegexp compares Parse with abnfRegexp on the fuzz targets' seeds,
// on a generated corpus, and on every short string over small alphabets.
// The files under testdata/fuzz belong to their targets, which go test
// runs on them.
func TestABNFRegexp(t *testing.T) {
	failures := 0
	check := func(s string) {
		if d := abnfDiff(s); d != "" {
			if failures++; failures <= 20 {
				t.Error(d)
			}
		}
	}
	for _, list := range [][]string{
		seeds, hostSeeds, factsSeeds, normalizeSeeds, normalizeBases, querySeeds,
		relativeBases, resolveBases, shapeSeeds, targetSeeds, textSeeds,
	} {
		for _, s := range list {
			check(s)
		}
	}
	for _, p := range relativePairs {
		check(p[0])
		check(p[1])
	}
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for _, s := range corpus.Generate(n, 1) {
		check(s)
	}
	for _, e := range abnfEnumerations {
		n := e.n
		if testing.Short() {
			n = e.short
		}
		enumerate(e.prefix, e.tokens, e.suffix, n, check)
	}
	if failures > 20 {
		t.Errorf("%d disagreements in all, the first 20 above", failures)
	}
}

// enumerate calls f with prefix, then each sequence of up to n tokens,
// then suffix.
func enumerate(prefix string, tokens []string, suffix string, n int, f func(string)) {
	var b strings.Builder
	digits := make([]int, 0, n)
	for {
		b.Reset()
		b.WriteString(prefix)
		for _, d := range digits {
			b.WriteString(tokens[d])
		}
		b.WriteString(suffix)
		f(b.String())
		// The next sequence: count in base len(tokens), and add a token
		// when every position has wrapped.
		i := len(digits) - 1
		for ; i >= 0; i-- {
			if digits[i]++; digits[i] < len(tokens) {
				break
			}
			digits[i] = 0
		}
		if i < 0 {
			if len(digits) == n {
				return
			}
			digits = append(digits, 0)
		}
	}
}

// FuzzABNF compares Parse with abnfRegexp, as TestABNFRegexp does, on any
// input of up to maxRefLen bytes: matching with groups is slow on longer
// ones, which add nothing that the parser's 64-byte blocks do not
// already meet.
func FuzzABNF(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > maxRefLen {
			return
		}
		if d := abnfDiff(s); d != "" {
			t.Fatal(d)
		}
	})
}
