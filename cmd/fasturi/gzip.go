package main

import (
	"io"
	"os"
	"sync/atomic"
)

// isGzip reports whether f is a regular file that starts with a gzip
// member's fixed header (RFC 1952 section 2.3.1): the magic bytes 0x1F
// 0x8B, the compression method 8 (deflate, the only one defined) and flags
// whose reserved bits are zero. No line of a URI list or an access log
// starts so (0x1F is a control byte and 0x8B no UTF-8 lead byte), and a
// text file that happens to start with the magic bytes alone is still
// read as text. It reads with ReadAt, which leaves f's offset as it was.
// A pipe, a FIFO or a terminal is not looked at: waiting there for the
// header could hold back the record of a first line of one byte.
func isGzip(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	var h [10]byte // ID1, ID2, CM, FLG, MTIME (4), XFL, OS
	n, _ := f.ReadAt(h[:], 0)
	return n == len(h) && h[0] == 0x1f && h[1] == 0x8b && h[2] == 8 && h[3]&0xe0 == 0
}

// A countingReader counts in n the bytes that Read returns: the input's
// bytes as they are, compressed or not, which the progress line compares
// with the input's size.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(b []byte) (int, error) {
	k, err := c.r.Read(b)
	c.n.Add(int64(k))
	return k, err
}
