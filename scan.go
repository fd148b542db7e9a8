package fasturi

import "math/bits"

// The scanner turns input into bitmasks, one bit per byte, so that the
// parser can jump from one byte that matters to the next with a
// trailing-zero count instead of testing every byte.
//
// The masks cover a block: the first min(len(s), blockSize) bytes of s. No
// scanner reads s beyond the block, and bits beyond it are zero (but in
// scanFirst's notScheme, below). Two classes:
//
//   - special: the bytes that are neither unreserved nor sub-delims (see
//     specialByte). Ordinary bytes are valid in every component the parser
//     walks, so this mask finds every byte that ends a component or needs a
//     second look. scan(s) returns it, the same at every level.
//   - stops: the special bytes other than '/', ':' and '@', which a path, a
//     query and a fragment take as they are, and other than each '%' that
//     two hex digits follow inside the block, a valid percent-encoding
//     (section 2.1); that leaves '?', '#', the bytes no component allows,
//     and a '%' that may start a broken one (also in the block's last two
//     bytes, whose digits are beyond it).
//
// The path walk (parsePath) visits a stops mask: one that holds every stop
// and may hold '/', ':', '@' and valid percent-encodings too, which the
// walk checks and skips. scanStops(s), stopsIn(s, special) and
// scanFirst(s), for the block the parser starts with, return one. At the
// vector levels it is exactly the stops (the kernels scanStopsAVX2, ...
// return them exactly), so the walk skips nothing, and a path or query
// whose percent-encodings are all valid has no stop but its '?': the
// parser takes it at once from the masks. The portable scanner gives the
// special bytes themselves, because finding the stops among them would
// cost it more than the walk spends skipping '/', ':' and '@'.
//
// scanFirst also returns a mask that holds every byte that is not a scheme
// character (ALPHA, DIGIT, '+', '-', '.'), and may hold others. At the
// vector levels it is exact in the first 16 bytes of a block of 16 bytes
// or more (AVX2 leaves shorter ones to the portable scanner), and a scheme
// that ends there is checked with one mask test; later bits may be set for
// any byte (scanFirstAVX2 classifies only its first load), and so may bits
// past the block. The portable scanner sets every bit, which leaves the
// check to a walk over the scheme's bytes.

//go:generate go run -C _asm . -pkg fasturi -out ../scan_amd64.s -stubs ../scan_amd64_stubs.go

// A scanLevel is one implementation of the scanner contract.
type scanLevel uint8

const (
	levelGeneric     scanLevel = iota // portable Go (scan_generic.go)
	levelAVX2                         // AVX2, 32-byte vectors (scan_amd64.s)
	levelAVX512                       // AVX-512 BW, one 64-byte masked vector (scan_amd64.s)
	levelAVX512VBMI2                  // avx512, with VBMI2's byte compress for decoding
	numLevels
)

var levelNames = [numLevels]string{"generic", "avx2", "avx512", "avx512vbmi2"}

func (l scanLevel) String() string { return levelNames[l] }

// blockSize is the number of bytes one scan call classifies: one bit of a
// uint64 per byte.
const blockSize = 64

// cursorNext returns the offset of the next special byte of the cursor
// (base, mask) over s, or len(s) when there is none left, and the cursor
// moved to its block. It is specials.peek for callers that keep the cursor
// in locals, which the compiler can hold in registers.
func cursorNext(s string, base int, mask uint64) (int, int, uint64) {
	if mask == 0 {
		base, mask = nextSpecialBlock(s, base)
	}
	return base + bits.TrailingZeros64(mask), base, mask
}

// nextSpecialBlock returns the first block after the one at base that holds
// a special byte, as its offset and mask. When there is none it returns
// len(s)-blockSize and 0: a cursor that is spent, and whose next special
// byte, base plus the 64 trailing zeros of an empty mask, is len(s).
func nextSpecialBlock(s string, base int) (int, uint64) {
	for base+blockSize < len(s) {
		base += blockSize
		if mask := scan(s[base:]); mask != 0 {
			return base, mask
		}
	}
	return len(s) - blockSize, 0
}

// seekBlock returns the cursor (base, mask) over s moved to offset i, when
// i lies outside the block at base (see specials.seek).
func seekBlock(s string, base int, mask uint64, i int) (int, uint64) {
	if i < base {
		return base, mask // already past i
	}
	base = min(i, len(s))
	return base, scan(s[base:])
}

// specials walks the special bytes of s in order, scanning a block at a
// time. The hot paths of the parser keep base and mask in locals instead,
// with the same helpers (cursorNext, seekBlock).
type specials struct {
	s    string
	base int    // offset of the current block in s; len(s)-blockSize once spent
	mask uint64 // specials of the current block not yet returned
}

func newSpecials(s string) specials {
	return specials{s: s, mask: scan(s)}
}

// peek returns the offset of the next special byte, or len(s) when there is
// none left.
func (c *specials) peek() int {
	var j int
	j, c.base, c.mask = cursorNext(c.s, c.base, c.mask)
	return j
}

// advance moves past the byte peek returned.
func (c *specials) advance() { c.mask &= c.mask - 1 }

// seek drops the specials before offset i, so that peek returns the first
// special at or after i. The parser uses it after reading bytes itself.
func (c *specials) seek(i int) {
	if d := uint(i - c.base); d < blockSize { // also false when i < base
		c.mask &= ^uint64(0) << d
		return
	}
	c.base, c.mask = seekBlock(c.s, c.base, c.mask, i)
}

// scanGeneric is the portable scanner, which every build has (on amd64,
// at the AVX2 level, for blocks shorter than the cutover of _asm/scan.go):
// a table lookup per byte, eight bytes per step with constant shifts, so
// that the loop has no data-dependent branch.
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

// scanQueryGeneric is the portable scanQuery: the bytes of the block s
// that a walk over a query's parameters stops at (see queryByte), as
// scanGeneric finds the special bytes. The two do not share a version that
// takes the table as an argument: that costs scanGeneric, the parser's
// hottest helper, most of a nanosecond per call (BenchmarkScan).
func scanQueryGeneric(s string) uint64 {
	if len(s) > blockSize {
		s = s[:blockSize]
	}
	if len(s) < 8 {
		var m uint64
		for i := 0; i < len(s); i++ {
			m |= uint64(queryByte[s[i]]) << uint(i)
		}
		return m
	}
	var m uint64
	for i := 0; ; i += 8 {
		if i > len(s)-8 {
			// The tail as one overlapping chunk that ends at len(s): the
			// bytes it classifies twice give the same bits twice.
			i = len(s) - 8
		}
		b := s[i : i+8]
		m |= (uint64(queryByte[b[0]]) | uint64(queryByte[b[1]])<<1 |
			uint64(queryByte[b[2]])<<2 | uint64(queryByte[b[3]])<<3 |
			uint64(queryByte[b[4]])<<4 | uint64(queryByte[b[5]])<<5 |
			uint64(queryByte[b[6]])<<6 | uint64(queryByte[b[7]])<<7) << uint(i)
		if i+8 == len(s) {
			return m
		}
	}
}

// scanFirstGeneric is the portable scanFirst: the special bytes, twice, and
// no help with the scheme.
//
//lint:ignore U1000 on amd64, only the assembly's dispatch calls it.
func scanFirstGeneric(s string) (special, stops, notScheme uint64) {
	special = scanGeneric(s)
	return special, special, ^uint64(0)
}
