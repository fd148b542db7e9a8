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
