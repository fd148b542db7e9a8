package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/fasturi/fasturi/internal/flagargs"
)

// printUsage writes a command's usage to w: its synopsis, what it does,
// and its flags, one line each, so that it fits a terminal of 80 columns
// and 24 lines.
func printUsage(w io.Writer, fs *flag.FlagSet, synopsis, about string) {
	fmt.Fprintf(w, "Usage: %s\n\n%s\nFlags:\n", synopsis, about)
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		left := "  -" + f.Name
		if name != "" {
			left += " " + name
		}
		if def := f.DefValue; def != "" && def != "false" && def != "0" {
			usage += " (default " + def + ")"
		}
		if len(left) > 18 {
			left += "\n" + strings.Repeat(" ", 18)
		}
		fmt.Fprintf(w, "%-18s %s\n", left, strings.ReplaceAll(usage, "\n", " "))
	})
}

// usageError reports a bad command line of command cmd, with a pointer to
// its usage, and returns exitUsage.
func usageError(stderr io.Writer, cmd, format string, args ...any) int {
	fmt.Fprintf(stderr, "fasturi %s: %s\nRun 'fasturi %s -h' for usage.\n", cmd, fmt.Sprintf(format, args...), cmd)
	return exitUsage
}

// parseFlags parses a command's flags, and returns the exit status to end
// with and true when the command should not run: exitOK after -h, whose
// usage goes to stdout, as asked for (fasturi -h does the same), or exitIO
// when it cannot be written; and exitUsage after a bad flag, reported on
// fs's output as any other usage error is (see usageError).
// fs.Usage writes to fs.Output(), and fs is named after the command.
//
// Flags may follow the FILEs, as in "fasturi parse access.log -json", the
// way jq, grep and rg read them: the flag package alone stops at the first
// argument that is not a flag. "--" ends the flags; what follows it is
// FILEs, even when it starts with '-'.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (int, bool) {
	out := fs.Output()
	fs.SetOutput(io.Discard) // the flag package's own report, rewritten below
	err := flagargs.Parse(fs, args)
	fs.SetOutput(out)
	switch {
	case err == flag.ErrHelp:
		var b bytes.Buffer
		fs.SetOutput(&b)
		fs.Usage()
		fs.SetOutput(out)
		return writeOut(stdout, out, b.Bytes()), true
	case err != nil:
		return usageError(out, fs.Name(), "%v", err), true
	}
	return exitOK, false
}
