package fasturi

import (
	"os/exec"
	"regexp"
	"testing"
)

// TestInlining fails when an accessor that callers use per request stops
// being inlined, which would cost a call on every use.
func TestInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the compiler")
	}
	want := []string{
		"URI.Scheme", "URI.Userinfo", "URI.Host", "URI.Port", "URI.Path",
		"URI.Query", "URI.Fragment", "URI.Has", "URI.Span", "URI.HostType",
		"URI.String", "URI.ErrorOffset", "Span.Len", "Violations.Len",
		"cursorNext", "(*specials).advance", "special8", "pctError", "isHex", "isDigit",
	}
	out, err := exec.Command("go", "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	for _, fn := range want {
		if !regexp.MustCompile(`(?m)can inline ` + regexp.QuoteMeta(fn) + `$`).Match(out) {
			t.Errorf("%s is not inlined", fn)
		}
	}
}
