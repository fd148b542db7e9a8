module github.com/fasturi/fasturi/bench

go 1.26.0

// The library under test, from this tree.
replace github.com/fasturi/fasturi => ../

// The parsers compared, each at a version the Go module proxy serves:
// fasthttp v1.78.0, the newest (v1.75.0 is refused),
// goada v1.0.0 (cgo: needs a C++ compiler), whatwg-url v0.6.2 (the
// newest). cpuid names the CPU in every report. purell v1.2.1, the newest,
// which the Go module proxy resolves, is the normalizer compared. xurls
// v2.6.0, the newest the Go module proxy resolves, is the extractor of
// URIs from text compared; its Strict regular expression, built from the
// IANA scheme list it embeds, differs from one version to the next.
// fredbi/uri v1.1.1, the newest, is the other strict RFC 3986 parser.
require (
	github.com/PuerkitoBio/purell v1.2.1
	github.com/ada-url/goada v1.0.0
	github.com/fasturi/fasturi v0.0.0-00010101000000-000000000000
	github.com/fredbi/uri v1.1.1
	github.com/klauspost/cpuid/v2 v2.4.2
	github.com/nlnwa/whatwg-url v0.6.2
	github.com/valyala/fasthttp v1.78.0
	mvdan.cc/xurls/v2 v2.6.0
)

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	github.com/klauspost/compress v1.20.3 // indirect
	github.com/molecule-man/go-brrr v1.3.1 // indirect
	github.com/valyala/bytebufferpool v1.0.0 // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
