package main

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The AVX2 query kernels do what the AVX-512 ones do with neither masked
// loads and stores nor a byte compress. They read the block as 64 bytes
// into two registers, which may read bytes before or after the block, but
// only in pages that hold a byte of it, and zero the bytes past it with a
// mask from queryLengthMask; they write exactly the bytes of the output, with loads
// and stores that overlap, as a memmove does; and they compress 8 bytes at
// a time with VPSHUFB, through the stack.
var (
	// queryLengthMask is 64 bytes of 0xff, then 64 of 0: the 64 bytes from
	// offset 64-n cover the first n bytes of a block.
	queryLengthMask Mem
	// compressIndices holds, for each 8-bit mask m, 8 bytes: the positions
	// of m's set bits, in order, then 0x80, which VPSHUFB makes 0.
	compressIndices Mem
	// keptCounts holds, for each 8-bit mask m, its number of set bits.
	keptCounts Mem
)

// queryAVX2Tables writes the tables of the AVX2 query kernels.
func queryAVX2Tables() {
	queryLengthMask = GLOBL("queryLengthMask", RODATA|NOPTR)
	for i := 0; i < 128; i += 8 {
		var v uint64
		if i < 64 {
			v = ^uint64(0)
		}
		DATA(i, U64(v))
	}
	compressIndices = GLOBL("compressIndices", RODATA|NOPTR)
	for m := range 256 {
		var idx [8]byte
		k := 0
		for j := range 8 {
			if m>>j&1 != 0 {
				idx[k] = byte(j)
				k++
			}
		}
		for ; k < 8; k++ {
			idx[k] = 0x80
		}
		DATA(8*m, U64(binary.LittleEndian.Uint64(idx[:])))
	}
	keptCounts = GLOBL("keptCounts", RODATA|NOPTR)
	for m := range 256 {
		DATA(m, U8(bits.OnesCount8(uint8(m))))
	}
}

// queryDispatch writes an entry point of the query kernels: a jump to the
// AVX-512 kernel at the AVX-512 levels, else to the AVX2 one. The Go code
// calls it only at those levels (see scan_amd64.go's wholeBlock).
func queryDispatch(entry, signature string, doc ...string) {
	TEXT(entry, NOSPLIT, signature)
	Pragma("noescape")
	Doc(doc...)
	CMPB(symbol("·level"), U8(levelAVX512))
	JAE(LabelRef(entry + "_avx512")) // avx512 and avx512vbmi2
	tailCall("·" + entry + "AVX2")
	Label(entry + "_avx512")
	tailCall("·" + entry + "AVX512")
}

// loadQueryBlockAVX2 loads the block of the query kernels' parameter s,
// its bytes past the block zero, into two registers, bytes 0 to 31 and 32
// to 63, and returns them with s's address, the block's length n and
// the mask it zeroed them with (0xff for each byte of the block, in two
// registers too). An empty s jumps to name_empty. frame is 128 bytes of
// the kernel's stack.
func loadQueryBlockAVX2(name string, frame Mem) (lo, hi VecVirtual, p, n GPVirtual, inLo, inHi VecVirtual) {
	p = GP64()
	Load(Param("s").Base(), p)
	n = blockLen()
	TESTQ(n, n)
	JZ(LabelRef(name + "_empty"))
	Comment("The 64 bytes at p can be read when the last of them is on the page",
		"of the block's last byte: each page they touch holds a byte of s.")
	last, end := GP64(), GP64()
	LEAQ(Mem{Base: p, Index: n, Scale: 1, Disp: -1}, last)
	LEAQ(Mem{Base: p, Disp: 63}, end)
	XORQ(last, end)
	SHRQ(U8(12), end)
	lo, hi = YMM(), YMM()
	JNZ(LabelRef(name + "_page_end"))
	VMOVDQU(Mem{Base: p}, lo)
	VMOVDQU(Mem{Base: p, Disp: 32}, hi)
	JMP(LabelRef(name + "_loaded"))

	Label(name + "_page_end")
	Comment("Else the block, shorter than 64 bytes, ends less than 64 bytes",
		"before its page does: the 64 bytes that end with it lie in that page.",
		"Moved down through the stack, so that the block starts at byte 0.")
	q := GP64()
	LEAQ(Mem{Base: p, Index: n, Scale: 1, Disp: -blockSize}, q)
	VMOVDQU(Mem{Base: q}, lo)
	VMOVDQU(Mem{Base: q, Disp: 32}, hi)
	VMOVDQU(lo, frame)
	VMOVDQU(hi, frame.Offset(32))
	r := GP64()
	LEAQ(frame.Offset(blockSize), r)
	SUBQ(n, r)
	VMOVDQU(Mem{Base: r}, lo)
	VMOVDQU(Mem{Base: r, Disp: 32}, hi)

	Label(name + "_loaded")
	Comment("Zero the bytes past the block: a '%' there is no digit, a",
		"separator there no separator.")
	m := GP64()
	LEAQ(queryLengthMask.Offset(blockSize), m)
	SUBQ(n, m)
	mlo, mhi := YMM(), YMM()
	VMOVDQU(Mem{Base: m}, mlo)
	VMOVDQU(Mem{Base: m, Disp: 32}, mhi)
	VPAND(mlo, lo, lo)
	VPAND(mhi, hi, hi)
	return lo, hi, p, n, mlo, mhi
}

// movemask64 returns the mask of the bytes of lo and hi, 64 bytes, whose
// top bit is set.
func movemask64(lo, hi Register) GPVirtual {
	m, t := GP64(), GP64()
	VPMOVMSKB(lo, m.As32())
	VPMOVMSKB(hi, t.As32())
	SHLQ(U8(32), t)
	ORQ(t, m)
	return m
}

// equalRow returns the bytes of lo and hi equal to queryVectors' row i, as
// two registers of 0xff or 0 bytes.
func equalRow(i int, lo, hi Register) (Register, Register) {
	a, b := YMM(), YMM()
	VPCMPEQB(queryVectors.Offset(64*i), lo, a)
	VPCMPEQB(queryVectors.Offset(64*i), hi, b)
	return a, b
}

// printable returns the bytes of v that are neither C0 controls nor DEL,
// as 0xff or 0 bytes.
func printable(v Register) Register {
	t, del := YMM(), YMM()
	VPMAXUB(queryVectors.Offset(64*vecControlEnd), v, t)
	VPCMPEQB(v, t, t) // v >= 0x20
	VPCMPEQB(queryVectors.Offset(64*vecDelete), v, del)
	VPANDN(t, del, t)
	return t
}

// plusAsSpace makes each '+' of v, a vector of 16 or 32 bytes, a space.
func plusAsSpace(v Register) {
	m := Register(YMM())
	if v.Size() == 16 {
		m = asX(m)
	}
	VPCMPEQB(queryVectors.Offset(64*vecPlus), v, m)
	VPBLENDVB(m, queryVectors.Offset(64*vecSpace), v, v)
}

// copyExact copies the count bytes at src to dst ('+' as a space with
// plus), count at most 64, storing no byte past them: two loads of the
// widest size that count holds, the second ending at its end, then two
// stores, as a memmove does; under 4 bytes, a byte at a time. Both loads
// come before the stores, so dst may be src. It ends at prefix_end.
func copyExact(prefix string, dst, src, count GPVirtual, plus bool) {
	label := func(s string) string { return prefix + "_" + s }
	for _, w := range []int{32, 16, 8, 4} {
		CMPQ(count, U8(w))
		JAE(LabelRef(label(fmt.Sprint(w))))
	}
	TESTQ(count, count)
	JZ(LabelRef(label("end")))
	i, b := GP64(), GP32()
	XORQ(i, i)
	Label(label("byte"))
	MOVBLZX(Mem{Base: src, Index: i, Scale: 1}, b)
	if plus {
		CMPB(b.As8(), U8('+'))
		JNE(LabelRef(label("byte_kept")))
		MOVL(U32(' '), b)
		Label(label("byte_kept"))
	}
	MOVB(b.As8(), Mem{Base: dst, Index: i, Scale: 1})
	INCQ(i)
	CMPQ(i, count)
	JB(LabelRef(label("byte")))
	JMP(LabelRef(label("end")))

	for _, w := range []int{4, 8, 16, 32} {
		Label(label(fmt.Sprint(w)))
		first, second := Register(YMM()), Register(YMM())
		if w < 32 {
			first, second = asX(first), asX(second)
		}
		at := []Mem{{Base: src}, {Base: src, Index: count, Scale: 1, Disp: -w}}
		to := []Mem{{Base: dst}, {Base: dst, Index: count, Scale: 1, Disp: -w}}
		move := func(from, to Op) {
			switch w {
			case 4:
				VMOVD(from, to)
			case 8:
				VMOVQ(from, to)
			default:
				VMOVDQU(from, to)
			}
		}
		move(at[0], first)
		move(at[1], second)
		if plus {
			plusAsSpace(first)
			plusAsSpace(second)
		}
		move(first, to[0])
		move(second, to[1])
		if w < 32 {
			JMP(LabelRef(label("end")))
		}
	}
	Label(label("end"))
}

// decodeQueryAVX2 writes decodeQueryAVX512's kernel (see it) in AVX2.
func decodeQueryAVX2() {
	name := "decodeQueryAVX2"
	label := func(l string) string { return name + "_" + l }
	TEXT(name, NOSPLIT, "func(dst *byte, s string, opts uint64) (sep, eq, keep, bad uint64)")
	Pragma("noescape")
	Doc(name+" splits and decodes the query s, of at most 64 bytes, into",
		"dst with AVX2, as the decodeQuery constants describe (query.go).")
	frame := AllocLocal(2 * blockSize)
	dst, opts := GP64(), GP64()
	Load(Param("dst"), dst)
	Load(Param("opts"), opts)
	lo, hi, p, n, inLo, inHi := loadQueryBlockAVX2(name, frame)
	inBlock := movemask64(inLo, inHi)

	ifOpt := func(bit int, skip string, body func()) { withOption(opts, bit, label(skip), body) }
	bad := GP64()
	XORQ(bad, bad)
	// controls adds to bad the bytes of a and b under the mask under that
	// are C0 controls or DEL, when opts asks.
	controls := func(a, b Register, under GPVirtual, skip string) {
		ifOpt(optNoControls, skip, func() {
			m := movemask64(printable(a), printable(b))
			NOTQ(m)
			ANDQ(under, m)
			ORQ(m, bad)
		})
	}

	Comment("The separators, the '=' bytes, the '%' bytes.")
	sepLo, sepHi := equalRow(vecAmpersand, lo, hi)
	ifOpt(optSemicolon, "no_semicolon", func() {
		a, b := equalRow(vecSemicolon, lo, hi)
		VPOR(a, sepLo, sepLo)
		VPOR(b, sepHi, sepHi)
	})
	sep := movemask64(sepLo, sepHi)
	eq := movemask64(equalRow(vecEquals, lo, hi))
	pctLo, pctHi := equalRow(vecPercent, lo, hi)
	pct := movemask64(pctLo, pctHi)

	Comment("The controls and DEL, when asked, are bad: AppendDecode refuses them.")
	controls(lo, hi, inBlock, "raw_controls")

	keep := GP64()
	MOVQ(inBlock, keep)
	done := label("done")
	Comment("Most queries hold no '%': copied as they are, '+' a space if asked.")
	unlessPercent(pct, bad, label("decode"), done)
	TESTQ(U32(optPlus), opts)
	JNZ(LabelRef(label("copy_plus")))
	copyExact(label("copy"), dst, p, n, false)
	JMP(LabelRef(done))
	Label(label("copy_plus"))
	copyExact(label("copy_plus"), dst, p, n, true)
	JMP(LabelRef(done))

	Label(label("decode"))
	ifOpt(optPlus, "no_plus", func() {
		plusAsSpace(lo)
		plusAsSpace(hi)
	})
	Comment("Each byte's value as a hex digit (its low nibble, 9 more for a",
		"letter), with the top bit set when it is no hex digit.")
	lowNibbleMask, hexL, hexH, add, zero := YMM(), YMM(), YMM(), YMM(), YMM()
	VMOVDQU(lowNibbles, lowNibbleMask)
	VBROADCASTI128(hexLo, hexL)
	VBROADCASTI128(hexHi, hexH)
	VBROADCASTI128(hexLetterAdd, add)
	VPXOR(zero, zero, zero)
	value := func(x Register) Register {
		h := highNibbles(ops256, x, lowNibbleMask, 32)
		a, b := lookups(ops256, x, h, hexL, hexH, 32)
		VPAND(b, a, a)
		VPCMPEQB(zero, a, a) // no hex digit: 0xff
		v, l := YMM(), YMM()
		VPAND(lowNibbleMask, x, v)
		VPSHUFB(h, add, l)
		VPADDB(l, v, v)
		VPOR(a, v, v)
		return v
	}
	vLo, vHi := value(lo), value(hi)

	Comment("The values one and two bytes on, across the lanes (VPERM2I128",
		"gives each lane the next one); past the block, no hex digit.")
	ones, nextLo, nextHi := YMM(), YMM(), YMM()
	VPCMPEQB(ones, ones, ones)
	VPERM2I128(U8(0x21), vHi, vLo, nextLo)  // vLo's high lane, vHi's low lane
	VPERM2I128(U8(0x21), ones, vHi, nextHi) // vHi's high lane, then ones
	Comment("valid: each '%' that two hex digits follow; decoded: their",
		"value, at the '%'.")
	var sel, decoded [2]Register
	for k, half := range []struct{ x, v, next, pct Register }{{lo, vLo, nextLo, pctLo}, {hi, vHi, nextHi, pctHi}} {
		d1, d2, t := YMM(), YMM(), YMM()
		VPALIGNR(U8(1), half.v, half.next, d1)
		VPALIGNR(U8(2), half.v, half.next, d2)
		VPOR(d1, d2, t)
		sel[k] = YMM()
		VPANDN(half.pct, t, sel[k]) // a '%' with no top bit in either value
		dec := YMM()
		VPSLLW(U8(4), d1, dec)
		VPANDN(dec, lowNibbleMask, dec)
		VPOR(d2, dec, dec)
		VPBLENDVB(sel[k], dec, half.x, half.x)
		decoded[k] = dec
	}
	valid := movemask64(sel[0], sel[1])
	ORQ(pct, bad)
	XORQ(valid, bad)
	Comment("keep: the bytes but each valid encoding's two digits.")
	t := GP64()
	LEAQ(Mem{Base: valid, Index: valid, Scale: 1}, t)
	LEAQ(Mem{Base: t, Index: valid, Scale: 4}, t) // valid<<1 | valid<<2: the two never share a bit
	NOTQ(t)
	ANDQ(t, keep)
	Comment("A decoded control or DEL, when asked, is bad too.")
	controls(decoded[0], decoded[1], valid, "decoded_controls")
	Comment("Nothing is written when a byte is bad: a caller decoding in",
		"place starts again over its input as it was.")
	TESTQ(bad, bad)
	JNZ(LabelRef(done))

	Comment("The bytes keep holds, 8 at a time, shuffled together and stored",
		"on the stack one after the other, then copied out.")
	buf, w, idx, cnt := GP64(), GP64(), GP64(), GP64()
	LEAQ(frame, buf)
	XORQ(w, w)
	LEAQ(compressIndices, idx)
	LEAQ(keptCounts, cnt)
	lanes := []Register{asX(lo), XMM(), asX(hi), XMM()}
	VEXTRACTI128(U8(1), lo, lanes[1])
	VEXTRACTI128(U8(1), hi, lanes[3])
	for g := range 8 {
		src := lanes[g/2]
		if g%2 == 1 {
			shifted := XMM()
			VPSRLDQ(U8(8), src, shifted)
			src = shifted
		}
		m := GP64()
		MOVQ(keep, m)
		if g > 0 {
			SHRQ(U8(8*g), m)
		}
		MOVBQZX(m.As8(), m)
		shuffle, out := XMM(), XMM()
		VMOVQ(Mem{Base: idx, Index: m, Scale: 8}, shuffle)
		VPSHUFB(shuffle, src, out)
		VMOVQ(out, Mem{Base: buf, Index: w, Scale: 1})
		c := GP64()
		MOVBQZX(Mem{Base: cnt, Index: m, Scale: 1}, c)
		ADDQ(c, w)
	}
	copyExact(label("copy_decoded"), dst, buf, w, false)

	Label(done)
	Store(sep, ReturnIndex(0))
	Store(eq, ReturnIndex(1))
	Store(keep, ReturnIndex(2))
	Store(bad, ReturnIndex(3))
	VZEROUPPER()
	RET()

	Label(label("empty"))
	z := GP64()
	XORQ(z, z)
	for i := range 4 {
		Store(z, ReturnIndex(i))
	}
	RET()
}

// splitQueryAVX2 writes splitQueryAVX512's kernel (see it) in AVX2.
func splitQueryAVX2() {
	name := "splitQueryAVX2"
	TEXT(name, NOSPLIT, "func(s string, opts uint64) (sep, eq uint64)")
	Pragma("noescape")
	Doc(name+" returns the separators ('&', and ';' with",
		"decodeQuerySemicolon) and the '=' bytes of the block s, with AVX2.")
	frame := AllocLocal(2 * blockSize)
	opts := Load(Param("opts"), GP64())
	lo, hi, _, _, _, _ := loadQueryBlockAVX2(name, frame)
	sepLo, sepHi := equalRow(vecAmpersand, lo, hi)
	TESTQ(U32(optSemicolon), opts)
	JZ(LabelRef(name + "_no_semicolon"))
	a, b := equalRow(vecSemicolon, lo, hi)
	VPOR(a, sepLo, sepLo)
	VPOR(b, sepHi, sepHi)
	Label(name + "_no_semicolon")
	sep := movemask64(sepLo, sepHi)
	eq := movemask64(equalRow(vecEquals, lo, hi))
	Store(sep, ReturnIndex(0))
	Store(eq, ReturnIndex(1))
	VZEROUPPER()
	RET()

	Label(name + "_empty")
	z := GP64()
	XORQ(z, z)
	Store(z, ReturnIndex(0))
	Store(z, ReturnIndex(1))
	RET()
}
