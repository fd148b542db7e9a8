// Command beam counts the URIs of log files with an Apache Beam pipeline
// and writes the document that `fasturi stats -json` writes for the same
// files: the line totals and, per facet (scheme, host, port, path prefix,
// error, security facts; method, request-target form and referer host for
// access logs), the number of distinct keys and the most common ones.
//
//	go run . -input 'logs/*.log' -format combined -output stats.json
//
// It runs on Beam's local runner, prism, unless -runner says otherwise;
// README.md gives the flags for Flink, Spark and Dataflow.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/fasturi/fasturi/internal/flagargs"
	"github.com/fasturi/fasturi/internal/logstats"
)

// globs is a flag that may be given more than once.
type globs []string

func (g *globs) String() string     { return strings.Join(*g, ",") }
func (g *globs) Set(s string) error { *g = append(*g, s); return nil }

var (
	inputs  globs
	output  = flag.String("output", "", "the `file` the JSON document is written to (local or gs://)")
	format  = flag.String("format", "uri", "the lines: uri (one URI per line), clf (or common) or combined (access logs), in any case")
	field   = flag.Int("field", 0, "count field `N` (from 1) of lines split by -sep, as TSV and CSV logs are")
	sep     = flag.String("sep", "", "the one-byte field separator of -field (default a tab); with any other but '\"', such as ',', a field may be quoted as in CSV")
	depth   = flag.Int("depth", 1, "path segments the path facet keeps (0: the whole path)")
	top     = flag.Int("top", 10, "keys listed per facet, most lines first (0: all)")
	maxLine = flagargs.ByteSize(logstats.DefaultMaxLine)
)

func init() {
	flag.Var(&inputs, "input", "a `glob` of log files (local or gs://); may be repeated")
	flag.Var(&maxLine, "max-line", "a line over `SIZE` bytes (K, M, G; 0: any) counts as invalid, \"line too long\", as the command counts it")
}

func main() {
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: beam -input GLOB [-input GLOB]... -output FILE\n"+
			"\t[-format uri|clf|combined] [-field N [-sep S]] [-depth N] [-top N] [-max-line SIZE]\n\t[Beam flags]\n\n")
		flag.PrintDefaults()
	}
	// Flags may follow the globs, as they may follow the command's FILEs.
	if status, stop := parseArgs(flag.CommandLine, os.Args[1:]); stop {
		os.Exit(status)
	}
	beam.Init() // a worker started by a runner stops here
	os.Exit(inPrivateTempDir(func() int {
		c, err := configure()
		if err != nil {
			fmt.Fprintln(os.Stderr, "beam:", err)
			return 2 // bad usage, as for the command
		}
		if err := run(context.Background(), c); err != nil {
			fmt.Fprintln(os.Stderr, "beam:", err)
			if errors.As(err, new(usageError)) {
				return 2
			}
			return 1
		}
		return 0
	}))
}

// A usageError is a command line that run refuses before it reads
// anything: an -output that is one of the inputs. The program exits with
// status 2 for it, as the command does for an -o that is one of its
// inputs.
type usageError struct{ error }

// inPrivateTempDir runs f with the temporary directory set to a new one,
// which it removes afterwards, and returns f's exit code. The local
// runner leaves an empty file in the temporary directory on every run
// (the stand-in for its loopback worker's binary), which would otherwise
// pile up there.
func inPrivateTempDir(f func() int) int {
	dir, err := os.MkdirTemp("", "fasturi-beam-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "beam:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	name := "TMPDIR" // what os.TempDir reads
	if runtime.GOOS == "windows" {
		name = "TMP"
	}
	if old, ok := os.LookupEnv(name); ok {
		defer os.Setenv(name, old)
	} else {
		defer os.Unsetenv(name)
	}
	os.Setenv(name, dir)
	return f()
}

// configure reads the flags, and the arguments as more globs.
func configure() (config, error) {
	c := config{Inputs: append(inputs, flag.Args()...), Output: *output, Depth: *depth, Top: *top, MaxLine: int(maxLine)}
	if len(c.Inputs) == 0 || c.Output == "" {
		return c, errors.New("-input and -output are required (-h lists the flags)")
	}
	if c.Top < 0 || c.Depth < 0 {
		return c, errors.New("-top and -depth take a number >= 0")
	}
	if err := logstats.CheckGiven(flag.Visit); err != nil {
		return c, err
	}
	var err error
	c.Format, err = logstats.ParseFormat(*format, *field, *sep)
	return c, err
}

// parseArgs parses args into fs, whose Usage writes the whole usage:
// with -h, it writes it and stops with status 0; at a bad flag, it writes
// the flag package's error and where the usage is, rather than the usage
// with Beam's hundred lines of flags, and stops with 2.
func parseArgs(fs *flag.FlagSet, args []string) (status int, stop bool) {
	usage := fs.Usage
	fs.Init(fs.Name(), flag.ContinueOnError)
	fs.Usage = func() {}
	err := flagargs.Parse(fs, args)
	fs.Usage = usage
	switch {
	case errors.Is(err, flag.ErrHelp):
		usage()
		return 0, true
	case err != nil:
		fmt.Fprintln(fs.Output(), "Run 'beam -h' for the flags.")
		return 2, true
	}
	return 0, false
}

// run checks the output, and that every glob matches a file, so that a
// mistyped one is an error rather than a document of nothing, and that
// none of them is compressed, and runs the pipeline.
func run(ctx context.Context, c config) error {
	// textio.Write panics on an output whose file system is not
	// registered, and a local directory fails the job only at its end.
	if strings.TrimSpace(c.Output) == "" {
		return errors.New("-output: a file name is needed")
	}
	fs, err := filesystem.New(ctx, c.Output)
	if err != nil {
		return fmt.Errorf("-output %s: %w", c.Output, err)
	}
	fs.Close()
	local := !strings.Contains(c.Output, "://")
	out, err := os.Stat(c.Output)
	switch {
	case err == nil && out.IsDir(), local && strings.HasSuffix(c.Output, string(os.PathSeparator)):
		return fmt.Errorf("-output %s: a directory, not a file", c.Output)
	case err != nil || !out.Mode().IsRegular():
		out = nil
	}
	if dir := filepath.Dir(c.Output); local {
		// In a directory that must exist, as for the command's -o:
		// Beam's local file system would make it.
		if d, err := os.Stat(dir); err != nil || !d.IsDir() {
			return fmt.Errorf("-output %s: no directory %s to write it in", c.Output, dir)
		}
	}
	// None of the inputs may be the output, which the pipeline would
	// overwrite with its document: the same local file (out, when it
	// exists), or the same remote name.
	for _, g := range c.Inputs {
		if err := matches(ctx, g, c.Output, out); err != nil {
			return err
		}
	}
	return beamx.Run(ctx, build(c))
}

// matches checks that glob matches files the pipeline can read, none of
// which is the output: output by name, or out, the output file when it is
// a local one that exists (nil otherwise).
func matches(ctx context.Context, glob, output string, out os.FileInfo) error {
	fs, err := filesystem.New(ctx, glob)
	if err != nil {
		return err
	}
	defer fs.Close()
	files, err := fs.List(ctx, glob)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("-input %s: no such file", glob)
	}
	for _, f := range files {
		// textio decompresses a .gz file but reads it only up to its
		// compressed size, which would silently drop most of its lines;
		// a gzip file by another name fails the job (bomFn).
		if strings.HasSuffix(strings.ToLower(f), ".gz") {
			return fmt.Errorf("-input %s: %s is compressed, which textio reads only in part: decompress it first", glob, f)
		}
		if strings.Contains(f, "://") { // a remote file: its workers read it
			if f == output {
				return usageError{fmt.Errorf("-input %s: %s is the -output file, which the document would overwrite", glob, f)}
			}
			continue
		}
		// A local file that cannot be read fails the pipeline only once
		// it runs, with the cause at the end of a dump of its plan; and
		// textio reads a file only up to the size it reports, which for
		// a pipe is 0: nothing counted, and no error.
		fi, err := os.Stat(f)
		switch {
		case err != nil:
			return fmt.Errorf("-input %s: %w", glob, err)
		case fi.IsDir():
			return fmt.Errorf("-input %s: %s is a directory: give a glob of its files", glob, f)
		case !fi.Mode().IsRegular():
			return fmt.Errorf("-input %s: %s is not a regular file (a pipe or a device), which textio reads only up to the size it reports: write it to a file first", glob, f)
		case out != nil && os.SameFile(fi, out):
			return usageError{fmt.Errorf("-input %s: %s is the -output file, which the document would overwrite", glob, f)}
		}
		r, err := os.Open(f)
		if err != nil {
			return fmt.Errorf("-input %s: %w", glob, err)
		}
		r.Close()
	}
	return nil
}
