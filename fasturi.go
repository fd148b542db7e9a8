// Package fasturi parses URI references (RFC 3986) into offsets, without
// allocating.
//
// Parse and ParseString validate strictly: every rule of RFC 3986 Appendix A,
// plus IPv6 zone IDs (RFC 6874). Split is the lenient counterpart for logs: it
// splits any input the way RFC 3986 Appendix B does, never fails, and reports
// which rules the input breaks.
//
// After parsing, each operation works on the spans, follows its RFC, and
// allocates nothing: percent-decoding and -encoding (AppendDecode,
// AppendEncode), normalization and equivalence (AppendNormalize, Equivalent),
// reference resolution and its inverse (AppendResolve, AppendRelative), query
// parameters, raw or decoded, and path segments as cursors (Params, Segments),
// hosts and ports as values (URI.Addr, which allocates only for an IPv6
// zone, URI.PortNumber, URI.AppendHostPort, URI.AppendHost, LegacyIPv4),
// the facts a security policy needs (URI.Facts, URI.HostDiffers), the URL
// shapes of RFC 1738 (URI.CheckShape, URI.FTPType, DefaultPort), HTTP
// request targets, request lines and Host headers (ParseRequestTarget,
// ParseRequestLine, RFC 9112; ParseHostHeader, RFC 9110), and the URIs in
// free text (Finder, RFC 3986 Appendix C).
//
// # Lifetime
//
// A URI refers to its input; nothing is copied. Its accessors return
// substrings of the input. For a URI from a function that takes a []byte
// (Parse, Split, ParseRequestTarget, ParseRequestLine, ParseHostHeader;
// and a Finder from NewFinder), those strings share memory with the
// slice: they stay valid only while the slice is not modified, so copy
// one (with strings.Clone) before keeping it beyond that, as a server
// that reuses its read buffer must. That includes a map key: one that
// changes under the map is never found again. To keep the whole URI, keep
// u.Clone(), which copies its input once and keeps everything else; for a
// RequestLine, its Target's Clone, and strings.Clone of its Method and
// Version.
//
// Inputs of 4 GiB or more are rejected with ErrTooLong, because offsets are
// 32 bits.
//
// # Raw and decoded components
//
// Components are percent-encoded in the input (RFC 3986 section 2.1), and
// splitting happens before decoding (section 2.4). Accessors that return a
// component as written, still encoded, are named Raw: RawUserinfo, RawHost,
// RawPath, RawQuery, RawFragment (like net/url's RawPath and RawQuery, and
// unlike its Path, which is decoded). Scheme and Port have no Raw prefix: in
// a valid URI they cannot hold a percent-encoding. To decode one, pass it
// to AppendDecode, append-style like strconv's functions: it appends the
// decoded bytes to a caller's buffer and never allocates when that is
// large enough (AppendDecode(buf, u.RawPath(), 0)); Params.Decoded decodes
// a query's keys and values, and URI.AppendHost and URI.AppendHostPort a
// host to dial.
//
// Presence and value are separate: HasQuery reports whether the "?" was
// there, RawQuery returns what follows it, and an empty query differs from
// an absent one (section 5.3).
//
// # Validity
//
// A URI from Parse is valid or carries its error and no component but an
// empty path. A URI from Split carries the components of any input, valid
// or not; when the input breaks a rule, Valid reports false and Err and
// ErrorOffset describe the first violation (see Split). Accessors return
// spans of any URI as they are. Operations that interpret components
// (decoding, normalization, resolution, port numbers, addresses, iteration,
// facts, shapes) take only valid URIs and never act on unvalidated bytes:
// on a URI that is not valid, those that return an error return its error
// kind and offset (AppendNormalize, PortNumber, CheckShape, Params.Err,
// ...; ErrInvalidBase for the base of AppendResolve and AppendRelative),
// and the others report nothing (Addr, FTPType and Segments report
// none, Facts the zero Facts, Equivalent false), or, for HostDiffers, the
// cautious answer (true). A policy that reads Facts
// must check Valid first: an invalid URI's zero Facts do not say that it is
// safe.
//
// # Errors
//
// Every error is an ErrorKind, a small integer that implements error, so
// returning one does not allocate; errors.Is compares kinds. The offset of
// the error goes beside it: a URI, a RequestLine and a Params keep it
// (ErrorOffset), and the functions that append to a caller's buffer
// return it as an int before the error:
//
//	dst, off, err := fasturi.AppendX(dst, input)
//
// where off is -1 on success and otherwise an offset in the input: for a
// parse, the first byte at which the input stopped being a prefix of any
// valid URI reference (so "http://h:8x/" fails at the '/', where "h:8x"
// can no longer be userinfo; see ErrorKind), and for the others, the
// first byte at fault. An operation on two URIs (AppendResolve,
// AppendRelative) gives an offset in the input of the one its error kind
// names: the base's for ErrInvalidBase, and otherwise the reference's or
// the target's. dst is returned as it was passed, holding what it held
// before the call. Err, and NewSyntaxError for an error and its offset, build
// a message that quotes the input around the offset, and allocate.
package fasturi

import (
	"strconv"
	"strings"
	"unsafe"
)

// maxLength is the length of the longest input: offsets are uint32.
const maxLength = 1<<32 - 1

// A Span is the byte range [Start, End) of a component in the input. Its
// offsets are uint32, where the rest of the API counts in int, so that a
// URI holds its seven spans in 56 bytes: inputs are shorter than 4 GiB (see
// ErrTooLong). Convert with int(sp.Start) to compute with them.
type Span struct {
	Start uint32 // the offset of the component's first byte
	End   uint32 // the offset just past its last byte
}

// Len returns the length of the span in bytes.
func (s Span) Len() int { return int(s.End - s.Start) }

// A Component names one of the parts of a URI reference (RFC 3986 section 3).
type Component uint8

// The components, in the order they appear in a URI reference.
const (
	ComponentScheme Component = iota
	ComponentUserinfo
	ComponentHost
	ComponentPort
	ComponentPath
	ComponentQuery
	ComponentFragment

	numComponents = iota
)

var componentNames = [numComponents]string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"}

// String returns the component's name as RFC 3986 spells it, such as "host".
func (c Component) String() string {
	if c < numComponents {
		return componentNames[c]
	}
	return "Component(" + strconv.Itoa(int(c)) + ")"
}

// A HostType says which rule of RFC 3986 section 3.2.2 a host matched.
type HostType uint8

const (
	HostNone      HostType = iota // no authority, so no host
	HostRegName                   // reg-name, possibly empty
	HostIPv4                      // IPv4address: four dec-octets and nothing else
	HostIPv6                      // IP-literal holding an IPv6address, possibly with a zone ID (RFC 6874)
	HostIPvFuture                 // IP-literal holding an IPvFuture
)

var hostTypeNames = [...]string{"none", "reg-name", "ipv4", "ipv6", "ipvfuture"}

// String returns "none", "reg-name", "ipv4", "ipv6" or "ipvfuture", and
// "HostType(N)" for a value N that is none of the constants, as
// Component, TargetForm and NormalizeLevel do.
func (t HostType) String() string {
	if int(t) < len(hostTypeNames) {
		return hostTypeNames[t]
	}
	return "HostType(" + strconv.Itoa(int(t)) + ")"
}

// URI is a parsed URI reference: the input and the span of each component in it.
//
//	foo://user@example.com:8042/over/there?name=ferret#nose
//	\_/   \__/ \_________/ \__/\_________/ \_________/ \__/
//	 |     |        |        |      |           |        |
//	scheme userinfo host    port   path       query   fragment
//	       \___________________/
//	             authority
//
// Delimiters belong to no component: the span of the scheme above is [0, 3),
// that of the host [11, 22), and that of the query [39, 50). A component can
// be absent, which differs from present and empty (RFC 3986 section 5.3):
// "http://h?" has an empty query, "http://h" has none. The path is always
// present, possibly empty.
//
// The zero URI is the empty relative reference, equal to what
// ParseString("") returns. A URI is small (80 bytes on 64-bit platforms)
// and comparable: == reports whether two URIs have the same input,
// components, host type and error (Equivalent compares what they mean).
// Pass it by value. Its methods but String take a pointer, so that a call
// does not copy it: with a value receiver, every call, inlined or not,
// copies all 80 bytes, and a proxy calls a dozen accessors per request.
// A method is then called on a variable, not on a map element or a
// function's result: store that in a variable first. The functions that
// take whole URIs (AppendNormalize, AppendResolve, AppendRelative,
// Equivalent) take them by value, once per call, so that a parser's
// result can be passed to them as it is.
type URI struct {
	s        string
	spans    [numComponents]Span
	errOff   uint32
	present  uint8 // bit c is set when component c is present; the path, always present, has none
	hostType HostType
	errKind  ErrorKind
	// One byte of padding follows: room for one more fact about the URI
	// without growing it.
}

// Parse parses b as a URI-reference (RFC 3986 section 4.1), strictly: every
// rule of Appendix A applies, plus zone IDs in IPv6 literals (RFC 6874).
//
//	URI-reference = URI / relative-ref
//	URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//	relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
//
// For example "http://example.com/a?b#c" and "../a;b?c" parse; "http://a b"
// does not. On error, the error is an ErrorKind, ErrorOffset reports the
// offset of the first byte that no URI-reference can have there, and Err
// describes both. Parse does not allocate, whether it succeeds or not, and
// b does not escape: a buffer on the caller's stack stays there.
//
// A URI (section 3), such as a base or a redirect's Location needs, is a
// reference with a scheme: check HasScheme; an absolute-URI (section 4.3)
// has no fragment either.
//
// The URI refers to b: see the package documentation.
func Parse(b []byte) (URI, error) {
	return ParseString(unsafe.String(unsafe.SliceData(b), len(b)))
}

// ParseString is Parse for a string. It does not copy s.
func ParseString(s string) (u URI, err error) {
	u.s = s
	if k := u.parse(); k != 0 {
		return u, k
	}
	return u, nil
}

// String returns the whole input the URI was parsed from. It is the one
// method with a value receiver, so that a URI value is a fmt.Stringer.
func (u URI) String() string { return u.s }

// Clone returns a copy of u that refers to a copy of its input: the
// same components, offsets, validity and error, read from memory of its
// own, which stays as it is when the caller reuses the buffer u was
// parsed from. It allocates once, the input's length (nothing for an
// empty input). Cloning keeps the reading of the function that parsed u,
// which parsing the copy again might not: origin-form "//x/y" is a path
// to ParseRequestTarget, an authority to ParseString.
func (u *URI) Clone() URI {
	c := *u
	c.s = strings.Clone(u.s)
	return c
}

// Valid reports whether the URI is a valid URI reference: true for a URI
// that Parse returned without error, false for one it rejected and for a
// URI from Split whose input breaks a rule.
func (u *URI) Valid() bool { return u.errKind == 0 }

// Has reports whether component c is present. The path always is.
func (u *URI) Has(c Component) bool {
	return c == ComponentPath || c < numComponents && u.present&(1<<c) != 0
}

// HasScheme reports whether the URI has a scheme: whether it is a URI
// rather than a relative reference (RFC 3986 section 4.1).
func (u *URI) HasScheme() bool { return u.present&(1<<ComponentScheme) != 0 }

// HasUserinfo reports whether the authority has a userinfo, possibly empty
// ("http://@h/").
func (u *URI) HasUserinfo() bool { return u.present&(1<<ComponentUserinfo) != 0 }

// HasAuthority reports whether the URI has an authority, possibly empty
// ("file:///etc"): whether "//" follows the scheme or starts a relative
// reference, or, with no "//", whether it is an authority-form
// request-target ("example.com:443", ParseRequestTarget for CONNECT) or a
// Host header value (ParseHostHeader). Every authority has a host.
func (u *URI) HasAuthority() bool { return u.present&(1<<ComponentHost) != 0 }

// authorityForm reports whether u is an authority-form request-target
// (ParseRequestTarget): an authority with no "//" before it.
func (u *URI) authorityForm() bool {
	return u.HasAuthority() && !u.HasUserinfo() && u.spans[ComponentHost].Start == 0
}

// HasPort reports whether the authority has a port, possibly empty
// ("http://h:/").
func (u *URI) HasPort() bool { return u.present&(1<<ComponentPort) != 0 }

// HasQuery reports whether the URI has a query, possibly empty ("http://h?").
func (u *URI) HasQuery() bool { return u.present&(1<<ComponentQuery) != 0 }

// HasFragment reports whether the URI has a fragment, possibly empty
// ("http://h#").
func (u *URI) HasFragment() bool { return u.present&(1<<ComponentFragment) != 0 }

// Span returns the span of component c in the input; it is empty when the
// component is absent or empty.
func (u *URI) Span(c Component) Span {
	if c < numComponents {
		return u.spans[c]
	}
	return Span{}
}

func (u *URI) component(c Component) string { return u.s[u.spans[c].Start:u.spans[c].End] }

// Scheme returns the scheme, without its ":", as written: schemes are
// case-insensitive (RFC 3986 section 3.1) and this does not fold case,
// unlike net/url, which lowercases it: compare with
// strings.EqualFold(u.Scheme(), "https"), which is exact on a valid URI,
// whose scheme is ASCII. Split's URIs keep a scheme that breaks its rule,
// where EqualFold's Unicode folding finds "httpſ" (U+017F) equal to
// "https": check Valid first, or fold ASCII alone, as DefaultPort does.
func (u *URI) Scheme() string { return u.component(ComponentScheme) }

// RawUserinfo returns the userinfo as written, still percent-encoded,
// without its "@".
func (u *URI) RawUserinfo() string { return u.component(ComponentUserinfo) }

// RawHost returns the host as written: an IP literal keeps its brackets
// ("[::1]"), and a reg-name stays percent-encoded. See HostType.
func (u *URI) RawHost() string { return u.component(ComponentHost) }

// Port returns the port digits, without the ":". An authority can have an
// empty port ("http://h:/"): HasPort is then true and Port returns "".
func (u *URI) Port() string { return u.component(ComponentPort) }

// RawPath returns the path as written, still percent-encoded. It may be
// empty.
func (u *URI) RawPath() string { return u.component(ComponentPath) }

// RawQuery returns the query as written, still percent-encoded, without its
// "?".
func (u *URI) RawQuery() string { return u.component(ComponentQuery) }

// RawFragment returns the fragment as written, still percent-encoded,
// without its "#".
func (u *URI) RawFragment() string { return u.component(ComponentFragment) }

// RawAuthority returns the authority (RFC 3986 section 3.2) as written:
// userinfo, host and port with their delimiters, without the leading "//".
// It is empty when HasAuthority is false. It has no Span of its own: it
// starts at the userinfo's span when HasUserinfo, or else at the host's,
// and ends at the port's span when HasPort, or else at the host's.
func (u *URI) RawAuthority() string {
	if !u.HasAuthority() {
		return ""
	}
	start, end := u.spans[ComponentHost].Start, u.spans[ComponentHost].End
	if u.HasUserinfo() {
		start = u.spans[ComponentUserinfo].Start
	}
	if u.HasPort() {
		end = u.spans[ComponentPort].End
	}
	return u.s[start:end]
}

// HostType returns which rule the host matched, or HostNone when there is no
// authority.
func (u *URI) HostType() HostType { return u.hostType }

// RawZone returns the zone ID of an IPv6 literal (RFC 6874) as written,
// still percent-encoded, without its "%25": "eth0" for "[fe80::1%25eth0]".
// It is empty when the host is not an IPv6 literal with a zone ID.
func (u *URI) RawZone() string {
	if u.hostType != HostIPv6 {
		return ""
	}
	// An IPv6address holds no '%', so the first one starts the "%25", and
	// the literal ends with its ']'.
	h := u.RawHost()
	for i := 1; i+3 < len(h); i++ {
		if h[i] == '%' {
			return h[i+3 : len(h)-1]
		}
	}
	return ""
}
