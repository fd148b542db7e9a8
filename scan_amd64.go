//go:build amd64 && !purego

package fasturi

import "github.com/klauspost/cpuid/v2"

// avx2MinLen is the shortest block scanAVX2 takes: its narrowest loads are
// 16 bytes, and none may start before the block.
const avx2MinLen = 16

// scanCutover is the block length below which scan stays on the portable
// scanner: under it, loading the vector constants and the call into
// assembly cost more than the table lookups they replace (BenchmarkScan,
// the size ladder, puts the crossing at TODO bytes). It can be no
// lower than avx2MinLen.
const scanCutover = 16

// The cutover must keep short blocks away from scanAVX2.
const _ = uint(scanCutover - avx2MinLen)

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

// level is the scanner scan uses: bestLevel, unless a test forces a lower one.
var level = bestLevel

// scan returns the special-byte mask of the first min(len(s), blockSize)
// bytes of s. See scan.go for the contract.
func scan(s string) uint64 {
	if len(s) >= scanCutover {
		switch level {
		case levelAVX512:
			return scanAVX512(s)
		case levelAVX2:
			return scanAVX2(s)
		}
	}
	return scanGeneric(s)
}
