package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// wantLongRecords returns the records that a processor with the lineFunc
// and longFunc of runLongLines writes for in: each line (without its "\n"
// or "\r\n", and without a leading byte order mark) as it is, or "LONG " and
// its first max bytes when it has more; and the number of long lines.
func wantLongRecords(in string, max int) (string, int64) {
	in = strings.TrimPrefix(in, "\xef\xbb\xbf")
	if in == "" {
		return "", 0
	}
	ended := strings.HasSuffix(in, "\n")
	in = strings.TrimSuffix(in, "\n")
	lines := strings.Split(in, "\n")
	var b strings.Builder
	var long int64
	for i, line := range lines {
		if i < len(lines)-1 || ended {
			line = strings.TrimSuffix(line, "\r") // "\r\n"; a last '\r' alone is data
		}
		if len(line) > max {
			line = "LONG " + line[:max]
			long++
		}
		b.WriteString(line + "\n")
	}
	return b.String(), long
}

// runLongLines processes r with -max-line max, and returns the records,
// which wantLongRecords describes, and the totals.
func runLongLines(t *testing.T, r io.Reader, max int) (string, totals) {
	t.Helper()
	var out bytes.Buffer
	p := &processor{
		fn:      func(dst, line []byte) ([]byte, bool) { return append(dst, line...), true },
		long:    func(dst, head []byte) []byte { return append(append(dst, "LONG "...), head...) },
		maxLine: max,
		out:     &out, stderr: io.Discard,
	}
	tot, err := p.process([]string{"-"}, r)
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), tot
}

// Every line longer than -max-line gives the record of its head, whether
// it comes whole in one read or over many, is held by the reader or not,
// ends in "\n", "\r\n", or the end of the input, starts the input after a
// byte order mark, or straddles a chunk; every other line is as it was.
func TestLongLines(t *testing.T) {
	x := func(n int) string { return strings.Repeat("x", n) }
	huge := x(5*chunkSize + 17) // held by no chunk: the reader lets its rest go
	inputs := map[string]string{
		"none":             "a\nbb\n",
		"at the limit":     x(8) + "\n" + x(8) + "\r\n" + x(8),
		"one past":         x(9) + "\n" + x(9) + "\r\n" + x(9),
		"CR at the limit":  x(8) + "\r\r\n" + x(7) + "\r\r\n",
		"huge in between":  "a\n" + huge + "\nb\n" + huge + "\r\n" + huge + "\n\n",
		"huge last":        "a\n" + huge,
		"huge then CR":     huge + "\r",
		"short then CR":    "ab\r",
		"CR CR at the end": x(7) + "\r\r",
		"huge first":       huge + "\nb",
		"BOM huge":         "\xef\xbb\xbf" + huge + "\nb\n",
		"BOM short":        "\xef\xbb\xbf" + x(8) + "\n",
		"BOM long":         "\xef\xbb\xbf" + x(9) + "\n",
		"lines after huge": huge + "\n" + strings.Repeat("ab\n", 3*maxChunkLines),
		"across chunks":    strings.Repeat(x(chunkSize/3)+"\n", 10),
	}
	readers := map[string]func(string) io.Reader{
		"whole":         func(s string) io.Reader { return strings.NewReader(s) },
		"a byte a time": func(s string) io.Reader { return oneByteReader{strings.NewReader(s)} },
		"half reads":    func(s string) io.Reader { return iotest.HalfReader(strings.NewReader(s)) },
		"data with EOF": func(s string) io.Reader { return iotest.DataErrReader(strings.NewReader(s)) },
	}
	for _, max := range []int{8, 1000, chunkSize, 2 * chunkSize} {
		for name, in := range inputs {
			for rname, r := range readers {
				if rname == "a byte a time" && len(in) > 1<<16 {
					continue // a long while for what the other readers show
				}
				got, tot := runLongLines(t, r(in), max)
				want, long := wantLongRecords(in, max)
				if got != want {
					t.Errorf("max %d, %s, %s: records differ:\n%.200q\nwant\n%.200q", max, name, rname, got, want)
				}
				if tot.long != long || tot.lines != int64(strings.Count(want, "\n")) {
					t.Errorf("max %d, %s, %s: %d lines, %d long; want %d, %d", max, name, rname, tot.lines, tot.long, strings.Count(want, "\n"), long)
				}
				if n := int64(len(strings.TrimPrefix(in, "\xef\xbb\xbf"))); tot.bytes != n {
					t.Errorf("max %d, %s, %s: %d bytes, want %d", max, name, rname, tot.bytes, n)
				}
			}
		}
	}
}

// zeros reads as n zero bytes.
type zeros struct{ n int64 }

func (z *zeros) Read(b []byte) (int, error) {
	if z.n == 0 {
		return 0, io.EOF
	}
	m := int(min(int64(len(b)), z.n))
	clear(b[:m])
	z.n -= int64(m)
	return m, nil
}

// A line without end (a log's hole of NUL bytes, /dev/zero) costs no more
// memory than one of -max-line bytes: a line of 256 MiB is read through
// with a few MiB allocated in all.
func TestLongLineMemory(t *testing.T) {
	const max = 64 << 10
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got, tot := runLongLines(t, io.MultiReader(&zeros{256 << 20}, strings.NewReader("\nhttp://h/\n")), max)
	runtime.ReadMemStats(&after)
	if want := "LONG " + strings.Repeat("\x00", max) + "\nhttp://h/\n"; got != want || tot.long != 1 {
		t.Fatalf("records %.40q (%d bytes), %d long; want the head of the NUL line and the URI", got, len(got), tot.long)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
		t.Errorf("%d MiB allocated for a line of 256 MiB, with -max-line %d KiB", alloc>>20, max>>10)
	}
}

// A read error inside a line that the reader no longer holds leaves that
// line out, as it does one it holds, and says how much of it was read.
func TestReadErrorInLongLine(t *testing.T) {
	var out, stderr bytes.Buffer
	p := &processor{
		fn:      func(dst, line []byte) ([]byte, bool) { return append(dst, line...), true },
		long:    func(dst, head []byte) []byte { return append(dst, "LONG"...) },
		maxLine: 100,
		out:     &out, stderr: &stderr,
	}
	in := io.MultiReader(strings.NewReader("a\n"), &zeros{3 * chunkSize}, iotest.ErrReader(errors.New("device gone")))
	tot, err := p.process([]string{"-"}, in)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("fasturi: read standard input: device gone; an unfinished last line (%d bytes) is left out\n", 3*chunkSize)
	if out.String() != "a\n" || tot.lines != 1 || tot.long != 0 || !tot.failed || stderr.String() != want {
		t.Errorf("records %q, %d lines, %d long, failed %v, stderr %q; want %q", out.String(), tot.lines, tot.long, tot.failed, stderr.String(), want)
	}
}

// Each command writes the record of a line longer than -max-line in its
// own format, between the records of the lines around it, and its summary
// counts it; extract reports it on standard error and exits 1.
func TestLongLineRecords(t *testing.T) {
	in := "http://a/\n" + "http://h/" + strings.Repeat("x", 20) + "\r\nhttp://b/\n"
	log := `h - - [t] "GET /a HTTP/1.1" 200 1 "-" "ua"` + "\n" + // 44 bytes
		`h - - [t] "GET /` + strings.Repeat("x", 40) + ` HTTP/1.1" 200 1 "-" "ua"` + "\n"
	head := "http://h/xxxxx" // the first 14 bytes
	for _, tt := range []struct {
		args  []string
		input string
		want  string
	}{
		{[]string{"parse"}, in, `valid   "http://a/" scheme="http" host="a" path="/" host_type=reg-name
invalid "` + head + `": line too long at offset 14
valid   "http://b/" scheme="http" host="b" path="/" host_type=reg-name
`},
		{[]string{"parse", "-tsv"}, in, "http://a/\ttrue\thttp\t\\N\ta\t\\N\t/\t\\N\t\\N\treg-name\t\\N\t\\N\n" +
			head + "\tfalse\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\tline too long\t14\n" +
			"http://b/\ttrue\thttp\t\\N\tb\t\\N\t/\t\\N\t\\N\treg-name\t\\N\t\\N\n"},
		{[]string{"parse", "-json", "-lenient"}, "\x80" + head + "\n", `{"in":"\ufffdhttp://h/xxxx","in_hex":"80687474703a2f2f682f78787878","valid":false,"error":"line too long","offset":14}
`},
		{[]string{"parse", "-tsv", "-format", "combined", "-max-line", "50"}, log, "/a\ttrue\t\\N\t\\N\t\\N\t\\N\t/a\t\\N\t\\N\tnone\t\\N\t\\N\t\\N\n" +
			`h - - [t] "GET /` + strings.Repeat("x", 34) + "\tfalse\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\tline too long\t50\t\\N\n"},
		{[]string{"parse", "-json", "-format", "combined", "-max-line", "50"}, log, `{"in":"/a","valid":true,"scheme":null,"userinfo":null,"host":null,"port":null,"path":"/a","query":null,"fragment":null,"host_type":"none",` +
			`"legacy_ipv4":null,"numeric_last_label":false,"encoded_delimiters":[],"encoded_controls":[],"encoded_nul":[],"encoded_non_ascii":[],"encoded_percent":[],"path_underflow":false,"referer":null}
{"in":"h - - [t] \"GET /` + strings.Repeat("x", 34) + `","valid":false,"error":"line too long","offset":50,"referer":null}
`},
		{[]string{"target", "-json"}, "GET /" + strings.Repeat("x", 20) + " HTTP/1.1\n", `{"in":"GET /xxxxxxxxx","valid":false,"error":"line too long","offset":14}
`},
		{[]string{"normalize"}, in, "http://a/\n\nhttp://b/\n"},
		{[]string{"decode", "-json"}, in, `{"in":"http://a/","out":"http://a/"}
{"in":"` + head + `","error":"line too long","offset":14}
{"in":"http://b/","out":"http://b/"}
`},
	} {
		// -max-line 14 unless the case gives its own, which comes later.
		args := append([]string{tt.args[0], "-max-line", "14"}, tt.args[1:]...)
		code, out, stderr := runCLI(t, tt.input, args...)
		if code != 0 || out != tt.want {
			t.Errorf("%v: exit %d, records\n%s\nwant\n%s\nstderr %s", args, code, out, tt.want, stderr)
		}
		if !strings.Contains(stderr, "; 1 line longer than -max-line ") {
			t.Errorf("%v: summary %q does not count the long line", args, stderr)
		}
	}

	doc := statsJSON(t, in, "-max-line", "14")
	if tot := doc.Totals; tot.Lines != 3 || tot.Valid != 2 || tot.Invalid != 1 {
		t.Errorf("stats: totals %+v, want 3 lines, 2 valid", tot)
	}
	if e := doc.Facets["error"].Top; len(e) != 1 || e[0].Key != "line too long" || e[0].Count != 1 {
		t.Errorf("stats: errors %+v, want line too long once", e)
	}

	text := "x http://a/\n" + strings.Repeat("x", 100) + " http://b/ " + "\ny http://c/"
	code, out, stderr := runCLI(t, text, "extract", "-max-line", "1K", "-json")
	want := `{"file":"-","line":1,"offset":2,"uri":"http://a/"}
{"file":"-","line":2,"offset":101,"uri":"http://b/"}
{"file":"-","line":3,"offset":2,"uri":"http://c/"}
`
	if code != 0 || out != want || !strings.HasPrefix(stderr, "fasturi: 3 lines, 3 valid") {
		t.Errorf("extract -max-line 1K: exit %d, %q, %q", code, out, stderr)
	}
	code, out, stderr = runCLI(t, text, "extract", "-max-line", "100", "-json")
	want = `{"file":"-","line":1,"offset":2,"uri":"http://a/"}
{"file":"-","line":3,"offset":2,"uri":"http://c/"}
`
	wantErr := "fasturi: standard input: line 2 is longer than -max-line 100: its URIs are not extracted\n"
	if code != 1 || out != want || !strings.HasPrefix(stderr, wantErr) || !strings.Contains(stderr, "; 1 line longer than -max-line 100, whose URIs are not extracted\n") {
		t.Errorf("extract -max-line 100: exit %d, records %q, stderr %q; want 1, %q, %q", code, out, stderr, want, wantErr)
	}
}

// The largest -max-line, and those just below it, are no limit in effect:
// the reader's test of a line's length does not wrap around.
func TestMaxLineLargest(t *testing.T) {
	for _, n := range []int{math.MaxInt, math.MaxInt - 4, math.MaxInt - 5} {
		code, out, stderr := runCLI(t, "http://a/\n"+strings.Repeat("x", 3*chunkSize)+"\n", "normalize", "-q", "-max-line", strconv.Itoa(n))
		if code != 0 || out != "http://a/\n"+strings.Repeat("x", 3*chunkSize)+"\n" {
			t.Errorf("-max-line %d: exit %d, %d bytes of records, %.200s", n, code, len(out), stderr)
		}
	}
}
