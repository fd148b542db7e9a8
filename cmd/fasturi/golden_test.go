package main

import (
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata with the current output")

const rfcBase = "http://a/b/c/d;p?q" // the base of RFC 3986 section 5.4

// goldenCases run a command line on testdata/<in> and compare its standard
// output with testdata/<name>.golden. An input that ends in .gz is
// compressed (its lines are long), and so is its golden file.
var goldenCases = []struct {
	name string
	in   string
	args []string
}{
	{"normalize", "normalize.in", []string{"normalize"}},
	{"normalize-json", "normalize.in", []string{"normalize", "-json"}},
	{"normalize-syntax-json", "normalize.in", []string{"normalize", "-level", "syntax", "-json"}},
	{"normalize-underflow-json", "normalize.in", []string{"normalize", "-reject-underflow", "-json"}},

	{"resolve-rfc3986", "resolve-rfc3986.in", []string{"resolve", "-base", rfcBase}},
	{"resolve-rfc3986-json", "resolve-rfc3986.in", []string{"resolve", "-base", rfcBase, "-json"}},
	{"resolve", "resolve.in", []string{"resolve", "-base", rfcBase}},
	{"resolve-json", "resolve.in", []string{"resolve", "-base", rfcBase, "-json"}},
	{"resolve-underflow-json", "resolve.in", []string{"resolve", "-base", rfcBase, "-reject-underflow", "-json"}},
	{"resolve-pairs", "resolve-pairs.in", []string{"resolve"}},
	{"resolve-pairs-json", "resolve-pairs.in", []string{"resolve", "-json"}},
	{"resolve-pairs-underflow-json", "resolve-pairs.in", []string{"resolve", "-reject-underflow", "-json"}},

	{"relative", "relative.in", []string{"relative", "-base", rfcBase}},
	{"relative-json", "relative.in", []string{"relative", "-base", rfcBase, "-json"}},

	{"decode", "decode.in", []string{"decode"}},
	{"decode-json", "decode.in", []string{"decode", "-json"}},
	{"decode-plus-json", "decode.in", []string{"decode", "-plus", "-json"}},
	{"decode-no-controls-json", "decode.in", []string{"decode", "-no-controls", "-json"}},
	{"decode-userinfo-json", "components.in", []string{"decode", "-component", "userinfo", "-json"}},
	{"decode-host-json", "components.in", []string{"decode", "-component", "host", "-json"}},
	{"decode-path-json", "components.in", []string{"decode", "-component", "path", "-json"}},
	{"decode-query-json", "components.in", []string{"decode", "-component", "query", "-plus", "-json"}},
	{"decode-fragment", "components.in", []string{"decode", "-component", "fragment"}},
	{"decode-fragment-json", "components.in", []string{"decode", "-component", "fragment", "-json"}},

	{"parse-facts", "facts.in", []string{"parse"}},
	{"parse-facts-json", "facts.in", []string{"parse", "-json"}},
	{"parse-facts-lenient", "facts.in", []string{"parse", "-lenient"}},
	{"parse-facts-lenient-json", "facts.in", []string{"parse", "-json", "-lenient"}},

	{"target", "target.in", []string{"target"}},
	{"target-json", "target.in", []string{"target", "-json"}},

	{"long-normalize", "long.in.gz", []string{"normalize"}},
	{"long-normalize-json", "long.in.gz", []string{"normalize", "-json"}},
	{"long-resolve-json", "long.in.gz", []string{"resolve", "-base", rfcBase, "-json"}},
	{"long-resolve-underflow-json", "long.in.gz", []string{"resolve", "-base", rfcBase, "-reject-underflow", "-json"}},
	{"long-relative-json", "long.in.gz", []string{"relative", "-base", "http://EXAMPLE.com/a/", "-json"}},
	{"long-decode", "long.in.gz", []string{"decode"}},
	{"long-decode-json", "long.in.gz", []string{"decode", "-json"}},
}

// readTestdata reads testdata/name, decompressed if it ends in .gz.
func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if b, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// writeTestdata writes testdata/name, compressed if it ends in .gz.
func writeTestdata(t *testing.T, name string, b []byte) {
	t.Helper()
	if strings.HasSuffix(name, ".gz") {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(b)
		zw.Close()
		b = buf.Bytes()
	}
	if err := os.WriteFile(filepath.Join("testdata", name), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// inputLines splits an input the way the CLI reads it: a byte order mark
// at the start dropped, "\n" or "\r\n" at the end of each line, and a last
// line without a line ending still a line, whose last '\r' is its own.
func inputLines(in []byte) [][]byte {
	in = bytes.TrimPrefix(in, bom)
	if len(in) == 0 {
		return nil
	}
	ended := in[len(in)-1] == '\n'
	lines := bytes.Split(bytes.TrimSuffix(in, []byte{'\n'}), []byte{'\n'})
	for i, l := range lines {
		if i < len(lines)-1 || ended {
			lines[i] = bytes.TrimSuffix(l, []byte{'\r'})
		}
	}
	return lines
}

var summaryRE = regexp.MustCompile(`^fasturi: (\d+) lines?, (\d+) valid, (\d+) invalid, `)

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			in := readTestdata(t, tc.in)
			args := tc.args
			stdin := ""
			if strings.HasSuffix(tc.in, ".gz") {
				stdin = string(in)
			} else {
				// Through a file name, as the CLI is mostly used.
				args = append(args[:len(args):len(args)], filepath.Join("testdata", tc.in))
			}
			code, out, stderr := runCLI(t, stdin, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}

			golden := tc.name + ".golden"
			if strings.HasSuffix(tc.in, ".gz") {
				golden += ".gz"
			}
			if *update {
				writeTestdata(t, golden, []byte(out))
			}
			if want := string(readTestdata(t, golden)); out != want {
				reportDiff(t, out, want)
			}

			// One output line per input line, whatever the line holds.
			lines := inputLines(in)
			if n := strings.Count(out, "\n"); n != len(lines) || !strings.HasSuffix(out, "\n") && out != "" {
				t.Fatalf("%d output lines for %d input lines", n, len(lines))
			}
			m := summaryRE.FindStringSubmatch(stderr)
			if m == nil || m[1] != strconv.Itoa(len(lines)) {
				t.Fatalf("summary %q for %d lines", stderr, len(lines))
			}
			invalid, _ := strconv.Atoi(m[3])
			records := args[0] == "parse" || args[0] == "target"
			if jsonOutput(tc.args) {
				checkJSONRecords(t, out, lines, invalid, records)
			} else {
				_, jsonOut, _ := runCLI(t, stdin, append([]string{args[0], "-json"}, args[1:]...)...)
				if records {
					checkTextVerdicts(t, out, jsonOut, lines)
				} else {
					checkTextRecords(t, out, jsonOut)
				}
			}
		})
	}
}

func jsonOutput(args []string) bool {
	for _, a := range args {
		if a == "-json" {
			return true
		}
	}
	return false
}

// checkJSONRecords checks that each record is a JSON object that gives its
// input line back exactly, with a result or an error, and that the summary
// counts the errors. The records of parse and target (records true) have
// "valid" instead of a result, and their keys in the contract's order.
func checkJSONRecords(t *testing.T, out string, lines [][]byte, invalid int, records bool) {
	t.Helper()
	errs := 0
	for i, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var r map[string]any
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("line %d is not JSON: %v", i+1, err)
		}
		in := []byte(fmt.Sprint(r["in"]))
		if h, ok := r["in_hex"]; ok {
			in, _ = hex.DecodeString(h.(string))
		}
		if !bytes.Equal(in, lines[i]) {
			t.Errorf("line %d: the record gives the input %q, want %q", i+1, in, lines[i])
		}
		_, hasOut := r["out"]
		_, hasOutHex := r["out_hex"]
		_, hasErr := r["error"]
		_, hasOff := r["offset"]
		if records {
			if valid, ok := r["valid"].(bool); !ok || valid == hasErr || hasOut || hasOutHex {
				t.Errorf("line %d: want valid, and error (with offset) when it is false: %s", i+1, l)
			}
			if got, want := strings.Join(jsonKeys(t, l), ","), strings.Join(recordKeys(r), ","); got != want {
				t.Errorf("line %d: keys\n got  %s\n want %s", i+1, got, want)
			}
		} else if n := btoi(hasOut) + btoi(hasOutHex) + btoi(hasErr); n != 1 {
			t.Errorf("line %d: want one of out, out_hex and error (with offset): %s", i+1, l)
		}
		if hasErr != hasOff {
			t.Errorf("line %d: error without offset, or the other way round: %s", i+1, l)
		}
		if hasErr {
			errs++
			if off, _ := r["offset"].(float64); off < 0 || int(off) > len(lines[i]) {
				t.Errorf("line %d: offset %v outside the line", i+1, off)
			}
		}
	}
	if errs != invalid {
		t.Errorf("%d error records, the summary says %d invalid", errs, invalid)
	}
}

// jsonKeys returns the keys of the JSON object l, in order.
func jsonKeys(t *testing.T, l string) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(l))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %s", l)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		keys = append(keys, tok.(string))
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
	}
	return keys
}

// recordKeys returns the keys that a record of parse or target with the
// values of r has, in the order of the CLI contract: the components only
// in valid records and lenient ones, the facts only in valid ones.
func recordKeys(r map[string]any) []string {
	keys := []string{"in"}
	has := func(k string) bool { _, ok := r[k]; return ok }
	if has("in_hex") {
		keys = append(keys, "in_hex")
	}
	keys = append(keys, "valid")
	if has("method") {
		keys = append(keys, "method", "target", "form", "version")
	}
	if r["valid"] == true || has("violations") {
		keys = append(keys, "scheme", "userinfo", "host", "port", "path", "query", "fragment", "host_type")
	}
	if r["valid"] == true {
		keys = append(keys, "legacy_ipv4", "numeric_last_label", "encoded_delimiters", "encoded_controls", "encoded_nul", "encoded_non_ascii", "encoded_percent", "path_underflow")
		if has("method") {
			keys = append(keys, "shape_error", "shape_offset")
		}
		return keys
	}
	keys = append(keys, "error", "offset")
	if has("violations") {
		keys = append(keys, "violations")
	}
	return keys
}

// checkTextVerdicts checks the text output of parse and target against
// their -json output: each line gives the verdict, the input line quoted
// (exactly, whatever its bytes), and for an invalid line the error and its
// offset.
func checkTextVerdicts(t *testing.T, out, jsonOut string, lines [][]byte) {
	t.Helper()
	text := strings.Split(out, "\n")
	for i, l := range strings.Split(strings.TrimSuffix(jsonOut, "\n"), "\n") {
		var r struct {
			Valid      bool
			Error      string
			Offset     int
			Violations []struct {
				Error  string
				Offset int
			}
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("-json line %d: %v", i+1, err)
		}
		verdict := "invalid "
		if r.Valid {
			verdict = "valid   "
		}
		rest, ok := strings.CutPrefix(text[i], verdict)
		if !ok {
			t.Errorf("line %d: %q, but -json says %s", i+1, text[i], l)
			continue
		}
		quoted, err := strconv.QuotedPrefix(rest)
		if in, _ := strconv.Unquote(quoted); err != nil || in != string(lines[i]) {
			t.Errorf("line %d: %q does not quote the input %q", i+1, text[i], lines[i])
		}
		if r.Valid {
			continue
		}
		// The error, or with -lenient the components and then every
		// violation.
		tail := fmt.Sprintf(": %s at offset %d", r.Error, r.Offset)
		for j, v := range r.Violations {
			if j > 0 {
				tail += fmt.Sprintf(", %s at offset %d", v.Error, v.Offset)
			}
		}
		after := rest[len(quoted):]
		ok = after == tail
		if r.Violations != nil { // the split's components come first
			ok = ok || strings.HasPrefix(after, " ") && strings.HasSuffix(after, tail)
		}
		if !ok {
			t.Errorf("line %d: %q, but -json says %s", i+1, text[i], l)
		}
	}
}

// checkTextRecords checks text output against the -json output of the same
// command line: each line is the result alone, or empty when the line is
// invalid, or when the result holds a CR or LF, which would break it.
func checkTextRecords(t *testing.T, out, jsonOut string) {
	t.Helper()
	text := strings.Split(out, "\n")
	for i, l := range strings.Split(strings.TrimSuffix(jsonOut, "\n"), "\n") {
		var r struct {
			Out    *string
			OutHex *string `json:"out_hex"`
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("-json line %d: %v", i+1, err)
		}
		want := ""
		switch {
		case r.Out != nil:
			want = *r.Out
		case r.OutHex != nil:
			b, _ := hex.DecodeString(*r.OutHex)
			want = string(b)
		}
		if strings.ContainsAny(want, "\r\n") {
			want = ""
		}
		if text[i] != want {
			t.Errorf("line %d: %q, but -json says %s", i+1, text[i], l)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// reportDiff reports the first line where got and want differ.
func reportDiff(t *testing.T, got, want string) {
	t.Helper()
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			t.Fatalf("output differs from the golden file (go test -update rewrites it) at line %d:\n got  %.300q\n want %.300q", i+1, gl, wl)
		}
	}
}

// The golden file of resolve -base is RFC 3986's own answers (section
// 5.4), so that rewriting it cannot make them wrong.
func TestResolveRFC3986Examples(t *testing.T) {
	want := []string{
		// 5.4.1, normal examples
		"g:h", "http://a/b/c/g", "http://a/b/c/g", "http://a/b/c/g/", "http://a/g", "http://g",
		"http://a/b/c/d;p?y", "http://a/b/c/g?y", "http://a/b/c/d;p?q#s", "http://a/b/c/g#s",
		"http://a/b/c/g?y#s", "http://a/b/c/;x", "http://a/b/c/g;x", "http://a/b/c/g;x?y#s",
		"http://a/b/c/d;p?q", "http://a/b/c/", "http://a/b/c/", "http://a/b/", "http://a/b/",
		"http://a/b/g", "http://a/", "http://a/", "http://a/g",
		// 5.4.2, abnormal examples
		"http://a/g", "http://a/g", "http://a/g", "http://a/g", "http://a/b/c/g.", "http://a/b/c/.g",
		"http://a/b/c/g..", "http://a/b/c/..g", "http://a/b/g", "http://a/b/c/g/", "http://a/b/c/g/h",
		"http://a/b/c/h", "http://a/b/c/g;x=1/y", "http://a/b/c/y", "http://a/b/c/g?y/./x",
		"http://a/b/c/g?y/../x", "http://a/b/c/g#s/./x", "http://a/b/c/g#s/../x", "http:g",
	}
	golden := string(readTestdata(t, "resolve-rfc3986.golden"))
	if golden != strings.Join(want, "\n")+"\n" {
		t.Errorf("testdata/resolve-rfc3986.golden is not RFC 3986's answers:\n%s", golden)
	}
	if got := len(inputLines(readTestdata(t, "resolve-rfc3986.in"))); got != len(want) {
		t.Errorf("%d references, want %d", got, len(want))
	}
}
