package fasturi

import (
	"strconv"
	"strings"
	"unsafe"
)

// A TargetForm is the form of an HTTP request-target (RFC 9112 section
// 3.2), which the request's method decides between.
type TargetForm uint8

const (
	// OriginForm is an absolute path and a query, the form of most
	// requests to an origin server: "/where?q=now".
	//
	//	origin-form   = absolute-path [ "?" query ]
	//	absolute-path = 1*( "/" segment )
	OriginForm TargetForm = iota + 1
	// AbsoluteForm is an absolute URI, the form of requests to a proxy:
	// "http://www.example.org/pub/WWW/TheProject.html".
	//
	//	absolute-form = absolute-URI
	//	absolute-URI  = scheme ":" hier-part [ "?" query ]
	AbsoluteForm
	// AuthorityForm is a host and a port, the form of CONNECT requests only:
	// "www.example.com:80".
	//
	//	authority-form = uri-host ":" port
	AuthorityForm
	// AsteriskForm is "*", the form of a server-wide OPTIONS request only.
	//
	//	asterisk-form = "*"
	AsteriskForm
)

var targetFormNames = [...]string{"none", "origin", "absolute", "authority", "asterisk"}

// String returns "origin", "absolute", "authority" or "asterisk", and
// "none" for the zero TargetForm.
func (f TargetForm) String() string {
	if int(f) < len(targetFormNames) {
		return targetFormNames[f]
	}
	return "TargetForm(" + strconv.Itoa(int(f)) + ")"
}

// ParseRequestTarget parses target as the request-target of an HTTP
// request with the given method (RFC 9112 section 3.2), and returns it as a
// URI with its form:
//
//   - CONNECT takes the authority-form and no other: a host that is not
//     empty, a ':' and a port of at least one digit (RFC 9110 section
//     9.3.6), without userinfo. The URI has a host and a port, and an
//     empty path. The port is syntax, any number of digits: PortNumber
//     says whether it is one a connection can have (":99999" is not).
//   - OPTIONS takes "*", the asterisk-form, whose URI is the path "*", as
//     well as the origin-form and the absolute-form.
//   - Any other method takes the origin-form, for a target that starts
//     with '/', and otherwise the absolute-form. In the origin-form, a
//     target that starts with "//" is a path, never an authority:
//     "//x/y" is the path "//x/y", as the grammar says. A host:port
//     whose host can be read as a scheme ("example.com:443",
//     "localhost:8080", but not "127.0.0.1:80") is an absolute URI there:
//     the scheme "example.com" and the path "443", with no authority. A
//     proxy that forwards absolute-form requests checks the scheme (http
//     or https) and that the host is not empty ("http:///x" and
//     "https://:443/" are absolute-URIs too, but RFC 9110 sections 4.2.1
//     and 4.2.2 have a recipient reject them, as URI.CheckShape does).
//
// Neither form has a fragment. Methods are case-sensitive (RFC 9110
// section 9.1): "connect" is no CONNECT. No whitespace is tolerated.
//
// On error the URI holds the offset in target of the first byte at which
// target stopped being a prefix of any request-target the method allows
// (see URI.ErrorOffset), and the error is its kind: the kinds of Parse, and
// ErrTargetForm for a form the method does not allow or a part the form
// cannot have (a fragment, userinfo in the authority-form, a missing port,
// a target that is neither "*" nor starts with '/' and is no absolute
// URI). The absolute-form takes userinfo, as RFC 9112's absolute-URI
// does; RFC 9110 section 4.2.4 has recipients treat it as an error, which
// Facts.Userinfo lets a caller do. The form is 0 on error.
// ParseRequestTarget does not allocate, and target does not escape. The
// URI refers to target: see the package documentation.
//
// The method is taken as it is given: ParseRequestLine checks that it is
// a token (RFC 9110 section 9.1), as net/http does for a Request's.
func ParseRequestTarget(method string, target []byte) (URI, TargetForm, error) {
	return ParseRequestTargetString(method, unsafe.String(unsafe.SliceData(target), len(target)))
}

// ParseRequestTargetString is ParseRequestTarget for a string, such as
// net/http's Request.RequestURI. It does not copy target.
func ParseRequestTargetString(method, target string) (u URI, form TargetForm, err error) {
	// Small enough to be inlined, which saves copying the URI out of it:
	// one return, and the error kind read from u.
	u.s = target
	if form = u.parseTarget(method); form == 0 {
		err = u.errKind
	}
	return u, form, err
}

// parseTarget parses u.s as a request-target for method, and returns its
// form, or 0 when it is not valid (u.errKind then says why).
func (u *URI) parseTarget(method string) TargetForm {
	s := u.s
	if uint64(len(s)) > maxLength {
		u.errKind, u.errOff = ErrTooLong, maxLength
		return 0
	}
	switch {
	case method == "CONNECT":
		return formIf(AuthorityForm, u.parseAuthorityForm())
	case len(s) > 0 && s[0] == '/':
		// The origin-form, absolute-path [ "?" query ]: a relative
		// reference whose path is absolute, but for "//", which starts no
		// authority here. The common request at once from the vector
		// masks, as in parse: at most one stop, a '?', and no byte to
		// reject; anything else walks the path.
		special, stops, _ := scanFirst(s)
		if vectorScanner && u.setPathQuery(stops) {
			return OriginForm
		}
		if u.parsePath(specials{s, 0, special}, 0, false, stops) == 0 && !u.HasFragment() {
			return OriginForm
		}
		return formIf(OriginForm, u.noFragment(u.errKind))
	case len(s) > 0 && s[0] == '*':
		switch {
		case method != "OPTIONS":
			u.fail(ErrTargetForm, 0)
			return 0
		case len(s) > 1:
			u.fail(ErrTargetForm, 1) // "*" and nothing more
			return 0
		}
		u.set(ComponentPath, 0, 1)
		return AsteriskForm
	}
	// The absolute-form: the common case, a URI with a scheme and without
	// a fragment, is settled here, as the origin-form is above: one more
	// function call would cost a short target more than these tests.
	if u.parse() == 0 && u.present&(1<<ComponentScheme|1<<ComponentFragment) == 1<<ComponentScheme {
		return AbsoluteForm
	}
	return formIf(AbsoluteForm, u.absoluteFormError())
}

// formIf returns form when the parse that returned k succeeded, and 0
// when it failed.
func formIf(form TargetForm, k ErrorKind) TargetForm {
	if k != 0 {
		return 0
	}
	return form
}

// noFragment makes the '#' of a fragment the error of a request-target,
// unless the parse it follows, whose result k is, failed before it. A '#'
// can only start a fragment, so the first one is where the target stops.
func (u *URI) noFragment(k ErrorKind) ErrorKind {
	switch {
	case k == 0 && u.HasFragment():
		return u.fail(ErrTargetForm, int(u.spans[ComponentFragment].Start)-1)
	case k != 0:
		if h := strings.IndexByte(u.s[:u.errOff], '#'); h >= 0 {
			return u.fail(ErrTargetForm, h)
		}
	}
	return k
}

// absoluteFormError returns the error of u.s as an absolute-URI, a URI
// with a scheme and without a fragment, once parse has parsed it (and
// found an error, no scheme or a fragment).
func (u *URI) absoluteFormError() ErrorKind {
	k := u.errKind
	if k == 0 && u.HasScheme() {
		return u.noFragment(0)
	}
	// Without a scheme the target is no absolute URI, whatever else it
	// would be: the first byte that cannot continue a scheme and its ':'
	// is the error. With one, the parse's own error stands.
	s := u.s
	i := schemeError(s)
	if i < 0 {
		i = len(s)
	}
	if i == 0 || i == len(s) || s[i] != ':' {
		return u.fail(ErrTargetForm, i)
	}
	return u.noFragment(k)
}

// parseAuthorityForm parses u.s as uri-host ":" port, with a port of one
// digit or more (see parseHostPort).
func (u *URI) parseAuthorityForm() ErrorKind { return u.parseHostPort(false) }

// parseHostPort parses u.s as an authority-form target, uri-host ":" port
// with a host that is not empty and a port of one digit or more; or, for
// a Host header field, as uri-host [ ":" port ], where either may be
// empty. Without userinfo, nothing before the host's end can be anything
// but host, so the first byte that breaks the host is the error, and the
// port starts at the first ':' after a reg-name or IPv4address.
func (u *URI) parseHostPort(field bool) ErrorKind {
	s := u.s
	// notHere is the kind of a byte that starts userinfo, a path, a query
	// or a fragment, which the target's form does not have, nor a Host
	// value.
	notHere := ErrTargetForm
	if field {
		notHere = ErrInvalidHost
	}
	elsewhere := func(off int) ErrorKind { return u.fail(notHere, off) }
	// broken fails at a byte that breaks the host or the port.
	broken := func(k ErrorKind, off int) ErrorKind { return u.authorityFail(k, off, notHere) }
	end := 0 // of the host
	if len(s) > 0 && s[0] == '[' {
		var typ HostType
		var k ErrorKind
		var off int
		if end, typ, k, off = parseIPLiteral(s, 0); k != 0 {
			return u.fail(k, off)
		}
		u.hostType = typ
	} else {
		for end < len(s) && s[end] != ':' {
			c := s[end]
			switch {
			case byteClass[c]&(unreserved|subDelim) != 0:
				end++
			case c == '%':
				if e := pctError(s, end); e >= 0 {
					return u.fail(ErrInvalidPercentEncoding, e)
				}
				end += 3
			case c == '@', c == '/', c == '?', c == '#':
				return elsewhere(end)
			default:
				return broken(ErrInvalidHost, end)
			}
		}
		if end == 0 && !field {
			return broken(ErrInvalidHost, 0) // nothing to connect to
		}
		u.hostType = hostType(s, 0, end)
	}
	if end == len(s) || s[end] != ':' {
		switch {
		case end < len(s) && (s[end] == '/' || s[end] == '?' || s[end] == '#'):
			return elsewhere(end)
		case end < len(s):
			return broken(ErrInvalidHost, end)
		case !field:
			return u.fail(ErrTargetForm, end) // no port
		}
		u.set(ComponentHost, 0, end)
		u.set(ComponentPath, len(s), len(s))
		return 0
	}
	p := end + 1
	if p == len(s) && !field {
		return u.fail(ErrTargetForm, p) // an empty port
	}
	for i := p; i < len(s); i++ {
		if !isDigit(s[i]) {
			if s[i] == '/' || s[i] == '?' || s[i] == '#' {
				return elsewhere(i)
			}
			return broken(ErrInvalidPort, i)
		}
	}
	u.set(ComponentHost, 0, end)
	u.set(ComponentPort, p, len(s))
	u.set(ComponentPath, len(s), len(s))
	return 0
}

// authorityFail fails an authority-form target or a Host value at offset
// off with kind k, a broken host or port; or with kind notHere when what
// comes before its first '@' is userinfo (RFC 3986 section 3.2.1), which
// neither can have, and which "u:p@h:443" breaks at the 'p', before the
// '@' shows it.
func (u *URI) authorityFail(k ErrorKind, off int, notHere ErrorKind) ErrorKind {
	s := u.s
	at := strings.IndexByte(s, '@')
	if at < 0 {
		return u.fail(k, off)
	}
	for i := 0; i < at; i++ {
		switch c := s[i]; {
		case byteClass[c]&(unreserved|subDelim) != 0, c == ':':
		case c == '%' && pctError(s, i) < 0:
			i += 2
		default:
			return u.fail(k, off) // no userinfo: the host or port is the error
		}
	}
	return u.fail(notHere, off)
}

// RequestLine is the first line of an HTTP/1.1 request (RFC 9112 section
// 3), parsed:
//
//	request-line = method SP request-target SP HTTP-version
//
// Method and Version are views of the line, and Target refers to it too.
type RequestLine struct {
	Method  string     // the method, a token, case-sensitive ("GET")
	Target  URI        // the request-target; its offsets count from its first byte, len(Method)+1 into the line (on error, see ParseRequestLine)
	Form    TargetForm // the request-target's form
	Version string     // the HTTP-version ("HTTP/1.1")

	errKind ErrorKind
	errOff  uint32
}

// ParseRequestLine parses line, without its CRLF, as an HTTP/1.1 request
// line: a method (a token, RFC 9110 section 9.1), one space, a
// request-target that the method allows (see ParseRequestTarget), one
// space, and an HTTP-version, "HTTP/" DIGIT "." DIGIT (RFC 9112 section
// 2.3), case-sensitive. Nothing else is tolerated: no second space, no tab,
// no CR or LF, nothing after the version.
//
//	GET /where?q=now HTTP/1.1
//
// On error, ErrorOffset gives the offset in line of the first byte at
// fault, and the error is its kind: ErrInvalidMethod, ErrInvalidVersion,
// ErrInvalidRequestLine for a missing or doubled space, or the target's own
// kind (ErrTargetForm, ErrInvalidPath, ...). The RequestLine then has no
// parts, and its Target is the whole line as a URI that is not valid,
// with the same kind and offset: its Err quotes the line around the
// error. ParseRequestLine does not allocate, and line does not escape.
//
// On success, Target's offsets, and those of what is read from it
// (Params, PortNumber, ...), count from the target's first byte:
// add len(r.Method)+1 for an offset in line, as NewSyntaxError(line, ...)
// takes.
func ParseRequestLine(line []byte) (RequestLine, error) {
	return ParseRequestLineString(unsafe.String(unsafe.SliceData(line), len(line)))
}

// ParseRequestLineString is ParseRequestLine for a string. It does not copy
// line.
func ParseRequestLineString(line string) (r RequestLine, err error) {
	// The parts are stored here, in the result, rather than through a
	// pointer, which would make line escape to the heap.
	if uint64(len(line)) > maxLength {
		// Reported at the first byte beyond reach, as Parse does.
		return failedLine(line, ErrTooLong, maxLength)
	}
	t, e, off, k := splitRequestLine(line)
	if k != 0 {
		return failedLine(line, k, uint32(off))
	}
	r.Method = line[:t-1]
	r.Target.s = line[t:e]
	form := r.Target.parseTarget(r.Method)
	if k := r.Target.errKind; form == 0 {
		return failedLine(line, k, uint32(t+r.Target.ErrorOffset()))
	}
	if e == len(line) {
		return failedLine(line, ErrInvalidRequestLine, uint32(e)) // no space and version after the target
	}
	if e+1 < len(line) && line[e+1] == ' ' {
		return failedLine(line, ErrInvalidRequestLine, uint32(e+1)) // a doubled space
	}
	if i := versionError(line[e+1:]); i >= 0 {
		return failedLine(line, ErrInvalidVersion, uint32(e+1+i))
	}
	r.Form, r.Version = form, line[e+1:]
	return r, nil
}

// Clone returns a copy of r that refers to a copy of its line: the same
// method, target, form, version and error, read from memory of its own,
// which stays as it is when the caller reuses the buffer r was parsed
// from (see URI.Clone). It allocates once, the line's length; nothing for
// the zero RequestLine.
func (r *RequestLine) Clone() RequestLine {
	c := *r
	if r.errKind != 0 || r.Method == "" {
		c.Target = r.Target.Clone() // a line that failed is all in Target
		return c
	}
	// A valid line is its parts with one space between each.
	line := r.Method + " " + r.Target.s + " " + r.Version
	t := len(r.Method) + 1
	c.Method, c.Target.s, c.Version = line[:t-1], line[t:t+len(r.Target.s)], line[len(line)-len(r.Version):]
	return c
}

// ErrorOffset returns -1 for a valid request line, and otherwise the offset
// in the line of its error.
func (r *RequestLine) ErrorOffset() int {
	if r.errKind == 0 {
		return -1
	}
	return int(r.errOff)
}

// splitRequestLine returns where the request-target of line starts and
// ends, after a method and one space and before the next space or the end
// of line; or the offset and kind of what is wrong with the method and
// the spaces. A target that ends the line is still returned: what is
// wrong in it comes before the missing version.
func splitRequestLine(line string) (t, e, off int, k ErrorKind) {
	m := 0
	for m < len(line) && tchar[line[m]] {
		m++
	}
	switch {
	case m == len(line):
		return 0, 0, m, ErrInvalidRequestLine // no space after a method
	case line[m] != ' ' || m == 0:
		return 0, 0, m, ErrInvalidMethod
	}
	t = m + 1
	e = t
	for e < len(line) && line[e] != ' ' {
		e++
	}
	if e == t {
		return 0, 0, e, ErrInvalidRequestLine // a doubled space, or nothing after the method's
	}
	return t, e, -1, 0
}

// versionError returns -1 when v is "HTTP/" DIGIT "." DIGIT, and otherwise
// the offset of the first byte that breaks the rule, or len(v).
func versionError(v string) int {
	const n = len("HTTP/1.1")
	for i := range len(v) {
		if i >= n || !versionByte(i, v[i]) {
			return i
		}
	}
	if len(v) < n {
		return len(v)
	}
	return -1
}

// versionByte reports whether c may be byte i of "HTTP/" DIGIT "." DIGIT.
func versionByte(i int, c byte) bool {
	switch i {
	case 5, 7:
		return isDigit(c)
	case 6:
		return c == '.'
	}
	return c == "HTTP/"[i]
}

// failedLine returns the RequestLine and the error of line with an error
// of kind k at offset off: no parts, and the line as a Target that is not
// valid. It returns them rather than setting them through a pointer, which
// would make line escape to the heap.
func failedLine(line string, k ErrorKind, off uint32) (RequestLine, error) {
	return RequestLine{
		Target:  URI{s: line, errKind: k, errOff: off},
		errKind: k,
		errOff:  off,
	}, k
}

// tchar is the set of token characters (RFC 9110 section 5.6.2), which a
// method is made of.
var tchar = [256]bool{
	'!': true, '#': true, '$': true, '%': true, '&': true, '\'': true, '*': true,
	'+': true, '-': true, '.': true, '^': true, '_': true, '`': true, '|': true, '~': true,
	'0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true, '7': true, '8': true, '9': true,
	'A': true, 'B': true, 'C': true, 'D': true, 'E': true, 'F': true, 'G': true, 'H': true, 'I': true,
	'J': true, 'K': true, 'L': true, 'M': true, 'N': true, 'O': true, 'P': true, 'Q': true, 'R': true,
	'S': true, 'T': true, 'U': true, 'V': true, 'W': true, 'X': true, 'Y': true, 'Z': true,
	'a': true, 'b': true, 'c': true, 'd': true, 'e': true, 'f': true, 'g': true, 'h': true, 'i': true,
	'j': true, 'k': true, 'l': true, 'm': true, 'n': true, 'o': true, 'p': true, 'q': true, 'r': true,
	's': true, 't': true, 'u': true, 'v': true, 'w': true, 'x': true, 'y': true, 'z': true,
}
