package fasturi

import "strings"

// A PathOption changes how a transformation treats the dot-segments of a
// path ("." and "..", RFC 3986 section 5.2.4). The zero value follows the
// RFC. Bits that name no option are ignored.
type PathOption uint8

const (
	// RejectPathUnderflow makes a ".." that climbs above the root an
	// error (ErrPathUnderflow), where the RFC drops it ("/a/../../b" is
	// "/b"); a rootless path climbs above its first segment ("s:.." and,
	// resolved against "urn:a:b", "../c"). When the ".." that climbs is
	// in a base URI's path, AppendResolve's error is ErrInvalidBase. A
	// proxy that maps paths to files refuses such a request rather than
	// serve what the RFC makes of it.
	//
	// AppendResolve reads dot-segments as section 5.2.4 does, where
	// "%2E%2E" is no dot-segment: it stays in the target, and a server
	// that decodes it reads "..". AppendNormalize decodes "%2E" first
	// (section 6.2.2.2) and so refuses it too, as Facts.PathUnderflow
	// flags it: check the reference that way before resolving it, and
	// the target before a path names a file. The target alone is not
	// enough: resolving "/a/.%2E/.." removes ".%2E" with the ".." after
	// it, and gives "/a/", where a server that decodes first climbs above
	// the root.
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
// Dot-segments go by section 5.2.4; "%2E" is no dot (AppendNormalize,
// which decodes it first, reads one: see there how to key links by their
// normal form). The target is written
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
// itself: in base's directory, which a merge keeps, or anywhere in it for
// a ref with an empty path, whose target keeps base's path as it is.
// Offsets are into the input of the URI they name. RejectPathUnderflow is
// no guard against paths that leave a directory: "%2E%2E" passes, as
// data, and a server that decodes it reads "..". AppendNormalize with
// RejectPathUnderflow decodes "%2E" first and refuses it, and so does a
// policy that reads Facts.PathUnderflow: of ref before resolving it, as
// resolution can drop an encoded dot-segment with the ".." after it (see
// RejectPathUnderflow), and of the target.
//
// ref is read as it was parsed: an origin-form request-target "//x/y"
// (ParseRequestTarget) is a path, and resolves as one ("https://h//x/y"),
// where ParseString("//x/y") is a network-path reference to host x.
//
// An authority-form request-target or a Host header (see
// ParseRequestTarget and ParseHostHeader) is an authority without its
// "//": it resolves as "//" and that authority do, so that base
// "https://a/b" and the Host header "example.com:8443" give
// "https://example.com:8443".
//
// AppendResolve does not allocate when dst has
// len(base.String())+len(ref.String())+2 bytes of spare capacity: the
// merged path goes there before its dot-segments are removed, and the
// target is no longer. dst must not share memory with the input of base
// or ref, which AppendResolve reads as it writes.
func AppendResolve(dst []byte, base, ref URI, opts PathOption) ([]byte, int, error) {
	return resolve(dst, &base, &ref, opts)
}

// resolve is AppendResolve, through pointers.
func resolve(dst []byte, base, ref *URI, opts PathOption) ([]byte, int, error) {
	if off, k := checkBase(base); k != 0 {
		return dst, off, k
	}
	if !ref.Valid() {
		return dst, int(ref.errOff), ref.errKind
	}
	// The target is text that lies in base's input as it is (its scheme,
	// ':', "//" and authority, the directory of its path in a merge), then
	// ref's input from some point on, or all of base up to its query and
	// then ref. Each case copies those two pieces at once, and then the
	// dot-segments of the path, dst[pathStart:pathEnd], go (section 5.2.2).
	orig, start := dst, len(dst)
	rp := ref.RawPath()
	refPath := int(ref.spans[ComponentPath].Start)
	basePath := int(base.spans[ComponentPath].Start)
	hasAuthority := base.HasAuthority() // of the target
	pathStart := 0
	from := -1    // dst[pathStart:from] holds no dot-segment, if set
	climbed := -1 // the offset in ref of a ".." that climbed above the root
	skip := 0     // the bytes of ref that are not copied
	switch {
	case ref.HasScheme():
		// ref as it is.
		hasAuthority = ref.HasAuthority()
		dst = append(dst, ref.s...)
		pathStart = start + refPath
	case ref.HasAuthority():
		// base's scheme and ':', then ref from its "//", which an
		// authority alone has not.
		dst = append(dst, base.s[:base.spans[ComponentScheme].End+1]...)
		if ref.authorityForm() {
			dst = append(dst, "//"...)
		}
		pathStart = len(dst) + refPath
		dst = append(dst, ref.s...)
		hasAuthority = true
	case rp == "":
		// base up to the end of its path, which keeps its dot-segments,
		// or of its query when ref has none; then ref's query and
		// fragment, which are all of ref. A ".." of base's path that
		// climbs is then in the target, and refused as in a merge.
		if opts&RejectPathUnderflow != 0 && segmentWithDot(base.RawPath()) >= 0 {
			if _, under := appendRemoveDotSegments(dst, base.RawPath()); under >= 0 {
				return orig, basePath + under, ErrInvalidBase
			}
		}
		end := base.spans[ComponentPath].End
		if !ref.HasQuery() && base.HasQuery() {
			end = base.spans[ComponentQuery].End
		}
		dst = append(dst, base.s[:end]...)
		return append(dst, ref.s...), -1, nil
	case rp[0] == '/':
		// base up to its path, then ref.
		dst = append(dst, base.s[:basePath]...)
		pathStart = len(dst)
		dst = append(dst, ref.s...)
	default:
		// merge (section 5.2.3): base's directory, up to the last '/' of
		// its path, or "/" after an authority with an empty path; then
		// ref.
		pathStart = start + basePath
		bp := base.RawPath()
		dir := bp[:strings.LastIndexByte(bp, '/')+1]
		if hasAuthority && bp == "" {
			dir = "/"
		}
		// Most relative references that start with a dot start with "./"
		// and "../" steps. When the directory is rooted and holds no
		// dot-segment, each "../" takes a segment off it, and neither
		// the segment nor the step need be copied.
		keep := len(dir)
		if rp[0] == '.' && dir != "" && dir[0] == '/' && segmentWithDot(dir) < 0 {
			keep, skip, climbed = leadingDotSegments(dir, rp)
			from = pathStart + keep - 1 // the directory's last '/'
		}
		if bp == "" {
			dst = append(dst, base.s[:basePath]...)
			dst = append(dst, dir...)
		} else {
			dst = append(dst, base.s[:basePath+keep]...)
		}
		dst = append(dst, ref.s[skip:]...)
	}
	refAt := len(dst) - len(ref.s) // where ref's input starts in dst, or would
	pathEnd := refAt + int(ref.spans[ComponentPath].End)
	if from < 0 {
		from = pathStart
	}

	var under int // where a ".." climbed above the root, in dst
	dst, under = removeDotSegmentsFrom(dst, pathStart, from, pathEnd)
	if (climbed >= 0 || under >= 0) && opts&RejectPathUnderflow != 0 {
		switch {
		case climbed >= 0:
			return orig, refPath + climbed, ErrPathUnderflow
		case under < refAt: // only a merge puts base's path in dst, before ref
			return orig, under - pathStart + basePath, ErrInvalidBase
		}
		return orig, under - refAt, ErrPathUnderflow
	}
	if !hasAuthority {
		dst = shieldPath(dst, pathStart)
	}
	return dst, -1, nil
}

// checkBase returns ErrInvalidBase and the offset of base's error when base
// cannot serve as a base URI (section 5.1): it is not valid (the offset of
// its error), or has no scheme (0).
func checkBase(base *URI) (int, ErrorKind) {
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
