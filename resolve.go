package fasturi

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
	switch {
	case !base.Valid():
		return dst, base.ErrorOffset(), ErrInvalidBase
	case !base.HasScheme():
		return dst, 0, ErrInvalidBase
	case !ref.Valid():
		return dst, ref.ErrorOffset(), ref.errKind
	}
	start := len(dst)

	// Where each part of the target comes from (section 5.2.2): ref's own
	// path with a scheme or an authority, else base's scheme and authority.
	// (Pointers: a URI is 80 bytes, too many to copy three times.)
	own := ref.HasScheme() || ref.HasAuthority()
	scheme, auth, query := &base, &base, &ref
	if ref.HasScheme() {
		scheme = &ref
	}
	if own {
		auth = &ref
	} else if ref.RawPath() == "" && !ref.HasQuery() {
		query = &base
	}

	dst = append(dst, scheme.Scheme()...)
	dst = append(dst, ':')
	if auth.HasAuthority() {
		dst = append(dst, "//"...)
		dst = append(dst, auth.RawAuthority()...)
	}

	pathStart := len(dst)
	under := -1     // where a ".." climbed, in dst
	underIn := 0    // the offset of dst's bytes there in their URI's input
	inBase := false // and whether that URI is base
	switch rp := ref.RawPath(); {
	case !own && rp == "":
		// The base's path as it is: section 5.2.2 removes no dot-segment.
		dst = append(dst, base.RawPath()...)
	case own || rp[0] == '/':
		dst = append(dst, rp...)
		dst, under = removeDotSegments(dst, pathStart)
		underIn = int(ref.spans[ComponentPath].Start) - pathStart
	default:
		// merge (section 5.2.3), then remove the dot-segments of both.
		if base.HasAuthority() && base.RawPath() == "" {
			dst = append(dst, '/')
		} else {
			bp := base.RawPath()
			for i := len(bp) - 1; i >= 0; i-- {
				if bp[i] == '/' {
					dst = append(dst, bp[:i+1]...)
					break
				}
			}
		}
		refAt := len(dst)
		dst = append(dst, rp...)
		dst, under = removeDotSegments(dst, pathStart)
		if inBase = under >= 0 && under < refAt; inBase {
			underIn = int(base.spans[ComponentPath].Start) - pathStart
		} else {
			underIn = int(ref.spans[ComponentPath].Start) - refAt
		}
	}
	if under >= 0 && opts&RejectPathUnderflow != 0 {
		if inBase {
			return dst[:start], under + underIn, ErrInvalidBase
		}
		return dst[:start], under + underIn, ErrPathUnderflow
	}
	if !auth.HasAuthority() {
		dst = shieldPath(dst, pathStart)
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
