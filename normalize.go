package fasturi

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
)

// A NormalizeLevel says which of the normalizations of RFC 3986 section
// 6.2 AppendNormalize and Equivalent apply. Each level includes the one
// before it.
type NormalizeLevel uint8

const (
	// NormalizeSyntax is syntax-based normalization (section 6.2.2):
	//
	//   - case (6.2.2.1): the scheme and the host in lowercase, including
	//     the hex digits of an IPv6 literal and all of an IPvFuture; a zone
	//     ID (RFC 6874) keeps its case, since it names a network interface,
	//     and interface names are case-sensitive on common systems. The hex
	//     digits of every percent-encoding, in every component, in
	//     uppercase ("%3a" is "%3A");
	//   - percent-encoding (6.2.2.2): a percent-encoded unreserved
	//     character (ALPHA, DIGIT, "-", ".", "_", "~") decoded, and no other
	//     ("%7E" is "~", "%2F" stays); in the host, a decoded letter is
	//     lowercase;
	//   - path segments (6.2.2.3): dot-segments removed by section 5.2.4,
	//     after decoding, so "/a/%2E%2E/b" is "/b". After a scheme, the
	//     algorithm applies as it is, even where it roots a rootless path
	//     that a ".." empties ("s:a/../b" is "s:/b"). For a relative
	//     reference, see AppendNormalize.
	//
	// The port stays as written.
	NormalizeSyntax NormalizeLevel = iota
	// NormalizeScheme adds scheme-based normalization (section 6.2.3) to
	// NormalizeSyntax:
	//
	//   - an empty port is dropped, with its ':', whatever the scheme:
	//     "foo://h:/" is "foo://h/" (sections 3.2.3 and 6.2.3);
	//   - for the schemes with a default port (http and ws 80, https and
	//     wss 443, ftp 21, gopher 70, nntp 119, telnet 23, wais 210,
	//     prospero 1525), the port is read as a decimal number: the default
	//     port is dropped (":80", ":080"), another one up to 65535 is
	//     written without leading zeros (":08080" is ":8080"), and a larger
	//     one stays as written. Other schemes keep their port digits;
	//   - for http, https, ws, wss, ftp, gopher and telnet, whose
	//     specifications make an empty path after an authority the same
	//     as "/", it is "/" ("http://h" is "http://h/"). Other schemes keep
	//     their empty path: whether "foo://h" and "foo://h/" are the same
	//     resource is for foo's specification to say, and for nntp, wais
	//     and prospero RFC 1738 requires the '/'.
	NormalizeScheme
)

var normalizeLevelNames = [...]string{NormalizeSyntax: "syntax", NormalizeScheme: "scheme"}

// String returns "syntax" or "scheme", and "NormalizeLevel(N)" for a
// value N that is neither.
func (l NormalizeLevel) String() string {
	if int(l) < len(normalizeLevelNames) {
		return normalizeLevelNames[l]
	}
	return "NormalizeLevel(" + strconv.Itoa(int(l)) + ")"
}

func (l NormalizeLevel) check() {
	if l > NormalizeScheme {
		panic("fasturi: unknown " + l.String())
	}
}

// AppendNormalize appends to dst the normalized form of the URI reference
// u at the given level (RFC 3986 section 6.2.2, and 6.2.3 for
// NormalizeScheme), and returns the extended buffer, -1 and nil:
//
//	eXAMPLE://a/./b/../b/%63/%7bfoo%7d  ->  example://a/b/c/%7Bfoo%7D
//	HTTP://Example.COM:80               ->  http://example.com/  (NormalizeScheme)
//
// The result parses to the components it was written from, and
// normalizing it again gives it back. Query and fragment change only by
// the percent-encoding rules. Every delimiter stays, even before an empty
// component ("http://h/?" keeps its "?"), but the ':' of a port that
// NormalizeScheme drops, empty or default ("http://h:/" is "http://h/").
// An empty segment stays too: "http://h//" is not "http://h/".
//
// Where removing dot-segments would change how the result reads, it is
// written as the WHATWG URL Standard does (see AppendResolve): a path with
// no authority before it that would start with "//" goes after "/."
// ("s:/a/..//b" is "s:/.//b", not "s://b", whose "b" would be a host). So
// does the path of an origin-form request-target that starts with "//"
// (see ParseRequestTarget): "//x/y" is "/.//x/y", which reads as a path
// wherever it goes.
//
// A relative-path reference ("a/b", "../c") is relative to a base it does
// not know, so normalization keeps what its resolution (section 5.2)
// depends on: the ".." segments with nothing before them to remove stay,
// in front ("a/../../b" is "../b"); a path that ends with a dot-segment
// ends with a '/', and one that would be empty is "./" ("a/b/.." is "a/",
// "a/.." and "." are "./", ".." is "../"); and "./" goes in front of a
// first segment that would be empty ("a/..//b" is ".//b", not the
// network-path reference "//b") or hold a ':' ("a/../b:c" is "./b:c", not
// a URI of scheme "b"). Resolved against the same base and normalized, the
// reference and its normalized form give the same target, but for two
// cases that no normal form can serve:
//
//   - a base without an authority whose path is empty, or rootless with
//     nothing but dot-segments before its last segment ("mailto:",
//     "mailto:x", "s:./x", "s:../x"), against which section 5.2.4 roots a
//     path whose first segment a ".." removes: "a/../b" gives "mailto:/b"
//     and "b" gives "mailto:b", while against any other base the two give
//     the same target;
//   - a percent-encoded dot-segment ("%2E", ".%2e") that a ".." removes:
//     resolution reads "%2E" as data and normalization, which decodes
//     first as section 6.2.2.2 says, as a dot-segment. Against
//     "http://a/b/c", "a/%2E/.." gives "http://a/b/a/", and its normalized
//     form "./" gives "http://a/b/". Decoding first is what the servers
//     behind a proxy do, so the normal form matches what they serve.
//
// The second case is no relative reference's alone: resolution reads an
// absolute URI's "%2E", and a base's, as data too, so "http://a/x/%2E/../y"
// resolves, against any base, to "http://a/x/y", and normalizes to
// "http://a/y"; and a base that holds dot-segments resolves as it is
// written ("http://a/b/.." and "c" give "http://a/b/c"; its normal form
// "http://a/" gives "http://a/c"). To key resolved links by their normal
// form, as a crawler does, normalize the base, resolve each reference
// against it, and normalize the target.
//
// u must be valid: otherwise AppendNormalize returns dst unchanged,
// u.ErrorOffset() and u's error kind. With RejectPathUnderflow, a ".." that
// climbs above the root (section 5.2.4 drops it, so "/a/../../b" is "/b")
// is ErrPathUnderflow, with its offset in u's input and dst unchanged; the
// leading ".." segments of a relative-path reference never are.
//
// An authority-form target (CONNECT, see ParseRequestTarget) stays one,
// with its host normalized: "EXAMPLE.com:443" is "example.com:443".
//
// dst must not share memory with u's input. AppendNormalize does not
// allocate when dst has room for len(u.String())+1 more bytes, or +2 for
// an origin-form target that starts with "//": the result is never longer
// ("." becomes "./", "http://h" "http://h/", and "//x" "/.//x").
// It panics for a level that is not NormalizeSyntax or NormalizeScheme.
func AppendNormalize(dst []byte, u URI, level NormalizeLevel, opts PathOption) ([]byte, int, error) {
	level.check()
	if !u.Valid() {
		return dst, u.ErrorOffset(), u.errKind
	}
	orig := dst
	room := len(u.s) + 1
	if !u.HasAuthority() && strings.HasPrefix(u.RawPath(), "//") {
		room++ // an origin-form "//x", shielded
	}
	dst = slices.Grow(dst, room)

	if u.HasScheme() {
		dst = appendLower(dst, u.Scheme())
		dst = append(dst, ':')
	}
	if u.HasAuthority() {
		if !u.authorityForm() {
			dst = append(dst, "//"...)
		}
		if u.HasUserinfo() {
			dst = appendNormalPct(dst, u.RawUserinfo())
			dst = append(dst, '@')
		}
		dst = u.appendNormalHost(dst)
		if port, ok := u.normalPort(level); ok {
			dst = append(dst, ':')
			dst = append(dst, port...)
		}
	}

	// Path, query and fragment end the input and take the same
	// percent-encoding rules, which make no '?' or '#' (RFC 3986 section
	// 6.2.2.2): they are normalized at once, after the path when it needs
	// more than that.
	p := u.RawPath()
	rest := u.s[u.spans[ComponentPath].End:] // the query and the fragment, with their delimiters
	switch {
	case p == "":
		if u.slashForEmptyPath(level) {
			dst = append(dst, '/')
		}
	case !u.HasScheme() && !u.HasAuthority() && p[0] != '/':
		dst = appendRelativePath(dst, p)
	default:
		pathStart := len(dst)
		dst = appendNormalPct(dst, u.s[u.spans[ComponentPath].Start:])
		// Decoding comes first: it turns "%2E" into a dot that
		// remove_dot_segments sees. Most paths have no segment that
		// starts with a dot, and no encoded dot: no dot-segment.
		if p[0] != '.' && !strings.Contains(p, "/.") && !hasEncodedDot(p) {
			if !u.HasAuthority() {
				// An origin-form "//x/y" (ParseRequestTarget) is a path.
				dst = shieldPath(dst, pathStart)
			}
			return dst, -1, nil
		}
		pathEnd := len(dst)
		if rest != "" {
			pathEnd = pathStart + bytes.IndexByte(dst[pathStart:], rest[0])
		}
		var under int
		dst, under = removeDotSegments(dst, pathStart, pathEnd)
		if under >= 0 && opts&RejectPathUnderflow != 0 {
			return orig, int(u.spans[ComponentPath].Start) + rawOffset(p, under-pathStart), ErrPathUnderflow
		}
		if !u.HasAuthority() {
			dst = shieldPath(dst, pathStart)
		}
		return dst, -1, nil
	}
	dst = appendNormalPct(dst, rest)
	return dst, -1, nil
}

// appendNormalHost appends the host in lowercase, but for the zone ID of
// an IPv6 literal, with its percent-encodings normalized.
func (u *URI) appendNormalHost(dst []byte) []byte {
	h := u.RawHost()
	if u.hostType < HostIPv6 {
		return appendNormalPctLower(dst, h)
	}
	// An IP literal holds no percent-encoding but in its zone ID, which
	// "%25" starts.
	z := zoneStart(h)
	dst = appendLower(dst, h[:z])
	return appendNormalPct(dst, h[z:])
}

// zoneStart returns the offset of the "%25" before the zone ID in the IP
// literal h, or len(h) when it has none.
func zoneStart(h string) int {
	if i := strings.IndexByte(h, '%'); i >= 0 {
		return i
	}
	return len(h)
}

// normalPort returns the port as normalization writes it, which is always
// a substring of the port as written, and whether it is written at all.
func (u *URI) normalPort(level NormalizeLevel) (string, bool) {
	if !u.HasPort() {
		return "", false
	}
	p := u.Port()
	switch {
	case level == NormalizeSyntax:
		return p, true
	case p == "":
		return "", false
	}
	def, ok := DefaultPort(u.Scheme())
	if !ok {
		return p, true
	}
	i := 0
	for i < len(p)-1 && p[i] == '0' {
		i++
	}
	digits := p[i:]
	if len(digits) > 5 {
		return p, true
	}
	n := 0
	for j := range len(digits) {
		n = n*10 + int(digits[j]-'0')
	}
	switch {
	case n > 65535:
		return p, true
	case n == def:
		return "", false
	}
	return digits, true
}

// slashForEmptyPath reports whether scheme-based normalization writes the
// empty path of u as "/": for the schemes whose specifications make the
// two the same, http and https (RFC 9110 section 4.2.3), ws and wss (RFC
// 6455 section 3), and ftp, gopher and telnet, whose '/' before an empty
// path may be left out (RFC 1738 sections 3.1, 3.4 and 3.8). For nntp,
// wais and prospero it may not: "prospero://h" is not in shape, and
// "prospero://h/" is.
func (u *URI) slashForEmptyPath(level NormalizeLevel) bool {
	if level != NormalizeScheme || !u.HasAuthority() {
		return false
	}
	switch s := u.Scheme(); len(s) {
	case 2:
		return lowerEqual(s, "ws")
	case 3:
		return lowerEqual(s, "wss") || lowerEqual(s, "ftp")
	case 4:
		return lowerEqual(s, "http")
	case 5:
		return lowerEqual(s, "https")
	case 6:
		return lowerEqual(s, "gopher") || lowerEqual(s, "telnet")
	}
	return false
}

// appendRelativePath appends the relative path p (not empty, and not
// starting with '/') of a reference without scheme or authority, with its
// percent-encodings normalized and its dot-segments removed as far as
// resolution against an unknown base allows: a ".." with no segment before
// it to remove is kept, as a leading "../".
//
// The output is the kept "../" segments, dst[base:ups], then the segments
// of a stack, n of them, separated by '/'. A path that ends with a
// dot-segment ends with an empty segment ("a/." is "a/"), as section 5.2.4
// makes it.
func appendRelativePath(dst []byte, p string) []byte {
	base := len(dst)
	ups, n := base, 0
	for {
		i := strings.IndexByte(p, '/')
		seg := p
		if i >= 0 {
			seg = p[:i]
		}
		dots := dotSegment(seg)
		switch {
		case dots == 0:
			if n > 0 {
				dst = append(dst, '/')
			}
			dst = appendNormalPct(dst, seg)
			n++
		case dots == 2 && n > 0:
			n--
			if k := bytes.LastIndexByte(dst[ups:], '/'); k >= 0 {
				dst = dst[:ups+k]
			} else {
				dst = dst[:ups]
			}
		case dots == 2:
			dst = append(dst, "../"...)
			ups = len(dst)
		}
		if i < 0 {
			if dots > 0 {
				// The empty last segment after a final dot-segment.
				if n > 0 {
					dst = append(dst, '/')
				}
			}
			break
		}
		p = p[i+1:]
	}
	if ups > base {
		return dst
	}
	// "./" in front of a first segment that is empty (the path would be
	// empty, or start with "//") or holds a ':' (it would read as a
	// scheme).
	first := dst[base:]
	if k := bytes.IndexByte(first, '/'); k >= 0 {
		first = first[:k]
	}
	if len(first) == 0 || bytes.IndexByte(first, ':') >= 0 {
		dst = append(dst, "./"...)
		copy(dst[base+2:], dst[base:len(dst)-2])
		dst[base], dst[base+1] = '.', '/'
	}
	return dst
}

// dotSegment returns 1 when the path segment s is ".", 2 when it is "..",
// and 0 otherwise, reading "%2E" and "%2e" as dots: segments compare as
// normalization decodes them.
func dotSegment(s string) int {
	if len(s) > 6 {
		return 0
	}
	n := 0
	for i := 0; i < len(s); n++ {
		switch {
		case s[i] == '.':
			i++
		case s[i] == '%' && i+2 < len(s) && s[i+1] == '2' && s[i+2]|0x20 == 'e':
			i += 3
		default:
			return 0
		}
	}
	if n > 2 {
		return 0
	}
	return n
}

// hasEncodedDot reports whether the valid component s holds a
// percent-encoded dot.
func hasEncodedDot(s string) bool {
	for {
		i := strings.IndexByte(s, '%')
		if i < 0 {
			return false
		}
		if s[i+1] == '2' && s[i+2]|0x20 == 'e' {
			return true
		}
		s = s[i+3:]
	}
}

// rawOffset returns the offset in the valid component s of the byte that
// percent-encoding normalization writes at offset k of its result.
func rawOffset(s string, k int) int {
	i := 0
	for n := 0; n < k && i < len(s); n++ {
		if s[i] != '%' {
			i++
			continue
		}
		if !isUnreserved(unhex(s[i+1])<<4 | unhex(s[i+2])) {
			n += 2
		}
		i += 3
	}
	return i
}

func isUnreserved(c byte) bool { return byteClass[c]&unreserved != 0 }

// appendNormalPct appends the valid component s with its percent-encodings
// normalized (RFC 3986 sections 6.2.2.1 and 6.2.2.2): an unreserved
// character decoded, other ones with uppercase hex digits. It copies s,
// then rewrites the copy in place from its first '%': the result is never
// longer.
func appendNormalPct(dst []byte, s string) []byte {
	r := strings.IndexByte(s, '%')
	if r < 0 {
		return append(dst, s...)
	}
	n := len(dst)
	dst = append(dst, s...)
	b := dst[n:]
	w := r // b[:w] is done; b[r] is a '%'
	for {
		if c := unhex(b[r+1])<<4 | unhex(b[r+2]); isUnreserved(c) {
			b[w] = c
			w++
		} else {
			b[w], b[w+1], b[w+2] = '%', upperHex[c>>4], upperHex[c&15]
			w += 3
		}
		r += 3
		next := bytes.IndexByte(b[r:], '%')
		if next < 0 {
			next = len(b) - r
		}
		if w != r {
			copy(b[w:], b[r:r+next])
		}
		w, r = w+next, r+next
		if r == len(b) {
			return dst[:n+w]
		}
	}
}

// appendNormalPctLower is appendNormalPct for a host: every letter it
// writes outside a percent-encoding is lowercase.
func appendNormalPctLower(dst []byte, s string) []byte {
	for {
		i := strings.IndexByte(s, '%')
		if i < 0 {
			return appendLower(dst, s)
		}
		dst = appendLower(dst, s[:i])
		if c := unhex(s[i+1])<<4 | unhex(s[i+2]); isUnreserved(c) {
			dst = append(dst, lowerASCII(c))
		} else {
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		}
		s = s[i+3:]
	}
}

// appendLower appends s with its ASCII letters in lowercase.
func appendLower(dst []byte, s string) []byte {
	n := len(dst)
	dst = slices.Grow(dst, len(s))[:n+len(s)]
	b := dst[n:]
	// Eight bytes at a time, read from s (reading them back from dst
	// right after copying them there would stall on store forwarding):
	// where each byte is ASCII, adding to it carries into no other, and
	// the high bit of each sum says on which side of a bound the byte is.
	// 0x80 >> 2 is the 0x20 that lowercases a letter.
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		v := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if v&highs != 0 {
			break
		}
		upper := (v + ones*(0x80-'A')) &^ (v + ones*(0x80-'Z'-1)) & highs
		binary.LittleEndian.PutUint64(b[i:], v|upper>>2)
	}
	for ; i < len(s); i++ {
		b[i] = lowerASCII(s[i])
	}
	return dst
}
