package fasturi

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fasturi/fasturi/internal/corpus"
)

// levelResult is everything the parser and the splitter say about one input.
type levelResult struct {
	parse, parseBytes URI
	err, errBytes     error
	split, lenient    URI
	v, lenientV       Violations
}

// parseEverything runs every entry point on s at the current level, and the
// splitter's own walk too, which SplitString skips when s parses.
func parseEverything(s string) levelResult {
	var r levelResult
	r.parse, r.err = ParseString(s)
	r.parseBytes, r.errBytes = Parse([]byte(s))
	r.split, r.v = SplitString(s)
	r.lenient, r.lenientV = lenientSplit(s)
	return r
}

// String writes r out for a failure's message.
func (r levelResult) String() string {
	return fmt.Sprintf(" Parse %s (%v at %d), Split %s (%d violations)",
		describe(r.parse), r.err, r.parse.ErrorOffset(), describe(r.split), r.v.Len())
}

// levelsAgree parses s at every level this machine runs and fails t unless
// each gives the portable scanner's results exactly: every span, presence
// bit, host type, error kind and offset, and every violation. It returns
// the portable scanner's results.
func levelsAgree(t *testing.T, s string) levelResult {
	t.Helper()
	return sameAtEveryLevel(t, s, parseEverything, levelResult.String)
}

// TestParseLevelsLongScheme is the AVX-512 level's scheme check, which
// read only the first block's mask: a ':' at offset 64 or more made any
// scheme pass.
func TestParseLevelsLongScheme(t *testing.T) {
	for _, in := range []string{
		strings.Repeat("a", 64) + "_b:x",
		strings.Repeat("a", 63) + "_:x",
		strings.Repeat("a", 15) + "_" + strings.Repeat("a", 100) + ":x",
		strings.Repeat("a", 200) + "!:x",
	} {
		forEachLevel(t, func(t *testing.T, _ scanLevel) {
			u, err := ParseString(in)
			if err != ErrInvalidScheme || u.ErrorOffset() != strings.IndexByte(in, ':') {
				t.Errorf("%q: %v at %d, want %v at %d", in, err, u.ErrorOffset(), ErrInvalidScheme, strings.IndexByte(in, ':'))
			}
		})
	}
}

// An insertion replaces bytes of a component at some offset: a byte or a
// percent-encoding.
type insertion struct {
	text string
	kind ErrorKind // 0: the component takes it
	// errAt is the offset of the error from the insertion, or -1 when the
	// error is reported where the component ends.
	errAt int
}

// A componentTemplate builds inputs in which one component spans many
// bytes of one filler byte, so that the component straddles scanner
// blocks.
type componentTemplate struct {
	name           string
	prefix, suffix string
	filler         byte
	component      Component
	inserts        []insertion
	// before and after count the bytes of prefix and suffix that belong
	// to the component: a path's first '/', an IP literal's brackets.
	before, after int
}

var componentTemplates = []componentTemplate{
	{"scheme", "", ":x", 'a', ComponentScheme, []insertion{
		{"+", 0, 0}, {"-", 0, 0}, {".", 0, 0}, {"7", 0, 0},
		{"_", ErrInvalidScheme, -1}, // a relative path's first segment, which cannot hold the ':'
		{"!", ErrInvalidScheme, -1},
		{" ", ErrInvalidPath, 0},
		{"\x80", ErrInvalidPath, 0},
	}, 0, 0},
	{"userinfo", "http://", "@h/", 'u', ComponentUserinfo, []insertion{
		{":", 0, 0}, {"!", 0, 0}, {"%41", 0, 0}, {"~", 0, 0},
		{" ", ErrInvalidUserinfo, 0}, {`"`, ErrInvalidUserinfo, 0}, {"[", ErrInvalidUserinfo, 0},
		{"\xff", ErrInvalidUserinfo, 0}, {"%4g", ErrInvalidPercentEncoding, 2},
	}, 0, 0},
	{"reg-name", "http://", "/", 'h', ComponentHost, []insertion{
		{"!", 0, 0}, {"-", 0, 0}, {".", 0, 0}, {"%2F", 0, 0},
		{" ", ErrInvalidHost, 0}, {"[", ErrInvalidHost, 0}, {"]", ErrInvalidHost, 0},
		{"\x00", ErrInvalidHost, 0}, {"%g1", ErrInvalidPercentEncoding, 1},
	}, 0, 0},
	{"port", "http://u@h:", "/", '1', ComponentPort, []insertion{
		{"0", 0, 0}, {"9", 0, 0},
		{"x", ErrInvalidPort, 0}, {" ", ErrInvalidPort, 0}, {"%", ErrInvalidPort, 0}, {":", ErrInvalidPort, 0},
	}, 0, 0},
	{"IPvFuture", "http://[v1.", "]/", 'a', ComponentHost, []insertion{
		{":", 0, 0}, {"!", 0, 0}, {"~", 0, 0},
		{" ", ErrInvalidIPLiteral, 0}, {"/", ErrInvalidIPLiteral, 0}, {"%", ErrInvalidIPLiteral, 0},
		{"[", ErrInvalidIPLiteral, 0},
	}, 4, 1},
	{"zone ID", "//[::1%25", "]/", 'z', ComponentHost, []insertion{
		{"~", 0, 0}, {".", 0, 0}, {"%41", 0, 0},
		{" ", ErrInvalidIPLiteral, 0}, {":", ErrInvalidIPLiteral, 0}, {"%x1", ErrInvalidPercentEncoding, 1},
	}, 7, 1},
	{"path after an authority", "http://h/", "", 'p', ComponentPath, []insertion{
		{"/", 0, 0}, {":", 0, 0}, {"@", 0, 0}, {"%2F", 0, 0}, {"!", 0, 0},
		{" ", ErrInvalidPath, 0}, {`\`, ErrInvalidPath, 0}, {"[", ErrInvalidPath, 0},
		{"\xff", ErrInvalidPath, 0}, {"%4", ErrInvalidPercentEncoding, 2}, {"%%", ErrInvalidPercentEncoding, 1},
	}, 1, 0},
	{"relative path", "/", "", 'p', ComponentPath, []insertion{
		{"/", 0, 0}, {":", 0, 0}, {"@", 0, 0}, {"%7e", 0, 0},
		{" ", ErrInvalidPath, 0}, {"^", ErrInvalidPath, 0}, {"%g", ErrInvalidPercentEncoding, 1},
	}, 1, 0},
	{"query", "http://h/?", "", 'q', ComponentQuery, []insertion{
		{"/", 0, 0}, {"?", 0, 0}, {":", 0, 0}, {"@", 0, 0}, {"%26", 0, 0},
		{" ", ErrInvalidQuery, 0}, {"[", ErrInvalidQuery, 0}, {"{", ErrInvalidQuery, 0},
		{"\x7f", ErrInvalidQuery, 0}, {"%-1", ErrInvalidPercentEncoding, 1},
	}, 0, 0},
	{"fragment", "http://h/#", "", 'r', ComponentFragment, []insertion{
		{"/", 0, 0}, {"?", 0, 0}, {":", 0, 0}, {"%23", 0, 0},
		{" ", ErrInvalidFragment, 0}, {"#", ErrInvalidFragment, 0}, {"|", ErrInvalidFragment, 0},
		{"%0", ErrInvalidPercentEncoding, 2},
	}, 0, 0},
}

// blockEdges are the offsets around which the scanners change how they
// load bytes: 16- and 32-byte loads, 64-byte blocks, and a second block.
var blockEdges = []int{16, 32, 64, 128}

// build returns the template's input whose component ends at offset end,
// with ins at offset at (when at >= 0), and the component's span.
func (tt componentTemplate) build(end, at int, ins string) (string, Span) {
	start := len(tt.prefix)
	b := []byte(tt.prefix + strings.Repeat(string(tt.filler), end-start) + tt.suffix)
	if at >= 0 {
		copy(b[at:], ins)
	}
	return string(b), Span{uint32(start - tt.before), uint32(end + tt.after)}
}

// straddlingInputs calls fn with every input of every template whose
// filler ends just before, at or after a block edge, or runs past all of
// them, with each insertion at each offset around each edge inside the
// filler, and the component's span.
func straddlingInputs(fn func(tt componentTemplate, ins insertion, in string, at int, span Span)) {
	const longEnd = 140
	for _, tt := range componentTemplates {
		start := len(tt.prefix)
		var ends []int
		for _, e := range blockEdges {
			ends = append(ends, e-1, e, e+1)
		}
		ends = append(ends, longEnd)
		for _, end := range ends {
			if end <= start+3 {
				continue
			}
			for _, ins := range tt.inserts {
				for _, e := range blockEdges {
					for at := e - 3; at <= e+2; at++ {
						if at < start || at+len(ins.text) > end {
							continue
						}
						if tt.component == ComponentScheme && at == start && ins.kind == 0 {
							continue // a scheme starts with a letter
						}
						in, span := tt.build(end, at, ins.text)
						fn(tt, ins, in, at, span)
					}
				}
			}
		}
	}
}

// TestParseAcrossBlocks puts a byte that each component takes, and one it
// rejects, at every offset around each block edge inside each component,
// in inputs that end around each edge, and checks the exact result at
// every level: the component's span, or the error's kind and offset.
func TestParseAcrossBlocks(t *testing.T) {
	n := 0
	straddlingInputs(func(tt componentTemplate, ins insertion, in string, at int, span Span) {
		n++
		r := levelsAgree(t, in)
		if ins.kind == 0 {
			if r.err != nil || r.parse.Span(tt.component) != span || !r.parse.Has(tt.component) {
				t.Errorf("%s: %q at %d: %v at %d, %v span %v; want it valid with span %v",
					tt.name, ins.text, at, r.err, r.parse.ErrorOffset(), tt.component, r.parse.Span(tt.component), span)
			}
			if r.split != r.parse || r.v.Len() != 0 {
				t.Errorf("%s: %q at %d: Split gives %s with %d violations", tt.name, ins.text, at, describe(r.split), r.v.Len())
			}
			return
		}
		wantOff := at + ins.errAt
		if ins.errAt < 0 {
			wantOff = int(span.End) // the scheme's ':'
		}
		if r.err != ins.kind || r.parse.ErrorOffset() != wantOff {
			t.Errorf("%s: %q at %d in %q: %v at %d, want %v at %d",
				tt.name, ins.text, at, in, r.err, r.parse.ErrorOffset(), ins.kind, wantOff)
		}
		if r.split.Valid() || r.v.Len() == 0 {
			t.Errorf("%s: %q at %d: Split reports no violation", tt.name, ins.text, at)
		}
		useEveryAccessor(r.split)
		useEveryAccessor(r.lenient)
	})
	if n < 1000 {
		t.Fatalf("only %d inputs: the templates no longer reach the block edges", n)
	}
}

// FuzzParseLevels parses fuzzed input at every level this machine runs and
// demands the portable scanner's results, exactly, from each: Parse of a
// string and of bytes, Split, and the splitter's own walk. The seeds put
// every component across the block edges.
//
// With -short it takes one seed in 16, for slow machines: under the AVX-512
// emulator the engine runs a dozen inputs a second, seeds included.
func FuzzParseLevels(f *testing.F) {
	n := 0
	straddlingInputs(func(_ componentTemplate, _ insertion, in string, _ int, _ Span) {
		if n++; !testing.Short() || n%16 == 0 {
			f.Add(in)
		}
	})
	for _, s := range []string{
		"", "http://example.com/", "foo://user@example.com:8042/over/there?name=ferret#nose",
		"http://[fe80::1%25eth0]:80/a?b#c", strings.Repeat("a", 64) + "_b:x",
		"//" + strings.Repeat("u", 70) + "@" + strings.Repeat("h", 70) + ":" + strings.Repeat("1", 10) + "/",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := levelsAgree(t, s)
		useEveryAccessor(r.split)
		if r.split.Valid() != (r.v.Len() == 0) || (r.err == nil) != (r.v.Len() == 0) {
			t.Fatalf("%q: Parse %v, Split valid %v with %d violations", s, r.err, r.split.Valid(), r.v.Len())
		}
	})
}

// TestParseLevelsMutations is FuzzParseLevels without the fuzzing engine:
// seeded random mutations of its seeds and of the generated corpus, at
// every level. It runs where the engine cannot, such as under the AVX-512
// emulator, which boots the test binary as the only process of a kernel.
func TestParseLevelsMutations(t *testing.T) {
	n := 1000000
	if testing.Short() {
		n = 3000 // for the AVX-512 emulator, where a run costs a thousand times more
	}
	var seeds []string
	straddlingInputs(func(_ componentTemplate, _ insertion, in string, _ int, _ Span) {
		seeds = append(seeds, in)
	})
	seeds = append(seeds, corpus.Generate(2000, 3)...)
	mutations(seeds, n, 1, "", func(in []byte) {
		r := levelsAgree(t, string(in))
		if (r.err == nil) != (r.v.Len() == 0) {
			t.Fatalf("%q: Parse %v, Split %d violations", in, r.err, r.v.Len())
		}
	})
}

// mutations calls fn with n seeded random mutations of seeds: each is a
// seed with one to four bytes inserted, replaced or runs deleted, the
// bytes mostly ones that move boundaries or break rules (and those of
// extra), sometimes any byte. fn must not keep its argument.
func mutations(seeds []string, n int, seed uint64, extra string, fn func(in []byte)) {
	interesting := ":/?#[]@%25.-+!~ \t\r\n\x00\x7f\x80\xffaZ09" + extra
	rng := rand.New(rand.NewPCG(seed, seed+1))
	buf := make([]byte, 0, 512)
	for range n {
		buf = append(buf[:0], seeds[rng.IntN(len(seeds))]...)
		for range 1 + rng.IntN(4) {
			c := interesting[rng.IntN(len(interesting))]
			if rng.IntN(8) == 0 {
				c = byte(rng.IntN(256))
			}
			switch i := rng.IntN(len(buf) + 1); {
			case rng.IntN(3) == 0 || i == len(buf): // insert
				buf = slices.Insert(buf, i, c)
			case rng.IntN(2) == 0: // replace
				buf[i] = c
			default: // delete a run
				buf = slices.Delete(buf, i, min(len(buf), i+1+rng.IntN(8)))
			}
		}
		fn(buf)
	}
}

// TestStraddlingInputsReachEveryEdge guards the generator of the tests
// above: each template has inputs whose component covers each block edge.
func TestStraddlingInputsReachEveryEdge(t *testing.T) {
	covered := map[string]bool{}
	straddlingInputs(func(tt componentTemplate, _ insertion, _ string, at int, span Span) {
		for _, e := range blockEdges {
			if at == e {
				covered[tt.name+"@"+strconv.Itoa(e)] = true
			}
		}
	})
	for _, tt := range componentTemplates {
		for _, e := range blockEdges {
			if !covered[tt.name+"@"+strconv.Itoa(e)] {
				t.Errorf("%s: no insertion at offset %d", tt.name, e)
			}
		}
	}
}
