package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"unsafe"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/fasturi/fasturi/internal/logstats"
)

func init() {
	register.DoFn2x0[string, func([]byte, int64)](&observeFn{})
	register.DoFn3x1[context.Context, fileio.ReadableFile, func([]byte, int64), error](&bomFn{})
	register.Function4x0(splitFacet)
	register.Combiner3[facetCount, keyCount, facetCount](&topFn{})
	register.DoFn4x0[[]byte, func(*int, *facetCount) bool, func(*string, *int64) bool, func(string)](&documentFn{})
	register.Emitter2[[]byte, int64]()
	register.Emitter2[int, keyCount]()
	register.Emitter2[string, int64]()
	register.Emitter1[string]()
	register.Iter2[int, facetCount]()
	register.Iter2[string, int64]()
}

// A config is what one run counts and where it writes the document.
type config struct {
	Inputs []string // globs of log files (local paths, gs://...)
	Output string   // the file the document is written to
	Format logstats.Format
	Depth  int // path segments FacetPath keeps; 0 keeps the whole path
	Top    int // keys listed per facet; 0 lists them all
	// MaxLine, when above 0, is the longest line counted by its facets,
	// as the command's -max-line: a longer one counts as invalid, with the
	// error logstats.MsgLineTooLong.
	MaxLine int
}

// build returns the pipeline of c:
//
//	lines ─ observeFn ─┐
//	files ─ bomFn ─────┴─ SumPerKey ─ splitFacet ─┬─ CombinePerKey(topFn) ─┐
//	                                              └─ totals ───────────────┴─ documentFn ─ file
//
// Each line counts once for each facet key it has, keyed by the facet and
// the key, and once for whether it is valid; observeFn sums these over a
// bundle, and summing per key gives the exact count of every key, and a combiner per facet keeps the number
// of distinct keys and the top ones. The document is made once, from an
// impulse, with the counts as side inputs, so that it is written even when
// there are no lines or a facet has no key.
func build(c config) *beam.Pipeline {
	p, s := beam.NewPipelineWithRoot()
	globs := beam.CreateList(s, c.Inputs)
	lines := textio.ReadAll(s, globs)
	keyed := beam.ParDo(s.Scope("Observe"), &observeFn{Format: c.Format, Depth: c.Depth, MaxLine: c.MaxLine}, lines)

	// textio keeps a byte order mark in the first line of a file; the
	// command drops it. bomFn counts such a line once more the textio way
	// with a count of -1 and once the command's way with +1. It fails the
	// job on a gzip file, and so does a glob that matches no file here,
	// on the workers (a path they cannot see), where textio would count
	// nothing and the job succeed with a document of no lines.
	files := fileio.ReadMatches(s, fileio.MatchAll(s, globs, fileio.MatchEmptyDisallow()))
	fixes := beam.ParDo(s.Scope("ByteOrderMarks"), &bomFn{observeFn{Format: c.Format, Depth: c.Depth, MaxLine: c.MaxLine}}, files)

	counts := stats.SumPerKey(s, beam.Flatten(s, keyed, fixes))
	entries, totals := beam.ParDo2(s, splitFacet, counts)
	tops := beam.CombinePerKey(s.Scope("Top"), &topFn{N: c.Top}, entries)
	doc := beam.ParDo(s.Scope("Document"), &documentFn{Format: c.Format}, beam.Impulse(s),
		beam.SideInput{Input: tops}, beam.SideInput{Input: totals})
	textio.Write(s, c.Output, doc)
	return p
}

// The keys of the elements observeFn emits are a facet's number and then
// the facet's key, or totalsTag and then one of these.
const (
	totalsTag     = byte(logstats.NumFacets)
	totalsValid   = "valid"
	totalsInvalid = "invalid"
)

var (
	keyValid   = append([]byte{totalsTag}, totalsValid...)
	keyInvalid = append([]byte{totalsTag}, totalsInvalid...)
)

// observeFn reads the facets of each line with a logstats.Observer. The
// keys are []byte rather than string because a key may be any bytes (an
// access log's method), and runners written in other languages decode
// strings as UTF-8.
//
// It sums the counts of each key over a bundle and emits the sums when the
// bundle ends, or earlier when it holds more than maxBundleKeys keys or
// maxBundleKeyBytes bytes of keys: a worker
// sends the shuffle one element per key and bundle rather than one per
// key and line, on every runner, including those that do not lift
// SumPerKey's combine into the workers (Beam's portable Flink and Spark
// runners).
type observeFn struct {
	Format  logstats.Format
	Depth   int
	MaxLine int // see config

	obs      *logstats.Observer // one per DoFn instance: it is not safe for concurrent use
	emitKey  logstats.Emit
	sums     map[string]*int64 // this bundle's count per key, not yet emitted
	keyBytes int               // the length of sums's keys, all together
	n        int64             // the current line's count: 1, or -1 and 1 for bomFn
	keyBuf   []byte
	maxKeys  int // sums emitted past this many keys; 0: maxBundleKeys
}

// maxBundleKeys and maxBundleKeyBytes bound what observeFn keeps per
// bundle: 65,536 keys, or their length, together, 4 MiB, which long
// paths (-depth 0; logstats cuts a key to logstats.MaxKeyLen) reach first.
const (
	maxBundleKeys     = 1 << 16
	maxBundleKeyBytes = 4 << 20
)

func (fn *observeFn) Setup() {
	fn.obs = &logstats.Observer{Format: fn.Format, Depth: fn.Depth}
	fn.emitKey = fn.key
	fn.sums = make(map[string]*int64)
	if fn.maxKeys <= 0 {
		fn.maxKeys = maxBundleKeys
	}
}

func (fn *observeFn) ProcessElement(line string, emit func([]byte, int64)) {
	fn.count(line, 1)
	if len(fn.sums) > fn.maxKeys || fn.keyBytes > maxBundleKeyBytes {
		fn.flush(emit)
	}
}

func (fn *observeFn) FinishBundle(emit func([]byte, int64)) {
	fn.flush(emit)
}

// flush emits the bundle's sums, but those that came to 0 (a line that
// bomFn took back), and forgets them.
func (fn *observeFn) flush(emit func([]byte, int64)) {
	for k, n := range fn.sums {
		if *n != 0 {
			emit([]byte(k), *n)
		}
	}
	clear(fn.sums)
	fn.keyBytes = 0
}

// count adds n to the sum of each facet key of line, and of its validity.
func (fn *observeFn) count(line string, n int64) {
	// textio cuts lines at '\n' only; the command drops a '\r' before it.
	// textio does not say whether a file's last line had a '\n': one that
	// ends in a '\r' and no '\n' loses it here, and keeps it there.
	line = strings.TrimSuffix(line, "\r")
	fn.n = n
	var valid bool
	if fn.MaxLine > 0 && len(line) > fn.MaxLine {
		fn.obs.ObserveTooLong(fn.emitKey)
	} else {
		// Observe only reads the line, so it may see the string's bytes.
		valid = fn.obs.Observe(unsafe.Slice(unsafe.StringData(line), len(line)), fn.emitKey)
	}
	if valid {
		fn.add(keyValid)
	} else {
		fn.add(keyInvalid)
	}
}

// key adds the current line's count to one facet key's sum.
func (fn *observeFn) key(f logstats.Facet, key []byte, _ logstats.Const) {
	fn.keyBuf = append(append(fn.keyBuf[:0], byte(f)), key...)
	fn.add(fn.keyBuf)
}

// add adds the current line's count to the sum of k, which it copies when
// it is new (k is valid only during the call).
func (fn *observeFn) add(k []byte) {
	if sum := fn.sums[string(k)]; sum != nil {
		*sum += fn.n
		return
	}
	sum := new(int64)
	*sum = fn.n
	fn.sums[string(k)] = sum
	fn.keyBytes += len(k)
}

// bom is the UTF-8 byte order mark, which the command drops from the
// start of each input.
var bom = []byte("\xef\xbb\xbf")

// gzipMagic starts a gzip file (RFC 1952 section 2.3.1).
var gzipMagic = []byte{0x1f, 0x8b}

// bomFn corrects the counts of the first line of a file that starts with
// a byte order mark, and fails on a gzip file.
type bomFn struct {
	observeFn
}

func (fn *bomFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emit func([]byte, int64)) error {
	rc, err := file.Open(ctx)
	if err != nil {
		return err
	}
	defer rc.Close()
	r := bufio.NewReader(rc)
	b, _ := r.Peek(len(bom))
	if bytes.HasPrefix(b, gzipMagic) {
		// fileio decompresses by the name's ".gz" alone, which run
		// refuses; the command by these bytes, whatever the name.
		return fmt.Errorf("%s is gzip-compressed, which textio reads as it is: decompress it first", file.Metadata.Path)
	}
	if !bytes.Equal(b, bom) {
		return nil
	}
	line, err := r.ReadString('\n')
	if err != nil && err != io.EOF {
		return err
	}
	eof := err == io.EOF
	line = strings.TrimSuffix(line, "\n")
	fn.count(line, -1)
	// A file that holds only the mark has no line for the command.
	if !eof || len(line) > len(bom) {
		fn.count(line[len(bom):], 1)
	}
	return nil // the sums go out with the bundle (observeFn.FinishBundle)
}

// A keyCount is one key of a facet and the number of lines that have it.
type keyCount struct {
	Key   []byte
	Count int64
}

// splitFacet sends the count of a facet key to its facet, and a total to
// the totals.
func splitFacet(key []byte, n int64, facet func(int, keyCount), totals func(string, int64)) {
	switch {
	case n == 0: // a key of a line that bomFn took back
	case key[0] == totalsTag:
		totals(string(key[1:]), n)
	default:
		facet(int(key[0]), keyCount{key[1:], n})
	}
}

// A facetCount is what topFn keeps of a facet: the number of its distinct
// keys and those with the most lines.
type facetCount struct {
	Distinct int64
	Top      []keyCount
}

// topFn counts the distinct keys of a facet and keeps the N with the most
// lines (all of them when N <= 0), in the order of logstats.SortEntries.
type topFn struct {
	N int
}

func (fn *topFn) CreateAccumulator() facetCount { return facetCount{} }

func (fn *topFn) AddInput(a facetCount, e keyCount) facetCount {
	a.Distinct++
	a.Top = append(a.Top, e)
	if fn.N > 0 && len(a.Top)-fn.N > fn.N { // not 2*fn.N, which overflows for a huge -top
		a.Top = fn.keep(a.Top)
	}
	return a
}

func (fn *topFn) MergeAccumulators(a, b facetCount) facetCount {
	a.Distinct += b.Distinct
	a.Top = append(a.Top, b.Top...)
	if fn.N > 0 && len(a.Top)-fn.N > fn.N { // not 2*fn.N, which overflows for a huge -top
		a.Top = fn.keep(a.Top)
	}
	return a
}

func (fn *topFn) ExtractOutput(a facetCount) facetCount {
	a.Top = fn.keep(a.Top)
	return a
}

// keep sorts top and returns its first N. The order is total, so the top
// N of a union are among the top Ns of its parts: keeping only those early
// loses nothing.
func (fn *topFn) keep(top []keyCount) []keyCount {
	slices.SortFunc(top, compareKeyCounts)
	if fn.N > 0 && len(top) > fn.N {
		top = top[:fn.N]
	}
	return top
}

// compareKeyCounts orders by count, most first, and then by key, as
// logstats.SortEntries does.
func compareKeyCounts(a, b keyCount) int {
	if a.Count != b.Count {
		if a.Count > b.Count {
			return -1
		}
		return 1
	}
	return bytes.Compare(a.Key, b.Key)
}

// documentFn writes the document of the counts: the facets of the format in
// their order, each one present even without a key.
type documentFn struct {
	Format logstats.Format
}

func (fn *documentFn) ProcessElement(_ []byte, facets func(*int, *facetCount) bool, totals func(*string, *int64) bool, emit func(string)) {
	var r logstats.Result
	var name string
	var n int64
	for totals(&name, &n) {
		switch name {
		case totalsValid:
			r.Totals.Valid += n
		case totalsInvalid:
			r.Totals.Invalid += n
		}
	}
	r.Totals.Lines = r.Totals.Valid + r.Totals.Invalid

	counted := make(map[logstats.Facet]facetCount)
	var f int
	var c facetCount
	for facets(&f, &c) {
		counted[logstats.Facet(f)] = c
	}
	for _, f := range logstats.Facets(fn.Format) {
		c := counted[f]
		fr := logstats.FacetResult{Facet: f, Distinct: c.Distinct, Top: make([]logstats.Entry, len(c.Top))}
		for i, e := range c.Top {
			fr.Top[i] = logstats.Entry{Key: string(e.Key), Count: e.Count}
		}
		logstats.SortEntries(fr.Top)
		r.Facets = append(r.Facets, fr)
	}
	// textio.Write ends each element with the newline AppendJSON ends with.
	emit(string(bytes.TrimSuffix(r.AppendJSON(nil), []byte("\n"))))
}
