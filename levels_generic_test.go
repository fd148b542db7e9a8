//go:build !amd64 || !gc || purego

package fasturi

import "testing"

// levelKernels returns level l's own scanners, which are exact, or why this
// build cannot run them.
func levelKernels(l scanLevel) (k kernels, missing string) {
	if l != levelGeneric {
		return k, "no vector scanner in this build (purego, or not amd64)"
	}
	return genericKernels, ""
}

// setLevel makes the scanners use level l until the test ends: the portable
// scanner is the only one here, so there is nothing to change.
func setLevel(testing.TB, scanLevel) {}

// atLevel runs fn with the scanners at level l: the portable scanner is the
// only one here.
func atLevel(_ scanLevel, fn func()) { fn() }
