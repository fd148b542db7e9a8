package fuzz

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/fuzz/internal/ref"
)

// factsSeeds are the shapes each fact is about, and the cases around them.
var factsSeeds = []string{
	"http://trusted.example@evil.example/", "http://0x7f.1/", "http://0177.0.0.1/", "http://2130706433/",
	"http://127.1/", "http://0x7f000001/", "http://a%2Fb@h/p%3Fq", "http://h%5B/", "/a%2F..%2Fb",
	"/a%0D%0Ab", "/%00", "http://[fe80::1%25eth0]/", "http://[fe80::1%25%0a]/", "/a/../../etc/passwd",
	"/%2e%2e/x", "/.%2E/x", "../a", "a/../..", "/a/./b/..", "//h/..", "/a//../..", "mailto:%5C@x",
	"http://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/", "http://u%80@h/%C0%AE", "http://[fe80::1%25%C3%A9]/",
	"/%252e%252e/x", "http://u%25@h%25/a", "http://[fe80::1%25a%25b]/", "http://[fe80::1%25eth0]/%25",
	"http://08/", "http://1.2.3.4.5/", "http://4294967297/", "http://a.0X1f./", "http://a.9../", "http://a%2E9%2e/",
	"http://%39.a/", "http://127.0.0.1./", "http://%2E/", "http://a.0x/", "http://a.1e/", "http://a.%30x%67/",
}

// numberLabel matches a label that is a number to WHATWG's IPv4 parser.
var numberLabel = regexp.MustCompile(`^([0-9]+|0[xX][0-9a-fA-F]*)$`)

// numericLastLabelRef reports, as Facts.NumericLastLabel does, whether the
// last label of host, a valid reg-name, before one trailing '.', is a
// number once decoded by the reference decoder, and host is no legacy
// IPv4 address.
func numericLastLabelRef(host string) bool {
	if _, ok := fasturi.LegacyIPv4(host); ok {
		return false
	}
	d, _, _ := ref.Decode(host, false, false)
	labels := strings.Split(strings.TrimSuffix(d, "."), ".")
	return numberLabel.MatchString(labels[len(labels)-1])
}

// encodedRef reports, as Facts does, whether the percent-encodings of s
// (valid ones, since s comes from a valid URI) encode a delimiter, a
// control character, NUL, a byte of 0x80 or more and '%', reading each
// with strconv.
func encodedRef(s string) (delim, control, nul, high, percent bool) {
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil {
			continue
		}
		c := byte(v)
		nul = nul || c == 0
		control = control || c < 0x20 || c == 0x7f
		delim = delim || strings.IndexByte(":/?#[]@\\", c) >= 0
		high = high || c >= 0x80
		percent = percent || c == '%'
		i += 2
	}
	return delim, control, nul, high, percent
}

// underflowRef reports whether a ".." segment of path climbs above the
// root in one of the readings Facts.PathUnderflow names: the segments
// split at '/' and at none, either or both of "%2F" and "%5C" (in either
// case); each cut at its first ';'; empty ones dropped; "%2e" read as '.'.
func underflowRef(path string) bool {
	for _, sep := range separatorsRef {
		if climbsRef(sep.Split(path, -1)) {
			return true
		}
	}
	return false
}

var separatorsRef = []*regexp.Regexp{
	regexp.MustCompile(`/`),
	regexp.MustCompile(`(?i)/|%2f`),
	regexp.MustCompile(`(?i)/|%5c`),
	regexp.MustCompile(`(?i)/|%2f|%5c`),
}

// climbsRef reports whether a ".." among segs climbs above the root.
func climbsRef(segs []string) bool {
	depth := 0
	for _, seg := range segs {
		seg, _, _ = strings.Cut(seg, ";")
		switch strings.ReplaceAll(strings.ToLower(seg), "%2e", ".") {
		case "", ".":
		case "..":
			if depth == 0 {
				return true
			}
			depth--
		default:
			depth++
		}
	}
	return false
}

// FuzzFacts checks URI.Facts against references that read the same
// components another way: userinfo present, LegacyIPv4 of a reg-name host
// (itself fuzzed against an inet_aton reading in FuzzHostAddr), its last
// label decoded, split with the strings package and matched with a regexp,
// the
// encoded delimiters, controls, NUL, bytes of 0x80 or more and '%' of the
// userinfo, host and path
// with strconv, and path underflow with a split and a stack. An invalid
// URI has no facts.
func FuzzFacts(f *testing.F) {
	addSeeds(f)
	for _, s := range factsSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := fasturi.ParseString(s)
		got := u.Facts()
		if err != nil {
			if got != (fasturi.Facts{}) {
				t.Fatalf("%q is invalid (%v) and has facts %+v", s, err, got)
			}
			return
		}
		var want fasturi.Facts
		want.Userinfo = u.HasUserinfo()
		if u.HostType() == fasturi.HostRegName {
			want.LegacyIPv4, _ = fasturi.LegacyIPv4(u.RawHost())
			want.NumericLastLabel = numericLastLabelRef(u.RawHost())
		}
		for _, c := range []fasturi.Component{fasturi.ComponentUserinfo, fasturi.ComponentHost, fasturi.ComponentPath} {
			sp := u.Span(c)
			text := s[sp.Start:sp.End]
			if c == fasturi.ComponentHost && u.HostType() == fasturi.HostIPv6 {
				_, text, _ = strings.Cut(text, "%25") // the zone ID's delimiter
			}
			delim, control, nul, high, percent := encodedRef(text)
			bit := fasturi.Components(1) << c
			if delim {
				want.EncodedDelimiters |= bit
			}
			if control {
				want.EncodedControls |= bit
			}
			if nul {
				want.EncodedNUL |= bit
			}
			if high {
				want.EncodedNonASCII |= bit
			}
			if percent {
				want.EncodedPercent |= bit
			}
		}
		want.PathUnderflow = underflowRef(u.RawPath())
		if got != want {
			t.Fatalf("Facts of %q:\n got %+v\nwant %+v", s, got, want)
		}
	})
}
