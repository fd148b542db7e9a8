package fasturi

import (
	"iter"
	"strings"
)

// A QueryOption changes how Params splits a query. Options combine with |;
// the zero value splits on '&' alone.
type QueryOption uint8

const (
	// QuerySemicolon makes ';' separate parameters as '&' does, as some
	// old HTML forms and servers do. By default ';' is data: two parsers
	// that split the same query differently see different parameters
	// (since Go 1.17, net/url's ParseQuery splits on '&' alone, and
	// rejects a parameter that holds a ';').
	QuerySemicolon QueryOption = 1 << iota
)

// Params iterates over the parameters of a query in the form that HTML
// forms (application/x-www-form-urlencoded) and most servers use:
// key=value pairs separated by '&'. RFC 3986 section 3.4 gives a query no
// structure; this is a convention on top of it.
//
// Parameters come in input order, duplicates included. A piece between two
// separators is one parameter, split at its first '=': "a=b=c" is key "a"
// and value "b=c", "=v" is key "" and value "v", and "k", with no '=', is
// key "k" and value "". An empty piece is no parameter and is skipped, as
// net/url does: "a&&b" holds two parameters, "&a" and "a&" one each, and
// "" none.
//
// Keys and values are raw, as written: still percent-encoded, '+' not
// turned into a space. The query is split before anything is decoded
// (section 2.4), so "%26" and "%3D" are data, never separators. Decode
// a key or a value with AppendDecode, adding DecodePlusAsSpace for form
// encoding, where '+' stands for a space:
//
//	p := fasturi.NewParams("q=go+1%2B1&lang=en", 0, 100)
//	for k, v := range p.All() {
//		buf, _, err = fasturi.AppendDecode(buf[:0], v, fasturi.DecodePlusAsSpace)
//		// k "q", buf "go 1+1"; then k "lang", buf "en"
//	}
//	if p.Err() != nil {
//		// more than 100 parameters, the first extra one at p.ErrorOffset()
//	}
//
// A limit caps how many parameters are read, against queries made of
// thousands of tiny parameters (the denial of service against which
// net/url caps ParseQuery at 10000). Once the limit is reached, a further
// parameter ends the iteration with ErrTooManyParameters (see Err and
// ErrorOffset); a query with exactly the limit is fine, and empty pieces
// do not count.
//
// Params is a cursor: a small value that refers to the query and copies
// nothing. Iterating does not allocate. The zero Params yields nothing.
type Params struct {
	s    string // the query
	pos  int    // offset in s of the next piece; of the parameter past the limit after an error
	left int    // parameters still allowed; -1: no limit
	base uint32 // offset of s in the URI's input, for ErrorOffset
	opts QueryOption
	err  ErrorKind
}

// NewParams returns a cursor over the parameters of query, which is a
// query without its leading '?' (see Params). With limit > 0, at most limit
// parameters are yielded, and one more is ErrTooManyParameters; with 0 or
// less, there is no limit. Error offsets are offsets in query. Unknown
// option bits are ignored.
func NewParams(query string, opts QueryOption, limit int) Params {
	p := Params{s: query, left: -1, opts: opts}
	if limit > 0 {
		p.left = limit
	}
	return p
}

// Params returns a cursor over the parameters of u's query (see Params
// and NewParams); error offsets are then offsets in u's input. A URI
// without a query has no parameters.
//
// u must be valid: otherwise the cursor yields nothing, and its Err and
// ErrorOffset report u's error kind and offset.
func (u *URI) Params(opts QueryOption, limit int) Params {
	if u.errKind != 0 {
		return Params{pos: int(u.errOff), err: u.errKind}
	}
	p := NewParams(u.RawQuery(), opts, limit)
	p.base = u.spans[ComponentQuery].Start
	return p
}

// Next returns the next parameter's key and value, raw (still
// percent-encoded, '+' as written), and true; or false when there is none
// left, or when the limit has been reached and another parameter follows
// (see Err).
func (p *Params) Next() (key, value string, ok bool) {
	for p.err == 0 && p.pos < len(p.s) {
		rest := p.s[p.pos:]
		n := p.pieceLen(rest)
		if n == 0 {
			p.pos++ // an empty piece, before a separator
			continue
		}
		if p.left == 0 {
			p.err = ErrTooManyParameters // p.pos stays on the parameter that did not fit
			return "", "", false
		}
		if p.left > 0 {
			p.left--
		}
		p.pos += n + 1 // past the separator, or one past the end
		key, value, _ = strings.Cut(rest[:n], "=")
		return key, value, true
	}
	return "", "", false
}

// pieceLen returns the length of the piece that s starts with: the bytes
// before the first separator.
func (p *Params) pieceLen(s string) int {
	if p.opts&QuerySemicolon == 0 {
		if i := strings.IndexByte(s, '&'); i >= 0 {
			return i
		}
		return len(s)
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '&' || s[i] == ';' {
			return i
		}
	}
	return len(s)
}

// All returns an iterator over the remaining parameters, as Next yields
// them. It advances p itself, so that p.Err reports, after a range loop,
// why the loop ended; a loop that breaks early leaves p at the parameter
// after the last one it saw.
//
// A range loop over All allocates nothing itself. The compiler makes the
// strings passed to the loop body escape, though, so a query in a buffer
// on the caller's stack moves to the heap, once per loop; Next leaves it
// on the stack.
func (p *Params) All() iter.Seq2[string, string] {
	return func(yield func(key, value string) bool) {
		for {
			k, v, ok := p.Next()
			if !ok || !yield(k, v) {
				return
			}
		}
	}
}

// Err returns nil, or ErrTooManyParameters once Next has met a parameter
// beyond the limit, or the error kind of the URI the cursor came from when
// that URI is not valid.
func (p *Params) Err() error {
	if p.err == 0 {
		return nil
	}
	return p.err
}

// ErrorOffset returns -1 when Err is nil. Otherwise it returns the offset
// of the first parameter past the limit, in the query for a cursor from
// NewParams and in the URI's input for one from URI.Params; or, for a URI
// that is not valid, the URI's ErrorOffset.
func (p *Params) ErrorOffset() int {
	if p.err == 0 {
		return -1
	}
	return int(p.base) + p.pos
}
