package ref

// KindControl is a decoded control character (a C0 control or DEL) where
// the caller refuses them; it breaks no rule of RFC 3986.
const KindControl Kind = "control"

// Decode decodes the percent-encodings of s (RFC 3986 section 2.1: "%"
// HEXDIG HEXDIG stands for the octet of that value), and '+' as a space
// when plus is set (HTML form encoding). With noControls, a control, as
// written or decoded, is an error. It returns the decoded bytes and -1 and
// KindNone, or, for the first byte at fault, its offset and kind: for a
// '%' without two hex digits, the offset of the first of the two that is
// not one, or len(s); for a control, its own offset or its '%'.
//
// It reads one byte at a time and looks at nothing else, as the RFC's
// definition does.
func Decode(s string, plus, noControls bool) (string, int, Kind) {
	var out []byte
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b == '%':
			for j := i + 1; j <= i+2; j++ {
				if j == len(s) || hexValue(s[j]) < 0 {
					return "", j, KindPercentEncoding
				}
			}
			b = byte(hexValue(s[i+1])*16 + hexValue(s[i+2]))
			if noControls && isControl(b) {
				return "", i, KindControl
			}
			i += 2
		case b == '+' && plus:
			b = ' '
		case noControls && isControl(b):
			return "", i, KindControl
		}
		out = append(out, b)
	}
	return string(out), -1, KindNone
}

// hexValue returns the value of the hex digit b (HEXDIG, either case), or
// -1 for any other byte.
func hexValue(b byte) int {
	switch {
	case '0' <= b && b <= '9':
		return int(b - '0')
	case 'a' <= b && b <= 'f':
		return int(b-'a') + 10
	case 'A' <= b && b <= 'F':
		return int(b-'A') + 10
	}
	return -1
}

// isControl reports whether b is a C0 control (0x00 to 0x1F) or DEL (0x7F).
func isControl(b byte) bool { return b <= 0x1f || b == 0x7f }
