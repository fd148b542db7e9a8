package main

import (
	"bytes"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/fasturi/fasturi"
)

// A record is the result for one input line. The formatters take it by
// value: they are called through a func value, which would make a pointer
// escape and cost an allocation per line.
type record struct {
	in         []byte
	uri        fasturi.URI        // not Valid when the line breaks a rule
	kind       fasturi.ErrorKind  // why uri is not Valid; its offset is uri.ErrorOffset()
	lenient    bool               // uri is from Split, so it has components even when not Valid
	violations fasturi.Violations // with lenient: every rule the line breaks
}

// newRecord parses line, with Split when lenient and Parse otherwise.
func newRecord(line []byte, lenient bool) record {
	r := record{in: line, lenient: lenient}
	if lenient {
		r.uri, r.violations = fasturi.Split(line)
		if r.violations.Len() > 0 {
			// The URI carries the offset of this first violation.
			r.kind = r.violations.At(0).Kind
		}
		return r
	}
	var err error
	r.uri, err = fasturi.Parse(line)
	// Parse's error is always an ErrorKind; the two-value form keeps any
	// other error from panicking, and r.uri.Valid() still says it failed.
	r.kind, _ = err.(fasturi.ErrorKind)
	return r
}

// hasComponents reports whether the record carries components: always in
// lenient mode, only for valid URIs in strict mode.
func (r *record) hasComponents() bool { return r.lenient || r.uri.Valid() }

// components are the components of the CLI contract, in its order: the
// component keys of -json and columns of -tsv.
var components = [...]fasturi.Component{
	fasturi.ComponentScheme, fasturi.ComponentUserinfo, fasturi.ComponentHost, fasturi.ComponentPort,
	fasturi.ComponentPath, fasturi.ComponentQuery, fasturi.ComponentFragment,
}

// eachComponent calls f for each of the components, in order, with its name,
// its bytes, and whether the record has it (present is false for all of them
// when the record has no components). It is the one walk over the
// components that every format makes, so that they agree on names, order and
// presence.
func (r *record) eachComponent(f func(name string, val []byte, present bool)) {
	has := r.hasComponents()
	for _, c := range components {
		if !has || !r.uri.Has(c) {
			f(c.String(), nil, false)
			continue
		}
		sp := r.uri.Span(c)
		f(c.String(), r.in[sp.Start:sp.End], true)
	}
}

// appendJSON appends the record as one JSON object, with the keys of the CLI
// contract: in, valid, then either the components, host_type and the facts
// (see appendJSONFacts), or error and offset. Lenient records have the
// components even when not valid, then error, offset and violations, and the
// facts only when valid: the facts of a URI that breaks a rule would be
// guesses.
func appendJSON(dst []byte, r record) []byte {
	dst = appendJSONIn(dst, r.in)
	dst = append(dst, `,"valid":`...)
	dst = strconv.AppendBool(dst, r.uri.Valid())
	if r.hasComponents() {
		dst = appendJSONComponents(dst, r)
	}
	if r.uri.Valid() {
		dst = appendJSONFacts(dst, r.uri)
		return append(dst, '}')
	}
	dst = appendJSONError(append(dst, ','), r.kind, r.uri.ErrorOffset())
	if r.violations.Len() > 0 {
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

// appendJSONComponents appends the members of the components, in the order
// of the CLI contract, each a string or null, then "host_type". parse and
// target both write them, so that their records agree.
func appendJSONComponents(dst []byte, r record) []byte {
	r.eachComponent(func(name string, val []byte, present bool) {
		dst = append(dst, ',', '"')
		dst = append(dst, name...)
		dst = append(dst, '"', ':')
		if present {
			dst = appendJSONString(dst, val)
		} else {
			dst = append(dst, "null"...)
		}
	})
	dst = append(dst, `,"host_type":"`...)
	dst = append(dst, r.uri.HostType().String()...)
	return append(dst, '"')
}

// factComponents are the components that the facts look into, in the order
// their names are listed.
var factComponents = [...]fasturi.Component{
	fasturi.ComponentUserinfo, fasturi.ComponentHost, fasturi.ComponentPath,
}

// appendJSONFacts appends the security facts of u, a valid URI
// (fasturi.Facts), as members after the components:
//
//	"legacy_ipv4":"127.0.0.1"            or null: the address a reg-name host
//	                                     means in a legacy IPv4 spelling
//	"encoded_delimiters":["path"]        the components among userinfo, host
//	"encoded_controls":[]                and path that hold a percent-encoded
//	"encoded_nul":[]                     delimiter, control character, NUL
//	"path_underflow":false               whether a ".." climbs above the root
//
// Whether there is userinfo is the "userinfo" member already.
func appendJSONFacts(dst []byte, u fasturi.URI) []byte {
	f := u.Facts()
	dst = append(dst, `,"legacy_ipv4":`...)
	if f.LegacyIPv4.IsValid() {
		dst = append(dst, '"')
		dst = f.LegacyIPv4.AppendTo(dst)
		dst = append(dst, '"')
	} else {
		dst = append(dst, "null"...)
	}
	dst = appendJSONComponentSet(dst, `,"encoded_delimiters":[`, f.EncodedDelimiters)
	dst = appendJSONComponentSet(dst, `,"encoded_controls":[`, f.EncodedControls)
	dst = appendJSONComponentSet(dst, `,"encoded_nul":[`, f.EncodedNUL)
	dst = append(dst, `,"path_underflow":`...)
	return strconv.AppendBool(dst, f.PathUnderflow)
}

// appendJSONComponentSet appends start, which opens an array member, the
// names of the components of s, and the closing bracket.
func appendJSONComponentSet(dst []byte, start string, s fasturi.Components) []byte {
	dst = append(dst, start...)
	sep := false
	for _, c := range factComponents {
		if !s.Has(c) {
			continue
		}
		if sep {
			dst = append(dst, ',')
		}
		sep = true
		dst = append(dst, '"')
		dst = append(dst, c.String()...)
		dst = append(dst, '"')
	}
	return append(dst, ']')
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
func appendTSV(dst []byte, r record) []byte {
	dst = appendTSVField(dst, r.in)
	dst = append(dst, '\t')
	dst = strconv.AppendBool(dst, r.uri.Valid())
	r.eachComponent(func(_ string, val []byte, present bool) {
		dst = append(dst, '\t')
		if present {
			dst = appendTSVField(dst, val)
		} else {
			dst = append(dst, `\N`...)
		}
	})
	dst = append(dst, '\t')
	if r.hasComponents() {
		dst = append(dst, r.uri.HostType().String()...)
	} else {
		dst = append(dst, `\N`...)
	}
	if r.uri.Valid() {
		return append(dst, "\t\\N\t\\N"...)
	}
	dst = append(dst, '\t')
	dst = append(dst, r.kind.Message()...)
	dst = append(dst, '\t')
	return strconv.AppendInt(dst, int64(r.uri.ErrorOffset()), 10)
}

// appendTSVField appends s as one TSV value, escaped as appendTSV says.
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
func appendText(dst []byte, r record) []byte {
	if r.uri.Valid() {
		dst = append(dst, "valid   "...)
	} else {
		dst = append(dst, "invalid "...)
	}
	dst = strconv.AppendQuote(dst, asString(r.in))
	if r.hasComponents() {
		dst = appendTextComponents(dst, r)
	}
	if !r.uri.Valid() {
		dst = appendTextError(dst, r.kind, r.uri.ErrorOffset())
	}
	return dst
}

// appendTextComponents appends the components that are present, as
// name="value", and the host's type when there is a host.
func appendTextComponents(dst []byte, r record) []byte {
	r.eachComponent(func(name string, val []byte, present bool) {
		if present {
			dst = append(dst, ' ')
			dst = append(dst, name...)
			dst = append(dst, '=')
			dst = strconv.AppendQuote(dst, asString(val))
		}
	})
	if r.uri.HostType() != fasturi.HostNone {
		dst = append(dst, " host_type="...)
		dst = append(dst, r.uri.HostType().String()...)
	}
	return dst
}

// appendTextError appends what is wrong with an invalid line, and where.
func appendTextError(dst []byte, kind fasturi.ErrorKind, off int) []byte {
	dst = append(dst, ": "...)
	dst = append(dst, kind.Message()...)
	dst = append(dst, " at offset "...)
	return strconv.AppendInt(dst, int64(off), 10)
}

// asString views b as a string without copying, for formatting calls that
// only read it while b is unchanged.
func asString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
