package fasturi

// Predicates written straight from RFC 3986 Appendix A and RFC 5234
// Appendix B.1, independently of gen_tables.go, for the tests to check the
// generated tables and the parser against.

func abnfALPHA(c byte) bool  { return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' }
func abnfDIGIT(c byte) bool  { return '0' <= c && c <= '9' }
func abnfHEXDIG(c byte) bool { return abnfDIGIT(c) || 'A' <= c && c <= 'F' || 'a' <= c && c <= 'f' }

// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
func abnfUnreserved(c byte) bool {
	return abnfALPHA(c) || abnfDIGIT(c) || c == '-' || c == '.' || c == '_' || c == '~'
}

// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
func abnfSubDelims(c byte) bool {
	switch c {
	case '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=':
		return true
	}
	return false
}

// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), after the first byte.
func abnfSchemeRest(c byte) bool {
	return abnfALPHA(c) || abnfDIGIT(c) || c == '+' || c == '-' || c == '.'
}

// pchar = unreserved / pct-encoded / sub-delims / ":" / "@", without pct-encoded.
func abnfPchar(c byte) bool {
	return abnfUnreserved(c) || abnfSubDelims(c) || c == ':' || c == '@'
}
