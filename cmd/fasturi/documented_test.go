package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/fasturi/fasturi/internal/logstats"
)

// The tests in this file pin behaviours that the usage texts and the
// README promise, one input each, beside the golden files.

// statsJSON runs stats -json on in and returns its document.
func statsJSON(t *testing.T, in string, args ...string) statsDoc {
	t.Helper()
	code, out, stderr := runCLI(t, in, append([]string{"stats", "-json", "-q"}, args...)...)
	var doc statsDoc
	if code != 0 || json.Unmarshal([]byte(out), &doc) != nil {
		t.Fatalf("stats %v: exit %d, %s, document %q", args, code, stderr, out)
	}
	return doc
}

// A key longer than logstats.MaxKeyLen is cut there and ends in "...".
func TestStatsLongKey(t *testing.T) {
	path := "/" + strings.Repeat("a", 299)
	top := statsJSON(t, "http://h"+path+"\n", "-top", "1").Facets["path"].Top
	if want := path[:logstats.MaxKeyLen-3] + "..."; len(top) != 1 || top[0].Key != want {
		t.Errorf("path keys %+v, want %q", top, want)
	}
}

// Past -max-keys keys, a facet is approximate, in the JSON and the table;
// constant keys ("<none>", common schemes) count towards the limit too.
func TestStatsApproximateMark(t *testing.T) {
	in := "http://a/\nhttps://b/\nfoo://c/\n"
	doc := statsJSON(t, in, "-max-keys", "2")
	if f := doc.Facets["scheme"]; !f.Approximate || f.Distinct != 3 {
		t.Errorf("scheme: %+v, want 3 distinct, approximate", f)
	}
	if f := doc.Facets["host_type"]; f.Approximate {
		t.Errorf("host_type: %+v, want exact", f)
	}
	_, table, _ := runCLI(t, in, "stats", "-q", "-max-keys", "2")
	if !strings.Contains(table, "\nhost: 3 distinct (approximate: more keys than -max-keys)\n") ||
		!strings.Contains(table, "\nhost_type: 1 distinct\n") {
		t.Errorf("table without the marks:\n%s", table)
	}
	if _, usage, _ := runCLI(t, "", "stats", "-h"); !strings.Contains(usage, "(default 65536)") {
		t.Errorf("stats -h: no default of 65536 keys for -max-keys:\n%s", usage)
	}
}

// The summary counts input bytes and, for extract, the lines with a URI
// as valid.
func TestSummaryCounts(t *testing.T) {
	_, _, stderr := runCLI(t, strings.Repeat("http://h/\n", 200000), "parse", "-json")
	if !strings.Contains(stderr, "200000 lines, 200000 valid, 0 invalid, 2.0 MB in ") {
		t.Errorf("parse summary %q, want 2.0 MB of input", stderr)
	}
	_, _, stderr = runCLI(t, "no uri here\nsee http://a/\n", "extract")
	if !strings.Contains(stderr, "2 lines, 1 valid, 1 invalid") {
		t.Errorf("extract summary %q, want 1 valid line of 2", stderr)
	}
}

func TestDocumentedRecords(t *testing.T) {
	bomLater := strings.Repeat("a\n", maxChunkLines) + "\xef\xbb\xbfhttp://x/\n"
	for _, tc := range []struct {
		why  string
		in   string
		args []string
		want string // the last record
	}{
		{"-field for target", "x\tGET /a HTTP/1.1\n", []string{"target", "-field", "2"},
			`valid   "GET /a HTTP/1.1" method="GET" target="/a" form=origin version="HTTP/1.1" path="/a"`},
		{"-schemes in any case", "see HTTP://a.example/x now\n", []string{"extract", "-schemes", "http"},
			"HTTP://a.example/x"},
		{"-schemes with spaces after the commas", "see urn:a tel:1 and https://a.example/x now\n", []string{"extract", "-schemes", "urn, https"},
			"https://a.example/x"},
		{"-lenient keeps the components in text", "http://a b/p?q\n", []string{"parse", "-lenient"},
			`invalid "http://a b/p?q" scheme="http" host="a b" path="/p" query="q" host_type=reg-name: invalid host at offset 8`},
		{"the README's text records", "http://h/1?x#f\nhttp://a b/\n", []string{"parse"},
			`invalid "http://a b/": invalid host at offset 8`},
		{"text quotes DEL", "http://a/\x7f\n", []string{"parse"},
			`invalid "http://a/\x7f": invalid path at offset 9`},
		{"a BOM is dropped only at the start of a file", bomLater, []string{"parse", "-json"},
			`{"in":"` + "\xef\xbb\xbf" + `http://x/","valid":false,"error":"invalid path","offset":0}`},
	} {
		code, out, stderr := runCLI(t, tc.in, append(tc.args, "-q")...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != 0 || lines[len(lines)-1] != tc.want {
			t.Errorf("%s: %v: exit %d, last record %q, want %q (%s)", tc.why, tc.args, code, lines[len(lines)-1], tc.want, stderr)
		}
	}
}

// A write error at the end, where stats writes its document, is an error.
func TestStatsWriteError(t *testing.T) {
	var stderr strings.Builder
	code := run([]string{"stats", "-json", "-q"}, strings.NewReader("http://a/\n"), errWriter{}, &stderr)
	if code != exitIO || !strings.Contains(stderr.String(), "disk full") {
		t.Errorf("exit %d, stderr %q; want %d and the error", code, stderr.String(), exitIO)
	}
}
