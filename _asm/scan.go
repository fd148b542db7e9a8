// Command _asm generates scan_amd64.s and its Go declarations,
// scan_amd64_stubs.go: the AVX2 and AVX-512 implementations of the scanner
// contract in scan.go.
//
// Both classify bytes the same way: split each byte into its nibbles, look
// each nibble up in a 16-entry table with a byte shuffle, and AND the two
// results; a nonzero byte is special. The tables are the package's own
// specialLoNibble and specialHiNibble (lookup_tables.go), read by symbol, so
// the assembly has no copy of the set that could drift from the Go code.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// blockSize is scan.go's: the scanners classify at most this many bytes.
const blockSize = 64

var (
	loNibbles = NewDataAddr(Symbol{Name: "·specialLoNibble"}, 0)
	hiNibbles = NewDataAddr(Symbol{Name: "·specialHiNibble"}, 0)
)

func main() {
	ConstraintExpr("amd64,!purego")
	scanAVX2()
	scanAVX512()
	Generate()
}

// blockLen loads len(s), capped at blockSize, into a new register.
func blockLen() GPVirtual {
	n := GP64()
	Load(Param("s").Len(), n)
	limit := GP64()
	MOVQ(U32(blockSize), limit)
	CMPQ(n, limit)
	CMOVQGT(limit, n)
	return n
}

// nibbleTables holds the registers the classification needs, each table
// repeated in every 16-byte lane.
type nibbleTables struct {
	lo, hi, lowNibble Register
}

// low is tab's registers as 16-byte vectors: their low lanes.
func (tab nibbleTables) low() nibbleTables {
	return nibbleTables{tab.lo.(Vec).AsX(), tab.hi.(Vec).AsX(), tab.lowNibble.(Vec).AsX()}
}

// specialBytes sets each byte of t to zero when the byte of x is not
// special and to nonzero when it is: lo[x&15] & hi[x>>4], as in the Go
// table test. x is overwritten.
func (tab nibbleTables) specialBytes(x, t Register) {
	VPSRLW(U8(4), x, t)
	VPAND(tab.lowNibble, x, x)
	VPAND(tab.lowNibble, t, t)
	VPSHUFB(x, tab.lo, x)
	VPSHUFB(t, tab.hi, t)
	VPAND(x, t, t)
}

// scanAVX2 classifies a block with 32-byte (or, for 16 to 31 bytes, 16-byte)
// vectors. Every load lies inside s: the second load is the last vector
// width of the block and overlaps the first, whose bits it repeats.
func scanAVX2() {
	TEXT("scanAVX2", NOSPLIT, "func(s string) uint64")
	Doc(
		"scanAVX2 is scan with AVX2. It needs len(s) >= 16; shorter input",
		"takes the scalar path (see scanCutover).",
	)
	p := Load(Param("s").Base(), GP64())
	n := blockLen()
	first, last := GP64(), GP64()

	Comment("The nibble tables in both 128-bit lanes; 0x0f in every byte.")
	lowNibble := YMM()
	tab := nibbleTables{lo: YMM(), hi: YMM(), lowNibble: lowNibble}
	VBROADCASTI128(loNibbles, tab.lo)
	VBROADCASTI128(hiNibbles, tab.hi)
	k := GP32()
	MOVL(U32(0x0f0f0f0f), k)
	MOVD(k, lowNibble.AsX())
	VPBROADCASTD(lowNibble.AsX(), lowNibble)
	zero := YMM()
	VPXOR(zero, zero, zero)

	CMPQ(n, U8(32))
	JB(LabelRef("short"))

	Comment("32 <= n <= 64: bytes [0, 32) and [n-32, n).")
	for _, v := range []struct {
		at  Mem
		out GPVirtual
	}{{Mem{Base: p}, first}, {Mem{Base: p, Index: n, Scale: 1, Disp: -32}, last}} {
		x, t := YMM(), YMM()
		VMOVDQU(v.at, x)
		tab.specialBytes(x, t)
		VPCMPEQB(zero, t, t)
		VPMOVMSKB(t, v.out.As32())
		NOTL(v.out.As32())
	}
	combine(first, last, n, 32)

	Label("short")
	Comment("16 <= n < 32: bytes [0, 16) and [n-16, n), in the low lanes.")
	for _, v := range []struct {
		at  Mem
		out GPVirtual
	}{{Mem{Base: p}, first}, {Mem{Base: p, Index: n, Scale: 1, Disp: -16}, last}} {
		x, t := XMM(), XMM()
		VMOVDQU(v.at, x)
		tab.low().specialBytes(x, t)
		// VEX-encoded 128-bit operations also take the low lanes of the
		// tables, and zero the upper lanes of what they write.
		VPCMPEQB(zero.AsX(), t, t)
		VPMOVMSKB(t, v.out.As32())
		XORL(U32(0xffff), v.out.As32())
	}
	combine(first, last, n, 16)
}

// combine returns first | last<<(n-width): last classified the final width
// bytes of the block, so its bit 0 stands for byte n-width. The bits both
// loads cover agree, so OR merges them.
func combine(first, last, n GPVirtual, width int) {
	SUBQ(U8(width), n)
	shift := CL
	MOVB(n.As8(), shift)
	SHLQ(shift, last)
	ORQ(last, first)
	Store(first, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// scanAVX512 classifies the whole block with one 64-byte masked load. The
// mask covers exactly the first min(len(s), 64) bytes; the bytes it leaves
// out are not read (masked loads suppress faults), so the load never touches
// memory past s, whatever its length.
func scanAVX512() {
	TEXT("scanAVX512", NOSPLIT, "func(s string) uint64")
	Doc("scanAVX512 is scan with AVX-512 (F and BW) and BMI2, for any length.")
	p := Load(Param("s").Base(), GP64())
	n := blockLen()

	Comment("k = the bytes of the block: the low n bits.")
	ones, in := GP64(), K()
	MOVQ(I32(-1), ones)
	BZHIQ(n, ones, ones)
	KMOVQ(ones, in)

	tab := nibbleTables{lo: ZMM(), hi: ZMM(), lowNibble: ZMM()}
	VBROADCASTI32X4(loNibbles, tab.lo)
	VBROADCASTI32X4(hiNibbles, tab.hi)
	k := GP32()
	MOVL(U32(0x0f), k)
	VPBROADCASTB(k, tab.lowNibble)

	x, t := ZMM(), ZMM()
	VMOVDQU8_Z(Mem{Base: p}, in, x)
	VPSRLW(U8(4), x, t)
	VPANDD(tab.lowNibble, x, x)
	VPANDD(tab.lowNibble, t, t)
	VPSHUFB(x, tab.lo, x)
	VPSHUFB(t, tab.hi, t)
	Comment("Zeroed bytes past n would look special (0x00 is): test only the block.")
	special := K()
	VPTESTMB(x, t, in, special)
	mask := GP64()
	KMOVQ(special, mask)
	Store(mask, ReturnIndex(0))
	VZEROUPPER()
	RET()
}
