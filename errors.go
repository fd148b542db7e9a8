package fasturi

import (
	"strconv"
	"strings"
)

// An ErrorKind says which rule of RFC 3986 an input breaks. Parse returns one
// as its error, which does not allocate; the offset of the error is in the
// returned URI (see URI.ErrorOffset). Compare kinds with errors.Is.
type ErrorKind uint8

// The error kinds. Each names the component in which the input went wrong.
const (
	// ErrTooLong: the input is 4 GiB or longer, beyond what offsets address.
	ErrTooLong ErrorKind = iota + 1
	// ErrInvalidScheme: the text before the first ':' is not a scheme
	// (section 3.1), and a relative reference cannot have a ':' in its
	// first path segment instead (section 4.2): "1a:b", ":b".
	ErrInvalidScheme
	// ErrInvalidUserinfo: a byte userinfo does not allow (section 3.2.1).
	ErrInvalidUserinfo
	// ErrInvalidHost: a byte a reg-name does not allow, a second '@', or a
	// '[' or ']' that does not enclose the whole host (section 3.2.2).
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

// ErrorOffset returns the offset of the first byte at which the input stopped
// being a prefix of any valid URI reference, or -1 if Parse succeeded. It is
// len(input) when the input ended too early, as in "http://[::1".
func (u URI) ErrorOffset() int {
	if u.errKind == 0 {
		return -1
	}
	return int(u.errOff)
}

// Err returns nil if Parse succeeded, and otherwise a *SyntaxError that
// quotes the input around the error. Unlike Parse, Err allocates.
func (u URI) Err() error {
	if u.errKind == 0 {
		return nil
	}
	return newSyntaxError(u.errKind, u.s, int(u.errOff))
}

// A SyntaxError describes where and why an input is not a URI reference.
// It unwraps to its Kind, so errors.Is(err, ErrInvalidPort) works.
type SyntaxError struct {
	Kind   ErrorKind
	Offset int // offset of the offending byte; the input's length if it ended too early

	near   string // a copy of the input around Offset
	before bool   // input precedes near
	after  bool   // input follows near
	atEnd  bool   // the input ended at Offset
	bad    byte   // the offending byte, unless atEnd
}

// nearWindow is how many bytes of input a SyntaxError quotes on either side
// of the offending byte.
const nearWindow = 24

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
//	fasturi: invalid port: 'x' at offset 10 in "http://a:8x/"
func (e *SyntaxError) Error() string {
	if e.Kind == ErrTooLong {
		return e.Kind.Error() + ": longer than " + strconv.FormatUint(maxLength, 10) + " bytes"
	}
	var b strings.Builder
	b.WriteString(e.Kind.Error())
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
