package main

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/fasturi/fasturi/internal/corpus"
)

func TestAppendProgress(t *testing.T) {
	for _, tc := range []struct {
		bytes, lines, total int64
		elapsed             time.Duration
		want                string
	}{
		{41e6, 2e6, 100e6, time.Second, "\r\033[Kfasturi [########............]  41%  41.0 MB of 100.0 MB  2.0 M lines/s  0:01 left"},
		{3e9, 60e6, 2.9e9, 3 * time.Second, "\r\033[Kfasturi [####################] 100%  3.0 GB of 2.9 GB  20.0 M lines/s  0:00 left"},
		{5e6, 1e5, 0, 2 * time.Second, "\r\033[Kfasturi 5.0 MB  0.1 M lines/s"},
		{1e6, 1, 7200e6, time.Second, "\r\033[Kfasturi [....................]   0%  1.0 MB of 7.2 GB  0.0 M lines/s  1:59:59 left"},
	} {
		if got := string(appendProgress(nil, tc.bytes, tc.lines, tc.total, tc.elapsed, 0)); got != tc.want {
			t.Errorf("appendProgress(%d, %d, %d, %v) =\n%q\nwant\n%q", tc.bytes, tc.lines, tc.total, tc.elapsed, got, tc.want)
		}
	}
}

// TestAppendProgressWidth checks that the progress line stays narrower
// than the terminal: whole when it fits, else without its bar, else cut.
func TestAppendProgressWidth(t *testing.T) {
	const full = "fasturi [##..................]  14%  100.0 MB of 700.0 MB  123.4 M lines/s  3:00:00 left"
	const noBar = "fasturi  14%  100.0 MB of 700.0 MB  123.4 M lines/s  3:00:00 left"
	for _, tc := range []struct {
		width int
		want  string
	}{
		{0, full}, {len(full) + 1, full}, {len(full), noBar}, {80, noBar},
		{len(noBar) + 1, noBar}, {len(noBar), noBar[:len(noBar)-1]}, {20, noBar[:19]}, {1, ""},
	} {
		got := string(appendProgress(nil, 100e6, 123.4e6*1800, 700e6, 1800*time.Second, tc.width))
		if want := "\r\033[K" + tc.want; got != want {
			t.Errorf("width %d:\n got %q\nwant %q", tc.width, got, want)
		}
	}
}

// onTerminal runs the command line args with standard error on a
// pseudo-terminal, and standard output on stdout, and returns the exit
// status and what the terminal showed.
func onTerminal(t *testing.T, stdout io.Writer, args ...string) (int, string) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	shown := make(chan string)
	go func() {
		var b bytes.Buffer
		io.Copy(&b, ptmx) // until the terminal closes
		shown <- b.String()
	}()
	if stdout == nil {
		stdout = tty
	}
	for i := range args {
		if args[i] == "$TTY" {
			args[i] = tty.Name()
		}
	}
	code := run(args, strings.NewReader(""), stdout, tty)
	tty.Close()
	return code, <-shown
}

// TestProgressOnTerminal checks the progress line under a
// pseudo-terminal: shown for a large input, rewritten in place, with a bar
// and the time left, and cleared before the summary; not shown for a small
// input, with -q, or over records written to the same terminal.
func TestProgressOnTerminal(t *testing.T) {
	defer func(d time.Duration) { progressInterval = d }(progressInterval)
	progressInterval = time.Millisecond
	large := writeLog(t, corpus.LogURIs, 48<<20, 3)
	small := writeLog(t, corpus.LogURIs, 1<<20, 3)
	medium := writeLog(t, corpus.LogURIs, 6<<20, 3)

	// /dev/null is a character device but no terminal: records sent
	// there do not hide the progress line, as timing runs send them.
	devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	for _, tc := range []struct {
		stdout io.Writer
		args   []string
	}{
		{io.Discard, []string{"parse", "-tsv", large}},
		{io.Discard, []string{"stats", large}},
		{devNull, []string{"parse", "-json", large}},
	} {
		args := tc.args
		code, shown := onTerminal(t, tc.stdout, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %q", args, code, shown)
		}
		if !strings.Contains(shown, "\r\033[Kfasturi [") || !strings.Contains(shown, " left") || !strings.Contains(shown, "% ") {
			t.Errorf("%v: no progress line with a bar and the time left in %.300q", args, shown)
			continue
		}
		last := shown[strings.LastIndex(shown, "\r\033[K"):]
		if !strings.HasPrefix(last, "\r\033[Kfasturi: ") || !strings.Contains(last, " lines, ") {
			t.Errorf("%v: the progress line is not cleared before the summary: %q", args, last)
		}
	}
	for _, tc := range []struct {
		why    string
		stdout io.Writer
		args   []string
	}{
		{"a small input", io.Discard, []string{"parse", "-tsv", small}},
		{"-q", io.Discard, []string{"parse", "-tsv", "-q", large}},
		{"records on the terminal", nil, []string{"parse", "-tsv", medium}},
		{"records on the terminal through -o", io.Discard, []string{"parse", "-tsv", "-o", "$TTY", medium}},
	} {
		_, shown := onTerminal(t, tc.stdout, tc.args...)
		if strings.Contains(shown, "fasturi [") || strings.Contains(shown, " left") {
			t.Errorf("%s: progress shown: %.200q", tc.why, shown)
		}
	}
}
