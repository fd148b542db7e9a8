package fasturi

import (
	"bytes"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"
)

// decodeBlockByDefinition returns what decodeBlock must for the query s,
// shorter than a block, byte by byte: the separators with the end of s,
// the '=' bytes, the bytes kept and the decoded bytes; or ok false when a
// byte is bad (see the decodeQuery constants).
func decodeBlockByDefinition(s string, qo QueryOption, d DecodeOption) (dec []byte, sep, eq, keep uint64, ok bool) {
	sep = 1 << len(s)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '&' || c == ';' && qo&QuerySemicolon != 0:
			sep |= 1 << i
		case c == '=':
			eq |= 1 << i
		}
		keep |= 1 << i
		switch {
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return nil, 0, 0, 0, false
			}
			c = unhex(s[i+1])<<4 | unhex(s[i+2])
			i += 2
		case c == '+' && d&DecodePlusAsSpace != 0:
			c = ' '
		}
		if isControl(c) && d&DecodeNoControls != 0 {
			return nil, 0, 0, 0, false
		}
		dec = append(dec, c)
	}
	return dec, sep, eq, keep, true
}

// queryKernelInputs returns what the query kernels are tested on: every
// byte value at every offset of every length under a block, encodings,
// separators and '=' at each offset, and random queries of every length.
func queryKernelInputs() []string {
	var inputs []string
	filler := "ab=c%41&d+e;f=%7a%2B"
	for len(filler) < blockSize {
		filler += filler
	}
	for n := 1; n < blockSize; n++ {
		base := filler[:n]
		for i := 0; i < n; i++ {
			for c := range 256 {
				b := []byte(base)
				b[i] = byte(c)
				inputs = append(inputs, string(b))
			}
			for _, enc := range []string{"%41", "%7f", "%0a", "%zz", "%4", "%", "+", "&", "=", ";"} {
				if i+len(enc) <= n {
					inputs = append(inputs, base[:i]+enc+base[i+len(enc):])
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "%%%&&==;;++aF09gz\x00\x1f\x7f\x80\xff "
	for range 20000 {
		b := make([]byte, 1+rng.IntN(blockSize-1))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		inputs = append(inputs, string(b))
	}
	if testing.Short() {
		inputs = inputs[:len(inputs)/8]
	}
	return inputs
}

// decodeBlock runs the one-pass kernel over p's query into buf's spare
// capacity, as Decoded does when p.wholeBlock: it returns the decoded
// copy, the separators with the end of the query, the '=' bytes and the
// bytes kept; or ok false when a byte does not decode.
func decodeBlock(p *Params, buf []byte, opts DecodeOption) (copied []byte, sep, eq, keep uint64, ok bool) {
	copied = buf[len(buf) : len(buf)+len(p.s)]
	sep, eq, keep, bad := decodeQuery(unsafe.SliceData(copied), p.s, kernelOpts(p.opts, opts))
	if bad != 0 {
		return nil, 0, 0, 0, false
	}
	return copied, sep | 1<<len(p.s), eq, keep, true
}

// TestDecodeBlock holds the one-pass kernel of each level that has one to
// its contract, byte by byte: every byte value at every offset of every
// length, encodings on each side of the 16-byte lanes, random queries of
// every length, with every option; nothing written when a byte is bad, and
// nothing past the query ever.
func TestDecodeBlock(t *testing.T) {
	inputs := queryKernelInputs()
	forEachLevel(t, func(t *testing.T, l scanLevel) {
		p := NewParams("a=%41", 0, 0)
		if !p.wholeBlock() {
			t.Skipf("no one-pass kernel at level %v", l)
		}
		buf := make([]byte, 0, blockSize)
		for _, in := range inputs {
			for _, qo := range []QueryOption{0, QuerySemicolon} {
				for _, d := range []DecodeOption{0, DecodePlusAsSpace, DecodeNoControls, DecodePlusAsSpace | DecodeNoControls} {
					p := NewParams(in, qo, 0)
					room, whole := buf[:len(in)], buf[:cap(buf)]
					for i := range whole {
						whole[i] = '#'
					}
					copied, sep, eq, keep, ok := decodeBlock(&p, buf[:0:len(in)], d)
					// A kernel stores no byte past the query, whose
					// room in a caller's buffer ends there.
					if past := whole[len(in):]; strings.Trim(string(past), "#") != "" {
						t.Fatalf("%q (%v, %v): %q written past the query", in, qo, d, past)
					}
					wantDec, wantSep, wantEq, wantKeep, wantOK := decodeBlockByDefinition(in, qo, d)
					if ok != wantOK {
						t.Fatalf("%q (%v, %v): ok %v, want %v", in, qo, d, ok, wantOK)
					}
					if !ok {
						// Nothing written: a caller decoding in place
						// starts again over its input as it was.
						if strings.Trim(string(room), "#") != "" {
							t.Fatalf("%q (%v, %v): not ok, yet %q written", in, qo, d, room)
						}
						continue
					}
					n := bits.OnesCount64(keep)
					if sep != wantSep || eq != wantEq || keep != wantKeep || len(copied) != len(in) || !bytes.Equal(copied[:n], wantDec) {
						t.Fatalf("%q (%v, %v):\nsep %064b eq %064b keep %064b %q\nwant %064b eq %064b keep %064b %q",
							in, qo, d, sep, eq, keep, copied[:n], wantSep, wantEq, wantKeep, wantDec)
					}
				}
			}
		}
		// The kernels take only a whole query shorter than a block.
		for _, c := range []struct {
			name string
			q    string
			next bool
		}{
			{"a block", strings.Repeat("a", blockSize), false},
			{"after Next", "a=1&b=2", true},
		} {
			p := NewParams(c.q, 0, 0)
			if c.next {
				p.Next()
			}
			if p.wholeBlock() {
				t.Errorf("%s: the kernels take %q", c.name, c.q)
			}
		}
	})
}

// TestSplitBlock holds the kernel that splits a query for raw iteration
// to the separators and '=' bytes, byte by byte, on the inputs of
// TestDecodeBlock and on blocks of longer queries, with each separator
// policy: exactly where the kernel runs, and where splitStops falls back
// on scanQuery, a mask that holds them.
func TestSplitBlock(t *testing.T) {
	inputs := queryKernelInputs()
	for n := blockSize; n < blockSize+8; n++ {
		inputs = append(inputs, strings.Repeat("a=b&c;", n)[:n])
	}
	forEachLevel(t, func(t *testing.T, l scanLevel) {
		kernel := (&Params{s: "a"}).wholeBlock()
		for _, in := range inputs {
			for _, qo := range []QueryOption{0, QuerySemicolon} {
				var sep, eq uint64
				for i := range min(len(in), blockSize) {
					switch c := in[i]; {
					case c == '&' || c == ';' && qo&QuerySemicolon != 0:
						sep |= 1 << i
					case c == '=':
						eq |= 1 << i
					}
				}
				stops := splitStops(in, qo)
				if kernel && stops != sep|eq || stops&(sep|eq) != sep|eq {
					t.Fatalf("splitStops(%q, %v) = %064b, want %064b", in, qo, stops, sep|eq)
				}
				if len(in) >= blockSize {
					continue
				}
				if p := NewParams(in, qo, 0); p.wholeBlock() != kernel {
					t.Fatalf("NewParams(%q, %v).wholeBlock() = %v at a level where the kernels run: %v", in, qo, !kernel, kernel)
				}
				if !kernel {
					continue
				}
				gotSep, gotEq := splitQuery(in, kernelOpts(qo, 0))
				if gotSep != sep || gotEq != eq {
					t.Fatalf("splitQuery(%q, %v) = %064b, %064b; want %064b, %064b",
						in, qo, gotSep, gotEq, sep, eq)
				}
			}
		}
		if !kernel {
			t.Skipf("no one-pass split at level %v; splitStops holds scanQuery's stops", l)
		}
	})
}
