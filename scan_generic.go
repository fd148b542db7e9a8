//go:build !amd64 || purego

package fasturi

// Without a vector scanner (other architectures, and the purego build tag),
// the portable one is the only one.

// bestLevel is the scanner scan uses.
const bestLevel = levelGeneric

// scan returns the special-byte mask of the first min(len(s), blockSize)
// bytes of s. See scan.go for the contract.
func scan(s string) uint64 {
	return scanGeneric(s)
}
