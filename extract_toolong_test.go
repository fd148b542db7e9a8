//go:build linux && (amd64 || arm64)

package fasturi

import (
	"errors"
	"testing"
	"unsafe"
)

// TestFinderTooLongText gives NewFinder text one byte longer than a Span
// can address, mapped but never touched (see TestTooLong): it finds
// nothing, at once, and says why.
func TestFinderTooLongText(t *testing.T) {
	mem := mapTooLong(t)
	for name, f := range map[string]Finder{"NewFinder": NewFinder(mem), "NewFinderString": NewFinderString(unsafe.String(&mem[0], len(mem)))} {
		if sp, ok := f.Next(); ok || !errors.Is(f.Err(), ErrTooLong) {
			t.Errorf("%s: Next %v %v, Err %v; want nothing and ErrTooLong", name, sp, ok, f.Err())
		}
	}
}
