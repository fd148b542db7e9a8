package fasturi

//go:generate go run gen_tables.go

// A class is a set of RFC 3986 character classes (Appendix A) that a byte
// belongs to. The table byteClass, generated into lookup_tables.go, maps
// every byte to its classes.
type class uint8

const (
	alpha      class = 1 << iota // ALPHA
	digit                        // DIGIT
	hexDigit                     // HEXDIG
	unreserved                   // ALPHA / DIGIT / "-" / "." / "_" / "~"
	subDelim                     // "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
	schemeChar                   // ALPHA / DIGIT / "+" / "-" / "."
)

func isHex(c byte) bool   { return byteClass[c]&hexDigit != 0 }
func isDigit(c byte) bool { return byteClass[c]&digit != 0 }
func isAlpha(c byte) bool { return byteClass[c]&alpha != 0 }
