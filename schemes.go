package fasturi

// defaultPort returns the port that URIs of scheme use when they name none,
// comparing the scheme case-insensitively (RFC 3986 section 3.1): the
// schemes of RFC 1738 section 3 that have a default port (ftp 21, gopher
// 70, nntp 119, telnet 23, wais 210, prospero 1525), http 80 and https 443
// (RFC 9110 section 4.2), and ws 80 and wss 443 (RFC 6455 section 3).
func defaultPort(scheme string) (int, bool) {
	switch len(scheme) {
	case 2:
		if lowerEqual(scheme, "ws") {
			return 80, true
		}
	case 3:
		switch {
		case lowerEqual(scheme, "wss"):
			return 443, true
		case lowerEqual(scheme, "ftp"):
			return 21, true
		}
	case 4:
		switch {
		case lowerEqual(scheme, "http"):
			return 80, true
		case lowerEqual(scheme, "nntp"):
			return 119, true
		case lowerEqual(scheme, "wais"):
			return 210, true
		}
	case 5:
		if lowerEqual(scheme, "https") {
			return 443, true
		}
	case 6:
		switch {
		case lowerEqual(scheme, "gopher"):
			return 70, true
		case lowerEqual(scheme, "telnet"):
			return 23, true
		}
	case 8:
		if lowerEqual(scheme, "prospero") {
			return 1525, true
		}
	}
	return 0, false
}

// lowerEqual reports whether s equals lower, which is in lowercase, when
// ASCII letters in s are folded to lowercase.
func lowerEqual(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := range len(s) {
		if lowerASCII(s[i]) != lower[i] {
			return false
		}
	}
	return true
}

// lowerASCII returns c in lowercase when it is an ASCII letter, and c
// otherwise.
func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
