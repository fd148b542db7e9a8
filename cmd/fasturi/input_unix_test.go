//go:build unix

package main

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// After a write error, the reader opens no further input: one that is a
// FIFO without a writer would block it in open for good. Standard input
// first, whose reading stops at the error, checks that its stop is not
// taken for its end.
func TestWriteErrorOpensNoMoreInput(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	before := runtime.NumGoroutine()
	inR, inW := io.Pipe()
	done := make(chan int)
	go func() { done <- run([]string{"parse", "-q", "-", fifo}, inR, errWriter{}, io.Discard) }()
	inW.Write([]byte("http://a/\n"))
	if code := <-done; code != exitIO {
		t.Fatalf("exit %d, want %d", code, exitIO)
	}
	inW.Close()
	waitGoroutines(t, before) // the reader, blocked in opening the FIFO, would stay
}

// A standard input that cannot be read is named once, as a file is: the
// error of os.File names it /dev/stdin, or by the path it was opened with.
func TestStdinNamedOnce(t *testing.T) {
	dir, err := os.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Close()
	var stderr strings.Builder
	code := run([]string{"parse"}, dir, io.Discard, &stderr)
	if code != exitIO || !strings.HasPrefix(stderr.String(), "fasturi: read standard input: is a directory\n") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}
