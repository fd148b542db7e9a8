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
	case hasAVX512() && cpuid.CPU.Supports(cpuid.AVX512VBMI2):
		return levelAVX512VBMI2
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

// onePass reports whether p's query goes to the one-pass query kernels,
// decodeQuery and splitQuery: at the AVX2 and AVX-512 levels, whose
// kernels they are, when p has neither moved nor stopped. Decoded and All
// call them themselves when it does, as a call to a function of this
// package around them would cost a short query more than the rest of its
// loop.
func (p *Params) onePass() bool {
	return level >= levelAVX2 && p.pos == 0 && p.err == 0
}

// splitStops returns the bytes of the block s of a query that a walk over
// its parameters raw must stop at: at the vector levels the separators
// that q asks for and the '=' bytes, exactly; at the generic level, the
// stops of scanQuery, which hold them.
func splitStops(s string, q QueryOption) uint64 {
	if level >= levelAVX2 {
		sep, eq := splitQuery(s, kernelOpts(q, 0))
		return sep | eq
	}
	return scanQuery(s)
}

// decodeBlocks writes s decoded, as decodeInto decodes it with opts, to
// dst, which has room for len(s) bytes, at the vector levels, a block at
// a time, and returns the decoded length n and the length of s that it
// decodes, read: all of s, or less when a block holds a byte that does
// not decode, which its pass leaves unwritten. At another level, it
// returns 0, 0. decodeInto decodes s[read:] into dst[n:] byte by byte,
// and finds there the byte at fault. dst may start where s does, to
// decode in place: a pass writes no further than it has read.
func decodeBlocks(dst []byte, s string, opts DecodeOption) (n, read int) {
	if level < levelAVX2 || len(dst) < len(s) {
		return 0, 0
	}
	k := kernelOpts(0, opts)
	if len(s) <= blockSize { // most keys, values and segments: one pass
		if _, _, keep, bad := decodeQuery(unsafe.SliceData(dst), s, k); bad == 0 {
			return bits.OnesCount64(keep), len(s)
		}
		return 0, 0
	}
	for read < len(s) {
		b := nextDecodeBlock(s[read:])
		_, _, keep, bad := decodeQuery(unsafe.SliceData(dst[n:]), b, k)
		if bad != 0 {
			break
		}
		n += bits.OnesCount64(keep)
		read += len(b)
	}
	return n, read
}
