package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"testing/iotest"
	"time"
)

// runCLI runs the command line with stdin and returns its exit status,
// standard output and standard error.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// jsonRecords decodes one JSON object per line, checking that there is one
// line per input line.
func jsonRecords(t *testing.T, out string, wantLines int) []map[string]any {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if out == "" {
		lines = nil
	}
	if len(lines) != wantLines {
		t.Fatalf("%d output lines, want %d", len(lines), wantLines)
	}
	var recs []map[string]any
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not JSON: %q: %v", l, err)
		}
		recs = append(recs, m)
	}
	return recs
}

func TestParseJSON(t *testing.T) {
	longPath := "/" + strings.Repeat("a", 3*chunkSize) // longer than a chunk
	input := "http://h/p?q\n" +
		"http://a:8x/\n" +
		"\n" +
		"\xff\xfe/x\r\n" +
		"http://h" + longPath + "\n" +
		"http://h?\r\n" +
		"http://a#@b" // no final line ending
	code, out, stderr := runCLI(t, input, "parse", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	recs := jsonRecords(t, out, 7)
	want := []string{
		`{"in":"http://h/p?q","valid":true,"scheme":"http","userinfo":null,"host":"h","port":null,"path":"/p","query":"q","fragment":null,"host_type":"reg-name","legacy_ipv4":null,"numeric_last_label":false,"encoded_delimiters":[],"encoded_controls":[],"encoded_nul":[],"encoded_non_ascii":[],"encoded_percent":[],"path_underflow":false}`,
		`{"in":"http://a:8x/","valid":false,"error":"invalid port","offset":11}`,
		`{"in":"","valid":true,"scheme":null,"userinfo":null,"host":null,"port":null,"path":"","query":null,"fragment":null,"host_type":"none","legacy_ipv4":null,"numeric_last_label":false,"encoded_delimiters":[],"encoded_controls":[],"encoded_nul":[],"encoded_non_ascii":[],"encoded_percent":[],"path_underflow":false}`,
		`{"in":"\ufffd\ufffd/x","in_hex":"fffe2f78","valid":false,"error":"invalid path","offset":0}`,
	}
	lines := strings.Split(out, "\n")
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d:\n got  %s\n want %s", i+1, lines[i], w)
		}
	}
	if recs[4]["path"] != longPath || recs[4]["valid"] != true {
		t.Errorf("long line: valid=%v, path of %d bytes", recs[4]["valid"], len(fmt.Sprint(recs[4]["path"])))
	}
	if recs[5]["query"] != "" || recs[5]["in"] != "http://h?" {
		t.Errorf("CRLF line: %v", recs[5])
	}
	if recs[6]["host"] != "a" || recs[6]["fragment"] != "@b" {
		t.Errorf("last line: %v", recs[6])
	}
	if !strings.Contains(stderr, "7 lines, 5 valid, 2 invalid") {
		t.Errorf("summary: %q", stderr)
	}
}

// Lines that are not UTF-8 come out exactly in in_hex.
func TestParseJSONNonUTF8IsLossless(t *testing.T) {
	var in bytes.Buffer
	var want [][]byte
	for c := 0x80; c < 0x100; c++ {
		line := []byte{'/', byte(c), 'a', 0xe2, 0x82} // a truncated sequence too
		want = append(want, line)
		in.Write(line)
		in.WriteByte('\n')
	}
	_, out, _ := runCLI(t, in.String(), "parse", "-json", "-lenient")
	recs := jsonRecords(t, out, len(want))
	for i, r := range recs {
		got, err := hex.DecodeString(fmt.Sprint(r["in_hex"]))
		if err != nil || !bytes.Equal(got, want[i]) {
			t.Errorf("line %d: in_hex %v, want %x", i+1, r["in_hex"], want[i])
		}
	}
}

func TestParseLenient(t *testing.T) {
	_, out, _ := runCLI(t, "http://a b/c d\nhttp://ok/\n", "parse", "-json", "-lenient")
	recs := jsonRecords(t, out, 2)
	if recs[0]["valid"] != false || recs[0]["host"] != "a b" || recs[0]["path"] != "/c d" ||
		recs[0]["error"] != "invalid host" || recs[0]["offset"] != 8.0 {
		t.Errorf("lenient record: %v", recs[0])
	}
	vs, _ := recs[0]["violations"].([]any)
	if len(vs) != 2 || fmt.Sprint(vs[0]) != "map[component:host error:invalid host offset:8]" || fmt.Sprint(vs[1]) != "map[component:path error:invalid path offset:12]" {
		t.Errorf("violations: %v", recs[0]["violations"])
	}
	if recs[1]["valid"] != true || recs[1]["violations"] != nil {
		t.Errorf("valid lenient record: %v", recs[1])
	}
}

func TestParseTSV(t *testing.T) {
	_, out, _ := runCLI(t, "http://u@h:1/p\\q?x\tz\n/a b\n", "parse", "-tsv", "-header")
	want := tsvColumns + "\n" +
		"http://u@h:1/p\\\\q?x\\tz\tfalse\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\tinvalid path\t14\n" +
		"/a b\tfalse\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\tinvalid path\t2\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	_, out, _ = runCLI(t, "http://h:/\n", "parse", "-tsv")
	if want := "http://h:/\ttrue\thttp\t\\N\th\t\t/\t\\N\t\\N\treg-name\t\\N\t\\N\n"; out != want {
		t.Errorf("got  %q\nwant %q", out, want)
	}
}

func TestParseText(t *testing.T) {
	_, out, _ := runCLI(t, "http://h/p\n%zz\n", "parse")
	want := "valid   \"http://h/p\" scheme=\"http\" host=\"h\" path=\"/p\" host_type=reg-name\n" +
		"invalid \"%zz\": invalid percent-encoding at offset 1\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// TestParseOrderAcrossChunks sends many chunks' worth of numbered lines and
// checks that each record comes back in place.
func TestParseOrderAcrossChunks(t *testing.T) {
	const n = 1000000 // about 15 MB: many more chunks than are in flight
	var in strings.Builder
	for i := range n {
		fmt.Fprintf(&in, "http://h/%d\n", i)
	}
	code, out, stderr := runCLI(t, in.String(), "parse", "-tsv")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	// The chunks are reused many times over: their counts must not carry.
	if want := fmt.Sprintf("fasturi: %d lines, %d valid, 0 invalid", n, n); !strings.HasPrefix(stderr, want) {
		t.Errorf("summary %q, want %q", stderr, want)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != n {
		t.Fatalf("%d lines, want %d", len(lines), n)
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, fmt.Sprintf("http://h/%d\t", i)) {
			t.Fatalf("line %d is %q", i+1, l)
		}
	}
}

func TestParseFiles(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	b := filepath.Join(dir, "b.txt")
	os.WriteFile(a, []byte("\xef\xbb\xbfhttp://a/\nhttp://b/"), 0o644) // BOM, no final newline
	os.WriteFile(b, []byte("http://c/\n"), 0o644)
	code, out, stderr := runCLI(t, "", "parse", "-tsv", a, filepath.Join(dir, "missing.txt"), b)
	if code != 1 {
		t.Errorf("exit %d, want 1 for a missing file", code)
	}
	var hosts []string
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		hosts = append(hosts, strings.Split(l, "\t")[4])
	}
	if got := strings.Join(hosts, ","); got != "a,b,c" {
		t.Errorf("hosts %s, want a,b,c (the files in order, the BOM dropped, no line lost)", got)
	}
	if !strings.Contains(stderr, "missing.txt") || !strings.Contains(stderr, "3 lines") ||
		!strings.Contains(stderr, "; the input was not all read (see the errors above)\n") {
		t.Errorf("stderr: %q; want the error, 3 lines, and a summary that says the input was not all read", stderr)
	}
	// A directory opens but does not read: the error names it once, and
	// the files around it are read.
	code, out, stderr = runCLI(t, "", "parse", "-tsv", "-q", a, dir, b)
	if want := "fasturi: read " + dir + ": is a directory\n"; code != 1 || stderr != want || strings.Count(out, "\n") != 3 {
		t.Errorf("a directory as input: exit %d, %d records, stderr %q; want 1, 3, %q", code, strings.Count(out, "\n"), stderr, want)
	}
	code, out, _ = runCLI(t, "http://stdin/\n", "parse", "-tsv", "-q", a, "-")
	if code != 0 || !strings.HasSuffix(out, "http://stdin/\ttrue\thttp\t\\N\tstdin\t\\N\t/\t\\N\t\\N\treg-name\t\\N\t\\N\n") {
		t.Errorf("'-' as standard input: exit %d, %q", code, out)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"parse", "-json", "-tsv"},
		{"parse", "-header"},
		{"parse", "-nosuchflag"},
		{"target", "-nosuchflag"},
		{"target", "-tsv"},
		{"parse", "-format", "xlf"},
		{"extract", "-schemes", "h t"},
		{"stats", "-top", "-1"},
		{"normalize", "-level", "x"},
		{"version", "x"},
	} {
		code, out, stderr := runCLI(t, "", args...)
		if code != 2 || out != "" || stderr == "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2, nothing, a message", args, code, out, stderr)
		}
		// A bad flag prints the usage; a bad value says where it is.
		if len(args) > 1 && !strings.Contains(stderr, "flag provided but not defined") && !strings.Contains(stderr, "Run 'fasturi "+args[0]+" -h' for usage.") {
			t.Errorf("%q: stderr %q does not point at the usage", args, stderr)
		}
	}
	code, out, _ := runCLI(t, "", "help")
	for cmd := range commands {
		if code != 0 || !strings.Contains(out, "\n  "+cmd+" ") {
			t.Errorf("help: exit %d, no %s in %q", code, cmd, out)
		}
	}
	for _, arg := range []string{"help", "-h"} {
		if code, out, _ := runCLI(t, "", "help", arg); code != 0 || !strings.HasPrefix(out, "fasturi processes URIs") {
			t.Errorf("help %s: exit %d, stdout %.40q; want the usage", arg, code, out)
		}
	}
	// An unknown command: the error and where the commands are, which
	// the whole usage would scroll off a terminal.
	if code, out, stderr := runCLI(t, "", "help", "nosuch"); code != exitUsage || out != "" ||
		stderr != "fasturi help: unknown command \"nosuch\"\nRun 'fasturi help' for the commands.\n" {
		t.Errorf("help nosuch: exit %d, stdout %q, stderr %q; want the error on stderr", code, out, stderr)
	}
	if code, out, stderr := runCLI(t, "", "nosuch", "-json"); code != exitUsage || out != "" ||
		stderr != "fasturi: unknown command \"nosuch\"\nRun 'fasturi help' for the commands.\n" {
		t.Errorf("nosuch: exit %d, stdout %q, stderr %q; want the error on stderr", code, out, stderr)
	}
	// A flag before the command is no command.
	if code, out, stderr := runCLI(t, "", "-json", "parse"); code != exitUsage || out != "" ||
		stderr != "fasturi: unknown flag \"-json\"\nRun 'fasturi help' for the commands.\n" {
		t.Errorf("-json parse: exit %d, stdout %q, stderr %q; want the error on stderr", code, out, stderr)
	}
	for _, arg := range []string{"-version", "--version"} {
		if code, out, _ := runCLI(t, "", arg); code != 0 || !strings.HasPrefix(out, "fasturi ") {
			t.Errorf("%s: exit %d, stdout %q; want the version", arg, code, out)
		}
	}
	if code, out, stderr := runCLI(t, "", "help", "normalize", "extra"); code != exitUsage || out != "" || !strings.HasPrefix(stderr, `fasturi help: one command at a time, not "extra" too`) {
		t.Errorf("help normalize extra: exit %d, stdout %q, stderr %q; want a usage error", code, out, stderr)
	}
	for cmd := range commands {
		if code, out, stderr := runCLI(t, "", cmd, "-h"); code != 0 || !strings.HasPrefix(out, "Usage: fasturi "+cmd) || stderr != "" {
			t.Errorf("%s -h: exit %d, stdout %q, stderr %q; want the usage on stdout", cmd, code, out, stderr)
		}
	}
	// A bad flag: the error and where the usage is, on standard error, as
	// for any other usage error.
	if code, out, stderr := runCLI(t, "", "parse", "-nosuch"); code != exitUsage || out != "" ||
		stderr != "fasturi parse: flag provided but not defined: -nosuch\nRun 'fasturi parse -h' for usage.\n" {
		t.Errorf("parse -nosuch: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
}

func TestParseEmptyInput(t *testing.T) {
	code, out, stderr := runCLI(t, "", "parse", "-json")
	if code != 0 || out != "" || !strings.Contains(stderr, "0 lines") {
		t.Errorf("exit %d, out %q, stderr %q", code, out, stderr)
	}
}

// errWriter fails every write, like a full disk.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, fmt.Errorf("disk full") }

func TestParseWriteError(t *testing.T) {
	var errOut bytes.Buffer
	in := strings.Repeat("http://h/\n", 300000)
	code := run([]string{"parse", "-json"}, strings.NewReader(in), errWriter{}, &errOut)
	if code != 1 || !strings.Contains(errOut.String(), "disk full") {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}

func TestTargetJSON(t *testing.T) {
	input := "GET /a?b HTTP/1.1\r\n" +
		"CONNECT h:443\n" +
		"GET * HTTP/1.1\n" +
		"GET /x\xff HTTP/1.1\n" +
		"GET http:///x HTTP/1.1\n" + // an http URI without a host: RFC 9110 section 4.2.1
		"OPTIONS *" // no final line ending
	code, out, stderr := runCLI(t, input, "target", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	facts := `"legacy_ipv4":null,"numeric_last_label":false,"encoded_delimiters":[],"encoded_controls":[],"encoded_nul":[],"encoded_non_ascii":[],"encoded_percent":[],"path_underflow":false`
	noFacts := facts + `,"shape_error":null,"shape_offset":null}`
	want := []string{
		`{"in":"GET /a?b HTTP/1.1","valid":true,"method":"GET","target":"/a?b","form":"origin","version":"HTTP/1.1",` +
			`"scheme":null,"userinfo":null,"host":null,"port":null,"path":"/a","query":"b","fragment":null,"host_type":"none",` + noFacts,
		`{"in":"CONNECT h:443","valid":true,"method":"CONNECT","target":"h:443","form":"authority","version":null,` +
			`"scheme":null,"userinfo":null,"host":"h","port":"443","path":"","query":null,"fragment":null,"host_type":"reg-name",` + noFacts,
		`{"in":"GET * HTTP/1.1","valid":false,"error":"request-target form not allowed","offset":4}`,
		`{"in":"GET /x\ufffd HTTP/1.1","in_hex":"474554202f78ff20485454502f312e31","valid":false,"error":"invalid path","offset":6}`,
		`{"in":"GET http:///x HTTP/1.1","valid":true,"method":"GET","target":"http:///x","form":"absolute","version":"HTTP/1.1",` +
			`"scheme":"http","userinfo":null,"host":"","port":null,"path":"/x","query":null,"fragment":null,"host_type":"reg-name",` +
			facts + `,"shape_error":"URL does not have its scheme's shape","shape_offset":11}`,
		`{"in":"OPTIONS *","valid":true,"method":"OPTIONS","target":"*","form":"asterisk","version":null,` +
			`"scheme":null,"userinfo":null,"host":null,"port":null,"path":"*","query":null,"fragment":null,"host_type":"none",` + noFacts,
	}
	jsonRecords(t, out, len(want))
	for i, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if l != want[i] {
			t.Errorf("line %d:\n got  %s\n want %s", i+1, l, want[i])
		}
	}
	if !strings.Contains(stderr, "6 lines, 4 valid, 2 invalid") {
		t.Errorf("summary: %q", stderr)
	}
}

// A method and a target alone are checked as the method of a request line
// is: a token (RFC 9110 section 9.1), with the same error at the same byte.
func TestTargetMethodAsRequestLine(t *testing.T) {
	for _, m := range []string{"GET", "", "G(T", "G\"T", "GÉT", "M-SEARCH", "a~b", "X\x00"} {
		_, one, _ := runCLI(t, m+" /x\n", "target", "-json", "-q")
		_, full, _ := runCLI(t, m+" /x HTTP/1.1\n", "target", "-json", "-q")
		var a, b struct {
			Valid  bool
			Error  string
			Offset int
		}
		if json.Unmarshal([]byte(one), &a) != nil || json.Unmarshal([]byte(full), &b) != nil || a != b {
			t.Errorf("method %q: %s alone, %s in a request line", m, one, full)
		}
	}
}

// The request line of an access-log line that is no request line for
// want of a method, or for two spaces in a row after it, is the same error
// at the same byte to parse and stats as to target, which reads the
// request line whole: not a target in no form.
func TestAccessLogRequestLineErrors(t *testing.T) {
	const prefix = `1.2.3.4 - - [t] "`
	for _, request := range []string{"GET  /dbl HTTP/1.1", "GET   /", "GET  HTTP/1.1", "G(T /x HTTP/1.1", " GET /x HTTP/1.1"} {
		in := prefix + request + "\" 200 1\n"
		_, target, _ := runCLI(t, in, "target", "-json", "-q", "-format", "common")
		_, parse, _ := runCLI(t, in, "parse", "-json", "-q", "-format", "common")
		_, stats, _ := runCLI(t, in, "stats", "-json", "-q", "-format", "common")
		var a, b struct {
			Valid  bool
			Error  string
			Offset int
		}
		if json.Unmarshal([]byte(target), &a) != nil || json.Unmarshal([]byte(parse), &b) != nil ||
			a.Valid || b.Valid || a.Error != b.Error || len(prefix)+a.Offset != b.Offset {
			t.Errorf("%q:\n target %s parse  %s", request, target, parse)
		}
		if want := `"error":{"distinct":1,"approximate":false,"top":[{"key":"` + a.Error + `","count":1}]}`; !strings.Contains(stats, want) {
			t.Errorf("%q: stats %s, want %s", request, stats, want)
		}
	}
}

// Lenient records have the facts when the line is a valid URI, and are
// then the records of strict mode; otherwise they have none.
func TestParseLenientFacts(t *testing.T) {
	in := "http://u@0x7f.1/%2e%2e/%00\nhttp://a b/%00\n"
	_, strict, _ := runCLI(t, in, "parse", "-json")
	_, lenient, _ := runCLI(t, in, "parse", "-json", "-lenient")
	s, l := strings.Split(strict, "\n"), strings.Split(lenient, "\n")
	if s[0] != l[0] || !strings.Contains(l[0], `"legacy_ipv4":"127.0.0.1"`) {
		t.Errorf("valid line:\n strict  %s\n lenient %s", s[0], l[0])
	}
	if strings.Contains(l[1], "legacy_ipv4") || strings.Contains(l[1], "encoded_nul") {
		t.Errorf("invalid lenient line has facts: %s", l[1])
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"-version"}, {"--version"}} {
		code, out, _ := runCLI(t, "", args...)
		if code != 0 || !strings.HasPrefix(out, "fasturi ") || !strings.Contains(out, runtime.Version()) {
			t.Errorf("%v: exit %d, %q", args, code, out)
		}
	}
	if code, _, stderr := runCLI(t, "", "version", "extra"); code != exitUsage || stderr == "" {
		t.Errorf("version extra: exit %d, %q", code, stderr)
	}
}

// TestOutputFile checks -o for each kind of output: the file gets exactly
// what standard output would have, standard output gets nothing, and the
// summary still goes to standard error. A file that cannot be created is
// an I/O failure before any input is read.
func TestOutputFile(t *testing.T) {
	in := "http://h/p?q\nGET /a HTTP/1.1\nhttp://a:8x/\n\n"
	dir := t.TempDir()
	for i, args := range [][]string{
		{"parse", "-json"},
		{"parse", "-tsv", "-header"},
		{"target"},
		{"extract", "-json"},
		{"stats"}, // the table: keys not cut to a terminal's width
		{"stats", "-json"},
		{"normalize"},
	} {
		_, want, _ := runCLI(t, in, args...)
		path := filepath.Join(dir, fmt.Sprintf("out%d", i))
		// A file there already, longer than the records: it is replaced.
		if err := os.WriteFile(path, bytes.Repeat([]byte("x\n"), 4096), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, stderr := runCLI(t, in, append(args, "-o", path)...)
		got, err := os.ReadFile(path)
		if code != 0 || out != "" || err != nil || string(got) != want {
			t.Errorf("%q -o: exit %d, stdout %q, file %q (%v); want the file to hold %q", args, code, out, got, err, want)
		}
		if !strings.Contains(stderr, "4 lines") {
			t.Errorf("%q -o: no summary on stderr: %q", args, stderr)
		}
	}
	// "-" is standard output, as it is standard input for inputs.
	if code, out, _ := runCLI(t, in, "parse", "-o", "-"); code != 0 || !strings.HasPrefix(out, "valid ") {
		t.Errorf("-o -: exit %d, stdout %q; want the records", code, out)
	}
	// An empty name is none, not standard output.
	for _, cmd := range []string{"parse", "stats", "target", "extract", "normalize", "decode"} {
		code, out, stderr := runCLI(t, in, cmd, "-o", "")
		if code != exitUsage || out != "" || !strings.Contains(stderr, `invalid value "" for flag -o: want a FILE, or - for standard output`) {
			t.Errorf("%s -o '': exit %d, stdout %q, stderr %q; want a usage error", cmd, code, out, stderr)
		}
	}
	bad := filepath.Join(dir, "no-such-dir", "out")
	code, out, stderr := runCLI(t, in, "parse", "-o", bad)
	if code != exitIO || out != "" || !strings.Contains(stderr, bad) {
		t.Errorf("-o %s: exit %d, stdout %q, stderr %q; want %d and the path", bad, code, out, stderr, exitIO)
	}
}

// TestOutputIsInput checks that an output that is also an input is
// refused: an -o file, named or as standard input, which creating it would
// empty before it is read; and standard output that is one (x >> x), from
// which the command would read back what it writes, without end. Each is a
// usage error, said as every other one is (the command, and where its
// usage is), with the file left as it was.
func TestOutputIsInput(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "in.txt")
	const content = "http://a/\n"
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	stdinFile, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer stdinFile.Close()
	appended, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer appended.Close()
	const dashO, stdoutIs = ": -o ", ": standard output is an input ("
	for _, c := range []struct {
		args   []string
		stdin  *os.File
		stdout *os.File // nil: a buffer
		says   string
	}{
		{[]string{"parse", "-o", name, name}, nil, nil, dashO},
		{[]string{"stats", "-o", dir + "/./in.txt", "-q", name}, nil, nil, dashO}, // another spelling
		{[]string{"extract", "-o", name, "-"}, stdinFile, nil, dashO},
		{[]string{"normalize", "-o", name}, stdinFile, nil, dashO},
		{[]string{"normalize", "-q", name}, nil, appended, stdoutIs},
		{[]string{"parse", "-q", "-o", "-", name}, nil, appended, stdoutIs},
		{[]string{"extract", "-q", "-o", name, name}, nil, appended, stdoutIs}, // -o naming standard output's file
		{[]string{"decode", "-q"}, stdinFile, appended, stdoutIs},
	} {
		var stdin io.Reader = strings.NewReader("")
		if c.stdin != nil {
			stdin = c.stdin
		}
		var stdout io.Writer = new(bytes.Buffer)
		if c.stdout != nil {
			stdout = c.stdout
		}
		var errOut bytes.Buffer
		code := run(c.args, stdin, stdout, &errOut)
		got, _ := os.ReadFile(name)
		if msg := errOut.String(); code != exitUsage || string(got) != content || !strings.HasPrefix(msg, "fasturi "+c.args[0]+c.says) || !strings.Contains(msg, " is an input (") ||
			!strings.HasSuffix(msg, "Run 'fasturi "+c.args[0]+" -h' for usage.\n") {
			t.Errorf("%q: exit %d, stderr %q, file %q; want %d, the file unchanged", c.args, code, msg, got, exitUsage)
		}
	}
	// A device is no file that writing empties: /dev/null as the input
	// and the output is fine.
	if _, err := os.Stat(os.DevNull); err == nil {
		if code, _, stderr := runCLI(t, "", "parse", "-q", "-o", os.DevNull, os.DevNull); code != 0 {
			t.Errorf("-o %s %s: exit %d, %q", os.DevNull, os.DevNull, code, stderr)
		}
	}
}

// TestWriteErrorNamed checks the message of a failed write: the file named
// once, by the error itself.
func TestWriteErrorNamed(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	defer full.Close()
	var errOut bytes.Buffer
	code := run([]string{"parse", "-q"}, strings.NewReader("http://a/\n"), full, &errOut)
	if want := "fasturi: write /dev/full: no space left on device\n"; code != exitIO || errOut.String() != want {
		t.Errorf("exit %d, stderr %q; want %d, %q", code, errOut.String(), exitIO, want)
	}
}

// TestRecordsNotHeldBack checks that a line that comes through a pipe gets
// its record written before the next line comes, as tail -f needs, in
// every command that writes a record per line.
func TestRecordsNotHeldBack(t *testing.T) {
	for _, args := range [][]string{
		{"parse", "-q"}, {"parse", "-json", "-q"}, {"parse", "-tsv", "-q", "-format", "clf"},
		{"target", "-q"}, {"extract", "-json", "-q"}, {"normalize", "-q"}, {"decode", "-q"},
		{"resolve", "-base", "http://b/", "-q"}, {"relative", "-base", "http://b/", "-q"},
	} {
		line := "http://a/x?y\n"
		switch args[0] {
		case "target":
			line = "GET /x HTTP/1.1\n"
		case "parse":
			if len(args) > 3 {
				line = `h - - [t] "GET /x HTTP/1.1" 200 1` + "\n"
			}
		}
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		done := make(chan int)
		go func() {
			code := run(args, inR, outW, io.Discard)
			outW.Close()
			done <- code
		}()
		records := make(chan string)
		go func() {
			sc := bufio.NewScanner(outR)
			for sc.Scan() {
				records <- sc.Text()
			}
			close(records)
		}()
		inW.Write([]byte(line))
		select {
		case r := <-records:
			if r == "" {
				t.Errorf("%q: empty record", args)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("%q: no record 10 s after the first line, while the input stays open", args)
		}
		inW.Write([]byte(line))
		inW.Close()
		n := 0
		for range records {
			n++
		}
		if code := <-done; code != 0 || n != 1 {
			t.Errorf("%q: exit %d, %d more records; want 0, 1", args, code, n)
		}
	}
}

// TestWriteErrorWhileInputIdle checks that a write error ends the command
// at once, without waiting for input that may be long in coming (tail -f
// into a full disk): the records can go nowhere.
func TestWriteErrorWhileInputIdle(t *testing.T) {
	for _, args := range [][]string{{"parse", "-q"}, {"normalize", "-q"}, {"extract", "-q"}} {
		inR, inW := io.Pipe()
		var errOut bytes.Buffer
		done := make(chan int)
		go func() { done <- run(args, inR, errWriter{}, &errOut) }()
		inW.Write([]byte("http://a/\n"))
		select {
		case code := <-done:
			if code != exitIO || !strings.Contains(errOut.String(), "disk full") {
				t.Errorf("%q: exit %d, stderr %q; want %d and the error", args, code, errOut.String(), exitIO)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("%q: still running 10 s after a write failed, while the input stays open", args)
		}
		inW.Close()
	}
}

// TestOutputPipeReaderGone checks -o onto a pipe whose reader goes away
// (fasturi ... -o /dev/stdout | head -1): the write fails and the command
// ends, rather than blocking on a pipe that it holds the read end of too.
func TestOutputPipeReaderGone(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	name := fmt.Sprintf("/proc/self/fd/%d", w.Fd())
	if _, err := os.Stat(name); err != nil {
		t.Skip("no /proc/self/fd:", err)
	}
	first := make([]byte, 10)
	var in strings.Builder
	for range 100000 {
		in.WriteString("http://a/b\n")
	}
	done := make(chan int)
	var errOut bytes.Buffer
	go func() {
		done <- run([]string{"normalize", "-q", "-o", name}, strings.NewReader(in.String()), io.Discard, &errOut)
	}()
	if _, err := io.ReadFull(r, first); err != nil || string(first) != "http://a/b" {
		t.Fatalf("first bytes %q, %v", first, err)
	}
	r.Close()
	select {
	case code := <-done:
		if code != exitIO || errOut.Len() != 0 {
			t.Errorf("exit %d, stderr %q; want %d and nothing (-q)", code, errOut.String(), exitIO)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("still writing 20 s after the pipe's reader went away")
	}
}

// TestMain runs the command itself, as main does, when the environment
// names its arguments (see runMain): a test can then run it as a process
// of its own.
func TestMain(m *testing.M) {
	if env, ok := os.LookupEnv(mainArgsEnv); ok {
		var args []string
		if err := json.Unmarshal([]byte(env), &args); err != nil {
			panic(err)
		}
		os.Args = append(os.Args[:1], args...)
		main()
	}
	os.Exit(m.Run())
}

// mainArgsEnv holds, as a JSON array, the arguments of the command that
// TestMain runs (an environment variable cannot hold a NUL).
const mainArgsEnv = "FASTURI_TEST_MAIN_ARGS"

// runMain returns the command line args as a process of its own: the test
// binary, which TestMain makes run main.
func runMain(args ...string) *exec.Cmd {
	env, err := json.Marshal(args)
	if err != nil {
		panic(err)
	}
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), mainArgsEnv+"="+string(env))
	return cmd
}

// TestStdoutReaderGone runs a command whose standard output is a pipe
// whose reader goes away (fasturi ... | head -1): the write fails, and the
// command exits 1 with a summary that says why, and no other message (none
// at all with -q), rather than being killed by SIGPIPE.
func TestStdoutReaderGone(t *testing.T) {
	for _, quiet := range []bool{false, true} {
		args := []string{"normalize"}
		want := "; the output was not all written: its reader has gone\n"
		if quiet {
			args, want = append(args, "-q"), ""
		}
		code, stderr := stdoutReaderGone(t, args...)
		lines := strings.Count(stderr, "\n")
		if code != exitIO || !strings.HasSuffix(stderr, want) || quiet && stderr != "" || !quiet && lines != 1 {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", args, code, stderr, exitIO, want)
		}
	}
}

// stdoutReaderGone runs the command of args on 200000 lines with a pipe
// for its standard output that is closed after the first 10 bytes, and
// returns its exit status and what it wrote to standard error.
func stdoutReaderGone(t *testing.T, args ...string) (int, string) {
	t.Helper()
	cmd := runMain(args...)
	cmd.Stdin = strings.NewReader(strings.Repeat("http://a/b\n", 200000))
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		if errors.Is(err, syscall.ENOEXEC) {
			t.Skipf("the test binary runs under an emulator, not as a process of its own: %v", err)
		}
		t.Fatal(err)
	}
	first := make([]byte, 10)
	if _, err := io.ReadFull(out, first); err != nil || string(first) != "http://a/b" {
		t.Fatalf("first bytes %q, %v", first, err)
	}
	out.Close()
	cmd.Wait() // the exit status is the caller's to check
	return cmd.ProcessState.ExitCode(), errOut.String()
}

// TestVersionAndUsageWriteErrors checks that version and -h report a
// failed write and exit 1, as the commands that write records do.
func TestVersionAndUsageWriteErrors(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}, {"-h"}, {"help"}, {"parse", "-h"}, {"help", "stats"}} {
		var errOut bytes.Buffer
		if code := run(args, strings.NewReader(""), errWriter{}, &errOut); code != exitIO || !strings.Contains(errOut.String(), "disk full") {
			t.Errorf("%q: exit %d, stderr %q; want %d and the error", args, code, errOut.String(), exitIO)
		}
	}
	code, out, _ := runCLI(t, "", "help", "stats")
	_, want, _ := runCLI(t, "", "stats", "-h")
	if code != exitOK || out != want || !strings.HasPrefix(out, "Usage: fasturi stats") {
		t.Errorf("help stats: exit %d, %.40q; want stats -h's usage", code, out)
	}
}

// TestWriteErrorLeavesNoGoroutine checks that after a write error the
// reader and the workers end once their input does, also when inputs that
// cannot be opened come next, each of which takes a chunk for its message.
func TestWriteErrorLeavesNoGoroutine(t *testing.T) {
	before := runtime.NumGoroutine()
	args := []string{"parse", "-q", "-"}
	for i := range inFlight() + 2 {
		args = append(args, filepath.Join(t.TempDir(), fmt.Sprint("missing", i)))
	}
	inR, inW := io.Pipe()
	done := make(chan int)
	go func() { done <- run(args, inR, errWriter{}, io.Discard) }()
	inW.Write([]byte("http://a/\n"))
	if code := <-done; code != exitIO {
		t.Fatalf("exit %d, want %d", code, exitIO)
	}
	inW.Close()
	waitGoroutines(t, before)
}

// waitGoroutines waits until no more goroutines run than before, for at
// most 10 s.
func waitGoroutines(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines 10 s after the command ended, %d before it", runtime.NumGoroutine(), before)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A read error on standard input ends the input there: the lines before
// it get their records, but not the start of the line it cut short, which
// could pass for a whole one ("http://partial" of "http://partial.example/");
// the error names what failed and what is left out, and the exit status
// is 1.
func TestStdinReadError(t *testing.T) {
	// A read error right after a first byte 0x1F, which may start a gzip
	// header: the bytes read still make the line they end.
	in := io.MultiReader(strings.NewReader("\x1fa\nb"), iotest.ErrReader(errors.New("device gone")))
	var out, stderr bytes.Buffer
	if code := run([]string{"parse", "-tsv"}, in, &out, &stderr); code != 1 || strings.Count(out.String(), "\n") != 1 ||
		!strings.Contains(stderr.String(), "fasturi: read standard input: device gone; an unfinished last line (1 byte) is left out\n") {
		t.Errorf("an error after 0x1F: exit %d, records %q, stderr %q", code, out.String(), stderr.String())
	}
	for _, readErr := range []error{
		errors.New("device gone"),
		// As os.Stdin's Read returns it: its cause is what is said.
		&fs.PathError{Op: "read", Path: "/dev/stdin", Err: errors.New("device gone")},
	} {
		in := io.MultiReader(strings.NewReader("http://a/\nb c\nhttp://partial"), iotest.ErrReader(readErr))
		var out, stderr bytes.Buffer
		code := run([]string{"parse", "-json"}, in, &out, &stderr)
		recs := jsonRecords(t, out.String(), 2)
		if code != 1 || recs[0]["valid"] != true || recs[1]["valid"] != false ||
			!strings.Contains(stderr.String(), "fasturi: read standard input: device gone; an unfinished last line (14 bytes) is left out\n") {
			t.Errorf("%T: exit %d, records %v, stderr %q", readErr, code, recs, stderr.String())
		}
	}
}

// dataThenError returns all of its data and err in one Read, as a reader
// may (io.Reader's contract).
type dataThenError struct {
	data string
	err  error
}

func (r *dataThenError) Read(p []byte) (int, error) {
	n := copy(p, r.data)
	r.data = r.data[n:]
	if r.data == "" {
		return n, r.err
	}
	return n, nil
}

// A read error that comes with the last bytes, more lines than a chunk
// holds among them: every whole line gets its record, the unfinished one
// does not, and the error says so.
func TestReadErrorWithData(t *testing.T) {
	lines := strings.Repeat("a\n", maxChunkLines+100)
	in := &dataThenError{lines + "http://partial", errors.New("device gone")}
	var out, stderr bytes.Buffer
	code := run([]string{"parse", "-tsv"}, in, &out, &stderr)
	if n := strings.Count(out.String(), "\n"); code != 1 || n != maxChunkLines+100 || strings.Contains(out.String(), "partial") ||
		!strings.Contains(stderr.String(), "device gone; an unfinished last line (14 bytes) is left out\n") {
		t.Errorf("exit %d, %d records (want %d), stderr %q", code, n, maxChunkLines+100, stderr.String())
	}
}

// TestFlagsAfterFiles: flags may follow the FILEs, and "--" makes what
// follows FILEs even when it starts with '-'.
func TestFlagsAfterFiles(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if err := os.WriteFile(a, []byte("http://a/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("http://b/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const recA, recB = `{"in":"http://a/","out":"http://a/"}`, `{"in":"http://b/","out":"http://b/"}`
	for _, tt := range []struct {
		args   []string
		stdin  string
		code   int
		out    string
		stderr string // a part of it
	}{
		{[]string{"normalize", a, "-json", "-q"}, "", 0, recA + "\n", ""},
		{[]string{"normalize", a, "-q", b, "-json"}, "", 0, recA + "\n" + recB + "\n", ""},
		{[]string{"normalize", "-q", "-", "-json", a}, "http://b/\n", 0, recB + "\n" + recA + "\n", ""},
		{[]string{"normalize", "-q", a, "--", "-json"}, "", exitIO, "http://a/\n", "open -json: "},
		{[]string{"normalize", a, "-json", "--", "--"}, "", exitIO, recA + "\n", "open --: "},
		{[]string{"normalize", a, "-nosuch"}, "", exitUsage, "", "fasturi normalize: flag provided but not defined: -nosuch"},
	} {
		code, out, stderr := runCLI(t, tt.stdin, tt.args...)
		if code != tt.code || out != tt.out || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d, %q, %q", tt.args, code, out, stderr, tt.code, tt.out, tt.stderr)
		}
	}
	// A "--" that a flag takes as its value ends no flags.
	t.Chdir(dir)
	if code, out, stderr := runCLI(t, "", "normalize", "-q", "-o", "--", "a", "-json"); code != 0 || out != "" || stderr != "" {
		t.Errorf("-o -- a -json: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	if got, err := os.ReadFile("--"); err != nil || string(got) != recA+"\n" {
		t.Errorf("-o -- a -json wrote %q (%v), want %q", got, err, recA+"\n")
	}
	if code, out, _ := runCLI(t, "", "normalize", "a", "-h"); code != 0 || !strings.HasPrefix(out, "Usage: fasturi normalize") {
		t.Errorf("a -h: exit %d, stdout %.40q; want the usage", code, out)
	}
}

// TestOutputIsStdout: -o naming the file that standard output is (as
// /dev/stdout does) writes to it as it is, as -o - does: a file the shell
// opened to append to keeps what it held.
func TestOutputIsStdout(t *testing.T) {
	path := filepath.Join(t.TempDir(), "app.txt")
	if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	code := run([]string{"normalize", "-q", "-o", path}, strings.NewReader("HTTP://A/b\n"), f, io.Discard)
	if got, err := os.ReadFile(path); code != 0 || err != nil || string(got) != "old\nhttp://a/b\n" {
		t.Errorf("exit %d, file %q (%v); want the record after what it held", code, got, err)
	}
}
