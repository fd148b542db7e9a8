package fasturi

import "unsafe"

// ParseHostHeader parses value as the value of an HTTP Host header field
// (RFC 9110 section 7.2), with the same rules as the authority of a URI:
//
//	Host = uri-host [ ":" port ]
//
// It returns a URI with a host, which may be empty (a client sends an empty
// Host for a target without an authority), a port when a ':' follows the
// host (which may be empty too), no scheme and an empty path; so that
// Addr, PortNumber, Facts (LegacyIPv4, EncodedNonASCII, ...) and
// AppendNormalize read a Host header as they read a target's authority,
// with no second parser between the two. A proxy that checks the host
// of a request checks the target's authority in the absolute-form and
// this in the others.
//
// On error the URI holds the offset of the first byte at fault and the
// error is its kind: ErrInvalidHost for a byte that no host holds
// (userinfo's '@', a path's '/', a space, "[::1]x") and for userinfo, at
// the first byte that shows it ("u:80@h" at the '@', "user:pass@host" at
// the 'p'), ErrInvalidPort for a port that is not digits,
// ErrInvalidPercentEncoding, or an IP literal's error. So the kind can
// depend on bytes after the offset: "h:8x" is ErrInvalidPort at the 'x',
// "h:8x@h" ErrInvalidHost there, the userinfo "h:8x". The value is taken
// as it is given, without the optional whitespace around a field value,
// which HTTP parsers remove (net/http's Request.Host has none).
// ParseHostHeader does not allocate, and value does not escape. The URI
// refers to value: see the package documentation.
func ParseHostHeader(value []byte) (URI, error) {
	return ParseHostHeaderString(unsafe.String(unsafe.SliceData(value), len(value)))
}

// ParseHostHeaderString is ParseHostHeader for a string, such as the
// value of net/http's Request.Host. It does not copy value. For a request
// whose target is in the absolute-form or the authority-form, though,
// net/http's server sets Request.Host to the target's host, with an IPv6
// zone's "%25" decoded to '%', and drops the Host header field: the value
// as the client sent it is then gone (Request.Host is no Host header to
// compare the target with, and a zone in it mostly does not parse).
func ParseHostHeaderString(value string) (u URI, err error) {
	u.s = value
	if uint64(len(value)) > maxLength {
		u.errKind, u.errOff = ErrTooLong, maxLength
		return u, ErrTooLong
	}
	if k := u.parseHostPort(true); k != 0 {
		return u, k
	}
	return u, nil
}
