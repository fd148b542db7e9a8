package ref

import (
	"encoding/hex"
	"net/netip"
	"strconv"
	"strings"
)

// InetAton reads host, a reg-name as written (RFC 3986 section 3.2.2), as
// an IPv4 address the way resolvers do: it percent-decodes host, then
// follows the steps of the WHATWG URL Standard's "IPv4 parser" and "IPv4
// number parser" one by one, which accept every form inet_aton accepts
// (with the same ranges) and also a trailing '.' and an empty "0x". It
// reports false when host does not decode, when those steps fail, and for
// an RFC 3986 IPv4address as written, which is no legacy form.
func InetAton(host string) (netip.Addr, bool) {
	if matchesAll(ipv4address, host) {
		return netip.Addr{}, false
	}
	input, ok := percentDecode(host)
	if !ok {
		return netip.Addr{}, false
	}
	// Split on '.'; a last empty part goes, unless it is the only one.
	parts := strings.Split(input, ".")
	if len(parts) > 1 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	var numbers []uint64
	for _, p := range parts {
		n, ok := ipv4Number(p)
		if !ok {
			return netip.Addr{}, false
		}
		numbers = append(numbers, n)
	}
	last := numbers[len(numbers)-1]
	for _, n := range numbers[:len(numbers)-1] {
		if n > 255 {
			return netip.Addr{}, false
		}
	}
	// The last number fills 5-len(numbers) bytes: it is below
	// 256^(5-len(numbers)).
	if last >= 1<<(8*(5-len(numbers))) {
		return netip.Addr{}, false
	}
	v := last
	for i, n := range numbers[:len(numbers)-1] {
		v += n << (8 * (3 - i))
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}

// ipv4Number is the WHATWG "IPv4 number parser": a prefix "0x" or "0X"
// means hexadecimal and a leading "0" octal, if more follows; nothing
// after "0x" is 0. strconv.ParseUint with an explicit base takes no
// prefix, sign or underscore, and fails on a value beyond 64 bits, which
// is out of range for any part anyway.
func ipv4Number(p string) (uint64, bool) {
	if p == "" {
		return 0, false
	}
	base := 10
	switch {
	case len(p) >= 2 && (p[:2] == "0x" || p[:2] == "0X"):
		p, base = p[2:], 16
	case len(p) >= 2 && p[0] == '0':
		p, base = p[1:], 8
	}
	if p == "" {
		return 0, true
	}
	n, err := strconv.ParseUint(p, base, 64)
	return n, err == nil
}

// percentDecode decodes every "%" HEXDIG HEXDIG of s (RFC 3986 section
// 2.1), and reports false for a '%' that does not start one.
func percentDecode(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+3 > len(s) {
			return "", false
		}
		d, err := hex.DecodeString(s[i+1 : i+3])
		if err != nil {
			return "", false
		}
		b.Write(d)
		i += 2
	}
	return b.String(), true
}

// matchesAll reports whether r matches the whole of s.
func matchesAll(r rule, s string) bool {
	return r(&matcher{s: s}, 0, func(p int) bool { return p == len(s) })
}
