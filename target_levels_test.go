package fasturi

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fasturi/fasturi/internal/corpus"
)

// targetMethods are methods whose rules differ: GET takes origin-form and
// absolute-form, OPTIONS also asterisk-form, CONNECT only authority-form.
var targetMethods = [...]string{"GET", "OPTIONS", "CONNECT"}

// targetResult is everything the request-target parsers say about one
// input: as the target of each method, from a string and from bytes; as
// the target of each method's request line; and as a Host header.
type targetResult struct {
	target, targetBytes [len(targetMethods)]URI
	form, formBytes     [len(targetMethods)]TargetForm
	err, errBytes       [len(targetMethods)]error
	line                [len(targetMethods)]RequestLine
	lineErr             [len(targetMethods)]error
	host                URI
	hostErr             error
}

// parseTargetEverything runs every request-target entry point on s at the
// current level. Origin-form has a fast path and a walk of its own over
// the vector masks (in parseTarget); the others go through parse.
func parseTargetEverything(s string) targetResult {
	var r targetResult
	for i, m := range targetMethods {
		r.target[i], r.form[i], r.err[i] = ParseRequestTargetString(m, s)
		r.targetBytes[i], r.formBytes[i], r.errBytes[i] = ParseRequestTarget(m, []byte(s))
		r.line[i], r.lineErr[i] = ParseRequestLineString(m + " " + s + " HTTP/1.1")
	}
	r.host, r.hostErr = ParseHostHeaderString(s)
	return r
}

// String writes r out for a failure's message.
func (r targetResult) String() string {
	var b strings.Builder
	for i, m := range targetMethods {
		fmt.Fprintf(&b, " %s: %s %v (%v at %d); bytes: %s %v (%v at %d)\n", m,
			describe(r.target[i]), r.form[i], r.err[i], r.target[i].ErrorOffset(),
			describe(r.targetBytes[i]), r.formBytes[i], r.errBytes[i], r.targetBytes[i].ErrorOffset())
		fmt.Fprintf(&b, " %s line: %q %s %v %q (%v at %d)\n", m, r.line[i].Method,
			describe(r.line[i].Target), r.line[i].Form, r.line[i].Version, r.lineErr[i], r.line[i].ErrorOffset())
	}
	fmt.Fprintf(&b, " Host: %s (%v at %d)", describe(r.host), r.hostErr, r.host.ErrorOffset())
	return b.String()
}

// targetLevelsAgree parses s as request targets at every level this
// machine runs and fails t unless each gives the portable scanner's
// results exactly, as levelsAgree does for Parse and Split.
func targetLevelsAgree(t *testing.T, s string) targetResult {
	t.Helper()
	return sameAtEveryLevel(t, s, parseTargetEverything, targetResult.String)
}

// originTargets calls fn with origin-form targets of every length around
// the block edges, with a byte or an escape that the path or the query
// takes, or one it refuses, at each offset around each edge; and the same
// with a '?' at offset 1, so that it falls in the query.
func originTargets(fn func(string)) {
	inserts := []string{"?", "#", "%41", "%4g", "%", " ", "\x80", "/", ":", "@", "[", "?a#b", "??", "//", "/./", "/../"}
	for _, end := range []int{15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 140} {
		for _, ins := range inserts {
			for _, e := range blockEdges {
				for at := e - 3; at <= e+2; at++ {
					if at < 1 || at+len(ins) > end {
						continue
					}
					b := []byte("/" + strings.Repeat("p", end-1))
					copy(b[at:], ins)
					fn(string(b))
					if at > 2 {
						b[1] = '?'
						fn(string(b))
					}
				}
			}
		}
	}
}

// targetSeeds are the inputs of the tests below: origin-form targets
// across the block edges, every straddling URI (absolute-form targets and
// others), and, without -short, the generated corpus.
func targetSeeds() []string {
	var seeds []string
	originTargets(func(s string) { seeds = append(seeds, s) })
	straddlingInputs(func(_ componentTemplate, _ insertion, in string, _ int, _ Span) {
		seeds = append(seeds, in)
	})
	if !testing.Short() {
		seeds = append(seeds, corpus.Generate(3000, 5)...)
	}
	return seeds
}

// TestRequestTargetLevels parses request targets whose components cross
// the block edges at every level, against the portable scanner.
func TestRequestTargetLevels(t *testing.T) {
	seeds := targetSeeds()
	if testing.Short() {
		// For the AVX-512 emulator: one input in eight still puts
		// each kind of byte near each edge.
		for i := range len(seeds) / 8 {
			seeds[i] = seeds[i*8]
		}
		seeds = seeds[:len(seeds)/8]
	}
	for _, s := range seeds {
		targetLevelsAgree(t, s)
	}
}

// TestRequestTargetLevelsMutations is FuzzRequestTargetLevels without the
// fuzzing engine, as TestParseLevelsMutations is FuzzParseLevels'.
func TestRequestTargetLevelsMutations(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 1000
	}
	mutations(targetSeeds(), n, 3, "*", func(in []byte) { targetLevelsAgree(t, string(in)) })
}

// FuzzRequestTargetLevels parses fuzzed request targets at every level
// this machine runs and demands the portable scanner's results, exactly,
// from each.
func FuzzRequestTargetLevels(f *testing.F) {
	n := 0
	originTargets(func(s string) {
		if n++; !testing.Short() || n%16 == 0 {
			f.Add(s)
		}
	})
	for _, s := range []string{"*", "example.com:443", "[::1]:80", "http://a/b?c", "/a?b#c", "//x/y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { targetLevelsAgree(t, s) })
}
