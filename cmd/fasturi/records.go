package main

import (
	"bytes"
	"strconv"
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
	if lenient {
		return newLenientRecord(line)
	}
	u, err := fasturi.Parse(line)
	// Parse's error is always an ErrorKind; the two-value form keeps any
	// other error from panicking, and u.Valid() still says it failed.
	kind, _ := err.(fasturi.ErrorKind)
	return record{in: line, uri: u, kind: kind}
}

// newLenientRecord is newRecord with Split.
func newLenientRecord(line []byte) record {
	r := record{in: line, lenient: true}
	r.uri, r.violations = fasturi.Split(line)
	if r.violations.Len() > 0 {
		// The URI carries the offset of this first violation.
		r.kind = r.violations.At(0).Kind
	}
	return r
}

// plain reports whether r.in is plain (isJSONPlain), so that it and its
// components need no escaping in JSON or TSV. The line of a valid URI is:
// RFC 3986 allows no control character, space, '"', '\\' or byte of 0x80
// and up in a URI, and Parse, Split and ParseRequestTarget reject each
// (TestValidIsPlain). Only the lines of invalid URIs are searched.
func (r *record) plain() bool { return r.uri.Valid() || isJSONPlain(r.in) }

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
	plain := r.plain()
	if plain {
		dst = append(dst, `{"in":"`...)
		dst = append(dst, r.in...)
		if r.uri.Valid() {
			dst = append(dst, `","valid":true`...)
		} else {
			dst = append(dst, `","valid":false`...)
		}
	} else {
		dst = appendJSONIn(dst, r.in)
		if r.uri.Valid() {
			dst = append(dst, `,"valid":true`...)
		} else {
			dst = append(dst, `,"valid":false`...)
		}
	}
	if r.hasComponents() {
		dst = appendJSONComponentsOf(dst, &r, plain)
	}
	if r.uri.Valid() {
		dst = appendFacts(dst, r.uri.Facts())
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
			dst = appendJSONError(append(dst, '{'), v.Kind, v.Offset)
			dst = append(append(append(dst, `,"component":"`...), v.Component.String()...), `"}`...)
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}

// jsonComponentKeys, jsonComponentNulls and jsonComponentOpens are the
// starts of the members of the components, in the order of components:
// `,"scheme":`, `,"scheme":null` and `,"scheme":"`, and so on.
var jsonComponentKeys, jsonComponentNulls, jsonComponentOpens = func() (keys, nulls, opens [len(components)]string) {
	for i, c := range components {
		keys[i] = `,"` + c.String() + `":`
		nulls[i] = keys[i] + "null"
		opens[i] = keys[i] + `"`
	}
	return keys, nulls, opens
}()

// appendJSONComponents appends the members of the components, in the order
// of the CLI contract, each a string or null, then "host_type". parse and
// target both write them, so that their records agree.
func appendJSONComponents(dst []byte, r record) []byte {
	return appendJSONComponentsOf(dst, &r, r.plain())
}

// appendJSONComponentsOf is appendJSONComponents for a record whose caller
// knows whether r.in is plain (r.plain): then so is every component,
// and each is copied without a look at its bytes.
func appendJSONComponentsOf(dst []byte, r *record, plain bool) []byte {
	has := r.hasComponents()
	for i, c := range components {
		if !has || !r.uri.Has(c) {
			dst = append(dst, jsonComponentNulls[i]...)
			continue
		}
		sp := r.uri.Span(c)
		val := r.in[sp.Start:sp.End]
		if plain {
			dst = append(dst, jsonComponentOpens[i]...)
			dst = append(dst, val...)
			dst = append(dst, '"')
		} else {
			dst = append(dst, jsonComponentKeys[i]...)
			dst = appendJSONString(dst, val)
		}
	}
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
//	"numeric_last_label":false           whether a reg-name host that is no
//	                                     such spelling ends in a number
//	                                     ("08", "1.2.3.4.5")
//	"encoded_delimiters":["path"]        the components among userinfo,
//	"encoded_controls":[]                host and path that hold a
//	"encoded_nul":[]                     percent-encoded delimiter, control
//	"encoded_non_ascii":[]               character, NUL, byte of 0x80 or
//	"encoded_percent":[]                 more, and '%'
//	"path_underflow":false               whether a ".." climbs above the root
//
// Whether there is userinfo is the "userinfo" member already.
func appendJSONFacts(dst []byte, u fasturi.URI) []byte {
	return appendFacts(dst, u.Facts())
}

// appendFacts appends the facts f as appendJSONFacts says.
func appendFacts(dst []byte, f fasturi.Facts) []byte {
	if !f.LegacyIPv4.IsValid() && !f.NumericLastLabel && f.EncodedDelimiters|f.EncodedControls|f.EncodedNUL|f.EncodedNonASCII|f.EncodedPercent == 0 {
		// Most URIs: all the facts in one constant.
		if f.PathUnderflow {
			return append(dst, noFactsJSON+"true"...)
		}
		return append(dst, noFactsJSON+"false"...)
	}
	dst = append(dst, `,"legacy_ipv4":`...)
	if f.LegacyIPv4.IsValid() {
		dst = append(dst, '"')
		dst = f.LegacyIPv4.AppendTo(dst)
		dst = append(dst, '"')
	} else {
		dst = append(dst, "null"...)
	}
	dst = append(dst, `,"numeric_last_label":`...)
	dst = strconv.AppendBool(dst, f.NumericLastLabel)
	dst = appendJSONComponentSet(dst, `,"encoded_delimiters":[`, f.EncodedDelimiters)
	dst = appendJSONComponentSet(dst, `,"encoded_controls":[`, f.EncodedControls)
	dst = appendJSONComponentSet(dst, `,"encoded_nul":[`, f.EncodedNUL)
	dst = appendJSONComponentSet(dst, `,"encoded_non_ascii":[`, f.EncodedNonASCII)
	dst = appendJSONComponentSet(dst, `,"encoded_percent":[`, f.EncodedPercent)
	dst = append(dst, `,"path_underflow":`...)
	return strconv.AppendBool(dst, f.PathUnderflow)
}

// noFactsJSON is what appendJSONFacts writes, up to the value of
// path_underflow, for a URI without a legacy IPv4 or numeric host or any
// encoded delimiter, control, NUL, byte of 0x80 or more or '%'.
const noFactsJSON = `,"legacy_ipv4":null,"numeric_last_label":false,"encoded_delimiters":[],"encoded_controls":[],"encoded_nul":[],"encoded_non_ascii":[],"encoded_percent":[],"path_underflow":`

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

// tsvColumns names the columns of -tsv, in order.
const tsvColumns = "in\tvalid\tscheme\tuserinfo\thost\tport\tpath\tquery\tfragment\thost_type\terror\toffset"

// appendTSV appends the record as tab-separated values. An absent value is
// \N, and backslash, tab, newline and carriage return are escaped, as
// PostgreSQL's and ClickHouse's TSV formats read them. Other bytes are
// written as they are, so nothing is lost.
func appendTSV(dst []byte, r record) []byte {
	// A plain line has no byte that TSV escapes, and nor have its
	// components.
	plain := r.plain()
	if plain {
		dst = append(dst, r.in...)
	} else {
		dst = appendTSVField(dst, r.in)
	}
	if r.uri.Valid() {
		dst = append(dst, "\ttrue"...)
	} else {
		dst = append(dst, "\tfalse"...)
	}
	has := r.hasComponents()
	for _, c := range components {
		if !has || !r.uri.Has(c) {
			dst = append(dst, "\t\\N"...)
			continue
		}
		dst = append(dst, '\t')
		sp := r.uri.Span(c)
		if plain {
			dst = append(dst, r.in[sp.Start:sp.End]...)
		} else {
			dst = appendTSVField(dst, r.in[sp.Start:sp.End])
		}
	}
	dst = append(dst, '\t')
	if has {
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

// appendText appends the record as a line for people: the verdict, the
// input quoted, then the components or the error.
func appendText(dst []byte, r record) []byte {
	if r.uri.Valid() {
		dst = append(dst, "valid   "...)
	} else {
		dst = append(dst, "invalid "...)
	}
	// A line that strconv.Quote leaves as it is, as every valid one is,
	// is quoted without its rune-by-rune walk, and so are its components.
	plain := r.uri.Valid() || isQuotePlain(r.in)
	dst = appendQuoted(dst, r.in, plain)
	if r.hasComponents() {
		dst = appendTextComponents(dst, r, plain)
	}
	if !r.uri.Valid() {
		dst = appendTextError(dst, r.kind, r.uri.ErrorOffset())
		// With -lenient, the other rules the line breaks, after the
		// first, which the URI's error is.
		for i := 1; i < r.violations.Len(); i++ {
			v := r.violations.At(i)
			dst = append(dst, ", "...)
			dst = append(dst, v.Kind.Message()...)
			dst = append(dst, " at offset "...)
			dst = strconv.AppendInt(dst, int64(v.Offset), 10)
		}
	}
	return dst
}

// appendTextComponents appends the components that are present, as
// name="value", and the host's type when there is a host. plain says that
// the line is plain (see isQuotePlain).
func appendTextComponents(dst []byte, r record, plain bool) []byte {
	r.eachComponent(func(name string, val []byte, present bool) {
		if present {
			dst = append(dst, ' ')
			dst = append(dst, name...)
			dst = append(dst, '=')
			dst = appendQuoted(dst, val, plain)
		}
	})
	if r.uri.HostType() != fasturi.HostNone {
		dst = append(dst, " host_type="...)
		dst = append(dst, r.uri.HostType().String()...)
	}
	return dst
}

// appendQuoted appends s quoted as strconv.Quote quotes it, by copying it
// between quotes when it is plain (see isQuotePlain).
func appendQuoted(dst, s []byte, plain bool) []byte {
	if plain {
		dst = append(dst, '"')
		dst = append(dst, s...)
		return append(dst, '"')
	}
	return strconv.AppendQuote(dst, asString(s))
}

// isQuotePlain reports whether strconv.Quote writes s as it is: s is
// printable ASCII without '"' or '\\' (isJSONPlain), and without DEL,
// which JSON takes as it is and strconv.Quote escapes.
func isQuotePlain(s []byte) bool { return isJSONPlain(s) && bytes.IndexByte(s, 0x7f) < 0 }

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

// s2b views s as bytes that no one writes to.
func s2b(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
