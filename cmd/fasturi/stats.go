package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/fasturi/fasturi/internal/corpus"
	"github.com/fasturi/fasturi/internal/logstats"
)

// statsSynopsis is the command line of stats, for both usage messages.
const statsSynopsis = "fasturi stats [-json] [-top N] [-depth N] [-max-keys N] [-sample] [-q]\n" +
	"       [-format clf|combined | -field N [-sep S]] [-o FILE] [-max-line SIZE]\n" +
	"       [FILE...]"

// statsAbout is what stats' usage says before the flags.
const statsAbout = `Count the URIs of each FILE (standard input if none, or for -) by scheme,
host (lowercased, encodings normalized), host type, port, path prefix,
error and security fact, and for access logs by method, request-target
form and referer host; write the top keys of each as a table, or with
-json as one JSON document. Past -max-keys keys on a core, counts are
estimates (marked ~, with their bound) that vary between runs, and -top 0
lists the exact, then the likeliest; host types, errors, facts stay exact.
`

// A statsWorker counts the lines one worker reads, by facet.
type statsWorker struct {
	obs      logstats.Observer
	counters [logstats.NumFacets]*counter
	emit     logstats.Emit
}

func newStatsWorker(format logstats.Format, depth, limit, top int) *statsWorker {
	w := &statsWorker{obs: logstats.Observer{Format: format, Depth: depth}}
	for f := range w.counters {
		w.counters[f] = newCounter(limit, top, logstats.Facet(f) == logstats.FacetPort)
	}
	w.emit = func(f logstats.Facet, key []byte, c logstats.Const) { w.counters[f].add(key, c) }
	return w
}

// line counts one line; stats writes no record per line.
func (w *statsWorker) line(dst, line []byte) ([]byte, bool) {
	return dst, w.obs.Observe(line, w.emit)
}

// tooLong counts a line longer than -max-line; stats writes no record.
func (w *statsWorker) tooLong(dst, head []byte) []byte {
	w.obs.ObserveTooLong(w.emit)
	return dst
}

// sampleSize is how much access log -sample generates.
const sampleSize = 64 << 20

func runStats(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("stats", flag.ContinueOnError)
	fs.SetOutput(stderr)
	jsonOut := fs.Bool("json", false, "write one JSON document instead of a table")
	top := fs.Int("top", 10, "list the `N` top keys of each facet (0: all)")
	depth := fs.Int("depth", 1, "count paths by their first `N` segments (0: all)")
	formatName, field, sep := addFormatFlags(fs, "a URI")
	limit := fs.Int("max-keys", 1<<16, "count `N` keys per facet exactly, then estimate")
	sample := fs.Bool("sample", false, "count a built-in generated access log")
	ro := addRunFlags(fs)
	fs.Usage = func() { printUsage(fs.Output(), fs, statsSynopsis, statsAbout) }
	if status, stop := parseFlags(fs, args, stdout); stop {
		return status
	}
	usage := func(msg string) int { return usageError(stderr, "stats", "%s", msg) }
	names := fs.Args()
	if *sample {
		if len(names) > 0 || *formatName != "" || *field != 0 {
			return usage("-sample takes no FILE, -format or -field")
		}
		*formatName = "combined"
		var log bytes.Buffer
		log.Grow(sampleSize + 4096)
		corpus.WriteLog(&log, corpus.LogCombined, sampleSize, 1)
		stdin, names = &log, []string{"-"}
	}
	format, err := parseFormat(fs, *formatName, *field, *sep)
	if err != nil {
		return usage(err.Error())
	}
	if *top < 0 || *depth < 0 || *limit < 1 {
		return usage("-top and -depth take a number >= 0, -max-keys one >= 1")
	}

	var mu sync.Mutex
	var workers []*statsWorker
	newFn := func() (lineFunc, longFunc) {
		w := newStatsWorker(format, *depth, *limit, *top)
		mu.Lock()
		workers = append(workers, w)
		mu.Unlock()
		return w.line, w.tooLong
	}
	names = orStdin(names)
	return ro.run(names, stdin, stdout, stderr, func(out *bufio.Writer) (totals, error) {
		p := ro.newProcessor(io.Discard, stdout, stderr, names, true)
		p.newFn = newFn
		if *sample {
			p.total = int64(stdin.(*bytes.Buffer).Len())
		}
		tot, err := p.process(names, stdin)
		if err != nil {
			return tot, err
		}
		r := logstats.Result{Totals: logstats.Totals{Lines: tot.lines, Valid: tot.valid, Invalid: tot.lines - tot.valid, Incomplete: tot.failed}}
		// After the last line, stats merges the workers' counters: each
		// facet on a goroutine of its own, so that the facets of many keys
		// (hosts, ports, paths) share the cores.
		facets := logstats.Facets(format)
		r.Facets = make([]logstats.FacetResult, len(facets))
		var wg sync.WaitGroup
		for i, f := range facets {
			cs := make([]*counter, len(workers))
			for j, w := range workers {
				cs[j] = w.counters[f]
			}
			wg.Go(func() { r.Facets[i] = mergeCounters(f, cs, *top) })
		}
		wg.Wait()
		if *jsonOut {
			_, err = out.Write(r.AppendJSON(nil))
		} else {
			_, err = out.Write(appendStatsTable(nil, &r, terminalWidth(ro.dest)))
		}
		return tot, err
	})
}

// appendStatsTable appends r as a table for people: the totals, then for
// each facet its number of distinct keys and its top keys, with counts and
// shares of all lines. Keys are cut to fit width columns (0: no limit).
func appendStatsTable(dst []byte, r *logstats.Result, width int) []byte {
	t := r.Totals
	dst = fmt.Appendf(dst, "%s %s: %s valid, %s invalid\n", group(t.Lines), plural(t.Lines, "line", "lines"), group(t.Valid), group(t.Invalid))
	if t.Incomplete {
		dst = append(dst, "incomplete: an input could not be read to its end\n"...)
	}
	for _, f := range r.Facets {
		dst = fmt.Appendf(dst, "\n%s: %s distinct", f.Facet, group(f.Distinct))
		if f.Approximate {
			dst = append(dst, " (approximate: more keys than -max-keys)"...)
		}
		dst = append(dst, '\n')
		var over int64
		for _, e := range f.Top {
			over = max(over, e.Overcount)
		}
		if over > 0 {
			dst = fmt.Appendf(dst, "  a count marked ~ is an estimate, up to %s too high\n", group(over))
		}
		for _, e := range f.Top {
			share := 0.0
			if t.Lines > 0 {
				share = 100 * float64(e.Count) / float64(t.Lines)
			}
			count := group(e.Count)
			if e.Overcount > 0 {
				count = "~" + count
			}
			dst = fmt.Appendf(dst, "%14s %5.1f%%  ", count, share)
			dst = append(dst, fitKey(e.Key, width-23)...)
			dst = append(dst, '\n')
		}
	}
	return dst
}

// fitKey quotes key when it holds bytes a terminal would not show as
// they are (invalid UTF-8, controls, C1 controls such as CSI, format
// characters such as a right-to-left override), and cuts it to at most n
// columns (none when n <= 0) with an ellipsis.
func fitKey(key string, n int) string {
	if !utf8.ValidString(key) || strings.ContainsFunc(key, func(r rune) bool { return !strconv.IsPrint(r) }) {
		key = strconv.Quote(key)
	}
	if n <= 0 || utf8.RuneCountInString(key) <= n {
		return key
	}
	if n < 2 {
		return "…"
	}
	i, cols := 0, 0
	for j := range key {
		if cols == n-1 {
			i = j
			break
		}
		cols++
	}
	return key[:i] + "…"
}

// group writes n with thousands separators.
func group(n int64) string {
	digits := strconv.FormatInt(n, 10)
	var b []byte
	if n < 0 {
		b, digits = append(b, '-'), digits[1:]
	}
	for i := range len(digits) {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, digits[i])
	}
	return string(b)
}
