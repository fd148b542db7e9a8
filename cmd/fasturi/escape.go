package main

import (
	"encoding/binary"
	"encoding/hex"
	"math/bits"
	"unicode/utf8"
)

// Escaping for -json and -tsv. Nearly every line of a URI log is printable
// ASCII without '"' or '\' (every valid URI is), so the formatters ask once
// per line whether all of it is "plain" (jsonPlainPrefix); if so, the line
// and each of its components are copied as they are, with no further test.
// Otherwise the escapers copy runs of plain bytes with one append each and
// escape the bytes between them. Both searches test 8 bytes at a time in a
// uint64 (SWAR), as in the classic haszero trick:
//
//	(v - 0x0101..01) &^ v & 0x8080..80
//
// sets the high bit of a byte of v that is zero, and of no byte below the
// first such one (bytes above it may be flagged by the borrow), so that the
// trailing zero count of the mask, over 8, is the index of the first byte
// that needs a look.

const (
	lows  = 0x0101010101010101 // 0x01 in each byte
	highs = 0x8080808080808080 // 0x80 in each byte
)

// jsonSpecial returns a mask whose lowest set bit, if any, is the high bit
// of the first byte of x (little-endian) that does not stand for itself in
// a JSON string: a control character, '"', '\\', or a byte of 0x80 and up,
// which must be checked as UTF-8.
func jsonSpecial(x uint64) uint64 {
	ctl := (x - 0x20*lows) &^ x // bytes below 0x20
	q := x ^ '"'*lows
	q = (q - lows) &^ q
	bs := x ^ '\\'*lows
	bs = (bs - lows) &^ bs
	return (ctl | q | bs | x) & highs
}

// jsonPlainPrefix returns the length of the longest prefix of s whose bytes
// stand for themselves in a JSON string (jsonPlain).
func jsonPlainPrefix(s []byte) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if m := jsonSpecial(binary.LittleEndian.Uint64(s[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	if i == len(s) {
		return i
	}
	if len(s) >= 8 {
		// The last 8 bytes, overlapping those already seen, which are
		// plain: a byte that is not is at i or after.
		j := len(s) - 8
		if m := jsonSpecial(binary.LittleEndian.Uint64(s[j:])); m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
		return len(s)
	}
	for ; i < len(s) && jsonPlain[s[i]]; i++ {
	}
	return i
}

// isJSONPlain reports whether s, in a JSON string, is written as it is: its
// bytes are 0x20 to 0x7f (DEL included) but '"' and '\\'. Such a line is
// valid UTF-8, and needs no escaping in TSV either.
func isJSONPlain(s []byte) bool { return jsonPlainPrefix(s) == len(s) }

const hexDigits = "0123456789abcdef"

// jsonPlain marks the bytes that stand for themselves in a JSON string.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendJSONString appends s as a JSON string. Bytes that are not UTF-8
// become U+FFFD, as encoding/json does; the in_hex key keeps them exactly.
func appendJSONString(dst, s []byte) []byte {
	dst, _ = appendJSONStringUTF8(dst, s)
	return dst
}

// appendJSONOrHex appends key and b as a JSON string, or, when b is not
// UTF-8, hexKey (which opens the string) and b in hex, closed.
func appendJSONOrHex(dst []byte, key, hexKey string, b []byte) []byte {
	n := len(dst)
	dst, valid := appendJSONStringUTF8(append(dst, key...), b)
	if valid {
		return dst
	}
	dst = append(dst[:n], hexKey...)
	return append(hex.AppendEncode(dst, b), '"')
}

// appendJSONStringUTF8 is appendJSONString, and also reports whether s is
// valid UTF-8, as utf8.Valid does, without a second pass over it.
func appendJSONStringUTF8(dst, s []byte) (_ []byte, valid bool) {
	valid = true
	dst = append(dst, '"')
	for {
		i := jsonPlainPrefix(s)
		dst = append(dst, s[:i]...)
		if i == len(s) {
			return append(dst, '"'), valid
		}
		s = s[i:]
		c := s[0]
		if c < utf8.RuneSelf {
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			s = s[1:]
			continue
		}
		r, size := utf8.DecodeRune(s)
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, `\ufffd`...)
			valid = false
		} else {
			dst = append(dst, s[:size]...)
		}
		s = s[size:]
	}
}

// tsvEscapes maps each byte that a TSV value escapes to the letter after
// its backslash, and every other byte to 0.
var tsvEscapes = [256]byte{'\\': '\\', '\t': 't', '\n': 'n', '\r': 'r'}

// tsvSpecial returns a mask whose lowest set bit, if any, is the high bit
// of the first byte of x (little-endian) that is '\\' or below 0x0e: the
// bytes that may need escaping in TSV ('\t', '\n' and '\r' are 0x09, 0x0a
// and 0x0d), with a few false alarms that tsvEscapes settles.
func tsvSpecial(x uint64) uint64 {
	ctl := (x - 0x0e*lows) &^ x
	bs := x ^ '\\'*lows
	bs = (bs - lows) &^ bs
	return (ctl | bs) & highs
}

// tsvPlainPrefix returns the length of the longest prefix of s with no byte
// that TSV escapes.
func tsvPlainPrefix(s []byte) int {
	i := 0
	for i+8 <= len(s) {
		m := tsvSpecial(binary.LittleEndian.Uint64(s[i:]))
		if m == 0 {
			i += 8
			continue
		}
		i += bits.TrailingZeros64(m) >> 3
		if tsvEscapes[s[i]] != 0 {
			return i
		}
		i++ // a control character that TSV keeps
	}
	for ; i < len(s) && tsvEscapes[s[i]] == 0; i++ {
	}
	return i
}

// appendTSVField appends s as one TSV value, escaped as appendTSV says.
func appendTSVField(dst, s []byte) []byte {
	for {
		i := tsvPlainPrefix(s)
		dst = append(dst, s[:i]...)
		if i == len(s) {
			return dst
		}
		dst = append(dst, '\\', tsvEscapes[s[i]])
		s = s[i+1:]
	}
}
