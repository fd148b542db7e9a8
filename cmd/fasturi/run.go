package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/fasturi/fasturi/internal/flagargs"
	"github.com/fasturi/fasturi/internal/logstats"
)

// Exit statuses, which scripts can rely on (see the package comment).
const (
	exitOK    = 0 // every line was read, and its record written
	exitIO    = 1 // an input could not be read, or the output written
	exitUsage = 2 // a bad command line: nothing was read
)

// runOpts are the options every command has.
type runOpts struct {
	cmd         string // the command's name, for a usage error
	quiet       bool
	out         string
	outTerminal bool              // the -o file, once open, is a terminal (-o /dev/tty)
	dest        io.Writer         // where the output goes, once run has opened it
	maxLine     flagargs.ByteSize // -max-line: 0 for no limit
}

// defaultMaxLine is -max-line's default. With it, memory stays bounded by
// the chunks in flight, two per core, each the head of such a line and its
// record: some 300 MB on 64 cores for text, 2 GB for -json records of
// control bytes, which spell each byte in six.
const defaultMaxLine = logstats.DefaultMaxLine

// addRunFlags adds -q, -max-line and -o to fs, which is named after the
// command.
func addRunFlags(fs *flag.FlagSet) *runOpts {
	o := &runOpts{cmd: fs.Name()}
	fs.BoolVar(&o.quiet, "q", false, "no summary or progress on standard error")
	o.maxLine = defaultMaxLine
	fs.Var(&o.maxLine, "max-line", "`SIZE` of the longest line held (K, M, G; 0: any)")
	fs.Func("o", "write to `FILE` instead of standard output (-: standard output)", func(name string) error {
		if name == "" {
			return errors.New("want a FILE, or - for standard output")
		}
		o.out = name
		return nil
	})
	return o
}

// toFile reports whether the output goes to a file named by -o.
func (o *runOpts) toFile() bool { return o.out != "" && o.out != "-" }

// runLines runs fn over the named inputs (standard input when there are
// none), with long for lines longer than -max-line, writes the records
// after header, and returns the exit status.
func (o *runOpts) runLines(names []string, fn lineFunc, long longFunc, header string, stdin io.Reader, stdout, stderr io.Writer) int {
	names = orStdin(names)
	return o.run(names, stdin, stdout, stderr, func(w *bufio.Writer) (totals, error) {
		w.WriteString(header)
		p := o.newProcessor(w, stdout, stderr, names, false)
		p.fn, p.long = fn, long
		return p.process(names, stdin)
	})
}

// newProcessor returns a processor that writes to out, with the options
// of o, for the named inputs; stdout and stderr are the command's, and
// atEnd says that it writes only when done (see showsProgress).
func (o *runOpts) newProcessor(out io.Writer, stdout, stderr io.Writer, names []string, atEnd bool) *processor {
	return &processor{out: out, stderr: stderr, progress: o.showsProgress(stdout, stderr, atEnd),
		total: inputSize(names), maxLine: int(o.maxLine)}
}

// orStdin returns names, or "-" (standard input) when there are none.
func orStdin(names []string) []string {
	if len(names) == 0 {
		return []string{"-"}
	}
	return names
}

// run calls body with the output (standard output, or the -o file),
// flushes it, writes the summary to stderr unless quiet, and returns the
// exit status: exitIO when an input failed or the output could not be
// written, exitUsage when the output is one of the inputs (names, and
// stdin for "-").
func (o *runOpts) run(names []string, stdin io.Reader, stdout, stderr io.Writer, body func(*bufio.Writer) (totals, error)) int {
	var f *os.File
	if o.toFile() && isFile(o.out, stdout) {
		// -o /dev/stdout, or the file standard output is: written as it
		// is, as for -o -, so that one the shell opened to append to
		// (>> log) keeps what it held, where opening it anew would empty
		// it.
		o.out = "-"
	}
	if name, ok := o.isInput(names, stdin, stdout); ok {
		if name == "-" {
			name = "standard input"
		}
		if o.toFile() {
			return usageError(stderr, o.cmd, "-o %s is an input (%s): writing would empty it before it is read", o.out, name)
		}
		// As cat refuses: the command would read back what it writes,
		// and grow the file without end.
		return usageError(stderr, o.cmd, "standard output is an input (%s): the command would read back what it writes", name)
	}
	if o.toFile() {
		// Write-only, not os.Create's read-write: a process that holds the
		// read end of a pipe or FIFO it writes to never sees the reader
		// go, and blocks once the pipe is full.
		var err error
		if f, err = os.OpenFile(o.out, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666); err != nil {
			fmt.Fprintf(stderr, "fasturi: %v\n", err)
			return exitIO
		}
		o.outTerminal = isTerminal(f)
		stdout = f
	}
	o.dest = stdout
	w := bufio.NewWriterSize(stdout, 1<<16)
	start := time.Now()
	tot, err := body(w)
	if err == nil {
		err = w.Flush()
	}
	if f != nil {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	readerGone := isBrokenPipe(err)
	if !o.quiet {
		elapsed := time.Since(start)
		unwritten := ""
		if tot.long > 0 {
			unwritten = fmt.Sprintf("; %d %s longer than -max-line %v", tot.long, plural(tot.long, "line", "lines"), &o.maxLine)
			if tot.longLeftOut {
				unwritten += ", whose URIs are not extracted"
			}
		}
		if tot.failed {
			unwritten += "; the input was not all read (see the errors above)"
		}
		switch {
		case readerGone:
			unwritten += "; the output was not all written: its reader has gone"
		case err != nil:
			unwritten += "; the output was not all written"
		}
		fmt.Fprintf(stderr, "fasturi: %d %s, %d valid, %d invalid, %.1f MB in %v (%.1f MB/s, %.2f M lines/s)%s\n",
			tot.lines, plural(tot.lines, "line", "lines"), tot.valid, tot.lines-tot.valid, float64(tot.bytes)/1e6, elapsed.Round(time.Millisecond),
			float64(tot.bytes)/1e6/elapsed.Seconds(), float64(tot.lines)/1e6/elapsed.Seconds(), unwritten)
	}
	if err != nil {
		// A reader that has gone (fasturi ... | head -1) is how a pipeline
		// says it has seen enough: the summary says so, and -q keeps even
		// that quiet, as a kill by SIGPIPE would be. Other write errors are
		// reported whatever -q says.
		if !readerGone {
			fmt.Fprintf(stderr, "fasturi: %v\n", writeError(err))
		}
		return exitIO
	}
	if tot.failed || tot.longLeftOut && tot.long > 0 {
		return exitIO
	}
	return exitOK
}

// writeError returns err, from a write, as a message that says so: a
// *fs.PathError names the file already ("write NAME: ...").
func writeError(err error) error {
	if pathErr := (*fs.PathError)(nil); !errors.As(err, &pathErr) {
		return fmt.Errorf("write: %w", err)
	}
	return err
}

// plural returns one when n is 1, and many otherwise.
func plural(n int64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// writeOut writes b, the whole of a command's output, to w, and returns
// exitOK; or, when that fails, reports the error on stderr and returns
// exitIO.
func writeOut(w, stderr io.Writer, b []byte) int {
	if _, err := w.Write(b); err != nil {
		fmt.Fprintf(stderr, "fasturi: %v\n", writeError(err))
		return exitIO
	}
	return exitOK
}

// isFile reports whether name is the file that w is, when w is an open
// file.
func isFile(name string, w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	named, err := os.Stat(name)
	return err == nil && os.SameFile(fi, named)
}

// isInput returns the input among names that is the output, the existing
// regular file -o names or else the one stdout is, if one is: "-" when it
// is stdin. A device or a pipe is no file that writing empties or that
// reading gets back (-o /dev/stdout, with stdin on the same terminal).
func (o *runOpts) isInput(names []string, stdin io.Reader, stdout io.Writer) (string, bool) {
	var out os.FileInfo
	var err error
	if o.toFile() {
		out, err = os.Stat(o.out)
	} else if f, ok := stdout.(*os.File); ok {
		out, err = f.Stat()
	}
	if err != nil || out == nil || !out.Mode().IsRegular() {
		return "", false // a new file, one that Create will report, or not a file
	}
	for _, name := range names {
		var in os.FileInfo
		if name == "-" {
			if f, ok := stdin.(*os.File); ok {
				in, err = f.Stat()
			}
		} else {
			in, err = os.Stat(name)
		}
		if err == nil && in != nil && os.SameFile(in, out) {
			return name, true
		}
	}
	return "", false
}
