package ref

import "strings"

// Target is a URI as RFC 3986 section 5.2.2 builds it: the five parts, and
// whether each optional one is defined.
type Target struct {
	Scheme, Authority, Path, Query, Fragment string
	HasAuthority, HasQuery, HasFragment      bool
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
	var T Target
	if R.hasScheme {
		T.Scheme = R.scheme
		T.Authority, T.HasAuthority = R.authority, R.hasAuthority
		T.Path = RemoveDotSegments(R.path)
		T.Query, T.HasQuery = R.query, R.hasQuery
	} else {
		if R.hasAuthority {
			T.Authority, T.HasAuthority = R.authority, true
			T.Path = RemoveDotSegments(R.path)
			T.Query, T.HasQuery = R.query, R.hasQuery
		} else {
			if R.path == "" {
				T.Path = B.path
				if R.hasQuery {
					T.Query, T.HasQuery = R.query, true
				} else {
					T.Query, T.HasQuery = B.query, B.hasQuery
				}
			} else {
				if strings.HasPrefix(R.path, "/") {
					T.Path = RemoveDotSegments(R.path)
				} else {
					T.Path = RemoveDotSegments(merge(B, R.path))
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
	output := ""
	for input != "" {
		switch {
		// A.
		case strings.HasPrefix(input, "../"):
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
			input = "/" + input[4:]
			output = removeLastSegment(output)
		case input == "/..":
			input = "/"
			output = removeLastSegment(output)
		// D.
		case input == "." || input == "..":
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
	return output
}

// removeLastSegment removes the last segment of the output buffer and its
// preceding "/", if any.
func removeLastSegment(output string) string {
	if i := strings.LastIndex(output, "/"); i >= 0 {
		return output[:i]
	}
	return ""
}
