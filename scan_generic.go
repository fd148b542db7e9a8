package fasturi

// scan returns the special-byte mask of the first min(len(s), blockSize)
// bytes of s. See scan.go for the contract.
func scan(s string) uint64 {
	return scanGeneric(s)
}

// scanGeneric is the portable scanner: a table lookup per byte, eight bytes
// per step with constant shifts, so that the loop has no data-dependent
// branch.
func scanGeneric(s string) uint64 {
	if len(s) > blockSize {
		s = s[:blockSize]
	}
	if len(s) < 8 {
		var m uint64
		for i := 0; i < len(s); i++ {
			m |= uint64(specialByte[s[i]]) << uint(i)
		}
		return m
	}
	var m uint64
	i := 0
	for ; i+8 <= len(s); i += 8 {
		m |= special8(s[i:i+8]) << uint(i)
	}
	if i < len(s) {
		// The tail as one overlapping chunk that ends at len(s): the bytes
		// it classifies twice give the same bits twice.
		m |= special8(s[len(s)-8:]) << uint(len(s)-8)
	}
	return m
}

// special8 returns the special-byte mask of the eight bytes of b.
func special8(b string) uint64 {
	b = b[:8]
	return uint64(specialByte[b[0]]) | uint64(specialByte[b[1]])<<1 |
		uint64(specialByte[b[2]])<<2 | uint64(specialByte[b[3]])<<3 |
		uint64(specialByte[b[4]])<<4 | uint64(specialByte[b[5]])<<5 |
		uint64(specialByte[b[6]])<<6 | uint64(specialByte[b[7]])<<7
}
