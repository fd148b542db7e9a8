package fasturi

import (
	"iter"
	"strings"
	"unsafe"
)

// A Violation is a rule of RFC 3986 that an input broke: which, the
// offset of the first byte that broke it, and the component, as Split
// divides the input, whose rule that is. The component tells apart what
// the kind alone does not: a bad percent-encoding in the host from one in
// the path, or a ':' in the first segment of a relative path
// (ErrInvalidScheme in ComponentPath, ":b") from a bad scheme
// (ErrInvalidScheme in ComponentScheme, "1a:b"). ErrTooLong is the whole
// input's, in no component: its Component is the zero value, which is
// ComponentScheme, so look at Kind first.
type Violation struct {
	Kind      ErrorKind // the rule, by the error it gives
	Offset    int       // the offset in the input of the first byte that broke it
	Component Component // the component whose rule it is
}

// Violations lists the rules an input breaks: for each component, the first
// byte of it that breaks a rule, in input order, so at most one for each of
// the seven components. A percent-encoding that the end of its component
// cuts short ("//h%/x") breaks the rule at that end, the offset of the next
// component's delimiter or of the end of the input. The zero value is
// empty.
type Violations struct {
	n    uint8
	list [numComponents]struct {
		kind ErrorKind
		comp Component
		off  uint32
	}
}

// Len returns the number of violations.
func (v *Violations) Len() int { return int(v.n) }

// At returns violation i, for 0 <= i < Len().
func (v *Violations) At(i int) Violation {
	if uint(i) >= uint(v.n) {
		panic("fasturi: Violations.At index out of range")
	}
	return Violation{Kind: v.list[i].kind, Offset: int(v.list[i].off), Component: v.list[i].comp}
}

// All returns an iterator over the violations, in input order.
func (v *Violations) All() iter.Seq[Violation] {
	return func(yield func(Violation) bool) {
		for i := range int(v.n) {
			if !yield(v.At(i)) {
				return
			}
		}
	}
}

func (v *Violations) add(c Component, k ErrorKind, off int) {
	if int(v.n) < len(v.list) {
		v.list[v.n].kind, v.list[v.n].comp, v.list[v.n].off = k, c, uint32(off)
		v.n++
	}
}

// Split splits b into components the way the regular expression of RFC 3986
// Appendix B does, so it accepts any input (shorter than 4 GiB: a longer
// one is ErrTooLong, with no component, as for Parse):
//
//	^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//
// The authority then splits into userinfo (up to the last '@'), host and
// port: a host that starts with '[' runs to its first ']', or to the end of
// the authority when there is none ("[::1"), and on to the first ':' after
// that ("[::1]x:80" is host "[::1]x"); any other host runs to the first
// ':'. The port is the rest after that ':'.
//
// Split is for logs, where input is whatever was written. It reports, for
// each component, the first byte that breaks a rule of RFC 3986, and has no
// violation exactly when Parse accepts the input, in which case both give
// the same URI. Otherwise the URI is not Valid, and its Err and ErrorOffset
// describe the first violation; its accessors still return the components,
// unvalidated. A host that matches no rule has type HostRegName. Split does
// not allocate.
//
// The operations that take only valid URIs (see the package documentation)
// refuse such a URI. To read a component of an invalid line
// anyway, at the caller's own risk, pass it to the functions that take
// text: netip.ParseAddr(u.RawHost()) (without the brackets of an IP
// literal), NewParams(u.RawQuery(), 0, limit), NewSegments(u.RawPath()).
//
// A violation is a component's, as Appendix B splits the input, so its kind
// and offset can differ from Parse's error, which is where the input stops
// being a prefix of any URI reference: in "http://a:b:c/" Split finds the
// port "b:c" broken at the 'b' (ErrInvalidPort at 9), while Parse reads on
// to the '/' (at 12), up to which "a:b:c" could still be userinfo; in
// "http://a@b@c/" Split breaks the userinfo "a@b" at its '@' (8), Parse the
// host at the second '@' (10).
//
// The URI refers to b: see the package documentation.
func Split(b []byte) (u URI, v Violations) {
	// SplitString's body, which inlining SplitString would make too
	// large to inline here.
	u.s = unsafe.String(unsafe.SliceData(b), len(b))
	u.parseOrSplit(&v)
	return
}

// SplitString is Split for a string. It does not copy s.
func SplitString(s string) (u URI, v Violations) {
	// Most log lines are valid, and on valid input the strict parse gives
	// the same URI, faster. Small enough to be inlined, as ParseString is,
	// which saves copying the URI and the violations out of a call.
	u.s = s
	u.parseOrSplit(&v)
	return
}

// parseOrSplit parses u.s strictly and, when that fails, splits it again:
// into u, with its other fields zeroed first, and v. It zeroes them one by
// one: storing u.s through u, as *u = URI{s: u.s} would, makes the input
// escape, and a buffer on the caller's stack move to the heap.
func (u *URI) parseOrSplit(v *Violations) {
	if u.parse() != 0 {
		u.spans, u.errOff, u.present, u.hostType, u.errKind = [numComponents]Span{}, 0, 0, 0, 0
		u.split(v)
	}
}

// split splits u.s into u, whose other fields are zero, records the
// violations in v, and makes the first one u's error. Like parse, it does
// not store u.s through a pointer.
func (u *URI) split(v *Violations) {
	s := u.s
	if uint64(len(s)) > maxLength {
		v.list[0].kind, v.list[0].off, v.n = ErrTooLong, maxLength, 1
		u.errKind, u.errOff = ErrTooLong, maxLength
		return
	}
	sp := newSpecials(s)
	i := 0
	probe := sp
	if j := probe.find(':', '/', '?', '#'); j > 0 && j < len(s) && s[j] == ':' {
		u.set(ComponentScheme, 0, j)
		i = j + 1
		probe.advance()
		sp = probe
	}
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		sp.seek(i + 2)
		end := sp.find('/', '?', '#', '#')
		u.splitAuthority(i+2, end)
		i = end
	}
	j := sp.find('?', '#', '#', '#')
	u.set(ComponentPath, i, j)
	if j < len(s) && s[j] == '?' {
		sp.advance()
		k := sp.find('#', '#', '#', '#')
		u.set(ComponentQuery, j+1, k)
		j = k
	}
	if j < len(s) {
		u.set(ComponentFragment, j+1, len(s))
	}
	u.violations(v)
	if v.n > 0 {
		u.errKind, u.errOff = v.list[0].kind, v.list[0].off
	}
}

// find returns the offset of the next special byte that is one of b0, b1,
// b2 and b3, or len(s), and moves past the specials before it.
func (c *specials) find(b0, b1, b2, b3 byte) int {
	for {
		j := c.peek()
		if j >= len(c.s) {
			return j
		}
		if x := c.s[j]; x == b0 || x == b1 || x == b2 || x == b3 {
			return j
		}
		c.advance()
	}
}

// splitAuthority records the userinfo, host and port of s[a:end] without
// judging them.
func (u *URI) splitAuthority(a, end int) {
	s := u.s
	hostStart := a
	if at := strings.LastIndexByte(s[a:end], '@'); at >= 0 {
		u.set(ComponentUserinfo, a, a+at)
		hostStart = a + at + 1
	}
	portFrom := hostStart // where to look for the port's ':'
	if hostStart < end && s[hostStart] == '[' {
		if rb := strings.IndexByte(s[hostStart:end], ']'); rb >= 0 {
			portFrom = hostStart + rb + 1
		} else {
			portFrom = end
		}
	}
	hostEnd := end
	if c := strings.IndexByte(s[portFrom:end], ':'); c >= 0 {
		hostEnd = portFrom + c
		u.set(ComponentPort, hostEnd+1, end)
	}
	u.set(ComponentHost, hostStart, hostEnd)
	u.hostType = HostRegName
}

// violations checks each component of a split URI against its rule and
// records the first violation in each. Ordinary bytes are valid everywhere
// but in the scheme and the port, so those two are checked byte by byte and
// the others only at their special bytes.
func (u *URI) violations(v *Violations) {
	s := u.s
	if u.Has(ComponentScheme) {
		if off := schemeError(u.Scheme()); off >= 0 {
			v.add(ComponentScheme, ErrInvalidScheme, off)
		}
	}

	// Walk the special bytes once, component by component.
	sp := newSpecials(s)
	for c := ComponentUserinfo; c < numComponents; c++ {
		if !u.Has(c) {
			continue
		}
		start, end := int(u.spans[c].Start), int(u.spans[c].End)
		sp.seek(start)
		if k, off := u.componentViolation(c, &sp, start, end); k != 0 {
			v.add(c, k, off)
		}
	}
}

// componentViolation returns the first violation in component c, which
// spans s[start:end], walking its special bytes with sp.
func (u *URI) componentViolation(c Component, sp *specials, start, end int) (ErrorKind, int) {
	s := u.s[:end] // a '%' at the end of a component is cut short
	switch c {
	case ComponentPort:
		for k := start; k < end; k++ {
			if !isDigit(s[k]) {
				return ErrInvalidPort, k
			}
		}
		return 0, 0
	case ComponentHost:
		if start < end && s[start] == '[' {
			litEnd, typ, k, off := parseIPLiteral(s, start)
			if k != 0 {
				return k, off
			}
			if litEnd != end {
				return ErrInvalidHost, litEnd // and the host matches no rule
			}
			u.hostType = typ
			return 0, 0
		}
		u.hostType = hostType(s, start, end)
	}
	noColon := c == ComponentPath && !u.Has(ComponentScheme) && !u.Has(ComponentHost)
	for {
		j := sp.peek()
		if j >= end {
			return 0, 0 // the special at end, if any, belongs to what follows
		}
		sp.advance()
		ch := s[j]
		if ch == '%' {
			if e := pctError(s, j); e >= 0 {
				return ErrInvalidPercentEncoding, e
			}
			continue
		}
		switch c {
		case ComponentUserinfo:
			if ch == ':' {
				continue
			}
			return ErrInvalidUserinfo, j
		case ComponentHost:
			return ErrInvalidHost, j
		case ComponentPath:
			switch ch {
			case '/':
				noColon = false
				continue
			case ':':
				if noColon {
					return ErrInvalidScheme, j
				}
				continue
			case '@':
				continue
			}
			return ErrInvalidPath, j
		case ComponentQuery, ComponentFragment:
			switch ch {
			case '/', '?', ':', '@':
				continue
			}
			if c == ComponentQuery {
				return ErrInvalidQuery, j
			}
			return ErrInvalidFragment, j
		}
	}
}
