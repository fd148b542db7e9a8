package main

import (
	"bytes"
	"flag"
	"strconv"

	"github.com/fasturi/fasturi"

	"github.com/fasturi/fasturi/internal/logstats"
)

// An output is a record format of parse.
type output uint8

const (
	outText output = iota
	outJSON
	outTSV
)

// addFormatFlags adds the flags that say where a line's URI is: -format,
// -field and -sep (see parseFormat). whole says what a whole line is
// without them: "a URI", or for target "a request line".
func addFormatFlags(fs *flag.FlagSet, whole string) (name *string, field *int, sep *string) {
	name = fs.String("format", "", "line `format`: clf (or common) or combined, else "+whole)
	field = fs.Int("field", 0, "read field `N` (from 1) of each line, split by -sep")
	sep = fs.String("sep", "", "separator byte `S` (default tab); CSV quotes unless tab or '\"'")
	return name, field, sep
}

// parseFormat returns the Format that the flags of addFormatFlags, once
// fs has parsed them, name (see logstats.ParseFormat, for which a field of
// 0 and a separator of "" stand for none given). Given on the command
// line, -field 0 and an empty -sep or -format are refused rather than read
// as absent.
func parseFormat(fs *flag.FlagSet, name string, field int, sep string) (logstats.Format, error) {
	if err := logstats.CheckGiven(fs.Visit); err != nil {
		return logstats.Format{}, err
	}
	return logstats.ParseFormat(name, field, sep)
}

// parseLogLine returns the lineFunc of parse for lines in format f: the
// record of the URI each line holds, with "in" that URI and offsets in it;
// for a combined log, then the referer's; for a line that does not match
// f, a record of the whole line with the mismatch and its offset. An
// access log's target is read as the request-target of its method (RFC
// 9112 section 3.2), where "//x/y" is a path, not an authority, with and
// without -lenient (see newAccessRecord).
func parseLogLine(f logstats.Format, out output, lenient bool) lineFunc {
	format := appendText
	switch out {
	case outJSON:
		format = appendJSON
	case outTSV:
		format = appendTSV
	}
	combined := f.Kind == logstats.KindCombined
	access := combined || f.Kind == logstats.KindCommon
	return func(dst, line []byte) ([]byte, bool) {
		l, mis := f.Cut(line)
		if mis.Msg == "" && access {
			// As target and stats do: a request line whose method is no
			// token, or with two spaces after it, is not a request line,
			// whatever its target.
			if k, i := l.RequestLineError(); k != 0 {
				mis = logstats.Mismatch{Msg: k.Message(), Offset: i}
			}
		}
		if mis.Msg == "" && l.URI == nil {
			mis = logstats.Mismatch{Msg: logstats.MsgNoTarget, Offset: l.RequestOff}
		}
		if mis.Msg != "" {
			dst = appendMismatch(dst, out, line, mis)
			if combined {
				// The referer of a line whose request line is not one
				// (none when the line is not a combined-log line), as
				// stats counts it.
				dst = appendReferer(dst, out, l.Referer, lenient)
			}
			return dst, false
		}
		var r record
		if access {
			r = newAccessRecord(l.Method, l.URI, lenient)
		} else {
			r = newRecord(l.URI, lenient)
		}
		dst = format(dst, r)
		if combined {
			dst = appendReferer(dst, out, l.Referer, lenient)
		}
		return dst, r.uri.Valid()
	}
}

// newAccessRecord parses target as the request-target of method. With
// lenient, a target that breaks a rule inside its components is split as
// parse -lenient splits a URI, with its violations, but only where that
// split reads the target in the form the method gives it: an origin-form
// target that does not start with "//" (which Split would read as an
// authority), or an absolute-form one that has a scheme. A target whose
// form the method does not allow ("*" for GET), one with a '#' (no form
// has a fragment, wherever the first error is), CONNECT's authority-form
// (which Split would read as a scheme), and those others are reported as
// without lenient.
func newAccessRecord(method, target []byte, lenient bool) record {
	u, _, err := fasturi.ParseRequestTarget(asString(method), target)
	r := record{in: target, uri: u}
	if err == nil {
		return r
	}
	r.kind = errorKind(err)
	if !lenient || r.kind == fasturi.ErrTargetForm || string(method) == "CONNECT" || bytes.IndexByte(target, '#') >= 0 {
		return r
	}
	origin := len(target) > 0 && target[0] == '/'
	if origin && len(target) > 1 && target[1] == '/' {
		return r
	}
	if split := newRecord(target, true); origin || split.uri.HasScheme() {
		return split
	}
	return r
}

// appendReferer appends the referer of a combined log's line to its
// record: with -json a "referer" member, the referer's own record or null
// when the line has none ("-"); with -tsv a last column, the referer as
// written or \N; in text, referer="...".
func appendReferer(dst []byte, out output, ref []byte, lenient bool) []byte {
	switch out {
	case outJSON:
		dst = append(dst[:len(dst)-1], `,"referer":`...) // inside the record's object
		if ref == nil {
			dst = append(dst, "null"...)
		} else {
			dst = appendJSON(dst, newRecord(ref, lenient))
		}
		return append(dst, '}')
	case outTSV:
		if ref == nil {
			return append(dst, "\t\\N"...)
		}
		return appendTSVField(append(dst, '\t'), ref)
	}
	if ref == nil {
		return dst
	}
	dst = append(dst, " referer="...)
	return appendQuoted(dst, ref, isQuotePlain(ref))
}

// appendMismatch appends the record of a line that does not match the
// input format, or whose request line has a method that is no token: the
// whole line, invalid, with why and where.
func appendMismatch(dst []byte, out output, line []byte, mis logstats.Mismatch) []byte {
	switch out {
	case outJSON:
		dst = appendJSONIn(dst, line)
		dst = append(dst, `,"valid":false,"error":"`...)
		dst = append(dst, mis.Msg...) // a constant with nothing to escape
		dst = append(dst, `","offset":`...)
		return append(strconv.AppendInt(dst, int64(mis.Offset), 10), '}')
	case outTSV:
		dst = appendTSVField(dst, line)
		dst = append(dst, "\tfalse\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t"...)
		dst = append(dst, mis.Msg...)
		dst = append(dst, '\t')
		return strconv.AppendInt(dst, int64(mis.Offset), 10)
	}
	dst = append(dst, "invalid "...)
	dst = appendQuoted(dst, line, isQuotePlain(line))
	dst = append(dst, ": "...)
	dst = append(dst, mis.Msg...)
	dst = append(dst, " at offset "...)
	return strconv.AppendInt(dst, int64(mis.Offset), 10)
}

// longRecord returns the longFunc of parse and target in the output
// format out: a record as a mismatch's, of the line's head, and for a
// combined log no referer, which the line's unread part may hold.
func longRecord(out output, combined bool) longFunc {
	return func(dst, head []byte) []byte {
		dst = appendMismatch(dst, out, head, logstats.Mismatch{Msg: msgLineTooLong, Offset: len(head)})
		if combined {
			dst = appendReferer(dst, out, nil, false)
		}
		return dst
	}
}

// targetLogLine returns the lineFunc of target for lines in format f, an
// access-log format: the record of each line's request line.
func targetLogLine(f logstats.Format, jsonOut bool) lineFunc {
	format := appendTargetText
	out := outText
	if jsonOut {
		format, out = appendTargetJSON, outJSON
	}
	return func(dst, line []byte) ([]byte, bool) {
		l, mis := f.Cut(line)
		if mis.Msg != "" {
			return appendMismatch(dst, out, line, mis), false
		}
		req := l.Request
		if f.Kind == logstats.KindField {
			req = l.URI // the field holds the request line
		}
		r := newTargetRecord(req)
		return format(dst, r), r.valid()
	}
}
