package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/fasturi/fasturi/internal/corpus"
	"github.com/fasturi/fasturi/internal/logstats"
)

// BenchmarkStatsLine times the per-line work of stats alone, on one core:
// reading a line's URIs and counting its facets, on a generated URI list
// and a generated combined-format access log.
func BenchmarkStatsLine(b *testing.B) {
	for _, c := range []struct {
		name   string
		log    corpus.LogFormat
		format logstats.Format
	}{
		{"uris", corpus.LogURIs, logstats.Format{}},
		{"combined", corpus.LogCombined, logstats.Format{Kind: logstats.KindCombined}},
	} {
		var buf bytes.Buffer
		corpus.WriteLog(&buf, c.log, 4<<20, 1)
		lines := bytes.Split(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), []byte("\n"))
		b.Run(c.name, func(b *testing.B) {
			w := newStatsWorker(c.format, 1, 1<<16, 10)
			for _, l := range lines {
				w.line(nil, l) // each key's first line copies it
			}
			b.SetBytes(int64(buf.Len()))
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lines {
					w.line(nil, l)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(lines)), "ns/line")
		})
	}
}

// TestStatsLineAllocs checks that counting a line allocates nothing once
// its keys are known: a key new to a facet is copied once, into the
// facet's table, and nothing else is.
func TestStatsLineAllocs(t *testing.T) {
	var buf bytes.Buffer
	corpus.WriteLog(&buf, corpus.LogCombined, 256<<10, 1)
	lines := bytes.Split(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), []byte("\n"))
	w := newStatsWorker(logstats.Format{Kind: logstats.KindCombined}, 1, 1<<16, 10)
	for _, l := range lines {
		w.line(nil, l)
	}
	if a := testing.AllocsPerRun(3, func() {
		for _, l := range lines {
			w.line(nil, l)
		}
	}); a != 0 {
		t.Errorf("counting %d known lines allocates %v times", len(lines), a)
	}
}

func TestGroup(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0", 7: "7", 999: "999", 1000: "1,000", 123456: "123,456", 1234567: "1,234,567",
		-1: "-1", -1000: "-1,000", -123456: "-123,456",
		math.MaxInt64: "9,223,372,036,854,775,807", math.MinInt64: "-9,223,372,036,854,775,808",
	} {
		if got := group(n); got != want {
			t.Errorf("group(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestStatsTableWidth checks that the table cuts keys to the terminal's
// width, with an ellipsis, counting runes rather than bytes, and quotes
// keys a terminal would not show as they are; width 0 cuts nothing.
func TestStatsTableWidth(t *testing.T) {
	long := strings.Repeat("a", 100)
	wide := strings.Repeat("é", 100)
	r := &logstats.Result{
		Totals: logstats.Totals{Lines: 1234, Valid: 1000, Invalid: 234},
		Facets: []logstats.FacetResult{{
			Facet: logstats.FacetHost, Distinct: 5,
			Top: []logstats.Entry{
				{Key: long, Count: 500}, {Key: wide, Count: 400}, {Key: "a\x1bb", Count: 200},
				{Key: "\xff", Count: 100}, {Key: "short", Count: 34},
			},
		}},
	}
	const width = 40
	table := string(appendStatsTable(nil, r, width))
	lines := strings.Split(strings.TrimSuffix(table, "\n"), "\n")
	if len(lines) != 8 {
		t.Fatalf("%d lines, want 8:\n%s", len(lines), table)
	}
	if lines[0] != "1,234 lines: 1,000 valid, 234 invalid" || lines[2] != "host: 5 distinct" {
		t.Errorf("header:\n%s", table)
	}
	wantKeys := []string{
		strings.Repeat("a", width-24) + "…",
		strings.Repeat("é", width-24) + "…",
		`"a\x1bb"`,
		`"\xff"`,
		"short",
	}
	for i, want := range wantKeys {
		line := lines[3+i]
		if utf8.RuneCountInString(line) > width || !strings.HasSuffix(line, "%  "+want) {
			t.Errorf("row %d: %q (%d columns); want it to end in %q within %d columns", i, line, utf8.RuneCountInString(line), want, width)
		}
	}
	if table := string(appendStatsTable(nil, r, 0)); !strings.Contains(table, "%  "+long+"\n") || !strings.Contains(table, "%  "+wide+"\n") {
		t.Errorf("width 0 cut a key:\n%s", table)
	}
	for n, want := range map[int]string{1: "…", 2: "a…", 3: "aa…"} {
		if got := fitKey("aaaa", n); got != want {
			t.Errorf("fitKey(aaaa, %d) = %q, want %q", n, got, want)
		}
	}
	// What a terminal would not show as it is: a C1 control (CSI, OSC),
	// a right-to-left override; printable text outside ASCII stays.
	for key, want := range map[string]string{
		"\u009b2J":     `"\u009b2J"`,
		"a\u009d0;x":   `"a\u009d0;x"`,
		"\u202eTEG":    `"\u202eTEG"`,
		"café.example": "café.example",
	} {
		if got := fitKey(key, 0); got != want {
			t.Errorf("fitKey(%q, 0) = %s, want %s", key, got, want)
		}
	}
}

// TestStatsEstimates checks how the table and the JSON document show the
// counts of an approximate facet: an estimate marked, with how far off it
// may be; an exact count as it is.
func TestStatsEstimates(t *testing.T) {
	r := &logstats.Result{
		Totals: logstats.Totals{Lines: 200000, Valid: 200000},
		Facets: []logstats.FacetResult{{
			Facet: logstats.FacetPath, Distinct: 150000, Approximate: true,
			Top: []logstats.Entry{{Key: "/a", Count: 1000}, {Key: "/b", Count: 35, Overcount: 20}, {Key: "/c", Count: 30, Overcount: 40}},
		}},
	}
	want := `200,000 lines: 200,000 valid, 0 invalid

path: 150,000 distinct (approximate: more keys than -max-keys)
  a count marked ~ is an estimate, up to 40 too high
         1,000   0.5%  /a
           ~35   0.0%  /b
           ~30   0.0%  /c
`
	if got := string(appendStatsTable(nil, r, 80)); got != want {
		t.Errorf("table:\n%s\nwant:\n%s", got, want)
	}
	wantJSON := `{"totals":{"lines":200000,"valid":200000,"invalid":0,"complete":true},` +
		`"facets":{"path":{"distinct":150000,"approximate":true,"top":[{"key":"/a","count":1000},` +
		`{"key":"/b","count":35,"max_overcount":20},{"key":"/c","count":30,"max_overcount":40}]}}}` + "\n"
	if got := string(r.AppendJSON(nil)); got != wantJSON {
		t.Errorf("JSON:\n%s\nwant:\n%s", got, wantJSON)
	}
}

// TestStatsIncomplete checks that a report over inputs one of which could
// not be read says so, in the JSON document and in the table, and that one
// over inputs all read says it is complete.
func TestStatsIncomplete(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	if err := os.WriteFile(good, []byte("http://a/\n/b\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.txt")
	for _, tt := range []struct {
		names []string
		code  int
		json  string
		table bool
	}{
		{[]string{good}, exitOK, `{"totals":{"lines":2,"valid":2,"invalid":0,"complete":true},`, false},
		{[]string{good, missing}, exitIO, `{"totals":{"lines":2,"valid":2,"invalid":0,"complete":false},`, true},
	} {
		code, out, _ := runCLI(t, "", append([]string{"stats", "-json", "-q"}, tt.names...)...)
		if code != tt.code || !strings.HasPrefix(out, tt.json) {
			t.Errorf("%q: exit %d, %.80s; want %d, %s", tt.names, code, out, tt.code, tt.json)
		}
		_, out, _ = runCLI(t, "", append([]string{"stats", "-q"}, tt.names...)...)
		const note = "2 lines: 2 valid, 0 invalid\nincomplete: an input could not be read to its end\n"
		if strings.HasPrefix(out, note) != tt.table {
			t.Errorf("%q: table %.120q; want the note %v", tt.names, out, tt.table)
		}
	}
}
