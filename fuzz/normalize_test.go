package fuzz

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/fuzz/internal/ref"
)

var levels = []fasturi.NormalizeLevel{fasturi.NormalizeSyntax, fasturi.NormalizeScheme}

// normalizeBases are bases against which normalizing a relative reference
// first must not change the normalized target: each has an authority or a
// path with a '/' (see AppendNormalize).
var normalizeBases = []string{
	"http://a/b/c/d;p?q", "http://a", "s:/x/y", "s:x/y/z", "file:///a/b/", "http://h/a/../b/./c//",
}

// normalizeSeeds are the cases of RFC 3986 section 6.2 and the edges of
// normalization, for FuzzNormalize to start from besides the seeds.
var normalizeSeeds = []string{
	"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "http://example.com", "http://example.com:/", "http://example.com:80/",
	"HTTP://User@Example.COM:0080/%7e/a/%2E%2E/b?%7e%2f#%7E", "https://h:0443", "foo://h:/", "http://h:65536",
	"http://[FE80::1%25En%2d1]/", "http://[V7.A:b]/", "http://%41%c3%a4.example/", "s:/.//a", "s:/a/..//b",
	"s:a/../b", "s:..", "a/../../b", "a/..", ".", "..", "a/b/..", "a/../b:c", "a/..//b", "%2E%2E/a", "/a/..//x",
	"//h/a/../../b", "http://host//", "?a=%7e#%2f",
}

// FuzzNormalize checks AppendNormalize and Equivalent on any input that
// parses:
//
//   - the result is what the reference normalization below writes, from
//     the reference parser's components and section 5.2.4's pseudo-code;
//   - it parses, with a scheme and an authority just when the input has
//     them, normalizes to itself, is equivalent to the input, and is at
//     most one byte longer;
//   - with RejectPathUnderflow, the result is the same or the error is at
//     a ".." segment;
//   - a relative reference without percent-encoded dots, resolved against
//     each of normalizeBases and normalized, gives the target its
//     normalized form gives;
//   - Equivalent of the input and a variant (mut picks the change) agrees
//     with the comparison of their normalized forms.
//
// On an input that does not parse, both functions fail as documented.
func FuzzNormalize(f *testing.F) {
	for i, s := range append(normalizeSeeds, seeds...) {
		f.Add(s, uint16(i))
	}
	f.Fuzz(func(t *testing.T, s string, mut uint16) {
		if len(s) > maxRefLen {
			return
		}
		u, err := fasturi.ParseString(s)
		for _, level := range levels {
			if err != nil {
				out, off, nerr := fasturi.AppendNormalize([]byte("x"), u, level, 0)
				if string(out) != "x" || off != u.ErrorOffset() || nerr != err {
					t.Fatalf("normalize(%q, %v) = %q, %d, %v; parse error %v at %d", s, level, out, off, nerr, err, u.ErrorOffset())
				}
				if fasturi.Equivalent(u, u, level) {
					t.Fatalf("Equivalent(%q, itself, %v): invalid, yet true", s, level)
				}
				continue
			}
			checkNormalize(t, s, u, level)
			checkResolution(t, s, u, level)
			if m := variantOf(s, mut); m != s {
				if mu, err := fasturi.ParseString(m); err == nil {
					na, _, _ := fasturi.AppendNormalize(nil, u, level, 0)
					nb, _, _ := fasturi.AppendNormalize(nil, mu, level, 0)
					if got, want := fasturi.Equivalent(u, mu, level), bytes.Equal(na, nb); got != want || fasturi.Equivalent(mu, u, level) != want {
						t.Fatalf("Equivalent(%q, %q, %v) = %v, but they normalize to %q and %q", s, m, level, got, na, nb)
					}
				}
			}
		}
		checkNormalizeOriginForm(t, s)
	})
}

// checkNormalizeOriginForm checks the normal form of s read as an
// origin-form request-target, whose path may start with "//" without an
// authority: the same as that of the reference "/." + s, which has the
// same path after its dot-segment, and never read with an authority.
func checkNormalizeOriginForm(t *testing.T, s string) {
	t.Helper()
	target, form, err := fasturi.ParseRequestTargetString("GET", s)
	if err != nil || form != fasturi.OriginForm {
		return
	}
	ref, err := fasturi.ParseString("/." + s)
	if err != nil {
		t.Fatalf("origin-form %q is valid, but not the reference \"/.\" + it: %v", s, err)
	}
	for _, level := range levels {
		a, _, _ := fasturi.AppendNormalize(nil, target, level, 0)
		b, _, _ := fasturi.AppendNormalize(nil, ref, level, 0)
		if !bytes.Equal(a, b) {
			t.Fatalf("normalize(origin-form %q, %v) = %q, but normalize(%q) = %q", s, level, a, "/."+s, b)
		}
		if len(a) > len(s)+2 {
			t.Fatalf("normalize(origin-form %q, %v) = %q, longer than the documented bound", s, level, a)
		}
		if v, err := fasturi.Parse(a); err != nil || v.HasAuthority() {
			t.Fatalf("normalize(origin-form %q, %v) = %q, which reads with an authority (%v)", s, level, a, err)
		}
	}
}

func checkNormalize(t *testing.T, s string, u fasturi.URI, level fasturi.NormalizeLevel) {
	t.Helper()
	out, off, err := fasturi.AppendNormalize(nil, u, level, 0)
	if err != nil || off != -1 {
		t.Fatalf("normalize(%q, %v): %d, %v", s, level, off, err)
	}
	if want := refNormalize(s, level); string(out) != want {
		t.Fatalf("normalize(%q, %v) = %q, the reference %q", s, level, out, want)
	}
	if len(out) > len(s)+1 {
		t.Fatalf("normalize(%q, %v) = %q, longer than the documented bound", s, level, out)
	}
	v, err := fasturi.Parse(out)
	if err != nil {
		t.Fatalf("normalize(%q, %v) = %q, which does not parse: %v", s, level, out, v.Err())
	}
	if v.HasScheme() != u.HasScheme() || v.HasAuthority() != u.HasAuthority() {
		t.Fatalf("normalize(%q, %v) = %q: scheme %v -> %v, authority %v -> %v", s, level, out, u.HasScheme(), v.HasScheme(), u.HasAuthority(), v.HasAuthority())
	}
	if again, _, _ := fasturi.AppendNormalize(nil, v, level, 0); !bytes.Equal(again, out) {
		t.Fatalf("normalize(%q, %v) = %q, which normalizes to %q", s, level, out, again)
	}
	if !fasturi.Equivalent(u, v, level) || !fasturi.Equivalent(v, u, level) || !fasturi.Equivalent(u, u, level) {
		t.Fatalf("normalize(%q, %v) = %q, which Equivalent does not match", s, level, out)
	}
	out2, off2, err2 := fasturi.AppendNormalize(nil, u, level, fasturi.RejectPathUnderflow)
	switch {
	case err2 == nil:
		if !bytes.Equal(out2, out) {
			t.Fatalf("normalize(%q, %v) = %q, refusing underflow %q", s, level, out, out2)
		}
	case err2 != fasturi.ErrPathUnderflow || out2 != nil:
		t.Fatalf("normalize(%q, %v) refusing underflow: %q, %d, %v", s, level, out2, off2, err2)
	default:
		p := u.Span(fasturi.ComponentPath)
		seg := s[off2:p.End]
		if i := strings.IndexByte(seg, '/'); i >= 0 {
			seg = seg[:i]
		}
		if off2 < int(p.Start) || (off2 > int(p.Start) && s[off2-1] != '/') || pctNormalize(seg, false) != ".." {
			t.Fatalf("normalize(%q, %v): underflow at %d, not at a \"..\" segment", s, level, off2)
		}
	}
}

// checkResolution checks that normalizing a relative reference does not
// change the normalized target it resolves to.
func checkResolution(t *testing.T, s string, r fasturi.URI, level fasturi.NormalizeLevel) {
	t.Helper()
	if r.HasScheme() || hasEncodedDotSegment(r.RawPath()) {
		return
	}
	nr, _, _ := fasturi.AppendNormalize(nil, r, level, 0)
	rn, _ := fasturi.Parse(nr)
	for _, base := range normalizeBases {
		b, _ := fasturi.ParseString(base)
		want := normalizeTarget(t, b, r, level)
		if got := normalizeTarget(t, b, rn, level); got != want {
			t.Fatalf("against %q: %q resolves to %q, its normalized form %q to %q", base, s, want, nr, got)
		}
	}
}

// hasEncodedDotSegment reports whether a segment of p is a dot-segment
// once decoded but not as written ("%2E", ".%2e"): resolution reads it as
// data, normalization as a dot-segment, the exception that AppendNormalize
// documents.
func hasEncodedDotSegment(p string) bool {
	for seg := range strings.SplitSeq(p, "/") {
		if d := pctNormalize(seg, false); strings.Contains(seg, "%") && (d == "." || d == "..") {
			return true
		}
	}
	return false
}

func normalizeTarget(t *testing.T, base, r fasturi.URI, level fasturi.NormalizeLevel) string {
	t.Helper()
	target, _, err := fasturi.AppendResolve(nil, base, r, 0)
	if err != nil {
		t.Fatalf("resolve(%q, %q): %v", base.String(), r.String(), err)
	}
	tu, err := fasturi.Parse(target)
	if err != nil {
		t.Fatalf("resolve(%q, %q) = %q, which does not parse", base.String(), r.String(), target)
	}
	out, _, _ := fasturi.AppendNormalize(nil, tu, level, 0)
	return string(out)
}

// variantOf changes s at a place and in a way that mut picks: changes that
// normalization undoes (case, percent-encoding, dot-segments, ports) and
// changes that it does not.
func variantOf(s string, mut uint16) string {
	if s == "" {
		return []string{".", "./", "?", "#", "a", "%2E"}[int(mut)%6]
	}
	i := int(mut>>3) % len(s)
	c := s[i]
	switch mut & 7 {
	case 0: // the other case
		if 'a' <= c|0x20 && c|0x20 <= 'z' {
			return s[:i] + string(c^0x20) + s[i+1:]
		}
	case 1: // percent-encoded, uppercase hex
		return s[:i] + "%" + strings.ToUpper(strconv.FormatUint(uint64(c)>>4, 16)+strconv.FormatUint(uint64(c)&15, 16)) + s[i+1:]
	case 2: // percent-encoded, lowercase hex
		return s[:i] + "%" + strconv.FormatUint(uint64(c)>>4, 16) + strconv.FormatUint(uint64(c)&15, 16) + s[i+1:]
	case 3: // a dot-segment, or an empty one
		if j := strings.IndexByte(s[i:], '/'); j >= 0 {
			i += j + 1
			return s[:i] + []string{"./", "x/../", "%2E/", "..", "../", "%2e%2E/", "/", "."}[int(mut>>8)%8] + s[i:]
		}
	case 4: // a port
		if u, err := fasturi.ParseString(s); err == nil && u.HasAuthority() {
			h, rest := u.Span(fasturi.ComponentHost).End, u.Span(fasturi.ComponentHost).End
			if u.HasPort() {
				rest = u.Span(fasturi.ComponentPort).End
			}
			return s[:h] + []string{"", ":", ":80", ":080", ":443", ":21", ":08080", ":0", ":65536", ":0000"}[int(mut>>3)%10] + s[rest:]
		}
	case 5: // a byte removed
		return s[:i] + s[i+1:]
	case 6: // the path replaced
		if u, err := fasturi.ParseString(s); err == nil {
			p := u.Span(fasturi.ComponentPath)
			return s[:p.Start] + []string{"", "/", ".", "..", "./", "a/..", "/.", "//"}[int(mut>>3)%8] + s[p.End:]
		}
	case 7: // a hex digit's case
		if j := strings.IndexByte(s[i:], '%'); j >= 0 && i+j+2 < len(s) {
			i += j + 1
			return s[:i] + string(s[i]^0x20) + s[i+1:]
		}
	}
	return s
}

// slashForEmpty are the schemes whose empty path after an authority is
// "/" (RFC 9110 section 4.2.3, RFC 6455 section 3, RFC 1738 sections 3.1,
// 3.4 and 3.8).
var slashForEmpty = map[string]bool{"http": true, "https": true, "ws": true, "wss": true, "ftp": true, "gopher": true, "telnet": true}

// refNormalize is a reference for AppendNormalize, written from RFC 3986
// section 6.2 with the reference parser and section 5.2.4's pseudo-code,
// plain and allocating, for a valid s.
func refNormalize(s string, level fasturi.NormalizeLevel) string {
	r := ref.Parse(s)
	get := func(sp ref.Span) string { return s[sp.Start:sp.End] }
	scheme := strings.ToLower(get(r.Scheme))
	defPort, known := map[string]string{
		"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21", "gopher": "70",
		"nntp": "119", "telnet": "23", "wais": "210", "prospero": "1525",
	}[scheme]
	schemeLevel := level == fasturi.NormalizeScheme

	var b strings.Builder
	if r.Scheme.Present {
		b.WriteString(scheme + ":")
	}
	if r.Host.Present {
		b.WriteString("//")
		if r.Userinfo.Present {
			b.WriteString(pctNormalize(get(r.Userinfo), false) + "@")
		}
		host := get(r.Host)
		if strings.HasPrefix(host, "[") {
			addr, zone, _ := strings.Cut(host, "%25")
			host = strings.ToLower(addr)
			if zone != "" {
				host += "%25" + pctNormalize(zone, false)
			}
		} else {
			host = pctNormalize(host, true)
		}
		b.WriteString(host)
		if port := get(r.Port); r.Port.Present {
			switch {
			case !schemeLevel:
				b.WriteString(":" + port)
			case port == "":
			case !known:
				b.WriteString(":" + port)
			default:
				trimmed := strings.TrimLeft(port, "0")
				if trimmed == "" {
					trimmed = "0"
				}
				if n, err := strconv.Atoi(trimmed); err != nil || len(trimmed) > 5 || n > 65535 {
					b.WriteString(":" + port)
				} else if trimmed != defPort {
					b.WriteString(":" + trimmed)
				}
			}
		}
	}

	path := pctNormalize(get(r.Path), false)
	switch {
	case path == "":
		if schemeLevel && slashForEmpty[scheme] && r.Host.Present {
			path = "/"
		}
	case !r.Scheme.Present && !r.Host.Present && path[0] != '/':
		path = refRelativePath(path)
	default:
		path = ref.RemoveDotSegments(path)
		if !r.Host.Present && strings.HasPrefix(path, "//") {
			path = "/." + path
		}
	}
	b.WriteString(path)
	if r.Query.Present {
		b.WriteString("?" + pctNormalize(get(r.Query), false))
	}
	if r.Fragment.Present {
		b.WriteString("#" + pctNormalize(get(r.Fragment), false))
	}
	return b.String()
}

// refRelativePath removes the dot-segments of a relative path with a
// stack, keeping a ".." that has nothing to remove.
func refRelativePath(path string) string {
	segs := strings.Split(path, "/")
	if last := segs[len(segs)-1]; last == "." || last == ".." {
		segs = append(segs, "")
	}
	var ups, stack []string
	for _, seg := range segs {
		switch {
		case seg == ".":
		case seg == ".." && len(stack) > 0:
			stack = stack[:len(stack)-1]
		case seg == "..":
			ups = append(ups, "..")
		default:
			stack = append(stack, seg)
		}
	}
	if len(ups) == 0 && (stack[0] == "" || strings.Contains(stack[0], ":")) {
		ups = append(ups, ".")
	}
	return strings.Join(append(ups, stack...), "/")
}

var pctTriplet = regexp.MustCompile(`%[0-9A-Fa-f]{2}`)

// pctNormalize decodes the percent-encoded unreserved characters of s and
// writes the other percent-encodings in uppercase; with lower, s is in
// lowercase first (a host).
func pctNormalize(s string, lower bool) string {
	if lower {
		s = strings.ToLower(s)
	}
	return pctTriplet.ReplaceAllStringFunc(s, func(e string) string {
		n, _ := strconv.ParseUint(e[1:], 16, 8)
		c := byte(n)
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			if lower {
				return strings.ToLower(string(c))
			}
			return string(c)
		}
		return strings.ToUpper(e)
	})
}
