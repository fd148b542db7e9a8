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
//	http, https, ws, wss     "//" host [ ":" port ], with a host that is not empty
//	gopher                   "//" host [ ":" port ], likewise, then nothing or a path
//	                         (no query alone)
//	ftp                      "//" [ user [ ":" password ] "@" ] host [ ":" port ], then
//	                         nothing or a path (no query alone), and an optional
//	                         ";type=" a, i or d that ends the URL
//	telnet                   as ftp, then the path "" or "/" and no query
//	nntp                     "//" host [ ":" port ] "/" group [ "/" digits ], no query
//	wais                     "//" host [ ":" port ] "/" database [ "?" search /
//	                         "/" wtype "/" wpath ], where none of the four holds a '/',
//	                         and a search no '?'
//	prospero                 "//" host [ ":" port ] "/" path *( ";" name "=" value ),
//	                         where a name or a value holds no '/', ';' or '='
//	file                     "//" [ host ] "/" path: no userinfo, no port
//	mailto                   no authority, and a path (the addresses) or a query
//	                         (header fields only, "mailto:?to=a@b", RFC 6068) that
//	                         is not empty ("mailto:" alone, which RFC 6068 allows,
//	                         RFC 1738 does not); what they hold is not checked
//	news                     "*", a group, or an article: no authority, and
//	                         something, an '@' and a host
//
// where a group is a letter and then letters, digits, '-', '.', '+' and
// '_'; an empty port after a ':' is no port (RFC 3986 section 6.2.3); and
// a news article's host is letters, digits, '-' and '.', beginning and
// ending with a letter or a digit. Only ftp and telnet URLs take a user
// and a password (RFC 1738 sections 3.1 and 5): section 3.3 allows http
// URLs none, and RFC 9110 section 4.2.4 has recipients treat one as an
// error.
//
// RFC 1738 reads a '?' in ftp, gopher, prospero, file and news URLs as
// part of the path, where RFC 3986 starts a query: for ftp, prospero and
// news, whose shapes reach the end of the URL, CheckShape reads the path
// and the query as one, as RFC 1738 does ("news:a?b@h" is an article,
// "ftp://h/f;type=i?x" has no typecode that ends it).
//
// The checks are light: they look at the structure, not at what a host,
// an address, a port (whose range PortNumber checks) or a selector holds,
// nor, for ws and wss, at the fragment that RFC 6455 section 3 rules out,
// and not at every byte RFC 1738 reserves (a ';' in an ftp path that is
// no ";type=", a gopher selector's CR or LF, which Facts reports as
// EncodedControls). Otherwise CheckShape
// returns the offset of the first byte where u departs from the shape
// (where "//" should be, the host that is empty, the userinfo or port
// that the scheme does not take, the path byte that breaks it) and
// ErrSchemeShape; an invalid URI gives its own offset and error.
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

// An authorityShape says what the authority of a scheme's URLs takes.
type authorityShape uint8

const (
	anyHost authorityShape = 1 << iota // an empty host too ("file:///")
	login                              // a user and a password (RFC 1738 section 3.1)
	noPort                             // no port digits after the host
)

// authorityError returns -1, or the offset where u's authority departs
// from shape; a missing authority departs right after the scheme.
func (u *URI) authorityError(shape authorityShape) int {
	switch {
	case !u.HasAuthority():
		return len(u.Scheme()) + 1
	case shape&login == 0 && u.HasUserinfo(): // before the host, as in the input
		return int(u.spans[ComponentUserinfo].Start)
	case shape&anyHost == 0 && u.spans[ComponentHost].Len() == 0:
		return int(u.spans[ComponentHost].Start)
	case shape&noPort != 0 && u.spans[ComponentPort].Len() > 0:
		return int(u.spans[ComponentPort].Start)
	}
	return -1
}

// pathAndQuery returns the path and, when u has a query, '?' and the
// query: RFC 1738's path for the schemes whose paths take a '?'.
func (u *URI) pathAndQuery() string {
	end := u.spans[ComponentPath].End
	if u.HasQuery() {
		end = u.spans[ComponentQuery].End
	}
	return u.s[u.spans[ComponentPath].Start:end]
}

// shapeError returns -1, or the offset where u departs from the shape of
// its scheme (see CheckShape).
func (u *URI) shapeError() int {
	scheme := u.Scheme()
	p := u.RawPath()
	pathAt := int(u.spans[ComponentPath].Start)
	queryAt := int(u.spans[ComponentPath].End) // the '?', when there is a query
	shape := func(a authorityShape, path func() int) int {
		if off := u.authorityError(a); off >= 0 {
			return off
		}
		return path()
	}
	switch {
	case lowerEqual(scheme, "http"), lowerEqual(scheme, "https"), lowerEqual(scheme, "ws"), lowerEqual(scheme, "wss"):
		return u.authorityError(0)
	case lowerEqual(scheme, "gopher"):
		return shape(0, func() int {
			if p == "" && u.HasQuery() {
				return queryAt // a '?' where only "/" and an item may follow the host
			}
			return -1
		})
	case lowerEqual(scheme, "ftp"):
		return shape(login, func() int {
			if p == "" && u.HasQuery() {
				return queryAt // a '?' where only "/" fpath may follow the host
			}
			return ftpTypeError(u.pathAndQuery(), pathAt)
		})
	case lowerEqual(scheme, "telnet"):
		return shape(login, func() int {
			switch {
			case len(p) > 1:
				return pathAt + 1
			case u.HasQuery():
				return queryAt
			}
			return -1
		})
	case lowerEqual(scheme, "nntp"):
		return shape(0, func() int {
			if off := nntpPathError(p, pathAt); off >= 0 || !u.HasQuery() {
				return off
			}
			return queryAt
		})
	case lowerEqual(scheme, "wais"):
		return shape(0, func() int {
			if off := waisPathError(p, pathAt, u.HasQuery()); off >= 0 || !u.HasQuery() {
				return off
			}
			// A search holds no '/' and no '?' (RFC 1738 section 5).
			if i := strings.IndexAny(u.RawQuery(), "/?"); i >= 0 {
				return queryAt + 1 + i
			}
			return -1
		})
	case lowerEqual(scheme, "prospero"):
		return shape(0, func() int {
			if p == "" {
				return pathAt
			}
			return prosperoFieldsError(u.pathAndQuery(), pathAt)
		})
	case lowerEqual(scheme, "file"):
		return shape(anyHost|noPort, func() int {
			if p == "" {
				return pathAt
			}
			return -1
		})
	case lowerEqual(scheme, "mailto"):
		switch {
		case u.HasAuthority():
			return len(scheme) + 1
		case p == "" && u.RawQuery() == "":
			return pathAt
		}
	case lowerEqual(scheme, "news"):
		if u.HasAuthority() {
			return len(scheme) + 1
		}
		return newsPathError(u.pathAndQuery(), pathAt)
	}
	return -1
}

// ftpTypeError checks p, an ftp URL's path and query at offset at, for a
// ";type=" that is not one of a, i or d ending p: RFC 1738 section 3.2.2
// allows one typecode, at the end, and reserves ';' elsewhere.
func ftpTypeError(p string, at int) int {
	const param = ";type="
	i := strings.Index(p, param)
	if i < 0 {
		return -1
	}
	at += i + len(param) // the typecode
	switch t := p[i+len(param):]; {
	case t == "", !isFTPType(t[0]):
		return at
	case len(t) > 1:
		return at + 1
	}
	return -1
}

// FTPType returns the typecode of an ftp URL (RFC 1738 section 3.2.2), in
// lowercase: 'a' (ASCII text), 'i' (image, binary) or 'd' (a directory
// listing), from the ";type=" (in lowercase, as RFC 1738 spells it; the
// typecode in either case) that ends it; and false when u is no ftp URL
// in the shape CheckShape checks, or has no typecode. As in CheckShape,
// the URL's path and query are read as one ("ftp://h/f?;type=i" is the
// file "f?" in binary).
func (u *URI) FTPType() (byte, bool) {
	if !u.Valid() || !lowerEqual(u.Scheme(), "ftp") || u.shapeError() >= 0 {
		return 0, false
	}
	p := u.pathAndQuery()
	if !strings.Contains(p, ";type=") {
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
// article, where article = 1*( ... ) "@" host (RFC 1738 sections 3.6 and
// 5): the part before the '@' holds none, and the host is letters, digits,
// '-' and '.', beginning and ending with a letter or a digit.
func newsPathError(p string, at int) int {
	if p == "*" {
		return -1
	}
	if i := strings.IndexByte(p, '@'); i >= 0 {
		if i == 0 {
			return at
		}
		return hostnameError(p[i+1:], at+i+1)
	}
	switch {
	case p == "":
		return at
	case groupLen(p) < len(p):
		// Not a group, but the start of an article, to which an '@' and
		// a host are missing.
		return at + len(p)
	}
	return -1
}

// hostnameError checks h, at offset at, against RFC 1738's host, lightly:
// letters, digits, '-' and '.', beginning and ending with a letter or a
// digit. A host that ends in '-' or '.' could go on, so the offset is
// then its end.
func hostnameError(h string, at int) int {
	for i := range len(h) {
		c := h[i]
		alnum := isAlpha(c) || isDigit(c)
		if !alnum && (c != '-' && c != '.' || i == 0) {
			return at + i
		}
	}
	if h == "" || !isAlpha(h[len(h)-1]) && !isDigit(h[len(h)-1]) {
		return at + len(h)
	}
	return -1
}

// waisPathError checks p, at offset at, against "/" database [ "?" search
// | "/" wtype "/" wpath ] (RFC 1738 sections 3.9 and 5), where database,
// wtype and wpath may be empty but hold no '/': a search only after a
// database alone.
func waisPathError(p string, at int, query bool) int {
	if p == "" || p[0] != '/' {
		return at
	}
	db := strings.IndexByte(p[1:], '/')
	if db < 0 {
		return -1 // "/" database, perhaps with a search
	}
	// "/" database "/" wtype "/" wpath
	typeAt := 1 + db + 1
	t := strings.IndexByte(p[typeAt:], '/')
	if t < 0 {
		return at + len(p) // "/" wpath
	}
	pathAt := typeAt + t + 1
	if w := strings.IndexByte(p[pathAt:], '/'); w >= 0 {
		return at + pathAt + w
	}
	if query {
		return at + len(p) // no search after a document
	}
	return -1
}

// prosperoFieldsError checks the field specs that follow the first ';' of
// p, a prospero URL's path and query at offset at: each ";" name "="
// value, where neither holds a '/', a ';' or a '=' (RFC 1738 section 5).
func prosperoFieldsError(p string, at int) int {
	i := strings.IndexByte(p, ';')
	if i < 0 {
		return -1
	}
	value := false // past the field's '='
	for j := i + 1; j < len(p); j++ {
		switch p[j] {
		case ';':
			if !value {
				return at + j
			}
			value = false
		case '=':
			if value {
				return at + j
			}
			value = true
		case '/':
			return at + j
		}
	}
	if !value {
		return at + len(p) // a '=' and a value
	}
	return -1
}
