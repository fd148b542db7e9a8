//go:build !amd64 || purego

package fasturi

// Without a vector scanner (other architectures, and the purego build tag),
// the portable one is the only one.

// bestLevel is the scanner scan uses.
const bestLevel = levelGeneric

// vectorScanner says whether this build has vector scanners, whose masks
// can stand in for some byte-by-byte checks.
const vectorScanner = false

// scan returns the special bytes of the block s. See scan.go for it and
// for scanPath, scanFirst and pathIn.
func scan(s string) uint64 { return scanGeneric(s) }

func scanPath(s string) uint64 { return scanGeneric(s) }

func scanFirst(s string) (special, path, notScheme uint64) {
	special = scanGeneric(s)
	return special, special, ^uint64(0) // as scanFirstGeneric, inlined
}

func pathIn(_ string, special uint64) uint64 { return special }
