package fasturi

import (
	"strings"
	"testing"
)

// specialMaskByDefinition is the scanner contract spelled out byte by byte.
func specialMaskByDefinition(s string) uint64 {
	var m uint64
	for i := 0; i < len(s) && i < blockSize; i++ {
		if !abnfUnreserved(s[i]) && !abnfSubDelims(s[i]) {
			m |= 1 << i
		}
	}
	return m
}

// TestScanEveryByteEveryPosition puts every byte value at every position of
// inputs of every length up to two blocks and one byte (twice the widest
// vector, and one), over backgrounds of ordinary and of special bytes, at
// every scanner level: both the level's own scanner, at every length it
// takes, and scan as the parser calls it.
func TestScanEveryByteEveryPosition(t *testing.T) {
	forEachLevel(t, func(t *testing.T, l scanLevel) {
		levelScan, minLen, _ := levelScanner(l)
		const maxLen = 2*blockSize + 1
		for _, bg := range []byte{'a', '/'} {
			buf := []byte(strings.Repeat(string(bg), maxLen))
			for n := 0; n <= maxLen; n++ {
				for pos := 0; pos < n; pos++ {
					for c := range 256 {
						buf[pos] = byte(c)
						s := string(buf[:n])
						want := specialMaskByDefinition(s)
						if got := scan(s); got != want {
							t.Fatalf("scan(%q) = %064b, want %064b", s, got, want)
						}
						if n >= minLen {
							if got := levelScan(s); got != want {
								t.Fatalf("%s scanner(%q) = %064b, want %064b", l, s, got, want)
							}
						}
					}
					buf[pos] = bg
				}
			}
		}
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

// FuzzScanParity checks every scanner level this machine has against the
// portable scanner, and the portable one against the contract, byte for byte, at every offset of the
// input (the parser scans from arbitrary offsets), each level as a subtest.
func FuzzScanParity(f *testing.F) {
	for _, s := range []string{"", "a", "http://h/p?q#f", strings.Repeat("a/", 70), "\x00\xff%[]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for l := range numLevels {
			levelScan, minLen, missing := levelScanner(l)
			if missing != "" {
				continue
			}
			t.Run(l.String(), func(t *testing.T) {
				for off := 0; off <= len(s); off++ {
					in := s[off:]
					if len(in) < minLen {
						break
					}
					want := scanGeneric(in)
					if l == levelGeneric {
						want = specialMaskByDefinition(in)
					}
					if got := levelScan(in); got != want {
						t.Fatalf("%s scanner(%q) = %064b, want %064b", l, in, got, want)
					}
				}
			})
		}
		for off := 0; off <= len(s); off++ {
			if got, want := scan(s[off:]), specialMaskByDefinition(s[off:]); got != want {
				t.Fatalf("scan(%q) = %064b, want %064b", s[off:], got, want)
			}
		}
	})
}
