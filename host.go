package fasturi

// isIPv4 reports whether s matches IPv4address exactly (section 3.2.2):
//
//	IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
//
// so "01.2.3.4", "256.1.1.1", "1.2.3" and "1.2.3.4.5" are not IPv4 addresses
// (they are reg-names).
func isIPv4(s string) bool {
	i := 0
	for k := 0; k < 4; k++ {
		if k > 0 {
			if i >= len(s) || s[i] != '.' {
				return false
			}
			i++
		}
		end, off := decOctet(s, i)
		if off >= 0 {
			return false
		}
		i = end
	}
	return i == len(s)
}

// decOctet reads the dec-octet at s[i:] the way a parser that wants the
// first bad byte must: it returns the offset after the octet and -1, or -1
// and the offset of the first byte that cannot continue one. The octet ends
// at the first byte that is not a digit.
//
//	dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
//
// The five alternatives amount to: a decimal number up to 255 without a
// leading zero.
func decOctet(s string, i int) (end, errOff int) {
	if i >= len(s) {
		return -1, len(s)
	}
	if !isDigit(s[i]) {
		return -1, i
	}
	v, j := int(s[i]-'0'), i+1
	for ; j < len(s) && isDigit(s[j]); j++ {
		if v == 0 { // no leading zeros
			return -1, j
		}
		if v = v*10 + int(s[j]-'0'); v > 255 {
			return -1, j
		}
	}
	return j, -1
}

// parseIPLiteral parses the IP-literal at s[i] == '[' and returns the offset
// after its ']' and the host type, or an error kind and offset.
//
//	IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"   (RFC 6874 section 2)
//	IPv6addrz  = IPv6address "%25" ZoneID
//	ZoneID     = 1*( unreserved / pct-encoded )
func parseIPLiteral(s string, i int) (end int, typ HostType, k ErrorKind, off int) {
	j := i + 1
	if j < len(s) && (s[j] == 'v' || s[j] == 'V') { // ABNF strings ignore case
		if j, off = ipvFutureError(s, j+1); off >= 0 {
			return 0, 0, ErrInvalidIPLiteral, off
		}
		return j + 1, HostIPvFuture, 0, -1
	}
	if j, off = ipv6Error(s, j); off >= 0 {
		return 0, 0, ErrInvalidIPLiteral, off
	}
	if s[j] == '%' {
		switch {
		case j+1 >= len(s):
			return 0, 0, ErrInvalidIPLiteral, len(s)
		case s[j+1] != '2':
			return 0, 0, ErrInvalidIPLiteral, j + 1
		case j+2 >= len(s):
			return 0, 0, ErrInvalidIPLiteral, len(s)
		case s[j+2] != '5':
			return 0, 0, ErrInvalidIPLiteral, j + 2
		}
		j += 3
		zone := j
		for j < len(s) {
			if byteClass[s[j]]&unreserved != 0 {
				j++
			} else if s[j] == '%' {
				if e := pctError(s, j); e >= 0 {
					return 0, 0, ErrInvalidPercentEncoding, e
				}
				j += 3
			} else {
				break
			}
		}
		if j >= len(s) {
			return 0, 0, ErrInvalidIPLiteral, len(s)
		}
		if s[j] != ']' || j == zone {
			return 0, 0, ErrInvalidIPLiteral, j
		}
	}
	return j + 1, HostIPv6, 0, -1
}

// ipvFutureError parses the rest of an IPvFuture after its "v", up to and
// including the ']' that closes the literal, and returns the offset of that
// ']', or -1 and the offset of the first bad byte.
//
//	IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
func ipvFutureError(s string, i int) (int, int) {
	j := i
	for j < len(s) && isHex(s[j]) {
		j++
	}
	if j >= len(s) {
		return -1, len(s)
	}
	if j == i || s[j] != '.' {
		return -1, j
	}
	j++
	start := j
	for j < len(s) && (byteClass[s[j]]&(unreserved|subDelim) != 0 || s[j] == ':') {
		j++
	}
	if j >= len(s) {
		return -1, len(s)
	}
	if j == start || s[j] != ']' {
		return -1, j
	}
	return j, -1
}

// ipv6Error parses the IPv6address that starts at s[i] and returns the
// offset of the ']' or '%' after it, or -1 and the offset of the first byte
// that no IPv6address can have there.
//
//	IPv6address =                            6( h16 ":" ) ls32
//	            /                       "::" 5( h16 ":" ) ls32
//	            / [               h16 ] "::" 4( h16 ":" ) ls32
//	            / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
//	            / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
//	            / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
//	            / [ *4( h16 ":" ) h16 ] "::"              ls32
//	            / [ *5( h16 ":" ) h16 ] "::"              h16
//	            / [ *6( h16 ":" ) h16 ] "::"
//	h16         = 1*4HEXDIG
//	ls32        = ( h16 ":" h16 ) / IPv4address
//
// The nine alternatives amount to: eight 16-bit groups, or at most seven
// around a single "::"; an IPv4address counts as two groups and comes last.
// The groups are counted as they come, so that the first byte that breaks
// the count is the one reported.
func ipv6Error(s string, i int) (int, int) {
	j := i
	groups := 0
	elided := false
	needGroup := true // after a single ':' (or at the start) a group must follow
	if j < len(s) && s[j] == ':' {
		if j+1 >= len(s) {
			return -1, len(s)
		}
		if s[j+1] != ':' {
			return -1, j + 1
		}
		elided, needGroup = true, false
		j += 2
	}
	for {
		if j >= len(s) {
			return -1, len(s)
		}
		if !isHex(s[j]) {
			if needGroup {
				return -1, j
			}
			break
		}
		maxGroups := 8
		if elided {
			maxGroups = 7 // "::" stands for at least one group
		}
		if groups+1 > maxGroups {
			return -1, j
		}
		start := j
		for j < len(s) && j-start < 4 && isHex(s[j]) {
			j++
		}
		if j >= len(s) {
			return -1, len(s)
		}
		if isHex(s[j]) { // a fifth hex digit
			return -1, j
		}
		if s[j] == '.' {
			// The group was the first dec-octet of an IPv4address, which
			// must end the address.
			if end, off := decOctet(s[:j], start); groups+2 > maxGroups || !elided && groups+2 != maxGroups || off >= 0 || end != j {
				return -1, j
			}
			for n := 0; n < 3; n++ {
				if j >= len(s) {
					return -1, len(s)
				}
				if s[j] != '.' {
					return -1, j
				}
				var off int
				if j, off = decOctet(s, j+1); off >= 0 {
					return -1, off
				}
			}
			groups += 2
			break
		}
		groups++
		if s[j] != ':' {
			break
		}
		if groups >= maxGroups { // no room for another group, nor for "::"
			return -1, j
		}
		if j+1 < len(s) && s[j+1] == ':' {
			if elided {
				return -1, j + 1
			}
			elided, needGroup = true, false
			j += 2
			continue
		}
		needGroup = true
		j++
	}
	if j >= len(s) { // the input ended right after an IPv4 part
		return -1, len(s)
	}
	if s[j] != ']' && s[j] != '%' {
		return -1, j
	}
	if !elided && groups != 8 {
		return -1, j
	}
	return j, -1
}
