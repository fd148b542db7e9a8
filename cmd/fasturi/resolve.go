package main

import (
	"bytes"
	"errors"
	"flag"
	"io"

	"github.com/fasturi/fasturi"
)

const (
	resolveSynopsis  = "fasturi resolve [-base URI] [-reject-underflow] [-json]\n       [-q] [-o FILE] [-max-line SIZE] [FILE...]"
	relativeSynopsis = "fasturi relative -base URI [-json] [-q] [-o FILE]\n       [-max-line SIZE] [FILE...]"
)

// errNoTab is the message for a line of resolve without -base that has no
// tab between base and reference.
const errNoTab = "no tab between base and reference"

// resolveLine returns the transform of resolve -base: each line is a
// reference, resolved against base.
func resolveLine(base fasturi.URI, opts fasturi.PathOption) transform {
	return func(dst, line []byte) ([]byte, string, int) {
		ref, _ := fasturi.Parse(line) // AppendResolve reports an invalid ref
		out, off, err := fasturi.AppendResolve(dst, base, ref, opts)
		if err != nil {
			return dst, errorMessage(err), off
		}
		return out, "", 0
	}
}

// resolvePairLine returns the transform of resolve without -base: each line
// is a base and a reference with a tab between them. Offsets are into the
// whole line.
func resolvePairLine(opts fasturi.PathOption) transform {
	return func(dst, line []byte) ([]byte, string, int) {
		tab := bytes.IndexByte(line, '\t')
		if tab < 0 {
			return dst, errNoTab, len(line)
		}
		base, baseErr := fasturi.Parse(line[:tab])
		ref, _ := fasturi.Parse(line[tab+1:])
		out, off, err := fasturi.AppendResolve(dst, base, ref, opts)
		if err == fasturi.ErrInvalidBase { // an offset in the base
			return dst, baseErrorMessage(base, baseErr), off
		}
		if err != nil {
			return dst, errorMessage(err), off + tab + 1
		}
		return out, "", 0
	}
}

// invalidBaseMessages holds "invalid base URI: " and the message of each
// error kind, made once: a record's message is not built per line.
var invalidBaseMessages [256]string

func init() {
	for k := range invalidBaseMessages {
		invalidBaseMessages[k] = "invalid base URI: " + fasturi.ErrorKind(k).Message()
	}
}

// baseErrorMessage says why AppendResolve found base, a line's own, an
// invalid base (fasturi.ErrInvalidBase), as -base's usage errors do; err
// is Parse's error for base. Like every message of a record, it is a
// constant that JSON takes as it is.
func baseErrorMessage(base fasturi.URI, err error) string {
	switch {
	case err != nil:
		if k, ok := err.(fasturi.ErrorKind); ok {
			return invalidBaseMessages[k]
		}
		return "invalid base URI"
	case !base.HasScheme():
		return "invalid base URI: it has no scheme"
	}
	return "invalid base URI: its path climbs above the root" // -reject-underflow
}

// relativeLine returns the transform of relative: each line is a target
// URI, made relative to base.
func relativeLine(base fasturi.URI) transform {
	return func(dst, line []byte) ([]byte, string, int) {
		target, _ := fasturi.Parse(line) // AppendRelative reports an invalid target
		out, off, err := fasturi.AppendRelative(dst, base, target)
		if err != nil {
			return dst, errorMessage(err), off
		}
		return out, "", 0
	}
}

func runResolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newCommand("resolve", resolveSynopsis,
		"Resolve each line of each FILE (standard input if none, or for -) as a\n"+
			"reference against a base URI (RFC 3986 section 5.2), and write the target\n"+
			"URIs, one line per input line, in input order. Each line is a reference\n"+
			"with -base, and otherwise a base URI, a tab and a reference (offsets are\n"+
			"then into the whole line). An encoded dot (\"%2E%2E\") is data, not a\n"+
			"dot-segment (section 5.2.4): normalize decodes it to one.\n", stderr)
	baseFlag := c.fs.String("base", "", "resolve each line against this absolute `URI`")
	underflow := c.fs.Bool("reject-underflow", false, `refuse a ".." above the root (the RFC drops it), in -base too`)
	if code, stop := c.parse(args, stdout); stop {
		return code
	}
	opts := pathOption(*underflow)
	if !isFlagSet(c, "base") {
		return c.run(resolvePairLine(opts), stdin, stdout)
	}
	base, err := baseURI(*baseFlag)
	if err != nil {
		return c.usageError("%v", err)
	}
	if opts&fasturi.RejectPathUnderflow != 0 {
		// A reference with an empty path keeps base's path as it is
		// (section 5.2.2): if that path climbs, every such line would fail,
		// at an offset in -base rather than in the line. Such a -base is
		// refused once, before reading, as an invalid one is; a line's own
		// base, without -base, is the line's to get right.
		var empty fasturi.URI
		if _, _, err := fasturi.AppendResolve(nil, base, empty, opts); errors.Is(err, fasturi.ErrInvalidBase) {
			return c.usageError("the path of -base climbs above the root, which -reject-underflow refuses")
		}
	}
	return c.run(resolveLine(base, opts), stdin, stdout)
}

func runRelative(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newCommand("relative", relativeSynopsis,
		"Make each URI of each FILE (standard input if none, or for -) a reference\n"+
			"relative to -base: the shortest that resolves against it to the URI\n"+
			"(RFC 3986 sections 4.2 and 5.2), or to the URI without its dot-segments\n"+
			"when it has any, one line per input line, in input order. Components\n"+
			"compare byte for byte (normalize first to compare them as URIs). A URI\n"+
			"that is -base but for -base's fragment, which is not used, gives the\n"+
			"empty reference, an empty line.\n", stderr)
	baseFlag := c.fs.String("base", "", "the absolute `URI` the references are relative to (required)")
	if code, stop := c.parse(args, stdout); stop {
		return code
	}
	if !isFlagSet(c, "base") {
		return c.usageError("-base is required")
	}
	base, err := baseURI(*baseFlag)
	if err != nil {
		return c.usageError("%v", err)
	}
	return c.run(relativeLine(base), stdin, stdout)
}

// isFlagSet reports whether the command line set the flag name, so that
// -base "" is an invalid base and not a missing one.
func isFlagSet(c *command, name string) bool {
	set := false
	c.fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
