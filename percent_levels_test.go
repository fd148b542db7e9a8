package fasturi

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"
)

// TestAppendDecodeLevels runs the decoding tests, whose tables hold exact
// results, with each scanner level in turn: at the AVX-512 level, a string
// shorter than a block decodes in one pass of a kernel.
func TestAppendDecodeLevels(t *testing.T) {
	forEachLevel(t, func(t *testing.T, _ scanLevel) {
		t.Run("AppendDecode", TestAppendDecode)
		t.Run("InPlace", TestAppendDecodeInPlace)
		t.Run("ErrorDst", TestAppendDecodeErrorDst)
		t.Run("AcrossLengths", testAppendDecodeAcrossLengths)
	})
}

// testAppendDecodeAcrossLengths decodes strings of every length up to two
// blocks and more, with an encoding, a '+', a control or a broken encoding
// at each end and around each vector's width, at every level, and demands
// the portable result from each.
func testAppendDecodeAcrossLengths(t *testing.T) {
	marks := []string{"%41", "%e9", "+", "%0a", "\x7f", "%", "%4", "%g1", "%%41", "%25"}
	if testing.Short() {
		marks = marks[:6] // for the AVX-512 emulator
	}
	for n := 0; n <= 2*blockSize+4; n++ {
		for _, mark := range marks {
			for _, at := range []int{0, n / 2, n - 3, n - 2, n - 1, n, 13, 14, 15, 29, 30, 31, 61, 62, 63} {
				if at < 0 || at > n {
					continue
				}
				s := strings.Repeat("a", at) + mark + strings.Repeat("b", n-at)
				sameAtEveryLevel(t, s, decodeEverything, asIs)
			}
		}
	}
	// Encodings back to back, at each phase: a long string's blocks then
	// end before a '%' in their last two bytes, or not, one after another;
	// and a byte at fault in the last block, after blocks decoded.
	for pad := range 3 {
		for _, tail := range []string{"", "%", "%4", "+%0a", "%e9\x00"} {
			s := strings.Repeat("a", pad) + strings.Repeat("%41", 70) + tail
			sameAtEveryLevel(t, s, decodeEverything, asIs)
		}
	}
}

// decodeEverything decodes s with each option, into a new buffer and in
// place, and writes out each result, offset and error.
func decodeEverything(s string) string {
	var b strings.Builder
	for _, opts := range []DecodeOption{0, DecodePlusAsSpace, DecodeNoControls, DecodePlusAsSpace | DecodeNoControls} {
		got, off, err := AppendDecode([]byte("dst:"), s, opts)
		fmt.Fprintf(&b, "%q %d %v\n", got, off, err)
		in := append([]byte("pre"), s...)
		got, off, err = AppendDecode(in[:3], unsafe.String(unsafe.SliceData(in[3:]), len(s)), opts)
		if err != nil {
			got = in // a call that fails may have decoded part of s over it
			got = got[:3]
		}
		fmt.Fprintf(&b, "in place: %q %d %v\n", got, off, err)
	}
	return b.String()
}

// FuzzDecodeLevels decodes fuzzed strings at every level this machine
// runs and demands the portable scanner's results, exactly, from each.
func FuzzDecodeLevels(f *testing.F) {
	for _, s := range []string{"", "a%41+b", "%zz", "%0D%0A", strings.Repeat("x", 62) + "%41", strings.Repeat("%e9", 21) + "%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { sameAtEveryLevel(t, s, decodeEverything, asIs) })
}
