package ref

import "strings"

// Target is a URI as RFC 3986 section 5.2.2 builds it: the five parts, and
// whether each optional one is defined.
type Target struct {
	Scheme, Authority, Path, Query, Fragment string
	HasAuthority, HasQuery, HasFragment      bool

	// Climb is the offset of the first ".." that climbed above the root
	// while section 5.2.4 removed the dot-segments (one that had no
	// segment to remove, or that led a relative path), or -1: in ref's
	// text, or in base's when ClimbInBase is set.
	Climb       int
	ClimbInBase bool
}

// String recomposes the target as section 5.3 does.
func (t Target) String() string {
	s := t.Scheme + ":"
	if t.HasAuthority {
		s += "//" + t.Authority
	}
	s += t.Path
	if t.HasQuery {
		s += "?" + t.Query
	}
	if t.HasFragment {
		s += "#" + t.Fragment
	}
	return s
}

// parts is a reference matched by Parse, as section 5.2.2 reads it.
type parts struct {
	scheme, authority, path, query, fragment       string
	hasScheme, hasAuthority, hasQuery, hasFragment bool
	pathStart                                      int // the offset of path in the text
}

func split(s string) (parts, bool) {
	r := Parse(s)
	if !r.Valid {
		return parts{}, false
	}
	text := func(sp Span) string { return s[sp.Start:sp.End] }
	p := parts{
		scheme: text(r.Scheme), path: text(r.Path), query: text(r.Query), fragment: text(r.Fragment),
		hasScheme: r.Scheme.Present, hasAuthority: r.Host.Present, hasQuery: r.Query.Present, hasFragment: r.Fragment.Present,
		pathStart: r.Path.Start,
	}
	if p.hasAuthority {
		start, end := r.Host.Start, r.Host.End
		if r.Userinfo.Present {
			start = r.Userinfo.Start
		}
		if r.Port.Present {
			end = r.Port.End
		}
		p.authority = s[start:end]
	}
	return p, true
}

// Resolve resolves the reference ref against the base URI base by the
// pseudo-code of RFC 3986 section 5.2.2, strictly. It reports false when
// either does not match its rule or base has no scheme (section 5.1).
func Resolve(base, ref string) (Target, bool) {
	B, okB := split(base)
	R, okR := split(ref)
	if !okB || !okR || !B.hasScheme {
		return Target{}, false
	}
	T := Target{Climb: -1}
	// refPath removes the dot-segments of R's path, and places a climb in
	// ref's text.
	refPath := func() string {
		path, climb := removeDotSegments(R.path)
		if climb >= 0 {
			T.Climb = R.pathStart + climb
		}
		return path
	}
	if R.hasScheme {
		T.Scheme = R.scheme
		T.Authority, T.HasAuthority = R.authority, R.hasAuthority
		T.Path = refPath()
		T.Query, T.HasQuery = R.query, R.hasQuery
	} else {
		if R.hasAuthority {
			T.Authority, T.HasAuthority = R.authority, true
			T.Path = refPath()
			T.Query, T.HasQuery = R.query, R.hasQuery
		} else {
			if R.path == "" {
				// base's path as it is, dot-segments and all: a ".." of
				// it that climbs is in the target.
				T.Path = B.path
				if _, climb := removeDotSegments(B.path); climb >= 0 {
					T.Climb, T.ClimbInBase = B.pathStart+climb, true
				}
				if R.hasQuery {
					T.Query, T.HasQuery = R.query, true
				} else {
					T.Query, T.HasQuery = B.query, B.hasQuery
				}
			} else {
				if strings.HasPrefix(R.path, "/") {
					T.Path = refPath()
				} else {
					merged := merge(B, R.path)
					dir := len(merged) - len(R.path) // base's part of merged
					var climb int
					T.Path, climb = removeDotSegments(merged)
					switch {
					case climb < 0:
					case climb < dir:
						T.Climb, T.ClimbInBase = B.pathStart+climb, true
					default:
						T.Climb = R.pathStart + climb - dir
					}
				}
				T.Query, T.HasQuery = R.query, R.hasQuery
			}
			T.Authority, T.HasAuthority = B.authority, B.hasAuthority
		}
		T.Scheme = B.scheme
	}
	T.Fragment, T.HasFragment = R.fragment, R.hasFragment
	return T, true
}

// merge is section 5.2.3.
func merge(base parts, path string) string {
	if base.hasAuthority && base.path == "" {
		return "/" + path
	}
	i := strings.LastIndex(base.path, "/")
	if i < 0 {
		return path
	}
	return base.path[:i+1] + path
}

// RemoveDotSegments is the algorithm of section 5.2.4, step by step, with
// an input and an output buffer.
func RemoveDotSegments(input string) string {
	output, _ := removeDotSegments(input)
	return output
}

// removeDotSegments is RemoveDotSegments that also returns the offset in
// input of the first ".." that climbed above the root, or -1. Every rule
// keeps the offset of the input buffer's first byte in the original input
// at len(original) - len(input): rules B and C put their "/" where the
// last '/' they remove was.
func removeDotSegments(input string) (string, int) {
	output, n, climb := "", len(input), -1
	climbed := func(at int) {
		if climb < 0 {
			climb = at
		}
	}
	for input != "" {
		at := n - len(input)
		switch {
		// A.
		case strings.HasPrefix(input, "../"):
			climbed(at)
			input = input[3:]
		case strings.HasPrefix(input, "./"):
			input = input[2:]
		// B.
		case strings.HasPrefix(input, "/./"):
			input = "/" + input[3:]
		case input == "/.":
			input = "/"
		// C.
		case strings.HasPrefix(input, "/../"):
			if output == "" {
				climbed(at + 1)
			}
			input = "/" + input[4:]
			output = removeLastSegment(output)
		case input == "/..":
			if output == "" {
				climbed(at + 1)
			}
			input = "/"
			output = removeLastSegment(output)
		// D.
		case input == "..":
			climbed(at)
			input = ""
		case input == ".":
			input = ""
		// E.
		default:
			end := len(input)
			if i := strings.Index(input[1:], "/"); i >= 0 {
				end = i + 1
			}
			output += input[:end]
			input = input[end:]
		}
	}
	return output, climb
}

// removeLastSegment removes the last segment of the output buffer and its
// preceding "/", if any.
func removeLastSegment(output string) string {
	if i := strings.LastIndex(output, "/"); i >= 0 {
		return output[:i]
	}
	return ""
}
