package fasturi

import (
	"strings"
	"testing"
	"unsafe"
)

// The classes of scan.go's masks, spelled out from the ABNF predicates of
// abnf_test.go (not from the generated tables), once per byte value.
const (
	defSpecial = 1 << iota
	defStop
	defNotScheme
)

var defClass = func() (t [256]uint8) {
	for i := range t {
		c := byte(i)
		if !abnfUnreserved(c) && !abnfSubDelims(c) {
			t[i] |= defSpecial
			if c != '/' && c != ':' && c != '@' {
				t[i] |= defStop
			}
		}
		if !abnfSchemeRest(c) {
			t[i] |= defNotScheme
		}
	}
	return t
}()

// masksByDefinition returns the three masks of scan.go's contract over the
// block s.
func masksByDefinition(s string) (special, stops, notScheme uint64) {
	for i := 0; i < len(s) && i < blockSize; i++ {
		c := uint64(defClass[s[i]])
		special |= c & defSpecial << i
		stops |= c & defStop >> 1 << i
		notScheme |= c & defNotScheme >> 2 << i
	}
	return special, stops, notScheme
}

func notSchemeByDefinition(s string) uint64 {
	_, _, notScheme := masksByDefinition(s)
	return notScheme
}

// checkScanners checks every scanner of level k, and the entry points the
// parser calls, on the block s, against the definitions.
func checkScanners(t *testing.T, l scanLevel, k kernels, s string) {
	t.Helper()
	special, stops, notScheme := masksByDefinition(s)
	checkMasks(t, l, k, s, special, stops, notScheme)
}

// checkMasks is checkScanners with the definitions' masks of s given.
func checkMasks(t *testing.T, l scanLevel, k kernels, s string, special, stops, notScheme uint64) {
	t.Helper()
	if len(s) >= k.minLen {
		if got := k.scan(s); got != special {
			t.Fatalf("%s scan(%q) = %064b, want %064b", l, s, got, special)
		}
		if got := k.stops(s); got != stops {
			t.Fatalf("%s scanStops(%q) = %064b, want %064b", l, s, got, stops)
		}
		gs, gp, gn := k.first(s)
		if gs != special || gp != stops || gn&notScheme != notScheme || gn&0xffff != notScheme&0xffff {
			t.Fatalf("%s scanFirst(%q) =\n%064b\n%064b\n%064b, want\n%064b\n%064b\n%064b (the first 16 bits exactly, a superset after)",
				l, s, gs, gp, gn, special, stops, notScheme)
		}
	}
	// The entry points, with setLevel(l) in force.
	if got := scan(s); got != special {
		t.Fatalf("%s: scan(%q) = %064b, want %064b", l, s, got, special)
	}
	checkPathMask(t, l, "scanStops", s, scanStops(s), special, stops)
	checkPathMask(t, l, "stopsIn", s, stopsIn(s, special), special, stops)
	gs, gp, gn := scanFirst(s)
	if gs != special || gn&notScheme != notScheme {
		t.Fatalf("%s: scanFirst(%q) special %064b, notScheme %064b; want %064b and a superset of %064b", l, s, gs, gn, special, notScheme)
	}
	checkPathMask(t, l, "scanFirst", s, gp, special, stops)
}

// checkPathMask checks a mask for the path walk: every stop, and otherwise
// only special bytes that are '/', ':' or '@' (see scan.go).
func checkPathMask(t *testing.T, l scanLevel, name, s string, got, special, stops uint64) {
	t.Helper()
	if got&stops != stops || got&^special != 0 {
		t.Fatalf("%s: %s(%q) = %064b: not between the stops %064b and the special bytes %064b", l, name, s, got, stops, special)
	}
}

// TestScanEveryByteEveryPosition puts every byte value at every position of
// inputs of every length up to two blocks and one byte (twice the widest
// vector, and one), over backgrounds of ordinary, special and scheme
// bytes, and checks every scanner at every level.
func TestScanEveryByteEveryPosition(t *testing.T) {
	forEachLevel(t, func(t *testing.T, l scanLevel) {
		k, _ := levelKernels(l)
		const maxLen = 2*blockSize + 1
		backgrounds := []byte{'a', '/', '~'}
		if testing.Short() {
			// The ordinary background alone still gives each byte a bit of
			// its own among zeros: for runs under an emulator.
			backgrounds = backgrounds[:1]
		}
		for _, bg := range backgrounds {
			buf := []byte(strings.Repeat(string(bg), maxLen))
			for n := 1; n <= maxLen; n++ {
				// The scanners keep nothing, so s may alias buf.
				s := unsafe.String(&buf[0], n)
				// The masks of the background, and each byte's own bit.
				special, stops, notScheme := masksByDefinition(s)
				for pos := 0; pos < n; pos++ {
					for c := range 256 {
						buf[pos] = byte(c)
						sp, st, ns := special, stops, notScheme
						if pos < blockSize {
							bit, cl := uint64(1)<<pos, uint64(defClass[c])
							sp = sp&^bit | cl&defSpecial<<pos
							st = st&^bit | cl&defStop>>1<<pos
							ns = ns&^bit | cl&defNotScheme>>2<<pos
						}
						checkMasks(t, l, k, s, sp, st, ns)
					}
					buf[pos] = bg
				}
			}
		}
		checkScanners(t, l, k, "")
	})
}

// TestSpecials checks the cursor across block boundaries, with seek.
func TestSpecials(t *testing.T) {
	s := strings.Repeat("ab/", 70) + "?" // specials at 2, 5, 8, ... and the end
	var want []int
	for i := range len(s) {
		if specialByte[s[i]] == 1 {
			want = append(want, i)
		}
	}
	sp := newSpecials(s)
	for _, w := range want {
		if p := sp.peek(); p != w {
			t.Fatalf("peek = %d, want %d", p, w)
		}
		sp.advance()
	}
	for range 2 {
		if got := sp.peek(); got != len(s) {
			t.Fatalf("peek at end = %d, want %d", got, len(s))
		}
		sp.advance()
	}
	for _, from := range []int{0, 1, 3, 63, 64, 65, 127, 128, 200, len(s) - 1, len(s)} {
		sp := newSpecials(s)
		sp.seek(from)
		first := len(s)
		for _, w := range want {
			if w >= from {
				first = w
				break
			}
		}
		if got := sp.peek(); got != first {
			t.Errorf("seek(%d); peek = %d, want %d", from, got, first)
		}
	}
}

// FuzzScanParity checks every scanner at every level this machine has
// against the definitions, and so against the portable scanner, byte for
// byte, at every offset of the input (the parser scans from arbitrary
// offsets), each level as a subtest.
func FuzzScanParity(f *testing.F) {
	for _, s := range []string{"", "a", "http://h/p?q#f", strings.Repeat("a/", 70), "\x00\xff%[]", "svn+ssh://u@h:1/~p"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for l := range numLevels {
			k, missing := levelKernels(l)
			if missing != "" {
				continue
			}
			t.Run(l.String(), func(t *testing.T) {
				setLevel(t, l)
				for off := 0; off <= len(s); off++ {
					checkScanners(t, l, k, s[off:])
				}
			})
		}
	})
}
