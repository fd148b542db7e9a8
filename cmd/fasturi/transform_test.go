package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/fasturi/fasturi"
)

// The transforms and their formatting must not allocate per line either,
// on valid lines, invalid ones, and lines that are not UTF-8.
func TestTransformLineDoesNotAllocate(t *testing.T) {
	base, err := baseURI(rfcBase)
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{
		"HTTP://u@Example.COM:80/a/./b/../%63?q#f",
		"../../../g",
		"http://a:8x/",
		"/a b\t\\\xff",
		"",
		"%41%zz",
		"%FF%0A+",
		"[fe80::1%25eth0]",
		"[::1]:80",
		"[a@b]",
		"http://a/b/c\tg;x?y",
		"http://a/../b\t../../x",
	}
	transforms := map[string]transform{
		"normalize":        normalizeLine(fasturi.NormalizeScheme, 0),
		"normalize-syntax": normalizeLine(fasturi.NormalizeSyntax, fasturi.RejectPathUnderflow),
		"resolve":          resolveLine(base, fasturi.RejectPathUnderflow),
		"resolve-pairs":    resolvePairLine(fasturi.RejectPathUnderflow),
		"relative":         relativeLine(base),
		"decode":           decodeLine(nil, 0, true),
		"decode-options":   decodeLine(nil, fasturi.DecodeNoControls|fasturi.DecodePlusAsSpace, false),
		"decode-host":      decodeLine(componentChecks["host"], 0, true),
		"decode-query":     decodeLine(componentChecks["query"], fasturi.DecodePlusAsSpace, false),
	}
	dst := make([]byte, 0, 1<<12)
	for name, tr := range transforms {
		for _, jsonOut := range []bool{false, true} {
			fn := transformLine(tr, jsonOut)
			for _, l := range lines {
				line := []byte(l)
				allocs := testing.AllocsPerRun(100, func() { dst, _ = fn(dst[:0], line) })
				if allocs != 0 {
					t.Errorf("%s, json %v, %q: %v allocations per line", name, jsonOut, l, allocs)
				}
			}
		}
	}
}

// A record is written after what the buffer holds, which stays as it was,
// whether the line is valid or not.
func TestTransformLineAppends(t *testing.T) {
	fn := transformLine(decodeLine(nil, 0, false), true)
	for _, l := range []string{"a%20b", "%zz", "%FF"} {
		out, _ := fn([]byte("before "), []byte(l))
		if !strings.HasPrefix(string(out), `before {"in":"`+l+`",`) || !strings.HasSuffix(string(out), "}") {
			t.Errorf("%q: %q", l, out)
		}
	}
	fn = transformLine(decodeLine(nil, 0, true), false)
	if out, ok := fn([]byte("before "), []byte("%zz")); string(out) != "before " || ok {
		t.Errorf("invalid line in text: %q, %v", out, ok)
	}
}

// componentTemplates put a line where Parse reads it as one component,
// which it must then be, entirely.
var componentTemplates = map[string]struct {
	c              fasturi.Component
	prefix, suffix string
	spanFrom       int // bytes of prefix inside the component's span
}{
	"userinfo": {fasturi.ComponentUserinfo, "s://", "@h/", 0},
	"host":     {fasturi.ComponentHost, "s://", "/", 0},
	"path":     {fasturi.ComponentPath, "s://h/", "", 1},
	"query":    {fasturi.ComponentQuery, "s://h/?", "", 0},
	"fragment": {fasturi.ComponentFragment, "s://h/#", "", 0},
}

// parsesAs reports whether Parse reads s, in the component's template, as
// that component and nothing else.
func parsesAs(name, s string) bool {
	tt := componentTemplates[name]
	in := tt.prefix + s + tt.suffix
	u, err := fasturi.ParseString(in)
	if err != nil {
		return false
	}
	sp := u.Span(tt.c)
	return int(sp.Start) == len(tt.prefix)-tt.spanFrom && int(sp.End) == len(tt.prefix)+len(s)
}

// The byte tables of -component agree with the library's parser on every
// byte, and on percent-encodings and IP literals.
func TestComponentChecksAgreeWithParse(t *testing.T) {
	var inputs []string
	for c := range 256 {
		inputs = append(inputs, "a"+string([]byte{byte(c)})+"z")
	}
	inputs = append(inputs, "", "%41", "%4", "%4g", "%", "a%", "%%41", "%zz", "%e2%82%ac",
		"[::1]", "[::1]x", "[::1]:80", "[FE80::1%25eth0]", "[fe80::1%eth0]", "[v1.x]", "[v1.]", "[::1", "[",
		"[]", "[a@b]", "[::1]]", "[[::1]", "[1.2.3.4]", "[::1.2.3.4]", "1.2.3.4", "[::1]/", "[::1]@h")
	for name, c := range componentChecks {
		for _, in := range inputs {
			_, kind, off := c.check(nil, []byte(in))
			if ok := kind == 0; ok != parsesAs(name, in) {
				t.Errorf("%s %q: check says %v at %d, Parse says valid %v", name, in, kind, off, !ok)
			}
			if kind != 0 && (off < 0 || off > len(in)) {
				t.Errorf("%s %q: offset %d", name, in, off)
			}
		}
	}
}

func TestComponentCheckOffsets(t *testing.T) {
	for _, tt := range []struct {
		comp, in string
		kind     fasturi.ErrorKind
		off      int
	}{
		{"userinfo", "a@b", fasturi.ErrInvalidUserinfo, 1},
		{"path", "a/b?c", fasturi.ErrInvalidPath, 3},
		{"query", "a?b#c", fasturi.ErrInvalidQuery, 3},
		{"fragment", "a#", fasturi.ErrInvalidFragment, 1},
		{"host", "a:80", fasturi.ErrInvalidHost, 1},
		{"host", "a%4", fasturi.ErrInvalidPercentEncoding, 3},
		{"host", "a%g0", fasturi.ErrInvalidPercentEncoding, 2},
		{"host", "a%0g", fasturi.ErrInvalidPercentEncoding, 3},
		{"host", "[::1]:80", fasturi.ErrInvalidHost, 5},
		{"host", "[::1", fasturi.ErrInvalidIPLiteral, 4},
		{"host", "[::g]", fasturi.ErrInvalidIPLiteral, 3},
		{"host", "[a/b]", fasturi.ErrInvalidIPLiteral, 2},
		{"host", "[fe80::1%25%zz]", fasturi.ErrInvalidPercentEncoding, 12},
		{"host", "[::1]", 0, -1},
	} {
		buf := []byte("keep")
		buf, kind, off := componentChecks[tt.comp].check(buf, []byte(tt.in))
		if kind != tt.kind || off != tt.off || string(buf) != "keep" {
			t.Errorf("%s %q: %v at %d, buffer %q; want %v at %d", tt.comp, tt.in, kind, off, buf, tt.kind, tt.off)
		}
	}
}

func TestLineBreakAt(t *testing.T) {
	for in, want := range map[string]int{"abc": -1, "a\rb": 1, "ab\n": 2, "a%0a": 1, "a%0D": 1, "%0b%0A": 3, "%2": -1} {
		if got := lineBreakAt([]byte(in)); got != want {
			t.Errorf("lineBreakAt(%q) = %d, want %d", in, got, want)
		}
	}
}

func TestTransformUsage(t *testing.T) {
	for _, args := range [][]string{
		{"normalize", "-level", "rfc"},
		{"normalize", "-json", "-nosuchflag"},
		{"resolve", "-base", "http://a:8x/"},
		{"resolve", "-base", "/a/b"},
		{"resolve", "-base", ""},
		{"resolve", "-base", "http://a/../b/c", "-reject-underflow"},
		{"resolve", "-base", "http://a/b/../..", "-reject-underflow"}, // its directory does not climb, the path does
		{"relative"},
		{"relative", "-base", "a/b"},
		{"relative", "-base", "http://[::1/"},
		{"decode", "-component", "port"},
		{"decode", "-component="}, // no name is no component
		{"decode", "-plus=maybe"},
	} {
		code, out, stderr := runCLI(t, "http://h/\n", args...)
		if code != 2 || out != "" || stderr == "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2, nothing, a message", args, code, out, stderr)
		}
	}
	for _, cmd := range []string{"parse", "stats", "extract", "target", "normalize", "resolve", "relative", "decode"} {
		// Asked for, the usage goes to standard output, as fasturi -h's.
		code, usage, stderr := runCLI(t, "", cmd, "-h")
		if code != 0 || stderr != "" || !strings.Contains(usage, "fasturi "+cmd) || !strings.Contains(usage, "-json") {
			t.Errorf("%s -h: exit %d, stdout %q, stderr %q", cmd, code, usage, stderr)
		}
		for _, l := range strings.Split(strings.ReplaceAll(usage, "\t", "        "), "\n") {
			if len(l) > 80 {
				t.Errorf("%s -h: a line wider than a terminal: %q", cmd, l)
			}
		}
		if n := strings.Count(usage, "\n"); n > 24 {
			t.Errorf("%s -h: %d lines, more than a terminal", cmd, n)
		}
	}
	if code, out, _ := runCLI(t, "", "help"); code != 0 || !strings.Contains(out, "\n  decode ") || strings.Count(out, "\n") > 24 {
		t.Errorf("help: exit %d, %q", code, out)
	}
	// -base "" is given, so it is refused, not taken as missing.
	if _, _, stderr := runCLI(t, "", "resolve", "-base", ""); !strings.Contains(stderr, "no scheme") {
		t.Errorf("resolve -base '': %q", stderr)
	}
}

// A missing file is an I/O error, exit 1, and the other inputs still go
// through, in order; a write error is exit 1 too.
func TestTransformIOErrors(t *testing.T) {
	code, out, stderr := runCLI(t, "%41\n", "decode", "-", "testdata/no-such-file", "-")
	if code != 1 || out != "A\n" || !strings.Contains(stderr, "no-such-file") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	var errOut strings.Builder
	in := strings.Repeat("http://h/\n", 300000)
	if code := run([]string{"normalize", "-json"}, strings.NewReader(in), errWriter{}, &errOut); code != 1 || !strings.Contains(errOut.String(), "disk full") {
		t.Errorf("write error: exit %d, stderr %q", code, errOut.String())
	}
}

// Records come back in input order across many chunks, each in its place.
func TestTransformOrderAcrossChunks(t *testing.T) {
	const n = 300000
	var in, want strings.Builder
	for i := range n {
		in.WriteString("../x/" + strconv.Itoa(i) + "\n")
		want.WriteString("http://a/b/x/" + strconv.Itoa(i) + "\n")
	}
	code, out, _ := runCLI(t, in.String(), "resolve", "-q", "-base", rfcBase)
	if code != 0 || out != want.String() {
		t.Errorf("exit %d; output differs from the expected %d lines", code, n)
	}
}
