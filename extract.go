package fasturi

import (
	"iter"
	"math/bits"
	"strings"
	"unsafe"
)

// Finder finds the URIs in free text: mail, chat, documentation, logs. It
// follows RFC 3986 Appendix C, which says how URIs are delimited in text,
// and RFC 1738's "<URL:...>" wrapper.
//
// Every ':' that ends a scheme (RFC 3986 section 3.1) starts a candidate.
// The scheme is the longest run of scheme characters (ALPHA, DIGIT, '+',
// '-', '.') before the ':', from its first letter: in "xhttp://a" it is
// "xhttp", in "1http://a" "http"; but for a run that ends with '.' and
// "http" or "https", the scheme is that: in "see this.https://a" and
// "e.g.http://a" it is "https" and "http" ("git+https://a" keeps its
// "git+"). The candidate runs from the scheme to the
// first byte that no URI holds: a control, a space, a double quote, '<',
// '>', '\', '^', '`', '{', '|', '}', DEL, or a byte >= 0x80.
//
// Delimited: a candidate right after '<', "<URL:" or "<URL: " (any case),
// a double quote or a single quote, that ends at the matching '>' or
// quote, and is an absolute URI with more than its scheme, its ':' and
// any "//" ("<http://>" and the "https://" of `HasPrefix(u, "https://")`
// are none), is a URI as it is, whatever its last byte, and in '<' and
// '>' whatever its scheme: "<news:a.b>" gives "news:a.b", "<foo:bar>"
// "foo:bar", and "'http://a/b.'" gives "http://a/b.". In quotes, as
// without delimiters, "//" must follow the scheme or the scheme be one
// written without it (see below): JSON and HTML quote many words with a
// ':' that are no URIs ("localhost:8080", "sha256:e3b0", "color:red").
// Within single quotes, a single quote ends the candidate:
// "'http://a/it's'" gives "http://a/it".
//
// Undelimited: any other candidate, and a delimited one that is not all a
// URI (for example one with a space inside the delimiters, where Appendix C
// lets text wrap a long URI: Finder then finds its first line), counts only
// when "//" follows its scheme, or when its scheme is one that text writes
// without "//": mailto, news, urn, tel, data, sms, magnet, xmpp, sip, sips
// or geo (any case). That leaves out "Note:", "a:b", "12:34:56", and
// "javascript:". The end of the candidate is then trimmed, as long as
// either applies, of the punctuation that ends a sentence or a quotation
// rather than a URI ('.', ',', ';', ':', '!', '?', single quote), of a
// '*', '_' or '~' when the same byte comes right before the candidate or
// opens an emphasis left open before it on its line (its last run there,
// within 64 bytes and after the last URI found, when white space or the
// start of the text comes before the run and no white space after), as
// Markdown's emphasis and strikethrough do ("**http://a/b**" and "**See
// http://a/b.**" give "http://a/b"; "http://a/__init__" keeps its "__",
// as "**a** http://a/b*" keeps its '*'), and of a ')' or ']' that closes
// nothing in the candidate:
// "(see http://a/b_(c))." gives "http://a/b_(c)", and "[http://[::1]]"
// gives "http://[::1]". After a '(', as around a Markdown link's target,
// a ')' before any '(' of the candidate's own ends it, wherever it is:
// "[a](http://a/b)(c)" gives "http://a/b". What remains must hold more
// than the scheme, its ':' and any "//": "http://" alone is no URI.
//
// Invalid bytes: an undelimited candidate that, trimmed, is not a URI by
// the rules of RFC 3986 is cut to its longest prefix that is one, and
// trimmed again: "http://a/b[c]" gives "http://a/b", "http://a/%zz."
// gives "http://a/", and "http://[::1" gives "http://", which is no URI.
// Every span Finder yields is thus a URI that Parse accepts, with a scheme,
// whatever that scheme is: "<javascript:alert(1)>" and
// "javascript://%0Aalert(1)" are URIs too, so a caller that makes links
// of what it finds checks the scheme against those it allows.
//
// A cut, or a byte that ends a candidate, inside an authority must not
// leave a URI whose host differs from the one a browser (a WHATWG URL
// parser) reads in the same word, which runs on to a space or a line
// break (within "<...>" that a '>' closes, where a URI may wrap, to the
// '>'; in quotes, to the closing quote, which delimits as it does in HTML,
// JSON and code, unless an '@' or a byte that goes on with a host, as
// below, follows it right away, where a Markdown autolink reads on), or
// to a '/', '?' or '#' (or a '\' for http, https, ws, wss, ftp and
// file). When the rest of that word, past the punctuation, closers
// and Markdown marker that trimming takes from its end, holds an '@' (the
// browser reads what follows as the host), or a letter, a digit, '-', '.',
// '_', '~', '%' or a byte >= 0x80 (which a browser reads as more of the
// host, mapping full-width and other characters to ASCII) and none of the
// bytes that make a browser refuse the host ('<', '>', '[', ']', '^', '|',
// '\', DEL, a control), there is no URI:
// "http://x@benign.example@evil.example/",
// "'http://x@benign.example'@evil.example/",
// "https://paypal.com\u200b.evil.example/",
// "https://paypal.com\u3002evil.example/" and "http://a:80x/" give none,
// nor does "file://C:\\Windows" (a browser reads the drive letter "C:" in
// the path, and the host ""), nor "http://example.com\uff0c\u8c22" (a
// browser reads a host in which '\uff0c' is ','), nor the code
// `"https://a.example".to_string()`, while the JSON
// `{"u":"https://a.example"}` gives "https://a.example". "(http://[::1]]).",
// "http://example.com</p>" and "<a href=http://example.com>" give
// "http://[::1]" and "http://example.com". The same holds for the domain
// of the address in a mailto, xmpp, sip or sips URI, after its last '@',
// which mail and chat clients map as browsers map hosts, in a word that a
// ':' ends too: "mailto:ceo@paypal.com\u3002evil.example" gives none.
//
// The search resumes after each URI found, so URIs never overlap; two URIs
// with no space or delimiter between them ("http://a,http://b") are one.
//
// Finder is a cursor: a small value that refers to the text and copies
// nothing. Its methods take a pointer, as they advance it: keep it in a
// variable (f := fasturi.NewFinderString(text), then range over f.All()),
// where a second loop goes on from where the first stopped. Finding does
// not allocate; text without a ':' is skipped at memory speed, and each
// candidate is parsed with Parse. The zero Finder finds nothing. A text of
// 4 GiB or more, beyond what a Span addresses, yields nothing, and Err
// reports ErrTooLong: split it, at line breaks, first.
//
// It yields Spans, the URIs' places in the text, rather than URIs, whose
// offsets would count from each URI's first byte and whose 80 bytes a
// search that only counts or copies the URIs would carry for nothing. For
// a URI's components, parse its span, ParseString(text[sp.Start:sp.End]),
// which never fails.
type Finder struct {
	s     string
	pos   int // offset in s of the next byte to search for ':'
	floor int // the end of the last URI found: no scheme starts before it
	// stop caches where the last candidate ended: at the first byte at or
	// after stopFrom that no URI holds, or at len(s). A later candidate
	// that starts before it ends there too, so that the bytes up to it are
	// looked at once, however many schemes they hold.
	stopFrom, stop int
	// gt caches, likewise, where the first '>' at or after gtFrom is, or
	// len(s): the end of a "<...>" around a URI, which every URI after
	// a '<' up to it would otherwise search for again.
	gtFrom, gt int
	err        ErrorKind
}

// NewFinder returns a cursor over the URIs in text (see Finder). Text of
// 4 GiB or more, beyond what a Span addresses, holds no URI for it, and
// Err reports ErrTooLong.
//
// The cursor refers to text, which must not change while it is used.
func NewFinder(text []byte) Finder {
	return NewFinderString(unsafe.String(unsafe.SliceData(text), len(text)))
}

// NewFinderString is NewFinder for a string. It does not copy text.
func NewFinderString(text string) (f Finder) {
	f.s = text
	if uint64(len(text)) > maxLength {
		f.pos, f.err = len(text), ErrTooLong
	}
	return f
}

// Next returns the span of the next URI in the text, and true; or false
// when there is none left. text[span.Start:span.End] parses with Parse.
func (f *Finder) Next() (Span, bool) {
	s := f.s
	for f.pos < len(s) {
		i := strings.IndexByte(s[f.pos:], ':')
		if i < 0 {
			f.pos = len(s)
			break
		}
		colon := f.pos + i
		f.pos = colon + 1
		if start, end, ok := f.candidate(colon); ok {
			f.pos, f.floor = end, end
			return Span{uint32(start), uint32(end)}, true
		}
	}
	return Span{}, false
}

// All returns an iterator over the remaining URIs, as Next yields them. It
// advances f itself.
func (f *Finder) All() iter.Seq[Span] {
	return func(yield func(Span) bool) {
		for {
			sp, ok := f.Next()
			if !ok || !yield(sp) {
				return
			}
		}
	}
}

// Err returns nil, or ErrTooLong for text of 4 GiB or more.
func (f *Finder) Err() error {
	if f.err == 0 {
		return nil
	}
	return f.err
}

// A byte's part in finding URIs in text.
const (
	textScheme uint8 = 1 << iota // a scheme character: ALPHA / DIGIT / "+" / "-" / "."
	textAlpha                    // ALPHA
	textStop                     // a byte no URI holds: it ends every candidate
	textTrim                     // punctuation trimmed from the end of an undelimited candidate
)

// textClass maps each byte to its part in finding URIs in text.
var textClass = func() (t [256]uint8) {
	for c := range 256 {
		k := byteClass[c]
		if k&schemeChar != 0 {
			t[c] |= textScheme
		}
		if k&alpha != 0 {
			t[c] |= textAlpha
		}
		if k&(unreserved|subDelim) == 0 && !strings.ContainsRune(":/?#[]@%", rune(c)) {
			t[c] |= textStop // neither unreserved, reserved nor '%'
		}
	}
	for _, c := range ".,;:!?'" {
		t[c] |= textTrim
	}
	return t
}()

// webSchemeAfterDot returns where the scheme s[start:colon] starts when
// it ends with a '.' and "http" or "https" (any case): a URI written with
// no space after the '.' that ends a sentence, as in "see this.https://a",
// whose scheme "this.https" no one registers. Otherwise it returns start.
func webSchemeAfterDot(s string, start, colon int) int {
	for _, web := range [...]string{".http", ".https"} {
		if colon-start > len(web) && strings.EqualFold(s[colon-len(web):colon], web) {
			return colon - len(web) + 1
		}
	}
	return start
}

// candidate looks at the ':' at offset colon and returns the span of the
// URI whose scheme it ends, if it ends the scheme of one (see Finder).
func (f *Finder) candidate(colon int) (start, end int, ok bool) {
	s := f.s
	if colon+1 == len(s) || textClass[s[colon+1]]&textStop != 0 {
		return 0, 0, false // nothing after the ':', as after most in prose
	}
	// The scheme: the run of scheme characters before the ':', from its
	// first letter.
	run := colon
	for run > f.floor && textClass[s[run-1]]&textScheme != 0 {
		run--
	}
	start = run
	for start < colon && textClass[s[start]]&textAlpha == 0 {
		start++
	}
	if start == colon {
		return 0, 0, false
	}
	if colon-start > len(".http") {
		// "out.https://a" and "e.g.http://a": a sentence or an
		// abbreviation that ends with a '.' right before the scheme.
		start = webSchemeAfterDot(s, start, colon)
	}

	// What delimits it: the byte before the scheme, unless that is the
	// last byte of a URI just found.
	var closer, marker byte
	paren := false
	if run == start && start > f.floor {
		switch c := s[start-1]; c {
		case '*', '_', '~':
			marker = c // Markdown's: its pair ends the candidate
		case '(':
			paren = true
		case '<', '"', '\'':
			closer = c
			if c == '<' {
				closer = '>'
			}
		case ':', ' ':
			if urlWrapper(s[:start]) {
				closer = '>'
			}
		}
	}
	if closer == '>' && s[start-1] == '<' && strings.EqualFold(s[start:colon], "URL") {
		return 0, 0, false // the "URL:" of "<URL:...>" is no scheme
	}

	stop := f.stopAfter(colon + 1)
	// Without delimiters, the scheme must be followed by "//" or be one
	// written without it. So in quotes too: "localhost:8080", "nginx:1.25"
	// and "color:red" in JSON and HTML are no URIs, nor is
	// "background:url(http://a/b.png)" one that hides the URI inside it.
	slashes := strings.HasPrefix(s[colon+1:], "//")
	standsAlone := slashes || slashlessScheme(s[start:colon])
	bare := colon + 1 // where the URI would hold nothing but its scheme
	if slashes {
		bare = colon + 3
	}
	if closer == '>' || closer != 0 && standsAlone {
		end := stop
		if closer == '\'' {
			if q := strings.IndexByte(s[colon+1:stop], '\''); q >= 0 {
				end = colon + 1 + q
			}
		}
		if end < len(s) && s[end] == closer && end > bare && validURI(s[start:end]) {
			if closer == '>' || !quoteGlued(s, end) {
				return start, end, true
			}
			// A quote with more of a host right after it, which a
			// Markdown autolink takes in: the rule on cut hosts applies.
			host := bare
			if !slashes {
				host = addressDomain(s, start, colon, end)
			}
			if host < 0 || !cutsAuthority(s, host, end, s[start:colon], !slashes, -1, 0) {
				return start, end, true
			}
			return 0, 0, false
		}
	}

	// Undelimited.
	if !standsAlone {
		return 0, 0, false
	}
	if paren {
		// A ')' before any '(' of the candidate's own closes the one
		// before it, as around a Markdown link's target. Looking no
		// further than the first '(' keeps the search linear: the next
		// candidate after a '(' starts past it.
		if i := strings.IndexAny(s[colon+1:stop], "()"); i >= 0 && s[colon+1+i] == ')' {
			stop = colon + 1 + i
		}
	}
	end, ok = longestURI(s, start, stop, bare, marker)
	slashless := !slashes
	if ok && closer == 0 && marker == 0 && markerMayGo(s, end, slashless) {
		// An emphasis opened further back, looked for only where its
		// marker could go: trimming more never makes a URI of no URI.
		if marker = f.openEmphasis(start); marker != 0 {
			end, ok = longestURI(s, start, stop, bare, marker)
		}
	}
	if !ok {
		return 0, 0, false
	}
	host := bare // where the host starts, or -1 when the URI has none
	if slashless {
		host = addressDomain(s, start, colon, end)
	}
	if host >= 0 {
		wrapEnd := -1
		if closer == '>' {
			wrapEnd = f.closerAfter(end)
		}
		if cutsAuthority(s, host, end, s[start:colon], slashless, wrapEnd, marker) {
			return 0, 0, false
		}
	}
	return start, end, true
}

// quoteGlued reports whether the closing quote at s[end] has an '@', or
// a byte that goes on with a host (see cutsAuthority), right after it:
// where the quote, rather than delimiting a URI as it does in HTML, JSON
// and code, may be read as part of it.
func quoteGlued(s string, end int) bool {
	if end+1 >= len(s) {
		return false
	}
	return s[end+1] == '@' || goesOnHost(s[end+1])
}

// goesOnHost reports whether a browser reads c, after a host, as more of
// it: a letter, a digit, '-', '.', '_', '~', '%' or a byte >= 0x80, which
// it maps to ASCII (see cutsAuthority).
func goesOnHost(c byte) bool { return c >= 0x80 || byteClass[c]&unreserved != 0 || c == '%' }

// addressDomain returns where the domain of the address in the URI
// s[start:end] starts, after its last '@', for the schemes whose URIs
// hold one (mailto, xmpp, sip, sips), when the URI ends in it; or -1. A
// cut there must not leave another host than a mail or chat client
// reads, as for an authority (see Finder).
func addressDomain(s string, start, colon, end int) int {
	switch scheme := s[start:colon]; {
	case strings.EqualFold(scheme, "mailto"), strings.EqualFold(scheme, "xmpp"),
		strings.EqualFold(scheme, "sip"), strings.EqualFold(scheme, "sips"):
	default:
		return -1
	}
	at := strings.LastIndexByte(s[colon+1:end], '@')
	if at < 0 || strings.IndexByte(s[colon+1+at:end], ';') >= 0 {
		return -1 // no address, or sip's parameters after its domain
	}
	return colon + 2 + at
}

// emphasisReach is how far before a candidate, on its line, openEmphasis
// looks for the run that opens a Markdown emphasis around it.
const emphasisReach = 64

// markerMayGo reports whether a Markdown marker ('*', '_', '~') ends the
// URI s[:end], or is in what follows it up to where cutsAuthority stops
// reading (slashless as for cutsAuthority's domain): where trimming a
// marker could change the URI found.
func markerMayGo(s string, end int, slashless bool) bool {
	i := end - 1
	for i < len(s) && !isMarker(s[i]) && (i < end || !isTextSpace(s[i]) && !endsHostWord(s[i], slashless)) {
		i++
	}
	if finderWork != nil {
		finderWork(i - end + 2)
	}
	return i < len(s) && isMarker(s[i])
}

// isMarker reports whether c is one of Markdown's emphasis and
// strikethrough markers.
func isMarker(c byte) bool { return c == '*' || c == '_' || c == '~' }

// endsHostWord reports whether c ends, for the rule on cut hosts, the word
// that a host or, with domain, the domain of an address is in: a '/', '?'
// or '#', and for a domain also a ':' (see cutsAuthority).
func endsHostWord(c byte, domain bool) bool {
	return c == '/' || c == '?' || c == '#' || c == ':' && domain
}

// openEmphasis returns the byte ('*', '_' or '~') of a Markdown emphasis
// or strikethrough that is open before the candidate at s[start], or 0: the
// last run of that byte before start, on start's line, after the last URI
// found and within emphasisReach bytes, when white space or the start of
// the text comes before the run and a byte that is not white space after
// it ("**See http://a/b.**", not "**a** http://a/b*" or "* http://a/b*").
func (f *Finder) openEmphasis(start int) byte {
	s := f.s
	lo := max(f.floor, start-emphasisReach)
	var seen [3]bool // a run of '*', '_', '~' already met, nearer to start
	for i := start - 1; i >= lo; i-- {
		c := s[i]
		if c == '\n' || c == '\r' {
			break
		}
		k := strings.IndexByte("*_~", c)
		if k < 0 {
			continue
		}
		j := i // the run is s[j:i+1]
		for j > lo && s[j-1] == c {
			j--
		}
		if !seen[k] && (j == 0 || isTextSpace(s[j-1])) && !isTextSpace(s[i+1]) {
			return c
		}
		seen[k], i = true, j
	}
	return 0
}

// urlWrapper reports whether s ends with RFC 1738's "<URL:" wrapper, in
// any case, or with it and one space: "URL:" comes with or without a
// trailing space (RFC 3986 Appendix C).
func urlWrapper(s string) bool {
	s = strings.TrimSuffix(s, " ")
	return len(s) >= 5 && s[len(s)-5] == '<' && strings.EqualFold(s[len(s)-4:], "URL:")
}

// stopAfter returns the offset of the first byte at or after i that no URI
// holds, or len(s). It walks the special bytes of the scanner (scan.go),
// which hold every such byte, a 64-byte block at a time.
func (f *Finder) stopAfter(i int) int {
	if i >= f.stopFrom && i <= f.stop {
		return f.stop // the bytes between hold no stop: f.stop is the first
	}
	s, j := f.s, len(f.s)
blocks:
	for base := i; base < len(s); base += blockSize {
		for m := scan(s[base:]); m != 0; m &= m - 1 {
			if k := base + bits.TrailingZeros64(m); textClass[s[k]]&textStop != 0 {
				j = k
				break blocks
			}
		}
	}
	f.stopFrom, f.stop = i, j
	if finderWork != nil {
		finderWork(j - i + 1)
	}
	return j
}

// closerAfter returns the offset of the first '>' at or after i, or len(s).
func (f *Finder) closerAfter(i int) int {
	if i >= f.gtFrom && i <= f.gt {
		return f.gt // the bytes between hold no '>': f.gt is the first
	}
	j := strings.IndexByte(f.s[i:], '>')
	if j < 0 {
		j = len(f.s)
	} else {
		j += i
	}
	f.gtFrom, f.gt = i, j
	if finderWork != nil {
		finderWork(j - i + 1)
	}
	return j
}

// slashlessScheme reports whether scheme is one that text commonly writes
// without "//", in any case: those of mail (RFC 6068), Usenet (RFC 5538),
// URNs (RFC 8141), phone numbers (RFC 3966), data (RFC 2397), text
// messages (RFC 5724), magnet links, XMPP (RFC 5122), SIP (RFC 3261) and
// geographic locations (RFC 5870).
func slashlessScheme(scheme string) bool {
	if len(scheme) < 3 || len(scheme) > 6 {
		return false
	}
	var lower [6]byte
	for i := range len(scheme) {
		lower[i] = scheme[i] | 0x20 // ASCII letters to lower case; digits, '+', '-', '.' never match below
	}
	switch string(lower[:len(scheme)]) {
	case "mailto", "news", "urn", "tel", "data", "sms", "magnet", "xmpp", "sip", "sips", "geo":
		return true
	}
	return false
}

// validURI reports whether s is a valid URI reference.
func validURI(s string) bool {
	u := URI{s: s}
	return parseText(&u) == 0
}

// finderWork, set by tests, is told how many bytes of the text the Finder
// reads at each step: what a scan for the next stop or '>' passes over,
// what a parse of a candidate reads (up to its error), what trimming a
// closer and the look at the rest of a word read. Their sum must stay
// within a small multiple of the text's length.
var finderWork func(n int)

// parseText parses u, a piece of the text, and tells finderWork how much of
// it the parse read.
func parseText(u *URI) ErrorKind {
	k := u.parse()
	if finderWork != nil {
		n := len(u.s)
		if k != 0 {
			n = int(u.errOff) + 1
		}
		finderWork(n)
	}
	return k
}

// longestURI returns the end of the undelimited URI that starts at start
// and whose candidate ends at stop (see Finder): the candidate, or its
// longest prefix that is a URI when it is not one, trimmed; or false when
// that ends at or before bare. That is the candidate trimmed, cut and
// trimmed again, as Finder says:
// trimming takes bytes from the end only, and a byte it takes from a URI
// leaves a URI. Cutting before trimming keeps the work per candidate
// within what parsing it takes, which stops at its first invalid byte: a
// line of many candidates that run to its end, none a URI
// ("x://%x://%...)"), is not read to its end for each. marker is the
// Markdown byte ('*', '_', '~') right before the candidate, or 0.
func longestURI(s string, start, stop, bare int, marker byte) (int, bool) {
	end := stop
	if u := (URI{s: s[start:stop]}); parseText(&u) != 0 {
		end = start + validPrefix(s[start:stop], int(u.errOff))
	}
	end = trimEnd(s, start, end, marker)
	if end <= bare {
		return 0, false
	}
	return end, true
}

// cutsAuthority reports whether the URI s[:end], whose authority starts
// at from, ends inside its authority with the rest of the word it is in
// making a browser read another host (see Finder); or, with domain, the
// domain of an address that starts at from, which a ':' also ends (as the
// scheme of the next URI: the rest is then read once). scheme is the URI's;
// for a URI after a '<', wrapEnd is where the first '>' after it is, or
// len(s) (a '<' that nothing closes), and otherwise -1; marker as for
// longestURI.
func cutsAuthority(s string, from, end int, scheme string, domain bool, wrapEnd int, marker byte) bool {
	if end-from == 1 && isAlpha(s[from]) && driveLetterAfter(s[end:]) && strings.EqualFold(scheme, "file") {
		// "file://C:\x": a browser reads "C:" as a Windows drive letter,
		// the path's, and the host as "".
		return true
	}
	rest := s[end:]
	wrapped := wrapEnd >= 0 && wrapEnd < len(s)
	if wrapped {
		rest = s[end:wrapEnd]
	}
	// Most often a space or a line break follows the URI, where its word
	// ends, or punctuation that trimming took.
	n := 0
	for ; n < len(rest); n++ {
		c := rest[n]
		if endsHostWord(c, domain) || c == '\\' && specialScheme(scheme) || !wrapped && isTextSpace(c) {
			break
		}
	}
	if finderWork != nil {
		finderWork(n + 1)
	}
	// Trailing punctuation goes, and within "<...>" the white space a
	// browser drops with it: "<http://a. >" is host "a." to it, which is
	// a's.
	for n > 0 && (trailingPunct(rest[n-1], marker) || wrapped && isTextSpace(rest[n-1])) {
		n--
	}
	rest = rest[:n]
	if rest == "" || strings.ContainsAny(s[from:end], "/?#") {
		return false // nothing follows, or the authority ended before the URI did
	}
	if strings.IndexByte(rest, '@') >= 0 {
		return true // userinfo before another host
	}
	goesOn := false
	for i := range len(rest) {
		switch c := rest[i]; {
		case isTextSpace(c):
			// Only within "<...>": white space that a wrapped URI drops.
		case c < ' ' || c == 0x7f || strings.IndexByte("<>[]^|\\", c) >= 0:
			return false // no host for a browser
		case goesOnHost(c):
			goesOn = true
		}
	}
	return goesOn
}

// driveLetterAfter reports whether rest, what follows a letter, makes it a
// Windows drive letter to a WHATWG URL parser: a ':' or '|', and then the
// end of the word or of the authority.
func driveLetterAfter(rest string) bool {
	if rest == "" || rest[0] != ':' && rest[0] != '|' {
		return false
	}
	return len(rest) == 1 || isTextSpace(rest[1]) || strings.IndexByte("/\\?#", rest[1]) >= 0
}

// trailingPunct reports whether c is punctuation that trimming takes from
// the end of a candidate after marker (see longestURI), or a closer.
func trailingPunct(c, marker byte) bool { return trimmed(c, marker) || c == ')' || c == ']' }

// trimmed reports whether c is punctuation that trimming takes from the
// end of a candidate after marker: a closer aside, the text's own.
func trimmed(c, marker byte) bool { return textClass[c]&textTrim != 0 || c == marker && marker != 0 }

// isTextSpace reports whether c is white space that ends a word of text.
func isTextSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// specialScheme reports whether scheme is one whose authority a WHATWG
// URL parser ends at a '\' as at a '/': http, https, ws, wss, ftp, file.
func specialScheme(scheme string) bool {
	for _, sp := range []string{"http", "https", "ws", "wss", "ftp", "file"} {
		if strings.EqualFold(scheme, sp) {
			return true
		}
	}
	return false
}

// validPrefix returns the length of the longest prefix of s that is a URI,
// given that s is not one and that errOff is its ErrorOffset; s starts with
// a scheme and its ':'. Returns 0 when no prefix longer than the scheme
// and its ':' is one.
func validPrefix(s string, errOff int) int {
	for {
		n := len(s)
		if errOff < len(s) {
			// The first byte at which s stops being a prefix of any URI.
			s = s[:errOff]
		} else {
			// s is the start of a URI, not a whole one. Either it ends in an
			// unfinished percent-encoding, or its IP literal is unclosed
			// (a prefix of a URI holds '[' only there, at most once), or
			// its authority has no '@' and a ':' followed by more than
			// digits, which a userinfo could hold but no port can.
			switch open := strings.LastIndexByte(s, '['); {
			case s[len(s)-1] == '%':
				s = s[:len(s)-1]
			case s[len(s)-2] == '%':
				s = s[:len(s)-2]
			case open > strings.LastIndexByte(s, ']'):
				s = s[:open]
			default:
				colon := strings.IndexByte(s, ':')
				if !strings.HasPrefix(s[colon+1:], "//") {
					return 0 // no authority: nothing else can be unfinished
				}
				port := colon + 3 + strings.IndexByte(s[colon+3:], ':') + 1
				if port <= colon+3 {
					return 0
				}
				for port < len(s) && isDigit(s[port]) {
					port++
				}
				s = s[:port]
			}
		}
		if len(s) == n {
			return 0 // unreachable: every case above cuts
		}
		u := URI{s: s}
		if parseText(&u) == 0 {
			return len(s)
		}
		errOff = int(u.errOff)
	}
}

// trimEnd returns the end of s[start:end] without the punctuation that
// ends text around a URI rather than the URI: see Finder. A ')' or ']'
// closes something when a '(' or '[' before it in s[start:end] is still
// open there, as brackets pair: "http://a/b)(c)" keeps its last ')'.
// marker, when not 0, goes too (see longestURI).
func trimEnd(s string, start, end int, marker byte) int {
	// The bytes that may go: the run of punctuation and closers that
	// ends the candidate.
	run, closers := end, false
	for ; run > start; run-- {
		if c := s[run-1]; c == ')' || c == ']' {
			closers = true
		} else if !trimmed(c, marker) {
			break
		}
	}
	if !closers {
		return run
	}
	if finderWork != nil {
		finderWork(end - start)
	}
	parens, brackets := 0, 0 // the '(' and '[' still open before the run
	for i := start; i < run; i++ {
		switch s[i] {
		case '(':
			parens++
		case ')':
			parens = max(parens-1, 0)
		case '[':
			brackets++
		case ']':
			brackets = max(brackets-1, 0)
		}
	}
	// Trimming stops at the last closer of the run that closes something.
	keep := run
	for i := run; i < end; i++ {
		switch {
		case s[i] == ')' && parens > 0:
			parens--
			keep = i + 1
		case s[i] == ']' && brackets > 0:
			brackets--
			keep = i + 1
		}
	}
	return keep
}
