package fasturi

import (
	"strings"
	"testing"
	"unsafe"
)

// The classes of scan.go's masks, spelled out from the ABNF predicates of
// abnf_test.go (not from the generated tables), and scanQuery's, spelled
// out by queryStopDef, once per byte value.
const (
	defSpecial = 1 << iota
	defStop
	defNotScheme
	defQuery
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
		if queryStopDef(c) {
			t[i] |= defQuery
		}
	}
	return t
}()

// queryStopDef reports whether a walk over a query's parameters stops at c
// (see Params in query.go): the separators '&', ';' and '=', the '%' and
// '+' that decoding changes, and every byte outside ' ' to '~': the
// controls, which DecodeNoControls refuses, DEL and the bytes >= 0x80.
func queryStopDef(c byte) bool {
	switch c {
	case '&', ';', '=', '%', '+':
		return true
	}
	return c < 0x20 || c == 0x7f || c >= 0x80
}

// defMasks are the masks of the scanners' contracts over a block: scan.go's
// three and scanQuery's.
type defMasks struct {
	special, stops, notScheme, query uint64
}

// masksByDefinition returns the masks of the block s.
func masksByDefinition(s string) (m defMasks) {
	for i := 0; i < len(s) && i < blockSize; i++ {
		m.set(i, defClass[s[i]])
	}
	return m
}

// set makes bit i of each mask that of the byte whose classes are cl.
func (m *defMasks) set(i int, cl uint8) {
	bit := uint64(1) << i
	m.special = m.special&^bit | uint64(cl&defSpecial)<<i
	m.stops = m.stops&^bit | uint64(cl&defStop>>1)<<i
	m.notScheme = m.notScheme&^bit | uint64(cl&defNotScheme>>2)<<i
	m.query = m.query&^bit | uint64(cl&defQuery>>3)<<i
}

// validPercentsByDefinition returns the '%' bytes of the block s that two
// hex digits follow inside the block (RFC 3986 section 2.1), which the
// vector kernels leave out of the stops (see scan.go).
func validPercentsByDefinition(s string) uint64 {
	var m uint64
	for i := 0; i+2 < len(s) && i+2 < blockSize; i++ {
		if s[i] == '%' && abnfHEXDIG(s[i+1]) && abnfHEXDIG(s[i+2]) {
			m |= 1 << i
		}
	}
	return m
}

// notSchemeByDefinition returns the bytes of the block s that are not
// scheme characters.
func notSchemeByDefinition(s string) uint64 {
	return masksByDefinition(s).notScheme
}

// checkScanners checks every scanner of level k, and the entry points the
// parser calls, on the block s, against the definitions.
func checkScanners(t *testing.T, l scanLevel, k kernels, s string) {
	t.Helper()
	checkMasks(t, l, k, s, masksByDefinition(s))
}

// checkMasks is checkScanners with the definitions' masks of s given.
func checkMasks(t *testing.T, l scanLevel, k kernels, s string, want defMasks) {
	t.Helper()
	special, stops, notScheme := want.special, want.stops, want.notScheme
	// The kernels' stops leave out the valid percent-encodings.
	stops &^= validPercentsByDefinition(s)
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
		if got := k.query(s); got != want.query {
			t.Fatalf("%s scanQuery(%q) = %064b, want %064b", l, s, got, want.query)
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
	if got := scanQuery(s); got != want.query {
		t.Fatalf("%s: scanQuery(%q) = %064b, want %064b", l, s, got, want.query)
	}
}

// checkPathMask checks a mask for the path walk: every stop but the valid
// percent-encodings (left out of stops), and otherwise only special bytes
// (see scan.go).
func checkPathMask(t *testing.T, l scanLevel, name, s string, got, special, stops uint64) {
	t.Helper()
	if got&stops != stops || got&^special != 0 {
		t.Fatalf("%s: %s(%q) = %064b: not between the stops %064b and the special bytes %064b", l, name, s, got, stops, special)
	}
}

// TestScanEveryByteEveryPosition puts every byte value at every position of
// inputs of every length up to two blocks and one byte (twice the widest
// vector, and one), over backgrounds of bytes in no class ('a'), special
// bytes ('/') and bytes that are neither scheme characters nor plain in a
// query ('&'), and checks every scanner at every level.
func TestScanEveryByteEveryPosition(t *testing.T) {
	forEachLevel(t, func(t *testing.T, l scanLevel) {
		k, _ := levelKernels(l)
		const maxLen = 2*blockSize + 1
		backgrounds := []byte{'a', '/', '&'}
		// With -short, for runs under an emulator: the ordinary background
		// alone, which still gives each byte a bit of its own among zeros,
		// and only the lengths and positions next to a block edge or the
		// input's end.
		short := testing.Short()
		if short {
			backgrounds = backgrounds[:1]
		}
		for _, bg := range backgrounds {
			buf := []byte(strings.Repeat(string(bg), maxLen))
			for n := 1; n <= maxLen; n++ {
				if short && !nearBlockEdge(n) {
					continue
				}
				// The scanners keep nothing, so s may alias buf.
				s := unsafe.String(&buf[0], n)
				// The masks of the background, and each byte's own bit.
				background := masksByDefinition(s)
				for pos := 0; pos < n; pos++ {
					if short && !nearBlockEdge(pos) && !nearBlockEdge(n-pos) {
						continue
					}
					for c := range 256 {
						buf[pos] = byte(c)
						want := background
						if pos < blockSize {
							want.set(pos, defClass[c])
						}
						checkMasks(t, l, k, s, want)
					}
					buf[pos] = bg
				}
			}
		}
		checkScanners(t, l, k, "")
	})
}

// TestScanPercentEncodings puts a '%' and the two bytes after it, from
// hex digits, bytes on either side of the hex ranges and bytes of other
// classes, at every position next to a block edge or the input's end, and
// checks every scanner at every level: the vector kernels leave a '%' out
// of the stops only when both bytes after it are hex digits and inside the
// block.
func TestScanPercentEncodings(t *testing.T) {
	after := "09afAF/:G`g@%x\x00\x7f\x80\xff"
	if testing.Short() {
		after = "0aF/G%\x80" // for runs under an emulator
	}
	forEachLevel(t, func(t *testing.T, l scanLevel) {
		k, _ := levelKernels(l)
		const maxLen = 2*blockSize + 1
		buf := []byte(strings.Repeat("x", maxLen))
		for n := 1; n <= maxLen; n++ {
			if !nearBlockEdge(n) {
				continue
			}
			s := unsafe.String(&buf[0], n)
			for pos := 0; pos < n; pos++ {
				if !nearBlockEdge(pos) && !nearBlockEdge(n-pos) {
					continue
				}
				for i := range len(after) {
					for j := range len(after) {
						buf[pos] = '%'
						if pos+1 < n {
							buf[pos+1] = after[i]
						}
						if pos+2 < n {
							buf[pos+2] = after[j]
						}
						checkScanners(t, l, k, s)
						copy(buf[pos:min(pos+3, n)], "xxx")
					}
				}
			}
		}
		for _, s := range []string{"%%41", "%4%41", "%41%42%43", "%%%", "a%2f%2F%", strings.Repeat("%41", 22)} {
			checkScanners(t, l, k, s)
		}
	})
}

// nearBlockEdge reports whether i is at most one byte from 0 or from one
// of blockEdges, where the kernels' loads and masks meet.
func nearBlockEdge(i int) bool {
	if i <= 1 {
		return true
	}
	for _, e := range blockEdges {
		if i >= e-1 && i <= e+1 {
			return true
		}
	}
	return false
}

// TestScanQuery checks scanQuery's class, and with it queryStopDef, on
// queries with their stops spelled out by hand, at every level: the
// kernel's (for a block it takes) and the entry point's.
func TestScanQuery(t *testing.T) {
	tests := []struct {
		in   string
		want []int // the offsets of the stops in the block
	}{
		{"", nil},
		{"a=1&b=2", []int{1, 3, 5}},
		{"k;v%41+x", []int{1, 3, 6}},
		// Printable ASCII other than those five is plain, the other
		// components' delimiters included.
		{" !\"#$'()*,-./0:<>?@AZ[\\]^_`az{|}~", nil},
		{"\x00\x09\x1f \x7e\x7f\x80\xc3\xa9\xff", []int{0, 1, 2, 5, 6, 7, 8, 9}},
		// Either side of the AVX2 kernel's shortest block, and the end of
		// the block.
		{strings.Repeat("x", 14) + "=", []int{14}},
		{strings.Repeat("x", 15) + "%", []int{15}},
		{"&" + strings.Repeat("x", 62) + "+&=", []int{0, 63}},
	}
	forEachLevel(t, func(t *testing.T, l scanLevel) {
		k, _ := levelKernels(l)
		for _, tt := range tests {
			var want uint64
			for _, i := range tt.want {
				want |= 1 << i
			}
			if def := masksByDefinition(tt.in).query; def != want {
				t.Fatalf("queryStopDef gives %064b for %q, want %064b", def, tt.in, want)
			}
			if len(tt.in) >= k.minLen {
				if got := k.query(tt.in); got != want {
					t.Errorf("%s scanQuery(%q) = %064b, want %064b", l, tt.in, got, want)
				}
			}
			if got := scanQuery(tt.in); got != want {
				t.Errorf("%s: scanQuery(%q) = %064b, want %064b", l, tt.in, got, want)
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

// FuzzScanParity checks every scanner at every level this machine has
// against the definitions, and so against the portable scanner, byte for
// byte, at every offset of the input (the parser scans from arbitrary
// offsets), each level as a subtest.
func FuzzScanParity(f *testing.F) {
	for _, s := range []string{"", "a", "http://h/p?q#f", strings.Repeat("a/", 70), "\x00\xff%[]", "svn+ssh://u@h:1/~p", "a=1&b=%41+c;d"} {
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
