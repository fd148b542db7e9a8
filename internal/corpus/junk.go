package corpus

import (
	"bufio"
	"io"
	"math/rand/v2"
	"slices"
)

// WriteJunk writes a line of megabytes as its line LongJunkFirst (from 0),
// and every LongJunkEvery lines after it.
const (
	LongJunkFirst = 999
	LongJunkEvery = 1 << 16
)

// WriteJunk writes lines lines of junk, drawn deterministically from seed,
// for testing that a line-oriented tool neither crashes nor loses, merges
// or splits lines, whatever the bytes: Generate's URIs mutated with binary
// bytes, NUL, invalid and valid UTF-8, quotes, backslashes, tabs and other
// controls, and carriage returns alone; lines of random bytes; empty lines;
// lines ending in "\r\n"; lines of 1 to 4 MB (see LongJunkFirst);
// and a last line without a line ending. No line holds "\n", so a reader
// that splits on "\n" sees exactly lines lines. It returns the number of
// bytes written.
func WriteJunk(w io.Writer, lines int, seed uint64) (int64, error) {
	bw := bufio.NewWriterSize(w, 1<<16)
	r := rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
	j := junkWriter{r: r, g: generator{r: r}}
	var n int64
	for i := range lines {
		var line []byte
		if i%LongJunkEvery == LongJunkFirst {
			line = j.long()
		} else {
			line = j.line()
			for i == lines-1 && len(line) == 0 {
				line = j.line() // an empty last line without "\n" is no line
			}
		}
		m, err := bw.Write(line)
		n += int64(m)
		if err == nil && i < lines-1 {
			err = bw.WriteByte('\n')
			n++
		}
		if err != nil {
			return n, err
		}
	}
	return n, bw.Flush()
}

type junkWriter struct {
	r   *rand.Rand
	g   generator
	buf []byte
}

// junkBytes are the bytes that line-oriented tools get wrong.
var junkBytes = []byte("\x00\r\t\"\\\x01\x08\x0b\x0c\x1b\x1f\x7f\x80\xbf\xc0\xc1\xf5\xff ")

// junkSeqs are byte sequences that UTF-8 decoders and escapers get wrong:
// valid multi-byte characters, truncated, overlong and surrogate ones, and
// a byte order mark.
var junkSeqs = []string{
	"\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xef\xbb\xbf", "\xe2\x80\xa8",
	"\xc3", "\xe2\x82", "\xf0\x9f\x98", "\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
	"\\N", "\\t", `\u0000`, "%00", "%0d%0a", "\r\r", "\t\t",
}

// line returns one line of junk, without a line ending (it may end in
// "\r", which readers take as part of a "\r\n" ending).
func (j *junkWriter) line() []byte {
	r := j.r
	b := j.buf[:0]
	switch p := r.IntN(100); {
	case p < 5:
		// empty
	case p < 7:
		b = append(b, '\r') // a "\r\n" ending alone
	case p < 20:
		// random bytes, except "\n"
		for range r.IntN(200) {
			c := byte(r.UintN(255))
			if c >= '\n' {
				c++
			}
			b = append(b, c)
		}
	default:
		// a URI, mutated
		b = append(b, j.g.uri()...)
		for range r.IntN(4) {
			if len(b) == 0 {
				break
			}
			i := r.IntN(len(b) + 1)
			switch r.IntN(4) {
			case 0: // a byte replaced
				if i < len(b) {
					b[i] = junkBytes[r.IntN(len(junkBytes))]
				}
			case 1: // a byte inserted
				b = slices.Insert(b, i, junkBytes[r.IntN(len(junkBytes))])
			case 2: // a sequence inserted
				b = slices.Insert(b, i, []byte(junkSeqs[r.IntN(len(junkSeqs))])...)
			default: // cut short
				b = b[:i]
			}
		}
		if r.IntN(10) == 0 {
			b = append(b, '\r') // "\r\n"
		}
	}
	j.buf = b
	return b
}

// long returns a line of 1 to 4 MB: a URI with a long path, possibly
// with junk bytes in it.
func (j *junkWriter) long() []byte {
	r := j.r
	b := append(j.buf[:0], "http://example.com/"...)
	n := 1<<20 + r.IntN(3<<20)
	binary := r.IntN(2) == 0
	for len(b) < n {
		if binary && r.IntN(64) == 0 {
			b = append(b, junkBytes[r.IntN(len(junkBytes))])
		} else {
			b = append(b, 'a'+byte(r.IntN(26)))
		}
	}
	j.buf = b
	return b
}
