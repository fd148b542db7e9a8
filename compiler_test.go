package fasturi

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// compilerDiagnostics returns what the compiler says about its inlining and
// escape-analysis decisions for this package (go build -gcflags=-m).
var compilerDiagnostics = sync.OnceValues(func() ([]byte, error) {
	return exec.Command("go", "build", "-gcflags=-m", ".").CombinedOutput()
})

func diagnostics(t *testing.T) []byte {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the compiler")
	}
	out, err := compilerDiagnostics()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	return out
}

// TestInlining fails when an accessor that callers use per request stops
// being inlined, which would cost a call on every use.
func TestInlining(t *testing.T) {
	out := diagnostics(t)
	want := []string{
		"(*URI).Scheme", "(*URI).RawUserinfo", "(*URI).RawHost", "(*URI).Port", "(*URI).RawPath",
		"(*URI).RawQuery", "(*URI).RawFragment", "(*URI).Has", "(*URI).HasScheme", "(*URI).HasUserinfo",
		"(*URI).HasAuthority", "(*URI).HasPort", "(*URI).HasQuery", "(*URI).HasFragment", "(*URI).Valid",
		"(*URI).Span", "(*URI).HostType", "URI.String", "(*URI).ErrorOffset", "Span.Len", "(*Violations).Len",
		"ParseString", "Split", "SplitString", "ParseRequestTargetString", "ParseRequestLine", "NewParams", "(*Params).Next",
		"(*Segments).Next",
		"cursorNext", "(*specials).advance", "special8", "pctError", "isHex", "isDigit", "hostType",
	}
	for _, fn := range want {
		if !regexp.MustCompile(`(?m)can inline ` + regexp.QuoteMeta(fn) + `( with cost \d+ as: .*)?$`).Match(out) {
			t.Errorf("%s is not inlined", fn)
		}
	}
}

// TestNoEscape fails when an entry point's input escapes to the heap, which
// would cost an allocation per call whenever the caller's buffer could have
// stayed on its stack (as a proxy's request buffer does). Leaking to the
// result is fine: the URI refers to its input, and stays on the stack with
// it unless the caller moves it.
func TestNoEscape(t *testing.T) {
	out := diagnostics(t)
	for _, fn := range []struct{ file, param string }{
		{"fasturi.go", "b"}, {"fasturi.go", "s"}, // Parse, ParseString
		{"split.go", "b"}, {"split.go", "s"}, // Split, SplitString
		{"target.go", "target"}, {"target.go", "line"}, // ParseRequestTarget, ParseRequestLine
	} {
		toResult := regexp.MustCompile(`(?m)^\./` + fn.file + `:\d+:\d+: leaking param: ` + fn.param + ` to result`)
		if !toResult.Match(out) {
			t.Errorf("%s: no diagnostic says where %s goes; has the entry point moved?", fn.file, fn.param)
		}
	}
	// A parameter that leaks, or whose content leaks, without "to result"
	// has escaped to the heap. Error builds messages and may.
	// A method that returns an iterator (All, Decoded) returns a closure
	// over its cursor and arguments, so they leak from the method's own
	// body; inlined into a range loop, as TestInliningIterators requires,
	// none escapes.
	iteratorAll := regexp.MustCompile(`^func \(\w+ \*\w+\) \w+\([^)]*\) iter\.Seq2?\[`)
	for _, m := range regexp.MustCompile(`(?m)^\./(\w+\.go):(\d+):\d+: leaking param( content)?: \w+$`).FindAllSubmatch(out, -1) {
		if string(m[1]) == "errors.go" || iteratorAll.MatchString(sourceLine(t, string(m[1]), string(m[2]))) {
			continue
		}
		t.Errorf("%s", m[0])
	}
}

// sourceLine returns line n (from 1) of a file of the package.
func sourceLine(t *testing.T, file, n string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	i, _ := strconv.Atoi(n)
	lines := strings.Split(string(b), "\n")
	if i < 1 || i > len(lines) {
		return ""
	}
	return lines[i-1]
}
