package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"io"
	"math"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/purell"
	"github.com/fasturi/fasturi"
	urilist "github.com/fasturi/fasturi/internal/corpus"
)

// TestParsersDecide checks that every parser's run records its own
// decision for each input, in input order, on inputs whose fate each
// parser's specification settles.
func TestParsersDecide(t *testing.T) {
	inputs := []string{
		"http://example.com/a?b#c", // every parser accepts
		"http://[::1",              // no parser accepts an unclosed IP literal
		"/a/b?c",                   // a reference: WHATWG parsers need a base URL
		"http://example.com/%zz",   // a bad escape: WHATWG and fasthttp pass it through
		"",                         // the empty reference; not a request-target
	}
	want := map[string][]bool{
		"fasturi":         {true, false, true, false, true},
		"fasturi-split":   {true, true, true, true, true},
		"net-url":         {true, false, true, false, true},
		"net-url-request": {true, false, true, false, false},
		"fredbi-uri":      {true, false, true, false, true},
		"fasthttp":        {true, false, true, true, true},
		"goada":           {true, false, false, true, false},
		"whatwg-url":      {true, false, false, true, false},
	}
	c := newCorpus("t", "test", inputs, nil)
	for _, p := range parsers {
		ok := make([]bool, len(inputs))
		p.run(c, ok)
		w, found := want[p.key]
		if !found {
			t.Errorf("%s: no expectation in this test", p.key)
			continue
		}
		if !slices.Equal(ok, w) {
			t.Errorf("%s accepted %v, want %v (inputs %q)", p.key, ok, w, inputs)
		}
	}
}

func TestSelectParsers(t *testing.T) {
	ps, unknown := selectParsers("whatwg-url, fasturi,nope")
	if len(ps) != 2 || ps[0].key != "fasturi" || ps[1].key != "whatwg-url" || !slices.Equal(unknown, []string{"nope"}) {
		t.Errorf("selectParsers = %v, %v", ps, unknown)
	}
	if ps, _ := selectParsers(""); len(ps) != len(parsers) {
		t.Errorf("selectParsers(\"\") = %d parsers, want all %d", len(ps), len(parsers))
	}
}

func TestMedianSpread(t *testing.T) {
	for _, tc := range []struct {
		trials         []float64
		median, spread float64
	}{
		{[]float64{30, 10, 20}, 20, 0.25},    // quartiles 15 and 25
		{[]float64{10, 40, 20, 30}, 25, 0.3}, // quartiles 17.5 and 32.5
		{[]float64{10, 10, 10, 11, 90}, 10, 0.05},
		{[]float64{7}, 7, 0},
	} {
		r := &result{trials: tc.trials}
		if m, s := r.median(), r.spread(); m != tc.median || math.Abs(s-tc.spread) > 1e-12 {
			t.Errorf("%v: median %v spread %v, want %v %v", tc.trials, m, s, tc.median, tc.spread)
		}
	}
	if !math.IsNaN(quantile(nil, 0.5)) {
		t.Error("the median of no trials is not NaN")
	}
}

func TestFormatting(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 48010: "48,010", 1234567: "1,234,567", -4800: "-4,800"} {
		if got := group(n); got != want {
			t.Errorf("group(%d) = %q, want %q", n, got, want)
		}
	}
	for ns, want := range map[float64]string{4.256: "4.26", 20.44: "20.4", 327.15: "327", 5006.4: "5,006"} {
		if got := nanos(ns); got != want {
			t.Errorf("nanos(%v) = %q, want %q", ns, got, want)
		}
	}
	for in, want := range map[string]string{
		"http://a/b":     "`http://a/b`",
		"":               "(empty line)",
		" http://a/":     "`\" http://a/\"`",
		"a\tb":           "`\"a\\tb\"`",
		"http://exä.com": "`\"http://exä.com\"`",
		"\xff":           "`\"\\xff\"`",
		"a`b":            "`` \"a`b\" ``",
		`"http://a/"`:    "`\"\\\"http://a/\\\"\"`",
		`http:\\a\p`:     "`\"http:\\\\\\\\a\\\\p\"`",
	} {
		if got := quoteURI(in); got != want {
			t.Errorf("quoteURI(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestAgreement counts disagreements and picks examples from decisions
// set by hand.
func TestAgreement(t *testing.T) {
	a := &parser{key: "a", name: "A", validates: true}
	b := &parser{key: "b", name: "B", validates: true}
	split := &parser{key: "s", name: "S"}
	c1 := newCorpus("one", "test", []string{"x", "long-only-a", "yy", "zz", "q"}, nil)
	c2 := newCorpus("two", "test", []string{"yy", "bb-only", "b"}, nil)
	runs := []corpusRun{
		{corpus: c1, results: []*result{
			{parser: a, ok: []bool{true, true, true, false, true}},
			{parser: split, ok: []bool{true, true, true, true, true}},
			{parser: b, ok: []bool{true, false, false, true, true}},
		}},
		{corpus: c2, results: []*result{
			{parser: a, ok: []bool{true, false, false}},
			{parser: split, ok: []bool{true, true, true}},
			{parser: b, ok: []bool{false, true, true}},
		}},
	}
	ds := agreement(runs)
	if len(ds) != 1 {
		t.Fatalf("%d pairs, want 1 (the splitter is left out)", len(ds))
	}
	d := ds[0]
	if d.a != a || d.b != b || d.onlyA != 3 || d.onlyB != 3 || !slices.Equal(d.perCorpus, []int{3, 3}) {
		t.Errorf("got %s/%s onlyA %d onlyB %d per corpus %v, want A/B 3 3 [3 3]", d.a.name, d.b.name, d.onlyA, d.onlyB, d.perCorpus)
	}
	// Only A: "long-only-a" and "yy" in one (shortest "yy"), "yy" in two
	// (the same URI: not repeated).
	if got := examples(d.exA); !slices.Equal(got, []string{"one:3 yy"}) {
		t.Errorf("examples only A accepts: %v", got)
	}
	// Only B: "zz" in one; "bb-only" and "b" in two (shortest "b").
	if got := examples(d.exB); !slices.Equal(got, []string{"one:4 zz", "two:3 b"}) {
		t.Errorf("examples only B accepts: %v", got)
	}
}

func examples(list []example) []string {
	var s []string
	for _, e := range list {
		s = append(s, e.corpus.name+":"+strconv.Itoa(e.line)+" "+e.uri())
	}
	return s
}

// TestRun runs the command on small corpora and checks what it writes.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "extra.txt")
	if err := os.WriteFile(file, []byte("http://example.com/\r\nhttp://[::1\nnot a uri\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	var stdout, stderr bytes.Buffer
	args := []string{"-trials", "2", "-mintime", "1ms", "-gen", "300", "-parsers", "fasturi,net-url,fasturi-split", "-out", out, file}
	if err := run(args, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\nstderr:\n%s", err, stderr.String())
	}
	for _, want := range []string{
		"ns per URI, median of 2 trials; in parentheses, how many times fasturi.Parse's time.\n",
		"| parser | generated | edge | extra |", "| fasturi.Parse |", "| net/url.Parse |", "| fasturi.Split |",
	} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, stdout.String())
		}
	}
	if !strings.Contains(stderr.String(), "bench: 3 parsers on 3 corpora in ") {
		t.Errorf("no last progress line:\n%s", stderr.String())
	}
	md, err := os.ReadFile(filepath.Join(out, "results.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"### extra\n\n3 URIs, 39 bytes (" + filepath.ToSlash(file) + ").",
		"| fasturi.Split |", "![Time per URI, per corpus and parser](chart.svg)",
		"| fasturi.Parse | · | ", "- Go: go1.",
		"| extra | " + filepath.ToSlash(file) + " | 3 | 39 | 13.0 |",
	} {
		if !strings.Contains(string(md), want) {
			t.Errorf("results.md lacks %q", want)
		}
	}
	if rows := regexp.MustCompile(`(?m)^\| fasturi\.Parse \| [0-9]`).FindAll(md, -1); len(rows) != 3+1 {
		t.Errorf("results.md: want a fasturi.Parse row per corpus and one in the summary")
	}
	svg, err := os.ReadFile(filepath.Join(out, "chart.svg"))
	if err != nil {
		t.Fatal(err)
	}
	bars := checkSVG(t, svg)
	if want := 3*3 + 1; bars != want { // a bar per parser and corpus, and the background
		t.Errorf("chart.svg has %d rects, want %d", bars, want)
	}
}

// checkSVG parses an SVG document and returns its number of rect elements.
func checkSVG(t *testing.T, svg []byte) int {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	rects := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return rects
		}
		if err != nil {
			t.Fatalf("chart.svg is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "rect" {
			rects++
		}
	}
}

func TestRunErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-parsers", "fasturi,nope"}, "unknown parsers nope"},
		{[]string{"-parsers", " , "}, "names no parser"},
		{[]string{"-trials", "0"}, "at least 1"},
		{[]string{"-emit", "-gen", "0"}, "at least 1"},
		{[]string{"corpora/edge.txt"}, `a corpus named "edge" is already loaded`},
		{[]string{"no-such-file.txt"}, "no-such-file.txt"},
	} {
		err := run(append([]string{"-out", ""}, tc.args...), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("run %q: error %v, want one containing %q", tc.args, err, tc.want)
		}
	}
}

// TestRunGoadaWithoutCgo checks that asking for goada in a build without
// cgo says what it needs, rather than that there is no such parser.
func TestRunGoadaWithoutCgo(t *testing.T) {
	if goadaPeer != nil {
		t.Skip("built with cgo: goada is there")
	}
	err := run([]string{"-out", "", "-parsers", "goada"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "goada needs cgo") {
		t.Errorf("run -parsers goada without cgo: %v", err)
	}
}

// TestRunWithoutFasturi checks the summary's header when there is no
// fasturi.Parse to compare with, and one trial to take a median of.
func TestRunWithoutFasturi(t *testing.T) {
	var stdout bytes.Buffer
	args := []string{"-trials", "1", "-mintime", "1ms", "-gen", "50", "-parsers", "net-url", "-ops", "", "-out", ""}
	if err := run(args, &stdout, io.Discard); err != nil {
		t.Fatal(err)
	}
	if want := "ns per URI, one trial.\n\n| parser | generated | edge |\n"; !strings.Contains(stdout.String(), want) {
		t.Errorf("summary lacks %q:\n%s", want, stdout.String())
	}
}

// TestEmit checks that -emit writes the generator's corpus, line for line.
func TestEmit(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"-emit", "-gen", "50", "-seed", "9"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if got, want := urilist.Lines(out.Bytes()), urilist.Generate(50, 9); !slices.Equal(got, want) {
		t.Errorf("-emit wrote %d lines, not the generator's %d", len(got), len(want))
	}
}

// TestCalibrate checks the number of passes per trial against a clock
// that the test sets: every pass takes perPass.
func TestCalibrate(t *testing.T) {
	for _, tc := range []struct{ perPass, min time.Duration }{
		{time.Microsecond, time.Millisecond},
		{3 * time.Millisecond, time.Millisecond}, // one pass is enough
		{time.Nanosecond, 100 * time.Millisecond},
		{0, time.Millisecond}, // a clock too coarse to see a pass
	} {
		calls := 0
		n := calibrate(tc.min, func(n int) time.Duration {
			calls++
			if calls > 100 {
				t.Fatalf("%v per pass: calibration does not end", tc.perPass)
			}
			return time.Duration(n) * tc.perPass
		})
		if tc.perPass == 0 {
			continue
		}
		if got := time.Duration(n) * tc.perPass; got < tc.min || (n > 1 && got > 5*tc.min) {
			t.Errorf("%v per pass, at least %v: %d passes, %v", tc.perPass, tc.min, n, got)
		}
	}
}

// TestMeasureAllocs checks that measure reports what a parser allocates
// per URI on every pass, and not what it allocates once, on first use.
func TestMeasureAllocs(t *testing.T) {
	c := newCorpus("t", "test", []string{"http://a/", "b", "c:d"}, nil)
	var sink []*int
	once := false
	ps := []*parser{
		{key: "once", name: "once", run: func(c *corpus, ok []bool) {
			if !once {
				once = true
				for range 1000 {
					sink = append(sink, new(int))
				}
			}
			for i := range ok {
				ok[i] = true
			}
		}},
		{key: "each", name: "each", run: func(c *corpus, ok []bool) {
			for i := range ok {
				sink, ok[i] = append(sink[:0], new(int)), true
			}
		}},
	}
	rs := measure(c, ps, method{trials: 1, minTime: time.Microsecond}, func(*corpus, *parser, string) {})
	if got := rs[0].allocs; got != 0 {
		t.Errorf("a parser that allocates once, on first use: %v allocs per URI, want 0", got)
	}
	if got := rs[1].allocs; got < 1 || got > 1.5 {
		t.Errorf("a parser that allocates once per URI: %v allocs per URI, want 1", got)
	}
}

func TestLogAxis(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		ticks  []float64
	}{
		{34, 12723, []float64{20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000}},
		{10, 100, []float64{10, 20, 50, 100}},
		{4.2, 4.3, []float64{2, 5}},
		{0.3, 7, []float64{0.2, 0.5, 1, 2, 5, 10}},
	} {
		a := newLogAxis(tc.lo, tc.hi, 100, 900)
		if got := a.ticks(); !slices.EqualFunc(got, tc.ticks, func(x, y float64) bool { return math.Abs(x-y) < 1e-9*y }) {
			t.Errorf("%v..%v: ticks %v, want %v", tc.lo, tc.hi, got, tc.ticks)
		}
		if x0, x1 := a.x(tc.ticks[0]), a.x(tc.ticks[len(tc.ticks)-1]); math.Abs(x0-100) > 1e-9 || math.Abs(x1-900) > 1e-9 {
			t.Errorf("%v..%v: the axis runs from %v to %v, want 100 to 900", tc.lo, tc.hi, x0, x1)
		}
	}
}

// TestCorpusSHA256 checks that a report's hashes can be checked with
// sha256sum: of a file as it is, of the generated corpus as -emit writes it.
func TestCorpusSHA256(t *testing.T) {
	data := []byte("http://a/\r\nhttp://b/") // CRLF, no newline at the end
	path := filepath.Join(t.TempDir(), "c.txt")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := loadCorpus(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := hash16(data); c.sha256 != want || c.name != "c" || !slices.Equal(c.strings, []string{"http://a/", "http://b/"}) {
		t.Errorf("loadCorpus: %s %q %q, want c %q and sha256 %s", c.name, c.strings, c.sha256, []string{"http://a/", "http://b/"}, want)
	}
	var emitted bytes.Buffer
	if err := run([]string{"-emit", "-gen", "30", "-seed", "4"}, &emitted, io.Discard); err != nil {
		t.Fatal(err)
	}
	if g, want := generatedCorpus(30, 4), hash16(emitted.Bytes()); g.sha256 != want {
		t.Errorf("generated corpus: sha256 %s, want %s (of what -emit writes)", g.sha256, want)
	}
}

func hash16(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// TestOperationsDecide checks what every implementation of the other
// operations records for inputs whose fate is settled.
func TestOperationsDecide(t *testing.T) {
	inputs := []string{
		"HTTP://Example.COM:80/a/./b/../c?%7e", // every normalizer and resolver takes it
		"http://[::1",                          // nobody parses it
		"/a b",                                 // net/url takes a space; fasturi does not
	}
	want := map[string][]bool{
		"normalize/fasturi": {true, false, false},
		"normalize/purell":  {true, false, true},
		"resolve/fasturi":   {false, false, true}, // references made from the next input
		"resolve/net-url":   {false, true, true},
		// In "See HTTP://... for the details", "The old page (now at
		// http://[::1) moved" and "Links: </a b>".
		"extract/fasturi":      {true, false, false},
		"extract/xurls-strict": {true, false, false},
	}
	c := newCorpus("t", "test", inputs, nil)
	for _, op := range operations {
		for _, p := range op.impls {
			ok := make([]bool, len(inputs))
			p.run(c, ok)
			w, found := want[op.key+"/"+p.key]
			if !found {
				t.Errorf("%s/%s: no expectation in this test", op.key, p.key)
				continue
			}
			if !slices.Equal(ok, w) {
				t.Errorf("%s/%s recorded %v, want %v (inputs %q, references %q)", op.key, p.key, ok, w, inputs, refs(c))
			}
		}
	}
}

func refs(c *corpus) []string {
	var s []string
	for _, p := range c.pairs {
		s = append(s, p.ref)
	}
	return s
}

// TestNormalizersAgree checks that the flags given to purell make it do the
// work of fasturi's NormalizeScheme, on URIs where the two agree on the
// rules (purell leaves the percent-encodings of a query as they are): the
// comparison is of the same work.
func TestNormalizersAgree(t *testing.T) {
	for _, s := range []string{
		"HTTP://Example.COM:80/a/./b/../c?q#%7E",
		"https://example.com:443/%7euser/x/../y?q=%2F",
		"http://example.com:8080/a/b/c/./../../g",
		"http://example.com:/a/%2E%2E/b",
	} {
		u, err := fasturi.ParseString(s)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := fasturi.AppendNormalize(nil, u, fasturi.NormalizeScheme, 0)
		if err != nil {
			t.Fatal(err)
		}
		pu, err := url.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if want := purell.NormalizeURL(pu, purellFlags); string(got) != want {
			t.Errorf("%q: fasturi %q, purell %q", s, got, want)
		}
	}
}

func TestResolvePairs(t *testing.T) {
	uris := []string{"not a base", "http://h/a/b?q", "/x/y?z", "s:p/q/r", "http://g/f#frag", "mailto:a@b"}
	var got []string
	for _, p := range resolvePairs(uris) {
		got = append(got, p.base.String()+" "+p.baseURL.String()+" "+p.ref)
	}
	want := []string{
		"http://a/b/c/d;p?q http://a/b/c/d;p?q http://h/a/b?q", // the default base; the next URI whole
		"http://h/a/b?q http://h/a/b?q /x/y?z",                 // its path and query
		"http://h/a/b?q http://h/a/b?q ./r",                    // not absolute: the last base; "./" and the last segment
		"s:p/q/r s:p/q/r ../f",                                 // "../" and the last segment
		"http://g/f#frag http://g/f#frag #",                    // the fragment
		"mailto:a@b mailto:a@b not a base",                     // the next URI whole
	}
	if !slices.Equal(got, want) {
		t.Errorf("resolvePairs:\n%q\nwant\n%q", got, want)
	}
}

func TestSelectOperations(t *testing.T) {
	if ops, unknown := selectOperations("resolve, nope,normalize"); len(ops) != 2 || ops[0].key != "normalize" || ops[1].key != "resolve" || !slices.Equal(unknown, []string{"nope"}) {
		t.Errorf("selectOperations = %v, %v", ops, unknown)
	}
	if ops, _ := selectOperations(""); len(ops) != 0 {
		t.Errorf("selectOperations(\"\") = %d operations, want none", len(ops))
	}
	if ops, _ := selectOperations("all"); len(ops) != len(operations) {
		t.Errorf("selectOperations(\"all\") = %d operations, want all %d", len(ops), len(operations))
	}
	if err := run([]string{"-out", "", "-ops", "nope"}, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "unknown operations nope") {
		t.Errorf("-ops nope: %v", err)
	}
}

// TestRunOperations runs the command with the other operations only and
// checks their tables.
func TestRunOperations(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	var stdout, stderr bytes.Buffer
	args := []string{"-trials", "2", "-mintime", "1ms", "-gen", "200", "-parsers", "fasturi", "-out", out}
	if err := run(args, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\nstderr:\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "then 6 implementations of 3 other operations in ") {
		t.Errorf("no last progress line:\n%s", stderr.String())
	}
	md, err := os.ReadFile(filepath.Join(out, "results.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"## Normalization\n", "## Reference resolution\n", "| implementation | generated | edge |",
		"how many times fasturi.AppendNormalize's time", "how many times fasturi.AppendResolve's time",
		"| purell.NormalizeURL | `github.com/PuerkitoBio/purell` v1.2.1 |",
		"## URIs in free text\n", "how many times fasturi.Finder's time", "| xurls.Strict | `mvdan.cc/xurls/v2` v2.6.0 |",
	} {
		if !strings.Contains(string(md), want) {
			t.Errorf("results.md lacks %q", want)
		}
	}
	// A time row and an allocation row per implementation.
	for _, name := range []string{"fasturi.AppendNormalize", "purell.NormalizeURL", "fasturi.AppendResolve", "net/url ResolveReference", "fasturi.Finder", "xurls.Strict"} {
		if rows := regexp.MustCompile(`(?m)^\| `+regexp.QuoteMeta(name)+` \| [0-9]`).FindAll(md, -1); len(rows) != 2 {
			t.Errorf("results.md: %d rows of %s, want 2", len(rows), name)
		}
	}
	for _, want := range []string{"Normalization:\n", "Reference resolution:\n", "| purell.NormalizeURL |"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, stdout.String())
		}
	}
}

// TestCommonInputs checks that an operation that compares on common inputs
// keeps the URIs, and their references, that every implementation accepts.
func TestCommonInputs(t *testing.T) {
	inputs := []string{"HTTP://Example.COM:80/a/./b/../c?%7e", "http://[::1", "/a b", "http://h/p"}
	c := newCorpus("t", "test", inputs, nil)
	ops, _ := selectOperations("normalize")
	cut := commonInputs(c, ops[0].impls)
	if want := []string{inputs[0], inputs[3]}; !slices.Equal(cut.strings, want) || len(cut.bytes) != 2 || string(cut.bytes[1]) != want[1] ||
		len(cut.pairs) != 2 || cut.pairs[1] != c.pairs[3] || cut.size != int64(len(want[0])+len(want[1])) {
		t.Errorf("commonInputs kept %q (%d bytes, %d pairs), want %q", cut.strings, cut.size, len(cut.pairs), want)
	}
	if none := newCorpus("t", "test", []string{"/a b"}, nil); commonInputs(none, ops[0].impls) != none {
		t.Error("commonInputs cut a corpus with no common input to nothing")
	}
}

// The command a report records reads back, through a shell, as the
// arguments the run had.
func TestCommandLineQuotes(t *testing.T) {
	args := []string{"-out", "/tmp/a b", "-ops", "", "-parsers", "fasturi,goada", "it's", "x;y", "$HOME", "a.txt"}
	line := commandLine(args)
	if want := `go run . -out '/tmp/a b' -ops '' -parsers fasturi,goada 'it'\''s' 'x;y' '$HOME' a.txt`; line != want {
		t.Fatalf("commandLine = %s\nwant          %s", line, want)
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to read it back")
	}
	script := `set -- ` + strings.TrimPrefix(line, "go run . ") + `; for a in "$@"; do printf '[%s]' "$a"; done`
	out, err := exec.Command(sh, "-c", script).Output()
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, a := range args {
		want.WriteString("[" + a + "]")
	}
	if string(out) != want.String() {
		t.Errorf("the shell reads %s back as %s, want %s", line, out, want.String())
	}
}
