package ref

import (
	"regexp"
	"strings"
)

// Extract finds the URIs in free text by the rules of fasturi's Finder,
// read one at a time, and returns their [start, end) offsets in order.
// It is written for clarity, not speed: a regular expression finds each
// scheme, a loop over the allowed bytes finds where a candidate ends,
// Parse decides what is a URI, and the longest prefix that is one is
// found by trying every length.
func Extract(text string) [][2]int {
	var found [][2]int
	pos, last := 0, 0 // where the next search starts; where the last URI ends
	for pos < len(text) {
		m := schemeThenColon.FindStringIndex(text[pos:])
		if m == nil {
			break
		}
		start, colon := pos+m[0], pos+m[1]-1
		if start, end, ok := uriAt(text, start, colon, last); ok {
			found = append(found, [2]int{start, end})
			pos, last = end, end
			continue
		}
		pos = colon + 1
	}
	return found
}

// schemeThenColon matches a scheme (RFC 3986 section 3.1) and its ':'.
// Searched for from the end of the last URI or past a ':', its leftmost
// match starts at the first letter of the run of scheme characters before
// the first ':'.
var schemeThenColon = regexp.MustCompile(`[A-Za-z][A-Za-z0-9+.\-]*:`)

// uriBytes are the bytes a URI can hold: unreserved, reserved and '%'.
const uriBytes = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~" +
	"!$&'()*+,;=" + ":/?#[]@" + "%"

// slashless are the schemes that count without "//" after them.
var slashless = map[string]bool{
	"mailto": true, "news": true, "urn": true, "tel": true, "data": true, "sms": true,
	"magnet": true, "xmpp": true, "sip": true, "sips": true, "geo": true,
}

// addressSchemes are the schemes of slashless URIs that hold an address,
// whose domain a client maps as a browser maps a host.
var addressSchemes = map[string]bool{"mailto": true, "xmpp": true, "sip": true, "sips": true}

// uriAt returns the start and the end of the URI whose scheme ends at
// text[colon] and starts at start (or after a '.' there), if there is one.
func uriAt(text string, start, colon, last int) (int, int, bool) {
	// A run that ends with '.' and a web scheme is a sentence that ends
	// right before a URI: the scheme is what follows the last '.'.
	if i := strings.LastIndexByte(text[start:colon], '.'); i >= 0 {
		if after := text[start+i+1 : colon]; strings.EqualFold(after, "http") || strings.EqualFold(after, "https") {
			start += i + 1
		}
	}
	scheme := text[start:colon]
	opener := ""
	if start > last {
		opener = text[start-1 : start]
		if start >= 5 && strings.EqualFold(text[start-5:start], "<URL:") {
			opener = "<URL:"
		} else if start >= 6 && strings.EqualFold(text[start-6:start], "<URL: ") {
			opener = "<URL: " // with or without a trailing space (RFC 3986 Appendix C)
		}
	}
	if opener == "<" && strings.EqualFold(scheme, "URL") {
		return 0, 0, false
	}
	closer := map[string]byte{"<": '>', "<URL:": '>', "<URL: ": '>', `"`: '"', "'": '\''}[opener]
	marker := ""
	if opener == "*" || opener == "_" || opener == "~" {
		marker = opener // Markdown's emphasis or strikethrough
	} else if closer == 0 {
		marker = emphasisBefore(text, start, last)
	}

	// In quotes, a URI needs what it needs without them.
	if quoted := closer == '"' || closer == '\''; quoted && !strings.HasPrefix(text[colon+1:], "//") && !slashless[strings.ToLower(scheme)] {
		closer = 0
	}
	bare := colon + 1
	if strings.HasPrefix(text[colon+1:], "//") {
		bare = colon + 3
	}
	if closer != 0 {
		end := colon + 1
		for end < len(text) && strings.IndexByte(uriBytes, text[end]) >= 0 && !(closer == '\'' && text[end] == '\'') {
			end++
		}
		if end < len(text) && text[end] == closer && end > bare && Parse(text[start:end]).Valid {
			// After a closing quote, an '@' or more of a host makes the
			// quote part of the word whose host a browser reads.
			if closer == '>' || !regexp.MustCompile(`^.(?:[@A-Za-z0-9\-._~%]|[^\x00-\x7f])`).MatchString(text[end:]) {
				return start, end, true
			}
			if bare == colon+3 && authorityGoesOn(text, bare, end, scheme, false, false, "") {
				return 0, 0, false
			}
			if i := strings.LastIndex(text[colon+1:end], "@"); bare == colon+1 && addressSchemes[strings.ToLower(scheme)] && i >= 0 {
				if from := colon + 1 + i + 1; !strings.Contains(text[from:end], ";") &&
					authorityGoesOn(text, from, end, scheme, true, false, "") {
					return 0, 0, false
				}
			}
			return start, end, true
		}
	}

	if bare == colon+1 && !slashless[strings.ToLower(scheme)] {
		return 0, 0, false
	}
	end := colon + 1
	for end < len(text) && strings.IndexByte(uriBytes, text[end]) >= 0 {
		end++
	}
	// After a '(', a ')' with no '(' before it in the candidate ends it.
	if i := strings.IndexAny(text[colon+1:end], "()"); opener == "(" && i >= 0 && text[colon+1+i] == ')' {
		end = colon + 1 + i
	}
	c := text[start:end]
	for {
		c = trimText(c, marker)
		if start+len(c) <= bare {
			return 0, 0, false
		}
		r := Parse(c)
		if r.Valid {
			end := start + len(c)
			if bare == colon+3 && authorityGoesOn(text, bare, end, scheme, false, closer == '>', marker) {
				return 0, 0, false
			}
			// Without "//", the domain of an address, after its last '@',
			// counts as a host, unless sip's ";" parameters follow it.
			if i := strings.LastIndex(text[colon+1:end], "@"); bare == colon+1 && addressSchemes[strings.ToLower(scheme)] && i >= 0 {
				if from := colon + 1 + i + 1; !strings.Contains(text[from:end], ";") &&
					authorityGoesOn(text, from, end, scheme, true, closer == '>', marker) {
					return 0, 0, false
				}
			}
			return start, end, true
		}
		n := min(r.ErrorOffset, len(c)-1) // no longer prefix is one
		for n > 0 && !Parse(c[:n]).Valid {
			n--
		}
		c = c[:n]
	}
}

// emphasisBefore returns the byte of a Markdown emphasis or strikethrough
// left open before text[start], or "": among the runs of '*', '_' and '~'
// on start's line, after last and in the 64 bytes before start, the one
// nearest to start of each byte, when white space or the start of the
// text precedes it and no white space follows it.
func emphasisBefore(text string, start, last int) string {
	lo := max(last, start-64)
	if i := strings.LastIndexAny(text[lo:start], "\n\r"); i >= 0 {
		lo += i + 1
	}
	runs := regexp.MustCompile(`\*+|_+|~+`).FindAllStringIndex(text[lo:start], -1)
	seen := map[byte]bool{}
	for k := len(runs) - 1; k >= 0; k-- {
		a, b := lo+runs[k][0], lo+runs[k][1]
		if c := text[a]; !seen[c] {
			seen[c] = true
			if (a == 0 || strings.IndexByte(" \t\n\r\f", text[a-1]) >= 0) && strings.IndexByte(" \t\n\r\f", text[b]) < 0 {
				return string(c)
			}
		}
	}
	return ""
}

// trimText drops from the end of c, as long as one applies, the
// punctuation of the text around a URI, the Markdown marker ("*", "_" or
// "~") that came right before c, if one did, and a ')' or ']' that closes
// no '(' or '[' before it in c.
func trimText(c, marker string) string {
	for c != "" {
		last := c[len(c)-1]
		switch {
		case strings.IndexByte(".,;:!?'", last) >= 0, marker != "" && last == marker[0],
			last == ')' && !closes(c, '(', ')'),
			last == ']' && !closes(c, '[', ']'):
			c = c[:len(c)-1]
		default:
			return c
		}
	}
	return c
}

// closes reports whether the last byte of c, a closer, closes an opener
// before it: pairing them as a stack does, one opener is still open there.
func closes(c string, opener, closer byte) bool {
	var stack []byte
	for i := range len(c) - 1 {
		switch c[i] {
		case opener:
			stack = append(stack, opener)
		case closer:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	return len(stack) > 0
}

// authorityGoesOn reports whether the URI text[:end], whose authority
// starts at from and ends after end, is in a word whose rest a WHATWG URL
// parser would read as part of another host: an '@' in it, or, with none
// of the bytes that make such a parser refuse a host, a byte that
// continues a host name (ASCII letter, digit, "-._~%", or non-ASCII). The
// word ends at ASCII white space, or inside "<...>" closed by a '>' at that
// '>', and at '/', '?', '#', '\' for the special schemes, and ':' after
// the domain of an address (from is then the domain's start); its end
// loses the punctuation a URI's end loses. A file URL whose host would be
// one letter that a ':' or '|' ends the word or the authority after is
// another host too: such a parser reads a Windows drive letter, in the
// path, and the host "".
func authorityGoesOn(text string, from, end int, scheme string, domain, wrapped bool, marker string) bool {
	if strings.ToLower(scheme) == "file" && regexp.MustCompile(`^[A-Za-z]$`).MatchString(text[from:end]) &&
		regexp.MustCompile(`^[:|]($|[ \t\n\r\f/\\?#])`).MatchString(text[end:]) {
		return true
	}
	if strings.ContainsAny(text[from:end], "/?#") {
		return false
	}
	rest := text[end:]
	if i := strings.IndexByte(rest, '>'); wrapped && i >= 0 {
		rest = strings.Map(func(r rune) rune {
			if strings.ContainsRune(" \t\n\r\f", r) {
				return -1
			}
			return r
		}, rest[:i])
	} else if i := strings.IndexAny(rest, " \t\n\r\f"); i >= 0 {
		rest = rest[:i]
	}
	stops := "/?#"
	switch strings.ToLower(scheme) {
	case "http", "https", "ws", "wss", "ftp", "file":
		stops += "\\"
	}
	if domain {
		stops += ":" // a domain ends there, where the next URI's scheme does
	}
	if i := strings.IndexAny(rest, stops); i >= 0 {
		rest = rest[:i]
	}
	rest = strings.TrimRight(rest, ".,;:!?')]"+marker)
	switch {
	case rest == "":
		return false
	case strings.Contains(rest, "@"):
		return true
	case regexp.MustCompile(`[\x00-\x1f\x7f<>\[\]^|\\]`).MatchString(rest):
		return false
	}
	return regexp.MustCompile(`[A-Za-z0-9\-._~%]|[^\x00-\x7f]`).MatchString(rest)
}
