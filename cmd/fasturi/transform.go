package main

import (
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fasturi/fasturi"
)

// A transform is what normalize, resolve, relative and decode do to one
// input line: it appends the result to dst and returns the extended buffer
// and an empty message, or, for a line it cannot transform, returns a
// buffer of dst's length (dst itself, or the same bytes in a larger
// array), why, and the byte offset in line of the fault.
type transform func(dst, line []byte) (out []byte, msg string, off int)

// errorMessage is the message of a library error: its kind's, without the
// "fasturi: " prefix. The library returns only ErrorKind values, whose
// messages are constants, so this does not allocate.
func errorMessage(err error) string {
	if k, ok := err.(fasturi.ErrorKind); ok {
		return k.Message()
	}
	return strings.TrimPrefix(err.Error(), "fasturi: ")
}

// textLine returns the lineFunc of a transform's text output: the result
// alone, or nothing (an empty line) when the line is invalid.
func textLine(t transform) lineFunc {
	return func(dst, line []byte) ([]byte, bool) {
		n := len(dst)
		out, msg, _ := t(dst, line)
		if msg != "" {
			return out[:n], false
		}
		return out, true
	}
}

// jsonLine returns the lineFunc of a transform's -json output, one object
// per line:
//
//	{"in":"...","out":"..."}                  the result, valid UTF-8
//	{"in":"...","out_hex":"..."}              the result, in hex otherwise
//	{"in":"...","error":"...","offset":N}     an invalid line
//
// with "in_hex" after "in" when the input is not valid UTF-8.
func jsonLine(t transform) lineFunc {
	return func(dst, line []byte) ([]byte, bool) {
		dst = appendJSONIn(dst, line)
		n := len(dst)
		out, msg, off := t(dst, line)
		if msg != "" {
			dst = append(out[:n], `,"error":"`...)
			dst = append(dst, msg...)
			dst = append(dst, `","offset":`...)
			dst = strconv.AppendInt(dst, int64(off), 10)
			return append(dst, '}'), false
		}
		// The raw result is at out[n:]; its JSON form goes after it, then
		// takes its place. (Appending may move out to a larger array, but
		// res still reads the old one, which nothing writes.)
		res := out[n:]
		out = appendJSONOrHex(out, `,"out":`, `,"out_hex":"`, res)
		m := copy(out[n:], out[n+len(res):])
		return append(out[:n+m], '}'), true
	}
}

// appendJSONIn appends the start of a record: `{"in":"..."`, and the exact
// bytes in "in_hex" when they are not UTF-8, as parse does.
func appendJSONIn(dst, line []byte) []byte {
	dst, valid := appendJSONStringUTF8(append(dst, `{"in":`...), line)
	if !valid {
		dst = append(dst, `,"in_hex":"`...)
		dst = hex.AppendEncode(dst, line)
		dst = append(dst, '"')
	}
	return dst
}

// transformLong returns the longFunc of a transform in the chosen format:
// the record of a line that the transform finds invalid, with the error
// "line too long" at the end of the head.
func transformLong(jsonOut bool) longFunc {
	fn := transformLine(func(dst, head []byte) ([]byte, string, int) {
		return dst, msgLineTooLong, len(head)
	}, jsonOut)
	return func(dst, head []byte) []byte {
		dst, _ = fn(dst, head)
		return dst
	}
}

// transformLine returns the lineFunc of t in the chosen format.
func transformLine(t transform, jsonOut bool) lineFunc {
	if jsonOut {
		return jsonLine(t)
	}
	return textLine(t)
}

// A command is a subcommand that transforms each line: its flag set, with
// the flags they all have.
type command struct {
	name    string
	fs      *flag.FlagSet
	jsonOut *bool
	ro      *runOpts
	stderr  io.Writer
}

// invalidNote says what text output does with an invalid line, for every
// transforming command's usage.
const invalidNote = `Without -json, each output line is the result alone; an invalid line
gives an empty line, counted as invalid in the summary (-json says why).
With -json, a line that is not UTF-8 also gets "in_hex", its bytes in hex,
and a result that is not gets "out_hex" in place of "out"; offsets count
bytes.
`

// newCommand makes the flag set of a subcommand: about is what its usage
// says before the note on invalid lines and the flags.
func newCommand(name, synopsis, about string, stderr io.Writer) *command {
	c := &command{name: name, stderr: stderr}
	c.fs = flag.NewFlagSet(name, flag.ContinueOnError)
	c.fs.SetOutput(stderr)
	c.jsonOut = c.fs.Bool("json", false, `write {"in":...,"out":...} or {...,"error":...,"offset":N}`)
	c.ro = addRunFlags(c.fs)
	c.fs.Usage = func() { printUsage(c.fs.Output(), c.fs, synopsis, about+"\n"+invalidNote) }
	return c
}

// parse parses the command line, and returns the exit status to end with
// and true when the command should not run (-h, or a bad flag).
func (c *command) parse(args []string, stdout io.Writer) (int, bool) {
	return parseFlags(c.fs, args, stdout)
}

// usageError reports a bad command line and returns its exit status.
func (c *command) usageError(format string, args ...any) int {
	return usageError(c.stderr, c.name, format, args...)
}

// run runs t over the inputs named on the command line.
func (c *command) run(t transform, stdin io.Reader, stdout io.Writer) int {
	return c.ro.runLines(c.fs.Args(), transformLine(t, *c.jsonOut), transformLong(*c.jsonOut), "", stdin, stdout, c.stderr)
}

// baseURI parses the value of -base, which must be a valid URI with a
// scheme (RFC 3986 section 5.1). Its error says what is wrong with it.
func baseURI(s string) (fasturi.URI, error) {
	u, err := fasturi.ParseString(s)
	if err != nil {
		msg := strings.TrimPrefix(u.Err().Error(), "fasturi: ")
		return u, fmt.Errorf("-base is not a valid URI: %s", msg)
	}
	if !u.HasScheme() {
		return u, errors.New("-base " + strconv.Quote(s) + " is not an absolute URI: it has no scheme")
	}
	return u, nil
}
