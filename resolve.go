package fasturi

import "strings"

// A PathOption changes how a transformation treats the dot-segments of a
// path ("." and "..", RFC 3986 section 5.2.4). The zero value follows the
// RFC.
type PathOption uint8

const (
	// RejectPathUnderflow makes a ".." that climbs above the root an
	// error (ErrPathUnderflow), where the RFC drops it ("/a/../../b" is
	// "/b"). A proxy that maps paths to files refuses such a request
	// rather than serve what the RFC makes of it.
	RejectPathUnderflow PathOption = 1 << iota
)

// AppendResolve appends to dst the target URI of the reference ref
// resolved against the base URI base, by the algorithm of RFC 3986 section
// 5.2.2 (strict: a scheme in ref is always used), and returns the extended
// buffer, -1 and nil:
//
//	base   http://a/b/c/d;p?q
//	ref    ../g?y#s
//	target http://a/b/g?y#s
//
// Dot-segments go by section 5.2.4; "%2E" is no dot. The target is written
// as section 5.3 recomposes it, with one difference: when the target has no
// authority and its path starts with "//", the path is written after "/.",
// as the WHATWG URL Standard does ("foo:/a/b" and "..//c" give "foo:/.//c",
// not "foo://c", whose "c" would be a host). The target parses to a URI
// whose path is that of section 5.2.2 with the "/." removed.
//
// base must be a valid URI with a scheme (section 5.1), and ref a valid
// reference: otherwise AppendResolve returns dst unchanged, the offset and
// ErrInvalidBase (for base, with the offset of its error, or 0 when it has
// no scheme) or ref's own error kind and offset. With RejectPathUnderflow,
// a ".." that climbs above the root is ErrPathUnderflow at its offset in
// ref, or ErrInvalidBase at its offset in base when base's path climbs of
// itself. Offsets are into the input of the URI they name.
//
// AppendResolve does not allocate when dst has room for the target, which
// is at most len(base.String())+len(ref.String())+2 bytes.
func AppendResolve(dst []byte, base, ref URI, opts PathOption) ([]byte, int, error) {
	if off, k := checkBase(base); k != 0 {
		return dst, off, k
	}
	if !ref.Valid() {
		return dst, ref.ErrorOffset(), ref.errKind
	}
	start := len(dst)

	// The target begins with text that lies in one input as it is: its
	// scheme, ':', "//" and authority, and in a merge base's directory too.
	// Each case copies that text at once, then the path, and removes the
	// dot-segments of dst[pathStart:] (section 5.2.2).
	rp := ref.RawPath()
	refPath := int(ref.spans[ComponentPath].Start)
	basePath := int(base.spans[ComponentPath].Start)
	hasAuthority := base.HasAuthority() // of the target
	pathStart := 0
	under := -1     // where a ".." climbed, in dst
	underIn := 0    // what to add to it for its offset in its URI's input
	inBase := false // and whether that URI is base
	switch {
	case ref.HasScheme():
		// ref's own scheme, authority and path.
		hasAuthority = ref.HasAuthority()
		pathStart = start + refPath
		dst = append(dst, ref.s[:ref.spans[ComponentPath].End]...)
		dst, under = removeDotSegments(dst, pathStart)
		underIn = refPath - pathStart
	case ref.HasAuthority():
		// base's scheme, then ref's "//", authority and path.
		hasAuthority = true
		dst = append(dst, base.s[:base.spans[ComponentScheme].End+1]...)
		pathStart = len(dst) + refPath
		dst = append(dst, ref.s[:ref.spans[ComponentPath].End]...)
		dst, under = removeDotSegments(dst, pathStart)
		underIn = refPath - pathStart
	case rp == "":
		// base up to the end of its path, which keeps its dot-segments.
		pathStart = start + basePath
		dst = append(dst, base.s[:base.spans[ComponentPath].End]...)
	case rp[0] == '/':
		// base up to its authority, then ref's absolute path.
		dst = append(dst, base.s[:basePath]...)
		pathStart = len(dst)
		dst = append(dst, rp...)
		dst, under = removeDotSegments(dst, pathStart)
		underIn = refPath - pathStart
	default:
		// merge (section 5.2.3): base up to the last '/' of its path, or
		// "/" after an authority with an empty path; then ref's path.
		pathStart = start + basePath
		bp := base.RawPath()
		if hasAuthority && bp == "" {
			dst = append(dst, base.s[:basePath]...)
			dst = append(dst, '/')
		} else {
			dst = append(dst, base.s[:basePath+strings.LastIndexByte(bp, '/')+1]...)
		}
		refAt := len(dst)
		dst = append(dst, rp...)
		dst, under = removeDotSegments(dst, pathStart)
		if inBase = under >= 0 && under < refAt; inBase {
			underIn = basePath - pathStart
		} else {
			underIn = refPath - refAt
		}
	}
	if under >= 0 && opts&RejectPathUnderflow != 0 {
		if inBase {
			return dst[:start], under + underIn, ErrInvalidBase
		}
		return dst[:start], under + underIn, ErrPathUnderflow
	}
	if !hasAuthority {
		dst = shieldPath(dst, pathStart)
	}

	query := &ref // (a pointer: a URI is 80 bytes, too many to copy)
	if rp == "" && !ref.HasScheme() && !ref.HasAuthority() && !ref.HasQuery() {
		query = &base
	}
	if query.HasQuery() {
		dst = append(dst, '?')
		dst = append(dst, query.RawQuery()...)
	}
	if ref.HasFragment() {
		dst = append(dst, '#')
		dst = append(dst, ref.RawFragment()...)
	}
	return dst, -1, nil
}

// checkBase returns ErrInvalidBase and the offset of base's error when base
// cannot serve as a base URI (section 5.1): it is not valid (the offset of
// its error), or has no scheme (0).
func checkBase(base URI) (int, ErrorKind) {
	switch {
	case !base.Valid():
		return base.ErrorOffset(), ErrInvalidBase
	case !base.HasScheme():
		return 0, ErrInvalidBase
	}
	return -1, 0
}

// shieldPath puts "/." in front of the path at dst[pathStart:] when it
// starts with "//" and has no authority before it, so that the path cannot
// be read as an authority.
func shieldPath(dst []byte, pathStart int) []byte {
	if len(dst)-pathStart < 2 || dst[pathStart] != '/' || dst[pathStart+1] != '/' {
		return dst
	}
	dst = append(dst, "/."...)
	copy(dst[pathStart+2:], dst[pathStart:len(dst)-2])
	dst[pathStart], dst[pathStart+1] = '/', '.'
	return dst
}
