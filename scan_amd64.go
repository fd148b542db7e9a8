//go:build amd64 && gc && !purego

package fasturi

import (
	"errors"
	"strconv"

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
	case cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512BW, cpuid.BMI2):
		return levelAVX512
	case cpuid.CPU.Supports(cpuid.AVX2):
		return levelAVX2
	}
	return levelGeneric
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
