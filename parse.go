package fasturi

import (
	"math/bits"
	"strings"
)

// parse parses u.s as a URI-reference into u, whose other fields must be
// zero, and returns 0 or the kind of the first error, whose offset it
// records in u.
//
// Neither parse nor anything it calls stores u.s through a pointer: escape
// analysis would then move the input of every Parse call to the heap.
func (u *URI) parse() ErrorKind {
	s := u.s
	if uint64(len(s)) > maxLength {
		// Reported at the first byte beyond reach (this never happens
		// where int is 32 bits, and maxLength is no int there).
		u.errKind, u.errOff = ErrTooLong, maxLength
		return ErrTooLong
	}
	special, stops, notScheme := scanFirst(s)
	if !vectorScanner {
		return u.walk(special, stops, notScheme)
	}

	// The most common form of input, at once from the vector scanners' masks
	// of its only block: scheme "://" host [ ":" port ] path [ "?" query ],
	// where the host is a reg-name or an IPv4address (or an IP-literal,
	// which parseIPLiteral reads), with neither userinfo nor fragment, nor
	// a percent-encoding in a reg-name, nor one in the path or query that
	// the stops hold (a broken one, or one in the block's last two bytes).
	// Of a longer input in that form, up to the end of its authority in
	// the first block, the path walk takes the rest. Anything else, and
	// anything at all with the portable scanner's masks (whose notScheme
	// holds every byte), goes to the walk, with u untouched.
	//
	// The shifts are masked to 63 where the tests before them bound the
	// count, so that the compiler adds no code for counts of 64 and more.
	j := bits.TrailingZeros64(special) // the scheme's ':', followed by "//"
	if j >= len(s) || s[j] == '/' || s[j] == '?' {
		// No scheme, whose ':' would be the first special byte, and a
		// first segment without ':': a relative reference. The form the
		// links of a page and request targets take is at once from the
		// masks too: path [ "?" query ], where the path does not start
		// with "//", with neither fragment, a percent-encoding the stops
		// hold, nor a byte to reject: at most one stop, a '?'.
		if len(s) >= 2 && s[0] == '/' && s[1] == '/' || !u.setPathQuery(stops) {
			return u.walk(special, stops, notScheme)
		}
		return 0
	}
	a := j + 3
	if j == 0 || a > len(s) || a >= blockSize ||
		notScheme&(1<<(uint(j)&63)-1) != 0 || s[j:a] != "://" || !isAlpha(s[0]) {
		return u.walk(special, stops, notScheme)
	}
	h := len(s) // the host ends at the next special byte: a '/', a '?' or a ':'
	e := len(s) // the authority ends at a '/' or a '?'
	present := uint8(1<<ComponentScheme | 1<<ComponentHost)
	rest := special >> (uint(a) & 63) << (uint(a) & 63)
	typ := HostNone // until the host is read: an IP-literal's, or hostType's
	if a < len(s) && s[a] == '[' {
		// An IP-literal, whose own bytes the masks do not settle: read
		// here, within the block (one that goes on past it, such as a
		// long zone ID, is the walk's), and then followed by a special
		// byte, from which the masks go on, or by the end.
		end, t, k, _ := parseIPLiteral(s[:min(len(s), blockSize)], a)
		if k != 0 || end >= blockSize {
			return u.walk(special, stops, notScheme)
		}
		rest = special >> (uint(end) & 63) << (uint(end) & 63)
		if end < len(s) && rest&(1<<(uint(end)&63)) == 0 {
			return u.walk(special, stops, notScheme) // a byte that no special one separates from ']'
		}
		typ = t
	}
	if rest != 0 {
		h = bits.TrailingZeros64(rest)
		e = h
		if s[h] == ':' {
			// ":" port: digits alone, up to the next special byte.
			if rest &= rest - 1; rest != 0 {
				e = bits.TrailingZeros64(rest)
			} else if len(s) > blockSize {
				// The port runs past the block: the walk reads it, and
				// its digits need not be read here first.
				return u.walk(special, stops, notScheme)
			} else {
				e = len(s)
			}
			for k := h + 1; k < e; k++ {
				if !isDigit(s[k]) {
					return u.walk(special, stops, notScheme)
				}
			}
			present |= 1 << ComponentPort
		}
		if e < len(s) && s[e] != '/' && s[e] != '?' {
			return u.walk(special, stops, notScheme)
		}
	}
	if typ == HostNone {
		typ = hostType(s, a, h)
	}
	if len(s) > blockSize {
		// The authority must end in the first block, the one the masks
		// cover (e is len(s) when they hold no end for it); the path walk
		// takes the rest.
		if e == len(s) {
			return u.walk(special, stops, notScheme)
		}
		u.setFastAuthority(j, a, h, e, present, typ)
		return u.parsePath(specials{s, 0, special >> (uint(e) & 63) << (uint(e) & 63)}, e, false, stops)
	}
	q := len(s) // the path ends at the first stop, a '?' and the last stop
	if e < len(s) {
		if rest := stops >> (uint(e) & 63) << (uint(e) & 63); rest != 0 {
			if q = bits.TrailingZeros64(rest); s[q] != '?' || rest&(rest-1) != 0 {
				return u.walk(special, stops, notScheme)
			}
			u.spans[ComponentQuery] = Span{uint32(q + 1), uint32(len(s))}
			present |= 1 << ComponentQuery
		}
	}
	u.spans[ComponentPath] = Span{uint32(e), uint32(q)}
	u.setFastAuthority(j, a, h, e, present, typ)
	return 0
}

// setPathQuery records what parse's fast path reads of a relative
// reference from stops, the stops of its only block: a path, and a query
// after the one stop when that is a '?'. It reports false, leaving u as
// it was, when the input is longer than a block or its stops hold
// anything else (a fragment, a byte to reject, a broken percent-encoding).
// A path that starts with "//" is the caller's to rule out or take, and
// u holds no component yet. Small enough to be inlined in both callers.
func (u *URI) setPathQuery(stops uint64) bool {
	s, q := u.s, len(u.s)
	if len(s) > blockSize {
		return false
	}
	if stops != 0 {
		if q = bits.TrailingZeros64(stops); s[q] != '?' || stops&(stops-1) != 0 {
			return false
		}
		u.spans[ComponentQuery] = Span{uint32(q + 1), uint32(len(s))}
		u.present = 1 << ComponentQuery
	}
	u.spans[ComponentPath] = Span{0, uint32(q)}
	return true
}

// setFastAuthority records what parse's fast path read of u.s: the scheme
// s[:j], the host s[a:h], of type typ, a port s[h+1:e] when h < e, and
// present, the components that u has.
func (u *URI) setFastAuthority(j, a, h, e int, present uint8, typ HostType) {
	u.spans[ComponentScheme] = Span{0, uint32(j)}
	u.spans[ComponentHost] = Span{uint32(a), uint32(h)}
	if h < e {
		u.spans[ComponentPort] = Span{uint32(h + 1), uint32(e)}
	}
	u.present, u.hostType = present, typ
}

// walk parses u.s, as parse does, from the masks of its first block (see
// scan.go): it walks the special bytes, block by block. Ordinary bytes are
// valid in every component the walk covers, so only delimiters, '%' and
// disallowed bytes are looked at one by one.
func (u *URI) walk(special, stops, notScheme uint64) ErrorKind {
	s := u.s
	// The cursor over the special bytes, kept in locals (see cursorNext);
	// stops serves a path that starts in the first block.
	base, mask := 0, special
	i := 0

	// scheme ":" (section 3.1): the first special byte is the ':'.
	relative := true
	j, base, mask := cursorNext(s, base, mask)
	if j < len(s) && s[j] == ':' {
		// The vector scanners' notScheme settles most schemes at once, when
		// the ':' is in the first block: the mask covers no byte beyond it.
		schemeOK := vectorScanner && j > 0 && j < blockSize &&
			notScheme&(1<<j-1) == 0 && isAlpha(s[0])
		if !schemeOK && !isScheme(s[:j]) {
			// Not a scheme, so a relative reference whose first segment
			// holds a ':', which section 4.2 forbids.
			return u.fail(ErrInvalidScheme, j)
		}
		u.set(ComponentScheme, 0, j)
		i = j + 1
		mask &= mask - 1
		relative = false
	}

	// "//" authority (section 3.2).
	if len(s)-i >= 2 && s[i:i+2] == "//" {
		a := i + 2
		if d := uint(a - base); d < blockSize {
			mask &= ^uint64(0) << d // drop the "//"
		} else {
			base, mask = seekBlock(s, base, mask, a)
		}
		end, base, mask := cursorNext(s, base, mask)
		if end < len(s) && s[end] != '/' && s[end] != '?' && s[end] != '#' {
			// Userinfo, a port, an IP literal or a byte no authority
			// allows: the whole walk.
			sp, end, k := u.parseAuthority(specials{s, base, mask}, a)
			if k != 0 {
				return k
			}
			return u.parsePath(sp, end, false, stops)
		}
		// The common case: the first special byte ends the authority,
		// which is a reg-name or IPv4address host and nothing else.
		u.set(ComponentHost, a, end)
		u.hostType = hostType(s, a, end)
		if base == 0 && len(s) <= blockSize && mask&stops == 0 {
			// And the path is all there is: no query, fragment or
			// percent-encoding that the stops hold, no byte to reject.
			u.set(ComponentPath, end, len(s))
			return 0
		}
		return u.parsePath(specials{s, base, mask}, end, false, stops)
	}
	// Without an authority, the first segment of a relative path cannot
	// hold a ':' (path-noscheme).
	return u.parsePath(specials{s, base, mask}, i, relative, stops)
}

// fail records an error at offset off, drops whatever was parsed, and
// returns k. It keeps u.s by leaving it alone (see parse).
func (u *URI) fail(k ErrorKind, off int) ErrorKind {
	u.spans = [numComponents]Span{}
	u.present, u.hostType = 0, HostNone
	u.errKind, u.errOff = k, uint32(off)
	return k
}

// set records component c as present at [start, end). The path, always
// present, has no bit in u.present: the zero URI is then the parsed empty
// reference.
func (u *URI) set(c Component, start, end int) {
	u.spans[c] = Span{uint32(start), uint32(end)}
	u.present |= 1 << c &^ (1 << ComponentPath)
}

// isScheme reports whether s matches scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
func isScheme(s string) bool { return schemeError(s) < 0 }

// schemeError returns -1 if s is a scheme, or else the offset of the first
// byte that breaks the rule (len(s) if s is empty).
func schemeError(s string) int {
	if len(s) == 0 || !isAlpha(s[0]) {
		return 0
	}
	for i := 1; i < len(s); i++ {
		if byteClass[s[i]]&schemeChar == 0 {
			return i
		}
	}
	return -1
}

// pctError checks the pct-encoded triplet at s[i] == '%' (section 2.1) and
// returns -1, or the offset of the first byte that breaks it.
func pctError(s string, i int) int {
	switch {
	case i+1 >= len(s):
		return len(s)
	case !isHex(s[i+1]):
		return i + 1
	case i+2 >= len(s):
		return len(s)
	case !isHex(s[i+2]):
		return i + 2
	}
	return -1
}

// parsePath parses path [ "?" query ] [ "#" fragment ] from s[i:], the rest
// of the input, with sp at i, and firstStops the path mask of the first
// block (see scan.go).
// noColon forbids a ':' before the first '/' (path-noscheme).
//
//	path     = *( pchar / "/" )   (the forms of section 3.3, told apart by the caller)
//	query    = *( pchar / "/" / "?" )
//	fragment = *( pchar / "/" / "?" )
//	pchar    = unreserved / pct-encoded / sub-delims / ":" / "@"
//
// This is the hot loop for long inputs. It walks the path masks of scan.go,
// and keeps its cursor in local variables rather than going through sp.
func (u *URI) parsePath(sp specials, i int, noColon bool, firstStops uint64) ErrorKind {
	s, base, mask := u.s, sp.base, sp.mask
	if noColon {
		if k := u.checkFirstSegment(sp); k != 0 {
			return k
		}
	}
	if base == 0 {
		mask &= firstStops
	} else if mask != 0 {
		mask = stopsIn(s[base:], mask) // a scheme or an authority past the first block
	}
	part, start := ComponentPath, i
	for {
		// The marks of the current block; the scan of the next block stays
		// out of this loop so that nothing here spills around a call.
		for ; mask != 0; mask &= mask - 1 {
			j := base + bits.TrailingZeros64(mask)
			switch s[j] {
			case '/', ':', '@':
				// Only the portable scanner's masks hold these.
			case '%':
				if e := pctError(s, j); e >= 0 {
					return u.fail(ErrInvalidPercentEncoding, e)
				}
			case '?':
				if part == ComponentPath {
					u.set(ComponentPath, start, j)
					part, start = ComponentQuery, j+1
				}
			case '#':
				if part == ComponentFragment {
					return u.fail(ErrInvalidFragment, j)
				}
				u.set(part, start, j)
				part, start = ComponentFragment, j+1
			default:
				return u.fail(invalidIn[part], j)
			}
		}
		if base+blockSize >= len(s) {
			u.set(part, start, len(s))
			return 0
		}
		base += blockSize
		mask = scanStops(s[base:])
	}
}

// checkFirstSegment walks the first segment of a path without a scheme or
// an authority, from sp, and fails at a ':' in it (path-noscheme), unless a
// byte before the ':' is an error of its own.
func (u *URI) checkFirstSegment(sp specials) ErrorKind {
	s := u.s
	for {
		j := sp.peek()
		if j >= len(s) {
			return 0
		}
		sp.advance()
		switch s[j] {
		case '/', '?', '#':
			return 0 // the first segment ends
		case ':':
			return u.fail(ErrInvalidScheme, j)
		case '@':
		case '%':
			if e := pctError(s, j); e >= 0 {
				return u.fail(ErrInvalidPercentEncoding, e)
			}
		default:
			return u.fail(ErrInvalidPath, j)
		}
	}
}

// invalidIn is the error for a byte that part does not allow.
var invalidIn = [numComponents]ErrorKind{
	ComponentPath:     ErrInvalidPath,
	ComponentQuery:    ErrInvalidQuery,
	ComponentFragment: ErrInvalidFragment,
}

// parseAuthority parses the authority that starts at s[a], after "//", with
// sp at a, and returns sp at the offset where it ends: a '/', '?', '#' or
// the end of input, and that offset.
//
//	authority = [ userinfo "@" ] host [ ":" port ]
//	userinfo  = *( unreserved / pct-encoded / sub-delims / ":" )
//	host      = IP-literal / IPv4address / reg-name
//	port      = *DIGIT
//
// Until an '@' shows up, the bytes read may be userinfo or host and port, so
// an error that only host or port would have (a second ':', a letter in
// the port) surfaces where the authority ends without an '@'.
func (u *URI) parseAuthority(sp specials, a int) (specials, int, ErrorKind) {
	s := u.s
	hostStart := a
	colon := -1 // the first ':' after hostStart
	seenAt := false
	for {
		j := sp.peek()
		if j >= len(s) || s[j] == '/' || s[j] == '?' || s[j] == '#' {
			return sp, j, u.setHostPort(hostStart, colon, j, seenAt)
		}
		sp.advance()
		// After an '@', a port is certain once its ':' is seen: the bytes
		// that follow must be digits, so an error found here comes after
		// any non-digit the walk stepped over.
		inPort := seenAt && colon >= 0
		switch s[j] {
		case ':':
			if colon < 0 {
				colon = j
			} else if inPort {
				return sp, 0, u.failAuthority(ErrInvalidPort, j, colon, inPort)
			}
		case '@':
			if seenAt {
				return sp, 0, u.failAuthority(ErrInvalidHost, j, colon, inPort)
			}
			seenAt = true
			u.set(ComponentUserinfo, a, j)
			hostStart, colon = j+1, -1
		case '%':
			if inPort {
				return sp, 0, u.failAuthority(ErrInvalidPort, j, colon, inPort)
			}
			if e := pctError(s, j); e >= 0 {
				k := ErrInvalidPercentEncoding
				if !seenAt && colon >= 0 && !u.atFollows(j) {
					k = ErrInvalidPort // the bytes after the ':' are a port, which holds no '%'
				}
				return sp, 0, u.fail(k, e)
			}
		case '[':
			if j != hostStart {
				return sp, 0, u.failAuthority(u.authorityErrorKind(j, colon, seenAt), j, colon, inPort)
			}
			end, k := u.parseIPLiteralHost(j)
			if k != 0 && !seenAt && u.atFollows(j) {
				// The '[' starts a userinfo, which cannot hold one.
				k, u.errKind = ErrInvalidUserinfo, ErrInvalidUserinfo
			}
			sp.seek(end)
			return sp, end, k
		default:
			return sp, 0, u.failAuthority(u.authorityErrorKind(j, colon, seenAt), j, colon, inPort)
		}
	}
}

// failAuthority records an error of kind k at j, unless a port that an '@'
// made certain holds a non-digit before j: that byte is the first error.
func (u *URI) failAuthority(k ErrorKind, j, colon int, inPort bool) ErrorKind {
	if inPort {
		for x := colon + 1; x < j; x++ {
			if !isDigit(u.s[x]) {
				return u.fail(ErrInvalidPort, x)
			}
		}
	}
	return u.fail(k, j)
}

// authorityErrorKind names the component that the byte at j, which no
// authority allows, belongs to (see ErrorKind).
func (u *URI) authorityErrorKind(j, colon int, seenAt bool) ErrorKind {
	switch {
	case !seenAt && u.atFollows(j):
		return ErrInvalidUserinfo
	case colon >= 0:
		return ErrInvalidPort
	}
	return ErrInvalidHost
}

// atFollows reports whether an '@' follows offset j in the authority, which
// makes the bytes before it userinfo. Only errors ask.
func (u *URI) atFollows(j int) bool {
	rest := u.s[j:]
	if end := strings.IndexAny(rest, "/?#"); end >= 0 {
		rest = rest[:end]
	}
	return strings.IndexByte(rest, '@') >= 0
}

// setHostPort records host [ ":" port ] of s[hostStart:end], a reg-name or
// IPv4address host whose bytes the walk has already checked.
func (u *URI) setHostPort(hostStart, colon, end int, seenAt bool) ErrorKind {
	s := u.s
	hostEnd := end
	if colon >= 0 {
		for k := colon + 1; k < end; k++ {
			if !isDigit(s[k]) {
				if !seenAt { // "a:b:c" could have been userinfo until here
					k = end
				}
				return u.fail(ErrInvalidPort, k)
			}
		}
		hostEnd = colon
		u.set(ComponentPort, colon+1, end)
	}
	u.setHost(hostStart, hostEnd)
	return 0
}

// setHost records s[start:end] as the host, a reg-name or an IPv4address
// whose bytes the walk has already checked.
func (u *URI) setHost(start, end int) {
	u.set(ComponentHost, start, end)
	u.hostType = hostType(u.s, start, end)
}

// hostType returns the type of the host s[start:end], made of reg-name
// bytes: an IPv4address is a reg-name too, so the first rule that matches
// decides (section 3.2.2). Most hosts start with a letter, which it tells
// inline, before it takes a slice.
func hostType(s string, start, end int) HostType {
	if start < end && s[start] <= '9' && isIPv4(s[start:end]) {
		return HostIPv4
	}
	return HostRegName
}

// parseIPLiteralHost parses the IP-literal at s[i] == '[' and the optional
// port after it, and returns where the authority ends. After ']' only
// ":" port or the end of the authority may follow.
func (u *URI) parseIPLiteralHost(i int) (int, ErrorKind) {
	s := u.s
	end, typ, k, off := parseIPLiteral(s, i)
	if k != 0 {
		return 0, u.fail(k, off)
	}
	u.set(ComponentHost, i, end)
	u.hostType = typ
	j := end
	if j < len(s) && s[j] == ':' {
		j++
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		u.set(ComponentPort, end+1, j)
	}
	if j < len(s) && s[j] != '/' && s[j] != '?' && s[j] != '#' {
		if u.HasPort() && s[j] != '@' { // a second '@' is the host's
			return 0, u.fail(ErrInvalidPort, j)
		}
		return 0, u.fail(ErrInvalidHost, j)
	}
	return j, 0
}
