package fasturi

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// RFC 3986 section 6.2.2 and 6.2.3: equivalent and different references.
func TestEquivalent(t *testing.T) {
	for _, tt := range []struct {
		a, b  string
		level NormalizeLevel
		want  bool
	}{
		// Section 6.2.2.
		{"example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", NormalizeSyntax, true},
		// Section 6.2.2.1.
		{"HTTP://www.EXAMPLE.com/", "http://www.example.com/", NormalizeSyntax, true},
		{"http://h/%3a", "http://h/%3A", NormalizeSyntax, true},
		{"http://h/a", "http://h/A", NormalizeSyntax, false}, // a path is case-sensitive
		{"http://A@h/", "http://a@h/", NormalizeSyntax, false},
		// Section 6.2.2.2.
		{"http://h/%7Euser", "http://h/~user", NormalizeSyntax, true},
		{"http://h/a%2Fb", "http://h/a/b", NormalizeSyntax, false},
		{"http://[::1]/", "http://[0:0::1]/", NormalizeScheme, false},                    // IP literals compare as written
		{"http://[::A]/", "http://[::a]/", NormalizeSyntax, true},                        // but for case
		{"http://[fe80::1%25ETH0]/", "http://[fe80::1%25eth0]/", NormalizeSyntax, false}, // a zone ID's case counts
		{"http://0x7f.1/", "http://127.0.0.1/", NormalizeScheme, false},                  // a legacy spelling is a reg-name
		{"http://h/%3A", "http://h/:", NormalizeSyntax, false},
		{"http://%41/", "http://a/", NormalizeSyntax, true}, // decoded, then lowercase: a host
		{"http://%c3%a4/", "http://%C3%A4/", NormalizeSyntax, true},
		// Section 6.2.2.3.
		{"http://h/a/%2E%2E/b", "http://h/b", NormalizeSyntax, true},
		{"http://h/a/b/..", "http://h/a/", NormalizeSyntax, true},
		{"http://h/a/b/..", "http://h/a", NormalizeSyntax, false},
		{"http://host//", "http://host/", NormalizeSyntax, false},
		{"s:/.//a", "s://a", NormalizeSyntax, false},
		{"s:/a/..//b", "s:/.//b", NormalizeSyntax, true},
		{"s:a/../b", "s:/b", NormalizeSyntax, true},
		{"s:a/../b", "s:b", NormalizeSyntax, false},
		{"s:.", "s:", NormalizeSyntax, true},
		{"s:..", "s:./", NormalizeSyntax, true},
		{"s:.", "s:/", NormalizeSyntax, false},
		// Relative references.
		{"a/../../b", "../b", NormalizeSyntax, true},
		{"a/../../b", "b", NormalizeSyntax, false},
		{"a/..", ".", NormalizeSyntax, true},
		{"a/..", "", NormalizeSyntax, false},
		{"a/../b:c", "./b:c", NormalizeSyntax, true},
		{"a/..//b", ".//b", NormalizeSyntax, true},
		{"a/..//b", "/b", NormalizeSyntax, false},
		{"/a/..//b", "/.//b", NormalizeSyntax, true},
		{"?q", "?%71", NormalizeSyntax, true},
		{"#f", "?f", NormalizeSyntax, false},
		// Hosts.
		{"http://[FE80::1]/", "http://[fe80::1]/", NormalizeSyntax, true},
		{"http://[fe80::1%25EN1]/", "http://[fe80::1%25en1]/", NormalizeSyntax, false},
		{"http://[FE80::1%25en%2d1]/", "http://[fe80::1%25en-1]/", NormalizeSyntax, true},
		{"http://[v7.A]/", "http://[V7.a]/", NormalizeSyntax, true},
		{"http://[::1]/", "http://::1/", NormalizeSyntax, false},
		{"http://1.2.3.4/", "http://%31.2.3.4/", NormalizeSyntax, true},
		// Section 6.2.3.
		{"http://example.com", "http://example.com/", NormalizeScheme, true},
		{"http://example.com", "http://example.com:/", NormalizeScheme, true},
		{"http://example.com", "http://example.com:80/", NormalizeScheme, true},
		{"http://example.com:/", "http://example.com:80/", NormalizeScheme, true},
		{"http://example.com", "http://example.com/?", NormalizeScheme, false},
		{"http://example.com", "http://example.com/", NormalizeSyntax, false},
		{"http://example.com:80/", "http://example.com/", NormalizeSyntax, false},
		{"http://h:080/", "http://h/", NormalizeScheme, true},
		{"http://h:08080/", "http://h:8080/", NormalizeScheme, true},
		{"http://h:08080/", "http://h:8080/", NormalizeSyntax, false},
		{"http://h:065536/", "http://h:65536/", NormalizeScheme, false},
		{"https://h:443", "HTTPS://H", NormalizeScheme, true},
		{"https://h:80/", "https://h/", NormalizeScheme, false},
		{"foo://h:/", "foo://h/", NormalizeScheme, true},
		{"foo://h", "foo://h/", NormalizeScheme, false},
		{"foo://h:08/", "foo://h:8/", NormalizeScheme, false},
		// Presence.
		{"http://h/", "http:/", NormalizeSyntax, false},
		{"http://@h/", "http://h/", NormalizeSyntax, false},
		{"http://h:/", "http://h/", NormalizeSyntax, false},
		{"//h", "http://h", NormalizeScheme, false},
		// Invalid URIs are equivalent to nothing, not even themselves.
		{"%zz", "%zz", NormalizeSyntax, false},
		{"http://a b/", "http://a b/", NormalizeScheme, false},
		{"http://h/", "http://h/ ", NormalizeSyntax, false},
	} {
		a, _ := SplitString(tt.a)
		b, _ := SplitString(tt.b)
		if got := Equivalent(a, b, tt.level); got != tt.want {
			t.Errorf("Equivalent(%q, %q, %v) = %v, want %v", tt.a, tt.b, tt.level, got, tt.want)
		}
		if got := Equivalent(b, a, tt.level); got != tt.want {
			t.Errorf("Equivalent(%q, %q, %v) = %v, want %v", tt.b, tt.a, tt.level, got, tt.want)
		}
		checkEquivalentAgrees(t, a, b, tt.level)
	}
	// A URI that Parse refused has no components left, like the empty
	// reference, and is still equivalent to nothing.
	empty, _ := ParseString("")
	for _, in := range []string{"%zz", "http://a b/"} {
		bad, _ := ParseString(in)
		if Equivalent(empty, bad, NormalizeSyntax) || Equivalent(bad, empty, NormalizeSyntax) {
			t.Errorf("Equivalent(\"\", %q) = true after Parse's error", in)
		}
	}
}

// checkEquivalentAgrees fails when Equivalent(a, b, level) differs from a
// comparison of the normalized forms.
func checkEquivalentAgrees(t *testing.T, a, b URI, level NormalizeLevel) {
	t.Helper()
	na, _, errA := AppendNormalize(nil, a, level, 0)
	nb, _, errB := AppendNormalize(nil, b, level, 0)
	want := errA == nil && errB == nil && bytes.Equal(na, nb)
	if got := Equivalent(a, b, level); got != want {
		t.Errorf("Equivalent(%q, %q, %v) = %v, but they normalize to %q and %q", a.String(), b.String(), level, got, na, nb)
	}
}

// equivalentSeeds are the references that TestEquivalentAgreesWithNormalize
// makes variants of.
var equivalentSeeds = []string{
	"", "http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/",
	"example://a/b/c/%7Bfoo%7D", "HTTP://User:Pass@www.Example.com:8080/a/b/c?q=1&r=%2F#frag",
	"https://h:443/x/./y/../z", "ftp://ftp.is.co.za/rfc/rfc1808.txt", "ldap://[2001:db8::7]/c=GB?objectClass?one",
	"http://[fe80::1%25eth0]:80/", "http://[v7.ab:c]/", "mailto:John.Doe@example.com", "urn:oasis:names:a:b",
	"news:comp.infosystems.www.servers.unix", "tel:+1-816-555-1212", "telnet://192.0.2.16:80/",
	"s:/.//a", "s:a/b/../c", "s:./a:b", "s:..", "file:///etc/hosts", "//h/a/b", "//h:/a", "/a/b/../c",
	"/a/..//x", "a/b/c", "../a/b", "a/../../b", "./a:b", "a/..", "..", ".", "?q=%7e", "#f%7E",
	"g;x=1/../y", "http://h/a//b//", "http://h/%41%2f%7e", "wss://h:0443/a", "gopher://h:70",
}

// variant returns s changed in a way that normalization may or may not
// undo: case, percent-encodings, dot-segments, ports.
func variant(rng *rand.Rand, s string) string {
	if s == "" {
		return []string{".", "./", "?", "#", "a"}[rng.IntN(5)]
	}
	i := rng.IntN(len(s))
	c := s[i]
	switch rng.IntN(8) {
	case 0, 1: // a letter in the other case
		if isAlpha(c) {
			return s[:i] + string(c^0x20) + s[i+1:]
		}
	case 2, 3: // a byte percent-encoded, with either case of hex
		if c != '%' && c != '[' && c != ']' {
			hex := upperHex
			if rng.IntN(2) == 0 {
				hex = "0123456789abcdef"
			}
			return s[:i] + "%" + string(hex[c>>4]) + string(hex[c&15]) + s[i+1:]
		}
	case 4: // a dot-segment after a '/'
		if c == '/' {
			return s[:i+1] + []string{"./", "x/../", "%2E/", "..", "../", "%2e%2E/", "/"}[rng.IntN(7)] + s[i+1:]
		}
	case 5: // a port
		if u, err := ParseString(s); err == nil && u.HasAuthority() {
			h := u.Span(ComponentHost).End
			rest := int(h)
			if u.HasPort() {
				rest = int(u.Span(ComponentPort).End)
			}
			return s[:h] + []string{"", ":", ":80", ":080", ":443", ":8080", ":08080", ":0", ":65536"}[rng.IntN(9)] + s[rest:]
		}
	case 6: // a byte removed
		return s[:i] + s[i+1:]
	case 7: // a path made empty, or "/"
		if u, err := ParseString(s); err == nil {
			p := u.Span(ComponentPath)
			return s[:p.Start] + []string{"", "/", "."}[rng.IntN(3)] + s[p.End:]
		}
	}
	return s
}

// TestEquivalentAgreesWithNormalize compares Equivalent with the
// comparison of normalized forms, on every pair of many references and
// their variants, at both levels.
func TestEquivalentAgreesWithNormalize(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[string]bool{}
	var us []URI
	add := func(s string) {
		if seen[s] {
			return
		}
		seen[s] = true
		if u, err := ParseString(s); err == nil {
			us = append(us, u)
		}
	}
	for _, s := range equivalentSeeds {
		add(s)
		for range 80 {
			v := s
			for range 1 + rng.IntN(3) {
				v = variant(rng, v)
			}
			add(v)
		}
	}
	if len(us) < 1000 {
		t.Fatalf("only %d references", len(us))
	}
	equal := 0
	for _, level := range []NormalizeLevel{NormalizeSyntax, NormalizeScheme} {
		norm := make([][]byte, len(us))
		for i, u := range us {
			norm[i], _, _ = AppendNormalize(nil, u, level, 0)
		}
		for i, a := range us {
			for j, b := range us {
				want := bytes.Equal(norm[i], norm[j])
				if got := Equivalent(a, b, level); got != want {
					t.Fatalf("Equivalent(%q, %q, %v) = %v, but they normalize to %q and %q", a.String(), b.String(), level, got, norm[i], norm[j])
				}
				if want && i != j && a.String() != b.String() {
					equal++
				}
			}
		}
	}
	// Enough pairs of different references are equivalent for the test
	// to mean something.
	t.Logf("%d references, %d equivalent pairs of different ones", len(us), equal)
	if equal < 2000 {
		t.Errorf("only %d equivalent pairs", equal)
	}
}

// TestEquivalentPaths compares every pair of short paths after each kind of
// prefix: dot-segments, empty segments and "../" in every arrangement.
func TestEquivalentPaths(t *testing.T) {
	groups := map[string][]URI{}
	for _, prefix := range []string{"", "/", "s:", "s:/", "//h/", "http://h"} {
		var us []URI
		forEachPath(3, func(p string) {
			in := prefix + p
			if prefix == "http://h" {
				in = prefix + "/" + p
			}
			if u, err := ParseString(in); err == nil {
				us = append(us, u)
			}
		})
		groups[prefix] = us
	}
	for prefix, us := range groups {
		for _, level := range []NormalizeLevel{NormalizeSyntax, NormalizeScheme} {
			norm := make([][]byte, len(us))
			for i, u := range us {
				norm[i], _, _ = AppendNormalize(nil, u, level, 0)
			}
			for i, a := range us {
				for j, b := range us {
					if got, want := Equivalent(a, b, level), bytes.Equal(norm[i], norm[j]); got != want {
						t.Fatalf("prefix %q: Equivalent(%q, %q, %v) = %v, but they normalize to %q and %q", prefix, a.String(), b.String(), level, got, norm[i], norm[j])
					}
				}
			}
		}
	}
}

func TestEquivalentAllocs(t *testing.T) {
	pairs := [][2]string{
		{"example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"},
		{"http://example.com", "http://example.com:80/"},
		{"http://[FE80::1%25En%2d1]/a/..//b", "http://[fe80::1%25En-1]//b"},
		{"a/../../b", "../b"},
		{"http://h/a", "http://h/b"},
		{"%zz", "http://h/"},
		{"http://h/", "http://a b/"},
	}
	for _, p := range pairs {
		a, _ := SplitString(p[0])
		b, _ := SplitString(p[1])
		for _, level := range []NormalizeLevel{NormalizeSyntax, NormalizeScheme} {
			testAllocs(t, "Equivalent("+p[0]+", "+p[1]+")", func() { sinkBool = Equivalent(a, b, level) })
		}
	}
}

func TestDotSegment(t *testing.T) {
	for s, want := range map[string]int{
		".": 1, "%2E": 1, "%2e": 1, "..": 2, ".%2E": 2, "%2e.": 2, "%2E%2e": 2,
		"": 0, "...": 0, "%2E%2E%2E": 0, "a": 0, ".a": 0, "%2F": 0, "%3E": 0, "%2": 0, "%2E%2E.": 0,
	} {
		if got := dotSegment(s); got != want {
			t.Errorf("dotSegment(%q) = %d, want %d", s, got, want)
		}
	}
}
