package fasturi

import (
	"net/netip"
	"strings"
)

// Facts are what a security policy may want to know about a valid URI
// beyond its syntax: the shapes that URL-confusion attacks take when a
// second parser or a decoder reads the same bytes differently. Each is
// legitimate syntax; whether to refuse it is the policy's call. See
// URI.Facts.
type Facts struct {
	// Userinfo is set when the authority has userinfo
	// ("http://trusted.example@evil.example/"), which disguises the host.
	Userinfo bool
	// LegacyIPv4 is the address a reg-name host means to resolvers that
	// read legacy IPv4 spellings ("0x7f.1", "0177.0.0.1", "2130706433",
	// "127.1" are all 127.0.0.1; see LegacyIPv4), and the zero Addr
	// otherwise.
	LegacyIPv4 netip.Addr
	// NumericLastLabel is set when the host is a reg-name that ends in a
	// number, as the WHATWG URL Standard puts it, but that LegacyIPv4 does
	// not read as an address: its last label (before one trailing '.'),
	// percent-decoded, is decimal digits, or "0x" or "0X" and zero or more
	// hex digits ("08", "1.2.3.4.5", "4294967297", "a.0x100000000",
	// "a%2E9"). WHATWG parsers refuse such a URL of a special scheme
	// (http, https, ws, wss, ftp, file), BSD resolvers read some of these
	// hosts as addresses all the same ("4294967297" is 0.0.0.1 to
	// FreeBSD's inet_aton; see LegacyIPv4), and no top-level domain is a
	// number (RFC 1123 section 2.1): a policy that keeps URIs away from
	// addresses refuses these hosts too.
	NumericLastLabel bool
	// EncodedDelimiters, EncodedControls and EncodedNUL say which of the
	// userinfo, the host and the path hold a percent-encoded delimiter (one
	// of ":/?#[]@" or '\', which WHATWG parsers read as '/'), a
	// percent-encoded control character (%00 to %1F, %7F), and "%00": what
	// a decoder turns into structure, splits headers or log lines with, or
	// cuts C strings at. The zone ID of an IPv6 literal, whose "%25" is its
	// delimiter, counts with the host.
	EncodedDelimiters, EncodedControls, EncodedNUL Components
	// EncodedNonASCII says which of the userinfo, the host and the path
	// hold a percent-encoded byte of 0x80 or more. In a host, resolvers map
	// such bytes with IDNA (UTS #46) before they resolve it, into names
	// that LegacyIPv4 and Addr, which read ASCII, never see: fullwidth
	// digits and ideographic full stops become ASCII ones, so that
	// "%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1" is 127.0.0.1 to net/http. In a
	// path it is mostly UTF-8 text ("/caf%C3%A9"), but also the overlong
	// encodings that lax decoders read as '.' or '/' ("%C0%AE").
	EncodedNonASCII Components
	// EncodedPercent says which of the userinfo, the host and the path
	// hold "%25", a percent-encoded '%' (but for the "%25" that starts an
	// IPv6 zone ID): a decoder that runs twice, or a server that decodes
	// what a proxy decoded, reads what follows as another encoding, so
	// that "/%252e%252e/" is "/../" to it and "%252F" a '/'. It is
	// legitimate data ("/100%25") as well as the double encoding that a
	// filter which decodes once misses.
	EncodedPercent Components
	// PathUnderflow is set when a ".." segment of the path climbs above
	// the root, as in directory traversal ("/a/../../etc/passwd"), in
	// one of the ways the servers behind a proxy read a path: with dots
	// literal or percent-encoded ("%2e%2e", ".%2E"), since they decode
	// before they resolve; with empty segments merged, as path.Clean,
	// filepath.Join and nginx do ("/a//../../x"), where RFC 3986 section
	// 5.2.4 lets a ".." remove an empty segment; with path parameters
	// dropped, as Tomcat and Jetty do ("/..;/x"); and with "%2F", "%5C"
	// or both read as separators, as servers that decode a path before
	// they split it do ("/a/..%2F..%2Fx"; on Windows a '\' separates,
	// elsewhere it is data). It is cautious: a server that
	// reads the path as the RFC does may find some such paths harmless
	// (AppendNormalize's RejectPathUnderflow follows the RFC alone). For a
	// relative-path reference, a leading ".." counts: it climbs out of
	// wherever the reference is resolved.
	PathUnderflow bool
}

// Components is a set of components.
type Components uint8

// Has reports whether c is in the set.
func (s Components) Has(c Component) bool { return c < numComponents && s&(1<<c) != 0 }

// String returns the names of the components in the set, in order,
// joined by '|' ("userinfo|path"), then any bits that name no component,
// in hex ("path|0x80"); or "" for the empty set.
func (s Components) String() string { return flagsString(uint8(s), componentNames[:]) }

// Facts computes the facts of u (see Facts), in one pass over its
// userinfo, host and path, without allocating. An invalid URI has none:
// its Facts are the zero Facts, which a policy must not read as safe
// (check Valid, or the error of Parse, first).
func (u *URI) Facts() Facts {
	if !u.Valid() {
		return Facts{}
	}
	// Each fact goes to a variable of its own and the Facts is built once,
	// in the return statement: filled field by field, it would be written
	// byte by byte and then copied with wide loads, which wait for those
	// narrow stores (a store-forwarding stall).
	path := u.RawPath()
	// The userinfo, the host and the path come one after the other, before
	// the query and the fragment, which this does not look at.
	pathEnd := int(u.spans[ComponentPath].End)
	pct := strings.IndexByte(u.s[:pathEnd], '%')
	var legacy netip.Addr
	numeric := false
	if u.hostType == HostRegName {
		host := u.RawHost()
		if a, ok := LegacyIPv4(host); ok {
			legacy = a
		} else if pct >= 0 && pct < int(u.spans[ComponentHost].End) {
			numeric = numericLastLabelDecoded(host)
		} else {
			numeric = numericLastLabel(host)
		}
	}
	if pct < 0 {
		// No percent-encoding in them, as in most URIs: no encoded
		// anything, and no encoded dot in the path.
		return Facts{
			Userinfo:         u.HasUserinfo(),
			LegacyIPv4:       legacy,
			NumericLastLabel: numeric,
			PathUnderflow:    strings.Contains(path, "..") && pathUnderflows(path),
		}
	}
	var delims, controls, nuls, nonASCII, percents Components
	for _, c := range [...]Component{ComponentUserinfo, ComponentHost, ComponentPath} {
		if int(u.spans[c].End) <= pct {
			continue // it ends before the first '%'
		}
		s := u.component(c)
		if c == ComponentHost && u.hostType == HostIPv6 {
			// An IPv6 literal's first '%' is that of the "%25" that
			// delimits its zone ID, the rest its zone ID's.
			if i := strings.IndexByte(s, '%'); i >= 0 {
				s = s[i+3:]
			}
		}
		delim, control, nul, high, percent := encodedBytes(s)
		bit := Components(1) << c
		if delim {
			delims |= bit
		}
		if control {
			controls |= bit
		}
		if nul {
			nuls |= bit
		}
		if high {
			nonASCII |= bit
		}
		if percent {
			percents |= bit
		}
	}
	return Facts{
		Userinfo:          u.HasUserinfo(),
		LegacyIPv4:        legacy,
		NumericLastLabel:  numeric,
		EncodedDelimiters: delims,
		EncodedControls:   controls,
		EncodedNUL:        nuls,
		EncodedNonASCII:   nonASCII,
		EncodedPercent:    percents,
		PathUnderflow:     pathUnderflows(path),
	}
}

// encodedBytes reports whether the percent-encodings of s, which are valid,
// encode a delimiter, a control character, NUL, a byte of 0x80 or more,
// and '%'.
func encodedBytes(s string) (delim, control, nul, high, percent bool) {
	for i := strings.IndexByte(s, '%'); i >= 0 && i+2 < len(s); {
		c := unhex(s[i+1])<<4 | unhex(s[i+2])
		switch {
		case c == 0:
			nul, control = true, true
		case isControl(c):
			control = true
		case c >= 0x80:
			high = true
		case c == '%':
			percent = true
		case strings.IndexByte(":/?#[]@\\", c) >= 0:
			delim = true
		}
		j := strings.IndexByte(s[i+3:], '%')
		if j < 0 {
			break
		}
		i += 3 + j
	}
	return delim, control, nul, high, percent
}

// pathUnderflows reports whether a ".." segment of p, literal or
// percent-encoded, climbs above the root in one of the readings of
// Facts.PathUnderflow: empty segments merged and path parameters dropped,
// with '/' as the separator, and "%2F", "%5C", both or neither as
// separators too. Merging empty segments flags every path that RFC 3986
// section 5.2.4's reading, where ".." removes an empty segment too, flags,
// and more; so does dropping parameters, which only turns segments into
// dot-segments or empty ones. Taking one more separator does not (a
// segment split in two is two for ".." to remove), hence a reading for
// each set of them.
func pathUnderflows(p string) bool {
	if !strings.Contains(p, "..") && !hasEncodedDot(p) {
		return false // a ".." segment has two literal dots, or an encoded one
	}
	has := encodedSeparators(p)
	for seps := range has + 1 {
		if seps&^has == 0 && climbsAboveRoot(p, seps) {
			return true
		}
	}
	return false
}

// The encoded separators that a reading of a path may take, as a set.
const (
	sep2F = 1 << iota // "%2F", '/'
	sep5C             // "%5C", '\'
)

// climbsAboveRoot reports whether a ".." segment of p climbs above the
// root, with empty segments skipped, each segment cut at its first ';'
// (Tomcat's and Jetty's path parameters: "..;x" is ".."), and the encoded
// separators in seps taken as separators.
func climbsAboveRoot(p string, seps uint8) bool {
	depth := 0
	for i := 0; i < len(p); {
		j := i
		for j < len(p) && p[j] != '/' && encodedSeparator(p, j)&seps == 0 {
			j++
		}
		seg := p[i:j]
		if k := strings.IndexByte(seg, ';'); k >= 0 {
			seg = seg[:k]
		}
		if seg != "" {
			switch dotSegment(seg) {
			case 1: // "."
			case 2: // ".."
				if depth == 0 {
					return true
				}
				depth--
			default:
				depth++
			}
		}
		i = j + 1
		if j < len(p) && p[j] == '%' {
			i = j + 3
		}
	}
	return false
}

// encodedSeparator returns sep2F or sep5C when p[i:] starts with "%2F" or
// "%5C", in either case, and 0 otherwise.
func encodedSeparator(p string, i int) uint8 {
	if p[i] != '%' || i+2 >= len(p) {
		return 0
	}
	switch hi, lo := p[i+1], p[i+2]|0x20; {
	case hi == '2' && lo == 'f':
		return sep2F
	case hi == '5' && lo == 'c':
		return sep5C
	}
	return 0
}

// encodedSeparators returns the set of the encoded separators that p holds.
func encodedSeparators(p string) uint8 {
	var seps uint8
	for i := strings.IndexByte(p, '%'); i >= 0; {
		seps |= encodedSeparator(p, i)
		j := strings.IndexByte(p[i+1:], '%')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return seps
}

// HostDiffers reports whether host, the value of a request's Host header
// field, names another authority than u, the absolute-form request-target
// of the same request: another host, compared as written and
// case-insensitively in ASCII (but for an IPv6 zone ID, whose case
// counts), or another port, where a port left out (or empty) is the
// scheme's default, and with a scheme that has none, a port of its own
// ("foo://a/" and "a:0" differ). Spellings that normalize alike still
// differ ("ex%41mple" and "example"): for a policy, the cautious answer.
// RFC 9112 section 3.2.2 has a server ignore Host then, so a proxy that
// checks one and forwards the other is confused. A u without an authority
// differs from any host, and any u from a value that is not uri-host
// [ ":" port ] (RFC 9110 section 7.2), such as "[::1]x". A port above
// 65535, on either side, names no port that a connection could have:
// the cautious answer is again that they differ; so is it for a u that
// is not valid.
//
// net/http's server is no source of host: for an absolute-form target it
// drops the Host header field and sets Request.Host to the target's own
// authority (see ParseHostHeaderString), decoded where it holds
// percent-encodings (a zone's "%25", non-ASCII bytes), which then differs
// from the raw target and otherwise never does: neither tells what the
// client sent. Read the header as the client sent it, from the request's
// bytes as they came off the connection.
func (u *URI) HostDiffers(host string) bool {
	if !u.Valid() || !u.HasAuthority() {
		return true
	}
	hh, hp, ok := splitHostHeader(host)
	rh := u.RawHost()
	z := len(rh) // where a zone ID starts, which is case-sensitive (RFC 6874)
	if u.hostType >= HostIPv6 {
		z = zoneStart(rh)
	}
	if !ok || len(hh) != len(rh) || !equalFoldASCII(rh[:z], hh[:z]) || rh[z:] != hh[z:] {
		return true
	}
	def, ok := DefaultPort(u.Scheme())
	if !ok {
		def = -1 // no default: a port left out matches none written
	}
	a, okA := portOr(u.Port(), def)
	b, okB := portOr(hp, def)
	return !okA || !okB || a != b
}

// portOr returns the number that the port digits p make, or def when p is
// empty; false when p is not a port up to 65535.
func portOr(p string, def int) (int, bool) {
	if p == "" {
		return def, true
	}
	n := 0
	for i := range len(p) {
		if !isDigit(p[i]) {
			return 0, false
		}
		if n = n*10 + int(p[i]-'0'); n > 65535 {
			return 0, false
		}
	}
	return n, true
}

// splitHostHeader splits a Host header value, uri-host [ ":" port ], into
// the host, with an IP literal's brackets, and the port; false when
// something else follows the host (as in "[::1]x"), which then names no
// authority that a URI could have.
func splitHostHeader(h string) (host, port string, ok bool) {
	end := len(h)
	if strings.HasPrefix(h, "[") {
		if i := strings.IndexByte(h, ']'); i >= 0 {
			end = i + 1
		}
	} else if i := strings.IndexByte(h, ':'); i >= 0 {
		end = i
	}
	host = h[:end]
	if end == len(h) {
		return host, "", true
	}
	if h[end] != ':' {
		return "", "", false
	}
	return host, h[end+1:], true
}

// numericLastLabel reports whether the last label of host, a reg-name
// without percent-encodings, before one trailing '.', is a number (see
// Facts.NumericLastLabel). It reads backwards from the end, over the hex
// digits there: a name whose last byte is none, as most are, is done with
// at once.
func numericLastLabel(host string) bool {
	n := len(host)
	if n > 0 && host[n-1] == '.' {
		n--
	}
	i := n
	for i > 0 && isHex(host[i-1]) {
		i--
	}
	if i == 0 || host[i-1] == '.' { // host[i:n] is the whole label
		return i < n && allDigits(host[i:n])
	}
	// "0x" or "0X" and hex digits, the whole label.
	return i >= 2 && host[i-1]|0x20 == 'x' && host[i-2] == '0' && (i == 2 || host[i-3] == '.')
}

// allDigits reports whether s holds decimal digits alone.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// numericLastLabelDecoded is numericLastLabel for a reg-name with
// percent-encodings, which it reads decoded: a "%2E" is a '.' to
// resolvers. It walks the labels from the start, keeping what it knows of
// the last two.
func numericLastLabelDecoded(host string) bool {
	// Of a label: its length, whether its bytes so far are all decimal
	// digits, and whether they are "0x" or "0X" and hex digits (or a
	// prefix of that).
	type label struct {
		n           int
		digits, hex bool
	}
	cur, before := label{digits: true, hex: true}, label{}
	for i := 0; i < len(host); {
		c, j := decodedByte(host, i)
		i = j
		if c == '.' {
			before, cur = cur, label{digits: true, hex: true}
			continue
		}
		cur.digits = cur.digits && isDigit(c)
		switch cur.n {
		case 0:
			cur.hex = c == '0'
		case 1:
			cur.hex = cur.hex && c|0x20 == 'x'
		default:
			cur.hex = cur.hex && isHex(c)
		}
		cur.n++
	}
	if cur.n == 0 { // a trailing '.': the label before it
		cur = before
	}
	return cur.n > 0 && cur.digits || cur.n >= 2 && cur.hex
}
