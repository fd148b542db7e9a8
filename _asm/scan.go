// Command _asm generates scan_amd64.s and its Go declarations,
// scan_amd64_stubs.go: the amd64 scanner, which implements the scanner
// contract of scan.go with AVX2 and with AVX-512.
//
// Both levels classify bytes the same way: look each byte's low nibble and
// high nibble up in a 16-entry table with a byte shuffle and AND the two
// results; a zero byte is special. The tables are the package's own
// ordinaryLoNibble and ordinaryHiNibble (lookup_tables.go), read by symbol,
// so the assembly holds no copy of the byte classes that could drift from
// the Go code.
package main

import (
	"github.com/mmcloughlin/avo/ir"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

const (
	// blockSize is scan.go's: a scanner classifies at most this many bytes.
	blockSize = 64

	// scanCutover is the block length below which scan stays on the
	// portable scanner, at every level. Under it, the setup of the vector
	// code (its constants, the second load) costs more than the table
	// lookups it replaces: BenchmarkScan, the size ladder, has the portable
	// scanner ahead below 16 bytes and AVX2 ahead from 16 on, on AMD Zen 4.
	// scanAVX2's 16-byte loads need at least 16 bytes anyway; AVX-512
	// could start at 0 and keeps the same cutover, unmeasured.
	scanCutover = 16
)

var (
	ordinaryLo = NewDataAddr(Symbol{Name: "·ordinaryLoNibble"}, 0)
	ordinaryHi = NewDataAddr(Symbol{Name: "·ordinaryHiNibble"}, 0)
	// lowNibbles is 0x0f in each of 32 bytes.
	lowNibbles Mem
)

func main() {
	ConstraintExpr("amd64,!purego")
	lowNibbles = GLOBL("lowNibbles", RODATA|NOPTR)
	for i := 0; i < 32; i += 8 {
		DATA(i, U64(0x0f0f0f0f0f0f0f0f))
	}
	scan()
	scanAVX2()
	scanAVX512()
	Generate()
}

// scan is the entry point the parser calls: a jump to the level that
// setScanLevel chose, with no frame of its own.
func scan() {
	TEXT("scan", NOSPLIT, "func(s string) uint64")
	Doc(
		"scan returns the special-byte mask of the first min(len(s), blockSize)",
		"bytes of s (see scan.go), with the scanner that useAVX512 and useAVX2",
		"select; blocks shorter than the cutover take the portable scanner.",
	)
	n := Load(Param("s").Len(), GP64())
	CMPQ(n, U8(scanCutover))
	JB(LabelRef("generic"))
	CMPB(NewDataAddr(Symbol{Name: "·useAVX512"}, 0), U8(0))
	JNE(LabelRef("avx512"))
	CMPB(NewDataAddr(Symbol{Name: "·useAVX2"}, 0), U8(0))
	JNE(LabelRef("avx2"))
	Label("generic")
	tailCall("·scanGeneric")
	Label("avx2")
	tailCall("·scanAVX2")
	Label("avx512")
	tailCall("·scanAVX512")
}

// tailCall jumps to the function fn, which has scan's signature and so
// finds its arguments where scan's caller put them, and returns to that
// caller. (avo's JMP wants a label; this is the instruction written out.)
func tailCall(fn string) {
	Instruction(&ir.Instruction{
		Opcode:     "JMP",
		Operands:   []Op{NewDataAddr(Symbol{Name: fn}, 0)},
		IsTerminal: true,
	})
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

// tables are the registers that classification needs: the two nibble
// tables, in every 16-byte lane, and lowNibbles.
type tables struct {
	lo, hi, lowNibbles Register
}

// low returns t's registers as 16-byte vectors: their low lanes.
func (t tables) low() tables {
	return tables{t.lo.(Vec).AsX(), t.hi.(Vec).AsX(), t.lowNibbles.(Vec).AsX()}
}

// ordinary sets each byte of x to nonzero if it is ordinary and to zero if
// it is special: lo[x&15] & hi[x>>4]. The low-nibble shuffle takes x
// unmasked: its bits 4 to 6 do not matter, and a byte >= 0x80 looks up 0,
// which is right, since no such byte is ordinary. x is overwritten.
func (t tables) ordinary(x Register) {
	var h Register
	and := func(a, b, dst Op) { VPAND(a, b, dst) }
	switch x.Size() {
	case 16:
		h = XMM()
	case 32:
		h = YMM()
	default:
		h = ZMM()
		and = func(a, b, dst Op) { VPANDD(a, b, dst) }
	}
	VPSRLW(U8(4), x, h)
	and(t.lowNibbles, h, h)
	VPSHUFB(x, t.lo, x)
	VPSHUFB(h, t.hi, h)
	and(h, x, x)
}

// scanAVX2 classifies a block of 16 to 64 bytes with two loads: 32-byte
// ones from 32 bytes on, else 16-byte ones. Both lie inside the block: the
// second is the last load width of it and overlaps the first, whose bits it
// repeats.
func scanAVX2() {
	TEXT("scanAVX2", NOSPLIT, "func(s string) uint64")
	Doc("scanAVX2 is scan with AVX2, for len(s) >= 16.")
	p := Load(Param("s").Base(), GP64())
	n := blockLen()
	first, last := GP64(), GP64()

	Comment("The nibble tables in both 128-bit lanes.")
	t := tables{lo: YMM(), hi: YMM(), lowNibbles: YMM()}
	VBROADCASTI128(ordinaryLo, t.lo)
	VBROADCASTI128(ordinaryHi, t.hi)
	VMOVDQU(lowNibbles, t.lowNibbles)
	zero := YMM()
	VPXOR(zero, zero, zero)

	CMPQ(n, U8(32))
	JB(LabelRef("short"))

	Comment("32 <= n <= 64: bytes [0, 32) and [n-32, n).")
	for _, v := range []struct {
		at  Mem
		out GPVirtual
	}{{Mem{Base: p}, first}, {Mem{Base: p, Index: n, Scale: 1, Disp: -32}, last}} {
		x := YMM()
		VMOVDQU(v.at, x)
		t.ordinary(x)
		VPCMPEQB(zero, x, x)
		VPMOVMSKB(x, v.out.As32())
	}
	combine(first, last, n, 32)

	Label("short")
	Comment("16 <= n < 32: bytes [0, 16) and [n-16, n), in the low lanes.")
	for _, v := range []struct {
		at  Mem
		out GPVirtual
	}{{Mem{Base: p}, first}, {Mem{Base: p, Index: n, Scale: 1, Disp: -16}, last}} {
		x := XMM()
		VMOVDQU(v.at, x)
		// VEX-encoded 128-bit operations take the low lanes of the tables.
		t.low().ordinary(x)
		VPCMPEQB(zero.AsX(), x, x)
		VPMOVMSKB(x, v.out.As32())
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

	Comment("inBlock = the low n bits: the bytes of the block.")
	ones, inBlock := GP64(), K()
	MOVQ(I32(-1), ones)
	BZHIQ(n, ones, ones)
	KMOVQ(ones, inBlock)

	t := tables{lo: ZMM(), hi: ZMM(), lowNibbles: ZMM()}
	VBROADCASTI32X4(ordinaryLo, t.lo)
	VBROADCASTI32X4(ordinaryHi, t.hi)
	VBROADCASTI32X4(lowNibbles, t.lowNibbles)

	x := ZMM()
	VMOVDQU8_Z(Mem{Base: p}, inBlock, x)
	t.ordinary(x)
	Comment("Special: the bytes of the block whose lookups AND to zero.")
	special := K()
	VPTESTNMB(x, x, inBlock, special)
	mask := GP64()
	KMOVQ(special, mask)
	Store(mask, ReturnIndex(0))
	VZEROUPPER()
	RET()
}
