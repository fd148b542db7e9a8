// Command fasturi processes URIs at log scale: one URI per line, from files
// or standard input, on all cores, in input order.
//
// Usage:
//
//	fasturi parse [-json | -tsv [-header]] [-lenient] [-q] [FILE...]
//
// parse writes one record per input line. By default a record is a line of
// text for people; -json writes one JSON object per line and -tsv
// tab-separated values, for other programs. Invalid URIs are data, not
// failures: they get a record that says what is wrong and at which byte.
// With -lenient, every line is split into components the way RFC 3986
// Appendix B does, and the rules it breaks are listed.
//
// A summary goes to standard error, with progress while it runs on a
// terminal. The exit status is 0 when every line was read and written, 1 on
// an I/O error and 2 on bad usage.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `fasturi processes URIs (RFC 3986), one per line.

Usage:

	` + parseSynopsis + `

Commands:

	parse   parse each line and write one record per line

Run 'fasturi parse -h' for the options of parse.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command line args and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "parse":
		return runParse(args[1:], stdin, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "fasturi: unknown command %q\n\n%s", args[0], usage)
	return 2
}
