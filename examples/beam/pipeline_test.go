package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/memfs"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/fasturi/fasturi/internal/corpus"
	"github.com/fasturi/fasturi/internal/logstats"
)

func TestMain(m *testing.M) {
	flag.Parse()
	beam.Init()
	// The local runner logs every stage of every job at level INFO.
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	code := inPrivateTempDir(m.Run)
	if cliPath != "" {
		os.RemoveAll(filepath.Dir(cliPath))
	}
	os.Exit(code)
}

// A statsCase is one run of the pipeline and of the command on the same
// files, with the same flags.
type statsCase struct {
	name   string
	files  func(t *testing.T, dir string) // writes the inputs, *.log in dir
	format string
	field  int
	sep    string
	depth  int
	top    int
	// maxLine is -max-line; 0 runs the command without it, with its
	// default, which the pipeline's config then takes too.
	maxLine int
}

var statsCases = []statsCase{
	{name: "uri", files: genlog(corpus.LogURIs, 150e3, 1), depth: 1, top: 10},
	{name: "clf", files: genlog(corpus.LogCommon, 150e3, 2), format: "clf", depth: 2, top: 5},
	{name: "combined", files: genlog(corpus.LogCombined, 200e3, 3), format: "combined", depth: 0, top: 3},
	{name: "tsv", files: fields(4, '\t'), field: 2, sep: `\t`, depth: 1, top: 10},
	{name: "csv", files: fields(5, ','), field: 3, sep: ",", depth: 3, top: 20},
	{name: "edges", files: edgeFiles, depth: 1, top: 0},
	{name: "access-edges", files: accessEdgeFiles, format: "combined", depth: 1, top: 2},
	{name: "empty", files: emptyFile, format: "combined", depth: 1, top: 10},
	// Only a BOM line, whose error key is taken back to a count of 0.
	{name: "bom-alone", files: bomFile, depth: 1, top: 3},
	{name: "bom-alone-all", files: bomFile, depth: 1, top: 0},
	{name: "long-lines", files: longLineFiles, depth: 1, top: 0, maxLine: 24},
	{name: "long-lines-access", files: accessEdgeFiles, format: "combined", depth: 1, top: 0, maxLine: 60},
}

// TestStats runs the pipeline on the local runner and compares its
// document byte for byte with one counted here with logstats alone, and
// with the one `fasturi stats -json` writes.
func TestStats(t *testing.T) {
	for _, tc := range statsCases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tc.files(t, dir)
			f, err := logstats.ParseFormat(tc.format, tc.field, tc.sep)
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(t.TempDir(), "stats.json")
			maxLine := tc.maxLine
			if maxLine == 0 {
				maxLine = logstats.DefaultMaxLine
			}
			c := config{Inputs: []string{filepath.Join(dir, "*.log")}, Output: out, Format: f, Depth: tc.depth, Top: tc.top, MaxLine: maxLine}
			if err := run(context.Background(), c); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			names, _ := filepath.Glob(c.Inputs[0])
			t.Run("logstats", func(t *testing.T) {
				compare(t, got, exact(t, names, f, tc.depth, tc.top, maxLine))
			})
			t.Run("cli", func(t *testing.T) {
				compare(t, got, cliStats(t, tc, names))
			})
		})
	}
}

func compare(t *testing.T, got, want []byte) {
	t.Helper()
	if bytes.Equal(got, want) {
		return
	}
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(i-80, 0)
	t.Errorf("documents differ at byte %d:\npipeline: ...%s\nwant:     ...%s", i, got[from:min(i+200, len(got))], want[from:min(i+200, len(want))])
}

// exact counts the lines of files as the command reads them: a byte order
// mark at the start of a file is dropped, lines end at '\n' with an
// optional '\r' before it, a last line without one is a line, and one
// longer than maxLine is too long.
func exact(t *testing.T, files []string, f logstats.Format, depth, top, maxLine int) []byte {
	counts := make([]map[string]int64, logstats.NumFacets)
	for i := range counts {
		counts[i] = make(map[string]int64)
	}
	obs := logstats.Observer{Format: f, Depth: depth}
	emit := func(f logstats.Facet, key []byte, _ logstats.Const) { counts[f][string(key)]++ }
	var r logstats.Result
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		data = bytes.TrimPrefix(data, bom)
		for len(data) > 0 {
			line, rest, _ := bytes.Cut(data, []byte("\n"))
			data = rest
			r.Totals.Lines++
			if line = bytes.TrimSuffix(line, []byte("\r")); maxLine > 0 && len(line) > maxLine {
				obs.ObserveTooLong(emit)
			} else if obs.Observe(line, emit) {
				r.Totals.Valid++
			}
		}
	}
	r.Totals.Invalid = r.Totals.Lines - r.Totals.Valid
	for _, fc := range logstats.Facets(f) {
		r.Facets = append(r.Facets, logstats.Exact(fc, counts[fc], top))
	}
	return r.AppendJSON(nil)
}

var (
	buildCLI sync.Once
	cliPath  string
	cliErr   error
)

// cliStats returns the output of `fasturi stats -json` with tc's flags, on
// files.
func cliStats(t *testing.T, tc statsCase, files []string) []byte {
	buildCLI.Do(func() {
		dir, err := os.MkdirTemp("", "fasturi-beam-test")
		if err != nil {
			cliErr = err
			return
		}
		cliPath = filepath.Join(dir, "fasturi")
		out, err := exec.Command("go", "build", "-C", "../../cmd/fasturi", "-o", cliPath, ".").CombinedOutput()
		if err != nil {
			cliErr = fmt.Errorf("go build ../../cmd/fasturi: %v\n%s", err, out)
		}
	})
	if cliErr != nil {
		t.Fatal(cliErr)
	}
	args := []string{"stats", "-json", "-depth", strconv.Itoa(tc.depth), "-top", strconv.Itoa(tc.top)}
	if tc.format != "" {
		args = append(args, "-format", tc.format)
	}
	if tc.field != 0 {
		args = append(args, "-field", strconv.Itoa(tc.field), "-sep", tc.sep)
	}
	if tc.maxLine != 0 {
		args = append(args, "-max-line", strconv.Itoa(tc.maxLine))
	}
	cmd := exec.Command(cliPath, append(args, files...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("fasturi %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out
}

// genlog writes a generated log of about size bytes.
func genlog(format corpus.LogFormat, size int64, seed uint64) func(*testing.T, string) {
	return func(t *testing.T, dir string) {
		f, err := os.Create(filepath.Join(dir, "access.log"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := corpus.WriteLog(f, format, size, seed); err != nil {
			t.Fatal(err)
		}
	}
}

// fields writes generated URIs as field 2 (TSV) or 3 (CSV, quoted when
// they hold a comma or a quote) of lines with n fields, in two files.
func fields(n int, sep byte) func(*testing.T, string) {
	return func(t *testing.T, dir string) {
		r := rand.New(rand.NewPCG(4, 5))
		var b [2]strings.Builder
		for i, u := range corpus.Generate(3000, 4) {
			w := &b[i%2]
			f := make([]string, n)
			for j := range f {
				f[j] = strconv.Itoa(r.IntN(1000))
			}
			if sep == '\t' {
				f[1] = u
			} else {
				if strings.ContainsAny(u, `,"`) {
					u = `"` + strings.ReplaceAll(u, `"`, `""`) + `"`
				}
				f[2] = u
			}
			if r.IntN(50) == 0 {
				f = f[:1] // too few fields
			}
			w.WriteString(strings.Join(f, string(sep)) + "\n")
		}
		writeFile(t, dir, "a.log", b[0].String())
		writeFile(t, dir, "b.log", b[1].String())
	}
}

// edgeFiles are several files of URIs with what line reading must get right:
// byte order marks, CRLF, empty lines, no newline at the end, empty files,
// bytes that are not UTF-8.
func edgeFiles(t *testing.T, dir string) {
	writeFile(t, dir, "1-bom.log", "\xef\xbb\xbfHTTP://Example.COM:8080/a/b?q\r\nhttp://example.com/a/c\r\n\r\n\xef\xbb\xbfhttp://bom.example/in/the/middle\n")
	writeFile(t, dir, "2-bom-invalid.log", "\xef\xbb\xbfhttp://h\xff/\nfile:///etc/passwd\n")
	writeFile(t, dir, "3-only-bom.log", "\xef\xbb\xbf")
	writeFile(t, dir, "4-bom-newline.log", "\xef\xbb\xbf\n")
	writeFile(t, dir, "5-empty.log", "")
	writeFile(t, dir, "6-no-newline.log", "https://user@[::1]:443/%2e%2e/x\nhttp://0x7f.1/%00\nmailto:a@b")
	// A lone '\r' is data, and a last line that ends in one cannot be
	// told from textio's (see count): it ends in "\r\n" here.
	writeFile(t, dir, "7-cr.log", "http://a/\r\r\n\r\n")
}

// longLineFiles are files of URIs with lines at, below and above a
// -max-line of 24, counting a "\r\n" ending out and a byte order mark too.
func longLineFiles(t *testing.T, dir string) {
	writeFile(t, dir, "1.log", "http://h/"+strings.Repeat("a", 15)+"\n"+ // 24 bytes
		"http://h/"+strings.Repeat("a", 16)+"\r\n"+ // 25
		"http://h/"+strings.Repeat("b", 15)+"\r\n"+ // 24, then its "\r\n"
		"http://h/"+strings.Repeat("c", 15)+"\r\r\n"+ // 25, a '\r' of its own
		strings.Repeat("\x00", 1000)+"\n"+
		"http://h/"+strings.Repeat("d", 40))
	writeFile(t, dir, "2-bom.log", "\xef\xbb\xbfhttp://h/"+strings.Repeat("e", 15)+"\nhttp://x/\n") // 24 after the mark
	writeFile(t, dir, "3-bom-long.log", "\xef\xbb\xbfhttp://h/"+strings.Repeat("f", 16)+"\n")
}

// accessEdgeFiles are combined-log lines with odd request lines and
// referers, a method that is not UTF-8, and a byte order mark.
func accessEdgeFiles(t *testing.T, dir string) {
	writeFile(t, dir, "access.log", strings.Join([]string{
		"\xef\xbb\xbfh - - [t] \"GET /a/b HTTP/1.1\" 200 1 \"https://Ref.example/x\" \"ua\"",
		`h - - [t] "G` + "\xff" + `T /x HTTP/1.1" 400 1 "-" "ua"`,
		`h - - [t] "CONNECT example.com:443 HTTP/1.1" 200 - "-" "ua"`,
		`h - - [t] "OPTIONS * HTTP/1.1" 200 0 "http://a b/" "ua"`,
		`h - - [t] "GET http://Proxy.Example:8080/p HTTP/1.1" 200 5 "//x/y" "ua"`,
		`h - - [t] "-" 408 0 "-" "-"`,
		`h - - [t] "GET /a b HTTP/1.1" 400 0 "-" "-"`,
		`not an access log line`,
		``,
	}, "\r\n"))
}

func emptyFile(t *testing.T, dir string) { writeFile(t, dir, "empty.log", "") }

func bomFile(t *testing.T, dir string) {
	writeFile(t, dir, "bom.log", "\xef\xbb\xbfhttp://a.example/\n")
}

func writeFile(t *testing.T, dir, name, data string) {
	if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestObserveFnSums checks that observeFn emits, per bundle, one sum per
// key, and that sums emitted early, when a bundle holds too many keys, add
// up to the same counts.
func TestObserveFnSums(t *testing.T) {
	var lines []string
	for i := range 1000 {
		lines = append(lines, fmt.Sprintf("http://h%d.example/p%d", i%7, i%3), "not a uri")
	}
	run := func(maxKeys int) (sums map[string]int64, emitted, early int) {
		fn := &observeFn{Format: logstats.Format{Kind: logstats.KindURI}, Depth: 1, maxKeys: maxKeys}
		fn.Setup()
		sums = map[string]int64{}
		emit := func(k []byte, n int64) {
			sums[string(k)] += n
			emitted++
		}
		for _, l := range lines {
			fn.ProcessElement(l, emit)
		}
		early = emitted
		fn.FinishBundle(emit)
		return sums, emitted, early
	}
	want, emitted, early := run(0)
	if early != 0 || emitted != len(want) {
		t.Errorf("one bundle: %d elements emitted (%d before its end) for %d keys", emitted, early, len(want))
	}
	if want[string(keyValid)] != 1000 || want[string(keyInvalid)] != 1000 {
		t.Errorf("valid %d, invalid %d; want 1000 each", want[string(keyValid)], want[string(keyInvalid)])
	}
	got, _, early := run(3)
	if early == 0 {
		t.Error("at most 3 keys: nothing emitted before the bundle's end")
	}
	if !maps.Equal(got, want) {
		t.Errorf("sums emitted early add up to %v, want %v", got, want)
	}

	// Long keys: whole paths, cut to logstats.MaxKeyLen, more of them than
	// maxBundleKeyBytes holds.
	fn := &observeFn{Format: logstats.Format{Kind: logstats.KindURI}}
	fn.Setup()
	early, paths := 0, 0
	emit := func(k []byte, n int64) {
		early++
		if k[0] == byte(logstats.FacetPath) && n == 1 {
			paths++
		}
	}
	for i := range maxBundleKeyBytes/logstats.MaxKeyLen + 10 {
		fn.ProcessElement(fmt.Sprintf("http://h/%05d/%s", i, strings.Repeat("p", 1000)), emit)
		if fn.keyBytes > maxBundleKeyBytes+4096 {
			t.Fatalf("%d bytes of keys kept", fn.keyBytes)
		}
	}
	if early == 0 || paths == 0 {
		t.Errorf("%d bytes of paths: %d sums (%d paths) emitted before the bundle's end", maxBundleKeyBytes, early, paths)
	}
}

// TestTopFn checks the combiner on its own, with inputs split among
// accumulators that are merged in turn, as a runner may do.
func TestTopFn(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var all []keyCount
	for i := range 500 {
		all = append(all, keyCount{Key: []byte(fmt.Sprintf("k%03d", r.IntN(1000)+i*1000)), Count: int64(1 + r.IntN(20))})
	}
	for _, n := range []int{0, 1, 3, 10, 499, 500, 600, math.MaxInt} {
		for _, parts := range []int{1, 2, 7} {
			fn := &topFn{N: n}
			accs := make([]facetCount, parts)
			for i, e := range all {
				accs[i%parts] = fn.AddInput(accs[i%parts], e)
			}
			a := fn.CreateAccumulator()
			for _, b := range accs {
				a = fn.MergeAccumulators(a, b)
			}
			got := fn.ExtractOutput(a)
			want := slices.Clone(all)
			slices.SortFunc(want, compareKeyCounts)
			if n > 0 && len(want) > n {
				want = want[:n]
			}
			if got.Distinct != int64(len(all)) || !slices.EqualFunc(got.Top, want, func(a, b keyCount) bool {
				return bytes.Equal(a.Key, b.Key) && a.Count == b.Count
			}) {
				t.Errorf("N=%d, %d parts: distinct %d, top %v; want %d, %v", n, parts, got.Distinct, got.Top, len(all), want)
			}
		}
	}
}

// TestTopFnHugeN checks that a top list longer than any facet (-top
// 9223372036854775807) lets the accumulator grow as -top 0 does, without
// sorting it at each input: 2*N would overflow and sort it every time.
func TestTopFnHugeN(t *testing.T) {
	fn := &topFn{N: math.MaxInt}
	a := fn.CreateAccumulator()
	for i := range 100 {
		a = fn.AddInput(a, keyCount{Key: []byte(fmt.Sprint(i)), Count: int64(i)})
	}
	if a.Top[0].Count != 0 || a.Top[99].Count != 99 {
		t.Errorf("the accumulator was sorted as it grew: first %d, last %d", a.Top[0].Count, a.Top[99].Count)
	}
}

// TestParseArgs checks that -h writes the usage, and that a bad flag
// writes its error and where the usage is, not the usage itself.
func TestParseArgs(t *testing.T) {
	for _, tt := range []struct {
		args   []string
		status int
		stop   bool
		out    string
	}{
		{[]string{"-h"}, 0, true, "usage\n"},
		{[]string{"-bogus"}, 2, true, "flag provided but not defined: -bogus\nRun 'beam -h' for the flags.\n"},
		{[]string{"-top", "x"}, 2, true, "invalid value \"x\" for flag -top: parse error\nRun 'beam -h' for the flags.\n"},
		{[]string{"a.log", "-top", "3"}, 0, false, ""},
	} {
		fs := flag.NewFlagSet("beam", flag.ExitOnError)
		fs.Int("top", 10, "")
		var out strings.Builder
		fs.SetOutput(&out)
		fs.Usage = func() { out.WriteString("usage\n") }
		status, stop := parseArgs(fs, tt.args)
		if status != tt.status || stop != tt.stop || out.String() != tt.out {
			t.Errorf("parseArgs(%q) = %d, %v, output %q; want %d, %v, %q", tt.args, status, stop, out.String(), tt.status, tt.stop, tt.out)
		}
	}
}

// TestInputs checks that inputs that match no file, or one the pipeline
// would read wrongly or fail on, are refused before the pipeline runs.
func TestInputs(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.log.gz", "")
	if err := os.Mkdir(filepath.Join(dir, "d.log"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "gone.txt"), filepath.Join(dir, "dangling.log")); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ in, err string }{
		{filepath.Join(dir, "*.txt"), "no such file"},
		{filepath.Join(dir, "missing.log"), "no such file"},
		{filepath.Join(dir, "*.gz"), "compressed"},
		{filepath.Join(dir, "d.log"), "a directory"},
		{filepath.Join(dir, "dangling.log"), "no such file"},
		{os.DevNull, "not a regular file"}, // as a pipe, such as <(zcat x.gz), would be: read as empty
	} {
		c := config{Inputs: []string{tt.in}, Output: filepath.Join(dir, "out.json")}
		if err := run(context.Background(), c); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("run with -input %s: error %v, want one that says %q", tt.in, err, tt.err)
		}
	}
	// The output is one of the inputs: refused before the pipeline
	// overwrites it, whose lines are then still there.
	writeFile(t, dir, "same.log", "http://a.example/\n")
	for _, in := range []string{filepath.Join(dir, "same.log"), filepath.Join(dir, "s*.log")} {
		c := config{Inputs: []string{in}, Output: filepath.Join(dir, "same.log")}
		if err := run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "is the -output file") || !errors.As(err, new(usageError)) {
			t.Errorf("run with -input %s -output same.log: error %v, want a usage error", in, err)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "same.log")); err != nil || string(b) != "http://a.example/\n" {
		t.Errorf("same.log is now %q (%v)", b, err)
	}
	// The same, on a remote file system (Beam's in-memory one stands in
	// for gs://), where only the name tells.
	memfs.Write("memfs://logs/stats.json", []byte("{}\n"))
	memfs.Write("memfs://logs/a.log", []byte("http://a.example/\n"))
	c := config{Inputs: []string{"memfs://logs/*"}, Output: "memfs://logs/stats.json"}
	if err := run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "is the -output file") || !errors.As(err, new(usageError)) {
		t.Errorf("run with -input memfs://logs/* -output memfs://logs/stats.json: error %v, want a usage error", err)
	}
	// Outputs that textio.Write would panic on, or that fail the job
	// only at its end.
	// And local ones the command's -o refuses: in a directory that does
	// not exist (Beam's local file system would make it), or a name of
	// a directory.
	for _, out := range []string{" ", "s3://bucket/stats.json", dir, filepath.Join(dir, "missing", "stats.json"), filepath.Join(dir, "new") + string(os.PathSeparator)} {
		c := config{Inputs: []string{filepath.Join(dir, "same.log")}, Output: out}
		if err := run(context.Background(), c); err == nil {
			t.Errorf("run with -output %q: no error", out)
		}
	}
}

// TestInputsOnWorkers checks the failures that the workers see, past run's
// checks on the launching machine: a glob that matches nothing there (a
// path only the launcher has), and a gzip file whose name does not say so,
// which textio would read as it is.
func TestInputsOnWorkers(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "gzip.log", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03")
	writeFile(t, dir, "GZIP.LOG.GZ", "")
	for _, tt := range []struct{ in, err string }{
		{filepath.Join(dir, "missing.log"), "no files matching"},
		{filepath.Join(dir, "gzip.log"), "gzip-compressed"},
	} {
		c := config{Inputs: []string{tt.in}, Output: filepath.Join(dir, "out.json"), Depth: 1}
		if err := beamx.Run(context.Background(), build(c)); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("the pipeline on %s: error %v, want one that says %q", tt.in, err, tt.err)
		}
	}
	c := config{Inputs: []string{filepath.Join(dir, "GZIP.LOG.GZ")}, Output: filepath.Join(dir, "out.json")}
	if err := run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "compressed") {
		t.Errorf("run with a .GZ input: %v", err)
	}
}

// TestPrivateTempDir checks that a run of the pipeline leaves nothing in
// the temporary directory, where the local runner would leave a file.
func TestPrivateTempDir(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.log", "http://a.example/\n")
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv("TMP", tmp)
	code := inPrivateTempDir(func() int {
		if os.TempDir() == tmp {
			t.Error("the temporary directory was not replaced")
		}
		c := config{Inputs: []string{filepath.Join(dir, "a.log")}, Output: filepath.Join(dir, "out.json"), Depth: 1}
		if err := run(context.Background(), c); err != nil {
			t.Error(err)
			return 1
		}
		return 0
	})
	if code != 0 {
		t.Errorf("exit code %d", code)
	}
	if os.TempDir() != tmp {
		t.Errorf("the temporary directory is %s after the run, not %s", os.TempDir(), tmp)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("the run left %s in the temporary directory", left[0].Name())
	}
}
