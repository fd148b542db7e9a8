package fasturi

import (
	"math/bits"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/fasturi/fasturi/internal/corpus"
	"github.com/fasturi/fasturi/internal/scanlevel"
)

// kernels are a level's own scanners (see scan.go), for blocks of at least
// minLen bytes: the special bytes and the stops, exactly, scanFirst's
// three masks, the last of which is exact only in its first 16 bits, and
// scanQuery's stops, exactly.
type kernels struct {
	scan, stops func(string) uint64
	first       func(string) (special, stops, notScheme uint64)
	query       func(string) uint64
	minLen      int
}

// genericKernels are the portable scanner's exact scanners.
var genericKernels = kernels{scanGeneric, scanStopsGeneric, exactFirstGeneric, scanQueryGeneric, 0}

// exactFirstGeneric returns the masks of scanFirst's vector kernels.
func exactFirstGeneric(s string) (special, stops, notScheme uint64) {
	return scanGeneric(s), scanStopsGeneric(s), notSchemeByDefinition(s)
}

// scanStopsGeneric returns the stops of the block s exactly, as the vector
// kernels do, from the portable scanner's special bytes: without '/', ':',
// '@' and the valid percent-encodings.
func scanStopsGeneric(s string) uint64 {
	special := scanGeneric(s)
	stops := special &^ validPercentsByDefinition(s)
	for m := special; m != 0; m &= m - 1 {
		if c := s[bits.TrailingZeros64(m)]; c == '/' || c == ':' || c == '@' {
			stops &^= m & -m
		}
	}
	return stops
}

// forEachLevel runs fn as one subtest per scanner level, named after it,
// with scan using that level. A level this machine cannot run is a skipped
// subtest that says why, so that test output shows what went untested.
func forEachLevel(t *testing.T, fn func(t *testing.T, l scanLevel)) {
	t.Helper()
	for l := range numLevels {
		t.Run(l.String(), func(t *testing.T) {
			if _, missing := levelKernels(l); missing != "" {
				t.Skip(missing)
			}
			setLevel(t, l)
			fn(t, l)
		})
	}
}

// sameAtEveryLevel returns fn(in) at the portable level and fails t
// unless each other level this machine runs gives the same result; show
// writes a result out for the failure's message.
func sameAtEveryLevel[T comparable](t *testing.T, in string, fn func(string) T, show func(T) string) T {
	t.Helper()
	var want, got T
	atLevel(levelGeneric, func() { want = fn(in) })
	for l := levelGeneric + 1; l < numLevels; l++ {
		if _, missing := levelKernels(l); missing != "" {
			continue
		}
		if atLevel(l, func() { got = fn(in) }); got != want {
			t.Fatalf("%q at level %v:\n%s\nlevel generic:\n%s", in, l, show(got), show(want))
		}
	}
	return want
}

// asIs is the show of sameAtEveryLevel for results already written out.
func asIs(s string) string { return s }

// TestLevelsRequired fails unless this machine runs each level named in
// $FASTURI_LEVELS (a comma-separated list, such as "avx2,avx512"). A level
// the machine lacks is a skipped subtest, and the comparisons across
// levels pass over it: CI names the levels its CPU has, so that no level
// goes untested unnoticed.
func TestLevelsRequired(t *testing.T) {
	for _, name := range strings.Split(os.Getenv("FASTURI_LEVELS"), ",") {
		if name == "" {
			continue
		}
		i := slices.Index(levelNames[:], name)
		if i < 0 {
			t.Errorf("$FASTURI_LEVELS names %q, which is no level (%v)", name, levelNames)
			continue
		}
		l := scanLevel(i)
		if _, missing := levelKernels(l); missing != "" {
			t.Errorf("$FASTURI_LEVELS requires level %s: %s", l, missing)
		} else {
			t.Logf("level %s runs", l)
		}
	}
}

// TestScanLevelHook checks the hook through which the fuzz package runs
// fasturi at a chosen level: it sets each level this build and machine run,
// names it, and refuses the others.
func TestScanLevelHook(t *testing.T) {
	setLevel(t, levelGeneric) // restores the level when the test ends
	for l := range numLevels {
		_, missing := levelKernels(l)
		err := scanlevel.Set(l.String())
		if (err == nil) != (missing == "") {
			t.Errorf("Set(%q) = %v; this machine and build: %q", l, err, missing)
		}
		if err == nil && scanlevel.Name() != l.String() {
			t.Errorf("after Set(%q), the level is %q", l, scanlevel.Name())
		}
	}
	if err := scanlevel.Set("avx"); err == nil {
		t.Error(`Set("avx") = nil`)
	}
}

// TestLevels runs the parser's, the splitter's and the transformations'
// tests, whose tables hold exact results, with each scanner level in turn.
func TestLevels(t *testing.T) {
	tests := []struct {
		name string
		fn   func(*testing.T)
	}{
		{"RFC3986Examples", TestParseRFC3986Examples},
		{"RFC3986ResolutionExamples", TestParseRFC3986ResolutionExamples},
		{"Scheme", TestParseScheme},
		{"Authority", TestParseAuthority},
		{"IPv4", TestParseIPv4},
		{"IPLiteral", TestParseIPLiteral},
		{"Zone", TestZone},
		{"PathQueryFragment", TestParsePathQueryFragment},
		{"Errors", TestParseErrors},
		{"SecurityRules", TestParseSecurityRules},
		{"ErrorOffsetAcrossBlocks", TestErrorOffsetAcrossBlocks},
		{"EveryByteAtEveryPosition", TestEveryByteAtEveryPosition},
		{"EveryBytePairInShortInputs", TestEveryBytePairInShortInputs},
		{"Specials", TestSpecials},
		{"SplitAppendixB", TestSplitAppendixB},
		{"SplitAuthority", TestSplitAuthority},
		{"SplitViolations", TestSplitViolations},
		{"SplitAccessors", TestSplitAccessors},
		{"Allocs", TestAllocs},
		// The transformations, on what each level parses.
		{"ResolveNormalExamples", TestResolveNormalExamples},
		{"ResolveAbnormalExamples", TestResolveAbnormalExamples},
		{"ResolveEdges", TestResolveEdges},
		{"ResolveErrors", TestResolveErrors},
		{"NormalizeSyntax", TestNormalizeSyntax},
		{"NormalizeRelativePath", TestNormalizeRelativePath},
		{"NormalizeScheme", TestNormalizeScheme},
		{"NormalizeErrors", TestNormalizeErrors},
		{"Equivalent", TestEquivalent},
		{"RelativeNormalExamples", TestRelativeNormalExamples},
		{"RelativeAbnormalExamples", TestRelativeAbnormalExamples},
		{"RelativeEdges", TestRelativeEdges},
		{"RelativeErrors", TestRelativeErrors},
		// URIs in text, which each level parses.
		{"Finder", TestFinder},
		{"FinderPositions", TestFinderPositions},
		{"FinderCorpus", TestFinderCorpus},
	}
	forEachLevel(t, func(t *testing.T, _ scanLevel) {
		for _, tt := range tests {
			t.Run(tt.name, tt.fn)
		}
	})
}

// TestLevelsAgreeOnCorpus parses the generated corpus, and any list named by
// -corpus, at every level and compares each result, error offsets included,
// with the portable scanner's.
func TestLevelsAgreeOnCorpus(t *testing.T) {
	inputs := corpus.Generate(20000, 7)
	if *corpusFlag != "" {
		for _, c := range flagCorpora(t) {
			inputs = append(inputs, c.uris...)
		}
	}
	type result struct {
		u, split URI
		err      error
		v        Violations
	}
	results := func() []result {
		r := make([]result, len(inputs))
		for i, in := range inputs {
			r[i].u, r[i].err = ParseString(in)
			r[i].split, r[i].v = SplitString(in)
		}
		return r
	}
	var want []result
	t.Run("reference", func(t *testing.T) {
		setLevel(t, levelGeneric)
		want = results()
	})
	forEachLevel(t, func(t *testing.T, _ scanLevel) {
		for i, got := range results() {
			if got != want[i] {
				t.Fatalf("%q: Parse %s (%v), Split %s (%d violations); the portable scanner gives %s (%v), %s (%d)",
					inputs[i], describe(got.u), got.err, describe(got.split), got.v.Len(),
					describe(want[i].u), want[i].err, describe(want[i].split), want[i].v.Len())
			}
		}
	})
}
