package main

import (
	"bytes"
	"compress/gzip"
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
// A named pipe or a device is not looked at: standard input is, by
// sniffGzip.
func isGzip(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	var h [gzipHeaderLen]byte
	n, _ := f.ReadAt(h[:], 0)
	return isGzipHeader(h[:n])
}

// gzipHeaderLen is the length of a gzip member's fixed header: ID1, ID2,
// CM, FLG, MTIME (4), XFL, OS.
const gzipHeaderLen = 10

// isGzipHeader reports whether h is a gzip member's whole fixed header.
func isGzipHeader(h []byte) bool {
	return len(h) == gzipHeaderLen && h[0] == 0x1f && h[1] == 0x8b && h[2] == 8 && h[3]&0xe0 == 0
}

// sniffGzip returns what r reads, decompressed when it starts with a gzip
// member's fixed header (see isGzip), as cat log.gz | fasturi reads it. It
// reads one byte first and waits for the header's others only after a
// 0x1F, with which no text starts, so that a pipe's first line of text is
// not held back. Its error is the one the gzip header gave; a read error
// comes from the reader it returns, after the bytes read before it.
func sniffGzip(r io.Reader) (io.Reader, error) {
	var h [gzipHeaderLen]byte
	n, err := io.ReadFull(r, h[:1])
	if n == 1 && h[0] == 0x1f {
		var m int
		m, err = io.ReadFull(r, h[1:])
		n += m
	}
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return bytes.NewReader(h[:n]), nil // all there is
	case err != nil:
		// The bytes read, then the error, as readFile reports any read
		// error: after the lines they end, with the unfinished one's size.
		return io.MultiReader(bytes.NewReader(h[:n]), errReader{err}), nil
	}
	head := io.MultiReader(bytes.NewReader(h[:n]), r)
	if isGzipHeader(h[:n]) {
		return gzip.NewReader(head) // every member, as in a file
	}
	return head, nil
}

// An errReader returns err from every Read.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

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
