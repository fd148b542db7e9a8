package main

import (
	"net/url"
	"strings"

	"github.com/PuerkitoBio/purell"
	"github.com/fasturi/fasturi"
)

// An operation is work beyond parsing that fasturi and other libraries do
// per URI. Its implementations are measured like the parsers, on the same
// corpora, and get a table of their own; the first is fasturi's, and the
// ratios are against it.
type operation struct {
	key   string // -ops value and benchmark name: [a-z]
	title string // the report's section
	about string // what every implementation does per URI, for the report
	impls []*parser
	// common has every implementation timed on the inputs that all of
	// them accept (see commonInputs): past a failed parse each skips the
	// rest of the work, so one that fails on more inputs would look
	// faster for it.
	common bool
}

// purellFlags are purell's normalizations closest to RFC 3986 sections
// 6.2.2 and 6.2.3: case, percent-encodings, dot-segments, default and
// empty ports. FlagsSafe also drops an empty query ("?"), which the RFC
// keeps; purell removes the default port of http and https only, and
// leaves the percent-encodings of a query as they are.
const purellFlags = purell.FlagsSafe | purell.FlagRemoveDotSegments | purell.FlagRemoveEmptyPortSeparator

// outBuf is the buffer that fasturi's operations write into, made once:
// made at every pass, its 64 KiB would be zeroed at every pass, and on a
// small corpus that would cost more than the work timed.
var outBuf = make([]byte, 0, 1<<16)

// operations lists the operations, in the order of the report.
var operations = []*operation{
	{
		key:   "normalize",
		title: "Normalization",
		about: "Each URI is parsed and normalized (RFC 3986 sections 6.2.2 and 6.2.3), and the result written out. " +
			"Both implementations are timed on the URIs that both normalize without error, as many as Done says (or on every input of a corpus where they share none, as Done then shows).",
		common: true,
		impls: []*parser{
			{
				key:    "fasturi",
				module: "github.com/fasturi/fasturi",
				name:   "fasturi.AppendNormalize",
				spec:   "ParseString, then AppendNormalize at NormalizeScheme into a reused buffer",
				run: func(c *corpus, ok []bool) {
					buf := outBuf
					for i, s := range c.strings {
						u, err := fasturi.ParseString(s)
						if ok[i] = err == nil; ok[i] {
							_, _, err = fasturi.AppendNormalize(buf[:0], u, fasturi.NormalizeScheme, 0)
							ok[i] = err == nil
						}
					}
				},
			},
			{
				key:    "purell",
				module: "github.com/PuerkitoBio/purell",
				name:   "purell.NormalizeURL",
				spec:   "url.Parse, then NormalizeURL with FlagsSafe, FlagRemoveDotSegments and FlagRemoveEmptyPortSeparator",
				// Not NormalizeURLString, which also maps every host with
				// IDNA and Unicode normalization, work that is no part of
				// RFC 3986's normalization and that fasturi does not do.
				run: func(c *corpus, ok []bool) {
					for i, s := range c.strings {
						u, err := url.Parse(s)
						if ok[i] = err == nil; ok[i] {
							_ = purell.NormalizeURL(u, purellFlags)
						}
					}
				},
			},
		},
	},
	{
		key:   "resolve",
		title: "Reference resolution",
		about: "Per URI, a reference made from the next URI (the whole of it, its path and query as an absolute path, " +
			"`./` or `../` and its last segment, or its fragment) is parsed and resolved (RFC 3986 section 5.2) against " +
			"the URI, parsed beforehand (the last absolute URI before it when it is not one), and the target written out. " +
			"Both implementations are timed on the references that both resolve without error, as many as Done says (or on every input of a corpus where they share none, as Done then shows).",
		common: true,
		impls: []*parser{
			{
				key:    "fasturi",
				module: "github.com/fasturi/fasturi",
				name:   "fasturi.AppendResolve",
				spec:   "ParseString of the reference, then AppendResolve into a reused buffer",
				run: func(c *corpus, ok []bool) {
					buf := outBuf
					for i := range c.pairs {
						p := &c.pairs[i]
						ref, err := fasturi.ParseString(p.ref)
						if ok[i] = err == nil; ok[i] {
							_, _, err = fasturi.AppendResolve(buf[:0], p.base, ref, 0)
							ok[i] = err == nil
						}
					}
				},
			},
			{
				key:  "net-url",
				name: "net/url ResolveReference",
				spec: "url.Parse of the reference, then the base's ResolveReference and String",
				run: func(c *corpus, ok []bool) {
					for i := range c.pairs {
						p := &c.pairs[i]
						ref, err := url.Parse(p.ref)
						if ok[i] = err == nil; ok[i] {
							_ = p.baseURL.ResolveReference(ref).String()
						}
					}
				},
			},
		},
	},
	extractOperation,
}

// commonInputs returns c cut to the URIs (and their references) that
// every one of impls accepts, which an untimed pass of each finds; or c
// itself when there are none, which leaves the implementations timed on
// every input rather than on none.
func commonInputs(c *corpus, impls []*parser) *corpus {
	keep := make([]bool, len(c.strings))
	for i := range keep {
		keep[i] = true
	}
	ok := make([]bool, len(c.strings))
	for _, p := range impls {
		p.run(c, ok)
		for i := range keep {
			keep[i] = keep[i] && ok[i]
		}
	}
	cut := &corpus{name: c.name, source: c.source, sha256: c.sha256}
	for i, k := range keep {
		if k {
			cut.strings = append(cut.strings, c.strings[i])
			cut.bytes = append(cut.bytes, c.bytes[i])
			cut.pairs = append(cut.pairs, c.pairs[i])
			cut.size += int64(len(c.strings[i]))
		}
	}
	if len(cut.strings) == 0 {
		return c
	}
	return cut
}

func operationKeys() string {
	keys := make([]string, len(operations))
	for i, op := range operations {
		keys[i] = op.key
	}
	return strings.Join(keys, ",")
}

// selectOperations returns the operations named in the comma-separated
// list keys, in the order of operations; "all" means all of them, and ""
// none.
func selectOperations(keys string) ([]*operation, []string) {
	if keys == "all" {
		return operations, nil
	}
	want := map[string]bool{}
	for _, k := range strings.Split(keys, ",") {
		if k = strings.TrimSpace(k); k != "" {
			want[k] = true
		}
	}
	var list []*operation
	for _, op := range operations {
		if want[op.key] {
			list = append(list, op)
			delete(want, op.key)
		}
	}
	var unknown []string
	for k := range want {
		unknown = append(unknown, k)
	}
	return list, unknown
}

// A resolvePair is a base URI, parsed by both resolvers, and a reference to
// resolve against it.
type resolvePair struct {
	base    fasturi.URI
	baseURL *url.URL
	ref     string
}

// defaultBase is the base of the references before a corpus's first
// absolute URI: RFC 3986 section 5.4's.
const defaultBase = "http://a/b/c/d;p?q"

// resolvePairs makes a pair per URI of uris: the URI as the base (or the
// last absolute URI before it, which both resolvers take), and a reference
// made from the next URI, in one of five forms in turn.
func resolvePairs(uris []string) []resolvePair {
	base, _ := fasturi.ParseString(defaultBase)
	baseURL, _ := url.Parse(defaultBase)
	pairs := make([]resolvePair, len(uris))
	for i, s := range uris {
		if b, err := fasturi.ParseString(s); err == nil && b.HasScheme() {
			if bu, err := url.Parse(s); err == nil && bu.IsAbs() {
				base, baseURL = b, bu
			}
		}
		next := uris[(i+1)%len(uris)]
		ref := next
		if n, err := fasturi.ParseString(next); err == nil {
			path := n.RawPath()
			last := path[strings.LastIndexByte(path, '/')+1:]
			query := ""
			if n.HasQuery() {
				query = "?" + n.RawQuery()
			}
			switch i % 5 {
			case 1:
				ref = "/" + strings.TrimLeft(path, "/") + query
			case 2:
				ref = "./" + last + query
			case 3:
				ref = "../" + last + query
			case 4:
				ref = "#" + n.RawFragment()
			}
		}
		pairs[i] = resolvePair{base: base, baseURL: baseURL, ref: ref}
	}
	return pairs
}
