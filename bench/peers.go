package main

import (
	"net/url"
	"slices"
	"strings"

	"github.com/fasturi/fasturi"
	fredbi "github.com/fredbi/uri"
	whatwg "github.com/nlnwa/whatwg-url/url"
	"github.com/valyala/fasthttp"
)

// A parser is one contender, called the way its documentation recommends.
// run parses every URI of c once and records in ok whether each was
// accepted; it is the only code that is timed, so everything a parser needs
// besides the URI (a reusable object, say) is set up inside run, once per
// pass, as a user would set it up once per connection or per file. Each
// run spells out its own loop, rather than calling a func per URI from a
// shared one, so that no parser pays for an indirect call that its users
// would not.
type parser struct {
	key  string // sub-benchmark name and -parsers value: [a-z0-9-]
	name string // the call, as tables show it
	spec string // what it implements
	// module is the Go module it comes from; "" for the standard library.
	module string
	// validates is false for a splitter, which accepts every input; it has
	// no row in the agreement matrix.
	validates bool
	run       func(c *corpus, ok []bool)
}

// parsers lists every contender, fasturi first: the ratios are against it.
var parsers = []*parser{
	{
		key:       "fasturi",
		module:    "github.com/fasturi/fasturi",
		name:      "fasturi.Parse",
		spec:      "RFC 3986 URI-reference, strict",
		validates: true,
		run: func(c *corpus, ok []bool) {
			for i, b := range c.bytes {
				_, err := fasturi.Parse(b)
				ok[i] = err == nil
			}
		},
	},
	{
		key:    "fasturi-split",
		module: "github.com/fasturi/fasturi",
		name:   "fasturi.Split",
		spec:   "RFC 3986 Appendix B split, never fails",
		run: func(c *corpus, ok []bool) {
			for i, b := range c.bytes {
				split(b)
				ok[i] = true // Split never fails
			}
		},
	},
	{
		key:       "net-url",
		name:      "net/url.Parse",
		spec:      "RFC 3986, lenient (Go standard library)",
		validates: true,
		run: func(c *corpus, ok []bool) {
			for i, s := range c.strings {
				_, err := url.Parse(s)
				ok[i] = err == nil
			}
		},
	},
	{
		key:       "net-url-request",
		name:      "net/url.ParseRequestURI",
		spec:      "HTTP request-target: absolute URI or absolute path, no fragment",
		validates: true,
		run: func(c *corpus, ok []bool) {
			for i, s := range c.strings {
				_, err := url.ParseRequestURI(s)
				ok[i] = err == nil
			}
		},
	},
	{
		key:       "fredbi-uri",
		module:    "github.com/fredbi/uri",
		name:      "fredbi/uri ParseReference",
		spec:      "RFC 3986 URI-reference, strict; DNS names as hosts for http, https and other schemes",
		validates: true,
		run: func(c *corpus, ok []bool) {
			for i, s := range c.strings {
				_, err := fredbi.ParseReference(s)
				ok[i] = err == nil
			}
		},
	},
	{
		key:       "fasthttp",
		module:    "github.com/valyala/fasthttp",
		name:      "fasthttp URI.Parse",
		spec:      "HTTP request URI, lenient (fasthttp)",
		validates: true,
		run: func(c *corpus, ok []bool) {
			// One URI object reused for every parse, as fasthttp's
			// documentation asks: AcquireURI, then ReleaseURI.
			u := fasthttp.AcquireURI()
			for i, b := range c.bytes {
				ok[i] = u.Parse(nil, b) == nil
			}
			fasthttp.ReleaseURI(u)
		},
	},
	goadaPeer, // nil without cgo
	{
		key:       "whatwg-url",
		module:    "github.com/nlnwa/whatwg-url",
		name:      "whatwg-url Parse",
		spec:      "WHATWG URL Standard (pure Go)",
		validates: true,
		run: func(c *corpus, ok []bool) {
			for i, s := range c.strings {
				_, err := whatwg.Parse(s)
				ok[i] = err == nil
			}
		},
	},
}

// init drops the parsers that this build lacks (goada without cgo).
func init() {
	parsers = slices.DeleteFunc(parsers, func(p *parser) bool { return p == nil })
}

// selectParsers returns the parsers named in the comma-separated list keys,
// in the order of parsers; "" means all of them.
func selectParsers(keys string) ([]*parser, []string) {
	if keys == "" {
		return parsers, nil
	}
	want := map[string]bool{}
	for _, k := range strings.Split(keys, ",") {
		if k = strings.TrimSpace(k); k != "" {
			want[k] = true
		}
	}
	var list []*parser
	for _, p := range parsers {
		if want[p.key] {
			list = append(list, p)
			delete(want, p.key)
		}
	}
	var unknown []string
	for k := range want {
		unknown = append(unknown, k)
	}
	return list, unknown
}

// split is fasturi.Split behind a call that is never inlined, as
// fasturi.Parse, too large to inline, is behind one: inlined, Split saved
// a call and the copy of its result, and looked faster than Parse, which
// does less.
//
//go:noinline
func split(b []byte) (fasturi.URI, fasturi.Violations) { return fasturi.Split(b) }
