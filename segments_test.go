package fasturi

import (
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// collectSegments reads s to its end with Next.
func collectSegments(s *Segments) []string {
	var got []string
	for {
		seg, ok := s.Next()
		if !ok {
			return got
		}
		got = append(got, seg)
	}
}

// checkSegments reads a cursor twice over, with Next and with All.
func checkSegments(t *testing.T, name string, mk func() Segments, want []string) {
	t.Helper()
	s := mk()
	if got := collectSegments(&s); !slices.Equal(got, want) {
		t.Errorf("%s: Next gives %q, want %q", name, got, want)
	}
	if seg, ok := s.Next(); ok || seg != "" {
		t.Errorf("%s: Next after the end gives %q, %v", name, seg, ok)
	}
	s = mk()
	var got []string
	for seg := range s.All() {
		got = append(got, seg)
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s: All gives %q, want %q", name, got, want)
	}
	// A loop that breaks leaves the cursor after the segment it broke at.
	for n := range len(want) {
		s = mk()
		i := 0
		for range s.All() {
			if i++; i > n {
				break
			}
		}
		if got := collectSegments(&s); !slices.Equal(got, want[n+1:]) {
			t.Errorf("%s: after a break at segment %d, Next gives %q, want %q", name, n, got, want[n+1:])
		}
	}
}

// RFC 3986 section 3.3: a path is a sequence of segments separated by '/';
// an absolute path starts with one, and the empty path has no segment.
func TestSegments(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		// path-empty.
		{"", nil},
		// path-absolute and path-abempty.
		{"/", []string{""}},
		{"/a", []string{"a"}},
		{"/a/b", []string{"a", "b"}},
		{"/a/", []string{"a", ""}},
		{"//a", []string{"", "a"}},
		{"/a//b", []string{"a", "", "b"}},
		{"///", []string{"", "", ""}},
		{"/over/there", []string{"over", "there"}},
		// path-rootless and path-noscheme.
		{"a", []string{"a"}},
		{"a/b", []string{"a", "b"}},
		{"a/", []string{"a", ""}},
		{"a//", []string{"a", "", ""}},
		{"John.Doe@example.com", []string{"John.Doe@example.com"}},
		{"oasis:names:specification", []string{"oasis:names:specification"}},
		// Raw: an encoded '/' is data within its segment (section 2.4).
		{"/a%2Fb/c%20d", []string{"a%2Fb", "c%20d"}},
		{"/%2F", []string{"%2F"}},
		{"%2F%2F", []string{"%2F%2F"}},
		{"/caf%C3%A9/", []string{"caf%C3%A9", ""}},
		// Dot-segments (section 3.3) and parameters (";", "=") come as written.
		{"/./../a", []string{".", "..", "a"}},
		{"../g", []string{"..", "g"}},
		{"/%2E%2E/x", []string{"%2E%2E", "x"}},
		{"/b/c/d;p", []string{"b", "c", "d;p"}},
		{"g;x=1/../y", []string{"g;x=1", "..", "y"}},
	} {
		checkSegments(t, "NewSegments("+tt.in+")", func() Segments { return NewSegments(tt.in) }, tt.want)
		// Joined with '/', after the leading one, the segments are the path.
		lead := ""
		if strings.HasPrefix(tt.in, "/") {
			lead = "/"
		}
		if got := lead + strings.Join(tt.want, "/"); got != tt.in {
			t.Errorf("%q: the segments join to %q", tt.in, got)
		}
	}
}

func TestURISegments(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"http://h", nil}, // path-abempty, empty
		{"http://h/", []string{""}},
		{"http://h/a/b?x/y#z/w", []string{"a", "b"}}, // the path ends at '?' or '#'
		{"http://h?/a", nil},
		{"ftp://ftp.is.co.za/rfc/rfc1808.txt", []string{"rfc", "rfc1808.txt"}},
		{"mailto:John.Doe@example.com", []string{"John.Doe@example.com"}},
		{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", []string{"oasis:names:specification:docbook:dtd:xml:4.1.2"}},
		{"file:///etc/hosts", []string{"etc", "hosts"}},
		{"//h//x", []string{"", "x"}},
		{"s:/.//a", []string{".", "", "a"}},
		{"../a%2Fb", []string{"..", "a%2Fb"}},
		{"?q", nil},
		{"", nil},
	} {
		u, err := ParseString(tt.in)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, u.Err())
		}
		checkSegments(t, "URI.Segments("+tt.in+")", func() Segments { return u.Segments() }, tt.want)
	}
}

// Iteration takes only valid URIs: an invalid one has no segment.
func TestURISegmentsInvalid(t *testing.T) {
	for _, in := range []string{"http://h/a b/c", "http://h:x/a/b", "/a/%zz"} {
		u, _ := ParseString(in)
		su, _ := SplitString(in)
		for _, u := range []URI{u, su} {
			if u.Valid() {
				t.Fatalf("%q is valid", in)
			}
			checkSegments(t, "URI.Segments("+in+")", func() Segments { return u.Segments() }, nil)
		}
	}
	var s Segments
	if _, ok := s.Next(); ok {
		t.Errorf("the zero Segments yields a segment")
	}
}

func TestAllocsSegments(t *testing.T) {
	const path = "/over/there/a%2Fb//c/"
	u, _ := ParseString("foo://example.com" + path + "?q#f")
	testAllocs(t, "NewSegments and Next", func() {
		s := NewSegments(path)
		for {
			seg, ok := s.Next()
			if !ok {
				break
			}
			sinkStr = seg
		}
	})
	testAllocs(t, "URI.Segments and Next", func() {
		s := u.Segments()
		for {
			seg, ok := s.Next()
			if !ok {
				break
			}
			sinkStr = seg
		}
	})
	buf := make([]byte, 0, 64)
	testAllocs(t, "All in a range loop, with decoding", func() {
		s := u.Segments()
		for seg := range s.All() {
			buf, _, _ = AppendDecode(buf[:0], seg, 0)
		}
	})
	for _, in := range []string{"/a/b/c", "http://h/a%2Fb/?q", "rel/a//b"} {
		testAllocs(t, "URI.Segments(stack "+in+")", func() {
			var src [128]byte
			var dec [64]byte
			n := copy(src[:], in)
			u, _ := ParseString(unsafe.String(&src[0], n))
			s := u.Segments()
			for {
				seg, ok := s.Next()
				if !ok {
					break
				}
				d, _, _ := AppendDecode(dec[:0], seg, 0)
				sinkInt += len(d)
			}
		})
		testAllocs(t, "NewSegments(stack "+in+")", func() {
			var src [128]byte
			n := copy(src[:], in)
			s := NewSegments(unsafe.String(&src[0], n))
			for {
				seg, ok := s.Next()
				if !ok {
					break
				}
				sinkInt += len(seg)
			}
		})
	}
}

// BenchmarkSegments visits every segment of each valid URI's path: with a
// loop over Next, and with strings.Split, which Go code uses today and
// which allocates the slice it returns.
func BenchmarkSegments(b *testing.B) {
	for _, c := range benchCorpora(b) {
		paths := benchCorpus{name: c.name}
		for _, s := range c.uris {
			if u, err := ParseString(s); err == nil && u.RawPath() != "" {
				paths.uris = append(paths.uris, u.RawPath())
				paths.bytes += int64(len(u.RawPath()))
			}
		}
		b.Run("corpus="+c.name+"/impl=fasturi", func(b *testing.B) {
			runCorpus(b, paths, func(path string) {
				s, n := NewSegments(path), 0
				for seg, ok := s.Next(); ok; seg, ok = s.Next() {
					n += len(seg)
				}
				sinkInt = n
			})
		})
		b.Run("corpus="+c.name+"/impl=strings-split", func(b *testing.B) {
			runCorpus(b, paths, func(path string) {
				n := 0
				for _, seg := range strings.Split(strings.TrimPrefix(path, "/"), "/") {
					n += len(seg)
				}
				sinkInt = n
			})
		})
	}
}
