package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gzipped returns the members, each compressed on its own and then
// concatenated, as cat a.gz b.gz writes them.
func gzipped(t *testing.T, members ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, m := range members {
		zw := gzip.NewWriter(&b)
		if _, err := zw.Write([]byte(m)); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// TestGzipInput: a FILE compressed with gzip gives the records of its
// decompressed lines, every member's; a damaged one is a read error after
// the lines it gave, and the unfinished line it cuts short is not one of
// them; standard input likewise.
func TestGzipInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	lines := "http://a/\nhttp://b c/\n\xff\r\n"
	more := "/x?y\nlast line without an ending"
	plain := write("plain.log", []byte(lines+more))
	gz := write("log.gz", gzipped(t, lines, more))
	for _, args := range [][]string{
		{"parse", "-json", "-q"},
		{"parse", "-tsv", "-lenient", "-q"},
		{"stats", "-json", "-q"},
		{"normalize", "-json", "-q"},
	} {
		_, want, _ := runCLI(t, "", append(args, plain)...)
		code, got, stderr := runCLI(t, "", append(args, gz)...)
		if code != 0 || got != want || stderr != "" {
			t.Errorf("%v on gzip: exit %d, stderr %q, output\n%s\nwant the plain file's\n%s", args, code, stderr, got, want)
		}
	}

	// Cut inside its second member: the first member's lines, then the
	// error, in order, and exit 1.
	whole := gzipped(t, lines, strings.Repeat("http://h/\n", 1000))
	cut := write("cut.gz", whole[:len(whole)-20])
	code, out, stderr := runCLI(t, "", "parse", "-tsv", "-q", cut)
	if code != exitIO || !strings.HasPrefix(out, "http://a/\ttrue\t") || !strings.Contains(stderr, "read "+cut+": unexpected EOF") {
		t.Errorf("cut gzip: exit %d, stderr %q, output starts %.40q", code, stderr, out)
	}

	// Cut inside a line: the lines before it, but not the start of that
	// one, which would pass for a line of its own.
	var sb strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&sb, "http://example.com/path/%06d\n", i)
	}
	whole = gzipped(t, sb.String())
	cut = write("midline.gz", whole[:len(whole)/2])
	zr, err := gzip.NewReader(bytes.NewReader(whole[:len(whole)/2]))
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != io.ErrUnexpectedEOF {
		t.Fatalf("reading the cut file: %v", err)
	}
	complete := bytes.LastIndexByte(got, '\n') + 1
	if complete == len(got) {
		t.Fatal("the cut falls between two lines: cut elsewhere")
	}
	for _, args := range [][]string{{"parse", "-tsv", "-q"}, {"normalize", "-q"}} {
		code, out, stderr = runCLI(t, "", append(args, cut)...)
		lines := strings.SplitAfter(out, "\n")
		wantErr := fmt.Sprintf("read %s: unexpected EOF; an unfinished last line (%d bytes) is left out", cut, len(got)-complete)
		if code != exitIO || len(lines) != bytes.Count(got, []byte{'\n'})+1 || !strings.Contains(stderr, wantErr) {
			t.Errorf("%v on a gzip file cut inside a line: exit %d, stderr %q, %d records; want exit %d, %q, %d records",
				args, code, stderr, len(lines)-1, exitIO, wantErr, bytes.Count(got, []byte{'\n'}))
		}
		if last := lines[len(lines)-2]; !strings.HasPrefix(last, strings.TrimSuffix(string(got[bytes.LastIndexByte(got[:complete-1], '\n')+1:complete]), "\n")) {
			t.Errorf("%v: the last record is %q; want the last whole line's", args, last)
		}
	}

	// A text file that starts with gzip's magic bytes but not with the
	// rest of a member's fixed header is text: every line gives a record.
	for _, head := range []string{
		"\x1f\x8b",                  // no more
		"\x1f\x8bhttp://a/",         // method 'h', not 8
		"\x1f\x8b\x08\xe0http://a/", // a reserved flag
	} {
		f := write("fake.txt", []byte(head+"\nhttp://b/\n"))
		code, out, stderr := runCLI(t, "", "parse", "-json", "-q", f)
		if n := strings.Count(out, "\n"); code != 0 || n != 2 || !strings.Contains(out, `"in":"http://b/"`) {
			t.Errorf("a text file starting %q: exit %d, stderr %q, %d records %q; want 2", head, code, stderr, n, out)
		}
	}
	short := write("short.txt", []byte("\x1f\x8b\x08\x00\n")) // shorter than a header
	if code, out, stderr := runCLI(t, "", "parse", "-json", "-q", short); code != 0 || strings.Count(out, "\n") != 1 {
		t.Errorf("a 5-byte file starting as gzip does: exit %d, stderr %q, records %q; want 1", code, stderr, out)
	}

	// Standard input is decompressed as a file is, every member; and
	// read as text when it does not start with a whole gzip header, or
	// is empty.
	for _, args := range [][]string{{"parse", "-json", "-q"}, {"stats", "-json", "-q"}} {
		_, want, _ := runCLI(t, "", append(args, plain)...)
		code, got, stderr := runCLI(t, string(gzipped(t, lines, more)), args...)
		if code != 0 || got != want || stderr != "" {
			t.Errorf("%v on gzip standard input: exit %d, stderr %q, output\n%s\nwant the plain file's\n%s", args, code, stderr, got, want)
		}
	}
	for in, want := range map[string]int{
		"":                               0,
		"\x1f":                           1,
		"\x1f\x8b\x08\x00\n":             1,
		"\x1f\x8bhttp://a/\nhttp://b/\n": 2,
		"http://a/\n\x1f\x8b\x08\x00":    2,
	} {
		code, out, stderr := runCLI(t, in, "parse", "-json", "-q")
		if n := strings.Count(out, "\n"); code != 0 || n != want {
			t.Errorf("standard input %q: exit %d, stderr %q, %d records %q; want %d", in, code, stderr, n, out, want)
		}
	}
	code, out, stderr = runCLI(t, string(whole[:len(whole)/2]), "parse", "-tsv", "-q")
	if code != exitIO || !strings.Contains(stderr, "read standard input: unexpected EOF") || !strings.HasPrefix(out, "http://example.com/path/000000\t") {
		t.Errorf("cut gzip on standard input: exit %d, stderr %q, output starts %.40q", code, stderr, out)
	}
}

// TestGzipBytes: the progress line counts the bytes of the file, which
// its size is compared with, and the summary the bytes of the lines.
func TestGzipBytes(t *testing.T) {
	lines := strings.Repeat("http://example.com/a/b?c=d\n", 5000)
	data := gzipped(t, lines)
	path := filepath.Join(t.TempDir(), "log.gz")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	p := &processor{fn: func(dst, line []byte) ([]byte, bool) { return dst, true }, out: io.Discard, stderr: io.Discard}
	tot, err := p.process([]string{path}, nil)
	if err != nil || tot.failed {
		t.Fatal(err, tot.failed)
	}
	if got := p.bytes.Load(); got != int64(len(data)) {
		t.Errorf("bytes read for the progress line: %d, want the file's %d", got, len(data))
	}
	if tot.bytes != int64(len(lines)) || tot.lines != 5000 {
		t.Errorf("summary: %d bytes, %d lines; want %d and 5000", tot.bytes, tot.lines, len(lines))
	}
}
