package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// runVersion prints the version of the command, the revision it was built
// from when the build recorded one, and the Go toolchain's.
func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), "Usage: fasturi version\n\nPrint the version of fasturi, the revision it was built from when the\nbuild recorded one, and the Go toolchain's.\n")
	}
	if status, stop := parseFlags(fs, args, stdout); stop {
		return status
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "version", "takes no arguments")
	}
	version, revision, when, modified := "(devel)", "", "", false
	if info, ok := debug.ReadBuildInfo(); ok {
		if info.Main.Version != "" {
			version = info.Main.Version
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	b := fmt.Appendf(nil, "fasturi %s %s %s/%s\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	if revision != "" {
		b = fmt.Appendf(b, "revision %s %s", revision, when)
		if modified {
			b = append(b, " (modified)"...)
		}
		b = append(b, '\n')
	}
	return writeOut(stdout, stderr, b)
}
