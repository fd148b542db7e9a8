package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// A report is everything one run measured, and how.
type report struct {
	machine machine
	method  method
	command string // the command line, as it can be typed again
	runs    []corpusRun
	parsers []*parser
	ops     []opRun // operations besides parsing, each on every corpus
}

// An opRun is an operation's results on every corpus.
type opRun struct {
	op   *operation
	runs []corpusRun
}

// writeMarkdown writes the whole report: a summary grid, a table per
// corpus, the grids of the other operations, the agreement matrix, then the
// parsers, corpora, machine and method it was measured with.
// chart is the chart's file name relative to the report ("" for none).
func (r *report) writeMarkdown(w io.Writer, chart string) error {
	p := &printer{w: w}
	m := r.machine
	p.f("# URI parsers compared\n\n")
	p.f("Measured %s on %s, by `%s`.\n\n", m.date.Format("2006-01-02 15:04 MST"), m.cpu, r.command)
	if chart != "" {
		p.f("![Time per URI, per corpus and parser](%s)\n\n", chart)
	}
	p.f("## Time per URI\n\n")
	r.writeSummary(p)
	p.f("\n## Per corpus\n")
	for _, run := range r.runs {
		r.writeCorpus(p, run)
	}
	for _, or := range r.ops {
		p.f("\n## %s\n\n%s\n\n", or.op.title, or.op.about)
		r.writeOperation(p, or)
	}
	p.f("\n## Validity agreement\n\n")
	r.writeAgreement(p)
	p.f("\n## Parsers\n\n")
	p.f("| parser | module | implements |\n| --- | --- | --- |\n")
	for _, ps := range r.parsers {
		mod := "standard library"
		if ps.module != "" {
			mod = "`" + ps.module + "`"
		}
		p.f("| %s | %s %s | %s |\n", ps.name, mod, moduleVersion(ps.module), ps.spec)
	}
	for _, or := range r.ops {
		p.f("\n%s:\n\n| implementation | module | what it does |\n| --- | --- | --- |\n", or.op.title)
		for _, ps := range or.op.impls {
			mod := "standard library"
			if ps.module != "" {
				mod = "`" + ps.module + "`"
			}
			p.f("| %s | %s %s | %s |\n", ps.name, mod, moduleVersion(ps.module), ps.spec)
		}
	}
	p.f("\n## Corpora\n\n")
	p.f("| corpus | source | URIs | bytes | mean length | sha256 (first 16 hex) |\n| --- | --- | ---: | ---: | ---: | --- |\n")
	for _, run := range r.runs {
		c := run.corpus
		p.f("| %s | %s | %s | %s | %.1f | `%s` |\n", c.name, c.source, group(len(c.strings)), group(int(c.size)),
			float64(c.size)/float64(len(c.strings)), c.sha256)
	}
	p.f("\n## Machine and method\n\n")
	p.f("- CPU: %s; %s\n", m.cpu, m.cores)
	p.f("- Instruction sets: %s\n", m.features)
	p.f("- Go: %s\n", m.goVer)
	p.f("- fasturi: %s", m.build)
	if m.revision != "" {
		p.f(", tree at `%s`", m.revision)
	}
	p.f("\n")
	p.f("- Every corpus is read into memory first, as strings and as byte slices over one contiguous\n"+
		"  buffer, so that each parser gets the type it takes without a conversion in the timed loop.\n"+
		"- Per corpus, each parser makes one untimed pass, which records what it accepts and what it\n"+
		"  allocates (runtime.MemStats: Go heap only, the C++ heap behind cgo is not seen), then a\n"+
		"  calibration finds the number of whole passes that lasts at least %s.\n"+
		"- %d timed trials per parser, in rounds: each round times every parser once, starting with a\n"+
		"  different one each round; the heap is collected before each trial.\n"+
		"- The parsers run one at a time; GOMAXPROCS is %d while they do, so that (at 1) the garbage\n"+
		"  collector's work for a parser that allocates is done, and timed, on the same core.\n"+
		"- ns/URI is the median of the trials; ± is half their interquartile range, relative to the median.\n"+
		"  MB/s counts the URIs' bytes without line ends. Ratios are against fasturi.Parse on the same\n"+
		"  corpus in the same run (for another operation, against fasturi's implementation of it);\n"+
		"  compare numbers from one run only.\n"+
		"- Other operations are measured the same way, after the parsers.\n", r.method.minTime, r.method.trials, r.machine.procs)
	return p.err
}

// writeSummary writes a grid: a row per parser, a column per corpus.
func (r *report) writeSummary(p *printer) {
	p.f("ns per URI, %s", trialsPhrase(r.method.trials))
	for _, ps := range r.parsers {
		if ps.key == "fasturi" && len(r.parsers) > 1 {
			p.f("; in parentheses, how many times fasturi.Parse's time")
			break
		}
	}
	p.f(".\n\n")
	p.f("| parser |")
	for _, run := range r.runs {
		p.f(" %s |", run.corpus.name)
	}
	p.f("\n| --- |%s\n", strings.Repeat(" ---: |", len(r.runs)))
	for i, ps := range r.parsers {
		p.f("| %s |", ps.name)
		for _, run := range r.runs {
			res := run.results[i]
			p.f(" %s%s |", nanos(res.median()), ratio(run, res))
		}
		p.f("\n")
	}
}

// writeOperations writes the grids of every operation besides parsing.
func (r *report) writeOperations(p *printer) {
	for _, or := range r.ops {
		p.f("\n%s:\n\n", or.op.title)
		r.writeOperation(p, or)
	}
}

// writeOperation writes two grids, a row per implementation and a column
// per corpus: the time per URI, and the allocations per URI with the
// number of URIs done.
func (r *report) writeOperation(p *printer, or opRun) {
	impls := or.op.impls
	p.f("ns per URI, %s; in parentheses, how many times %s's time.\n\n", trialsPhrase(r.method.trials), impls[0].name)
	header := func() {
		p.f("| implementation |")
		for _, run := range or.runs {
			p.f(" %s |", run.corpus.name)
		}
		p.f("\n| --- |%s\n", strings.Repeat(" ---: |", len(or.runs)))
	}
	header()
	for i, ps := range impls {
		p.f("| %s |", ps.name)
		for _, run := range or.runs {
			res := run.results[i]
			p.f(" %s%s |", nanos(res.median()), ratio(run, res))
		}
		p.f("\n")
	}
	p.f("\nAllocations per URI (Go heap) · URIs done.\n\n")
	header()
	for i, ps := range impls {
		p.f("| %s |", ps.name)
		for _, run := range or.runs {
			res := run.results[i]
			p.f(" %s · %s |", decimal(res.allocs), group(res.accepted()))
		}
		p.f("\n")
	}
}

func (r *report) writeCorpus(p *printer, run corpusRun) {
	c := run.corpus
	p.f("\n### %s\n\n", c.name)
	p.f("%s URIs, %s bytes (%s).\n\n", group(len(c.strings)), group(int(c.size)), c.source)
	p.f("| parser | ns/URI | ± | MB/s | allocs/URI | bytes/URI | accepted | time vs fasturi.Parse |\n")
	p.f("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, res := range run.results {
		p.f("| %s | %s | %.0f%% | %.0f | %s | %s | %s | %s |\n", res.parser.name, nanos(res.median()), 100*res.spread(),
			res.mbPerSec(), decimal(res.allocs), decimal(res.heap), group(res.accepted()), strings.Trim(ratio(run, res), " ()"))
	}
}

func (r *report) writeAgreement(p *printer) {
	ds := agreement(r.runs)
	if len(ds) == 0 {
		p.f("Fewer than two validating parsers ran: nothing to compare.\n")
		return
	}
	total := 0
	for _, run := range r.runs {
		total += len(run.corpus.strings)
	}
	var names []*parser
	for _, ps := range r.parsers {
		if ps.validates {
			names = append(names, ps)
		}
	}
	p.f("How many of the %s inputs (all corpora) each pair of parsers decides differently: one accepts, the other rejects. ", group(total))
	p.f("fasturi.Split, which never rejects, is left out.\n\n")
	p.f("| |")
	for _, ps := range names {
		p.f(" %s |", ps.name)
	}
	p.f("\n| --- |%s\n", strings.Repeat(" ---: |", len(names)))
	count := map[[2]*parser]int{}
	for _, d := range ds {
		count[[2]*parser{d.a, d.b}] = d.total()
		count[[2]*parser{d.b, d.a}] = d.total()
	}
	for _, a := range names {
		p.f("| %s |", a.name)
		for _, b := range names {
			if a == b {
				p.f(" · |")
			} else {
				p.f(" %s |", group(count[[2]*parser{a, b}]))
			}
		}
		p.f("\n")
	}
	p.f("\nPer pair: where they disagree, and the inputs only one of them accepts, with up to three examples, the shortest of each corpus, from the corpora measured first (corpus:line). ")
	p.f("Inputs that are not printable ASCII, or that hold a space, a quote or a backslash, are shown as Go string literals, in double quotes.\n\n")
	for _, d := range ds {
		if d.total() == 0 {
			p.f("- %s and %s agree on every input.\n", d.a.name, d.b.name)
			continue
		}
		var where []string
		for i, n := range d.perCorpus {
			if n > 0 {
				where = append(where, r.runs[i].corpus.name+" "+group(n))
			}
		}
		p.f("- %s and %s: %s (%s).\n", d.a.name, d.b.name, inputs(d.total()), strings.Join(where, ", "))
		side := func(yes, no *parser, n int, ex []example) {
			if n == 0 {
				return
			}
			p.f("  - %s accepted only by %s:", inputs(n), yes.name)
			for i, e := range ex {
				sep := ","
				if i == 0 {
					sep = ""
				}
				p.f("%s %s (%s:%d)", sep, quoteURI(e.uri()), e.corpus.name, e.line)
			}
			p.f("\n")
		}
		side(d.a, d.b, d.onlyA, d.exA)
		side(d.b, d.a, d.onlyB, d.exB)
	}
}

func inputs(n int) string {
	if n == 1 {
		return "1 input"
	}
	return group(n) + " inputs"
}

// ratio is res's time as a multiple of fasturi.Parse's on the same corpus,
// " (3.2×)", or "" for fasturi.Parse itself or when it did not run.
func ratio(run corpusRun, res *result) string {
	for _, base := range run.results {
		if base.parser.key == "fasturi" && base != res {
			return fmt.Sprintf(" (%.1f×)", res.median()/base.median())
		}
	}
	return ""
}

// trialsPhrase says what a time of n trials is: "median of 10 trials",
// or "one trial".
func trialsPhrase(n int) string {
	if n == 1 {
		return "one trial"
	}
	return fmt.Sprintf("median of %d trials", n)
}

// nanos formats a time in ns with three significant digits or more.
func nanos(ns float64) string {
	switch {
	case ns < 10:
		return strconv.FormatFloat(ns, 'f', 2, 64)
	case ns < 100:
		return strconv.FormatFloat(ns, 'f', 1, 64)
	}
	return group(int(ns + 0.5))
}

func decimal(x float64) string {
	if x == 0 {
		return "0"
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

// group writes n with thousands separators: 48,010.
func group(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i := range len(s) {
		if i > 0 && s[i-1] != '-' && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// quoteURI shows a URI in Markdown: as code when it is printable ASCII
// without space, backquote, double quote or backslash, else as a Go string
// literal in code, so that every byte shows and no example reads two ways.
func quoteURI(s string) string {
	if s == "" {
		return "(empty line)"
	}
	for i := range len(s) {
		if s[i] <= ' ' || s[i] > '~' || s[i] == '`' || s[i] == '"' || s[i] == '\\' {
			q := strconv.Quote(s)
			if strings.Contains(q, "`") {
				return "`` " + q + " ``"
			}
			return "`" + q + "`"
		}
	}
	return "`" + s + "`"
}

// printer keeps the first write error, so that report code can write
// without checking each call.
type printer struct {
	w   io.Writer
	err error
}

func (p *printer) f(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

// versions says what was measured, for the summary that a run without a
// report prints: fasturi's build and revision, and each other module's
// version, as the report's tables give them.
func (r *report) versions() string {
	s := "fasturi: " + r.machine.build
	if r.machine.revision != "" {
		s += ", tree at " + r.machine.revision
	}
	seen := map[string]bool{"": true, "github.com/fasturi/fasturi": true}
	add := func(ps []*parser) {
		for _, p := range ps {
			if !seen[p.module] {
				seen[p.module] = true
				s += "; " + p.module + " " + moduleVersion(p.module)
			}
		}
	}
	add(r.parsers)
	for _, or := range r.ops {
		add(or.op.impls)
	}
	return s
}
