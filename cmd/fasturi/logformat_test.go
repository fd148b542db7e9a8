package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/internal/corpus"
	"github.com/fasturi/fasturi/internal/logstats"
)

// logGoldenCases run a command on a log in testdata and compare its output
// with testdata/<name>.golden. Their records are not the input lines (a
// record's "in" is the URI of its line), so TestGolden's checks do not
// apply; the count of records, and of lines in the summary, still do.
var logGoldenCases = []struct {
	name    string
	in      string
	args    []string
	perLine bool // one record per input line
}{
	{"parse-access", "access.in", []string{"parse", "-format", "combined"}, true},
	{"parse-access-json", "access.in", []string{"parse", "-json", "-format", "combined"}, true},
	{"parse-access-tsv", "access.in", []string{"parse", "-tsv", "-header", "-format", "combined"}, false},
	{"parse-access-lenient-json", "access.in", []string{"parse", "-json", "-lenient", "-format", "combined"}, true},
	{"parse-clf-json", "access.in", []string{"parse", "-json", "-format", "clf"}, true},
	{"target-access", "access.in", []string{"target", "-format", "clf"}, true},
	{"target-access-json", "access.in", []string{"target", "-json", "-format", "combined"}, true},
	{"parse-fields-tsv", "fields.tsv", []string{"parse", "-tsv", "-field", "2"}, true},
	{"parse-fields-csv-json", "fields.csv", []string{"parse", "-json", "-field", "2", "-sep", ","}, true},
	{"stats-access", "access.in", []string{"stats", "-format", "combined"}, false},
	{"stats-access-json", "access.in", []string{"stats", "-json", "-format", "combined", "-top", "3"}, false},
	{"stats-facts-json", "facts.in", []string{"stats", "-json", "-depth", "2"}, false},
	{"stats-fields-json", "fields.tsv", []string{"stats", "-json", "-field", "2", "-depth", "0"}, false},
	{"extract", "extract.in", []string{"extract"}, false},
	{"extract-json", "extract.in", []string{"extract", "-json"}, false},
	{"extract-schemes-json", "extract.in", []string{"extract", "-json", "-schemes", "HTTPS,urn"}, false},
}

func TestGoldenLogs(t *testing.T) {
	for _, tc := range logGoldenCases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join("testdata", tc.in)
			code, out, stderr := runCLI(t, "", append(tc.args[:len(tc.args):len(tc.args)], path)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			golden := tc.name + ".golden"
			if *update {
				writeTestdata(t, golden, []byte(out))
			}
			if want := string(readTestdata(t, golden)); out != want {
				reportDiff(t, out, want)
			}
			// What -update would accept: JSON that parses, and TSV rows
			// of the same number of columns.
			records := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if tc.args[0] == "stats" {
				records = []string{out}
			}
			for _, r := range records {
				switch {
				case slices.Contains(tc.args, "-json") && !json.Valid([]byte(r)):
					t.Errorf("not JSON: %q", r)
				case slices.Contains(tc.args, "-tsv") && strings.Count(r, "\t") != strings.Count(records[0], "\t"):
					t.Errorf("%d columns, the first row %d: %q", strings.Count(r, "\t")+1, strings.Count(records[0], "\t")+1, r)
				}
			}
			lines := inputLines(readTestdata(t, tc.in))
			m := summaryRE.FindStringSubmatch(stderr)
			if m == nil || m[1] != strconv.Itoa(len(lines)) {
				t.Fatalf("summary %q for %d lines", stderr, len(lines))
			}
			if tc.perLine {
				if n := strings.Count(out, "\n"); n != len(lines) {
					t.Fatalf("%d records for %d lines", n, len(lines))
				}
			}
		})
	}
}

// writeLog writes a generated log of about size bytes to a file in t's
// temporary directory and returns its name.
func writeLog(t *testing.T, format corpus.LogFormat, size int64, seed uint64) string {
	t.Helper()
	var b bytes.Buffer
	if _, err := corpus.WriteLog(&b, format, size, seed); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "log")
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// countOneByOne counts the lines of name as stats does, with one observer
// and plain maps, in one goroutine.
func countOneByOne(t *testing.T, name string, format logstats.Format, depth, top int) logstats.Result {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	o := logstats.Observer{Format: format, Depth: depth}
	counts := make([]map[string]int64, logstats.NumFacets)
	for i := range counts {
		counts[i] = make(map[string]int64)
	}
	var r logstats.Result
	for _, line := range inputLines(data) {
		r.Totals.Lines++
		if o.Observe(line, func(f logstats.Facet, key []byte, _ logstats.Const) { counts[f][string(key)]++ }) {
			r.Totals.Valid++
		}
	}
	r.Totals.Invalid = r.Totals.Lines - r.Totals.Valid
	for _, f := range logstats.Facets(format) {
		r.Facets = append(r.Facets, logstats.Exact(f, counts[f], top))
	}
	return r
}

// TestStatsExact checks stats, which counts on all cores in bounded
// memory, against a count of the same lines one by one, while no facet
// has more keys than -max-keys.
func TestStatsExact(t *testing.T) {
	for _, tc := range []struct {
		log    corpus.LogFormat
		format logstats.Format
		args   []string
		depth  int
		top    int
	}{
		{corpus.LogCombined, logstats.Format{Kind: logstats.KindCombined}, []string{"-format", "combined"}, 1, 10},
		{corpus.LogCommon, logstats.Format{Kind: logstats.KindCommon}, []string{"-format", "clf", "-depth", "3", "-top", "25"}, 3, 25},
		{corpus.LogURIs, logstats.Format{}, []string{"-depth", "0", "-top", "0"}, 0, 0},
	} {
		name := writeLog(t, tc.log, 3<<20, 7) // several chunks, for every worker
		args := append([]string{"stats", "-json", "-max-keys", "1000000"}, tc.args...)
		code, out, stderr := runCLI(t, "", append(args, name)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		want := countOneByOne(t, name, tc.format, tc.depth, tc.top)
		if w := string(want.AppendJSON(nil)); out != w {
			t.Errorf("%v: stats wrote\n%.2000s\nwant\n%.2000s", args, out, w)
		}
	}
}

// statsDoc is the JSON document of stats, decoded.
type statsDoc struct {
	Totals struct {
		Lines, Valid, Invalid int64
		Complete              bool
	}
	Facets map[string]struct {
		Distinct    int64
		Approximate bool
		Top         []struct {
			Key   string
			Count int64
		}
	}
}

// TestStatsApproximate checks stats past its memory bound: the facets with
// more keys than -max-keys say they are approximate, estimate their
// distinct keys closely, and still find the most frequent keys, with
// counts that are at least the true ones and at most the sketch's error
// above them.
func TestStatsApproximate(t *testing.T) {
	name := writeLog(t, corpus.LogURIs, 4<<20, 11)
	code, out, stderr := runCLI(t, "", "stats", "-json", "-max-keys", "200", "-top", "5", name)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got statsDoc
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	want := countOneByOne(t, name, logstats.Format{}, 1, 0)
	lines := float64(want.Totals.Lines)
	for _, f := range want.Facets {
		g := got.Facets[f.Facet.String()]
		if f.Distinct <= 200 {
			if g.Approximate || g.Distinct != f.Distinct {
				t.Errorf("%s: %d distinct keys (approximate %v), want %d exactly", f.Facet, g.Distinct, g.Approximate, f.Distinct)
			}
			continue
		}
		if !g.Approximate {
			t.Errorf("%s: %d distinct keys, more than -max-keys, but not marked approximate", f.Facet, f.Distinct)
		}
		if e := math.Abs(float64(g.Distinct-f.Distinct)) / float64(f.Distinct); e > 0.03 {
			t.Errorf("%s: %d distinct keys estimated, want %d within 3%%", f.Facet, g.Distinct, f.Distinct)
		}
		trueCount := make(map[string]int64)
		for _, e := range f.Top {
			trueCount[e.Key] = e.Count
		}
		for i, e := range g.Top {
			tc := trueCount[e.Key]
			if e.Count < tc || float64(e.Count-tc) > 2*sketchEpsilon*lines+1 {
				t.Errorf("%s: %q counted %d, true count %d", f.Facet, e.Key, e.Count, tc)
			}
			if i < 3 && e.Key != f.Top[i].Key && f.Top[i].Count-f.Top[min(i+1, len(f.Top)-1)].Count > int64(2*sketchEpsilon*lines) {
				t.Errorf("%s: top key %d is %q, want %q", f.Facet, i, e.Key, f.Top[i].Key)
			}
		}
	}
}

func TestStatsUsage(t *testing.T) {
	for _, args := range [][]string{
		{"stats", "-sample", "x.log"},
		{"stats", "-sample", "-format", "clf"},
		{"stats", "-format", "xml"},
		{"stats", "-format", "clf", "-field", "2"},
		{"stats", "-field", "2", "-sep", "ab"},
		{"stats", "-top", "-1"},
		{"stats", "-depth", "-1"},
		{"extract", "-schemes", "http:x"},
		{"stats", "-max-keys", "0"},
		{"stats", "-nosuchflag"},
		{"parse", "-format", "w3c"},
		{"target", "-field", "-3"},
		{"parse", "-sep", ","}, // nothing to split without -field
		{"stats", "-format", "clf", "-sep", "\t"},
		{"target", "-sep", ";"},
		// Given, 0 and "" are no field and no separator, not their absence.
		{"parse", "-field", "0"},
		{"stats", "-field", "0", "-format", "clf"},
		{"target", "-field", "2", "-sep", ""},
		{"stats", "-sample", "-field", "0"},
		{"parse", "-format", ""},
		{"target", "-format="},
	} {
		if code, _, stderr := runCLI(t, "", args...); code != exitUsage || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want %d and a message", args, code, stderr, exitUsage)
		}
	}
}

// TestStatsSample runs the README's first command: stats on its built-in
// access log.
func TestStatsSample(t *testing.T) {
	if testing.Short() {
		t.Skip("generates and counts 64 MB")
	}
	code, out, stderr := runCLI(t, "", "stats", "-sample", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got statsDoc
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Totals.Lines < 100000 || got.Totals.Valid < got.Totals.Lines*9/10 || !got.Totals.Complete {
		t.Errorf("totals %+v: want over 100000 lines, 90%% of them valid, and complete", got.Totals)
	}
	for _, f := range logstats.Facets(logstats.Format{Kind: logstats.KindCombined}) {
		if len(got.Facets[f.String()].Top) == 0 {
			t.Errorf("facet %s has no keys", f)
		}
	}
}

// TestExtractRecords checks extract's -json records against the input
// they come from: each names a line and an offset where its URI is, the
// URI parses, and the records come in input order.
func TestExtractRecords(t *testing.T) {
	in := readTestdata(t, "extract.in")
	lines := inputLines(in)
	// Every line, also in chunks of many lines, with a file long enough
	// for several chunks.
	var long bytes.Buffer
	for range 3000 {
		long.Write(in)
		long.WriteByte('\n')
	}
	name := filepath.Join(t.TempDir(), "long.in")
	if err := os.WriteFile(name, long.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCLI(t, "", "extract", "-json", name)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	recs := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	_, one, _ := runCLI(t, "", "extract", "-json", filepath.Join("testdata", "extract.in"))
	if perCopy := strings.Count(one, "\n"); len(recs) != 3000*perCopy || perCopy < 20 {
		t.Fatalf("%d records for 3000 copies of %d", len(recs), perCopy)
	}
	last := [2]int{0, -1}
	for _, rec := range recs {
		var r struct {
			Line   int
			Offset int
			URI    string
		}
		if err := json.Unmarshal([]byte(rec), &r); err != nil {
			t.Fatalf("%q: %v", rec, err)
		}
		if r.Line < last[0] || r.Line == last[0] && r.Offset <= last[1] {
			t.Fatalf("%q after line %d offset %d", rec, last[0], last[1])
		}
		last = [2]int{r.Line, r.Offset}
		l := lines[(r.Line-1)%len(lines)] // the file is copies of the lines
		if !bytes.HasPrefix(l[r.Offset:], []byte(r.URI)) {
			t.Fatalf("%q: line %d has %q at offset %d", rec, r.Line, l[r.Offset:], r.Offset)
		}
		if _, err := fasturi.ParseString(r.URI); err != nil {
			t.Fatalf("%q: %v", rec, err)
		}
	}
}

// TestLogCommandsOnJunk runs stats, target and extract on junk (binary
// bytes, NUL, invalid UTF-8, lone carriage returns, empty lines, a line of
// megabytes, no newline at the end), read as URIs and as each log format:
// stats counts every line once, target writes one record per line, and
// extract's records point at URIs in their lines.
func TestLogCommandsOnJunk(t *testing.T) {
	const lines = 3000
	var b bytes.Buffer
	if _, err := corpus.WriteJunk(&b, lines, 5); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(t.TempDir(), "junk.log")
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	in := inputLines(b.Bytes())
	if len(in) != lines {
		t.Fatalf("the junk has %d lines, want %d", len(in), lines)
	}
	for _, format := range [][]string{nil, {"-format", "clf"}, {"-format", "combined"}, {"-field", "2", "-sep", ","}} {
		code, out, stderr := runCLI(t, "", append(append([]string{"stats", "-json"}, format...), name)...)
		if code != 0 {
			t.Fatalf("stats %v: exit %d: %s", format, code, stderr)
		}
		var doc statsDoc
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("stats %v: %v", format, err)
		}
		if tot := doc.Totals; tot.Lines != lines || tot.Valid+tot.Invalid != lines || !tot.Complete {
			t.Errorf("stats %v: totals %v for %d lines", format, tot, lines)
		}
		code, out, stderr = runCLI(t, "", append(append([]string{"target", "-json"}, format...), name)...)
		if code != 0 || strings.Count(out, "\n") != lines {
			t.Errorf("target %v: exit %d, %d records for %d lines: %.200s", format, code, strings.Count(out, "\n"), lines, stderr)
		}
	}
	// Line 1000 is of megabytes, more than -max-line: extract says that
	// it leaves its URIs out, and ends with exit status 1.
	code, _, stderr := runCLI(t, "", "extract", "-json", name)
	want := fmt.Sprintf("fasturi: %s: line %d is longer than -max-line 1M: its URIs are not extracted\n", name, corpus.LongJunkFirst+1)
	if code != 1 || !strings.HasPrefix(stderr, want) {
		t.Errorf("extract: exit %d, stderr %q; want 1, %q", code, stderr, want)
	}
	code, out, stderr := runCLI(t, "", "extract", "-json", "-max-line", "0", name)
	if code != 0 {
		t.Fatalf("extract: exit %d: %s", code, stderr)
	}
	for _, rec := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var r struct {
			Line, Offset int
			URI          string
		}
		if err := json.Unmarshal([]byte(rec), &r); err != nil {
			t.Fatalf("extract: %q: %v", rec, err)
		}
		if r.Line < 1 || r.Line > lines || !bytes.HasPrefix(in[r.Line-1][r.Offset:], []byte(r.URI)) {
			t.Fatalf("extract: %q does not point at its URI", rec)
		}
	}
}

// TestLogLineDoesNotAllocate checks the lineFuncs of parse and target on
// log lines, matching or not, in every output.
func TestLogLineDoesNotAllocate(t *testing.T) {
	lines := inputLines(readTestdata(t, "access.in"))
	combined := logstats.Format{Kind: logstats.KindCombined}
	fns := []lineFunc{targetLogLine(combined, true), targetLogLine(combined, false)}
	for _, out := range []output{outText, outJSON, outTSV} {
		fns = append(fns, parseLogLine(combined, out, false), parseLogLine(combined, out, true))
	}
	dst := make([]byte, 0, 1<<16)
	for i, fn := range fns {
		if a := testing.AllocsPerRun(10, func() {
			for _, l := range lines {
				dst, _ = fn(dst[:0], l)
			}
		}); a != 0 {
			t.Errorf("lineFunc %d allocates %v times on access.in", i, a)
		}
	}
}

// TestRecordWriterSplitWrites checks that extract's records come out the
// same however the lines reach the recordWriter: whole, or cut at any
// byte, down to one byte per write.
func TestRecordWriterSplitWrites(t *testing.T) {
	in := "a\x00bb\x00c\n\ndd\nx\x00y\n\n"
	for _, numbered := range []bool{false, true} {
		want := "a\nbb\nc\ndd\nx\ny\n"
		if numbered {
			const f = `{"file":"a\"b.txt","line":`
			want = f + `1,a` + "\n" + f + `1,bb` + "\n" + f + `1,c` + "\n" + f + `3,dd` + "\n" +
				f + `4,x` + "\n" + f + `4,y` + "\n"
		}
		for size := 1; size <= len(in); size++ {
			var out bytes.Buffer
			r := &recordWriter{w: bufio.NewWriter(&out), numbered: numbered}
			r.startInput(`a"b.txt`)
			for b := []byte(in); len(b) > 0; {
				n := min(size, len(b))
				if k, err := r.Write(b[:n]); k != n || err != nil {
					t.Fatalf("Write: %d, %v", k, err)
				}
				b = b[n:]
			}
			if out.String() != want || r.line != 5 {
				t.Errorf("numbered %v, writes of %d bytes: %q after %d lines, want %q after 5", numbered, size, out.String(), r.line, want)
			}
		}
	}
}

// TestRecordWriterInputs checks that each input's lines count from 1 and
// that its records name it, as "file_hex" when its name is not UTF-8.
func TestRecordWriterInputs(t *testing.T) {
	var out bytes.Buffer
	r := &recordWriter{w: bufio.NewWriter(&out), numbered: true}
	for _, in := range []struct{ name, lines string }{{"a", "x\ny\n"}, {"-", "\nz\n"}, {"b\xff", "w\n"}, {"c", ""}} {
		r.startInput(in.name)
		if _, err := r.Write([]byte(in.lines)); err != nil {
			t.Fatal(err)
		}
	}
	want := `{"file":"a","line":1,x` + "\n" + `{"file":"a","line":2,y` + "\n" + `{"file":"-","line":2,z` + "\n" +
		`{"file_hex":"62ff","line":1,w` + "\n"
	if out.String() != want {
		t.Errorf("records\n%s\nwant\n%s", out.String(), want)
	}
}

// TestAccessLenient checks that -lenient reads an access log's target in
// the form its method gives it: a target that breaks a rule inside a
// component is split, with violations, where the split reads it in that
// form, and reported as without -lenient everywhere else.
func TestAccessLenient(t *testing.T) {
	for _, c := range []struct {
		method, target string
		split          bool // a lenient record, with components
		kind           fasturi.ErrorKind
		host           string // with split or a valid target: the host, "" for none
		path           string
	}{
		{"GET", "/a", false, 0, "", "/a"},
		{"GET", "//evil.example/x", false, 0, "", "//evil.example/x"},
		{"GET", "/a b", true, fasturi.ErrInvalidPath, "", "/a b"},
		{"GET", "/a%zz?q", true, fasturi.ErrInvalidPercentEncoding, "", "/a%zz"},
		{"GET", "http://h/a b", true, fasturi.ErrInvalidPath, "h", "/a b"},
		// Split would read an authority, a scheme, or a fragment.
		{"GET", "//evil.example/a b", false, fasturi.ErrInvalidPath, "", ""},
		{"CONNECT", "h:8x", false, fasturi.ErrInvalidPort, "", ""},
		{"GET", "*", false, fasturi.ErrTargetForm, "", ""},
		{"GET", "/f#x", false, fasturi.ErrTargetForm, "", ""},
		{"GET", "/a b#f", false, fasturi.ErrInvalidPath, "", ""}, // an error before the '#'
		{"GET", "http://h/a%zz#f", false, fasturi.ErrInvalidPercentEncoding, "", ""},
		{"GET", "http://h:8x/a", true, fasturi.ErrInvalidPort, "h", "/a"},
		{"GET", "a b", false, fasturi.ErrTargetForm, "", ""},
		{"OPTIONS", "*", false, 0, "", "*"},
		{"CONNECT", "h:443", false, 0, "h", ""},
	} {
		r := newAccessRecord([]byte(c.method), []byte(c.target), true)
		strict := newAccessRecord([]byte(c.method), []byte(c.target), false)
		name := c.method + " " + c.target
		if r.lenient != c.split || r.kind != c.kind {
			t.Errorf("%s: split %v, error %v; want %v, %v", name, r.lenient, r.kind, c.split, c.kind)
			continue
		}
		if !c.split && (r.lenient != strict.lenient || r.kind != strict.kind || r.uri != strict.uri) {
			t.Errorf("%s: lenient record %+v, want the strict one %+v", name, r, strict)
		}
		if r.hasComponents() && (r.uri.RawHost() != c.host || r.uri.RawPath() != c.path) {
			t.Errorf("%s: host %q, path %q; want %q, %q", name, r.uri.RawHost(), r.uri.RawPath(), c.host, c.path)
		}
	}
}

// TestExtractInputs runs extract -json over two files and standard input,
// one empty, one that cannot be opened: each record names its input and
// counts its lines from 1 there.
func TestExtractInputs(t *testing.T) {
	dir := t.TempDir()
	a, empty := filepath.Join(dir, "a.txt"), filepath.Join(dir, "empty")
	if err := os.WriteFile(a, []byte("x\nsee http://a/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing")
	code, out, stderr := runCLI(t, "http://s/\n", "extract", "-json", "-q", a, empty, missing, "-", a)
	fa, _ := json.Marshal(a)
	want := `{"file":` + string(fa) + `,"line":2,"offset":4,"uri":"http://a/"}` + "\n" +
		`{"file":"-","line":1,"offset":0,"uri":"http://s/"}` + "\n" +
		`{"file":` + string(fa) + `,"line":2,"offset":4,"uri":"http://a/"}` + "\n"
	if code != exitIO || out != want || !strings.Contains(stderr, missing) {
		t.Errorf("exit %d, stderr %q, output\n%s\nwant exit %d and\n%s", code, stderr, out, exitIO, want)
	}
}

// TestExtractWrappedHost checks that extract, which reads a line at a time,
// leaves out a URI in a "<...>" that its line does not close when the URI
// ends in its authority, where the next line may go on with the host, as
// Finder on the whole text does; and keeps the URIs it can be sure of.
func TestExtractWrappedHost(t *testing.T) {
	in := "Go to <http://www.exa\n  mple.com/path>.\n" + // the break in the host
		"or <URL:http://paypal.com\n  .evil.example/>\n" +
		"<url: http://a.example:80\n" + // or in the port
		"<http://b.example/x\n" + // past the authority: found up to the break
		"<http://c.example >\n" + // closed on its line
		"\"http://d.example\n" + // quotes: the word ends at the line break
		"<not a URI http://e.example\n" + // not right after the '<'
		"Mail <mailto:ceo@paypal.com\n.evil.example>\n" + // the domain of an address
		"<URL:xmpp:ceo@paypal.com\n<sip:ceo@paypal.com\n<SIPS:a@b.example\n" +
		"<mailto:a@b.example?subject=x\n" + // past the domain: found
		"<xmpp:a@b.example/res\n<sip:a@b.example;transport=tcp\n<news:a@b.example\n"
	code, out, stderr := runCLI(t, in, "extract", "-q")
	want := "http://b.example/x\nhttp://c.example\nhttp://d.example\nhttp://e.example\n" +
		"mailto:a@b.example?subject=x\nxmpp:a@b.example/res\nsip:a@b.example;transport=tcp\nnews:a@b.example\n"
	if code != 0 || out != want {
		t.Errorf("exit %d, stderr %q, output\n%s\nwant\n%s", code, stderr, out, want)
	}
	// Finder itself, on the whole of each wrapped URI, finds none.
	for _, text := range []string{"Go to <http://www.exa\n  mple.com/path>.\n", "Mail <mailto:ceo@paypal.com\n.evil.example>\n"} {
		f := fasturi.NewFinderString(text)
		if sp, ok := f.Next(); ok {
			t.Errorf("Finder found %v in the wrapped URI of %q", sp, text)
		}
	}
}
