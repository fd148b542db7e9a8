//go:build !amd64 || purego

package fasturi

import "testing"

// levelScanner returns level l's own scanner and the shortest block it
// takes, or why this build cannot run it.
func levelScanner(l scanLevel) (scan func(string) uint64, minLen int, missing string) {
	if l != levelGeneric {
		return nil, 0, "no vector scanner in this build (purego, or not amd64)"
	}
	return scanGeneric, 0, ""
}

// setLevel makes scan use level l until the test ends: the portable
// scanner is the only one here, so there is nothing to change.
func setLevel(testing.TB, scanLevel) {}
