package fasturi

import "bytes"

// removeDotSegments removes the dot-segments of the path in b[start:], in
// place, by the algorithm of RFC 3986 section 5.2.4, and returns b cut to
// the result, and the offset in b of the first ".." that climbed above the
// root, or -1: a ".." that had no segment to remove, or that led a
// relative path (rule A drops it).
//
// Only literal dots make dot-segments: "%2E" is data (section 2.3 makes it
// equivalent to "." only once normalization has decoded it).
//
// The RFC moves bytes from an input buffer to an output buffer. Here the
// input is b[in:] and the output b[start:out]: every byte the output gains
// comes off the input first, so out <= in throughout and the two share b.
// Where rules B and C replace a prefix of the input with "/", that '/' is
// the last byte of the prefix, and the input just starts there.
func removeDotSegments(b []byte, start int) ([]byte, int) {
	// Until the first segment that starts with a '.', rule E moves every
	// segment as it is, and the output is the input: start there. Most
	// paths have none.
	first := segmentWithDot(b[start:])
	if first < 0 {
		return b, -1
	}
	in, out, underflow := start+first, start+first, -1
	climbed := func(at int) {
		if underflow < 0 {
			underflow = at
		}
	}
	for in < len(b) {
		switch rest := len(b) - in; {
		// A: a "../" or "./" prefix goes.
		case rest >= 3 && string(b[in:in+3]) == "../":
			climbed(in)
			in += 3
		case rest >= 2 && string(b[in:in+2]) == "./":
			in += 2
		// B: "/./" or a final "/." becomes "/".
		case rest >= 3 && string(b[in:in+3]) == "/./":
			in += 2
		case rest == 2 && string(b[in:]) == "/.":
			in++
			b[in] = '/'
		// C: "/../" or a final "/.." becomes "/", and the last segment of
		// the output goes, with the '/' before it.
		case rest >= 4 && string(b[in:in+4]) == "/../" || rest == 3 && string(b[in:]) == "/..":
			if out == start {
				climbed(in + 1)
			}
			out = popSegment(b, start, out)
			if in += 3; in == len(b) {
				in--
				b[in] = '/'
			}
		// D: "." or ".." alone goes.
		case rest == 1 && b[in] == '.' || rest == 2 && string(b[in:]) == "..":
			if rest == 2 {
				climbed(in)
			}
			in = len(b)
		// E: the first segment moves to the output, with its '/'.
		default:
			n := 1
			for in+n < len(b) && b[in+n] != '/' {
				n++
			}
			if out != in { // until a segment goes, the output is the input
				copy(b[out:], b[in:in+n])
			}
			out += n
			in += n
		}
	}
	return b[:out], underflow
}

// segmentWithDot returns the offset in p of the first segment that starts
// with a '.', counting its '/', or -1 if there is none. Dots are rarer
// than slashes, so it looks for dots.
func segmentWithDot(p []byte) int {
	for i := 0; ; i++ {
		j := bytes.IndexByte(p[i:], '.')
		if j < 0 {
			return -1
		}
		if i += j; i == 0 {
			return 0
		}
		if p[i-1] == '/' {
			return i - 1
		}
	}
}

// popSegment removes the last segment of the output b[start:out], and the
// '/' before it if any, and returns where the output now ends.
func popSegment(b []byte, start, out int) int {
	if out == start {
		return out
	}
	i := out - 1
	for i > start && b[i] != '/' {
		i--
	}
	return i
}

// appendRemoveDotSegments appends path to dst with its dot-segments removed
// (see removeDotSegments).
func appendRemoveDotSegments(dst []byte, path string) ([]byte, int) {
	start := len(dst)
	dst, under := removeDotSegments(append(dst, path...), start)
	if under >= 0 {
		under -= start
	}
	return dst, under
}
