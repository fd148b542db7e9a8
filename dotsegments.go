package fasturi

import (
	"bytes"
	"strings"
)

// removeDotSegments removes the dot-segments of the path in b[start:end],
// in place, by the algorithm of RFC 3986 section 5.2.4, moves what follows
// the path (a query, a fragment) to the new end of the path, and returns b
// cut to the result, and the offset in b of the first ".." that climbed
// above the root, or -1: a ".." that had no segment to remove, or that led
// a relative path (rule A drops it).
//
// Only literal dots make dot-segments: "%2E" is data (section 2.3 makes it
// equivalent to "." only once normalization has decoded it).
//
// The RFC moves bytes from an input buffer to an output buffer. Here the
// input is b[in:end] and the output b[start:out]: every byte the output
// gains comes off the input first, so out <= in throughout and the two
// share b. Where rules B and C replace a prefix of the input with "/", that
// '/' is the last byte of the prefix, and the input just starts there.
func removeDotSegments(b []byte, start, end int) ([]byte, int) {
	return removeDotSegmentsFrom(b, start, start, end)
}

// removeDotSegmentsFrom is removeDotSegments for a path whose bytes
// b[start:from] are known to hold no dot-segment.
func removeDotSegmentsFrom(b []byte, start, from, end int) ([]byte, int) {
	// Until the first segment that starts with a '.', rule E moves every
	// segment as it is, and the output is the input: start there. Most
	// paths have none.
	first := segmentWithDot(viewString(b[from:end]))
	if first < 0 {
		return b, -1
	}
	in, out, underflow := from+first, from+first, -1
	climbed := func(at int) {
		if underflow < 0 {
			underflow = at
		}
	}
	for in < end {
		switch rest := end - in; {
		// A: a "../" or "./" prefix goes.
		case rest >= 3 && string(b[in:in+3]) == "../":
			climbed(in)
			in += 3
		case rest >= 2 && string(b[in:in+2]) == "./":
			in += 2
		// B: "/./" or a final "/." becomes "/".
		case rest >= 3 && string(b[in:in+3]) == "/./":
			in += 2
		case rest == 2 && string(b[in:end]) == "/.":
			in++
			b[in] = '/'
		// C: "/../" or a final "/.." becomes "/", and the last segment of
		// the output goes, with the '/' before it.
		case rest >= 4 && string(b[in:in+4]) == "/../" || rest == 3 && string(b[in:end]) == "/..":
			if out == start {
				climbed(in + 1)
			}
			out = popSegment(b, start, out)
			if in += 3; in == end {
				in--
				b[in] = '/'
			}
		// D: "." or ".." alone goes.
		case rest == 1 && b[in] == '.' || rest == 2 && string(b[in:end]) == "..":
			if rest == 2 {
				climbed(in)
			}
			in = end
		// E: the first segment moves to the output, with its '/'; so do
		// the segments after it up to the next that starts with a '.',
		// since rule E is all that applies to them.
		default:
			n := end - in
			if j := bytes.IndexByte(b[in+1:end], '/'); j >= 0 {
				if k := segmentWithDot(viewString(b[in+1+j : end])); k >= 0 {
					n = 1 + j + k
				}
			}
			if out != in { // until a segment goes, the output is the input
				copy(b[out:], b[in:in+n])
			}
			out += n
			in += n
		}
	}
	return b[:out+copy(b[out:], b[end:])], underflow
}

// segmentWithDot returns the offset in p of the first segment that starts
// with a '.', counting its '/', or -1 if there is none.
func segmentWithDot(p string) int {
	if len(p) > 16 {
		if p[0] == '.' {
			return 0
		}
		return strings.Index(p, "/.")
	}
	// Short paths, the most common, are quicker to walk than to search.
	for i := 0; i < len(p); i++ {
		if p[i] == '.' && (i == 0 || p[i-1] == '/') {
			return max(i-1, 0)
		}
	}
	return -1
}

// leadingDotSegments removes the "." and ".." segments that lead the
// relative path p from a merge of p with dir, a rooted directory (it
// starts and ends with '/') that holds no dot-segment, as section 5.2.4
// would: each ".." takes the last segment off dir, but for its root. It
// returns how much of dir stays, how many bytes of p went, and the offset
// in p of the first ".." that had no segment to take, or -1.
func leadingDotSegments(dir, p string) (keep, n, climbed int) {
	keep, climbed = len(dir), -1
	for {
		var step int
		switch rest := p[n:]; {
		case len(rest) >= 2 && rest[:2] == "./":
			n += 2
			continue
		case rest == ".":
			return keep, n + 1, climbed
		case len(rest) >= 3 && rest[:3] == "../":
			step = 3
		case rest == "..":
			step = 2
		default:
			return keep, n, climbed
		}
		if keep == 1 {
			if climbed < 0 {
				climbed = n
			}
		} else {
			keep = strings.LastIndexByte(dir[:keep-1], '/') + 1
		}
		n += step
	}
}

// popSegment removes the last segment of the output b[start:out], and the
// '/' before it if any, and returns where the output now ends.
func popSegment(b []byte, start, out int) int {
	if out == start {
		return out
	}
	return start + max(bytes.LastIndexByte(b[start:out], '/'), 0)
}

// appendRemoveDotSegments appends path to dst with its dot-segments removed
// (see removeDotSegments).
func appendRemoveDotSegments(dst []byte, path string) ([]byte, int) {
	start := len(dst)
	dst = append(dst, path...)
	dst, under := removeDotSegments(dst, start, len(dst))
	if under >= 0 {
		under -= start
	}
	return dst, under
}
