package fasturi

import (
	"net/netip"
	"strconv"
	"strings"
	"unsafe"
)

// Addr returns the host as an IP address when it is one: an IPv4address
// (HostIPv4), or the IPv6address of an IP literal (HostIPv6) with its zone
// ID percent-decoded, as RFC 6874 section 2 says: "[fe80::1%25eth0]" gives
// fe80::1%eth0. An IPv4address in an IPv6 literal stays IPv6
// ("[::ffff:1.2.3.4]" gives ::ffff:1.2.3.4; Unmap turns it into 1.2.3.4).
//
// Addr returns false for a reg-name, even one that resolvers read as an
// address ("0x7f.1", or "%31%32%37.0.0.1", which decodes to a dotted
// quad: see LegacyIPv4), for an IPvFuture, when there is no authority,
// and for a URI that is not valid. It also returns false for an IPv6
// literal whose zone ID decodes to a control character or to another ASCII
// byte that a reg-name cannot hold as it is (a delimiter such as ":/?#[]@",
// '%', a space or '\'), which AppendHostPort refuses too:
// "[fe80::1%25x%5D%3A22]" would give the zone "x]:22", and the address
// would print as "[fe80::1%x]:22]:80" with a port.
//
// Any IPv6 address may carry a zone ID ("[::1%25x]" gives ::1%x), which
// == tells from the address without one: a policy compares
// a.WithZone("").Unmap() with the addresses it refuses. Unmap handles
// only IPv4-mapped addresses (::ffff:0:0/96): an IPv4-compatible
// "[::127.0.0.1]", a translated "[::ffff:0:127.0.0.1]" (RFC 2765), a NAT64
// "[64:ff9b::7f00:1]" (RFC 6052; and 64:ff9b:1::/48, RFC 8215), a 6to4
// "[2002:7f00:1::]" (RFC 3056) or a Teredo address (2001::/32, RFC 4380),
// which some networks route to the IPv4 address inside, stays as it is,
// so a policy that refuses loopback or private IPv4 addresses checks those
// prefixes too; and IsUnspecified, as 0.0.0.0 and :: reach the local
// machine, where IsLoopback is false.
//
// Addr does not allocate, but netip may for a zone: it interns zones with
// package unique, which copies a zone into the heap the first time it sees
// it, and keeps it while some Addr refers to it. A percent-encoded zone ID
// that decodes to more than 64 bytes (no interface name is that long) is
// decoded into the heap, on every call.
func (u *URI) Addr() (netip.Addr, bool) {
	if u.errKind != 0 {
		return netip.Addr{}, false
	}
	switch u.hostType {
	case HostIPv4:
		return netip.AddrFrom4(ipv4Bytes(u.RawHost())), true
	case HostIPv6:
		h := u.RawHost()
		h = h[1 : len(h)-1]
		z := strings.IndexByte(h, '%') // an IPv6address holds no '%'
		if z < 0 {
			return netip.AddrFrom16(ipv6Bytes(h)), true
		}
		a, zone := netip.AddrFrom16(ipv6Bytes(h[:z])), h[z+3:]
		if strings.IndexByte(zone, '%') < 0 {
			return a.WithZone(zone), true
		}
		// unique.Make only reads the zone when netip has it already, and
		// copies it otherwise, so the decoded zone can stay on the stack;
		// one longer than buf, as no interface name is, grows onto the heap.
		var buf [64]byte
		b, _, k := appendDialHost(buf[:0], zone)
		if k != 0 {
			return netip.Addr{}, false
		}
		return a.WithZone(unsafe.String(unsafe.SliceData(b), len(b))), true
	}
	return netip.Addr{}, false
}

// ipv4Bytes returns the four bytes of s, a valid IPv4address: four
// dec-octets, each at most 255 (RFC 3986 section 3.2.2).
func ipv4Bytes(s string) (ip [4]byte) {
	k := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			k++
			continue
		}
		ip[k] = ip[k]*10 + s[i] - '0'
	}
	return ip
}

// ipv6Bytes returns the sixteen bytes of s, a valid IPv6address (RFC 3986
// section 3.2.2): groups of up to four hex digits, at most one "::" that
// stands for the zero groups missing, and possibly an IPv4address in the
// last four bytes.
func ipv6Bytes(s string) (ip [16]byte) {
	n, elided := 0, -1 // bytes written; where the "::" stands
	i := 0
	if len(s) >= 2 && s[0] == ':' {
		elided, i = 0, 2
	}
	for i < len(s) {
		j, v := i, 0
		for j < len(s) && isHex(s[j]) {
			v = v<<4 | int(unhex(s[j]))
			j++
		}
		if j < len(s) && s[j] == '.' { // the digits were a dec-octet
			v4 := ipv4Bytes(s[i:])
			copy(ip[n:], v4[:])
			n += 4
			break
		}
		ip[n], ip[n+1] = byte(v>>8), byte(v)
		n += 2
		if i = j + 1; i < len(s) && s[i] == ':' {
			elided = n
			i++
		}
	}
	if elided >= 0 {
		gap := 16 - n
		copy(ip[elided+gap:], ip[elided:n])
		clear(ip[elided : elided+gap])
	}
	return ip
}

// PortNumber returns the port as a number (RFC 3986 section 3.2.3), -1 and
// nil: leading zeros do not count (":00080" is 80), and ":0" is 0. When
// there is no port, or it is empty ("http://h:/"), the number is -1, and
// the scheme's default port applies (section 6.2.3).
//
// A port above 65535, however many digits it has, is no TCP or UDP port:
// PortNumber returns -1, the offset of the port's first digit in the
// input, and ErrPortRange; it never truncates, wraps or saturates. For a
// URI that is not valid it returns -1, u.ErrorOffset() and u's error kind.
// It does not allocate. Port 0, which no connection has, is returned as
// it is: a policy that dials refuses it itself.
func (u *URI) PortNumber() (port, off int, err error) {
	if u.errKind != 0 {
		return -1, int(u.errOff), u.errKind
	}
	p := u.Port()
	if p == "" {
		return -1, -1, nil
	}
	n := 0
	for i := 0; i < len(p); i++ {
		// n is at most 65535 before this step: no overflow, and leading
		// zeros leave it at 0, however many.
		if n = n*10 + int(p[i]-'0'); n > 65535 {
			return -1, int(u.spans[ComponentPort].Start), ErrPortRange
		}
	}
	return n, -1, nil
}

// AppendHostPort appends to dst the host and port to connect to, as
// net.Dial and net.JoinHostPort take them, and returns the extended
// buffer, -1 and nil: "example.com:443" for "https://example.com/".
//
// The port is the URI's, written without leading zeros, or else the
// scheme's default port (http and ws 80, https and wss 443, ftp 21, and
// the other schemes of RFC 1738 section 3 that have one); an empty port
// counts as none (RFC 3986 section 6.2.3), and ":0" is port 0, written as
// it is, which a policy that dials refuses itself. The host is:
//
//   - an IPv4address as written;
//   - an IPv6 literal in brackets with its zone ID percent-decoded, as
//     net.JoinHostPort writes it: "[fe80::1%25eth0]" gives
//     "[fe80::1%eth0]:443";
//   - a reg-name percent-decoded: "ex%61mple.com" gives "example.com".
//     A reg-name that resolvers read as an IPv4 address is decoded but not
//     converted: "0x7f.1" gives "0x7f.1:80", and "%31%32%37.0.0.1",
//     whose HostType is HostRegName and for which Addr returns false,
//     gives "127.0.0.1:80". A policy on addresses refuses a reg-name for
//     which LegacyIPv4 (or Facts.LegacyIPv4) reports an address, as
//     readers differ on some ("0127.0.0.1" is 87.0.0.1 to inet_aton and
//     127.0.0.1 to others), and checks, when it connects, every address
//     that any other reg-name resolves to: a name is no address, and
//     "localhost" or a DNS record can mean a loopback one.
//
// Decoding never creates a delimiter (section 2.4): a host or zone that
// decodes to a control character is ErrControlCharacter, and one that
// decodes to any other ASCII byte that a reg-name cannot hold as it is
// (all but unreserved and sub-delims: the gen-delims of section 2.2
// ":/?#[]@", '%', a space, '\', '"', '<', '>', '^', '`', '{', '|', '}') is
// ErrInvalidHost, each with the offset in the input of the '%' that
// encodes it. Each of those delimits a host for some next reader: without
// this, "%5B%3A%3A1%5D" would become the IPv6 literal "[::1]", and
// "169.254.169.254%20.example" a name that inet_aton reads up to its space
// as 169.254.169.254.
//
// The other errors: ErrInvalidHost for an IPvFuture (at the offset of the
// host), an empty host (likewise), or no authority (at offset 0);
// ErrPortRange as for PortNumber; ErrNoPort when there is no port and the
// scheme has no default port (at the offset of the end of the authority);
// and for a URI that is not valid, u.ErrorOffset() and u's error kind. On
// error, dst is returned as it was given.
//
// AppendHostPort does not allocate when dst has room for the result, which
// is at most len(u.RawHost())+6 bytes. dst must not share memory with u's
// input, which AppendHostPort reads as it writes: a server that parsed
// its read buffer writes the result elsewhere.
//
// A Host header (ParseHostHeader) has no scheme, and so no default port:
// see AppendHost for the server's.
//
// Bytes of 0x80 and more pass as decoded: "%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1"
// gives the full-width digits, which a resolver that maps hosts with IDNA
// (UTS #46) first, as Go's net/http does, dials as 127.0.0.1. Refuse such
// hosts (Facts.EncodedNonASCII) or map them before a policy on addresses.
func (u *URI) AppendHostPort(dst []byte) ([]byte, int, error) {
	return u.appendHostPort(dst, true)
}

// AppendHost appends to dst the host to connect to, as AppendHostPort
// writes it but without the port, and returns the extended buffer, -1 and
// nil: "example.com" for "https://ex%61mple.com:8443/", and
// "[fe80::1%eth0]" for "http://[fe80::1%25eth0]/" (an IPv6 literal keeps
// its brackets, so that a ':' and a port can follow: unlike net/url's
// Hostname, whose result net.JoinHostPort and tls.Config.ServerName take;
// Addr gives the address alone). Its errors are
// AppendHostPort's but those of the port; it neither allocates when dst
// has room for len(u.RawHost()) bytes, nor takes a dst that shares memory
// with u's input.
//
// A Host header (ParseHostHeader) has no scheme, and so no default port,
// which AppendHostPort then refuses (ErrNoPort); a server adds its own
// scheme's:
//
//	h, err := fasturi.ParseHostHeaderString(r.Host)
//	// ...
//	addr, off, err := h.AppendHost(buf[:0])
//	// ...
//	port, off, err := h.PortNumber() // -1 for none; ErrPortRange above 65535
//	// ...
//	if port < 0 {
//		port = 443 // the server's scheme's: DefaultPort("https")
//	}
//	addr = strconv.AppendInt(append(addr, ':'), int64(port), 10)
func (u *URI) AppendHost(dst []byte) ([]byte, int, error) {
	return u.appendHostPort(dst, false)
}

// appendHostPort is AppendHostPort, or without withPort AppendHost: one
// walk of the host for both, so that they decode it by the same rules.
func (u *URI) appendHostPort(dst []byte, withPort bool) ([]byte, int, error) {
	if u.errKind != 0 {
		return dst, int(u.errOff), u.errKind
	}
	if !u.HasAuthority() {
		return dst, 0, ErrInvalidHost
	}
	// The port first, which reads the scheme: even a dst that shares
	// memory with the input, against the doc, gives no other port.
	port, off, err := u.PortNumber()
	if port < 0 && err == nil {
		var ok bool
		if port, ok = DefaultPort(u.Scheme()); !ok {
			port = -1
		}
	}
	orig := dst
	h, start := u.RawHost(), int(u.spans[ComponentHost].Start)
	switch u.hostType {
	case HostIPv4:
		dst = append(dst, h...)
	case HostIPv6:
		z := strings.IndexByte(h, '%')
		if z < 0 {
			dst = append(dst, h...)
			break
		}
		dst = append(dst, h[:z+1]...) // "[" IPv6address "%"
		var off int
		var k ErrorKind
		if dst, off, k = appendDialHost(dst, h[z+3:len(h)-1]); k != 0 {
			return orig, start + z + 3 + off, k
		}
		dst = append(dst, ']')
	case HostRegName:
		if h == "" {
			return orig, start, ErrInvalidHost
		}
		var off int
		var k ErrorKind
		if dst, off, k = appendDialHost(dst, h); k != 0 {
			return orig, start + off, k
		}
	default: // an IPvFuture, which no resolver knows
		return orig, start, ErrInvalidHost
	}
	switch {
	case !withPort:
		return dst, -1, nil
	case err != nil:
		return orig, off, err
	case port < 0:
		end := u.spans[ComponentHost].End
		if u.HasPort() {
			end = u.spans[ComponentPort].End
		}
		return orig, int(end), ErrNoPort
	}
	dst = append(dst, ':')
	return strconv.AppendUint(dst, uint64(port), 10), -1, nil
}

// appendDialHost appends s, a valid reg-name or zone ID, percent-decoded,
// and returns the extended buffer, -1 and 0; or the buffer, the offset in
// s of a '%' that encodes a control character or a delimiter, and the
// error kind.
func appendDialHost(dst []byte, s string) ([]byte, int, ErrorKind) {
	from := 0 // s[from:i] is yet to be appended
	for i := strings.IndexByte(s, '%'); i >= 0; i = strings.IndexByte(s[from:], '%') {
		i += from
		c := unhex(s[i+1])<<4 | unhex(s[i+2])
		switch {
		case isControl(c):
			return dst, i, ErrControlCharacter
		case isHostDelim(c):
			return dst, i, ErrInvalidHost
		}
		dst = append(dst, s[from:i]...)
		dst = append(dst, c)
		from = i + 3
	}
	return append(dst, s[from:]...), -1, 0
}

// isHostDelim reports whether c, decoded from a host, is an ASCII byte that
// a reg-name cannot hold as it is, which may delimit the host for the next
// reader of host:port or of an authority: a gen-delim (RFC 3986 section
// 2.2), '%', which a second decoding would read, '\', which WHATWG parsers
// read as '/', a space, where inet_aton stops, and the other bytes that no
// URI holds.
func isHostDelim(c byte) bool {
	return c < 0x80 && byteClass[c]&(unreserved|subDelim) == 0
}
