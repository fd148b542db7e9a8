package fasturi

import (
	"fmt"
	"strings"
	"testing"
)

// TestEveryByteAtEveryPosition puts each byte 0x00-0xFF in each component
// and checks that Parse accepts it exactly where the ABNF allows it. Where
// the byte is a delimiter that moves a component boundary, the expectation
// says so; the templates hold no other special bytes near the insertion.
func TestEveryByteAtEveryPosition(t *testing.T) {
	delimEndsAuthority := func(c byte) bool { return c == '/' || c == '?' || c == '#' }
	positions := []struct {
		name  string
		tmpl  string // "_" marks where the byte goes
		valid func(c byte) bool
	}{
		{"first byte of a scheme", "_b:x", func(c byte) bool {
			return abnfALPHA(c) || c == '/' || c == '?' || c == '#' // else a first segment with ':'
		}},
		{"inside a scheme", "a_b:x", func(c byte) bool {
			return abnfSchemeRest(c) || c == ':' || c == '/' || c == '?' || c == '#' // ':' ends scheme "a"
		}},
		{"first segment of a relative path", "a_b", func(c byte) bool {
			return abnfPchar(c) && c != ':' || c == '/' || c == '?' || c == '#' ||
				c == ':' // "a:b" has scheme "a"
		}},
		{"first segment after a non-scheme byte", "a~_b", func(c byte) bool {
			return abnfPchar(c) && c != ':' || c == '/' || c == '?' || c == '#'
		}},
		{"userinfo", "http://a_b@h/", func(c byte) bool {
			return abnfUnreserved(c) || abnfSubDelims(c) || c == ':' || delimEndsAuthority(c)
		}},
		{"reg-name", "http://a_b/", func(c byte) bool {
			return abnfUnreserved(c) || abnfSubDelims(c) || c == '@' || delimEndsAuthority(c)
		}},
		{"port", "http://h:1_2/", func(c byte) bool {
			return abnfDIGIT(c) || c == '@' || delimEndsAuthority(c) // '@' makes "h:1" userinfo
		}},
		{"port after userinfo", "http://u@h:1_2/", func(c byte) bool {
			return abnfDIGIT(c) || delimEndsAuthority(c)
		}},
		{"IPv6 group", "http://[::_]/", abnfHEXDIG},
		{"zone ID", "http://[fe80::1%25a_]/", abnfUnreserved},
		{"IPvFuture", "http://[v1.a_]/", func(c byte) bool {
			return abnfUnreserved(c) || abnfSubDelims(c) || c == ':'
		}},
		{"path", "http://h/a_b", func(c byte) bool {
			return abnfPchar(c) || c == '/' || c == '?' || c == '#'
		}},
		{"rootless path", "s:a_b", func(c byte) bool {
			return abnfPchar(c) || c == '/' || c == '?' || c == '#'
		}},
		{"query", "http://h/?a_b", func(c byte) bool {
			return abnfPchar(c) || c == '/' || c == '?' || c == '#'
		}},
		{"fragment", "http://h/#a_b", func(c byte) bool {
			return abnfPchar(c) || c == '/' || c == '?'
		}},
	}
	for _, p := range positions {
		t.Run(p.name, func(t *testing.T) {
			for c := range 256 {
				in := strings.Replace(p.tmpl, "_", string([]byte{byte(c)}), 1)
				u, err := ParseString(in)
				if got, want := err == nil, p.valid(byte(c)); got != want {
					t.Errorf("%q: accepted = %v, want %v (%v)", in, got, want, u.Err())
				}
				_, v := lenientSplit(in)
				if (err == nil) != (v.Len() == 0) {
					t.Errorf("%q: Parse error %v but Split found %d violations", in, err, v.Len())
				}
			}
		})
	}
}

// TestEveryBytePairInShortInputs parses every two-byte input and checks the
// invariants that hold whatever the verdict.
func TestEveryBytePairInShortInputs(t *testing.T) {
	for a := range 256 {
		for b := range 256 {
			in := string([]byte{byte(a), byte(b)})
			checkInvariants(t, in)
			checkInvariants(t, "http://"+in)
			checkInvariants(t, "/"+in+"/")
		}
	}
}

// checkInvariants checks what must hold for any input: spans in order and in
// bounds, delimiters where they belong, a sane error, and agreement between
// Parse, ParseString and Split.
func checkInvariants(t *testing.T, in string) {
	t.Helper()
	u, err := ParseString(in)
	ub, errb := Parse([]byte(in))
	if describe(u) != describe(ub) || err != errb || u.ErrorOffset() != ub.ErrorOffset() {
		t.Fatalf("%q: Parse and ParseString differ", in)
	}
	su, v := lenientSplit(in)
	if fu, fv := SplitString(in); fv != v || (err == nil && fu != su) {
		t.Fatalf("%q: SplitString and the lenient walk differ", in)
	}
	if err != nil {
		off := u.ErrorOffset()
		if off < 0 || off > len(in) {
			t.Fatalf("%q: error offset %d out of range", in, off)
		}
		if v.Len() == 0 {
			t.Fatalf("%q: Parse fails (%v) but Split finds no violation", in, u.Err())
		}
		return
	}
	if v.Len() != 0 {
		t.Fatalf("%q: Parse accepts but Split finds %v at %d", in, v.At(0).Kind, v.At(0).Offset)
	}
	if su != u {
		t.Fatalf("%q: Split %s, Parse %s", in, describe(su), describe(u))
	}
	prev := 0
	for c := ComponentScheme; c < numComponents; c++ {
		if !u.Has(c) {
			continue
		}
		sp := u.Span(c)
		if int(sp.Start) < prev || sp.End < sp.Start || int(sp.End) > len(in) {
			t.Fatalf("%q: %v span %v out of order (previous end %d)", in, c, sp, prev)
		}
		prev = int(sp.End)
	}
	// Rebuilding the reference from its components gives the input back
	// (RFC 3986 section 5.3).
	var b strings.Builder
	if u.Has(ComponentScheme) {
		b.WriteString(u.Scheme() + ":")
	}
	if u.Has(ComponentHost) {
		b.WriteString("//" + u.RawAuthority())
	}
	b.WriteString(u.RawPath())
	if u.Has(ComponentQuery) {
		b.WriteString("?" + u.RawQuery())
	}
	if u.Has(ComponentFragment) {
		b.WriteString("#" + u.RawFragment())
	}
	if b.String() != in {
		t.Fatalf("%q: recomposed as %q", in, b.String())
	}
	if want := fmt.Sprint(u.Has(ComponentHost)); fmt.Sprint(u.HostType() != HostNone) != want {
		t.Fatalf("%q: host type %v with Has(ComponentHost) = %s", in, u.HostType(), want)
	}
}
