//go:build unix

package fasturi

import (
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// guarded maps size readable bytes between two PROT_NONE pages, so that a
// read of one byte before or after them faults.
func guarded(t *testing.T, size int) []byte {
	t.Helper()
	page := unix.Getpagesize()
	size = (size + page - 1) / page * page
	mem, err := unix.Mmap(-1, 0, size+2*page, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	t.Cleanup(func() { unix.Munmap(mem) })
	for _, g := range [][]byte{mem[:page], mem[page+size:]} {
		if err := unix.Mprotect(g, unix.PROT_NONE); err != nil {
			t.Fatalf("mprotect: %v", err)
		}
	}
	return mem[page : page+size : page+size]
}

// TestGuardPages runs every scanner level, and everything that scans with
// it (the parser, the splitter, the request-target parsers, Params and
// Finder), on inputs that start right after a PROT_NONE page and on inputs
// that end right before one; Decoded and AppendDecode, into a buffer that
// ends right before one too. A load before the first byte or past
// the last one faults, and the test binary dies with a traceback that names
// the function and its arguments (the input's address and length).
func TestGuardPages(t *testing.T) {
	const maxLen = 4*blockSize + 1
	mem := guarded(t, 2*maxLen)
	// Decoded's buffer, with room for exactly the query, before a guard
	// page: a store past the copy faults too.
	out := guarded(t, maxLen)

	// Contents that keep each walk going to the end (a valid path, an
	// origin-form target, a query, text with URIs, of every length) and
	// ones whose every byte is special.
	path := "http://h/" + strings.Repeat("a/%41", maxLen)
	origin := "/" + strings.Repeat("a/%41?", maxLen)
	query := strings.Repeat("a=%41&b+;", maxLen)
	text := strings.Repeat("x http://h/a%zz ", maxLen)
	fills := []func(i int) byte{
		func(i int) byte { return path[i] },
		func(i int) byte { return origin[i] },
		func(i int) byte { return query[i] },
		func(i int) byte { return text[i] },
		func(int) byte { return ' ' },
		func(int) byte { return '&' },
		func(i int) byte { return byte(i * 37) },
	}
	forEachLevel(t, func(t *testing.T, l scanLevel) {
		k, _ := levelKernels(l)
		for _, fill := range fills {
			for n := 0; n <= maxLen; n++ {
				for _, from := range []int{0, len(mem) - n} { // head, tail
					in := mem[from : from+n]
					for i := range in {
						in[i] = fill(i)
					}
					s := unsafe.String(unsafe.SliceData(in), len(in))
					if n >= k.minLen {
						sinkInt = int(k.scan(s) + k.stops(s) + k.query(s))
						a, b, c := k.first(s)
						sinkInt = int(a + b + c)
					}
					for off := 0; off <= n; off++ {
						a, b, c := scanFirst(s[off:])
						sinkInt = int(scan(s[off:]) + scanStops(s[off:]) + scanQuery(s[off:]) + a + b + c)
					}
					sinkURI, sinkErr = Parse(in)
					sinkURI, sinkV = Split(in)
					sinkURI, _, sinkErr = ParseRequestTarget("GET", in)
					sinkURI, _, sinkErr = ParseRequestTarget("OPTIONS", in)
					_, sinkErr = ParseRequestLine(in)
					p := NewParams(s, QuerySemicolon, 0)
					for k, v := range p.Decoded(nil, DecodePlusAsSpace) {
						sinkInt += len(k) + len(v)
					}
					for _, d := range []DecodeOption{0, DecodePlusAsSpace | DecodeNoControls} {
						p = NewParams(s, QuerySemicolon, 0)
						for k, v := range p.Decoded(out[len(out)-n:len(out)-n], d) {
							sinkInt += len(k) + len(v)
						}
						dec, _, _ := AppendDecode(out[len(out)-n:len(out)-n], s, d)
						sinkInt += len(dec)
					}
					p = NewParams(s, QuerySemicolon, 0)
					for k, v := range p.All() {
						sinkInt += len(k) + len(v)
					}
					p = NewParams(s, QuerySemicolon, 0)
					for k, v, ok := p.Next(); ok; k, v, ok = p.Next() {
						sinkInt += len(k) + len(v)
					}
					f := NewFinderString(s)
					for span := range f.All() {
						sinkInt += int(span.End)
					}
				}
			}
		}
	})
}
