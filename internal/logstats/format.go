// Package logstats reads the URIs of log lines and names what fasturi
// stats counts of them: the facets of each line (scheme, host, port, path
// prefix, error kind, security facts...) and the JSON document the counts
// make. The command and the Beam pipeline (examples/beam) both count with
// it, so that they agree key for key.
package logstats

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/fasturi/fasturi"
)

// A Kind is a layout of input lines.
type Kind uint8

const (
	// KindURI is one URI per line.
	KindURI Kind = iota
	// KindCommon is the Common Log Format of web servers:
	//	host ident user [time] "request line" status bytes
	// The URI is the request line's target.
	KindCommon
	// KindCombined is the Combined Log Format: the Common one, then the
	// quoted Referer and User-Agent. The URIs are the request line's
	// target and the referer.
	KindCombined
	// KindField is a line of fields split by one separator byte, as TSV
	// and CSV logs are; the URI is one of the fields.
	KindField
)

// A Format says where the URIs of a line are.
type Format struct {
	Kind  Kind
	Field int  // KindField: which field, from 1
	Sep   byte // KindField: the separator
}

// ParseFormat returns the Format of a command line: name "" or "uri",
// "clf" (or "common") or "combined", in any case, or field > 0 with a one-byte
// separator sep (a TSV or CSV-like log; "" or `\t` for a tab), which
// excludes a format name. A sep without a field, which nothing would
// read, is an error.
func ParseFormat(name string, field int, sep string) (Format, error) {
	var f Format
	switch strings.ToLower(name) { // "CLF", as the format is often written
	case "", "uri":
		f.Kind = KindURI
	case "clf", "common":
		f.Kind = KindCommon
	case "combined":
		f.Kind = KindCombined
	default:
		return f, fmt.Errorf("unknown -format %q: want clf (or common), combined or uri (the default)", name)
	}
	if field == 0 {
		if sep != "" {
			return f, fmt.Errorf("-sep %q goes with -field", sep)
		}
		return f, nil
	}
	if f.Kind != KindURI {
		return f, fmt.Errorf("-field goes with TSV or CSV-like lines, not -format %s", name)
	}
	if field < 0 {
		return f, fmt.Errorf("-field %d: fields count from 1", field)
	}
	if sep == "" || sep == `\t` {
		sep = "\t"
	}
	if len(sep) != 1 || sep[0] == '\n' {
		return f, fmt.Errorf("-sep %q: want one byte other than a newline", sep)
	}
	return Format{Kind: KindField, Field: field, Sep: sep[0]}, nil
}

// CheckGiven returns an error when the flags that visit visits, those a
// command line gave (flag.FlagSet.Visit, or flag.Visit), set -field to 0,
// or -sep or -format to "", which ParseFormat reads as not given.
func CheckGiven(visit func(func(*flag.Flag))) error {
	var err error
	visit(func(f *flag.Flag) {
		switch {
		case err != nil:
		case f.Name == "format" && f.Value.String() == "":
			err = errors.New(`-format "": want clf (or common), combined or uri (the default)`)
		case f.Name == "field" && f.Value.String() == "0":
			err = errors.New("-field 0: fields count from 1")
		case f.Name == "sep" && f.Value.String() == "":
			err = errors.New(`-sep "": want one byte other than a newline`)
		}
	})
	return err
}

// A Line is what Cut finds in one input line: each part is a slice of the
// line, and its offset in it.
type Line struct {
	// URI is the URI the line is about: the whole line, the field, or the
	// request line's target. It is nil when the line matches the format
	// but has no URI (an access-log line without a request line).
	URI    []byte
	URIOff int
	// Request, Method and Version are those of an access-log line's
	// request line. Method, with the target, is nil when the request line
	// has no space, and empty when it starts with one; Version is nil when
	// its last word, after the target, is not an HTTP-version
	// ("HTTP/1.1").
	Request, Method, Version []byte
	RequestOff               int
	// Referer is the referer of a Combined Log Format line, nil when it
	// is "-".
	Referer    []byte
	RefererOff int
}

// A Mismatch says why a line does not match the format, and at which
// byte of it; its Msg is "" when the line matches.
type Mismatch struct {
	Msg    string // one of the constants below
	Offset int
}

func (m Mismatch) Error() string { return m.Msg + " at offset " + strconv.Itoa(m.Offset) }

func mismatch(msg string, off int) Mismatch { return Mismatch{msg, off} }

// The messages of a Mismatch.
const (
	msgUnterminatedField   = "unterminated quoted field"
	msgTextAfterQuote      = "text after a quoted field"
	msgNoHostIdentUser     = "not an access-log line: no host, ident and user"
	msgNoTime              = "not an access-log line: no [time]"
	msgUnterminatedTime    = "not an access-log line: unterminated [time]"
	msgNoRequest           = "not an access-log line: no quoted request line"
	msgUnterminatedRequest = "not an access-log line: unterminated request line"
	msgNoStatus            = "not an access-log line: no status and size after the request line"
	msgNoReferer           = "not a combined-log line: no quoted referer"
	msgUnterminatedReferer = "not a combined-log line: unterminated referer"
	msgFewFields           = "the line has fewer fields than -field asks for"
)

var mismatchMessages = []string{msgUnterminatedField, msgTextAfterQuote, msgNoHostIdentUser, msgNoTime, msgUnterminatedTime, msgNoRequest, msgUnterminatedRequest, msgNoStatus, msgNoReferer, msgUnterminatedReferer, msgFewFields}

// Cut finds the parts of line that f says hold URIs. A line that does not
// match the format gives a Mismatch: it is still a line, which a command
// reports, never drops.
func (f Format) Cut(line []byte) (Line, Mismatch) {
	switch f.Kind {
	case KindCommon, KindCombined:
		return cutAccessLog(line, f.Kind == KindCombined)
	case KindField:
		return cutField(line, f.Field, f.Sep)
	}
	return Line{URI: line}, Mismatch{}
}

// cutField returns field n (from 1) of line. With any separator but a
// tab or '"' itself, a field may be quoted, as in CSV, which spreadsheets
// also write with ';' or '|': the quotes are not part of it, and a
// separator inside them does not end it. TSV has no quoting (IANA's
// text/tab-separated-values forbids a tab in a field), so a '"' there is
// data.
func cutField(line []byte, n int, sep byte) (Line, Mismatch) {
	quoting := sep != '\t' && sep != '"'
	start := 0
	for i := 1; ; i++ {
		end := -1
		next := len(line)
		if quoting && start < len(line) && line[start] == '"' {
			q := closingQuote(line, start+1, true)
			if q < 0 {
				return Line{}, mismatch(msgUnterminatedField, start)
			}
			end = q + 1
			if end < len(line) && line[end] != sep {
				return Line{}, mismatch(msgTextAfterQuote, end)
			}
			next = end
		} else if j := bytes.IndexByte(line[start:], sep); j >= 0 {
			next = start + j
		}
		if end < 0 {
			end = next
		}
		if i == n {
			f, off := line[start:end], start
			if quoting && len(f) >= 2 && f[0] == '"' {
				f, off = f[1:len(f)-1], off+1
			}
			return Line{URI: f, URIOff: off}, Mismatch{}
		}
		if next == len(line) {
			return Line{}, mismatch(msgFewFields, len(line))
		}
		start = next + 1
	}
}

// closingQuote returns the offset of the '"' that closes a quoted text
// starting at from, or -1. CSV doubles a quote inside (""); access logs
// escape it (\"), and a backslash (\\).
func closingQuote(line []byte, from int, csv bool) int {
	for i := from; i < len(line); {
		j := bytes.IndexByte(line[i:], '"')
		if j < 0 {
			return -1
		}
		q := i + j
		if csv {
			if q+1 < len(line) && line[q+1] == '"' {
				i = q + 2
				continue
			}
			return q
		}
		// Escaped when an odd number of backslashes comes before it.
		b := q
		for b > from && line[b-1] == '\\' {
			b--
		}
		if (q-b)%2 == 0 {
			return q
		}
		i = q + 1
	}
	return -1
}

// RequestLineError returns 0 and -1 when the request line of l, an
// access-log line, has a method and a target after a single space, or
// is not there to check; otherwise ErrInvalidMethod at the method's
// first byte that a token cannot hold (see methodError), or
// ErrInvalidRequestLine at a second space after the method (see
// spaceError), with the offset in the line, where fasturi.ParseRequestLine
// reports them. Such a line has no target to read.
func (l *Line) RequestLineError() (fasturi.ErrorKind, int) {
	if i := l.methodError(); i >= 0 {
		return fasturi.ErrInvalidMethod, i
	}
	if i := l.spaceError(); i >= 0 {
		return fasturi.ErrInvalidRequestLine, i
	}
	return 0, -1
}

// methodError returns -1 when the request line of l, an access-log line,
// starts with a method, or has none to check; otherwise the offset in the
// line of the method's first byte that a token cannot hold, as MethodError
// reports it. A request line without a space is a method alone, "-" (no
// request), or bytes that were no HTTP request, such as a TLS handshake
// sent to an HTTP port ("\x16\x03\x01..."); one that starts with a space
// has an empty method.
func (l *Line) methodError() int {
	if len(l.Request) == 0 {
		return -1 // "": no request line, not a bad method
	}
	m := l.Method
	if m == nil {
		m = l.Request
		if sp := bytes.IndexByte(m, ' '); sp >= 0 {
			m = m[:sp]
		}
	}
	if i := MethodError(m); i >= 0 {
		return l.RequestOff + i
	}
	return -1
}

// spaceError returns -1, or the offset in the line of the target of l, an
// access-log line, when that target starts with a space or is empty: a
// request line with two spaces in a row after its method, which
// fasturi.ParseRequestLine reports as ErrInvalidRequestLine there, or
// with nothing after its method's space, is no request line, rather than
// one whose target is in no form.
func (l *Line) spaceError() int {
	if l.URI != nil && (len(l.URI) == 0 || l.URI[0] == ' ') {
		return l.URIOff
	}
	return -1
}

// isHTTPVersion reports whether v is an HTTP-version (RFC 9112 section
// 2.3): "HTTP/", a digit, '.' and a digit.
func isHTTPVersion(v []byte) bool {
	return len(v) == 8 && string(v[:5]) == "HTTP/" && isDigit(v[5]) && v[6] == '.' && isDigit(v[7])
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// MethodError returns -1 when m is a method, a token (RFC 9110 sections
// 5.6.2 and 9.1), and otherwise the offset of its first byte that a token
// cannot hold, or 0 for an empty m: where fasturi.ParseRequestLine reports
// ErrInvalidMethod. An access log writes a request line's bytes escaped
// ("G\x01T"), so a method with a control byte has a '\\' there.
func MethodError(m []byte) int {
	if len(m) == 0 {
		return 0
	}
	for i, c := range m {
		if !tchar[c] {
			return i
		}
	}
	return -1
}

// tchar marks the bytes of a token (RFC 9110 section 5.6.2).
var tchar = func() (t [256]bool) {
	for _, c := range []byte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&'*+-.^_`|~") {
		t[c] = true
	}
	return t
}()

// requestQuote returns the offset in s, a log line from its user name on,
// of the first '"' that can open the request line, or -1. A user name
// holds none: Apache writes an empty one as "" and escapes a '"' in one
// as \" (nginx as \x22), so the '"' of a whole "" and one after an odd
// number of backslashes are skipped.
func requestQuote(s []byte) int {
	from := 0
	if bytes.HasPrefix(s, []byte(`"" `)) {
		from = 3
	}
	return closingQuote(s, from, false)
}

// cutAccessLog reads a Common or Combined Log Format line:
//
//	host ident user [time] "request line" status bytes ["referer" "user agent"]
//
// The parts before the request are not checked beyond their shape: a host
// and an ident, one word each, then a user up to the last " [" before the
// request line's quote, spaces, brackets and escaped quotes and all
// (servers log a user name as the client sent it; nginx an empty one as
// nothing, Apache as ""), and a bracketed time.
// The fields after the referer are not read. Escapes are left as the
// server wrote them (nginx's \xHH, Apache's \" and \\): a
// target holding one is invalid where its first escape is, as the target
// that was sent is where the byte escaped is.
func cutAccessLog(line []byte, combined bool) (Line, Mismatch) {
	var l Line
	i := 0
	for range 2 { // host, ident
		j := bytes.IndexByte(line[i:], ' ')
		if j <= 0 {
			return l, mismatch(msgNoHostIdentUser, i)
		}
		i += j + 1
	}
	// The time's " [" is the last before the '"' that opens the request
	// line: a user name may hold " [" too ("John [Admin] Doe"), and the
	// fields after the request often do ("Mozilla/4.08 [en]").
	head := line[i:]
	if q := requestQuote(head); q >= 0 {
		head = head[:q]
	}
	if j := bytes.LastIndex(head, []byte(" [")); j >= 0 {
		i += j + 1 // at 0, an empty user, as nginx writes one with escape=json
	} else if j := bytes.IndexByte(line[i:], ' '); j <= 0 {
		return l, mismatch(msgNoHostIdentUser, i) // no user, or nothing after it
	} else {
		return l, mismatch(msgNoTime, i+j+1)
	}
	j := bytes.IndexByte(line[i:], ']')
	if j < 0 {
		return l, mismatch(msgUnterminatedTime, i)
	}
	i += j + 1
	if !bytes.HasPrefix(line[i:], []byte(` "`)) {
		return l, mismatch(msgNoRequest, i)
	}
	i += 2
	end := closingQuote(line, i, false)
	if end < 0 {
		return l, mismatch(msgUnterminatedRequest, i-1)
	}
	l.Request, l.RequestOff = line[i:end], i
	// method SP target SP version, where a target with a space in it
	// leaves the version as the last word and the target everything
	// between; or method SP target, without a version (HTTP/0.9), where a
	// space in the target makes it invalid there ("GET /a b").
	if sp := bytes.IndexByte(l.Request, ' '); sp >= 0 {
		l.Method, l.URI, l.URIOff = l.Request[:sp], l.Request[sp+1:], i+sp+1
		if last := bytes.LastIndexByte(l.Request, ' '); last > sp && isHTTPVersion(l.Request[last+1:]) {
			l.URI, l.Version = l.Request[sp+1:last], l.Request[last+1:]
		}
	}
	i = end + 1
	// The status, digits, and the size, digits or a '-' for none; then the
	// end of the line, or a space before more fields.
	for k := range 2 {
		if i >= len(line) || line[i] != ' ' {
			return l, mismatch(msgNoStatus, i)
		}
		i++
		j := i
		if k == 1 && j < len(line) && line[j] == '-' {
			j++
		} else {
			for j < len(line) && isDigit(line[j]) {
				j++
			}
		}
		if j == i {
			return l, mismatch(msgNoStatus, i)
		}
		i = j
	}
	if i < len(line) && line[i] != ' ' {
		return l, mismatch(msgNoStatus, i) // "200 12x", "200 1-2"
	}
	if !combined {
		return l, Mismatch{}
	}
	if !bytes.HasPrefix(line[i:], []byte(` "`)) {
		return l, mismatch(msgNoReferer, i)
	}
	i += 2
	end = closingQuote(line, i, false)
	if end < 0 {
		return l, mismatch(msgUnterminatedReferer, i-1)
	}
	// "-", or "" as nginx writes an empty Referer header field (and, with
	// escape=json, a missing one): no referer, which a Referer field
	// cannot be (RFC 9110 section 10.1.3: an absolute-URI or a
	// partial-URI).
	if ref := line[i:end]; len(ref) > 0 && string(ref) != "-" {
		l.Referer, l.RefererOff = ref, i
	}
	return l, Mismatch{}
}
