//go:build amd64 && gc && !purego

package fasturi

import (
	"testing"

	"github.com/klauspost/cpuid/v2"
)

// avx2MinLen is the shortest block the AVX2 kernels take: their narrowest
// loads are 16 bytes, and none may start before the block.
const avx2MinLen = 16

// levelKernels returns level l's own scanners, which are exact, or why this
// machine cannot run them.
func levelKernels(l scanLevel) (k kernels, missing string) {
	switch l {
	case levelAVX2:
		if !cpuid.CPU.Supports(cpuid.AVX2) {
			return k, "this CPU (or OS) has no AVX2"
		}
		return kernels{scanAVX2, scanStopsAVX2, scanFirstAVX2, scanQueryAVX2, avx2MinLen}, ""
	case levelAVX512, levelAVX512VBMI2:
		if !hasAVX512() {
			return k, "this CPU (or OS) has no AVX-512 F, BW and VL with BMI1, BMI2 and POPCNT"
		}
		if l == levelAVX512VBMI2 && !cpuid.CPU.Supports(cpuid.AVX512VBMI2) {
			return k, "this CPU (or OS) has no AVX-512 VBMI2"
		}
		return kernels{scanAVX512, scanStopsAVX512, scanFirstAVX512, scanQueryAVX512, 0}, ""
	}
	return genericKernels, ""
}

// setLevel makes the scanners use level l, which the machine must run,
// until the test ends.
func setLevel(t testing.TB, l scanLevel) {
	prev := level
	level = l
	t.Cleanup(func() { level = prev })
}

// atLevel runs fn with the scanners at level l, which the machine must run.
func atLevel(l scanLevel, fn func()) {
	prev := level
	level = l
	defer func() { level = prev }()
	fn()
}
