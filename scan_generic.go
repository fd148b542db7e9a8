package fasturi

// scan returns the special-byte mask of the first min(len(s), blockSize)
// bytes of s. See scan.go for the contract.
func scan(s string) uint64 {
	return scanGeneric(s)
}

// scanGeneric is the portable scanner: a table lookup per byte, eight bytes
// per step with constant shifts, so the loop has no data-dependent branch.
func scanGeneric(s string) uint64 {
	if len(s) > blockSize {
		s = s[:blockSize]
	}
	var m uint64
	i := 0
	for ; i+8 <= len(s); i += 8 {
		b := s[i : i+8]
		w := uint64(specialByte[b[0]]) | uint64(specialByte[b[1]])<<1 |
			uint64(specialByte[b[2]])<<2 | uint64(specialByte[b[3]])<<3 |
			uint64(specialByte[b[4]])<<4 | uint64(specialByte[b[5]])<<5 |
			uint64(specialByte[b[6]])<<6 | uint64(specialByte[b[7]])<<7
		m |= w << uint(i)
	}
	for ; i < len(s); i++ {
		m |= uint64(specialByte[s[i]]) << uint(i)
	}
	return m
}
