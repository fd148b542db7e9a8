package fasturi

import "testing"

func TestRemoveDotSegments(t *testing.T) {
	for _, tt := range []struct {
		in, want  string
		underflow int // offset in the input of the ".." that climbed, or -1
	}{
		// The examples of RFC 3986 section 5.2.4.
		{"/a/b/c/./../../g", "/a/g", -1},
		{"mid/content=5/../6", "mid/6", -1},
		// Each rule, and the edges around it.
		{"", "", -1},
		{"/", "/", -1},
		{".", "", -1},
		{"..", "", 0},
		{"./a", "a", -1},
		{"../a", "a", 0},
		{"../../a", "a", 0},
		{"/.", "/", -1},
		{"/./", "/", -1},
		{"/..", "/", 1},
		{"/../", "/", 1},
		{"/../a", "/a", 1},
		{"/a/..", "/", -1},
		{"/a/../", "/", -1},
		{"/a/b/..", "/a/", -1},
		{"/a/b/.", "/a/b/", -1},
		{"/a/./b", "/a/b", -1},
		{"/a//b/../c", "/a//c", -1},
		{"/a/..//b", "//b", -1},
		{"a/..", "/", -1}, // the RFC's algorithm roots a rootless path it empties
		{"a/../b", "/b", -1},
		{"a/b/../../..", "/", 10},
		{"/a/b/c/../../../../d", "/d", 16},
		{"/.../a", "/.../a", -1}, // "..." is an ordinary segment
		{"/a/.b/..c/", "/a/.b/..c/", -1},
		{"/a/%2E%2E/b", "/a/%2E%2E/b", -1}, // encoded dots are data
		{"/a/.%2E/b", "/a/.%2E/b", -1},
		{"//a/../b", "//b", -1},
	} {
		got, underflow := appendRemoveDotSegments([]byte("prefix:"), tt.in)
		if string(got) != "prefix:"+tt.want || underflow != tt.underflow {
			t.Errorf("remove_dot_segments(%q) = %q, underflow at %d; want %q, %d", tt.in, got[len("prefix:"):], underflow, tt.want, tt.underflow)
		}
	}
}

// TestRemoveDotSegmentsKeepsTail checks that what follows the path moves
// with its end, whatever the path becomes.
func TestRemoveDotSegmentsKeepsTail(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"/a/b/../c", "/a/c"},
		{"/a/./b", "/a/b"},
		{"/..", "/"},
		{"..", ""},
		{"/a/b/.", "/a/b/"},
		{"/a", "/a"},
	} {
		for _, tail := range []string{"", "?q", "?q#f", "#../x"} {
			b := []byte("x:" + tt.in + tail)
			got, _ := removeDotSegments(b, 2, 2+len(tt.in))
			if want := "x:" + tt.want + tail; string(got) != want {
				t.Errorf("remove_dot_segments in %q = %q, want %q", b, got, want)
			}
		}
	}
}

// TestSegmentWithDot compares segmentWithDot with its definition on every
// path of up to 12 bytes over '.', '/' and 'a', and on longer ones, which
// take the search rather than the walk.
func TestSegmentWithDot(t *testing.T) {
	naive := func(p string) int {
		for i := range len(p) {
			if p[i] == '.' && (i == 0 || p[i-1] == '/') {
				return max(i-1, 0)
			}
		}
		return -1
	}
	check := func(p string) {
		if got, want := segmentWithDot(p), naive(p); got != want {
			t.Fatalf("segmentWithDot(%q) = %d, want %d", p, got, want)
		}
	}
	b := make([]byte, 0, 12)
	var rec func()
	rec = func() {
		check(string(b))
		for _, prefix := range []string{"aaaaaaaaaaaaaaaaaaaa/", "a/aaaaaaaaaaaaaaaaaa"} {
			check(prefix + string(b))
		}
		if len(b) == cap(b) {
			return
		}
		for _, c := range []byte("./a") {
			b = append(b, c)
			rec()
			b = b[:len(b)-1]
		}
	}
	rec()
}

func TestLeadingDotSegments(t *testing.T) {
	for _, tt := range []struct {
		dir, p         string
		keep, n, climb int
	}{
		{"/a/b/", "g", 5, 0, -1},
		{"/a/b/", "./g", 5, 2, -1},
		{"/a/b/", "../g", 3, 3, -1},
		{"/a/b/", "../../g", 1, 6, -1},
		{"/a/b/", "../../../g", 1, 9, 6},
		{"/a/b/", "./.././g", 3, 7, -1},
		{"/a/b/", ".", 5, 1, -1},
		{"/a/b/", "..", 3, 2, -1},
		{"/a/b/", "../..", 1, 5, -1},
		{"/", "..", 1, 2, 0},
		{"/", "./../../g", 1, 8, 2},
		{"//", "../g", 1, 3, -1}, // the empty segment goes
		{"/a/", ".g", 3, 0, -1},
		{"/a/", "...", 3, 0, -1},
		{"/a/", "..g", 3, 0, -1},
	} {
		keep, n, climb := leadingDotSegments(tt.dir, tt.p)
		if keep != tt.keep || n != tt.n || climb != tt.climb {
			t.Errorf("leadingDotSegments(%q, %q) = %d, %d, %d; want %d, %d, %d", tt.dir, tt.p, keep, n, climb, tt.keep, tt.n, tt.climb)
		}
	}
}
