package fasturi

import (
	"errors"
	"strconv"
	"strings"
)

// An ErrorKind says which rule of RFC 3986 an input breaks. It implements
// error, and returning one as an error does not allocate; where the error
// is comes beside it (see the package documentation). Compare kinds with
// errors.Is.
//
// The offset of a parse error from Parse is that of the first byte at
// which the input stopped being a prefix of any valid URI reference;
// ParseRequestTarget, ParseRequestLine and ParseHostHeader read their
// own grammars (a request-target for the method, a request line, uri-host
// [ ":" port ]) and give the first byte at which the input stopped being
// a prefix of one, as their documentation says; the functions that work
// on a parsed
// URI (AppendDecode, PortNumber, AppendHostPort, CheckShape, ...) say in
// their documentation which byte theirs is, and Split that of the first
// byte at fault. The kind of Parse's error names the first component, in
// input order, that breaks its rule when the input is read as follows:
//
//   - the scheme is the text before the first ':' when no '/', '?' or '#'
//     comes before that ':' and the text is a scheme; otherwise there is no
//     scheme, and the input is a relative reference;
//   - the authority follows "//" up to the next '/', '?', '#' or the end;
//     its userinfo runs up to its first '@'; the host is then an IP literal
//     up to its first ']', or else runs up to the first ':'; the port is the
//     rest after that ':';
//   - the path runs up to the first '?' or '#', the query from that '?' up
//     to the first '#', and the fragment from that '#' to the end.
//
// Within the component, the first byte that breaks its rule decides the
// kind: ErrInvalidPercentEncoding for a '%' not followed by two hex digits,
// and otherwise the component's own kind, with these refinements: a ':' in
// the first segment of a relative path is ErrInvalidScheme (the text before
// it would have to be one); in the host and port, a second '@' or a byte
// after an IP literal other than ':' is ErrInvalidHost; a port holds no
// percent-encoding, so every byte that breaks it, '%' included, is
// ErrInvalidPort; inside an IP literal, every byte is ErrInvalidIPLiteral
// except a bad percent-encoding in a zone ID.
//
// So "http://a:b:c/" is ErrInvalidPort at offset 12 (until the '/', the
// authority could have been userinfo), "http://[::1@h/" ErrInvalidUserinfo
// at 11, and "1a:b" ErrInvalidScheme at 2.
//
// The zero ErrorKind is no error, and no function returns it as one; its
// Error, like that of a kind beyond the constants below, says what it is
// ("fasturi: no error", "fasturi: unknown error 99").
type ErrorKind uint8

// The error kinds.
const (
	// ErrTooLong: the input is 4 GiB or longer, beyond what offsets
	// address. Its offset is 1<<32 - 1, past any input that parses.
	ErrTooLong ErrorKind = iota + 1
	// ErrInvalidScheme: the text before the first ':' is not a scheme
	// (section 3.1), and a relative reference cannot have a ':' in its
	// first path segment instead (section 4.2): "1a:b", ":b".
	ErrInvalidScheme
	// ErrInvalidUserinfo: a byte userinfo does not allow (section 3.2.1).
	ErrInvalidUserinfo
	// ErrInvalidHost: a byte a reg-name does not allow, a second '@', or a
	// '[' or ']' that does not enclose the whole host (section 3.2.2); an
	// empty host where one is needed (a CONNECT target, ":443"); userinfo
	// in a Host header (see ParseHostHeader); and, from
	// URI.AppendHostPort, a host no one can dial: none, empty, an
	// IPvFuture, or one whose decoding holds a delimiter.
	ErrInvalidHost
	// ErrInvalidIPLiteral: a malformed IPv6address, IPvFuture or zone ID
	// between '[' and ']' (section 3.2.2, RFC 6874).
	ErrInvalidIPLiteral
	// ErrInvalidPort: a port that is not all digits (section 3.2.3).
	ErrInvalidPort
	// ErrInvalidPath: a byte a path does not allow (section 3.3).
	ErrInvalidPath
	// ErrInvalidQuery: a byte a query does not allow (section 3.4).
	ErrInvalidQuery
	// ErrInvalidFragment: a byte a fragment does not allow (section 3.5).
	ErrInvalidFragment
	// ErrInvalidPercentEncoding: a '%' not followed by two hex digits
	// (section 2.1).
	ErrInvalidPercentEncoding
	// ErrControlCharacter: decoding would produce a control character
	// (NUL, CR, LF, ...), which the caller refused (DecodeNoControls) or
	// which a host to dial cannot hold (AppendHostPort).
	ErrControlCharacter
	// ErrInvalidBase: a base URI that is not valid, or has no scheme
	// (section 5.1), or whose own path climbs above the root when the
	// caller refused that (RejectPathUnderflow).
	ErrInvalidBase
	// ErrPathUnderflow: a ".." that climbs above the root, which the
	// caller refused (RejectPathUnderflow); the RFC drops it.
	ErrPathUnderflow
	// ErrRelativeTarget: a target URI without a scheme, where an absolute
	// URI is needed (AppendRelative).
	ErrRelativeTarget
	// ErrTooManyParameters: a query with more parameters than the caller
	// allows (Params).
	ErrTooManyParameters
	// ErrPortRange: a port above 65535, which no TCP or UDP port is.
	ErrPortRange
	// ErrNoPort: a host to dial without a port, whose scheme has no
	// default port either.
	ErrNoPort
	// ErrInvalidMethod: a request method that is not a token (RFC 9110
	// section 9.1).
	ErrInvalidMethod
	// ErrTargetForm: a request-target whose form the method does not
	// allow, or with a part its form cannot have (RFC 9112 section 3.2): a
	// target of no form the method takes ("a/b", "" for GET; "/x" for
	// CONNECT); an authority-form without CONNECT, without a port or with
	// userinfo; an asterisk-form without OPTIONS; a fragment. A host:port
	// whose host can be read as a scheme ("example.com:443") is also an
	// absolute-URI, and so a valid absolute-form target for other methods
	// (see ParseRequestTarget).
	ErrTargetForm
	// ErrInvalidVersion: an HTTP-version other than "HTTP/" DIGIT "."
	// DIGIT (RFC 9112 section 2.3).
	ErrInvalidVersion
	// ErrInvalidRequestLine: a request line that is not method, one space,
	// request-target, one space and HTTP-version (RFC 9112 section 3).
	ErrInvalidRequestLine
	// ErrSchemeShape: a URL that does not have the shape RFC 1738 gives
	// its scheme (sections 3 and 5), such as an nntp URL without a group or
	// an ftp ";type=" other than a, i or d.
	ErrSchemeShape

	numErrorKinds = iota + 1
)

var errorMessages = [numErrorKinds]string{
	"fasturi: no error",
	"fasturi: input too long",
	"fasturi: invalid scheme",
	"fasturi: invalid userinfo",
	"fasturi: invalid host",
	"fasturi: invalid IP literal",
	"fasturi: invalid port",
	"fasturi: invalid path",
	"fasturi: invalid query",
	"fasturi: invalid fragment",
	"fasturi: invalid percent-encoding",
	"fasturi: control character",
	"fasturi: invalid base URI",
	"fasturi: path climbs above the root",
	"fasturi: target is a relative reference",
	"fasturi: too many query parameters",
	"fasturi: port out of range",
	"fasturi: no port",
	"fasturi: invalid method",
	"fasturi: request-target form not allowed",
	"fasturi: invalid HTTP version",
	"fasturi: invalid request line",
	"fasturi: URL does not have its scheme's shape",
}

// Error returns the kind's message, such as "fasturi: invalid port".
func (k ErrorKind) Error() string {
	if k < numErrorKinds {
		return errorMessages[k]
	}
	return "fasturi: unknown error " + strconv.Itoa(int(k))
}

// Message returns the kind's message without the "fasturi: " prefix, such as
// "invalid port".
func (k ErrorKind) Message() string {
	return strings.TrimPrefix(k.Error(), "fasturi: ")
}

// ErrorOffset returns -1 for a valid URI, and otherwise the offset of its
// error: for a URI from Parse, the first byte at which the input stopped
// being a prefix of any valid URI reference (len(input) when the input
// ended too early, as in "http://[::1"); for one from Split, the offset of
// the first violation.
func (u *URI) ErrorOffset() int {
	if u.errKind == 0 {
		return -1
	}
	return int(u.errOff)
}

// Err returns nil for a valid URI, and otherwise a *SyntaxError that
// quotes the input around the error (see ErrorOffset). Unlike Parse, Err
// allocates.
func (u *URI) Err() error {
	if u.errKind == 0 {
		return nil
	}
	return newSyntaxError(u.errKind, u.s, int(u.errOff))
}

// A SyntaxError describes where and why an input is not a URI reference.
// It unwraps to its Kind, so errors.Is(err, ErrInvalidPort) works.
//
// Only URI.Err and NewSyntaxError make one, as both allocate to quote the
// input: the parsers and the Append functions return a bare ErrorKind,
// with the offset beside it, so errors.As(err, &syntaxErr) is false for
// their errors until NewSyntaxError wraps them.
type SyntaxError struct {
	Kind   ErrorKind // why
	Offset int       // the error's offset in the input: for URI.Err, as ErrorOffset reports it (see ErrorKind, and Split); the input's length if it ended too early

	near   string // a copy of the input around Offset
	before bool   // input precedes near
	after  bool   // input follows near
	atEnd  bool   // the input ended at Offset
	bad    byte   // the offending byte, unless atEnd
}

// nearWindow is how many bytes of input a SyntaxError quotes on either side
// of the offending byte.
const nearWindow = 24

// NewSyntaxError returns err, an error that came with an offset in input,
// as a *SyntaxError that quotes the input around that offset, as URI.Err
// does: for the errors that come as a kind and an offset (AppendNormalize,
// PortNumber, Params.Err and ErrorOffset, ...), a message that shows the
// byte at fault. input is the string the offset counts in: for a URI's
// offsets, its String. It returns nil for a nil err, and err itself when
// it is no ErrorKind (see errors.As). An offset outside input gives a
// SyntaxError that quotes nothing, as a composite literal does. It
// allocates, as Err does.
//
//	if port, off, err := u.PortNumber(); err != nil {
//		return fasturi.NewSyntaxError(u.String(), off, err)
//		// fasturi: port out of range: '6' at offset 19 in "http://example.com:65536/"
//	}
func NewSyntaxError(input string, offset int, err error) error {
	var k ErrorKind
	if !errors.As(err, &k) || k == 0 {
		return err
	}
	if offset < 0 || offset > len(input) {
		return &SyntaxError{Kind: k, Offset: offset}
	}
	return newSyntaxError(k, input, offset)
}

func newSyntaxError(k ErrorKind, s string, off int) *SyntaxError {
	e := &SyntaxError{Kind: k, Offset: off}
	if k == ErrTooLong {
		return e
	}
	start, end := max(0, off-nearWindow), min(len(s), off+1+nearWindow)
	e.near = strings.Clone(s[start:end])
	e.before, e.after = start > 0, end < len(s)
	e.atEnd = off >= len(s)
	if !e.atEnd {
		e.bad = s[off]
	}
	return e
}

// Error says what is wrong, where, and quotes the input around it:
//
//	fasturi: invalid port: 'x' at offset 12 in "http://u@h:8x/"
//
// A SyntaxError made as a composite literal has no input to quote, and
// says what and where only: "fasturi: invalid port at offset 12".
func (e *SyntaxError) Error() string {
	if e.Kind == ErrTooLong {
		return e.Kind.Error() + ": longer than " + strconv.FormatUint(maxLength, 10) + " bytes"
	}
	var b strings.Builder
	b.WriteString(e.Kind.Error())
	if e.near == "" && !e.atEnd {
		// Made by hand: one made from an input has the byte at Offset,
		// or the input's end there.
		b.WriteString(" at offset ")
		b.WriteString(strconv.Itoa(e.Offset))
		return b.String()
	}
	switch {
	case e.atEnd:
		b.WriteString(": unexpected end of input")
	case e.bad < 0x80:
		b.WriteString(": ")
		b.WriteString(strconv.QuoteRune(rune(e.bad)))
	default:
		b.WriteString(": byte 0x")
		b.WriteString(strconv.FormatUint(uint64(e.bad), 16))
	}
	b.WriteString(" at offset ")
	b.WriteString(strconv.Itoa(e.Offset))
	b.WriteString(" in ")
	q := strconv.Quote(e.near)
	if e.before {
		q = `"...` + q[1:]
	}
	if e.after {
		q = q[:len(q)-1] + `..."`
	}
	b.WriteString(q)
	return b.String()
}

// Unwrap returns the error's Kind.
func (e *SyntaxError) Unwrap() error { return e.Kind }
