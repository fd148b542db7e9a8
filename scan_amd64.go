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

// decodeBlock splits and decodes p's query into buf in one pass, when the
// query is whole (p has not moved), shorter than a block, and fits buf's
// spare capacity, at the AVX-512 level, whose kernel does it. It returns
// the decoded copy, the separators with the end of the query, the '=' bytes
// and the bytes kept (see decodeQueryAVX512's options below); or ok false,
// and then the walk does it all, which also yields the parameters before a
// key or a value that does not decode.
func (p *Params) decodeBlock(buf []byte, opts DecodeOption) (copied []byte, sep, eq, keep uint64, ok bool) {
	off := len(buf)
	if level != levelAVX512 || p.pos != 0 || len(p.s) >= blockSize || cap(buf)-off < len(p.s) {
		return nil, 0, 0, 0, false
	}
	copied = buf[off : off+len(p.s)]
	sep, eq, keep, bad := decodeQueryAVX512(unsafe.SliceData(copied), p.s, kernelOpts(p.opts, opts))
	if bad != 0 {
		return nil, 0, 0, 0, false
	}
	return copied, sep | 1<<(uint(len(p.s))&63), eq, keep, true
}

// splitBlock returns the separators of p's query, with its end, and its
// '=' bytes, in one pass, when the query is whole (p has not moved, nor
// stopped) and shorter than a block, at the AVX-512 level, whose kernel
// finds them; or ok false, and then the walk does it.
func (p *Params) splitBlock() (sep, eq uint64, ok bool) {
	if level != levelAVX512 || p.pos != 0 || p.err != 0 || len(p.s) >= blockSize {
		return 0, 0, false
	}
	sep, eq = splitQueryAVX512(p.s, kernelOpts(p.opts, 0))
	return sep | 1<<(uint(len(p.s))&63), eq, true
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

// The options of decodeQueryAVX512(dst, s, opts), which splits and decodes
// a query s of at most 64 bytes in one pass and returns:
//
//   - sep, the separators: '&', and ';' with decodeQuerySemicolon;
//   - eq, the '=' bytes;
//   - keep, the bytes of s but the two hex digits of each valid
//     percent-encoding: dst[:popcount(keep)] holds them in order, each
//     '%' of a valid encoding as the byte it encodes, and each '+' as a
//     space with decodeQueryPlus;
//   - bad: the '%' bytes of no valid encoding, and with
//     decodeQueryNoControls the C0 controls and DEL, raw or decoded, which
//     AppendDecode refuses. When bad is not zero, dst is left as it was.
//
// The byte decoded from s[i:i+3] is then after the bytes of keep below i,
// so each parameter splits at sep and eq, in s, and maps to its decoded
// bytes by those counts.
const (
	decodeQuerySemicolon = 1 << iota
	decodeQueryPlus
	decodeQueryNoControls
)

// kernelOpts returns decodeQueryAVX512's opts for the separators that q
// asks for and for opts.
func kernelOpts(q QueryOption, opts DecodeOption) uint64 {
	var k uint64
	if q&QuerySemicolon != 0 {
		k |= decodeQuerySemicolon
	}
	if opts&DecodePlusAsSpace != 0 {
		k |= decodeQueryPlus
	}
	if opts&DecodeNoControls != 0 {
		k |= decodeQueryNoControls
	}
	return k
}
