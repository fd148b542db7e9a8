package logstats

import (
	"bytes"
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
}

// Observe reads line's URIs and calls emit with each facet's key for it,
// in facet order; the key is valid only during the call. It reports
// whether the line's URI is valid: for an access log, whether its request
// target is valid for its method (RFC 9112 section 3.2). It is Read, then
// Each.
func (o *Observer) Observe(line []byte, emit func(f Facet, key []byte)) (valid bool) {
	var ob Observation
	o.Read(line, &ob)
	ob.Each(emit)
	return ob.Valid
}

// An Observation is what one line holds for each facet.
type Observation struct {
	// Valid says whether the line's URI is valid (see Observe).
	Valid bool
	// Keys holds the key of each facet but FacetFact, or nil when the line
	// has none for it: slices of the line, of constants, or of the
	// Observer's buffer, valid until its next Read.
	Keys [NumFacets][]byte
	// Facts holds a bit for each fact of the URI, in the order of
	// FactNames.
	Facts uint8
}

// FactNames are the keys of FacetFact, by bit of Observation.Facts.
var FactNames = [...]string{factLegacyIPv4, factUserinfo, factEncodedDelimiters, factEncodedControls, factEncodedNUL, factPathUnderflow}

// Each calls emit with each key of ob, in facet order, and each of its
// facts.
func (ob *Observation) Each(emit func(f Facet, key []byte)) {
	for f, k := range ob.Keys {
		if Facet(f) == FacetFact {
			for i, name := range FactNames {
				if ob.Facts&(1<<i) != 0 {
					emit(FacetFact, s2b(name))
				}
			}
			continue
		}
		if k != nil {
			emit(Facet(f), k)
		}
	}
}

// Read reads line's URIs into ob, which it resets.
func (o *Observer) Read(line []byte, ob *Observation) {
	*ob = Observation{}
	if cap(o.buf) < len(line) {
		o.buf = make([]byte, 0, 2*len(line)) // lowercased keys are parts of the line
	}
	o.buf = o.buf[:0]
	l, mis := o.Format.Cut(line)
	if mis.Msg != "" {
		ob.Keys[FacetError] = s2b(mis.Msg)
		return
	}
	access := o.Format.Kind == KindCommon || o.Format.Kind == KindCombined
	if o.Format.Kind == KindCombined {
		ob.Keys[FacetRefererHost] = o.referer(l.Referer)
	}
	if access && l.Method != nil {
		ob.Keys[FacetMethod] = intern(l.Method, methods)
	}
	if l.URI == nil {
		ob.Keys[FacetError] = s2b(MsgNoTarget)
		return
	}
	var u fasturi.URI
	var err error
	var form fasturi.TargetForm
	if access {
		u, form, err = fasturi.ParseRequestTarget(b2s(l.Method), l.URI)
	} else {
		u, err = fasturi.Parse(l.URI)
	}
	if err != nil {
		k, _ := err.(fasturi.ErrorKind)
		ob.Keys[FacetError] = s2b(k.Message())
		return
	}
	ob.Valid = true
	if access {
		ob.Keys[FacetForm] = s2b(form.String())
	}
	o.uri(&u, ob)
}

// uri reads the facets of a valid URI.
func (o *Observer) uri(u *fasturi.URI, ob *Observation) {
	k := &ob.Keys
	if u.HasScheme() {
		k[FacetScheme] = intern(o.lower(u.Scheme()), schemes)
	} else {
		k[FacetScheme] = s2b(keyNone)
	}
	k[FacetHost] = o.host(u)
	k[FacetHostType] = s2b(u.HostType().String())
	switch {
	case !u.HasPort():
		k[FacetPort] = s2b(keyNone)
	case u.Port() == "":
		k[FacetPort] = s2b(keyEmpty)
	default:
		k[FacetPort] = s2b(u.Port())
	}
	k[FacetPath] = s2b(pathPrefix(u.RawPath(), o.Depth))
	f := u.Facts()
	for i, has := range [...]bool{f.LegacyIPv4.IsValid(), u.HasUserinfo(), f.EncodedDelimiters != 0,
		f.EncodedControls != 0, f.EncodedNUL != 0, f.PathUnderflow} {
		if has {
			ob.Facts |= 1 << i
		}
	}
}

// host returns u's host, lowercased.
func (o *Observer) host(u *fasturi.URI) []byte {
	switch {
	case !u.HasAuthority():
		return s2b(keyNone)
	case u.RawHost() == "":
		return s2b(keyEmpty)
	}
	return o.lower(u.RawHost())
}

// referer returns the key of a combined log's referer.
func (o *Observer) referer(ref []byte) []byte {
	if ref == nil {
		return s2b(keyNoReferer)
	}
	u, err := fasturi.Parse(ref)
	if err != nil {
		return s2b(keyInvalid)
	}
	return o.host(&u)
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

// lower returns s with ASCII letters lowercased, appended to o's buffer
// (or s itself when it has no uppercase letter). The buffer has room for
// a whole line, so the keys of one line never move each other.
func (o *Observer) lower(s string) []byte {
	i := 0
	for i < len(s) && !('A' <= s[i] && s[i] <= 'Z') {
		i++
	}
	if i == len(s) {
		return s2b(s)
	}
	start := len(o.buf)
	o.buf = append(o.buf, s...)
	b := o.buf[start:]
	for ; i < len(b); i++ {
		if c := b[i]; 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return b
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
