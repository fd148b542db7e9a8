package fasturi

import (
	"strings"
	"unsafe"
)

// AppendRelative appends to dst the shortest reference that resolves
// against base to target, the inverse of AppendResolve (RFC 3986 sections
// 4.2 and 5.2), and returns the extended buffer, -1 and nil:
//
//	base      http://a/b/c/d;p?q
//	target    http://a/b/g?y
//	reference ../g?y
//
// The reference keeps as much of base as it can, and takes one of these
// forms (section 4.2):
//
//   - "", "#f", "?q" or "?q#f" when target has base's scheme, authority
//     and path: the empty reference when the query is base's too. A
//     reference with an empty path keeps base's query (section 5.2.2), so
//     a target without a query against a base with one takes a path, or,
//     when its path is empty, a network-path reference.
//   - a relative path: one "../" for each segment of base's directory
//     (its path up to the last "/", section 5.2.3, without dot-segments)
//     that target's path does not start with, then the rest of target's
//     path. A path that ends at the directory, or is empty, is "." or
//     "../.." rather than "./" or "../../" ("." gives http://a/b/c/
//     above). A first segment that holds a ':', which would read as a
//     scheme, or is empty, which would make the reference start with
//     "//", gets "./" before it ("./x:y", ".//x").
//   - an absolute path, "/g"; "/." before a path that starts with "//".
//   - a network-path reference, "//g/x", when target shares only base's
//     scheme, or has an authority and an empty path where base's path is
//     not empty or base has a query that target has not ("//a" for
//     http://a against http://a/ and against http://a?q).
//   - target itself, when the schemes differ, when target has no
//     authority and base has one, or when it is shortest (s:a/x against
//     s:a/b/c/d/e, where a relative path would be "../../../x").
//
// Of the forms that resolve to target, the shortest wins, and on a tie the
// first of this order: relative path, absolute path, network-path
// reference, target. So "g" gives http://a/b/c/g, "../g" (not "/b/g")
// http://a/b/g, and "/g" (not "../../g") http://a/g.
//
// Components compare as written, byte for byte: the schemes "HTTP" and
// "http" differ, and so do the hosts "A" and "a", and "%41" and "A" in a
// path. Normalize both URIs first (AppendNormalize) for a reference that
// ignores such differences.
//
// Against a base without an authority whose path has no "/" (an opaque
// path, such as mailto:a@b), a relative path is target's path as it is
// ("./" before it as above); a rooted target path takes an absolute path
// there, never longer than the relative "./" form: "/.//x" for s:/.//x
// against s:, rather than the ".///x" of the same length.
// Against a base whose path is rootless (s:a/b/c), a relative path reaches
// only targets whose path starts with the same segment; others take an
// absolute path or the target.
//
// AppendResolve(base, reference) gives target back, byte for byte, with
// one exception: a target whose path has dot-segments ("." or ".."),
// which resolution removes, unless a reference with an empty path gives it
// (that keeps base's path as it is, dot-segments and all, and base's query
// unless it has its own). No reference resolves to such a target;
// AppendRelative returns the shortest reference to what target itself
// resolves to, its path without dot-segments (what AppendResolve(dst,
// base, target, 0) gives): "../g" for http://a/b/x/../g against the base
// above. A path that AppendResolve writes after "/." ("foo:/.//c") is no
// exception. The reference is never longer than target, and never climbs
// above the root: resolving it with RejectPathUnderflow gives the same
// target, unless base's own path climbs.
//
// base and target must be valid URIs with a scheme: otherwise
// AppendRelative returns dst unchanged, an offset and ErrInvalidBase (for
// base, with the offset of its error, or 0 when it has no scheme), target's
// own error kind and offset, or ErrRelativeTarget at 0 for a target
// without a scheme.
//
// AppendRelative does not allocate when dst has room for
// 2*len(target.String())+len(base.String()) more bytes, and
// len(target.String()) is room enough when neither path has dot-segments.
// dst must not share memory with the input of base or target, which
// AppendRelative reads as it writes.
func AppendRelative(dst []byte, base, target URI) ([]byte, int, error) {
	if off, k := checkBase(&base); k != 0 {
		return dst, off, k
	}
	switch {
	case !target.Valid():
		return dst, target.ErrorOffset(), target.errKind
	case !target.HasScheme():
		return dst, 0, ErrRelativeTarget
	}
	start := len(dst)

	// y is the path resolution gives target (section 5.2.4). When it
	// differs from target's own, dst[start:] holds it until the reference
	// is written.
	tp, bp := target.RawPath(), base.RawPath()
	y := tp
	if hasDotSegment(tp) {
		dst, _ = appendRemoveDotSegments(dst, tp)
		y = viewString(dst[start:])
	}

	auth, hasAuth := target.RawAuthority(), target.HasAuthority()
	sameScheme := target.Scheme() == base.Scheme()
	sameAuth := sameScheme && hasAuth == base.HasAuthority() && auth == base.RawAuthority()
	if sameAuth && (tp == bp || writesPath(bp, y, hasAuth)) && (target.HasQuery() || !base.HasQuery()) {
		// A reference with an empty path: base's path as it is.
		ref := len(dst)
		if target.HasQuery() && (!base.HasQuery() || target.RawQuery() != base.RawQuery()) {
			dst = append(dst, '?')
			dst = append(dst, target.RawQuery()...)
		}
		return endRelative(dst, target, start, ref), -1, nil
	}

	// The length of each form, -1 for those that cannot reach y. The last
	// form, the target with y as its path, always can, and is no longer
	// than the target.
	whole := len(target.Scheme()) + 1 + len(y)
	if hasAuth {
		whole += 2 + len(auth)
	} else if strings.HasPrefix(y, "//") {
		whole += 2
	}
	relLen, absLen, netLen := -1, -1, -1
	var n int     // "../" steps of the relative path
	var q string  // what follows them
	if sameAuth { // a path alone keeps base's scheme and authority
		// base's directory, as merging (section 5.2.3) and removing the
		// dot-segments of the merged path use it.
		d := bp[:strings.LastIndexByte(bp, '/')+1]
		if base.HasAuthority() && bp == "" {
			d = "/"
		}
		if hasDotSegment(d) {
			at := len(dst)
			dst, _ = appendRemoveDotSegments(dst, d)
			d = viewString(dst[at:])
		}
		var ok bool
		// n is bounded before 3*n is taken, so that it cannot overflow: a
		// relative path longer than the target form loses anyway.
		if n, q, ok = relativePath(d, y); ok && n <= whole/3+1 {
			relLen = relativeLen(n, q)
		}
		if y != "" && y[0] == '/' {
			absLen = len(y)
			if strings.HasPrefix(y, "//") {
				absLen += 2
			}
		}
	}
	if sameScheme && hasAuth {
		netLen = 2 + len(auth) + len(y)
	}

	ref := len(dst)
	switch {
	case relLen >= 0 && relLen <= whole && (absLen < 0 || relLen <= absLen) && (netLen < 0 || relLen <= netLen):
		dst = appendStepsPath(dst, n, q)
	case absLen >= 0 && absLen <= whole && (netLen < 0 || absLen <= netLen):
		dst = appendBarePath(dst, y)
	case netLen >= 0 && netLen <= whole:
		dst = append(dst, "//"...)
		dst = append(dst, auth...)
		dst = append(dst, y...)
	default:
		dst = append(dst, target.Scheme()...)
		dst = append(dst, ':')
		if hasAuth {
			dst = append(dst, "//"...)
			dst = append(dst, auth...)
			dst = append(dst, y...)
		} else {
			dst = appendBarePath(dst, y)
		}
	}
	// A reference with a path, an authority or a scheme has its own query.
	if target.HasQuery() {
		dst = append(dst, '?')
		dst = append(dst, target.RawQuery()...)
	}
	return endRelative(dst, target, start, ref), -1, nil
}

// endRelative appends target's fragment, if any, to the reference at
// dst[ref:], and moves the reference to dst[start:], over what was kept
// there in the meantime.
func endRelative(dst []byte, target URI, start, ref int) []byte {
	if target.HasFragment() {
		dst = append(dst, '#')
		dst = append(dst, target.RawFragment()...)
	}
	if ref == start {
		return dst
	}
	return dst[:start+copy(dst[start:], dst[ref:])]
}

// viewString returns b as a string without copying it. The caller keeps b's
// bytes unchanged while it uses the string.
func viewString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// hasDotSegment reports whether the path p has a segment "." or "..", the
// only segments that removing dot-segments (section 5.2.4) changes. Such a
// segment starts the path or follows a "/.", which most paths lack.
func hasDotSegment(p string) bool {
	for i := 0; i < len(p); i++ {
		if i > 0 || p[0] != '.' {
			j := strings.Index(p[i:], "/.")
			if j < 0 {
				return false
			}
			i += j + 1
		}
		// p[i] is the '.' that starts a segment.
		if rest := p[i+1:]; rest == "" || rest[0] == '/' || rest[0] == '.' && (len(rest) == 1 || rest[1] == '/') {
			return true
		}
	}
	return false
}

// relativePath returns how a relative path reaches the path y from the
// directory d (base's, without dot-segments: "", or ending with '/'):
// n "../" steps, which remove the last n segments of d, then q. It reports
// false when no relative path does.
//
// Merging appends the relative path to d, and removing dot-segments then
// keeps the rootless or rooted shape of d, until the steps remove every
// segment of a rootless d: the rest is then rooted ("a/../c" is "/c").
func relativePath(d, y string) (n int, q string, ok bool) {
	rootedY := y != "" && y[0] == '/'
	switch {
	case d == "":
		return 0, y, !rootedY
	case d[0] != '/' && rootedY: // climb out of every segment
		return strings.Count(d, "/"), y[1:], true
	case d[0] == '/' && !rootedY:
		return 0, "", false
	}
	// Keep the segments of d that y starts with; d ends with '/', so every
	// '/' in d ends one.
	i := 0
	for i < len(d) && i < len(y) && d[i] == y[i] {
		i++
	}
	j := strings.LastIndexByte(d[:i], '/') + 1
	if j == 0 { // rootless, with a different first segment
		return 0, "", false
	}
	return strings.Count(d[j:], "/"), y[j:], true
}

// relativeLen returns the length of the relative path appendStepsPath
// writes.
func relativeLen(n int, q string) int {
	switch {
	case q == "" && n == 0:
		return 1 // "."
	case q == "":
		return 3*n - 1 // "../.."
	case n == 0 && needsDotSlash(q):
		return 2 + len(q)
	}
	return 3*n + len(q)
}

// appendStepsPath appends n "../" steps and then q, as a relative path
// that is not empty, has no scheme and does not start with "//".
func appendStepsPath(dst []byte, n int, q string) []byte {
	switch {
	case q == "" && n == 0:
		return append(dst, '.')
	case n == 0 && needsDotSlash(q):
		dst = append(dst, "./"...)
	}
	if q == "" { // "../.." names the directory, like "../../"
		for range n - 1 {
			dst = append(dst, "../"...)
		}
		return append(dst, ".."...) // not "../" then cut: that byte may not fit
	}
	for range n {
		dst = append(dst, "../"...)
	}
	return append(dst, q...)
}

// needsDotSlash reports whether q, at the start of a relative reference,
// would read as something else: a first segment that holds a ':' as a
// scheme (section 4.2), an empty one as an absolute path or an authority.
func needsDotSlash(q string) bool {
	for i := 0; i < len(q); i++ {
		switch q[i] {
		case ':':
			return true
		case '/':
			return i == 0
		}
	}
	return false
}

// writesPath reports whether p is the path y as AppendResolve writes it:
// after "/." when it starts with "//" and no authority precedes it.
func writesPath(p, y string, authority bool) bool {
	if authority || !strings.HasPrefix(y, "//") {
		return p == y
	}
	return len(p) == len(y)+2 && p[:2] == "/." && p[2:] == y
}

// appendBarePath appends the path y where no authority precedes it: after
// "/." when it starts with "//", so that it cannot read as an authority
// (removing dot-segments gives y back, as in AppendResolve).
func appendBarePath(dst []byte, y string) []byte {
	if strings.HasPrefix(y, "//") {
		dst = append(dst, "/."...)
	}
	return append(dst, y...)
}
