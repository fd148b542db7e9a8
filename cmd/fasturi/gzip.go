package main

import (
	"io"
	"os"
	"sync/atomic"
)

// gzipMagic starts every gzip member (RFC 1952 section 2.3.1). No line of
// a URI list or an access log does: 0x1F is a control byte and 0x8B no
// UTF-8 lead byte.
var gzipMagic = [2]byte{0x1f, 0x8b}

// isGzip reports whether f is a regular file that starts with gzip's magic
// bytes. It reads them with ReadAt, which leaves f's offset as it was. A
// pipe, a FIFO or a terminal is not looked at: waiting there for two bytes
// could hold back the record of a first line of one byte.
func isGzip(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	var magic [2]byte
	n, _ := f.ReadAt(magic[:], 0)
	return n == len(magic) && magic == gzipMagic
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
