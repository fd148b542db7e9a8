package main

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestCutLines(t *testing.T) {
	for _, tt := range []struct {
		in   string
		max  int
		want int
	}{
		{"", 2, 0},
		{"a\nb\n", 2, 4},
		{"a\nb\nc", 2, 5}, // a last line without an ending is not cut off
		{"a\nb\nc\n", 2, 4},
		{"\n\n\n\n", 3, 3},
		{"aaaa\nb\n", 1, 5},
	} {
		if got := cutLines([]byte(tt.in), tt.max); got != tt.want {
			t.Errorf("cutLines(%q, %d) = %d, want %d", tt.in, tt.max, got, tt.want)
		}
	}
}

// Runs of empty and one-byte lines are cut into chunks of at most
// maxChunkLines lines, read from a pipe a byte or a megabyte at a time, and
// still give one record per line, in order.
func TestShortLinesInChunks(t *testing.T) {
	var in strings.Builder
	n := 0
	for i := range 5 * maxChunkLines {
		switch i % 7 {
		case 0:
			in.WriteString("a\n")
		case 1:
			in.WriteString("\r\n")
		default:
			in.WriteString("\n")
		}
		n++
	}
	in.WriteString("http://h/" + strings.Repeat("x", 3*chunkSize) + "\n") // a long line after them
	in.WriteString("z\r")                                                 // and a last one without an ending, whose '\r' is data
	n += 2
	for name, r := range map[string]func() io.Reader{
		"whole":         func() io.Reader { return strings.NewReader(in.String()) },
		"a byte a time": func() io.Reader { return oneByteReader{strings.NewReader(in.String())} },
	} {
		var got bytes.Buffer
		for _, c := range readChunks(t, r()) {
			if l := bytes.Count(c, []byte("\n")); l > maxChunkLines {
				t.Fatalf("%s: a chunk of %d lines", name, l)
			}
			got.Write(c)
		}
		if got.String() != in.String() {
			t.Fatalf("%s: the chunks are not the input", name)
		}
		var out bytes.Buffer
		p := &processor{fn: func(dst, line []byte) ([]byte, bool) { return append(dst, line...), true }, out: &out, stderr: io.Discard}
		tot, err := p.process([]string{"-"}, r())
		if err != nil || tot.lines != int64(n) {
			t.Fatalf("%s: %d lines, %v; want %d", name, tot.lines, err, n)
		}
		if want := strings.ReplaceAll(in.String(), "\r\n", "\n") + "\n"; out.String() != want {
			t.Errorf("%s: the records are not the lines", name)
		}
	}
}

// Short lines after a long one come in chunks of their usual size: the
// room the long line grew takes in no more than a chunk at a time, so that
// the lines after it are not copied on from chunk to chunk (quadratic in
// their number) nor held in large buffers.
func TestShortLinesAfterLongLine(t *testing.T) {
	in := strings.Repeat("a", 40*chunkSize) + "\n" + strings.Repeat("\n", 20*maxChunkLines)
	chunks, caps := readChunkCaps(t, strings.NewReader(in))
	var got bytes.Buffer
	for i, c := range chunks {
		got.Write(c)
		if !bytes.Contains(c, []byte("a")) && caps[i] > maxKeepIn {
			t.Errorf("chunk %d: %d short lines in a buffer of %d bytes, more than %d", i, bytes.Count(c, []byte("\n")), caps[i], maxKeepIn)
		}
	}
	if got.String() != in {
		t.Fatal("the chunks are not the input")
	}
}

// readChunks returns the inputs of the chunks that readFile cuts r into.
func readChunks(t *testing.T, r io.Reader) [][]byte {
	chunks, _ := readChunkCaps(t, r)
	return chunks
}

// readChunkCaps returns the inputs of the chunks that readFile cuts r
// into, and the capacity of each one's buffer.
func readChunkCaps(t *testing.T, r io.Reader) ([][]byte, []int) {
	p := &processor{free: make(chan *chunk, 1), work: make(chan *chunk, 1), pending: make(chan *chunk, 1)}
	p.free <- &chunk{}
	done := make(chan error, 1)
	go func() {
		done <- p.readFile(r, "-", nil)
		close(p.work)
	}()
	var chunks [][]byte
	var caps []int
	for c := range p.work {
		<-p.pending
		chunks = append(chunks, bytes.Clone(c.in))
		caps = append(caps, cap(c.in))
		c.reset()
		p.free <- c
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	return chunks, caps
}

type oneByteReader struct{ r io.Reader }

func (o oneByteReader) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	return o.r.Read(b[:1])
}

// A read error shown while a progress line is on the terminal takes that
// line's row, cleared, rather than being written after the progress text.
func TestReadErrorClearsProgress(t *testing.T) {
	var stderr bytes.Buffer
	p := &processor{fn: func(dst, line []byte) ([]byte, bool) { return dst, true }, out: io.Discard, stderr: &stderr, progress: true}
	in := io.MultiReader(strings.NewReader("a\n"), iotest.ErrReader(errors.New("device gone")))
	if _, err := p.process([]string{"-"}, in); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr.String(), "\r\033[Kfasturi: read standard input: device gone\n") {
		t.Errorf("stderr %q", stderr.String())
	}
}
