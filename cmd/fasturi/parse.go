package main

import (
	"flag"
	"fmt"
	"github.com/fasturi/fasturi/internal/logstats"
	"io"
)

// parseSynopsis is the command line of parse, for both usage messages.
const parseSynopsis = "fasturi parse [-json | -tsv [-header]] [-lenient] [-q] [FILE...]"

// parseAbout is what parse's usage says before the flags.
const parseAbout = `Parse one URI per line of each FILE (standard input if none, or for -)
and write one record per line, in input order.

With -json, a valid URI gives
  {"in":...,"valid":true,"scheme":...,"userinfo":...,"host":...,"port":...,
   "path":...,"query":...,"fragment":...,"host_type":...,
   "legacy_ipv4":...,"encoded_delimiters":[...],"encoded_controls":[...],
   "encoded_nul":[...],"path_underflow":...}
where a component is null when absent, host_type is none, reg-name, ipv4,
ipv6 or ipvfuture, and the facts after it are: the address that a reg-name
host means in a legacy IPv4 spelling ("0x7f.1", "2130706433"), or null;
which of "userinfo", "host" and "path" hold a percent-encoded delimiter,
control character and NUL; and whether a ".." climbs above the root. An
invalid URI gives
  {"in":...,"valid":false,"error":"<message>","offset":N}
and with -lenient its components and "violations" too, but no facts.
"in_hex" follows "in" when the line is not UTF-8.
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
	tsvOut := fs.Bool("tsv", false, "write tab-separated values, with the columns in, valid,\n"+
		"scheme, userinfo, host, port, path, query, fragment, host_type,\nerror and offset")
	withHeader := fs.Bool("header", false, "with -tsv, write the column names first")
	lenient := fs.Bool("lenient", false, "split every line (RFC 3986 Appendix B) and list the rules it\nbreaks, instead of rejecting it")
	formatName, field, sep := addFormatFlags(fs)
	ro := addRunFlags(fs)
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage:\n\n  "+parseSynopsis+"\n\n"+parseAbout+"\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if *jsonOut && *tsvOut {
		fmt.Fprintln(stderr, "fasturi parse: -json and -tsv exclude each other")
		return 2
	}
	if *withHeader && !*tsvOut {
		fmt.Fprintln(stderr, "fasturi parse: -header goes with -tsv")
		return 2
	}

	in, err := logstats.ParseFormat(*formatName, *field, *sep)
	if err != nil {
		fmt.Fprintf(stderr, "fasturi parse: %v\n", err)
		return exitUsage
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
	if in.Kind != logstats.KindURI {
		return ro.runLines(fs.Args(), parseLogLine(in, out, *lenient), header, stdin, stdout, stderr)
	}

	return ro.runLines(fs.Args(), parseLine(format, *lenient), header, stdin, stdout, stderr)
}
