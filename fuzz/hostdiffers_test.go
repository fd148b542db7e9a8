package fuzz

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/fasturi/fasturi"
)

// hostHeaderRef is RFC 9110's Host field value, uri-host [ ":" port ],
// loosely: an IP literal or any run of bytes without ':', '[' or ']', then
// an optional port of digits.
var hostHeaderRef = regexp.MustCompile(`^(\[[^\]]*\]|[^:\[\]]*)(?::([0-9]*))?$`)

// portRef returns the port that the digits p name, in decimal without
// leading zeros: the scheme's default def when p is empty and the scheme
// has one (hasDef), else "" for no port; false when p is not a number up
// to 65535.
func portRef(p string, def int, hasDef bool) (string, bool) {
	if p == "" {
		if !hasDef {
			return "", true
		}
		return strconv.Itoa(def), true
	}
	n, err := strconv.ParseUint(p, 10, 16)
	return strconv.FormatUint(n, 10), err == nil
}

// hostDiffersRef reports whether the Host header value h names another
// authority than the valid URI u, as HostDiffers documents.
func hostDiffersRef(u *fasturi.URI, h string) bool {
	if !u.Valid() || !u.HasAuthority() {
		return true
	}
	m := hostHeaderRef.FindStringSubmatch(h)
	if m == nil {
		return true
	}
	// An IPv6 literal's zone ID, after its "%25", keeps its case (RFC 6874).
	hostA, zoneA, _ := strings.Cut(u.RawHost(), "%25")
	hostB, zoneB, _ := strings.Cut(m[1], "%25")
	if u.HostType() != fasturi.HostIPv6 {
		hostA, zoneA, hostB, zoneB = u.RawHost(), "", m[1], ""
	}
	if lowerASCIIRef(hostA) != lowerASCIIRef(hostB) || zoneA != zoneB {
		return true
	}
	def, hasDef := defaultPortsRef[lowerASCIIRef(u.Scheme())] // not fasturi.DefaultPort: the reference shares no code
	a, okA := portRef(u.Port(), def, hasDef)
	b, okB := portRef(m[2], def, hasDef)
	return !okA || !okB || a != b
}

// defaultPortsRef are the default ports of RFC 1738 section 3 (ftp,
// gopher, nntp, telnet, wais, prospero), RFC 9110 section 4.2 (http,
// https) and RFC 6455 section 3 (ws, wss), by lowercase scheme.
var defaultPortsRef = map[string]int{
	"ftp": 21, "gopher": 70, "nntp": 119, "telnet": 23, "wais": 210, "prospero": 1525,
	"http": 80, "https": 443, "ws": 80, "wss": 443,
}

// lowerASCIIRef returns s with A to Z in lowercase and every other byte as
// it is. Hosts compare case-insensitively in ASCII alone (RFC 3986 section
// 6.2.2.1): Unicode's folding, as in strings.EqualFold, would match "ſ"
// (U+017F) with "s" and the Kelvin sign with "k".
func lowerASCIIRef(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// FuzzHostDiffers checks HostDiffers, for any target and Host header
// value, against hostDiffersRef.
func FuzzHostDiffers(f *testing.F) {
	for _, tt := range [][2]string{
		{"http://example.com/", "example.com"}, {"http://Example.COM:080/", "example.com:80"},
		{"https://h/", "h:443"}, {"https://h/", "h:80"}, {"http://h:/", "h"}, {"http://h/", "h:"},
		{"http://[::1]/", "[::1]"}, {"http://[::1]:8/", "[::1]:8"}, {"http://[::1]/", "[::1]x"},
		{"http://[::1]/", "::1"}, {"http://h/", "h:99999"}, {"http://h/", "h:1:2"}, {"foo://h/", "h"},
		{"/p", "h"}, {"http://[fe80::1%25eth0]/", "[FE80::1%25eth0]"}, {"http://[fe80::1%25eth0]/", "[fe80::1%25ETH0]"}, {"http://a b/", "a b"},
		{"http://s/", "\u017f"}, {"http://K/", "\u212a"}, // Unicode folds them to ASCII letters
	} {
		f.Add(tt[0], tt[1])
	}
	f.Fuzz(func(t *testing.T, target, host string) {
		u, _ := fasturi.ParseString(target)
		if got, want := u.HostDiffers(host), hostDiffersRef(&u, host); got != want {
			t.Fatalf("HostDiffers(%q) of %q = %v, want %v", host, target, got, want)
		}
	})
}
