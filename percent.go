package fasturi

import (
	"slices"
	"strings"
)

// A DecodeOption changes what AppendDecode accepts and produces. Options
// combine with |; the zero value decodes as RFC 3986 section 2.1 says and
// nothing more. Bits that name no option are ignored.
type DecodeOption uint8

const (
	// DecodeNoControls refuses to produce a control character: the C0
	// controls (NUL, CR, LF, ...) and DEL, percent-encoded or not. "%0D%0A"
	// and "%00" are valid syntax, but decoded they split headers and log
	// lines and cut C strings.
	DecodeNoControls DecodeOption = 1 << iota
	// DecodePlusAsSpace decodes '+' as a space, as HTML form encoding
	// (application/x-www-form-urlencoded) does in a query. RFC 3986 gives
	// '+' no such meaning.
	DecodePlusAsSpace
)

// AppendDecode appends s to dst with every percent-encoding decoded (RFC
// 3986 section 2.1), and returns the extended buffer, -1 and nil.
//
// On error it returns dst as it was passed (what it held before the call),
// the offset in s of the first byte at fault, and the error:
// ErrInvalidPercentEncoding for a '%' not followed by two hex digits (the
// offset is that of the first byte that is not one, or len(s)), or, with
// DecodeNoControls, ErrControlCharacter (the offset is that of the control
// or of the '%' that encodes it).
//
// Decode a component after splitting, never before (section 2.4): "%2F"
// decodes to a '/' that is data, not a delimiter. AppendDecode does not
// allocate when dst has room for len(s) more bytes: the result is never
// longer than s.
//
// dst must not share memory with s, except to decode in place: dst may
// end where s starts, dst = b[:i] and s a view of b[i:] (not
// string(b[i:]), which copies), such as the RawPath of a URI that Parse
// read from b, as every byte is written after it is read. The decoded
// bytes then overwrite s, and what refers to it (that URI), which a
// caller no longer reads as it was; so does a call that fails, in part.
func AppendDecode(dst []byte, s string, opts DecodeOption) ([]byte, int, error) {
	if opts == DecodePlusAsSpace && strings.IndexByte(s, '+') < 0 {
		opts = 0 // most keys and values hold no '+': the quicker path then
	}
	n, orig := len(dst), dst
	if opts != 0 {
		dst = slices.Grow(dst, len(s))
		m, at, k := decodeInto(dst[n:n+len(s)], s, opts)
		if k != 0 {
			return orig, at, k
		}
		return dst[:n+m], -1, nil
	}
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return append(dst, s...), -1, nil // most components hold no '%'
	}
	// From the first '%' on, one pass writes into room made at once: the
	// result is never longer than s. This loop, for '%' alone, is
	// decodeInto's without the options, which paths take.
	dst = slices.Grow(dst, len(s))[:n+len(s)]
	out := dst[n:]
	j, read := decodeBlocks(out, s, 0)
	if read == len(s) {
		return dst[:n+j], -1, nil
	}
	if read == 0 {
		j, read = copy(out, s[:i]), i
	}
	for i = read; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return orig, pctError(s, i), ErrInvalidPercentEncoding
			}
			c = unhex(s[i+1])<<4 | unhex(s[i+2])
			i += 2
		}
		out[j] = c
		j++
	}
	return dst[:n+j], -1, nil
}

// decodeInto writes s decoded, as AppendDecode decodes it with opts, to
// out, which has room for len(s) bytes, and returns the decoded length. On
// error it returns the length of what it decoded before, the offset in s
// of the first byte at fault, and the error. out may start where s does,
// or before: every byte is written after it is read.
func decodeInto(out []byte, s string, opts DecodeOption) (n, errAt int, err ErrorKind) {
	out = out[:len(s)]
	// The kernel's blocks first, where there is one; byte by byte past
	// them, and from a block that holds the byte at fault.
	n, read := decodeBlocks(out, s, opts)
	noControls, plus := opts&DecodeNoControls != 0, opts&DecodePlusAsSpace != 0
	for i := read; i < len(s); i++ {
		c := s[i]
		if queryByte[c] != 0 { // a byte that may change, and some others
			switch {
			case c == '%':
				if e := pctError(s, i); e >= 0 {
					return n, e, ErrInvalidPercentEncoding
				}
				if c = unhex(s[i+1])<<4 | unhex(s[i+2]); noControls && isControl(c) {
					return n, i, ErrControlCharacter
				}
				i += 2
			case c == '+' && plus:
				c = ' '
			case noControls && isControl(c):
				return n, i, ErrControlCharacter
			}
		}
		out[n] = c
		n++
	}
	return n, -1, 0
}

// isControl reports whether c is a C0 control or DEL.
func isControl(c byte) bool { return c < 0x20 || c == 0x7f }

// unhex returns the value of the hex digit c.
func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

// upperHex spells a nibble as section 2.1 recommends.
const upperHex = "0123456789ABCDEF"

// An encodeSet is a set of components that take a byte unencoded (see
// rawIn, generated from the ABNF).
type encodeSet uint8

const (
	rawUserinfo encodeSet = 1 << iota
	rawHost
	rawSegment
	rawQuery
	rawFragment
)

var encodeSetOf = [numComponents]encodeSet{
	ComponentUserinfo: rawUserinfo,
	ComponentHost:     rawHost,
	ComponentPath:     rawSegment,
	ComponentQuery:    rawQuery,
	ComponentFragment: rawFragment,
}

// AppendEncode appends s to dst percent-encoded for component c (RFC 3986
// section 2.1), with uppercase hex, and returns the extended buffer. Every
// byte the component does not take as it is gets encoded, '%' included, so
// that the result parses as one such component and AppendDecode gives s
// back:
//
//   - ComponentUserinfo: keeps unreserved, sub-delims and ':'. A ':' in a
//     user name, which would read as the start of a password (section
//     3.2.1), stays: replace it with "%3A" in what AppendEncode writes;
//   - ComponentHost: a reg-name; keeps unreserved and sub-delims;
//   - ComponentPath: one path segment; keeps pchar, and encodes '/' (as
//     net/url's PathEscape does), so join encoded segments with '/'. As
//     in PathEscape, ':' stays, and a first segment with one needs "./"
//     before it in a relative reference (section 4.2: "a:b" would read as
//     a scheme), and "." and ".." stay the dot-segments they are;
//   - ComponentQuery: one key or value of a query; keeps pchar, '/' and
//     '?', but encodes '&', '=', ';' and '+', the delimiters of form
//     encoding;
//   - ComponentFragment: keeps pchar, '/' and '?'.
//
// A scheme and a port hold no percent-encoding: AppendEncode panics for
// them, as it does for a value that is no Component. It does not allocate
// when dst has room for the result. dst must not share memory with s: the
// result is longer than s when s holds a byte to encode.
func AppendEncode(dst []byte, s string, c Component) []byte {
	var set encodeSet
	if c < numComponents {
		set = encodeSetOf[c]
	}
	if set == 0 {
		panic("fasturi: AppendEncode of a " + c.String() + ", which has no percent-encoding")
	}
	for i := 0; i < len(s); i++ {
		// The run of bytes that stay as they are, at once.
		j := i
		for j < len(s) && rawIn[s[j]]&set != 0 {
			j++
		}
		dst = append(dst, s[i:j]...)
		if j == len(s) {
			break
		}
		b := s[j]
		dst = append(dst, '%', upperHex[b>>4], upperHex[b&15])
		i = j
	}
	return dst
}
