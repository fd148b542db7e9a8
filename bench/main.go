// Command bench measures fasturi against the URI parsers a Go user would
// otherwise pick, on the same corpora in the same run, with the same method,
// and writes a report: a Markdown table per corpus (ns/URI, MB/s,
// allocations, accepted inputs), a validity-agreement matrix with examples,
// and an SVG bar chart.
//
// Usage, from this directory:
//
//	go run . [flags] [FILE...]
//
// Every run measures the generated corpus and the built-in edge cases, then
// each FILE (one URI per line). The report goes to -out (results/ by
// default: results.md and chart.svg); a progress line goes to stderr.
//
// Operations beyond parsing follow, unless -ops says otherwise: normalization
// against purell, reference resolution against net/url, and URIs found in
// free text against xurls, each with its own table.
//
// The same parsers, operations and corpora are Go benchmarks too
// (bench_test.go), for benchstat:
//
//	go test -run '^$' -bench Parsers -count 10 -cpu 1 -corpus a.txt,b.txt
//	go test -run '^$' -bench 'Normalize|Resolve|Extract' -count 10 -cpu 1 -corpus a.txt
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	urilist "github.com/fasturi/fasturi/internal/corpus"
)

func main() {
	switch err := run(os.Args[1:], os.Stdout, os.Stderr); {
	case errors.Is(err, flag.ErrHelp):
		// -h: the usage is printed, as asked.
	case err != nil:
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: go run . [flags] [FILE...]\n\n"+
			"Measures every parser on the generated corpus, the built-in edge cases\n"+
			"and each FILE (one URI per line), and writes a report.\n\nflags:\n")
		fs.PrintDefaults()
	}
	var (
		out      = fs.String("out", "results", "directory for results.md and chart.svg; \"\" writes only the summary to stdout")
		trials   = fs.Int("trials", 10, "timed trials per parser and corpus")
		minTime  = fs.Duration("mintime", 60*time.Millisecond, "shortest trial: each trial runs the number of whole passes over the corpus that lasted this long when calibrated")
		keys     = fs.String("parsers", "", "comma-separated parsers to run (default all): "+parserKeys())
		opKeys   = fs.String("ops", "all", "comma-separated operations besides parsing to measure, \"\" for none: "+operationKeys())
		genCount = fs.Int("gen", 20000, "URIs in the generated corpus")
		seed     = fs.Uint64("seed", 1, "the generator's seed")
		emit     = fs.Bool("emit", false, "write the generated corpus to stdout, one URI per line, and exit")
		procs    = fs.Int("procs", 1, "GOMAXPROCS while measuring; at 1, the garbage collector's work for a parser that allocates runs on the core that is timed, not on an idle one")
	)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *trials < 1 || *genCount < 1 || *procs < 1 {
		return fmt.Errorf("-trials, -gen and -procs must be at least 1")
	}
	if *emit {
		var b bytes.Buffer
		for _, s := range urilist.Generate(*genCount, *seed) {
			b.WriteString(s)
			b.WriteByte('\n')
		}
		_, err := stdout.Write(b.Bytes())
		return err
	}
	ps, unknown := selectParsers(*keys)
	if len(unknown) > 0 {
		note := ""
		if goadaPeer == nil && slices.Contains(unknown, "goada") {
			note = " (goada needs cgo: CGO_ENABLED=1 and a C++20 compiler)"
		}
		return fmt.Errorf("unknown parsers %s; known: %s%s", strings.Join(unknown, ", "), parserKeys(), note)
	}
	if len(ps) == 0 {
		return fmt.Errorf("-parsers %q names no parser; known: %s", *keys, parserKeys())
	}
	ops, unknown := selectOperations(*opKeys)
	if len(unknown) > 0 {
		return fmt.Errorf("unknown operations %s; known: %s", strings.Join(unknown, ", "), operationKeys())
	}
	corpora, err := loadCorpora(*genCount, *seed, fs.Args())
	if err != nil {
		return err
	}

	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(*procs))
	r := &report{
		machine: thisMachine(),
		method:  method{trials: *trials, minTime: *minTime},
		command: commandLine(args),
		parsers: ps,
	}
	impls := 0
	for _, op := range ops {
		impls += len(op.impls)
	}
	bar := newProgressLine(stderr, len(corpora)*(len(ps)+impls)*(1+*trials))
	start := time.Now()
	for _, c := range corpora {
		r.runs = append(r.runs, corpusRun{corpus: c, results: measure(c, ps, r.method, bar.step)})
	}
	msg := fmt.Sprintf("%d parsers on %d corpora in %s", len(ps), len(corpora), time.Since(start).Round(100*time.Millisecond))
	start = time.Now()
	for _, op := range ops {
		run := opRun{op: op}
		for _, c := range corpora {
			if op.common {
				c = commonInputs(c, op.impls)
			}
			run.runs = append(run.runs, corpusRun{corpus: c, results: measure(c, op.impls, r.method, bar.step)})
		}
		r.ops = append(r.ops, run)
	}
	if len(ops) > 0 {
		msg += fmt.Sprintf(", then %d implementations of %d other operations in %s", impls, len(ops), time.Since(start).Round(100*time.Millisecond))
	}
	bar.done(msg)

	var summary bytes.Buffer
	m := r.machine
	fmt.Fprintf(&summary, "%s, %s, %s, GOMAXPROCS %d\n", m.date.Format("2006-01-02"), m.cpu, m.goVer, m.procs)
	fmt.Fprintf(&summary, "%s\n\n", r.versions())
	sp := &printer{w: &summary}
	r.writeSummary(sp)
	r.writeOperations(sp)
	if _, err := stdout.Write(summary.Bytes()); err != nil {
		return err
	}
	if *out == "" {
		return nil
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	var md, svg bytes.Buffer
	if err := r.writeMarkdown(&md, "chart.svg"); err != nil {
		return err
	}
	if err := r.writeChart(&svg); err != nil {
		return err
	}
	for name, b := range map[string][]byte{"results.md": md.Bytes(), "chart.svg": svg.Bytes()} {
		if err := os.WriteFile(filepath.Join(*out, name), b, 0o644); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "\nreport: %s, chart: %s\n", filepath.Join(*out, "results.md"), filepath.Join(*out, "chart.svg"))
	return nil
}

func parserKeys() string {
	keys := make([]string, len(parsers))
	for i, p := range parsers {
		keys[i] = p.key
	}
	return strings.Join(keys, ",")
}

// commandLine is the command that repeats this run, from this directory,
// with each argument quoted for a POSIX shell where it needs to be.
func commandLine(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellQuote(a)
	}
	return strings.TrimSpace("go run . " + strings.Join(quoted, " "))
}

// shellQuote returns a as a shell reads it back: as it is when it holds
// only bytes that no shell treats specially, and otherwise in single
// quotes, where a single quote of its own ends them, goes escaped, and
// opens them again.
func shellQuote(a string) string {
	plain := a != ""
	for _, c := range []byte(a) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_./,:=+@%", c) >= 0) {
			plain = false
			break
		}
	}
	if plain {
		return a
	}
	return "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
}
