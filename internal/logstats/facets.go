package logstats

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strings"
	"unsafe"

	"github.com/fasturi/fasturi"
)

// A Facet is one thing that stats counts lines by.
type Facet uint8

const (
	FacetScheme      Facet = iota // the scheme, lowercased; "<none>" for a relative reference
	FacetHost                     // the host as hosts compare: lowercased, encodings normalized; "<none>" without an authority
	FacetHostType                 // none, reg-name, ipv4, ipv6 or ipvfuture
	FacetPort                     // the port as written; "<none>" without one
	FacetPath                     // the path's first Depth segments
	FacetError                    // why the line is invalid: the error's message
	FacetFact                     // each security fact of a valid URI (see fasturi.Facts)
	FacetMethod                   // access logs: the request's method
	FacetForm                     // access logs: the form of a valid request target
	FacetRefererHost              // combined logs: the referer's host
	NumFacets                     // how many facets there are: not a facet
)

var facetNames = [NumFacets]string{"scheme", "host", "host_type", "port", "path", "error", "fact", "method", "form", "referer_host"}

// String returns the facet's name, its key in the JSON document.
func (f Facet) String() string { return facetNames[f] }

// Facets returns the facets that lines of format have, in order.
func Facets(format Format) []Facet {
	n := FacetFact + 1
	switch format.Kind {
	case KindCommon:
		n = FacetForm + 1
	case KindCombined:
		n = NumFacets
	}
	fs := make([]Facet, n)
	for i := range fs {
		fs[i] = Facet(i)
	}
	return fs
}

// The keys that stand for something absent. Angle brackets keep them
// apart from any real scheme, host, port, path or method: RFC 3986 leaves
// '<' and '>' out of every component (Appendix C delimits URIs in text
// with them), and RFC 9110 out of a method's token. Parentheses would not:
// a reg-name and a path take them ("http://(none)/").
const (
	keyNone      = "<none>"
	keyEmpty     = "<empty>"
	keyNoReferer = "<no referer>"
	keyInvalid   = "<invalid>"
)

// MsgNoTarget is the error of an access-log line whose request line has
// no target ("-", or a single word).
const MsgNoTarget = "no request target in the request line"

// MsgLineTooLong is the error of a line longer than a reader holds whole
// (the command's -max-line): ObserveTooLong counts it.
const MsgLineTooLong = "line too long"

// DefaultMaxLine is the default -max-line of the command and the Beam
// pipeline, which count the same lines as too long: 128 times the longest
// request line that web servers take by default (8 KiB), and half the
// longest URL that browsers send (2 MiB).
const DefaultMaxLine = 1 << 20

// facts are the keys of FacetFact, by fasturi.Facts field.
const (
	factLegacyIPv4        = "legacy_ipv4"
	factNumericLastLabel  = "numeric_last_label"
	factUserinfo          = "userinfo"
	factEncodedDelimiters = "encoded_delimiters"
	factEncodedControls   = "encoded_controls"
	factEncodedNUL        = "encoded_nul"
	factEncodedNonASCII   = "encoded_non_ascii"
	factEncodedPercent    = "encoded_percent"
	factPathUnderflow     = "path_underflow"
)

// An Observer reads the facets of lines in one Format. It keeps buffers
// for the keys it rewrites (lowercased, normalized or cut), so one
// goroutine uses it at a time.
type Observer struct {
	Format Format
	// Depth is how many segments of the path FacetPath keeps: 1 counts
	// "/a/b" and "/a/c" as "/a". 0 counts the whole path.
	Depth int
	buf   []byte
	norm  []byte // for normalizeHost
	cut   []byte // for fit
}

// MaxKeyLen bounds the keys that Observe passes, so that a counter's
// memory is bounded by its number of keys whatever the lines: a longer
// key is cut to at most MaxKeyLen bytes, at a UTF-8 boundary when there is
// one near, and ends in "...".
const MaxKeyLen = 256

// fit returns key, or key cut to MaxKeyLen bytes (see MaxKeyLen) in o's
// buffer for cut keys.
func (o *Observer) fit(key []byte) []byte {
	if len(key) <= MaxKeyLen {
		return key
	}
	n := MaxKeyLen - len("...")
	for i := 0; i < 3 && key[n]&0xc0 == 0x80; i++ {
		n-- // not inside a UTF-8 sequence
	}
	o.cut = append(append(o.cut[:0], key[:n]...), "..."...)
	return o.cut
}

// An Emit receives one facet key of a line: key, valid only during the
// call, and c, its number when it is one of the constant keys (see
// Const), or NoConst.
type Emit func(f Facet, key []byte, c Const)

// Observe reads line's URIs and calls emit with each facet's key for it.
// It reports whether the line's URI is valid: for an access log, whether
// its request target is valid for its method (RFC 9112 section 3.2).
func (o *Observer) Observe(line []byte, emit Emit) (valid bool) {
	if o.Format.Kind == KindURI {
		// The whole line is the URI: no Line to fill and copy.
		u, err := fasturi.Parse(line)
		return o.parsed(&u, err, emit)
	}
	l, mis := o.Format.Cut(line)
	if mis.Msg != "" {
		emitError(emit, mismatchConst(mis.Msg), mis.Msg)
		return false
	}
	access := o.Format.Kind == KindCommon || o.Format.Kind == KindCombined
	if o.Format.Kind == KindCombined {
		o.referer(l.Referer, emit)
	}
	if access {
		switch {
		case l.Method == nil:
		case MethodError(l.Method) >= 0:
			// No token: the bytes of a scanner, or of a TLS handshake
			// that hold a space, each a key of its own, which would fill
			// the facet. (A request line of one word has no method.)
			emitConst(emit, FacetMethod, constInvalid)
		default:
			o.interned(emit, FacetMethod, l.Method, methodConsts)
		}
		if k, _ := l.RequestLineError(); k != 0 {
			emitConst(emit, FacetError, errorConsts[k])
			return false
		}
	}
	if l.URI == nil {
		emitConst(emit, FacetError, constNoTarget)
		return false
	}
	if !access {
		u, err := fasturi.Parse(l.URI)
		return o.parsed(&u, err, emit)
	}
	u, form, err := fasturi.ParseRequestTarget(b2s(l.Method), l.URI)
	if err == nil {
		emitConst(emit, FacetForm, formConsts[form])
	}
	return o.parsed(&u, err, emit)
}

// ObserveTooLong calls emit with the facet keys of a line too long to be
// read whole: its error, MsgLineTooLong. Such a line is invalid.
func (o *Observer) ObserveTooLong(emit Emit) { emitConst(emit, FacetError, constTooLong) }

// emitConst emits the constant key c as facet f.
func emitConst(emit Emit, f Facet, c Const) { emit(f, s2b(constKeys[c]), c) }

// emitError emits an error's message, whose number is c: NoConst only for
// a message this package does not know, which goes as a key of its own.
func emitError(emit Emit, c Const, msg string) {
	if c == NoConst {
		emit(FacetError, s2b(msg), NoConst)
		return
	}
	emitConst(emit, FacetError, c)
}

// parsed emits the facets of u, or err's when u is not valid, and
// reports which.
func (o *Observer) parsed(u *fasturi.URI, err error, emit Emit) (valid bool) {
	if err != nil {
		k, _ := err.(fasturi.ErrorKind)
		emitError(emit, errorConsts[k], k.Message())
		return false
	}
	o.uri(u, emit)
	return true
}

// uri emits the facets of a valid URI.
func (o *Observer) uri(u *fasturi.URI, emit Emit) {
	if u.HasScheme() {
		o.interned(emit, FacetScheme, o.lower(u.Scheme()), schemeConsts)
	} else {
		emitConst(emit, FacetScheme, constNone)
	}
	o.host(FacetHost, u, emit)
	emitConst(emit, FacetHostType, hostTypeConsts[u.HostType()])
	o.optional(FacetPort, u.HasPort(), s2b(u.Port()), emit)
	o.optional(FacetPath, true, s2b(pathPrefix(u.RawPath(), o.Depth)), emit)
	f := u.Facts()
	if f.LegacyIPv4.IsValid() {
		emitConst(emit, FacetFact, constLegacyIPv4)
	}
	if f.NumericLastLabel {
		emitConst(emit, FacetFact, constNumericLastLabel)
	}
	if u.HasUserinfo() {
		emitConst(emit, FacetFact, constUserinfo)
	}
	if f.EncodedDelimiters != 0 {
		emitConst(emit, FacetFact, constEncodedDelimiters)
	}
	if f.EncodedControls != 0 {
		emitConst(emit, FacetFact, constEncodedControls)
	}
	if f.EncodedNUL != 0 {
		emitConst(emit, FacetFact, constEncodedNUL)
	}
	if f.EncodedNonASCII != 0 {
		emitConst(emit, FacetFact, constEncodedNonASCII)
	}
	if f.EncodedPercent != 0 {
		emitConst(emit, FacetFact, constEncodedPercent)
	}
	if f.PathUnderflow {
		emitConst(emit, FacetFact, constPathUnderflow)
	}
}

// host emits u's host as facet f, in the form in which hosts compare
// (RFC 3986 section 6.2.2): lowercased, and with its percent-encodings
// normalized, so that "ex%41mple.com" is "example.com" and the zone ID
// of "[fe80::1%25Eth0]" keeps its case.
func (o *Observer) host(f Facet, u *fasturi.URI, emit Emit) {
	h := u.RawHost()
	if strings.IndexByte(h, '%') < 0 {
		o.optional(f, u.HasAuthority(), o.lower(h), emit) // the common host
		return
	}
	o.optional(f, true, o.normalizeHost(h), emit)
}

// normalizeHost returns the valid host h as AppendNormalize writes it, in
// o's buffer for normalized hosts.
func (o *Observer) normalizeHost(h string) []byte {
	o.buf = append(append(o.buf[:0], "//"...), h...)
	u, err := fasturi.Parse(o.buf)
	if err == nil {
		o.norm, _, err = fasturi.AppendNormalize(o.norm[:0], u, fasturi.NormalizeSyntax, 0)
	}
	if err != nil {
		return o.lower(h) // no host of a valid URI
	}
	return o.norm[len("//"):] // AppendNormalize writes the "//" it read
}

// optional emits the key of a component that may be absent or empty:
// "<none>", "<empty>", or value.
func (o *Observer) optional(f Facet, present bool, value []byte, emit Emit) {
	switch {
	case !present:
		emitConst(emit, f, constNone)
	case len(value) == 0:
		emitConst(emit, f, constEmpty)
	default:
		emit(f, o.fit(value), NoConst)
	}
}

// referer emits the host of a combined log's referer.
func (o *Observer) referer(ref []byte, emit Emit) {
	if ref == nil {
		emitConst(emit, FacetRefererHost, constNoReferer)
		return
	}
	u, err := fasturi.Parse(ref)
	if err != nil {
		emitConst(emit, FacetRefererHost, constInvalid)
		return
	}
	o.host(FacetRefererHost, &u, emit)
}

// The schemes and methods that most lines have, which Observe passes as
// constants.
var (
	schemes = []string{"http", "https", "ftp", "file", "ws", "wss", "mailto", "urn", "data", "tel", "news"}
	methods = []string{"GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE"}
)

// interned emits key as facet f, as a constant when one of consts is its
// number.
func (o *Observer) interned(emit Emit, f Facet, key []byte, consts []Const) {
	if c := intern(key, consts); c != NoConst {
		emitConst(emit, f, c)
		return
	}
	emit(f, o.fit(key), NoConst)
}

// intern returns the one of consts whose key is key, or NoConst.
func intern(key []byte, consts []Const) Const {
	for _, c := range consts {
		if string(key) == constKeys[c] {
			return c
		}
	}
	return NoConst
}

// lower returns s with ASCII letters lowercased, in o's buffer (or s itself
// when it has no uppercase letter).
func (o *Observer) lower(s string) []byte {
	i := firstUpper(s)
	if i == len(s) {
		return s2b(s)
	}
	o.buf = append(o.buf[:0], s...)
	for ; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			o.buf[i] = c + 'a' - 'A'
		}
	}
	return o.buf
}

// firstUpper returns the offset of the first ASCII uppercase letter of s,
// or len(s). It reads eight bytes at a time, the last eight overlapping
// the words before them, and a shorter s as two overlapping halves or
// three bytes, so that no loop runs byte by byte: scheme and host keys
// are mostly shorter than a word and a half.
func firstUpper(s string) int {
	n := len(s)
	switch {
	case n >= 8:
		for i := 0; i+8 <= n; i += 8 {
			if up := upperBytes(binary.LittleEndian.Uint64(s2b(s[i:]))); up != 0 {
				return i + bits.TrailingZeros64(up)>>3
			}
		}
		// The words before held no uppercase letter, so the first one
		// in the last eight bytes is the first of s.
		if up := upperBytes(binary.LittleEndian.Uint64(s2b(s[n-8:]))); up != 0 {
			return n - 8 + bits.TrailingZeros64(up)>>3
		}
	case n >= 4:
		v := uint64(binary.LittleEndian.Uint32(s2b(s))) | uint64(binary.LittleEndian.Uint32(s2b(s[n-4:])))<<32
		if up := upperBytes(v); up != 0 {
			i := bits.TrailingZeros64(up) >> 3
			if i >= 4 {
				i += n - 8 // byte i of v is byte n-8+i of s
			}
			return i
		}
	case n > 0:
		// Bytes 0, n/2 and n-1: every byte of s, and byte i of v is
		// byte i of s wherever it can be the first uppercase letter.
		v := uint64(s[0]) | uint64(s[n/2])<<8 | uint64(s[n-1])<<16
		if up := upperBytes(v); up != 0 {
			return bits.TrailingZeros64(up) >> 3
		}
	}
	return n
}

// upperBytes returns the high bit of each byte of v that is an ASCII
// uppercase letter. With each byte's high bit cleared first, adding to a
// byte carries into no other, and the high bit of each sum says on which
// side of a bound the byte is; bytes of 0x80 and above are then left out.
func upperBytes(v uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	x := v &^ highs
	return (x + ones*(0x80-'A')) &^ (x + ones*(0x80-'Z'-1)) &^ v & highs
}

// pathPrefix returns p cut after its first depth segments ("/a/b/c" at
// depth 1 is "/a"); depth 0 keeps it all. Only an empty p gives "".
// A cut right after an empty segment keeps the '/' that follows it, so
// that a path that goes on past the empty segment has a key of its own:
// "//etc/passwd" at depth 1 is "//", not the root's "/", and "/a//b" at
// depth 2 is "/a//", not "/a/"'s.
func pathPrefix(p string, depth int) string {
	if p == "" || depth <= 0 {
		return p
	}
	i := 0
	if p[0] == '/' {
		i = 1
	}
	segment := i // where the last segment kept starts
	for range depth {
		j := bytes.IndexByte(s2b(p[i:]), '/')
		if j < 0 {
			return p
		}
		segment, i = i, i+j+1
	}
	if segment == i-1 {
		return p[:i] // an empty segment, and more after it
	}
	return p[:i-1]
}

// s2b views s as bytes that no one writes to.
func s2b(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// b2s views b as a string while b is unchanged.
func b2s(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
