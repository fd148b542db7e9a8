//go:build linux && (amd64 || arm64)

package fasturi

import (
	"errors"
	"syscall"
	"testing"
	"unsafe"
)

// TestTooLong gives Parse, Split, the request parsers and ParseHostHeader
// an input one byte longer than offsets can address. The 4 GiB are mapped
// but never touched, so they cost no memory: the length is checked before
// any byte is read.
func TestTooLong(t *testing.T) {
	mem := mapTooLong(t)
	s := unsafe.String(&mem[0], len(mem))

	u, err := ParseString(s)
	if err != ErrTooLong || u.ErrorOffset() != maxLength {
		t.Errorf("ParseString: %v at %d, want ErrTooLong at %d", err, u.ErrorOffset(), maxLength)
	}
	if !errors.Is(u.Err(), ErrTooLong) || u.Err().Error() != "fasturi: input too long: longer than 4294967295 bytes" {
		t.Errorf("Err() = %v", u.Err())
	}
	if _, err := Parse(mem); err != ErrTooLong {
		t.Errorf("Parse: %v, want ErrTooLong", err)
	}
	su, v := SplitString(s)
	if v.Len() != 1 || v.At(0).Kind != ErrTooLong || su.Has(ComponentScheme) || su.RawPath() != "" {
		t.Errorf("SplitString: %d violations, %s", v.Len(), describe(su))
	}
	for _, method := range []string{"GET", "CONNECT", "OPTIONS"} {
		tu, form, err := ParseRequestTargetString(method, s)
		if err != ErrTooLong || tu.ErrorOffset() != maxLength || form != 0 {
			t.Errorf("ParseRequestTargetString(%s): %v at %d (form %v), want ErrTooLong at %d", method, err, tu.ErrorOffset(), form, maxLength)
		}
	}
	if _, _, err := ParseRequestTarget("GET", mem); err != ErrTooLong {
		t.Errorf("ParseRequestTarget: %v, want ErrTooLong", err)
	}
	r, err := ParseRequestLineString(s)
	if err != ErrTooLong || r.ErrorOffset() != maxLength || r.Method != "" {
		t.Errorf("ParseRequestLineString: %v at %d, method %q; want ErrTooLong at %d", err, r.ErrorOffset(), r.Method, maxLength)
	}
	if _, err := ParseRequestLine(mem); err != ErrTooLong {
		t.Errorf("ParseRequestLine: %v, want ErrTooLong", err)
	}
	hu, err := ParseHostHeaderString(s)
	if err != ErrTooLong || hu.ErrorOffset() != maxLength || !errors.Is(hu.Err(), ErrTooLong) {
		t.Errorf("ParseHostHeaderString: %v at %d (%v), want ErrTooLong at %d", err, hu.ErrorOffset(), hu.Err(), maxLength)
	}
	if _, err := ParseHostHeader(mem); err != ErrTooLong {
		t.Errorf("ParseHostHeader: %v, want ErrTooLong", err)
	}
	testAllocs(t, "ParseString(too long)", func() { sinkURI, sinkErr = ParseString(s) })
}

// TestLongestInput maps an input of exactly the longest length, made of NUL
// bytes: it is not too long, so each parser reads its first byte and stops
// there.
func TestLongestInput(t *testing.T) {
	mem, err := syscall.Mmap(-1, 0, maxLength, syscall.PROT_READ, syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS|syscall.MAP_NORESERVE)
	if err != nil {
		t.Skipf("cannot map %d bytes: %v", maxLength, err)
	}
	defer syscall.Munmap(mem)
	u, err := Parse(mem)
	if err != ErrInvalidPath || u.ErrorOffset() != 0 {
		t.Errorf("Parse: %v at %d, want ErrInvalidPath at 0", err, u.ErrorOffset())
	}
	for _, tt := range []struct {
		method string
		kind   ErrorKind
	}{{"GET", ErrTargetForm}, {"CONNECT", ErrInvalidHost}} {
		u, _, err := ParseRequestTarget(tt.method, mem)
		if err != tt.kind || u.ErrorOffset() != 0 {
			t.Errorf("ParseRequestTarget(%s): %v at %d, want %v at 0", tt.method, err, u.ErrorOffset(), tt.kind)
		}
	}
	if u, err := ParseHostHeader(mem); err != ErrInvalidHost || u.ErrorOffset() != 0 {
		t.Errorf("ParseHostHeader: %v at %d, want ErrInvalidHost at 0", err, u.ErrorOffset())
	}
}

// mapTooLong maps maxLength+1 bytes of zeros that are never touched, so
// that they cost no memory, until the test ends; it skips the test when
// the system refuses the mapping.
func mapTooLong(t *testing.T) []byte {
	t.Helper()
	const n = maxLength + 1
	mem, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ, syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS|syscall.MAP_NORESERVE)
	if err != nil {
		t.Skipf("cannot map %d bytes: %v", n, err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	return mem
}
