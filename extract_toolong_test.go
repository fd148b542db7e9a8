//go:build linux && (amd64 || arm64)

package fasturi

import (
	"errors"
	"syscall"
	"testing"
	"unsafe"
)

// TestFinderTooLongText gives NewFinder text one byte longer than a Span
// can address, mapped but never touched (see TestTooLong): it finds
// nothing, at once, and says why.
func TestFinderTooLongText(t *testing.T) {
	const n = maxLength + 1
	mem, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ, syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS|syscall.MAP_NORESERVE)
	if err != nil {
		t.Skipf("cannot map %d bytes: %v", n, err)
	}
	defer syscall.Munmap(mem)
	for name, f := range map[string]Finder{"NewFinder": NewFinder(mem), "NewFinderString": NewFinderString(unsafe.String(&mem[0], len(mem)))} {
		if sp, ok := f.Next(); ok || !errors.Is(f.Err(), ErrTooLong) {
			t.Errorf("%s: Next %v %v, Err %v; want nothing and ErrTooLong", name, sp, ok, f.Err())
		}
	}
}
