package fasturi

import (
	"iter"
	"math/bits"
	"unsafe"
)

// A QueryOption changes how Params splits a query. Options combine with |;
// the zero value splits on '&' alone. Bits that name no option are
// ignored.
type QueryOption uint8

const (
	// QuerySemicolon makes ';' separate parameters as '&' does, as some
	// old HTML forms and servers do. By default ';' is data: two parsers
	// that split the same query differently see different parameters
	// (since Go 1.17, net/url's ParseQuery splits on '&' alone, and
	// rejects a parameter that holds a ';').
	QuerySemicolon QueryOption = 1 << iota
)

// Params iterates over the parameters of a query in the form that HTML
// forms (application/x-www-form-urlencoded) and most servers use:
// key=value pairs separated by '&'. RFC 3986 section 3.4 gives a query no
// structure; this is a convention on top of it.
//
// Parameters come in input order, duplicates included. A piece between two
// separators is one parameter, split at its first '=': "a=b=c" is key "a"
// and value "b=c", "=v" is key "" and value "v", and "k", with no '=', is
// key "k" and value "". An empty piece is no parameter and is skipped, as
// net/url does: "a&&b" holds two parameters, "&a" and "a&" one each, and
// "" none.
//
// Next and All yield keys and values raw, as written: still
// percent-encoded, '+' not turned into a space. Decoded yields them
// decoded, into a caller's buffer; so does AppendDecode, one at a time.
// Either way the query is split before anything is decoded (section 2.4),
// so "%26" and "%3D" are data, never separators.
//
//	buf := make([]byte, 0, 256) // room for the query, reused for the next one
//	p := fasturi.NewParams("q=go+1%2B1&lang=en", 0, 100)
//	for k, v := range p.Decoded(buf[:0], fasturi.DecodePlusAsSpace) {
//		// k "q", v "go 1+1"; then k "lang", v "en" (as []byte)
//	}
//	if p.Err() != nil {
//		// more than 100 parameters, or an invalid percent-encoding, at p.ErrorOffset()
//	}
//
// A limit caps how many parameters are read, against queries made of
// thousands of tiny parameters (the denial of service against which
// net/url caps ParseQuery at 10000). Once the limit is reached, a further
// parameter ends the iteration with ErrTooManyParameters (see Err and
// ErrorOffset); a query with exactly the limit is fine, and empty pieces
// do not count.
//
// Params is a cursor: a small value that refers to the query and copies
// nothing (Decoded copies it into the caller's buffer). Its methods take a
// pointer, as they advance it: keep it in a variable (p :=
// u.Params(0, 100), then range over p.All()), where a second loop goes on
// from where the first stopped, and where Err reports why the iteration
// ended. Iterating does not allocate. The zero Params yields nothing.
type Params struct {
	err   ErrorKind
	opts  QueryOption
	split bool   // mask is splitStops', for Next and All: no stop that decoding needs
	base  uint32 // offset of s in the URI's input, for ErrorOffset
	s     string // the query
	pos   int    // offset in s of the next piece; after an error, the error's offset
	blk   int    // offset in s of the block that mask covers; pos-blockSize, mask 0, when none is scanned yet
	mask  uint64 // the stops of that block not yet walked past (scanQuery's, or splitStops')
	left  int    // parameters still allowed; -1: no limit
}

// NewParams returns a cursor over the parameters of query, which is a
// query without its leading '?' (see Params). With limit > 0, at most limit
// parameters are yielded, and one more is ErrTooManyParameters; with 0 or
// less, there is no limit. Error offsets are offsets in query.
func NewParams(query string, opts QueryOption, limit int) (p Params) {
	// Field by field: a composite literal would be built aside and then
	// copied, and that copy's wide loads wait on the narrow stores that
	// built it (a store-forwarding stall, longer than a short query's walk).
	p.s, p.blk, p.left, p.opts = query, -blockSize, -1, opts // no block scanned yet
	if limit > 0 {
		p.left = limit
	}
	return p
}

// Params returns a cursor over the parameters of u's query (see Params
// and NewParams); error offsets are then offsets in u's input. A URI
// without a query has no parameters.
//
// u must be valid: otherwise the cursor yields nothing, and its Err and
// ErrorOffset report u's error kind and offset.
func (u *URI) Params(opts QueryOption, limit int) (p Params) {
	if u.errKind != 0 {
		p.pos, p.err = int(u.errOff), u.errKind
		return p
	}
	p = NewParams(u.RawQuery(), opts, limit)
	p.base = u.spans[ComponentQuery].Start
	return p
}

// Key and value parts of a parameter, as bits of what next finds: which of
// them hold a byte that decoding with the given options changes or
// refuses.
const (
	keyToDecode uint8 = 1 << iota
	valueToDecode
)

// next moves past the next parameter and returns its key and value, as
// slices of copied, Decoded's copy of the query, decoded there in place
// as AppendDecode decodes with dec (a key or value with nothing to decode
// is already in place); or ok false when there is none left, when the
// limit is reached and another parameter follows, or when a key or value
// does not decode (p.err is then set).
func (p *Params) next(copied []byte, dec DecodeOption) (key, value []byte, ok bool) {
	if p.split {
		p.rescan()
	}
	s, blk, mask := p.s, p.blk, p.mask
	for p.err == 0 && p.pos < len(s) {
		start, keyEnd, end, toDecode := p.pos, -1, len(s), uint8(0)
		part := keyToDecode
		for {
			if mask == 0 {
				if blk+blockSize >= len(s) {
					break // no stop left: the piece ends the query
				}
				blk += blockSize
				mask = scanQuery(s[blk:])
				continue
			}
			i := blk + bits.TrailingZeros64(mask)
			mask &= mask - 1
			switch c := s[i]; {
			case c == '&' || c == ';' && p.opts&QuerySemicolon != 0:
				end = i
			case c == '=' && keyEnd < 0:
				keyEnd, part = i, valueToDecode
				continue
			case c == '%' || c == '+' && dec&DecodePlusAsSpace != 0 || isControl(c) && dec&DecodeNoControls != 0:
				toDecode |= part
				continue
			default: // data: a later '=', ';' or '+' not asked for, a control, a byte >= 0x80
				continue
			}
			break
		}
		p.pos = end + 1 // past the separator, or one past the end
		if start == end {
			continue // an empty piece
		}
		if !p.admit(start) {
			break
		}
		valueStart := keyEnd + 1
		if keyEnd < 0 {
			keyEnd, valueStart = end, end
		}
		p.blk, p.mask = blk, mask
		key, value = copied[start:keyEnd:keyEnd], copied[valueStart:end:end]
		if toDecode != 0 {
			return p.decodeParam(key, value, start, valueStart, toDecode, dec)
		}
		return key, value, true
	}
	p.blk, p.mask = blk, mask
	return nil, nil, false
}

// nextSplit is next for Next and All, which yield parameters raw: the
// blocks it scans give the separators and the '=' bytes alone
// (splitStops), which p.split records for Decoded, and nothing else is
// looked at. It is a loop of its own: next with a parameter for this
// measured a few percent slower in Decoded's walk.
func (p *Params) nextSplit() (start, keyEnd, valueStart, end int, ok bool) {
	s, blk, mask := p.s, p.blk, p.mask
	for p.err == 0 && p.pos < len(s) {
		start, keyEnd, end = p.pos, -1, len(s)
		for {
			if mask == 0 {
				if blk+blockSize >= len(s) {
					break // no separator left: the piece ends the query
				}
				blk += blockSize
				mask, p.split = splitStops(s[blk:], p.opts), true
				continue
			}
			i := blk + bits.TrailingZeros64(mask)
			mask &= mask - 1
			if c := s[i]; c == '&' || c == ';' && p.opts&QuerySemicolon != 0 {
				end = i
				break
			} else if c == '=' && keyEnd < 0 {
				keyEnd = i
			}
		}
		p.pos = end + 1 // past the separator, or one past the end
		if start == end {
			continue // an empty piece
		}
		if !p.admit(start) {
			break
		}
		valueStart = keyEnd + 1
		if keyEnd < 0 {
			keyEnd, valueStart = end, end
		}
		p.blk, p.mask = blk, mask
		return start, keyEnd, valueStart, end, true
	}
	p.blk, p.mask = blk, mask
	return 0, 0, 0, 0, false
}

// admit counts the parameter at offset start against the limit, and
// reports whether it fits; if not, it stops p there with
// ErrTooManyParameters.
func (p *Params) admit(start int) bool {
	if p.left == 0 {
		p.err, p.pos = ErrTooManyParameters, start // the parameter that did not fit
		return false
	}
	if p.left > 0 {
		p.left--
	}
	return true
}

// Next returns the next parameter's key and value, raw (still
// percent-encoded, '+' as written), and true; or false when there is none
// left, or when the limit has been reached and another parameter follows
// (see Err).
func (p *Params) Next() (key, value string, ok bool) {
	if p.pos < len(p.s) { // next's first test, inlined: no call after the last parameter
		key, value, ok = p.nextRaw()
	}
	return key, value, ok
}

// nextRaw is Next past its first test.
func (p *Params) nextRaw() (key, value string, ok bool) {
	start, keyEnd, valueStart, end, ok := p.nextSplit()
	return p.s[start:keyEnd], p.s[valueStart:end], ok
}

// All returns an iterator over the remaining parameters, as Next yields
// them. It advances p itself, so that p.Err reports, after a range loop,
// why the loop ended; a loop that breaks early leaves p at the parameter
// after the last one it saw.
//
// A range loop over All allocates nothing itself. The compiler makes the
// strings passed to the loop body escape, though, so a query in a buffer
// on the caller's stack moves to the heap, once per loop; Next leaves it
// on the stack.
func (p *Params) All() iter.Seq2[string, string] {
	return func(yield func(key, value string) bool) {
		if p.wholeBlock() {
			// As Decoded's loop over a block, without the decoding.
			sep, eq := splitQuery(p.s, kernelOpts(p.opts, 0))
			sep |= 1 << (uint(len(p.s)) & 63)
			for pos := 0; pos < len(p.s); {
				start := pos
				keyEnd, valueStart, end := blockParam(sep, eq, start)
				pos = end + 1
				p.pos = pos
				if start == end {
					continue // an empty piece
				}
				if !p.admit(start) {
					return
				}
				if !yield(p.s[start:keyEnd], p.s[valueStart:end]) {
					p.leaveBlock()
					return
				}
			}
			return
		}
		for p.pos < len(p.s) { // next's first test, without a call after the last parameter
			start, keyEnd, valueStart, end, ok := p.nextSplit()
			if !ok || !yield(p.s[start:keyEnd], p.s[valueStart:end]) {
				return
			}
		}
	}
}

// Err returns nil, or ErrTooManyParameters once Next has met a parameter
// beyond the limit, or the error that made Decoded stop, or the error kind
// of the URI the cursor came from when that URI is not valid.
func (p *Params) Err() error {
	if p.err == 0 {
		return nil
	}
	return p.err
}

// ErrorOffset returns -1 when Err is nil. Otherwise it returns the offset
// of the first parameter past the limit, or of the byte at fault in a key
// or value that Decoded could not decode: in the query for a cursor from
// NewParams and in the URI's input for one from URI.Params; or, for a URI
// that is not valid, the URI's ErrorOffset.
func (p *Params) ErrorOffset() int {
	if p.err == 0 {
		return -1
	}
	return int(p.base) + p.pos
}

// Decoded returns an iterator over the remaining parameters, as All
// yields them, with each key and value percent-decoded as AppendDecode
// decodes with opts: DecodePlusAsSpace for form encoding, where '+' stands
// for a space; DecodeNoControls to refuse "%00", "%0D" and the like. It
// advances p itself, as All does.
//
// The iteration appends a copy of the query to buf and decodes each
// parameter there, in place, when it reaches it: a key or a value with
// nothing to decode is then already in place and costs nothing more. (On
// amd64 with AVX2, a query that fits buf's spare capacity is decoded into
// it in one pass instead, 64 bytes at a time, each parameter yielded as
// the pass is past it.) Keys
// and values are slices of that copy, which the iteration never writes to
// again: they stay valid after the loop, each with its own capacity (an
// append to one never overwrites another), until the caller reuses buf
// (running the same sequence again, to go on after a loop that broke,
// leaves them as they are).
// A buf with len(query) bytes of spare capacity is never reallocated;
// one with less is grown into a new array each time the sequence runs,
// since the sequence cannot hand the grown buf back: a server sizes buf
// for its queries once.
// The compiler makes the slices passed to the loop body escape, though,
// so a buf on the caller's stack moves to the heap, once per loop; Next
// and AppendDecode leave it on the stack.
//
// A key or a value that does not decode ends the iteration, without being
// yielded: p.Err is then AppendDecode's error, and p.ErrorOffset the
// offset of the byte at fault.
//
// To decode without an iterator, call Next, then AppendDecode on the key
// and on the value.
func (p *Params) Decoded(buf []byte, opts DecodeOption) iter.Seq2[[]byte, []byte] {
	return func(yield func(key, value []byte) bool) {
		if p.err != 0 || p.pos >= len(p.s) {
			return
		}
		if off := len(buf); p.onePass() && cap(buf)-off >= len(p.s) {
			copied := buf[off : off+len(p.s)]
			if len(p.s) < blockSize {
				// The whole query split and decoded into buf in one pass.
				sep, eq, keep, bad := decodeQuery(unsafe.SliceData(copied), p.s, kernelOpts(p.opts, opts))
				if bad == 0 {
					sep |= 1 << (uint(len(p.s)) & 63)         // the end of the query ends its last piece
					whole := keep == 1<<(uint(len(p.s))&63)-1 // nothing decoded away: offsets stay
					// The parameters as next finds them, from the block's
					// masks: no branch on the bytes, and pos kept in a
					// register, where reading p.pos back would wait for the
					// store to it.
					for pos := 0; pos < len(p.s); {
						start := pos
						keyEnd, valueStart, end := blockParam(sep, eq, start)
						pos = end + 1
						p.pos = pos
						if start == end {
							continue // an empty piece
						}
						if !p.admit(start) {
							return
						}
						ks, ke, vs, ve := start, keyEnd, valueStart, end
						if !whole {
							ks, ke = decodedOffset(keep, start), decodedOffset(keep, keyEnd)
							vs, ve = decodedOffset(keep, valueStart), decodedOffset(keep, end)
						}
						if !yield(copied[ks:ke:ke], copied[vs:ve:ve]) {
							p.leaveBlock()
							return
						}
					}
					return
				}
				// A byte that does not decode: the kernel wrote nothing, and
				// the walk yields the parameters before it.
			} else {
				// A block at a time. nextBlock returns each parameter
				// rather than yield it: a callee given yield would make
				// the compiler build the loop body's closure for every
				// query, short ones too.
				var w blockWalk // field by field: a literal would be built aside and copied
				w.copied, w.k, w.keyEnd = copied, kernelOpts(p.opts, opts), -1
				for {
					key, value, ok := p.nextBlock(&w)
					if !ok {
						break
					}
					if !yield(key, value) {
						p.leaveBlock()
						return
					}
				}
				if p.err != 0 || p.pos >= len(p.s) {
					return
				}
				// A byte that does not decode: the walk goes on from
				// the parameter that holds it.
			}
		}
		copied := p.copyForWalk(buf)
		for p.pos < len(p.s) { // next's first test, without a call after the last parameter
			key, value, ok := p.next(copied, opts)
			if !ok || !yield(key, value) {
				return
			}
		}
	}
}

// copyForWalk appends p's query to buf for Decoded's walk, which decodes
// it in place, and returns the copy.
func (p *Params) copyForWalk(buf []byte) []byte {
	off := len(buf)
	if p.blk+blockSize == p.pos {
		// No block scanned from p.pos yet: its masks before the copy,
		// whose latency the scan's then overlaps.
		p.blk, p.mask, p.split = p.pos, scanQuery(p.s[p.pos:]), false
	}
	if p.pos == 0 || cap(buf)-off < len(p.s) {
		return append(buf, p.s...)[off:]
	}
	// Only the part not yet walked, at its place: a sequence that runs
	// again (a loop that broke, resumed) leaves what an earlier run
	// yielded, before p.pos, as it was.
	copied := buf[off : off+len(p.s)]
	copy(copied[p.pos:], p.s[p.pos:])
	return copied
}

// decodeParam decodes, in place, the parts of a parameter that toDecode
// names: key, the copy of the query's bytes from offset keyAt on, and
// value, from valueAt on. On error, it stops p there.
func (p *Params) decodeParam(key, value []byte, keyAt, valueAt int, toDecode uint8, opts DecodeOption) ([]byte, []byte, bool) {
	ok := true
	if toDecode&keyToDecode != 0 {
		key, ok = p.decodeInPlace(key, keyAt, opts)
	}
	if ok && toDecode&valueToDecode != 0 {
		value, ok = p.decodeInPlace(value, valueAt, opts)
	}
	return key, value, ok
}

// decodeInPlace decodes the query's bytes from offset at on over their
// copy, raw, and returns the decoded bytes; or, on error, stops p there.
func (p *Params) decodeInPlace(raw []byte, at int, opts DecodeOption) ([]byte, bool) {
	n, errAt, err := decodeInto(raw, p.s[at:at+len(raw)], opts)
	if err != 0 {
		p.err, p.pos = err, at+errAt
		return nil, false
	}
	return raw[:n], true
}

// wholeBlock reports whether p's query goes whole to the one-pass query
// kernels: when it may (onePass) and is shorter than a block.
func (p *Params) wholeBlock() bool { return p.onePass() && len(p.s) < blockSize }

// leaveBlock sets p, which a one-pass loop has moved, for next, as
// NewParams sets a new cursor: no block scanned, the next one starting at
// p.pos.
func (p *Params) leaveBlock() { p.blk, p.mask, p.split = p.pos-blockSize, 0, false }

// A blockWalk is Decoded's one pass over a query of a block or more, at
// the levels with the query kernels (see nextBlock): the query is decoded
// into copied, which has room for it, a block at a time with decodeQuery,
// each block's output right after the last, so that a parameter's decoded
// bytes are contiguous whatever blocks it spans, and each offset in the
// output is the count of the bytes kept before it.
type blockWalk struct {
	copied        []byte
	k             uint64 // decodeQuery's options
	blk, next     int    // offsets in the query of the block in the masks, and of the one after it
	n             int    // bytes decoded before the block
	sep, eq, keep uint64 // the block's masks: separators and '=' bytes not yet passed, bytes kept
	start, keyEnd int    // where the current piece starts in copied, and its key ends (-1: no '=' yet)
	ended         bool   // the piece that ends the query has been read
}

// keyEndAt sets where the current piece's key ends in copied, at the first
// of eqs, the '=' bytes of the block in it, unless it has one already.
func (w *blockWalk) keyEndAt(eqs uint64) {
	if w.keyEnd < 0 && eqs != 0 {
		w.keyEnd = w.n + decodedOffset(w.keep, bits.TrailingZeros64(eqs))
	}
}

// nextBlock returns the next parameter of w's walk over p's query,
// decoded, and true; or false when there is none left, when the limit is
// reached (p.err is then set), or when a block holds a byte that does not
// decode, whose pass writes nothing: p is then set for the walk to go on
// from the parameter in that block, after those returned, and p.pos is
// before the end of the query.
func (p *Params) nextBlock(w *blockWalk) (key, value []byte, ok bool) {
	for {
		var end, dEnd int
		switch {
		case w.sep != 0:
			i := bits.TrailingZeros64(w.sep)
			w.sep &= w.sep - 1
			before := uint64(1)<<i - 1
			w.keyEndAt(w.eq & before)
			w.eq &^= before // the next piece's '=' bytes are after i
			end, dEnd = w.blk+i, w.n+decodedOffset(w.keep, i)
		case w.next < len(p.s):
			w.keyEndAt(w.eq) // a piece that goes on into the next block
			w.n += bits.OnesCount64(w.keep)
			b := nextDecodeBlock(p.s[w.next:])
			var bad uint64
			w.sep, w.eq, w.keep, bad = decodeQuery(&w.copied[w.n], b, w.k)
			if bad != 0 {
				p.leaveBlock() // p.pos is the current piece's start
				return nil, nil, false
			}
			w.blk, w.next = w.next, w.next+len(b)
			continue
		case !w.ended: // the piece that ends the query
			w.keyEndAt(w.eq)
			w.ended = true
			end, dEnd = len(p.s), w.n+bits.OnesCount64(w.keep)
		default:
			return nil, nil, false
		}
		start, dStart, dKeyEnd := p.pos, w.start, w.keyEnd
		p.pos, w.start, w.keyEnd = end+1, dEnd+1, -1
		if start == end {
			continue // an empty piece
		}
		if !p.admit(start) {
			return nil, nil, false
		}
		dValueStart := dKeyEnd + 1
		if dKeyEnd < 0 {
			dKeyEnd, dValueStart = dEnd, dEnd
		}
		return w.copied[dStart:dKeyEnd:dKeyEnd], w.copied[dValueStart:dEnd:dEnd], true
	}
}

// rescan replaces the stops of the block that nextSplit left in p, which
// lack what decoding needs, with those of scanQuery from p.pos on.
func (p *Params) rescan() {
	p.mask = scanQuery(p.s[p.blk:]) & (^uint64(0) << uint(p.pos-p.blk))
	p.split = false
}

// blockParam returns the place of the piece of a query that starts at
// offset start, in a block that Decoded or All split in one pass: its key
// ends at keyEnd, its value starts at valueStart and ends at end (the
// piece too), from the separators sep, with the end of the query, and the
// '=' bytes eq; without a branch on the bytes. The piece is empty when
// start == end.
func blockParam(sep, eq uint64, start int) (keyEnd, valueStart, end int) {
	end = start + bits.TrailingZeros64(sep>>(uint(start)&63))
	keyEnd = start + bits.TrailingZeros64(eq>>(uint(start)&63))
	valueStart = keyEnd + 1
	if keyEnd >= end {
		keyEnd, valueStart = end, end
	}
	return keyEnd, valueStart, end
}

// decodedOffset returns where the byte at offset i of a query that
// Decoded decoded in one pass, keeping the bytes keep holds, is in its
// output: after the bytes kept before it.
func decodedOffset(keep uint64, i int) int {
	return bits.OnesCount64(keep & (1<<(uint(i)&63) - 1))
}

// nextDecodeBlock returns the block at the start of s that decodeQuery
// decodes next, when s is to be decoded a block at a time: s, when it fits
// one; otherwise its first 64 bytes, or 62 or 63 of them so as to end
// before a '%' in their last two, whose encoding the next block then
// holds whole.
func nextDecodeBlock(s string) string {
	if len(s) <= blockSize {
		return s
	}
	switch {
	case s[blockSize-2] == '%':
		return s[:blockSize-2]
	case s[blockSize-1] == '%':
		return s[:blockSize-1]
	}
	return s[:blockSize]
}

// The options of decodeQuery(dst, s, opts), which splits and decodes
// a query s of at most 64 bytes in one pass and returns:
//
//   - sep, the separators: '&', and ';' with decodeQuerySemicolon;
//   - eq, the '=' bytes;
//   - keep, the bytes of s but the two hex digits of each valid
//     percent-encoding: dst[:popcount(keep)] holds them in order, each
//     '%' of a valid encoding as the byte it encodes, and each '+' as a
//     space with decodeQueryPlus;
//   - bad: the '%' bytes of no valid encoding, and with
//     decodeQueryNoControls the C0 controls and DEL, raw or decoded, which
//     AppendDecode refuses. When bad is not zero, dst is left as it was.
//
// The byte decoded from s[i:i+3] is then after the bytes of keep below i,
// so each parameter splits at sep and eq, in s, and maps to its decoded
// bytes by those counts.
//
// decodeQueryNoControls and decodeQueryPlus are the bits of
// DecodeNoControls and DecodePlusAsSpace, so that kernelOpts is a shift
// and a mask: the loops that call the kernels are short, and the
// compiler inlines them only while they are.
const (
	decodeQueryNoControls = uint64(DecodeNoControls)
	decodeQueryPlus       = uint64(DecodePlusAsSpace)
	decodeQuerySemicolon  = decodeQueryPlus << 1
)

// kernelOpts returns decodeQuery's opts for the separators that q
// asks for and for opts.
func kernelOpts(q QueryOption, opts DecodeOption) uint64 {
	return uint64(opts)&(decodeQueryNoControls|decodeQueryPlus) | uint64(q&QuerySemicolon)*decodeQuerySemicolon
}
