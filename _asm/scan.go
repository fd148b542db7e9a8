// Command _asm generates scan_amd64.s and its Go declarations,
// scan_amd64_stubs.go: the amd64 scanner, which implements the scanner
// contract of scan.go with AVX2 and with AVX-512.
//
// Both levels classify bytes the same way: look each byte's low nibble and
// high nibble up in a 16-entry table with a byte shuffle and AND the two
// results; a zero byte is in the class (the tables hold its complement).
// The tables are the package's own (lookup_tables.go), read by symbol, so
// the assembly holds no copy of the byte classes that could drift from the
// Go code.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/mmcloughlin/avo/ir"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

const (
	// blockSize is scan.go's: a scanner classifies at most this many bytes.
	blockSize = 64

	// scanCutover is the block length below which the entry points stay on
	// the portable scanner at the AVX2 level. scanAVX2's narrowest loads
	// are 16 bytes, none of which may start before the block, so it cannot
	// go lower; BenchmarkScan, the size ladder, says it should not go
	// higher: on AMD Zen 4 the AVX2 kernel takes 4.3 ns at every length
	// from 16 to 64 bytes, the portable scanner 7.2 ns at 16 bytes and
	// 23 ns at 64 (and 5.4 ns at 8: a kernel for 8 to 15 bytes would pay a
	// little).
	//
	// AVX-512's masked load takes every length, and its kernels take every
	// block: on AMD Zen 5 the portable scanner wins alone on a block of 1
	// to 11 bytes (1.8 ns against 3.1 ns at 1 byte), but a branch on the
	// length, which real inputs make unpredictable, costs more than that.
	// BenchmarkParse spends 5% (kasztp) to 15% (node_files) less time per
	// URI without it.
	scanCutover = 16
)

// A class is a set of bytes as the two nibble tables of lookup_tables.go
// that hold its complement: a byte whose two lookups AND to zero is in it.
type class struct {
	lo, hi Mem
	// head: the parser needs the class exactly only in the block's first
	// 16 bytes, and may be told that any later byte is in it (see
	// scanFirst in scan.go), so scanAVX2 classifies only its first load.
	head bool
	// validPercentOut: the mask leaves out each '%' followed, inside the
	// block, by two hex digits (see scan.go): the path walk need not stop
	// at a percent-encoding the scanner has checked.
	validPercentOut bool
}

var (
	special = class{lo: symbol("·ordinaryLoNibble"), hi: symbol("·ordinaryHiNibble")}
	stops   = class{lo: symbol("·pathLoNibble"), hi: symbol("·pathHiNibble"), validPercentOut: true}
	// notScheme: the bytes that are not scheme characters (after the first).
	notScheme = class{lo: symbol("·schemeLoNibble"), hi: symbol("·schemeHiNibble"), head: true}
	// query: the bytes a walk over a query's parameters stops at (see
	// queryByte).
	query = class{lo: symbol("·queryPlainLoNibble"), hi: symbol("·queryPlainHiNibble")}

	// hexLo and hexHi are the hex digits' nibble tables, which hold the
	// set itself: a byte whose lookups AND to non-zero is a hex digit.
	hexLo, hexHi = symbol("·hexLoNibble"), symbol("·hexHiNibble")

	// lowNibbles is 0x0f in each of 32 bytes, percents '%'. hexLetterAdd
	// is, by high nibble, what makes a hex digit's low nibble its value:
	// 9 for the letters ('A' is 0x41, 'a' 0x61), 0 for the digits.
	lowNibbles, percents, hexLetterAdd Mem

	// queryVectors holds the rows decodeQueryAVX512 compares with: each
	// of queryVectorBytes, 64 times over.
	queryVectors Mem
)

// A scanner is an entry point the parser calls (see scan.go) and the
// kernels behind it: the masks of one or more classes over a block.
type scanner struct {
	entry     string   // the function the parser calls
	entryDoc  []string // its doc comment, word for word that of its twin in scan_generic.go
	generic   string   // the portable function for short blocks and the generic level
	signature string
	doc       string // what the kernels return
	classes   []class
}

var scanners = []scanner{
	{"scan", []string{"scan returns the special bytes of the block s (see scan.go)."},
		"scanGeneric", "func(s string) uint64",
		"the special bytes", []class{special}},
	{"scanStops", []string{
		"scanStops returns a mask of the block s that holds every stop and may",
		"hold '/', ':', '@' and valid percent-encodings too (see scan.go).",
	}, "scanGeneric", "func(s string) uint64",
		"the stops", []class{stops}},
	{"scanFirst", []string{
		"scanFirst returns the special bytes of the block s, a mask that holds",
		"every stop, and a mask that holds every byte that is not a scheme",
		"character (see scan.go).",
	}, "scanFirstGeneric", "func(s string) (special, stops, notScheme uint64)",
		"the special bytes, the stops and the bytes that are not scheme characters",
		[]class{special, stops, notScheme}},
	{"scanQuery", []string{
		"scanQuery returns the bytes of the block s that a walk over a query's",
		"parameters stops at: '&', ';', '=', '%', '+', the controls and the",
		"bytes >= 0x80 (see queryByte).",
	}, "scanQueryGeneric", "func(s string) uint64",
		"the query's stops", []class{query}},
}

// The values of scan.go's scanLevel, which the entry points compare the
// level variable with.
const (
	levelAVX2        = 1
	levelAVX512      = 2
	levelAVX512VBMI2 = 3
)

func symbol(name string) Mem { return NewDataAddr(Symbol{Name: name}, 0) }

func main() {
	ConstraintExpr("amd64,gc,!purego")
	lowNibbles = GLOBL("lowNibbles", RODATA|NOPTR)
	for i := 0; i < 32; i += 8 {
		DATA(i, U64(0x0f0f0f0f0f0f0f0f))
	}
	percents = GLOBL("percents", RODATA|NOPTR)
	for i := 0; i < 32; i += 8 {
		DATA(i, U64(0x2525252525252525))
	}
	hexLetterAdd = GLOBL("hexLetterAdd", RODATA|NOPTR)
	for i := 0; i < 16; i++ {
		add := 0
		if i == 4 || i == 6 {
			add = 9
		}
		DATA(i, U8(add))
	}
	for _, sc := range scanners {
		dispatch(sc)
		scanAVX2(sc)
		scanAVX512(sc)
	}
	queryVectors = GLOBL("queryVectors", RODATA|NOPTR)
	for i, c := range queryVectorBytes {
		for j := 0; j < 64; j += 8 {
			DATA(64*i+j, U64(0x0101010101010101*uint64(c)))
		}
	}
	queryAVX2Tables()
	queryDispatch("decodeQuery", "func(dst *byte, s string, opts uint64) (sep, eq, keep, bad uint64)",
		"decodeQuery splits and decodes the query s, of at most 64 bytes, into",
		"dst, as the decodeQuery constants describe (query.go), at an AVX2 or",
		"AVX-512 level.")
	queryDispatch("splitQuery", "func(s string, opts uint64) (sep, eq uint64)",
		"splitQuery returns the separators ('&', and ';' with",
		"decodeQuerySemicolon) and the '=' bytes of the block s, at an AVX2 or",
		"AVX-512 level.")
	decodeQueryAVX2()
	splitQueryAVX2()
	decodeQueryAVX512()
	splitQueryAVX512()
	Generate()
	nameCommand()
}

// generateCommand is the go:generate line of scan.go, which runs this
// program from the package directory.
const generateCommand = "go run -C _asm ."

// nameCommand puts in the headers of the generated files the command that
// wrote them as it is run (avo names only "go run scan.go", which works only
// from _asm).
func nameCommand() {
	for _, name := range []string{"out", "stubs"} {
		path := flag.Lookup(name).Value.String()
		if path == "" || path == "-" {
			continue
		}
		b, err := os.ReadFile(path)
		if err == nil {
			b = bytes.Replace(b, []byte("command: go run scan.go"), []byte("command: "+generateCommand), 1)
			err = os.WriteFile(path, b, 0o644)
		}
		if err != nil {
			log.Fatal(err)
		}
	}
}

// dispatch writes the entry point the parser calls for sc: a jump, with no
// frame of its own, to the kernel of the level variable's level, or to the
// portable scanner (at the AVX2 level, for blocks under scanCutover).
func dispatch(sc scanner) {
	TEXT(sc.entry, NOSPLIT, sc.signature)
	Pragma("noescape")
	Doc(sc.entryDoc...)
	n := Load(Param("s").Len(), GP64())
	Comment("AVX-512 takes blocks of every length.")
	CMPB(symbol("·level"), U8(levelAVX512))
	JAE(LabelRef(sc.entry + "_avx512")) // avx512 and avx512vbmi2
	Commentf("Blocks under scanCutover (%d) bytes take the portable scanner: see _asm/scan.go.", scanCutover)
	CMPQ(n, U8(scanCutover))
	JB(LabelRef(sc.entry + "_generic"))
	CMPB(symbol("·level"), U8(levelAVX2))
	JEQ(LabelRef(sc.entry + "_avx2"))
	Label(sc.entry + "_generic")
	tailCall("·" + sc.generic)
	Label(sc.entry + "_avx2")
	tailCall("·" + sc.entry + "AVX2")
	Label(sc.entry + "_avx512")
	tailCall("·" + sc.entry + "AVX512")
}

// tailCall jumps to the function fn, which has scan's signature and so
// finds its arguments where scan's caller put them, and returns to that
// caller. (avo's JMP wants a label; this is the instruction written out.)
func tailCall(fn string) {
	Instruction(&ir.Instruction{
		Opcode:     "JMP",
		Operands:   []Op{symbol(fn)},
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

// vectorOps are the instructions of one vector width.
type vectorOps struct {
	and func(a, b, dst Op)
	reg func() VecVirtual
}

var (
	ops256 = vectorOps{func(a, b, dst Op) { VPAND(a, b, dst) }, YMM}
	ops512 = vectorOps{func(a, b, dst Op) { VPANDD(a, b, dst) }, ZMM}
)

// lookups looks each byte of x up in class c's tables (lo, hi: registers
// holding them in every 16-byte lane) by its low nibble and, from h, its
// high nibble, and returns the two results in new registers. The low-nibble
// shuffle takes x unmasked: its bits 4 to 6 do not matter, and a byte
// >= 0x80 looks up 0, which is right, since the tables hold complements of
// classes that contain every such byte, or (the hex digits') a set that
// holds none.
func lookups(o vectorOps, x, h, lo, hi Register, width int) (Register, Register) {
	a, b := Register(o.reg()), Register(o.reg())
	if width == 16 {
		a, b = a.(Vec).AsX(), b.(Vec).AsX()
	}
	VPSHUFB(x, lo, a)
	VPSHUFB(h, hi, b)
	return a, b
}

// highNibbles returns x>>4 in each byte of a new register.
func highNibbles(o vectorOps, x, lowNibbleMask Register, width int) Register {
	h := Register(o.reg())
	if width == 16 {
		h = h.(Vec).AsX()
	}
	VPSRLW(U8(4), x, h)
	o.and(lowNibbleMask, h, h)
	return h
}

// asX returns r's low 16 bytes.
func asX(r Register) Register { return r.(Vec).AsX() }

// scanAVX2 classifies a block of 16 to 64 bytes with two loads: 32-byte
// ones from 32 bytes on, else 16-byte ones. Both lie inside the block: the
// second is the last load width of it and overlaps the first, whose bits it
// repeats.
func scanAVX2(sc scanner) {
	TEXT(sc.entry+"AVX2", NOSPLIT, sc.signature)
	Pragma("noescape")
	Doc(sc.entry + "AVX2 returns " + sc.doc + " of the block s with AVX2, for len(s) >= 16.")
	p := GP64()
	Load(Param("s").Base(), p)
	n := blockLen()

	Comment("The nibble tables in both 128-bit lanes.")
	var lo, hi []Register
	for _, c := range sc.classes {
		l, h := YMM(), YMM()
		VBROADCASTI128(c.lo, l)
		VBROADCASTI128(c.hi, h)
		lo, hi = append(lo, l), append(hi, h)
	}
	lowNibbleMask, zero := YMM(), YMM()
	VMOVDQU(lowNibbles, lowNibbleMask)
	VPXOR(zero, zero, zero)
	pct := sc.validPercentOut()
	var percentReg Register
	if pct {
		percentReg = YMM()
		VMOVDQU(percents, percentReg)
	}

	short := sc.entry + "_short"
	CMPQ(n, U8(32))
	JB(LabelRef(short))

	for _, width := range []int{32, 16} {
		if width == 16 {
			Label(short)
			Comment("16 <= n < 32: bytes [0, 16) and [n-16, n), in the low lanes;",
				"VEX-encoded 128-bit operations take the low lanes of the tables.")
		} else {
			Comment("32 <= n <= 64: bytes [0, 32) and [n-32, n).")
		}
		at := []Mem{{Base: p}, {Base: p, Index: n, Scale: 1, Disp: -width}}
		masks := make([][2]GPVirtual, len(sc.classes)) // per class: first, last
		var percentMasks [2]GPVirtual
		for load := range at {
			x := Register(YMM())
			if width == 16 {
				x = asX(x)
			}
			VMOVDQU(at[load], x)
			lmask, z := Register(lowNibbleMask), Register(zero)
			if width == 16 {
				lmask, z = asX(lowNibbleMask), asX(zero)
			}
			h := highNibbles(ops256, x, lmask, width)
			for k, c := range sc.classes {
				if c.head && load > 0 {
					continue
				}
				tlo, thi := lo[k], hi[k]
				if width == 16 {
					tlo, thi = asX(tlo), asX(thi)
				}
				masks[k][load] = zeroLookupsAVX2(x, h, tlo, thi, z, width)
			}
			if pct {
				pv, a := percentReg, Register(YMM())
				if width == 16 {
					pv, a = asX(pv), asX(a)
				}
				VPCMPEQB(pv, x, a)
				percentMasks[load] = GP64()
				VPMOVMSKB(a, percentMasks[load].As32())
			}
		}
		combine(sc, masks, percentMasks, p, n, width, lowNibbleMask, zero)
	}
}

// hexDigitsAVX2 returns the hex digits of the block at p as two loads of
// width bytes, at p and at p+last, the way scanAVX2 classifies it, with
// the shift of the last load's bits in CL.
func hexDigitsAVX2(p, last GPVirtual, width int, lowNibbleMask, zero Register) GPVirtual {
	lo, hi := Register(YMM()), Register(YMM())
	VBROADCASTI128(hexLo, lo)
	VBROADCASTI128(hexHi, hi)
	if width == 16 {
		lo, hi, lowNibbleMask, zero = asX(lo), asX(hi), asX(lowNibbleMask), asX(zero)
	}
	var m [2]GPVirtual
	for load, at := range []Mem{{Base: p}, {Base: p, Index: last, Scale: 1}} {
		x := Register(YMM())
		if width == 16 {
			x = asX(x)
		}
		VMOVDQU(at, x)
		m[load] = zeroLookupsAVX2(x, highNibbles(ops256, x, lowNibbleMask, width), lo, hi, zero, width)
		Comment("The hex digits: the bytes whose lookups do not AND to zero.")
		XORL(U32(1<<width-1), m[load].As32())
	}
	SHLQ(CL, m[1])
	ORQ(m[1], m[0])
	return m[0]
}

// zeroLookupsAVX2 returns the mask of the width bytes of x, whose high
// nibbles h holds, whose lookups in the tables lo and hi AND to zero; z is
// a zero register.
func zeroLookupsAVX2(x, h, lo, hi, z Register, width int) GPVirtual {
	a, b := lookups(ops256, x, h, lo, hi, width)
	VPAND(b, a, a)
	VPCMPEQB(z, a, a)
	m := GP64()
	VPMOVMSKB(a, m.As32())
	return m
}

// validPercentOut reports whether a class of sc leaves out valid
// percent-encodings.
func (sc scanner) validPercentOut() bool {
	for _, c := range sc.classes {
		if c.validPercentOut {
			return true
		}
	}
	return false
}

// dropValidPercents clears in mask each '%' of percent that two hex digits
// follow in hex, masks of the same bytes: percent & hex>>1 & hex>>2. A
// '%' in the last two bytes of the block, whose digits the masks do not
// cover, stays. It shifts hex.
func dropValidPercents(mask, hex, percent GPVirtual) {
	Comment("Leave out each '%' that two hex digits follow in the block.")
	keepValidPercents(percent, hex)
	NOTQ(percent)
	ANDQ(percent, mask)
}

// keepValidPercents keeps in percent each '%' that two hex digits follow
// in hex, a mask of the same bytes: percent &= hex>>1 & hex>>2. It
// shifts hex.
func keepValidPercents(percent, hex GPVirtual) {
	SHRQ(U8(1), hex)
	ANDQ(hex, percent)
	SHRQ(U8(1), hex)
	ANDQ(hex, percent)
}

// combine returns, for each class, first | last<<(n-width): last classified
// the final width bytes of the block, so its bit 0 stands for byte n-width.
// The bits both loads cover agree, so OR merges them. A head class has only
// first, and every byte after it counts as in the class.
//
// A class that leaves out valid percent-encodings gets the hex digits,
// which scanAVX2 does not classify, only when the block holds a '%'.
func combine(sc scanner, masks [][2]GPVirtual, percent [2]GPVirtual, p, n GPVirtual, width int, lowNibbleMask, zero Register) {
	classes := sc.classes
	SUBQ(U8(width), n)
	shift := CL
	MOVB(n.As8(), shift)
	if percent[0] != nil {
		SHLQ(shift, percent[1])
		ORQ(percent[1], percent[0])
	}
	for k, m := range masks {
		if classes[k].head {
			rest := GP64()
			MOVQ(U64(^uint64(0)<<width), rest)
			ORQ(rest, m[0])
		} else {
			SHLQ(shift, m[1])
			ORQ(m[1], m[0])
		}
		if classes[k].validPercentOut {
			done := fmt.Sprintf("%s_%d_no_percent", sc.entry, width)
			Comment("Most blocks hold no '%': nothing to leave out.")
			TESTQ(percent[0], percent[0])
			JZ(LabelRef(done))
			dropValidPercents(m[0], hexDigitsAVX2(p, n, width, lowNibbleMask, zero), percent[0])
			Label(done)
		}
		Store(m[0], ReturnIndex(k))
	}
	VZEROUPPER()
	RET()
}

// scanAVX512 classifies the whole block with one 64-byte masked load. The
// mask covers exactly the first min(len(s), 64) bytes; the bytes it leaves
// out are not read (masked loads suppress faults), so the load never touches
// memory past s, whatever its length.
func scanAVX512(sc scanner) {
	TEXT(sc.entry+"AVX512", NOSPLIT, sc.signature)
	Pragma("noescape")
	Doc(sc.entry+"AVX512 returns "+sc.doc+" of the block s with AVX-512 (F and",
		"BW) and BMI2, for any length.")
	p := GP64()
	Load(Param("s").Base(), p)
	n := blockLen()

	Comment("inBlock = the low n bits: the bytes of the block.")
	ones, inBlock := GP64(), K()
	MOVQ(I32(-1), ones)
	BZHIQ(n, ones, ones)
	KMOVQ(ones, inBlock)

	lowNibbleMask := ZMM()
	VBROADCASTI32X4(lowNibbles, lowNibbleMask)
	x := ZMM()
	VMOVDQU8_Z(Mem{Base: p}, inBlock, x)
	h := highNibbles(ops512, x, lowNibbleMask, 64)
	for k, c := range sc.classes {
		lo, hi := ZMM(), ZMM()
		VBROADCASTI32X4(c.lo, lo)
		VBROADCASTI32X4(c.hi, hi)
		a, b := lookups(ops512, x, h, lo, hi, 64)
		Comment("In the class: the bytes of the block whose lookups AND to zero.")
		in := K()
		VPTESTNMB(a, b, inBlock, in)
		mask := GP64()
		KMOVQ(in, mask)
		if c.validPercentOut {
			dropValidPercents512(sc, mask, x, h)
		}
		Store(mask, ReturnIndex(k))
	}
	VZEROUPPER()
	RET()
}

// dropValidPercents512 clears in mask each '%' of x that two hex digits
// follow, finding the hex digits only when x holds a '%'; h holds x's high
// nibbles.
func dropValidPercents512(sc scanner, mask GPVirtual, x, h Register) {
	pv, in := ZMM(), K()
	VBROADCASTI32X4(percents, pv)
	VPCMPEQB(pv, x, in)
	done := sc.entry + "_avx512_no_percent"
	Comment("Most blocks hold no '%': nothing to leave out.")
	KORTESTQ(in, in)
	JZ(LabelRef(done))
	percent := GP64()
	KMOVQ(in, percent)
	dropValidPercents(mask, hexDigits512(x, h), percent)
	Label(done)
}

// hexDigits512 returns the mask of the hex digits of x, whose high nibbles
// h holds; a byte the masked load left out is 0, no hex digit.
func hexDigits512(x, h Register) GPVirtual {
	lo, hi := ZMM(), ZMM()
	VBROADCASTI32X4(hexLo, lo)
	VBROADCASTI32X4(hexHi, hi)
	a, b := lookups(ops512, x, h, lo, hi, 64)
	Comment("Hex digits: the bytes whose lookups do not AND to zero.")
	in := K()
	VPTESTMB(a, b, in)
	mask := GP64()
	KMOVQ(in, mask)
	return mask
}

// The bits of the query kernels' opts: query.go's decodeQuery
// constants.
const (
	optNoControls = 1 << iota // a C0 control or DEL, raw or decoded, is bad
	optPlus                   // '+' is a space
	optSemicolon              // ';' separates too
)

// The rows of queryVectors, each a byte 64 times over, which
// decodeQueryAVX512 compares with.
const (
	vecAmpersand = iota
	vecSemicolon
	vecEquals
	vecPercent
	vecPlus
	vecSpace
	vecControlEnd // 0x20: the controls are below
	vecDelete
	numVectors
)

var queryVectorBytes = [numVectors]byte{'&', ';', '=', '%', '+', ' ', 0x20, 0x7f}

// decodeQueryAVX512 writes the kernel behind scan_amd64.go's decodeBlock:
// a whole query of at most a block, split and decoded in one pass. One
// masked load gives the separators, the '=' bytes and the '%' bytes. A
// query with no '%' is then written out as it is ('+' a space if asked).
// Otherwise each valid percent-encoding is decoded where its '%' is (the
// digits' values are the block shifted by one and by two bytes), and the
// bytes that stay, all but each encoding's two digits, are written out:
// at the avx512vbmi2 level with VPCOMPRESSB, one instruction for all 64
// (AVX-512 VBMI2, which not every AVX-512 CPU has); at the avx512 level 16
// at a time with VPCOMPRESSD. On Intel cores, where the compresses and
// the widening and narrowing around them all take one port, VPCOMPRESSB
// nearly halves the kernel's time on a query with a '%'; on AMD Zen 4 it
// is a few percent faster. The options are branches, which a call
// site's fixed options make predictable: compares an option does not need
// cost the queries without a '%' a tenth of their time.
func decodeQueryAVX512() {
	name := "decodeQueryAVX512"
	label := func(l string) string { return name + "_" + l }
	TEXT(name, NOSPLIT, "func(dst *byte, s string, opts uint64) (sep, eq, keep, bad uint64)")
	Pragma("noescape")
	Doc(name+" splits and decodes the query s, of at most 64 bytes, into",
		"dst with AVX-512 (F, BW and VL), BMI1, BMI2 and POPCNT, and at the",
		"avx512vbmi2 level AVX-512 VBMI2, as the decodeQuery constants",
		"describe (scan_amd64.go).")
	dst := GP64()
	Load(Param("dst"), dst)
	opts := GP64()
	Load(Param("opts"), opts)
	x, kIn, inBlock, ones := loadQueryBlock()

	vec := func(i int) Mem { return queryVectors.Offset(64 * i) }
	// equalTo returns the bytes of v, under mask in if any, equal to row i.
	equalTo := func(i int, v Op, in ...Op) Op {
		k := K()
		VPCMPEQB(append([]Op{vec(i), v}, append(in, k)...)...)
		return k
	}
	ifOpt := func(bit int, skip string, body func()) { withOption(opts, bit, label(skip), body) }
	bad := GP64()
	XORQ(bad, bad)
	// controls adds to bad the bytes of v, under mask in, that are C0
	// controls or DEL, when opts asks.
	controls := func(v, in Op, skip string) {
		ifOpt(optNoControls, skip, func() {
			k, m := K(), GP64()
			VPCMPUB(U8(1), vec(vecControlEnd), v, in, k) // v < 0x20
			KORQ(equalTo(vecDelete, v, in), k, k)
			KMOVQ(k, m)
			ORQ(m, bad)
		})
	}

	Comment("The separators, the '=' bytes, the '%' bytes.")
	kSep := equalTo(vecAmpersand, x)
	ifOpt(optSemicolon, "no_semicolon", func() {
		KORQ(equalTo(vecSemicolon, x), kSep, kSep)
	})
	sep, eq, pct := GP64(), GP64(), GP64()
	KMOVQ(kSep, sep)
	KMOVQ(equalTo(vecEquals, x), eq)
	KMOVQ(equalTo(vecPercent, x), pct)

	Comment("The controls and DEL, when asked, are bad: AppendDecode refuses them.")
	controls(x, kIn, "raw_controls")

	Comment("'+' as a space, when asked.")
	ifOpt(optPlus, "no_plus", func() {
		VMOVDQU8(vec(vecSpace), equalTo(vecPlus, x), x)
	})

	keep := GP64()
	MOVQ(inBlock, keep)
	done := label("done")
	Comment("Most queries hold no '%': written out as they are.")
	unlessPercent(pct, bad, label("decode"), done)
	VMOVDQU8(x, kIn, Mem{Base: dst})
	JMP(LabelRef(done))

	Label(label("decode"))
	Comment("valid: each '%' that two hex digits follow in the block; every",
		"other one is bad.")
	lowNibbleMask := ZMM()
	VBROADCASTI32X4(lowNibbles, lowNibbleMask)
	h := highNibbles(ops512, x, lowNibbleMask, 64)
	valid := GP64()
	MOVQ(pct, valid)
	ORQ(pct, bad)
	keepValidPercents(valid, hexDigits512(x, h))
	XORQ(valid, bad)

	Comment("keep: the bytes but each valid encoding's two digits.")
	t := GP64()
	LEAQ(Mem{Base: valid, Index: valid, Scale: 1}, t)
	LEAQ(Mem{Base: t, Index: valid, Scale: 4}, t) // valid<<1 | valid<<2: the two never share a bit
	ANDNQ(inBlock, t, keep)

	Comment("Each byte's value as a hex digit: its low nibble, 9 more for a",
		"letter (high nibble 4 or 6).")
	nib, add, lift := ZMM(), ZMM(), ZMM()
	VPANDD(lowNibbleMask, x, nib)
	VBROADCASTI32X4(hexLetterAdd, add)
	VPSHUFB(h, add, lift)
	VPADDB(lift, nib, nib)

	Comment("decoded = value[i+1]<<4 | value[i+2]: the values shifted down by",
		"one and two bytes across the 16-byte lanes, the next lane from",
		"VALIGND; a word shift, then a bit select of 0xf0 from the first.")
	zero, next, d1, d2 := ZMM(), ZMM(), ZMM(), ZMM()
	VPXORD(zero, zero, zero)
	VALIGND(U8(4), nib, zero, next)
	VPALIGNR(U8(1), nib, next, d1)
	VPALIGNR(U8(2), nib, next, d2)
	VPSLLW(U8(4), d1, d1)
	VPTERNLOGD(U8(0xd8), lowNibbleMask, d2, d1) // lowNibbleMask ? d2 : d1, bit by bit
	kValid := K()
	KMOVQ(valid, kValid)
	VMOVDQU8(d1, kValid, x)
	Comment("A decoded control or DEL, when asked, is bad too.")
	controls(d1, kValid, "decoded_controls")
	Comment("Nothing is written when a byte is bad: a caller decoding in",
		"place starts again over its input as it was.")
	TESTQ(bad, bad)
	JNZ(LabelRef(done))

	Comment("Write out the bytes keep holds, stored under a mask of their",
		"count: at the avx512vbmi2 level, compressed with one VPCOMPRESSB.")
	CMPB(symbol("·level"), U8(levelAVX512VBMI2))
	JNE(LabelRef(label("compress_dwords")))
	kKeep, packed := K(), ZMM()
	KMOVQ(keep, kKeep)
	VPCOMPRESSB_Z(x, kKeep, packed)
	{
		count, store, ks := GP64(), GP64(), K()
		POPCNTQ(keep, count)
		BZHIQ(count, ones, store)
		KMOVQ(store, ks)
		VMOVDQU8(packed, ks, Mem{Base: dst})
	}
	JMP(LabelRef(done))

	Label(label("compress_dwords"))
	Comment("Otherwise 16 at a time: widened to 32 bits, compressed, narrowed.")
	w := GP64()
	XORQ(w, w)
	for c := 0; c < 4; c++ {
		part := asX(x)
		if c > 0 {
			part = XMM()
			VEXTRACTI32X4(U8(c), x, part)
		}
		wide, kk := ZMM(), K()
		VPMOVZXBD(part, wide)
		bitsOf := GP64()
		MOVQ(keep, bitsOf)
		if c > 0 {
			SHRQ(U8(16*c), bitsOf)
		}
		KMOVW(bitsOf.As32(), kk)
		VPCOMPRESSD_Z(wide, kk, wide)
		out := XMM()
		VPMOVDB(wide, out)
		count := GP64()
		MOVWQZX(bitsOf.As16(), count)
		POPCNTQ(count, count)
		store, ks := GP64(), K()
		BZHIQ(count, ones, store)
		KMOVQ(store, ks)
		VMOVDQU8(out, ks, Mem{Base: dst, Index: w, Scale: 1})
		ADDQ(count, w)
	}

	Label(done)
	Store(sep, ReturnIndex(0))
	Store(eq, ReturnIndex(1))
	Store(keep, ReturnIndex(2))
	Store(bad, ReturnIndex(3))
	VZEROUPPER()
	RET()
}

// unlessPercent writes the decode kernels' test for the common query: a
// jump to decode if the mask pct holds a '%', else to done (nothing
// written) if bad holds a byte; the copy of a query with neither follows.
func unlessPercent(pct, bad GPVirtual, decode, done string) {
	TESTQ(pct, pct)
	JNZ(LabelRef(decode))
	TESTQ(bad, bad)
	JNZ(LabelRef(done))
}

// withOption writes body, and before it a jump to the label skip, which
// follows it, unless the register opts has bit.
func withOption(opts GPVirtual, bit int, skip string, body func()) {
	TESTQ(U32(bit), opts)
	JZ(LabelRef(skip))
	body()
	Label(skip)
}

// loadQueryBlock loads the block of the query kernels' parameter s, its
// bytes past the block zero, and returns it with the mask of its bytes, as
// a mask register and as a general one, and a register of all ones.
func loadQueryBlock() (x VecVirtual, kIn OpmaskVirtual, inBlock, ones GPVirtual) {
	p := GP64()
	Load(Param("s").Base(), p)
	n := blockLen()
	Comment("inBlock = the low n bits: the bytes of the block.")
	ones, inBlock = GP64(), GP64()
	MOVQ(I32(-1), ones)
	BZHIQ(n, ones, inBlock)
	kIn = K()
	KMOVQ(inBlock, kIn)
	x = ZMM()
	VMOVDQU8_Z(Mem{Base: p}, kIn, x)
	return x, kIn, inBlock, ones
}

// splitQueryAVX512 writes the kernel behind scan_amd64.go's splitBlock and
// splitStops: the separators and the '=' bytes of a block of a query, all
// that iterating over its parameters raw needs, from one masked load.
func splitQueryAVX512() {
	name := "splitQueryAVX512"
	TEXT(name, NOSPLIT, "func(s string, opts uint64) (sep, eq uint64)")
	Pragma("noescape")
	Doc(name+" returns the separators ('&', and ';' with",
		"decodeQuerySemicolon) and the '=' bytes of the block s, with AVX-512 BW",
		"and BMI2.")
	opts := Load(Param("opts"), GP64())
	x, _, _, _ := loadQueryBlock()

	Comment("The bytes past the block are zero: no separator, no '='.")
	kSep, kEq := K(), K()
	VPCMPEQB(queryVectors.Offset(64*vecAmpersand), x, kSep)
	TESTQ(U32(optSemicolon), opts)
	JZ(LabelRef(name + "_no_semicolon"))
	kSemi := K()
	VPCMPEQB(queryVectors.Offset(64*vecSemicolon), x, kSemi)
	KORQ(kSemi, kSep, kSep)
	Label(name + "_no_semicolon")
	VPCMPEQB(queryVectors.Offset(64*vecEquals), x, kEq)
	sep, eq := GP64(), GP64()
	KMOVQ(kSep, sep)
	KMOVQ(kEq, eq)
	Store(sep, ReturnIndex(0))
	Store(eq, ReturnIndex(1))
	VZEROUPPER()
	RET()
}
