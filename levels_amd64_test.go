//go:build amd64 && !purego

package fasturi

import (
	"testing"

	"github.com/klauspost/cpuid/v2"
)

// levelScanner returns level l's own scanner and the shortest block it
// takes, or why this machine cannot run it.
func levelScanner(l scanLevel) (scan func(string) uint64, minLen int, missing string) {
	switch l {
	case levelAVX2:
		if !cpuid.CPU.Supports(cpuid.AVX2) {
			return nil, 0, "this CPU (or OS) has no AVX2"
		}
		return scanAVX2, avx2MinLen, ""
	case levelAVX512:
		if !cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512BW, cpuid.BMI2) {
			return nil, 0, "this CPU (or OS) has no AVX-512 F and BW with BMI2"
		}
		return scanAVX512, 0, ""
	}
	return scanGeneric, 0, ""
}

// setLevel makes scan use level l until the test ends.
func setLevel(t testing.TB, l scanLevel) {
	setScanLevel(l)
	t.Cleanup(func() { setScanLevel(bestLevel) })
}
