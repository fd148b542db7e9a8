package fasturi

import (
	"testing"
	"unsafe"
)

// testAllocs fails the test if fn allocates.
func testAllocs(t *testing.T, name string, fn func()) {
	t.Helper()
	if n := testing.AllocsPerRun(100, fn); n != 0 {
		t.Errorf("%s: %v allocations per run, want 0", name, n)
	}
}

var (
	sinkURI  URI
	sinkLine RequestLine
	sinkErr  error
	sinkStr  string
	sinkBool bool
	sinkInt  int
	sinkV    Violations
)

func TestAllocs(t *testing.T) {
	inputs := []string{
		"foo://user@example.com:8042/over/there?name=ferret#nose",
		"http://[fe80::1%25eth0]:80/a/b?c#d",
		"http://[v1.x]/",
		"../a;b?c",
		"",
		"http://h/abcdefghijklmnopqrstuvwxyz0123456789/abcdefghijklmnopqrstuvwxyz0123456789/x?y#z",
	}
	// One input per error kind but ErrTooLong (see TestTooLong).
	for _, tt := range []string{"1a:b", "http://u s@h", "http://a b", "http://[::g]", "http://h:x/", "/a b", "?a b", "#a#", "%zz"} {
		if _, err := ParseString(tt); err == nil {
			t.Fatalf("%q parsed", tt)
		}
		inputs = append(inputs, tt)
	}
	for _, in := range inputs {
		b := []byte(in)
		testAllocs(t, "ParseString("+in+")", func() { sinkURI, sinkErr = ParseString(in) })
		testAllocs(t, "Parse("+in+")", func() { sinkURI, sinkErr = Parse(b) })
		testAllocs(t, "SplitString("+in+")", func() { sinkURI, sinkV = SplitString(in) })
		testAllocs(t, "Split("+in+")", func() { sinkURI, sinkV = Split(b) })
		u, _ := Parse(b)
		testAllocs(t, "accessors("+in+")", func() { useEveryAccessor(u) })
		su, _ := Split(b)
		testAllocs(t, "accessors of Split("+in+")", func() { useEveryAccessor(su) })
		_, v := Split(b)
		testAllocs(t, "violations("+in+")", func() {
			for i := range v.Len() {
				sinkInt = v.At(i).Offset
			}
		})
	}
}

// useEveryAccessor calls every accessor of u and keeps the results.
func useEveryAccessor(u URI) {
	sinkStr = u.Scheme()
	sinkStr = u.RawUserinfo()
	sinkStr = u.RawHost()
	sinkStr = u.Port()
	sinkStr = u.RawPath()
	sinkStr = u.RawQuery()
	sinkStr = u.RawFragment()
	sinkStr = u.RawAuthority()
	sinkStr = u.RawZone()
	sinkStr = u.String()
	sinkStr = u.HostType().String()
	sinkStr = ComponentHost.String()
	sinkBool = u.Valid() && u.HasScheme() && u.HasUserinfo() && u.HasAuthority() &&
		u.HasPort() && u.HasQuery() && u.HasFragment() && u.Has(ComponentQuery)
	sinkInt = u.Span(ComponentPath).Len() + u.ErrorOffset()
}

// TestAllocsStackInput parses inputs held in an array on the caller's
// stack. Any entry point whose input escapes makes the array move to the
// heap, one allocation per call, which TestAllocs cannot see: its inputs
// are on the heap already. The URI stays local too, as a proxy's would.
func TestAllocsStackInput(t *testing.T) {
	inputs := []string{
		"foo://user@example.com:8042/over/there?name=ferret#nose",
		"http://[fe80::1%25eth0]:80/a/b?c#d",
		"/index.html?q=1",
		"http://h/abcdefghijklmnopqrstuvwxyz0123456789/abcdefghijklmnopqrstuvwxyz0123456789/x?y#z",
		"http://a b/", "1a:b", "http://[::1]x/", "%zz",
	}
	// Each closure calls its entry point directly: through a function
	// value, escape analysis could not follow the buffer, which would
	// escape for that reason alone.
	for _, in := range inputs {
		testAllocs(t, "Parse(stack "+in+")", func() {
			var buf [128]byte
			n := copy(buf[:], in)
			u, err := Parse(buf[:n])
			sinkInt, sinkErr = int(u.Span(ComponentHost).End)+len(u.RawPath())+u.ErrorOffset(), err
		})
		testAllocs(t, "ParseString(stack "+in+")", func() {
			var buf [128]byte
			n := copy(buf[:], in)
			u, err := ParseString(unsafe.String(&buf[0], n))
			sinkInt, sinkErr = int(u.Span(ComponentHost).End)+len(u.RawPath())+u.ErrorOffset(), err
		})
		testAllocs(t, "Split(stack "+in+")", func() {
			var buf [128]byte
			n := copy(buf[:], in)
			u, v := Split(buf[:n])
			sinkInt = int(u.Span(ComponentHost).End) + len(u.RawPath()) + u.ErrorOffset() + v.Len()
		})
		testAllocs(t, "SplitString(stack "+in+")", func() {
			var buf [128]byte
			n := copy(buf[:], in)
			u, v := SplitString(unsafe.String(&buf[0], n))
			sinkInt = int(u.Span(ComponentHost).End) + len(u.RawPath()) + u.ErrorOffset() + v.Len()
		})
	}
}
