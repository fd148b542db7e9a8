package corpus

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

func TestWriteJunk(t *testing.T) {
	const lines = LongJunkEvery + LongJunkFirst + 1 // two long lines
	var a, b bytes.Buffer
	n, err := WriteJunk(&a, lines, 1)
	if err != nil || n != int64(a.Len()) {
		t.Fatalf("WriteJunk: %d, %v; wrote %d", n, err, a.Len())
	}
	WriteJunk(&b, lines, 1)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("same seed, different junk")
	}
	data := a.Bytes()
	if data[len(data)-1] == '\n' {
		t.Error("the last line ends in a newline")
	}
	if got := bytes.Count(data, []byte("\n")) + 1; got != lines {
		t.Errorf("%d lines, want %d", got, lines)
	}
	var empty, cr, nul, long, invalid int
	for _, l := range bytes.Split(data, []byte("\n")) {
		switch {
		case len(l) == 0:
			empty++
		case len(l) > 1<<20:
			long++
		}
		if bytes.HasSuffix(l, []byte("\r")) {
			cr++
		}
		if bytes.IndexByte(l, 0) >= 0 {
			nul++
		}
		if !utf8.Valid(l) {
			invalid++
		}
	}
	if empty == 0 || cr == 0 || nul == 0 || long != 2 || invalid == 0 {
		t.Errorf("%d empty lines, %d ending in CR, %d with NUL, %d long, %d not UTF-8", empty, cr, nul, long, invalid)
	}
}
