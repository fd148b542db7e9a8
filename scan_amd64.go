//go:build amd64 && !purego

package fasturi

import "github.com/klauspost/cpuid/v2"

// scan, scanPath and scanFirst (scan_amd64.s) jump to the kernels these
// select, so that the parser calls into assembly with no Go frame between. Blocks
// shorter than the cutover (_asm/scan.go) take the portable scanner at
// every level.
var useAVX512, useAVX2 = bestLevel == levelAVX512, bestLevel == levelAVX2

// vectorScanner says whether this build has vector scanners, whose masks
// can stand in for some byte-by-byte checks.
const vectorScanner = true

// avx2MinLen is the shortest block scanAVX2 takes: its narrowest loads are
// 16 bytes, and none may start before the block.
const avx2MinLen = 16

// bestLevel is the fastest scanner the CPU and the operating system support,
// decided once at start-up. cpuid reports AVX2 and AVX-512 only when the
// operating system saves their registers.
var bestLevel = func() scanLevel {
	switch {
	case cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512BW, cpuid.BMI2):
		return levelAVX512
	case cpuid.CPU.Supports(cpuid.AVX2):
		return levelAVX2
	}
	return levelGeneric
}()

// pathIn returns the bits of special, a mask of the block s, that the path
// walk visits (see scan.go): at the vector levels the stops among them,
// which the kernels find again for less than the walk would spend on '/',
// ':' and '@'.
func pathIn(s string, special uint64) uint64 {
	if useAVX512 || useAVX2 {
		return scanPath(s) & special
	}
	return special
}

// setScanLevel makes scan use level l, which the machine must support.
func setScanLevel(l scanLevel) {
	useAVX512, useAVX2 = l == levelAVX512, l == levelAVX2
}
