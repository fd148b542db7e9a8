package main

import (
	"bytes"
	"encoding/hex"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/fasturi/fasturi"
)

// A record is the result for one input line.
type record struct {
	in         []byte
	uri        fasturi.URI
	err        error // strict mode
	lenient    bool
	violations fasturi.Violations // lenient mode
}

func (r *record) valid() bool {
	if r.lenient {
		return r.violations.Len() == 0
	}
	return r.err == nil
}

// hasComponents reports whether the record carries components: always in
// lenient mode, only for valid URIs in strict mode.
func (r *record) hasComponents() bool { return r.lenient || r.err == nil }

// firstError returns the kind and offset of the first error, if any.
func (r *record) firstError() (fasturi.ErrorKind, int, bool) {
	if r.lenient {
		if r.violations.Len() == 0 {
			return 0, 0, false
		}
		v := r.violations.At(0)
		return v.Kind, v.Offset, true
	}
	if r.err == nil {
		return 0, 0, false
	}
	return r.err.(fasturi.ErrorKind), r.uri.ErrorOffset(), true
}

var components = [...]fasturi.Component{
	fasturi.ComponentScheme, fasturi.ComponentUserinfo, fasturi.ComponentHost, fasturi.ComponentPort,
	fasturi.ComponentPath, fasturi.ComponentQuery, fasturi.ComponentFragment,
}

// appendJSON appends the record as one JSON object, with the keys of the CLI
// contract: in, valid, then either the components and host_type, or error
// and offset (lenient records have both, and violations).
func appendJSON(dst []byte, r *record) []byte {
	dst = append(dst, `{"in":`...)
	dst = appendJSONString(dst, r.in)
	if !utf8.Valid(r.in) {
		// JSON strings hold Unicode text; the exact bytes go here.
		dst = append(dst, `,"in_hex":"`...)
		dst = hex.AppendEncode(dst, r.in)
		dst = append(dst, '"')
	}
	dst = append(dst, `,"valid":`...)
	dst = strconv.AppendBool(dst, r.valid())
	if r.hasComponents() {
		for _, c := range components {
			dst = append(dst, ',', '"')
			dst = append(dst, c.String()...)
			dst = append(dst, '"', ':')
			if r.uri.Has(c) {
				sp := r.uri.Span(c)
				dst = appendJSONString(dst, r.in[sp.Start:sp.End])
			} else {
				dst = append(dst, "null"...)
			}
		}
		dst = append(dst, `,"host_type":"`...)
		dst = append(dst, r.uri.HostType().String()...)
		dst = append(dst, '"')
	}
	if kind, off, ok := r.firstError(); ok {
		dst = appendJSONError(append(dst, ','), kind, off)
	}
	if r.lenient && r.violations.Len() > 0 {
		dst = append(dst, `,"violations":[`...)
		for i := range r.violations.Len() {
			if i > 0 {
				dst = append(dst, ',')
			}
			v := r.violations.At(i)
			dst = append(appendJSONError(append(dst, '{'), v.Kind, v.Offset), '}')
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}

// appendJSONError appends the members "error" and "offset".
func appendJSONError(dst []byte, kind fasturi.ErrorKind, off int) []byte {
	dst = append(dst, `"error":"`...)
	dst = append(dst, kind.Message()...)
	dst = append(dst, `","offset":`...)
	return strconv.AppendInt(dst, int64(off), 10)
}

const hexDigits = "0123456789abcdef"

// jsonPlain marks the bytes that stand for themselves in a JSON string.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendJSONString appends s as a JSON string. Bytes that are not UTF-8
// become U+FFFD, as encoding/json does; the in_hex key keeps them exactly.
func appendJSONString(dst, s []byte) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		// Copy the run of plain bytes in one go: URIs are mostly that.
		j := i
		for j < len(s) && jsonPlain[s[j]] {
			j++
		}
		dst = append(dst, s[i:j]...)
		if i = j; i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, `\ufffd`...)
		} else {
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return append(dst, '"')
}

// tsvColumns names the columns of -tsv, in order.
const tsvColumns = "in\tvalid\tscheme\tuserinfo\thost\tport\tpath\tquery\tfragment\thost_type\terror\toffset"

// appendTSV appends the record as tab-separated values. An absent value is
// \N, and backslash, tab, newline and carriage return are escaped, as
// PostgreSQL's and ClickHouse's TSV formats read them. Other bytes are
// written as they are, so nothing is lost.
func appendTSV(dst []byte, r *record) []byte {
	dst = appendTSVField(dst, r.in)
	dst = append(dst, '\t')
	dst = strconv.AppendBool(dst, r.valid())
	for _, c := range components {
		dst = append(dst, '\t')
		if r.hasComponents() && r.uri.Has(c) {
			sp := r.uri.Span(c)
			dst = appendTSVField(dst, r.in[sp.Start:sp.End])
		} else {
			dst = append(dst, `\N`...)
		}
	}
	dst = append(dst, '\t')
	if r.hasComponents() {
		dst = append(dst, r.uri.HostType().String()...)
	} else {
		dst = append(dst, `\N`...)
	}
	if kind, off, ok := r.firstError(); ok {
		dst = append(dst, '\t')
		dst = append(dst, kind.Message()...)
		dst = append(dst, '\t')
		dst = strconv.AppendInt(dst, int64(off), 10)
	} else {
		dst = append(dst, "\t\\N\t\\N"...)
	}
	return dst
}

func appendTSVField(dst, s []byte) []byte {
	for {
		i := bytes.IndexAny(s, "\\\t\n\r")
		if i < 0 {
			return append(dst, s...)
		}
		dst = append(dst, s[:i]...)
		switch s[i] {
		case '\\':
			dst = append(dst, '\\', '\\')
		case '\t':
			dst = append(dst, '\\', 't')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		}
		s = s[i+1:]
	}
}

// appendText appends the record as a line for people: the verdict, the
// input quoted, then the components or the error.
func appendText(dst []byte, r *record) []byte {
	if r.valid() {
		dst = append(dst, "valid   "...)
	} else {
		dst = append(dst, "invalid "...)
	}
	dst = strconv.AppendQuote(dst, asString(r.in))
	if r.hasComponents() {
		for _, c := range components {
			if r.uri.Has(c) {
				sp := r.uri.Span(c)
				dst = append(dst, ' ')
				dst = append(dst, c.String()...)
				dst = append(dst, '=')
				dst = strconv.AppendQuote(dst, asString(r.in[sp.Start:sp.End]))
			}
		}
		if r.uri.HostType() != fasturi.HostNone {
			dst = append(dst, " host_type="...)
			dst = append(dst, r.uri.HostType().String()...)
		}
	}
	if kind, off, ok := r.firstError(); ok {
		dst = append(dst, ": "...)
		dst = append(dst, kind.Message()...)
		dst = append(dst, " at offset "...)
		dst = strconv.AppendInt(dst, int64(off), 10)
	}
	return dst
}

// asString views b as a string without copying, for formatting calls that
// only read it while b is unchanged.
func asString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
