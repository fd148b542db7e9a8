package main

import (
	"bytes"
	"io"
	"strings"

	"github.com/fasturi/fasturi"
)

const decodeSynopsis = "fasturi decode [-component NAME] [-plus] [-no-controls] [-json]\n" +
	"       [-q] [-o FILE] [-max-line SIZE] [FILE...]"

// A componentCheck says which bytes a component takes as they are, and
// which error kind a byte it does not take is.
type componentCheck struct {
	raw  [256]bool
	kind fasturi.ErrorKind
	host bool // a host may be an IP literal instead, "[...]"
}

// The character classes of RFC 3986 Appendix A.
const (
	alphaDigit = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	unreserved = alphaDigit + "-._~"
	subDelims  = "!$&'()*+,;="
	pchar      = unreserved + subDelims + ":@" // and pct-encoded
)

func newComponentCheck(kind fasturi.ErrorKind, raw string) *componentCheck {
	c := &componentCheck{kind: kind}
	for i := range len(raw) {
		c.raw[raw[i]] = true
	}
	return c
}

// componentChecks are the components of -component, by their ABNF
// (percent-encodings aside, which all of them take).
var componentChecks = map[string]*componentCheck{
	// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
	"userinfo": newComponentCheck(fasturi.ErrInvalidUserinfo, unreserved+subDelims+":"),
	// host = IP-literal / IPv4address / reg-name, and
	// reg-name = *( unreserved / pct-encoded / sub-delims ) takes every
	// IPv4address.
	"host": func() *componentCheck {
		c := newComponentCheck(fasturi.ErrInvalidHost, unreserved+subDelims)
		c.host = true
		return c
	}(),
	// path = segments of pchar, with "/" between them
	"path": newComponentCheck(fasturi.ErrInvalidPath, pchar+"/"),
	// query = fragment = *( pchar / "/" / "?" )
	"query":    newComponentCheck(fasturi.ErrInvalidQuery, pchar+"/?"),
	"fragment": newComponentCheck(fasturi.ErrInvalidFragment, pchar+"/?"),
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

// check reports the first byte of line that the component does not take,
// as its error kind and offset, or 0 and -1 when line is such a component.
// A '%' not followed by two hex digits is ErrInvalidPercentEncoding at the
// first byte that is not one, as for AppendDecode. A host that starts with
// '[' is an IP literal, which the library's parser checks in buf's spare
// room; check returns buf, perhaps grown, with its length unchanged.
func (c *componentCheck) check(buf, line []byte) ([]byte, fasturi.ErrorKind, int) {
	if c.host && len(line) > 0 && line[0] == '[' {
		return checkIPLiteral(buf, line)
	}
	for i := 0; i < len(line); i++ {
		b := line[i]
		if c.raw[b] {
			continue
		}
		if b != '%' {
			return buf, c.kind, i
		}
		switch {
		case i+1 >= len(line) || !isHex(line[i+1]):
			return buf, fasturi.ErrInvalidPercentEncoding, i + 1
		case i+2 >= len(line) || !isHex(line[i+2]):
			return buf, fasturi.ErrInvalidPercentEncoding, i + 2
		}
		i += 2
	}
	return buf, 0, -1
}

// ipLiteralPrefix puts a host alone in an authority, where Parse reads it.
const ipLiteralPrefix = "s://"

// checkIPLiteral checks a host that starts with '[': an IP literal up to
// the first ']' (RFC 3986 section 3.2.2, and RFC 6874's zone IDs), parsed
// as the host of s://line/ in buf's spare room, and nothing after it.
func checkIPLiteral(buf, line []byte) ([]byte, fasturi.ErrorKind, int) {
	end := bytes.IndexByte(line, ']') + 1 // 0: no ']'
	lit := line
	if end > 0 {
		lit = line[:end]
	}
	n := len(buf)
	t := append(buf, ipLiteralPrefix...)
	t = append(t, lit...)
	t = append(t, '/')
	u, err := fasturi.Parse(t[n:])
	buf = t[:n]
	if err != nil {
		// The first byte the literal does not take: the parser may have
		// read it as ending the authority, or as a userinfo's '@', but
		// inside the literal every fault is the literal's.
		off := min(max(u.ErrorOffset()-len(ipLiteralPrefix), 0), len(lit))
		if err != fasturi.ErrInvalidPercentEncoding {
			return buf, fasturi.ErrInvalidIPLiteral, off
		}
		return buf, fasturi.ErrInvalidPercentEncoding, off
	}
	if sp := u.Span(fasturi.ComponentHost); int(sp.Start) != len(ipLiteralPrefix) || int(sp.End) != len(ipLiteralPrefix)+len(lit) {
		return buf, fasturi.ErrInvalidHost, max(int(sp.End)-len(ipLiteralPrefix), 0)
	}
	if end < len(line) {
		return buf, fasturi.ErrInvalidHost, end // text after the ']'
	}
	return buf, 0, -1
}

// decodeLine returns the transform of decode. For text output (text true),
// a result with a CR or LF in it would break the rule of one output line
// per input line, so such a line is invalid, ErrControlCharacter at the
// byte or the percent-encoding that gives it.
func decodeLine(comp *componentCheck, opts fasturi.DecodeOption, text bool) transform {
	return func(dst, line []byte) ([]byte, string, int) {
		if comp != nil {
			var kind fasturi.ErrorKind
			var off int
			if dst, kind, off = comp.check(dst, line); kind != 0 {
				return dst, kind.Message(), off
			}
		}
		n := len(dst)
		out, off, err := fasturi.AppendDecode(dst, asString(line), opts)
		if err != nil {
			return out[:n], errorMessage(err), off
		}
		if text && bytes.ContainsAny(out[n:], "\r\n") {
			return out[:n], fasturi.ErrControlCharacter.Message(), lineBreakAt(line)
		}
		return out, "", 0
	}
}

// lineBreakAt returns the offset of the first CR or LF in line, as it is
// or percent-encoded, or -1.
func lineBreakAt(line []byte) int {
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\r', '\n':
			return i
		case '%':
			if i+2 < len(line) && line[i+1] == '0' && strings.IndexByte("aAdD", line[i+2]) >= 0 {
				return i
			}
		}
	}
	return -1
}

func runDecode(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newCommand("decode", decodeSynopsis,
		"Percent-decode (RFC 3986 section 2.1) each line of each FILE (standard\n"+
			"input if none, or for -), in order. Text output refuses a result with a\n"+
			"CR or LF in it, which would be more than one line: it is invalid there,\n"+
			"and valid with -json, whose \"out\" escapes them. The result holds what\n"+
			"each encoding stood for, delimiters too (a path's \"a%2Fb\" gives \"a/b\"):\n"+
			"decode a component once it is split out (section 2.4), never a URI.\n", stderr)
	component := c.fs.String("component", "", "check each line is a `NAME`: userinfo|host|path|query|fragment")
	plus := c.fs.Bool("plus", false, "decode '+' as a space, as HTML forms encode a query")
	noControls := c.fs.Bool("no-controls", false, "refuse to produce a control character (NUL, CR, LF, DEL...)")
	if code, stop := c.parse(args, stdout); stop {
		return code
	}
	var comp *componentCheck
	if isFlagSet(c, "component") { // "-component=" too: no name is a wrong one
		comp = componentChecks[*component]
		if comp == nil {
			return c.usageError("-component is userinfo, host, path, query or fragment, not %q", *component)
		}
	}
	var opts fasturi.DecodeOption
	if *plus {
		opts |= fasturi.DecodePlusAsSpace
	}
	if *noControls {
		opts |= fasturi.DecodeNoControls
	}
	return c.run(decodeLine(comp, opts, !*c.jsonOut), stdin, stdout)
}
