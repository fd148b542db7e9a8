package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// jsonStringByByte is appendJSONString written plainly, one byte at a
// time: what the SWAR search must agree with.
func jsonStringByByte(dst, s []byte) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case jsonPlain[c]:
			dst = append(dst, c)
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c == '\n':
			dst = append(dst, `\n`...)
		case c == '\r':
			dst = append(dst, `\r`...)
		case c == '\t':
			dst = append(dst, `\t`...)
		case c < utf8.RuneSelf:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		default:
			r, size := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && size == 1 {
				dst = append(dst, `\ufffd`...)
			} else {
				dst = append(dst, s[i:i+size]...)
			}
			i += size
			continue
		}
		i++
	}
	return append(dst, '"')
}

// tsvFieldByByte is appendTSVField written plainly.
func tsvFieldByByte(dst, s []byte) []byte {
	for _, c := range s {
		switch c {
		case '\\':
			dst = append(dst, `\\`...)
		case '\t':
			dst = append(dst, `\t`...)
		case '\n':
			dst = append(dst, `\n`...)
		case '\r':
			dst = append(dst, `\r`...)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// checkEscapes compares the escapers and the plain test on s with their
// byte-at-a-time twins.
func checkEscapes(t *testing.T, s []byte) {
	t.Helper()
	if got, want := appendJSONString(nil, s), jsonStringByByte(nil, s); !bytes.Equal(got, want) {
		t.Fatalf("appendJSONString(%q) = %s, want %s", s, got, want)
	}
	if _, valid := appendJSONStringUTF8(nil, s); valid != utf8.Valid(s) {
		t.Fatalf("appendJSONStringUTF8(%q) says valid UTF-8 %v, utf8.Valid %v", s, valid, !valid)
	}
	if got, want := appendTSVField(nil, s), tsvFieldByByte(nil, s); !bytes.Equal(got, want) {
		t.Fatalf("appendTSVField(%q) = %q, want %q", s, got, want)
	}
	want := 0
	for want < len(s) && jsonPlain[s[want]] {
		want++
	}
	if got := jsonPlainPrefix(s); got != want {
		t.Fatalf("jsonPlainPrefix(%q) = %d, want %d", s, got, want)
	}
	want = 0
	for want < len(s) && tsvEscapes[s[want]] == 0 {
		want++
	}
	if got := tsvPlainPrefix(s); got != want {
		t.Fatalf("tsvPlainPrefix(%q) = %d, want %d", s, got, want)
	}
}

// Every byte value at every position of every length up to three words
// and one more, on plain backgrounds and on ones that test the borrow
// between bytes (0x00 and 0x01 below the byte under test, 0x20 and 0x21
// above a control): the SWAR searches and their tails agree with the
// byte loops.
func TestEscapesEveryByte(t *testing.T) {
	for _, bg := range []byte{'a', 0x00, 0x01, 0x0e, 0x20, 0x21, '"' + 1, '\\' + 1, 0x7f, 0x80, 0xff} {
		for n := 0; n <= 3*8+1; n++ {
			s := bytes.Repeat([]byte{bg}, n)
			checkEscapes(t, s)
			for i := range n {
				for c := range 256 {
					s[i] = byte(c)
					checkEscapes(t, s)
				}
				s[i] = bg
			}
		}
	}
}

// Random strings from an alphabet heavy in the bytes that matter, and
// valid and broken UTF-8, also give JSON that encoding/json reads back as
// the string (with U+FFFD for each byte that is not UTF-8).
func TestEscapesRandom(t *testing.T) {
	alphabet := []byte("ab/%:?#\"\\\t\n\r\x00\x01\x0b\x1f\x7f\x80\xbf\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xff")
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		s := make([]byte, r.IntN(40))
		for i := range s {
			s[i] = alphabet[r.IntN(len(alphabet))]
		}
		checkEscapes(t, s)
		var got string
		if err := json.Unmarshal(appendJSONString(nil, s), &got); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if want := string([]rune(string(s))); got != want {
			t.Fatalf("%q: JSON reads back as %q, want %q", s, got, want)
		}
	}
}

// FuzzEscapes checks the escaping of any bytes as checkEscapes does: the
// JSON and TSV escapes and the word-at-a-time searches for what needs one
// against byte-by-byte versions, and the UTF-8 verdict against utf8.Valid.
func FuzzEscapes(f *testing.F) {
	for _, s := range []string{"", "http://h/p?q", "a\"b\\c\td\re\nf", "\xff\xfe/x", "caf\xc3\xa9 \xe2\x82"} {
		f.Add([]byte(s))
	}
	f.Fuzz(checkEscapes)
}

func BenchmarkEscape(b *testing.B) {
	for _, bc := range []struct{ name, s string }{
		{"plain", "http://www.example.com/products/2024/index.html?utm_source=google&page=42"},
		{"quotes", `"http://www.example.com/products/2024/index.html?q=a\"b"`},
		{"utf8", "http://www.example.com/caf\xc3\xa9/\xe2\x9c\x93/products/2024/index.html"},
	} {
		s := []byte(bc.s)
		dst := make([]byte, 0, 1024)
		b.Run("json/"+bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				dst = appendJSONString(dst[:0], s)
			}
		})
		b.Run("tsv/"+bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				dst = appendTSVField(dst[:0], s)
			}
		})
	}
}
