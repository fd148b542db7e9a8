package fasturi

import "net/netip"

// LegacyIPv4 reports whether resolvers read host, a reg-name as written
// (still percent-encoded, as RawHost returns it), as an IPv4 address that
// is not RFC 3986's dotted-decimal IPv4address, and returns that address:
// "127.1", "2130706433", "0x7f000001", "0x7f.1" and "0177.0.0.1" are all
// 127.0.0.1. A policy that keeps URIs away from some addresses must check
// these hosts as well as those of type HostIPv4 and HostIPv6 (RFC 3986
// section 7.4 warns of such "rare IP address formats").
//
// The form is that of the WHATWG URL Standard's IPv4 parser, read after
// percent-decoding: one to four parts separated by '.', each decimal,
// octal after a leading "0", or hexadecimal after "0x" or "0X"; every part
// but the last fills one byte, and the last fills the bytes that remain
// ("127.1" is 127.0.0.1, "127.65535" 127.0.255.255); one trailing '.' is
// allowed ("127.1."), and "0x" alone is 0. Leading zeros are read however
// many there are, as every reader below reads them. Each part must be in
// range for the bytes it fills.
//
// Which readers read which forms:
//
//   - glibc (inet_aton, inet_addr, and getaddrinfo through
//     inet_aton_exact): all of them but a trailing '.' and "0x" without
//     digits; inet_aton and inet_addr also stop at whitespace and ignore
//     what follows ("127.1 x"), as getaddrinfo did before glibc 2.29
//     (CVE-2016-10739);
//   - WHATWG URL parsers (browsers, Node.js's URL, Rust's url crate),
//     for the special schemes http, https, ws, wss, ftp and file: all of
//     them; and they reject a URL whose host ends in a number but is not an
//     address ("1.2.3.4.5", "08", "a.0x");
//   - FreeBSD's and NetBSD's inet_aton: all of them but a trailing '.' and
//     a last part "0x", and numbers out of range too: they keep the low 32
//     bits of a lone part ("4294967297" is 0.0.0.1). OpenBSD's computes
//     every part modulo 2^32 and reads '8' and '9' in octal ("08" is
//     0.0.0.8).
//
// LegacyIPv4 returns false for those readings of trailing text, of
// numbers out of range and of bad octal. A policy that must hold against
// them can refuse every reg-name whose last label (before a trailing '.'),
// decoded, is decimal digits, or "0x" and any hex digits, as every reading
// above requires and no top-level domain is (RFC 1123 section 2.1; the
// hosts that Facts.NumericLastLabel reports), and every reg-name that
// decodes to whitespace, where the readers that stop at it cut the name
// short ("169.254.169.254%20.example"). AppendHostPort refuses the latter,
// not the former: "4294967297" and "08" are reg-names that it writes as
// they are.
// LegacyIPv4 also returns false:
//
//   - for the strict dotted-decimal form, "127.0.0.1", whose HostType is
//     already HostIPv4 (but "%31%32%37.0.0.1" and "127.0.0.1." are
//     reg-names, and give true);
//   - for a plain name, an empty part, and a part that is not a number in
//     its base ("08", "0x1g");
//   - for a malformed percent-encoding, and for a byte that is not ASCII
//     once decoded. WHATWG parsers map the host with UTS 46 first, which
//     turns fullwidth digits and ideographic full stops into ASCII: map a
//     non-ASCII host the same way (golang.org/x/net/idna's Lookup profile,
//     as net/http does; its ToASCII function maps "１２７.0.0.1" to a
//     punycode name instead) before checking it with netip.ParseAddr and
//     LegacyIPv4, or refuse it (Facts.EncodedNonASCII says which hosts
//     have such bytes).
//
// LegacyIPv4 does not allocate.
func LegacyIPv4(host string) (netip.Addr, bool) {
	var addr uint32
	i := 0
	for parts := 0; ; parts++ {
		c, j := decodedByte(host, i)
		if !isDigit(c) { // an empty part, or one that is not a number
			return netip.Addr{}, false
		}
		i = j
		v, base := uint64(c-'0'), uint64(10)
		if c == '0' {
			base = 8
			if c, j = decodedByte(host, i); c|0x20 == 'x' {
				base, i = 16, j
			}
		}
		for {
			c, j = decodedByte(host, i)
			d := uint64(16) // not a digit in any base
			if isHex(c) {
				d = uint64(unhex(c))
			}
			if d >= base {
				break
			}
			// v fits in 32 bits before this step, so the product cannot
			// overflow; leading zeros leave v at 0, however many.
			if v = v*base + d; v > 0xffffffff {
				return netip.Addr{}, false
			}
			i = j
		}
		if i < len(host) && c == '.' {
			i = j
			if i < len(host) { // not the trailing '.'
				if v > 0xff || parts == 3 {
					return netip.Addr{}, false
				}
				addr |= uint32(v) << (24 - 8*parts)
				continue
			}
		}
		if i < len(host) { // a byte no part can hold: "08", "0x1g", "1.2a"
			return netip.Addr{}, false
		}
		// The last part fills the bytes that remain.
		if v > 0xffffffff>>(8*parts) || isIPv4(host) {
			return netip.Addr{}, false
		}
		addr |= uint32(v)
		return netip.AddrFrom4([4]byte{byte(addr >> 24), byte(addr >> 16), byte(addr >> 8), byte(addr)}), true
	}
}

// decodedByte returns the byte at s[i], percent-decoded (RFC 3986 section
// 2.1), and the offset after it. At the end of s, and for a malformed
// percent-encoding, it returns 0, which no reading of an address accepts.
func decodedByte(s string, i int) (byte, int) {
	switch {
	case i >= len(s):
		return 0, i
	case s[i] != '%':
		return s[i], i + 1
	case i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
		return unhex(s[i+1])<<4 | unhex(s[i+2]), i + 3
	}
	return 0, i + 1
}
