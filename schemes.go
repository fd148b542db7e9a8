package fasturi

import "strings"

// DefaultPort returns the port that URLs of scheme use when they name
// none, comparing the scheme case-insensitively (RFC 3986 section 3.1): the
// schemes of RFC 1738 section 3 that have a default port (ftp 21, gopher
// 70, nntp 119, telnet 23, wais 210, prospero 1525), http 80 and https 443
// (RFC 9110 section 4.2), and ws 80 and wss 443 (RFC 6455 section 3); and
// false for any other scheme.
//
//	DefaultPort("HTTPS") // 443, true
func DefaultPort(scheme string) (int, bool) {
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

// CheckShape checks u against the shape RFC 1738 gives URLs of its scheme
// (sections 3 and 5), on top of RFC 3986's syntax, which u already has, and
// returns -1 and nil when u has that shape or its scheme has none listed
// here. The shapes, with the scheme compared case-insensitively:
//
//	http, https, ws, wss     "//" host, not empty
//	ftp                      "//" host, and an optional ";type=" a, i or d ending the path
//	gopher, telnet           "//" host; for telnet, the path "" or "/" and no query
//	nntp                     "//" host "/" group [ "/" digits ]
//	wais                     "//" host "/" database [ "?" search / "/" wtype "/" wpath ]
//	prospero                 "//" host "/" path
//	file                     "//" [ host ] "/" path
//	mailto                   an address: no authority, a path that is not empty
//	news                     "*", a group, or an article: no authority, a path
//	                         with an '@' after something and a host after it
//
// where a group is a letter and then letters, digits, '-', '.', '+' and
// '_'. The checks are light: they look at the structure, not at what an
// address or a selector holds. Otherwise CheckShape returns the offset of
// the first byte where u departs from the shape (where "//" should be, the
// host that is empty, the path byte that breaks it) and ErrSchemeShape; an
// invalid URI gives its own offset and error.
func (u *URI) CheckShape() (int, error) {
	if !u.Valid() {
		return u.ErrorOffset(), u.errKind
	}
	if !u.HasScheme() {
		return -1, nil
	}
	if off := u.shapeError(); off >= 0 {
		return off, ErrSchemeShape
	}
	return -1, nil
}

// shapeError returns -1, or the offset where u departs from the shape of
// its scheme (see CheckShape).
func (u *URI) shapeError() int {
	scheme := u.Scheme()
	afterScheme := len(scheme) + 1
	p := u.RawPath()
	pathAt := int(u.spans[ComponentPath].Start)
	// needsHost checks "//" host, with a host that is not empty unless
	// empty is allowed.
	needsHost := func(empty bool) int {
		switch {
		case !u.HasAuthority():
			return afterScheme
		case !empty && u.spans[ComponentHost].Len() == 0:
			return int(u.spans[ComponentHost].Start)
		}
		return -1
	}
	switch {
	case lowerEqual(scheme, "http"), lowerEqual(scheme, "https"), lowerEqual(scheme, "ws"), lowerEqual(scheme, "wss"),
		lowerEqual(scheme, "gopher"):
		return needsHost(false)
	case lowerEqual(scheme, "ftp"):
		if off := needsHost(false); off >= 0 {
			return off
		}
		if i := strings.LastIndex(p, ";type="); i >= 0 {
			at := pathAt + i + len(";type=") // the typecode
			switch t := p[i+len(";type="):]; {
			case t == "", !isFTPType(t[0]):
				return at
			case len(t) > 1:
				return at + 1
			}
		}
	case lowerEqual(scheme, "telnet"):
		if off := needsHost(false); off >= 0 {
			return off
		}
		if len(p) > 1 || u.HasQuery() {
			return pathAt + min(len(p), 1)
		}
	case lowerEqual(scheme, "nntp"):
		if off := needsHost(false); off >= 0 {
			return off
		}
		return nntpPathError(p, pathAt)
	case lowerEqual(scheme, "wais"):
		if off := needsHost(false); off >= 0 {
			return off
		}
		return waisPathError(p, pathAt, u.HasQuery())
	case lowerEqual(scheme, "prospero"):
		if off := needsHost(false); off >= 0 {
			return off
		}
		if p == "" {
			return pathAt
		}
	case lowerEqual(scheme, "file"):
		if off := needsHost(true); off >= 0 {
			return off
		}
		if p == "" {
			return pathAt
		}
	case lowerEqual(scheme, "mailto"):
		if u.HasAuthority() {
			return afterScheme
		}
		if p == "" {
			return pathAt
		}
	case lowerEqual(scheme, "news"):
		if u.HasAuthority() {
			return afterScheme
		}
		return newsPathError(p, pathAt)
	}
	return -1
}

// FTPType returns the typecode of an ftp URL (RFC 1738 section 3.2.2), in
// lowercase: 'a' (ASCII text), 'i' (image, binary) or 'd' (a directory
// listing), from a ";type=" that ends its path; and false when u is no ftp
// URL or its path ends with no valid typecode.
func (u *URI) FTPType() (byte, bool) {
	if !u.Valid() || !lowerEqual(u.Scheme(), "ftp") {
		return 0, false
	}
	p := u.RawPath()
	const param = ";type="
	if len(p) < len(param)+1 || p[len(p)-len(param)-1:len(p)-1] != param || !isFTPType(p[len(p)-1]) {
		return 0, false
	}
	return lowerASCII(p[len(p)-1]), true
}

func isFTPType(c byte) bool {
	switch lowerASCII(c) {
	case 'a', 'i', 'd':
		return true
	}
	return false
}

// nntpPathError checks p, at offset at, against "/" group [ "/" digits ]
// (RFC 1738 section 3.7).
func nntpPathError(p string, at int) int {
	if p == "" || p[0] != '/' {
		return at
	}
	n := groupLen(p[1:])
	if n == 0 {
		return at + 1
	}
	rest := p[1+n:]
	if rest == "" {
		return -1
	}
	if rest[0] != '/' {
		return at + 1 + n
	}
	for i := 1; i < len(rest); i++ {
		if !isDigit(rest[i]) {
			return at + 1 + n + i
		}
	}
	if len(rest) == 1 {
		return at + 1 + n + 1 // an article number after the '/'
	}
	return -1
}

// groupLen returns the length of the newsgroup name that starts s, 0 if
// there is none: group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
// (RFC 1738 section 5).
func groupLen(s string) int {
	if s == "" || !isAlpha(s[0]) {
		return 0
	}
	i := 1
	for i < len(s) && (isAlpha(s[i]) || isDigit(s[i]) || strings.IndexByte("-.+_", s[i]) >= 0) {
		i++
	}
	return i
}

// newsPathError checks p, at offset at, against grouppart = "*" | group |
// article, where article = 1*( ... ) "@" host (RFC 1738 section 3.6).
func newsPathError(p string, at int) int {
	if p == "*" {
		return -1
	}
	if i := strings.LastIndexByte(p, '@'); i >= 0 {
		switch {
		case i == 0:
			return at
		case i == len(p)-1:
			return at + len(p) // a host after the '@'
		}
		return -1
	}
	n := groupLen(p)
	if n == 0 || p == "" {
		return at
	}
	if n < len(p) {
		return at + n
	}
	return -1
}

// waisPathError checks p, at offset at, against "/" database [ "?" search
// | "/" wtype "/" wpath ] (RFC 1738 section 3.9): a search only after a
// database alone.
func waisPathError(p string, at int, query bool) int {
	if p == "" || p[0] != '/' {
		return at
	}
	db := strings.IndexByte(p[1:], '/')
	if db == 0 || len(p) == 1 {
		return at + 1 // a database
	}
	if db < 0 {
		return -1
	}
	// "/" database "/" wtype "/" wpath
	rest := p[1+db+1:]
	t := strings.IndexByte(rest, '/')
	switch {
	case t == 0:
		return at + 1 + db + 1 // a wtype
	case t < 0:
		return at + len(p) // "/" wpath
	case query:
		return at + len(p) // no search after a document
	}
	return -1
}
