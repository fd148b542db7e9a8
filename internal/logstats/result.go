package logstats

import (
	"cmp"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Totals are the line counts of a run.
type Totals struct {
	Lines   int64 // every input line
	Valid   int64 // lines whose URI is valid
	Invalid int64 // the others: Lines - Valid
	// Incomplete is set when an input could not be opened or read to its
	// end: the counts are of the lines read.
	Incomplete bool
}

// An Entry is a key of a facet and the number of lines that have it.
type Entry struct {
	Key   string
	Count int64
	// Overcount is 0 when Count is exact. Otherwise Count is an estimate,
	// never below the true count and, with high probability, at most
	// Overcount above it: a key with an estimate of Overcount or less may
	// have been met only once.
	Overcount int64
}

// A FacetResult is what was counted of one facet.
type FacetResult struct {
	Facet Facet
	// Distinct is the number of distinct keys; an estimate when
	// Approximate.
	Distinct int64
	// Approximate says that the facet had more distinct keys than the
	// counter's memory bound: Distinct is then an estimate, and so are the
	// counts in Top that have an Overcount.
	Approximate bool
	// Top are the keys with the most lines, most first (see SortEntries).
	Top []Entry
}

// A Result is the document stats writes.
type Result struct {
	Totals Totals
	Facets []FacetResult
}

// SortEntries sorts e by count, most first, and then by key, so that
// every counter that counts the same lines lists them the same.
func SortEntries(e []Entry) {
	slices.SortFunc(e, func(a, b Entry) int {
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		return cmp.Compare(a.Key, b.Key)
	})
}

// TopEntries returns the n entries of e that SortEntries puts first, in
// its order, at the start of e: all of e, sorted, when n <= 0 or n >=
// len(e). It reorders e. For a few keys of many (a top 10 of a facet's
// 65,536), it keeps the n best in a heap as it goes, instead of sorting
// all of them.
func TopEntries(e []Entry, n int) []Entry {
	if n <= 0 || n >= len(e) {
		SortEntries(e)
		return e
	}
	top := e[:n] // a heap whose root is the entry that ranks last
	for i := n/2 - 1; i >= 0; i-- {
		siftDown(top, i)
	}
	for i := n; i < len(e); i++ {
		if ranksBefore(e[i], top[0]) {
			top[0], e[i] = e[i], top[0]
			siftDown(top, 0)
		}
	}
	SortEntries(top)
	return top
}

// ranksBefore reports whether SortEntries puts a before b.
func ranksBefore(a, b Entry) bool {
	return a.Count > b.Count || a.Count == b.Count && a.Key < b.Key
}

// siftDown moves the entry at i of the heap h towards its leaves while a
// child ranks after it.
func siftDown(h []Entry, i int) {
	for {
		last := i
		for _, c := range [2]int{2*i + 1, 2*i + 2} {
			if c < len(h) && ranksBefore(h[last], h[c]) {
				last = c
			}
		}
		if last == i {
			return
		}
		h[i], h[last] = h[last], h[i]
		i = last
	}
}

// AppendJSON appends r as one JSON document on one line:
//
//	{"totals":{"lines":N,"valid":N,"invalid":N,"complete":true},
//	 "facets":{"scheme":{"distinct":N,"approximate":false,
//	   "top":[{"key":"https","count":N},...]},...}}
//
// A key that is not UTF-8 is written as "key_hex" instead of "key". An
// estimated count is followed by "max_overcount":N, its Overcount.
// "complete" is false when an input could not be read to its end.
func (r *Result) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"totals":{"lines":`...)
	dst = strconv.AppendInt(dst, r.Totals.Lines, 10)
	dst = append(dst, `,"valid":`...)
	dst = strconv.AppendInt(dst, r.Totals.Valid, 10)
	dst = append(dst, `,"invalid":`...)
	dst = strconv.AppendInt(dst, r.Totals.Invalid, 10)
	dst = append(dst, `,"complete":`...)
	dst = strconv.AppendBool(dst, !r.Totals.Incomplete)
	dst = append(dst, `},"facets":{`...)
	for i, f := range r.Facets {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '"')
		dst = append(dst, f.Facet.String()...)
		dst = append(dst, `":{"distinct":`...)
		dst = strconv.AppendInt(dst, f.Distinct, 10)
		dst = append(dst, `,"approximate":`...)
		dst = strconv.AppendBool(dst, f.Approximate)
		dst = append(dst, `,"top":[`...)
		for j, e := range f.Top {
			if j > 0 {
				dst = append(dst, ',')
			}
			if utf8.ValidString(e.Key) {
				dst = append(dst, `{"key":`...)
				dst = AppendJSONString(dst, e.Key)
			} else {
				dst = append(dst, `{"key_hex":"`...)
				dst = appendHex(dst, e.Key)
				dst = append(dst, '"')
			}
			dst = append(dst, `,"count":`...)
			dst = strconv.AppendInt(dst, e.Count, 10)
			if e.Overcount > 0 {
				dst = append(dst, `,"max_overcount":`...)
				dst = strconv.AppendInt(dst, e.Overcount, 10)
			}
			dst = append(dst, '}')
		}
		dst = append(dst, "]}"...)
	}
	return append(dst, "}}\n"...)
}

const hexDigits = "0123456789abcdef"

func appendHex(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		dst = append(dst, hexDigits[s[i]>>4], hexDigits[s[i]&15])
	}
	return dst
}

// AppendJSONString appends s, which is UTF-8, as a JSON string.
func AppendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c < 0x20:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}

// Exact returns the result of facet f from exact counts: every distinct
// key and the top n of them (all of them when n <= 0).
func Exact(f Facet, counts map[string]int64, n int) FacetResult {
	e := make([]Entry, 0, len(counts))
	for k, c := range counts {
		e = append(e, Entry{Key: k, Count: c})
	}
	return FacetResult{Facet: f, Distinct: int64(len(counts)), Top: TopEntries(e, n)}
}
