package fasturi

import "testing"

// testAllocs fails the test if fn allocates.
func testAllocs(t *testing.T, name string, fn func()) {
	t.Helper()
	if n := testing.AllocsPerRun(100, fn); n != 0 {
		t.Errorf("%s: %v allocations per run, want 0", name, n)
	}
}

var (
	sinkURI  URI
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
		testAllocs(t, "accessors("+in+")", func() {
			sinkStr = u.Scheme()
			sinkStr = u.Userinfo()
			sinkStr = u.Host()
			sinkStr = u.Port()
			sinkStr = u.Path()
			sinkStr = u.Query()
			sinkStr = u.Fragment()
			sinkStr = u.Authority()
			sinkStr = u.Zone()
			sinkStr = u.String()
			sinkStr = u.HostType().String()
			sinkStr = Host.String()
			sinkBool = u.Has(Query)
			sinkInt = u.Span(Path).Len()
			sinkInt = u.ErrorOffset()
		})
		_, v := Split(b)
		testAllocs(t, "violations("+in+")", func() {
			for i := range v.Len() {
				sinkInt = v.At(i).Offset
			}
		})
	}
}
