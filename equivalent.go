package fasturi

import "strings"

// Equivalent reports whether a and b are equivalent at the given level of
// RFC 3986 section 6.2: whether AppendNormalize writes the same bytes for
// both, read as the same kind of input (an authority alone, a target of
// CONNECT or a Host header, is no URI reference: see below). So "example://a/b/c/%7Bfoo%7D" and "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"
// are equivalent at NormalizeSyntax, and "http://example.com",
// "http://example.com/", "http://example.com:/" and "http://example.com:80/"
// at NormalizeScheme.
//
// Only the transformations of sections 6.2.2 and 6.2.3 apply: an IP
// literal compares as written but for the case of its address (a zone
// ID's case counts), so "http://[::1]/" and
// "http://[0:0::1]/" are not equivalent, nor are a reg-name and the IPv4
// address it spells in a legacy form: compare what Addr returns, or
// Facts.LegacyIPv4, to find one address spelled two ways.
//
// A URI that is not valid is equivalent to no URI, not even to itself. An
// authority-form request-target (CONNECT) and a Host header
// (ParseHostHeader) are equivalent to each other but to no URI reference,
// even where their normal forms are the same bytes: "example.com:443" is
// also the URI of scheme "example.com" and path "443", and "" the empty
// reference.
//
// Equivalent compares the components one by one, as normalization would
// write them, without writing them: it does not allocate. Paths are
// compared segment by segment from their ends, where remove_dot_segments
// (section 5.2.4) can be read off without running it: a ".." removes the
// nearest segment before it that no other ".." has removed. It panics for
// a level that is not NormalizeSyntax or NormalizeScheme.
func Equivalent(a, b URI, level NormalizeLevel) bool {
	level.check()
	if !a.Valid() || !b.Valid() {
		return false
	}
	// Presence, but of the port, which normalization may drop.
	const presence = 1<<ComponentScheme | 1<<ComponentUserinfo | 1<<ComponentHost | 1<<ComponentQuery | 1<<ComponentFragment
	if (a.present^b.present)&presence != 0 || !equalFoldASCII(a.Scheme(), b.Scheme()) {
		return false
	}
	if a.HasAuthority() {
		// An authority-form target (CONNECT) normalizes without "//".
		if a.authorityForm() != b.authorityForm() || !pctEqual(a.RawUserinfo(), b.RawUserinfo(), false) || !hostsEqual(&a, &b) {
			return false
		}
		pa, oka := a.normalPort(level)
		pb, okb := b.normalPort(level)
		if oka != okb || pa != pb {
			return false
		}
	}
	return pathsEqual(&a, &b, level) &&
		pctEqual(a.RawQuery(), b.RawQuery(), false) &&
		pctEqual(a.RawFragment(), b.RawFragment(), false)
}

// hostsEqual reports whether the hosts of a and b, both with an authority,
// normalize to the same bytes.
func hostsEqual(a, b *URI) bool {
	ha, hb := a.RawHost(), b.RawHost()
	if litA, litB := a.hostType >= HostIPv6, b.hostType >= HostIPv6; litA || litB {
		if litA != litB {
			return false
		}
		za, zb := zoneStart(ha), zoneStart(hb)
		return equalFoldASCII(ha[:za], hb[:zb]) && pctEqual(ha[za:], hb[zb:], false)
	}
	return pctEqual(ha, hb, true)
}

// pctEqual reports whether the valid components a and b are the same once
// their percent-encodings are normalized (see appendNormalPct), and, with
// lower, their letters outside percent-encodings in lowercase.
func pctEqual(a, b string, lower bool) bool {
	if a == b {
		return true
	}
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, cb := a[i], b[j]
		if ca != '%' && cb != '%' {
			if ca != cb && (!lower || lowerASCII(ca) != lowerASCII(cb)) {
				return false
			}
			i++
			j++
			continue
		}
		var ua, ub uint16
		ua, i = pctUnit(a, i, lower)
		ub, j = pctUnit(b, j, lower)
		if ua != ub {
			return false
		}
	}
	return i == len(a) && j == len(b)
}

// pctUnit returns what normalization writes for the byte or the
// percent-encoding at s[i] (see pctEqual), and the offset after it: a
// byte, or 0x100 plus the value of a percent-encoding that stays one. A
// '%' always starts a unit, so equal units make equal bytes.
func pctUnit(s string, i int, lower bool) (uint16, int) {
	c := s[i]
	if c != '%' {
		if lower {
			c = lowerASCII(c)
		}
		return uint16(c), i + 1
	}
	c = unhex(s[i+1])<<4 | unhex(s[i+2])
	if !isUnreserved(c) {
		return 0x100 | uint16(c), i + 3
	}
	if lower {
		c = lowerASCII(c)
	}
	return uint16(c), i + 3
}

// equalFoldASCII reports whether a and b are equal when ASCII letters are
// folded to lowercase.
func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range len(a) {
		if a[i] != b[i] && lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

// A pathShape says how normalization writes a path.
type pathShape uint8

const (
	// pathEmpty: the result is empty.
	pathEmpty pathShape = iota
	// pathRooted: "/" then the segments that remove_dot_segments keeps
	// (after a "/." shield when they start with an empty one and no
	// authority precedes).
	pathRooted
	// pathRootless: a rootless path after a scheme, as section 5.2.4
	// treats it: leading "./" and "../" dropped, the segments kept
	// without a '/' in front, unless a ".." removed the first one, which
	// makes the result rooted ("s:a/../b" is "s:/b").
	pathRootless
	// pathRelative: a relative-path reference: the ".." segments with
	// nothing to remove, as "../", then the segments kept (after "./"
	// when the first is empty or holds a ':'), as appendRelativePath
	// writes them.
	pathRelative
)

// pathShape returns the shape of u's normalized path and the segments it
// is made of, still percent-encoded, separated by '/'. Dot-segments and
// percent-encodings are left to the caller.
func (u *URI) pathShape(level NormalizeLevel) (pathShape, string) {
	p := u.RawPath()
	switch {
	case p == "":
		if u.slashForEmptyPath(level) {
			return pathRooted, "" // one empty segment: "/"
		}
		return pathEmpty, ""
	case p[0] == '/':
		return pathRooted, p[1:]
	case !u.HasScheme():
		return pathRelative, p
	}
	// Rule A of section 5.2.4 drops the leading "./" and "../"; rule D
	// then drops a "." or ".." that is all that remains.
	for {
		i := strings.IndexByte(p, '/')
		if i < 0 || dotSegment(p[:i]) == 0 {
			break
		}
		p = p[i+1:]
	}
	switch {
	case p == "" || dotSegment(p) > 0:
		return pathEmpty, ""
	case p[0] == '/':
		return pathRooted, p[1:]
	}
	return pathRootless, p
}

// pathsEqual reports whether the paths of a and b, which agree on the
// presence of a scheme and an authority, normalize to the same bytes.
func pathsEqual(a, b *URI, level NormalizeLevel) bool {
	sa, pa := a.pathShape(level)
	sb, pb := b.pathShape(level)
	switch {
	case sa == pathEmpty || sb == pathEmpty:
		return sa == sb
	case sa == sb && pa == pb:
		return true
	}
	wa, wb := newDotWalk(pa), newDotWalk(pb)
	for {
		xa, oka := wa.next()
		xb, okb := wb.next()
		if oka != okb {
			return false
		}
		if !oka {
			break
		}
		if !pctEqual(xa, xb, false) {
			return false
		}
	}
	// The same segments; what comes before them: a '/' or not, and for
	// a relative path, the number of "../". The "/." and "./" in front
	// follow from the segments.
	return wa.rooted(sa) == wb.rooted(sb) && wa.ups(sa) == wb.ups(sb)
}

// A dotWalk yields the segments that remove_dot_segments keeps of a path,
// from the last to the first, without writing the result: it counts the
// ".." segments it passes, and skips as many ordinary segments before
// them. A path that ends with a dot-segment ends with an empty segment.
type dotWalk struct {
	p       string // segments separated by '/'
	end     int    // the segments still to read are those of p[:end]
	more    bool   // whether one is left
	slash   bool   // an empty last segment is still to be yielded
	pending int    // ".." segments read that have not removed a segment
	// firstGone reports that a ".." removed the first segment of p.
	firstGone bool
}

func newDotWalk(p string) dotWalk {
	return dotWalk{p: p, end: len(p), more: true, slash: dotSegment(p[strings.LastIndexByte(p, '/')+1:]) > 0}
}

// next returns the next segment kept, from the end, and false when none is
// left.
func (w *dotWalk) next() (string, bool) {
	if w.slash {
		w.slash = false
		return "", true
	}
	for w.more {
		i := strings.LastIndexByte(w.p[:w.end], '/')
		seg := w.p[i+1 : w.end]
		if i < 0 {
			w.more = false
		} else {
			w.end = i
		}
		switch dotSegment(seg) {
		case 1:
		case 2:
			w.pending++
		default:
			if w.pending == 0 {
				return seg, true
			}
			w.pending--
			w.firstGone = !w.more
		}
	}
	return "", false
}

// rooted reports whether the walked path, of shape s, is written with a
// '/' in front.
func (w *dotWalk) rooted(s pathShape) bool {
	return s == pathRooted || s == pathRootless && w.firstGone
}

// ups returns the number of "../" a walked path of shape s starts with.
func (w *dotWalk) ups(s pathShape) int {
	if s != pathRelative {
		return 0
	}
	return w.pending
}
