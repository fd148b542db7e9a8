package main

import (
	"flag"
	"github.com/fasturi/fasturi/internal/logstats"
	"io"
)

// parseSynopsis is the command line of parse, for both usage messages.
const parseSynopsis = "fasturi parse [-json | -tsv [-header]] [-lenient] [-q] [-o FILE]\n" +
	"       [-format clf|combined | -field N [-sep S]] [-max-line SIZE] [FILE...]"

// parseAbout is what parse's usage says before the flags.
const parseAbout = `Parse one URI per line of each FILE (standard input if none, or for -)
and write one record per line, in input order: text for people, or with
-json or -tsv for programs. An invalid line's record says what is wrong and
at which byte. The keys of -json (with each URI's security facts) and the
columns of -tsv are in the README and the command's documentation (go doc).
`

// parseLine returns the lineFunc of parse: it parses a line, with Split when
// lenient, and appends its record in the given format.
func parseLine(format func([]byte, record) []byte, lenient bool) lineFunc {
	return func(dst, line []byte) ([]byte, bool) {
		r := newRecord(line, lenient)
		return format(dst, r), r.uri.Valid()
	}
}

func runParse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("parse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	jsonOut := fs.Bool("json", false, "write one JSON object per line")
	tsvOut := fs.Bool("tsv", false, "write tab-separated values")
	withHeader := fs.Bool("header", false, "with -tsv, write the column names first")
	lenient := fs.Bool("lenient", false, "split each line (RFC 3986 Appendix B), listing rules broken")
	formatName, field, sep := addFormatFlags(fs, "a URI")
	ro := addRunFlags(fs)
	fs.Usage = func() { printUsage(fs.Output(), fs, parseSynopsis, parseAbout) }
	if status, stop := parseFlags(fs, args, stdout); stop {
		return status
	}
	if *jsonOut && *tsvOut {
		return usageError(stderr, "parse", "-json and -tsv exclude each other")
	}
	if *withHeader && !*tsvOut {
		return usageError(stderr, "parse", "-header goes with -tsv")
	}

	in, err := parseFormat(fs, *formatName, *field, *sep)
	if err != nil {
		return usageError(stderr, "parse", "%v", err)
	}

	format, out := appendText, outText
	switch {
	case *jsonOut:
		format, out = appendJSON, outJSON
	case *tsvOut:
		format, out = appendTSV, outTSV
	}
	header := ""
	if *withHeader {
		header = tsvColumns
		if in.Kind == logstats.KindCombined {
			header += "\treferer"
		}
		header += "\n"
	}
	long := longRecord(out, in.Kind == logstats.KindCombined)
	if in.Kind != logstats.KindURI {
		return ro.runLines(fs.Args(), parseLogLine(in, out, *lenient), long, header, stdin, stdout, stderr)
	}
	return ro.runLines(fs.Args(), parseLine(format, *lenient), long, header, stdin, stdout, stderr)
}
