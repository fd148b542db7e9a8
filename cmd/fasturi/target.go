package main

import (
	"bytes"
	"flag"
	"io"
	"strconv"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/internal/logstats"
)

// targetSynopsis is the command line of target, for both usage messages.
const targetSynopsis = "fasturi target [-json] [-format clf|combined | -field N [-sep S]]\n" +
	"       [-q] [-o FILE] [-max-line SIZE] [FILE...]"

// A targetRecord is the result for one line of target: a request line, or a
// method and a request-target.
type targetRecord struct {
	in      []byte
	method  []byte
	target  record // the request-target: its in is a part of in
	form    fasturi.TargetForm
	version []byte // nil when the line has none
	kind    fasturi.ErrorKind
	off     int // of the error, in in
}

// valid reports whether the line is a request line or a method and a
// request-target that the method allows.
func (r *targetRecord) valid() bool { return r.kind == 0 }

// newTargetRecord parses line: with exactly one space, as a method and a
// request-target (RFC 9112 section 3.2); otherwise as a whole request line
// (section 3), which has two spaces and an HTTP-version, and which gives
// every other line its error (no space, a doubled one, a tab...).
func newTargetRecord(line []byte) targetRecord {
	r := targetRecord{in: line}
	sp := bytes.IndexByte(line, ' ')
	if sp < 0 || bytes.IndexByte(line[sp+1:], ' ') >= 0 {
		rl, err := fasturi.ParseRequestLineString(asString(line))
		if err != nil {
			r.kind, r.off = errorKind(err), rl.ErrorOffset()
			return r
		}
		t := len(rl.Method) + 1
		e := t + len(rl.Target.String())
		r.method, r.version = line[:t-1], line[e+1:]
		r.target = record{in: line[t:e], uri: rl.Target}
		r.form = rl.Form
		return r
	}
	// ParseRequestTarget takes the method as it is; the request line's
	// rule for it is checked here, with the same error.
	if i := logstats.MethodError(line[:sp]); i >= 0 {
		r.kind, r.off = fasturi.ErrInvalidMethod, i
		return r
	}
	u, form, err := fasturi.ParseRequestTarget(asString(line[:sp]), line[sp+1:])
	if err != nil {
		r.kind, r.off = errorKind(err), sp+1+u.ErrorOffset()
		return r
	}
	r.method = line[:sp]
	r.target = record{in: line[sp+1:], uri: u}
	r.form = form
	return r
}

// errorKind returns the kind of a library error. The library returns only
// ErrorKind values; anything else still makes the line invalid.
func errorKind(err error) fasturi.ErrorKind {
	if k, ok := err.(fasturi.ErrorKind); ok && k != 0 {
		return k
	}
	return fasturi.ErrInvalidRequestLine
}

// targetLine returns the lineFunc of target in the given format.
func targetLine(format func([]byte, targetRecord) []byte) lineFunc {
	return func(dst, line []byte) ([]byte, bool) {
		r := newTargetRecord(line)
		return format(dst, r), r.valid()
	}
}

// shape returns the offset in r.in (the request line read, as for an
// error) of the first byte at which the valid target departs from the
// shape RFC 1738, and for http and https RFC 9110, give its scheme
// ("http:///x", whose host is empty, or "http://u@h/", which has
// userinfo): see fasturi.URI.CheckShape. It returns -1 when the target
// has that shape, or has no scheme.
func (r *targetRecord) shape() int {
	off, err := r.target.uri.CheckShape()
	if err == nil {
		return -1
	}
	return len(r.method) + 1 + off
}

// appendTargetJSON appends the record as one JSON object: in, valid, then
// method, target, form, version (when the line has one), the components
// and host_type as parse writes them, the facts, and shape_error and
// shape_offset (null for a target that has its scheme's shape); or error
// and offset.
func appendTargetJSON(dst []byte, r targetRecord) []byte {
	dst = appendJSONIn(dst, r.in)
	if !r.valid() {
		dst = append(dst, `,"valid":false,`...)
		return append(appendJSONError(dst, r.kind, r.off), '}')
	}
	dst = append(dst, `,"valid":true,"method":`...)
	dst = appendJSONString(dst, r.method)
	dst = append(dst, `,"target":`...)
	dst = appendJSONString(dst, r.target.in)
	dst = append(dst, `,"form":"`...)
	dst = append(dst, r.form.String()...)
	dst = append(dst, '"')
	dst = append(dst, `,"version":`...)
	if r.version != nil {
		dst = appendJSONString(dst, r.version)
	} else {
		dst = append(dst, "null"...) // a method and a target alone
	}
	dst = appendJSONComponents(dst, r.target)
	dst = appendJSONFacts(dst, r.target.uri)
	if off := r.shape(); off >= 0 {
		dst = append(dst, `,"shape_error":"`...)
		dst = append(dst, fasturi.ErrSchemeShape.Message()...)
		dst = append(dst, `","shape_offset":`...)
		dst = strconv.AppendInt(dst, int64(off), 10)
		return append(dst, '}')
	}
	return append(dst, `,"shape_error":null,"shape_offset":null}`...)
}

// appendTargetText appends the record as a line for people, as parse does:
// the verdict, the input quoted, then the method, target, form, version and
// components, or the error.
func appendTargetText(dst []byte, r targetRecord) []byte {
	if !r.valid() {
		dst = append(dst, "invalid "...)
		dst = appendQuoted(dst, r.in, isQuotePlain(r.in))
		return appendTextError(dst, r.kind, r.off)
	}
	// A valid request line is plain (see isQuotePlain): a token, a
	// request-target and a version.
	dst = append(dst, "valid   "...)
	dst = appendQuoted(dst, r.in, true)
	dst = append(dst, " method="...)
	dst = appendQuoted(dst, r.method, true)
	dst = append(dst, " target="...)
	dst = appendQuoted(dst, r.target.in, true)
	dst = append(dst, " form="...)
	dst = append(dst, r.form.String()...)
	if r.version != nil {
		dst = append(dst, " version="...)
		dst = appendQuoted(dst, r.version, true)
	}
	dst = appendTextComponents(dst, r.target, true)
	if off := r.shape(); off >= 0 {
		dst = append(dst, " shape_error="...)
		dst = strconv.AppendQuote(dst, fasturi.ErrSchemeShape.Message())
		dst = append(dst, " shape_offset="...)
		dst = strconv.AppendInt(dst, int64(off), 10)
	}
	return dst
}

func runTarget(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("target", flag.ContinueOnError)
	fs.SetOutput(stderr)
	jsonOut := fs.Bool("json", false, "write one JSON object per line")
	formatName, field, sep := addFormatFlags(fs, "a request line")
	ro := addRunFlags(fs)
	fs.Usage = func() { printUsage(fs.Output(), fs, targetSynopsis, targetAbout) }
	if status, stop := parseFlags(fs, args, stdout); stop {
		return status
	}
	in, err := parseFormat(fs, *formatName, *field, *sep)
	if err != nil {
		return usageError(stderr, "target", "%v", err)
	}
	format, out := appendTargetText, outText
	if *jsonOut {
		format, out = appendTargetJSON, outJSON
	}
	long := longRecord(out, false)
	if in.Kind != logstats.KindURI {
		return ro.runLines(fs.Args(), targetLogLine(in, *jsonOut), long, "", stdin, stdout, stderr)
	}
	return ro.runLines(fs.Args(), targetLine(format), long, "", stdin, stdout, stderr)
}

// targetAbout is what target's usage says before the flags.
const targetAbout = `Check the HTTP request line on each line of each FILE (standard input if
none, or for -): "METHOD request-target HTTP-version" (RFC 9112 section 3),
or a method and a request-target alone. The method decides the target's
form (section 3.2): authority-form (host:port) for CONNECT only, "*" for
OPTIONS only, else origin-form (/path?query) or absolute-form; no fragment.
With -json, a record has "method", "target", "form" and "version" (null
without one), then the target's components as parse -json writes them; or
"error" and "offset". A valid target that departs from its scheme's shape
(RFC 1738, and for http RFC 9110: "http:///x" has no host) also has a
"shape_error" and its "shape_offset", null otherwise.
`
