// Package fasturi parses URI references (RFC 3986) into offsets, without
// allocating.
//
// Parse and ParseString validate strictly: every rule of RFC 3986 Appendix A,
// plus IPv6 zone IDs (RFC 6874). Split is the lenient counterpart for logs: it
// splits any input the way RFC 3986 Appendix B does, never fails, and reports
// which rules the input breaks.
//
// A URI refers to its input; nothing is copied. Its accessors return
// substrings of the input, still percent-encoded. For a URI from Parse or
// Split, whose input is a []byte, those strings share memory with the slice:
// they stay valid only while the slice is not modified, so copy one (with
// strings.Clone) before keeping it beyond that.
//
// Inputs of 4 GiB or more are rejected with ErrTooLong, because offsets are
// 32 bits.
package fasturi

import (
	"strconv"
	"unsafe"
)

// maxLength is the length of the longest input: offsets are uint32.
const maxLength = 1<<32 - 1

// A Span is the byte range [Start, End) of a component in the input.
type Span struct {
	Start, End uint32
}

// Len returns the length of the span in bytes.
func (s Span) Len() int { return int(s.End - s.Start) }

// A Component names one of the parts of a URI reference (RFC 3986 section 3).
type Component uint8

// The components, in the order they appear in a URI reference.
const (
	Scheme Component = iota
	Userinfo
	Host
	Port
	Path
	Query
	Fragment

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

// String returns "none", "reg-name", "ipv4", "ipv6" or "ipvfuture".
func (t HostType) String() string {
	if int(t) < len(hostTypeNames) {
		return hostTypeNames[t]
	}
	return "invalid"
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
// "http://h?" has an empty query, "http://h" has none. Has tells them apart.
// The path is always present, possibly empty.
//
// The zero URI is the empty relative reference. A URI is small and
// comparable; pass it by value.
type URI struct {
	s        string
	spans    [numComponents]Span
	present  uint8 // bit c is set when component c is present
	hostType HostType
	errKind  ErrorKind
	errOff   uint32
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
// describes both. Parse does not allocate, whether it succeeds or not.
//
// The URI refers to b: see the package documentation.
func Parse(b []byte) (URI, error) {
	return ParseString(unsafe.String(unsafe.SliceData(b), len(b)))
}

// ParseString is Parse for a string. It does not copy s.
func ParseString(s string) (u URI, err error) {
	if k := u.parse(s); k != 0 {
		return u, k
	}
	return u, nil
}

// String returns the whole input the URI was parsed from.
func (u URI) String() string { return u.s }

// Has reports whether component c is present. The path always is.
func (u URI) Has(c Component) bool { return c == Path || c < numComponents && u.present&(1<<c) != 0 }

// Span returns the span of component c in the input; it is empty when the
// component is absent or empty.
func (u URI) Span(c Component) Span {
	if c < numComponents {
		return u.spans[c]
	}
	return Span{}
}

func (u URI) component(c Component) string { return u.s[u.spans[c].Start:u.spans[c].End] }

// Scheme returns the scheme, without its ":", as written: schemes are
// case-insensitive (RFC 3986 section 3.1) and this does not fold case.
func (u URI) Scheme() string { return u.component(Scheme) }

// Userinfo returns the userinfo, without its "@", still percent-encoded.
func (u URI) Userinfo() string { return u.component(Userinfo) }

// Host returns the host as written: an IP literal keeps its brackets
// ("[::1]"), and a reg-name stays percent-encoded. See HostType.
func (u URI) Host() string { return u.component(Host) }

// Port returns the port digits, without the ":". An authority can have an
// empty port ("http://h:/"): Has(Port) is then true and Port returns "".
func (u URI) Port() string { return u.component(Port) }

// Path returns the path, still percent-encoded. It may be empty.
func (u URI) Path() string { return u.component(Path) }

// Query returns the query, without its "?", still percent-encoded.
func (u URI) Query() string { return u.component(Query) }

// Fragment returns the fragment, without its "#", still percent-encoded.
func (u URI) Fragment() string { return u.component(Fragment) }

// Authority returns the authority (RFC 3986 section 3.2): userinfo, host and
// port with their delimiters, without the leading "//". It is present when
// the host is.
func (u URI) Authority() string {
	if !u.Has(Host) {
		return ""
	}
	start, end := u.spans[Host].Start, u.spans[Host].End
	if u.Has(Userinfo) {
		start = u.spans[Userinfo].Start
	}
	if u.Has(Port) {
		end = u.spans[Port].End
	}
	return u.s[start:end]
}

// HostType returns which rule the host matched, or HostNone when there is no
// authority.
func (u URI) HostType() HostType { return u.hostType }

// Zone returns the zone ID of an IPv6 literal (RFC 6874), still
// percent-encoded and without its "%25": "eth0" for "[fe80::1%25eth0]".
func (u URI) Zone() string {
	if u.hostType != HostIPv6 {
		return ""
	}
	h := u.Host()
	for i := 1; i+2 < len(h); i++ {
		if h[i] == '%' { // an IPv6address holds no '%': this is the "%25"
			return h[i+3 : len(h)-1]
		}
	}
	return ""
}
