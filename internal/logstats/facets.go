package logstats

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/fasturi/fasturi"
)

// A Facet is one thing that stats counts lines by.
type Facet uint8

const (
	FacetScheme      Facet = iota // the scheme, lowercased; "(none)" for a relative reference
	FacetHost                     // the host, lowercased; "(none)" without an authority
	FacetHostType                 // none, reg-name, ipv4, ipv6 or ipvfuture
	FacetPort                     // the port as written; "(none)" without one
	FacetPath                     // the path's first Depth segments
	FacetError                    // why the line is invalid: the error's message
	FacetFact                     // each security fact of a valid URI (see fasturi.Facts)
	FacetMethod                   // access logs: the request's method
	FacetForm                     // access logs: the form of a valid request target
	FacetRefererHost              // combined logs: the referer's host
	NumFacets
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

// The keys that stand for something absent. Parentheses keep them apart
// from any real scheme, host, port or path, none of which can hold one
// where it stands.
const (
	keyNone      = "(none)"
	keyEmpty     = "(empty)"
	keyNoReferer = "(no referer)"
	keyInvalid   = "(invalid)"
)

// MsgNoTarget is the error of an access-log line whose request line has
// no target ("-", or a single word).
const MsgNoTarget = "no request target in the request line"

// facts are the keys of FacetFact, by fasturi.Facts field.
const (
	factLegacyIPv4        = "legacy_ipv4"
	factUserinfo          = "userinfo"
	factEncodedDelimiters = "encoded_delimiters"
	factEncodedControls   = "encoded_controls"
	factEncodedNUL        = "encoded_nul"
	factPathUnderflow     = "path_underflow"
)

// An Observer reads the facets of lines in one Format. It keeps a buffer
// for lowercased keys, so one goroutine uses it at a time.
type Observer struct {
	Format Format
	// Depth is how many segments of the path FacetPath keeps: 1 counts
	// "/a/b" and "/a/c" as "/a". 0 counts the whole path.
	Depth int
	buf   []byte
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

// Observe reads line's URIs and calls emit with each facet's key for it;
// the key is valid only during the call. It reports whether the line's URI
// is valid: for an access log, whether its request target is valid for its
// method (RFC 9112 section 3.2).
func (o *Observer) Observe(line []byte, emit func(f Facet, key []byte)) (valid bool) {
	if o.Format.Kind == KindURI {
		// The whole line is the URI: no Line to fill and copy.
		u, err := fasturi.Parse(line)
		return o.parsed(&u, err, emit)
	}
	l, mis := o.Format.Cut(line)
	if mis.Msg != "" {
		emit(FacetError, s2b(mis.Msg))
		return false
	}
	access := o.Format.Kind == KindCommon || o.Format.Kind == KindCombined
	if o.Format.Kind == KindCombined {
		o.referer(l.Referer, emit)
	}
	if access && l.Method != nil {
		emit(FacetMethod, o.fit(intern(l.Method, methods)))
	}
	if l.URI == nil {
		emit(FacetError, s2b(MsgNoTarget))
		return false
	}
	if !access {
		u, err := fasturi.Parse(l.URI)
		return o.parsed(&u, err, emit)
	}
	u, form, err := fasturi.ParseRequestTarget(b2s(l.Method), l.URI)
	if err == nil {
		emit(FacetForm, s2b(form.String()))
	}
	return o.parsed(&u, err, emit)
}

// parsed emits the facets of u, or err's when u is not valid, and
// reports which.
func (o *Observer) parsed(u *fasturi.URI, err error, emit func(Facet, []byte)) (valid bool) {
	if err != nil {
		k, _ := err.(fasturi.ErrorKind)
		emit(FacetError, s2b(k.Message()))
		return false
	}
	o.uri(u, emit)
	return true
}

// uri emits the facets of a valid URI.
func (o *Observer) uri(u *fasturi.URI, emit func(Facet, []byte)) {
	if u.HasScheme() {
		emit(FacetScheme, o.fit(intern(o.lower(u.Scheme()), schemes)))
	} else {
		emit(FacetScheme, s2b(keyNone))
	}
	o.host(FacetHost, u, emit)
	emit(FacetHostType, s2b(u.HostType().String()))
	o.optional(FacetPort, u.HasPort(), s2b(u.Port()), emit)
	emit(FacetPath, o.fit(s2b(pathPrefix(u.RawPath(), o.Depth))))
	f := u.Facts()
	if f.LegacyIPv4.IsValid() {
		emit(FacetFact, s2b(factLegacyIPv4))
	}
	if u.HasUserinfo() {
		emit(FacetFact, s2b(factUserinfo))
	}
	if f.EncodedDelimiters != 0 {
		emit(FacetFact, s2b(factEncodedDelimiters))
	}
	if f.EncodedControls != 0 {
		emit(FacetFact, s2b(factEncodedControls))
	}
	if f.EncodedNUL != 0 {
		emit(FacetFact, s2b(factEncodedNUL))
	}
	if f.PathUnderflow {
		emit(FacetFact, s2b(factPathUnderflow))
	}
}

// host emits u's host, lowercased, as facet f.
func (o *Observer) host(f Facet, u *fasturi.URI, emit func(Facet, []byte)) {
	o.optional(f, u.HasAuthority(), o.lower(u.RawHost()), emit)
}

// optional emits the key of a component that may be absent or empty:
// "(none)", "(empty)", or value.
func (o *Observer) optional(f Facet, present bool, value []byte, emit func(Facet, []byte)) {
	switch {
	case !present:
		emit(f, s2b(keyNone))
	case len(value) == 0:
		emit(f, s2b(keyEmpty))
	default:
		emit(f, o.fit(value))
	}
}

// referer emits the host of a combined log's referer.
func (o *Observer) referer(ref []byte, emit func(Facet, []byte)) {
	if ref == nil {
		emit(FacetRefererHost, s2b(keyNoReferer))
		return
	}
	u, err := fasturi.Parse(ref)
	if err != nil {
		emit(FacetRefererHost, s2b(keyInvalid))
		return
	}
	o.host(FacetRefererHost, &u, emit)
}

// The schemes and methods that most lines have. Observe passes them as
// these constants, so that a counter can tell them apart by address
// before it compares bytes.
var (
	schemes = []string{"http", "https", "ftp", "file", "ws", "wss", "mailto", "urn", "data", "tel", "news"}
	methods = []string{"GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE"}
)

// constants are the keys Observe passes as constants, by content.
var constants = func() map[string]string {
	m := make(map[string]string)
	add := func(s ...string) {
		for _, k := range s {
			m[k] = k
		}
	}
	add(keyNone, keyEmpty, keyNoReferer, keyInvalid, MsgNoTarget)
	add(factLegacyIPv4, factUserinfo, factEncodedDelimiters, factEncodedControls, factEncodedNUL, factPathUnderflow)
	add(schemes...)
	add(methods...)
	add(mismatchMessages...)
	for t := range fasturi.HostType(8) {
		add(t.String())
	}
	for f := range fasturi.TargetForm(8) {
		add(f.String())
	}
	for k := range fasturi.ErrorKind(255) {
		add(k.Message())
	}
	return m
}()

// IsConstant reports whether key is one of the keys that Observe passes
// as constants, at the constant's own address: the same key then always
// comes at that address, and a counter may find it by address alone.
func IsConstant(key []byte) bool {
	c, ok := constants[string(key)]
	return ok && len(c) > 0 && unsafe.StringData(c) == unsafe.SliceData(key)
}

// intern returns the constant of list equal to key, or key.
func intern(key []byte, list []string) []byte {
	for _, s := range list {
		if string(key) == s {
			return s2b(s)
		}
	}
	return key
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
// or len(s). It reads eight bytes at a time while they are ASCII: adding
// to an ASCII byte then carries into no other, and the high bit of each sum
// says on which side of a bound the byte is.
func firstUpper(s string) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		v := binary.LittleEndian.Uint64(s2b(s[i : i+8]))
		if v&highs != 0 {
			break
		}
		if up := (v + ones*(0x80-'A')) &^ (v + ones*(0x80-'Z'-1)) & highs; up != 0 {
			return i + bits.TrailingZeros64(up)>>3
		}
	}
	for i < len(s) && !('A' <= s[i] && s[i] <= 'Z') {
		i++
	}
	return i
}

// pathPrefix returns p cut after its first depth segments ("/a/b/c" at
// depth 1 is "/a"), or "(empty)" for an empty path; depth 0 keeps it all.
func pathPrefix(p string, depth int) string {
	if p == "" {
		return keyEmpty
	}
	if depth <= 0 {
		return p
	}
	i := 0
	if p[0] == '/' {
		i = 1
	}
	for range depth {
		j := bytes.IndexByte(s2b(p[i:]), '/')
		if j < 0 {
			return p
		}
		i += j + 1
	}
	return p[:i-1]
}

// s2b views s as bytes that no one writes to.
func s2b(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// b2s views b as a string while b is unchanged.
func b2s(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
