package fasturi

import (
	"iter"
	"strings"
)

// Segments iterates over the segments of a path (RFC 3986 section 3.3):
// the path split at every '/', but for the '/' that starts an absolute
// path, which has no segment before it.
//
//	path    segments
//	""      none
//	"/"     ""
//	"/a/b"  "a", "b"
//	"a/b"   "a", "b"
//	"/a/"   "a", ""
//	"//a"   "", "a"
//
// The empty path has no segment, while "/" has one, empty. Segments are
// raw, still percent-encoded: the path is split before anything is
// decoded (section 2.4), so "a%2Fb" is one segment, whose decoded form
// (AppendDecode) holds a '/' that is data. Dot-segments ("." and "..")
// come as they are: remove them first with AppendNormalize, which decodes
// "%2E" before it removes them, when the segments name a file.
//
// Segments is a cursor: a small value that refers to the path and copies
// nothing. Its methods take a pointer, as they advance it: keep it in a
// variable (s := u.Segments(), then range over s.All()), where a second
// loop goes on from where the first stopped. Iterating does not allocate.
// The zero Segments yields nothing.
type Segments struct {
	s   string // the path, without its leading '/'
	pos int    // offset in s of the next segment
	ok  bool   // whether a segment is left: false for the empty path
}

// NewSegments returns a cursor over the segments of path (see Segments).
func NewSegments(path string) Segments {
	if path == "" {
		return Segments{}
	}
	return Segments{s: strings.TrimPrefix(path, "/"), ok: true}
}

// Segments returns a cursor over the segments of u's path (see Segments).
//
// u must be valid: otherwise the cursor yields nothing. Check Valid, or the
// error of Parse, first.
func (u *URI) Segments() Segments {
	if u.errKind != 0 {
		return Segments{}
	}
	return NewSegments(u.RawPath())
}

// Next returns the next segment, raw (still percent-encoded), and true; or
// false when there is none left.
func (s *Segments) Next() (segment string, ok bool) {
	if s.ok { // inlined: a loop over Next makes no call after the last segment
		segment, ok = s.next()
	}
	return segment, ok
}

// next is Next once a segment is known to be left. It searches each
// segment for its '/' with IndexByte: walking the scanner's masks instead
// takes a third less time on paths of many segments (isaacs_files) but
// up to 15% more on the short paths of most URLs (BenchmarkSegments).
func (s *Segments) next() (segment string, ok bool) {
	rest := s.s[s.pos:]
	i := strings.IndexByte(rest, '/')
	if i < 0 {
		s.ok = false // the last segment
		return rest, true
	}
	s.pos += i + 1
	return rest[:i], true
}

// All returns an iterator over the remaining segments, as Next yields them.
// It advances s itself. As with Params.All, a range loop moves a path held
// in a buffer on the caller's stack to the heap; Next does not.
func (s *Segments) All() iter.Seq[string] {
	return func(yield func(segment string) bool) {
		for {
			seg, ok := s.Next()
			if !ok || !yield(seg) {
				return
			}
		}
	}
}
