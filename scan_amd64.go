//go:build amd64 && gc && !purego

package fasturi

import (
	"errors"
	"math/bits"
	"strconv"
	"unsafe"

	"github.com/fasturi/fasturi/internal/scanlevel"
	"github.com/klauspost/cpuid/v2"
)

// vectorScanner says whether this build has vector scanners, whose masks
// can stand in for some byte-by-byte checks.
const vectorScanner = true

// level is the scanner level that scan, scanStops, scanFirst and scanQuery
// (scan_amd64.s) jump to: the fastest the CPU and the operating system
// support, decided once at start-up. At the AVX2 level, blocks shorter
// than the cutover (_asm/scan.go) take the portable scanner.
var level = detectLevel()

// detectLevel returns the fastest level this machine runs. cpuid reports
// AVX2 and AVX-512 only when the operating system saves their registers.
func detectLevel() scanLevel {
	switch {
	case hasAVX512():
		return levelAVX512
	case cpuid.CPU.Supports(cpuid.AVX2):
		return levelAVX2
	}
	return levelGeneric
}

// hasAVX512 reports whether this machine runs the AVX-512 kernels, whose
// instructions (beyond AVX-512 F and BW) every CPU with AVX-512 BW has.
func hasAVX512() bool {
	return cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512BW, cpuid.AVX512VL, cpuid.BMI1, cpuid.BMI2, cpuid.POPCNT)
}

func init() {
	scanlevel.Name = func() string { return level.String() }
	scanlevel.Set = func(name string) error {
		best := detectLevel()
		for l := range best + 1 {
			if l.String() == name {
				level = l
				return nil
			}
		}
		// Not fmt: name would escape, which TestNoEscape forbids here.
		return errors.New("no scanner level " + strconv.Quote(name) + " on this machine, which runs " + best.String() + " at best")
	}
}

// stopsIn returns the bits of special, the special bytes of the block s,
// that the path walk visits (see scan.go): at the vector levels the stops
// among them, which the kernels find again for less than the walk would
// spend on '/', ':' and '@'.
func stopsIn(s string, special uint64) uint64 {
	if level != levelGeneric {
		return scanStops(s) & special
	}
	return special
}

// wholeBlock reports whether p's query goes whole to the one-pass query
// kernels, decodeQueryAVX512 and splitQueryAVX512: at the AVX-512 level,
// whose kernels they are, when p has neither moved nor stopped and the
// query is shorter than a block. Decoded and All call them themselves
// when it does, as a call to a function of this package around them would
// cost a short query more than the rest of its loop.
func (p *Params) wholeBlock() bool {
	return level == levelAVX512 && p.pos == 0 && p.err == 0 && len(p.s) < blockSize
}

// splitStops returns the bytes of the block s of a query that a walk over
// its parameters raw must stop at: at the AVX-512 level the separators
// that q asks for and the '=' bytes, exactly; at the others, the stops of
// scanQuery, which hold them.
func splitStops(s string, q QueryOption) uint64 {
	if level == levelAVX512 {
		sep, eq := splitQueryAVX512(s, kernelOpts(q, 0))
		return sep | eq
	}
	return scanQuery(s)
}

// decodeShort writes s decoded, as decodeInto decodes it with opts, to
// dst, which has room for len(s) bytes, and returns the decoded length, in
// one pass, at the AVX-512 level, for an s shorter than a block; or ok
// false, leaving dst as it was, at another level, for a longer s, and
// when s does not decode (decodeInto then finds the byte at fault). dst
// may start where s does, to decode in place.
func decodeShort(dst []byte, s string, opts DecodeOption) (n int, ok bool) {
	if level != levelAVX512 || len(s) >= blockSize || len(dst) < len(s) {
		return 0, false
	}
	_, _, keep, bad := decodeQueryAVX512(unsafe.SliceData(dst), s, kernelOpts(0, opts))
	return bits.OnesCount64(keep), bad == 0
}
