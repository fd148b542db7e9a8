package fasturi

import (
	"flag"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/fasturi/fasturi/internal/corpus"
)

// Benchmarks run on a generated corpus, and on URI lists named by -corpus or
// $FASTURI_CORPUS (comma-separated file paths, one URI per line):
//
//	go test -run '^$' -bench Parse -corpus bench/corpora/kasztp.txt,bench/corpora/userbait.txt
//
// (see README.md, "Corpora", for the lists). Each list is named after its
// file, without the extension, and two lists may not share a name, nor
// take "generated", the built-in corpus's.
//
// Sub-benchmarks are named corpus=NAME/impl=NAME, so that benchstat -col /impl
// puts the implementations side by side.
var corpusFlag = flag.String("corpus", os.Getenv("FASTURI_CORPUS"), "comma-separated URI list files to benchmark on")

type benchCorpus struct {
	name  string
	uris  []string
	bytes int64
}

func benchCorpora(b *testing.B) []benchCorpus {
	list := append([]benchCorpus{{name: "generated", uris: corpus.Generate(20000, 1)}}, flagCorpora(b)...)
	for i := range list {
		for _, s := range list[i].uris {
			list[i].bytes += int64(len(s))
		}
	}
	return list
}

// flagCorpora loads the lists named by -corpus or $FASTURI_CORPUS. An empty
// name, as a trailing comma leaves, names nothing.
func flagCorpora(tb testing.TB) []benchCorpus {
	var list []benchCorpus
	names := map[string]bool{"generated": true}
	for _, path := range strings.Split(*corpusFlag, ",") {
		if path = strings.TrimSpace(path); path == "" {
			continue
		}
		uris, err := corpus.Load(path)
		if err != nil {
			tb.Fatal(err)
		}
		if len(uris) == 0 {
			tb.Fatalf("%s: no URIs", path)
		}
		name := corpus.Name(path)
		if names[name] {
			tb.Fatalf("%s: a second corpus named %q (sub-benchmarks are keyed by it)", path, name)
		}
		names[name] = true
		list = append(list, benchCorpus{name: name, uris: uris})
	}
	return list
}

// runCorpus times fn over a whole corpus per iteration and reports the
// time per URI next to the throughput.
func runCorpus(b *testing.B, c benchCorpus, fn func(string)) {
	if len(c.uris) == 0 {
		b.Skip("no URIs of this kind in the corpus") // a time per URI would be +Inf
	}
	b.SetBytes(c.bytes)
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range c.uris {
			fn(s)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(c.uris)), "ns/uri")
}

func BenchmarkParse(b *testing.B) {
	for _, c := range benchCorpora(b) {
		b.Run("corpus="+c.name+"/impl=fasturi", func(b *testing.B) {
			runCorpus(b, c, func(s string) { sinkURI, sinkErr = ParseString(s) })
		})
		b.Run("corpus="+c.name+"/impl=net-url", func(b *testing.B) {
			runCorpus(b, c, func(s string) {
				u, err := url.Parse(s)
				sinkBool, sinkErr = u != nil, err
			})
		})
	}
}

// BenchmarkComponents parses each URI and reads every component, as a
// router or a log job does, against net/url's Parse and fields.
func BenchmarkComponents(b *testing.B) {
	for _, c := range benchCorpora(b) {
		b.Run("corpus="+c.name+"/impl=fasturi", func(b *testing.B) {
			runCorpus(b, c, func(s string) {
				u, err := ParseString(s)
				n := len(u.Scheme()) + len(u.RawUserinfo()) + len(u.RawHost()) + len(u.Port()) +
					len(u.RawPath()) + len(u.RawQuery()) + len(u.RawFragment())
				if u.HasQuery() || u.HasFragment() {
					n++
				}
				sinkInt, sinkErr = n, err
			})
		})
		b.Run("corpus="+c.name+"/impl=net-url", func(b *testing.B) {
			runCorpus(b, c, func(s string) {
				u, err := url.Parse(s)
				if err != nil {
					sinkErr = err
					return
				}
				n := len(u.Scheme) + len(u.User.String()) + len(u.Hostname()) + len(u.Port()) +
					len(u.EscapedPath()) + len(u.RawQuery) + len(u.EscapedFragment())
				if u.ForceQuery || u.RawQuery != "" || u.Fragment != "" {
					n++
				}
				sinkInt = n
			})
		})
	}
}

func BenchmarkSplit(b *testing.B) {
	for _, c := range benchCorpora(b) {
		b.Run("corpus="+c.name+"/impl=fasturi", func(b *testing.B) {
			runCorpus(b, c, func(s string) { sinkURI, sinkV = SplitString(s) })
		})
	}
}

// BenchmarkParseLevel is BenchmarkParse at each scanner level this machine
// has, for benchstat -col /level.
func BenchmarkParseLevel(b *testing.B) {
	for _, c := range benchCorpora(b) {
		for l := range numLevels {
			if _, missing := levelKernels(l); missing != "" {
				continue
			}
			b.Run("corpus="+c.name+"/level="+l.String(), func(b *testing.B) {
				setLevel(b, l)
				runCorpus(b, c, func(s string) { sinkURI, sinkErr = ParseString(s) })
			})
		}
	}
}

// BenchmarkScan is the size ladder of each level's scanner of special
// bytes, from which the cutover (_asm/scan.go) is chosen: benchstat -col
// /level.
func BenchmarkScan(b *testing.B) {
	src := strings.Repeat("abcdefgh/", 8)
	for _, n := range []int{1, 4, 8, 12, 16, 20, 24, 32, 40, 48, 64} {
		s := src[:n]
		for l := range numLevels {
			k, missing := levelKernels(l)
			if missing != "" || n < k.minLen {
				continue
			}
			b.Run("n="+strconv.Itoa(n)+"/level="+l.String(), func(b *testing.B) {
				b.SetBytes(int64(n))
				for b.Loop() {
					sinkInt = int(k.scan(s))
				}
			})
		}
	}
}

// resolvePair is a base URI and a reference to resolve against it, as a
// crawler meets them: a page, and a link on it.
type resolvePair struct {
	base    URI
	baseURL *url.URL
	ref     string
}

// resolvePairs pairs each URI of a corpus that both fasturi and net/url take
// as an absolute URI with a reference made from the next one: the URI
// itself, its path and query, its last segment, that segment one level up,
// or its fragment. References either parser rejects are left out.
func resolvePairs(c benchCorpus) ([]resolvePair, int64) {
	var pairs []resolvePair
	var n int64
	for i, s := range c.uris {
		base, err := ParseString(s)
		baseURL, uerr := url.Parse(s)
		if err != nil || uerr != nil || !base.HasScheme() {
			continue
		}
		next, err := ParseString(c.uris[(i+1)%len(c.uris)])
		if err != nil {
			continue
		}
		path := next.RawPath()
		last := path[strings.LastIndexByte(path, '/')+1:]
		query := ""
		if next.HasQuery() {
			query = "?" + next.RawQuery()
		}
		var ref string
		switch i % 5 {
		case 0:
			ref = next.String()
		case 1:
			ref = "/" + strings.TrimPrefix(path, "/") + query
		case 2:
			ref = "./" + last + query
		case 3:
			ref = "../" + last + query
		default:
			ref = "#" + next.RawFragment()
		}
		if _, err := ParseString(ref); err != nil {
			continue
		}
		if _, err := url.Parse(ref); err != nil {
			continue
		}
		pairs = append(pairs, resolvePair{base, baseURL, ref})
		n += int64(len(ref))
	}
	// The bases and the references lie in one buffer, one after the
	// other, as the links of a page or the lines of a log do, rather than
	// among the allocations made above.
	var all strings.Builder
	for _, p := range pairs {
		all.WriteString(p.base.String())
		all.WriteString(p.ref)
	}
	text := all.String()
	for i := range pairs {
		p := &pairs[i]
		p.base, _ = ParseString(text[:len(p.base.String())])
		text = text[len(p.base.String()):]
		p.ref, text = text[:len(p.ref)], text[len(p.ref):]
	}
	return pairs, n
}

// BenchmarkResolve resolves a reference against a base per pair: parsing
// the reference, resolving it, and writing the target out, against
// net/url's Parse, ResolveReference and String. Bases are parsed before.
func BenchmarkResolve(b *testing.B) {
	for _, c := range benchCorpora(b) {
		pairs, n := resolvePairs(c)
		if len(pairs) == 0 {
			continue
		}
		perURI := func(b *testing.B) {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(pairs)), "ns/uri")
		}
		b.Run("corpus="+c.name+"/impl=fasturi", func(b *testing.B) {
			b.SetBytes(n)
			b.ReportAllocs()
			buf := make([]byte, 0, 4096)
			for b.Loop() {
				for i := range pairs {
					ref, _ := ParseString(pairs[i].ref)
					out, _, _ := AppendResolve(buf[:0], pairs[i].base, ref, 0)
					sinkInt = len(out)
				}
			}
			perURI(b)
		})
		b.Run("corpus="+c.name+"/impl=net-url", func(b *testing.B) {
			b.SetBytes(n)
			b.ReportAllocs()
			for b.Loop() {
				for i := range pairs {
					ref, _ := url.Parse(pairs[i].ref)
					sinkStr = pairs[i].baseURL.ResolveReference(ref).String()
				}
			}
			perURI(b)
		})
	}
}

// BenchmarkDecodeLengths percent-decodes strings of a few lengths in which
// one byte in four is encoded (a form value holding a URL, say), against
// net/url's PathUnescape: the kernel's blocks, then the byte loop past them.
func BenchmarkDecodeLengths(b *testing.B) {
	for _, n := range []int{16, 64, 256, 1024} {
		s := encodedOneInFour(n)
		b.Run("len="+strconv.Itoa(n)+"/impl=fasturi", func(b *testing.B) { benchAppendDecode(b, s) })
		b.Run("len="+strconv.Itoa(n)+"/impl=net-url", func(b *testing.B) {
			b.SetBytes(int64(n))
			b.ReportAllocs()
			for b.Loop() {
				sinkStr, sinkErr = url.PathUnescape(s)
			}
		})
	}
}

// encodedOneInFour returns n bytes of a path with about one byte in four
// percent-encoded, for BenchmarkDecodeLengths and BenchmarkDecodeLevel.
func encodedOneInFour(n int) string {
	var sb strings.Builder
	for sb.Len() < n {
		sb.WriteString("%2Fab%C3%A9cdefgh"[:min(n-sb.Len(), 17)])
	}
	return sb.String()
}

// benchAppendDecode times AppendDecode of s into a buffer with room for
// it, for BenchmarkDecodeLengths and BenchmarkDecodeLevel.
func benchAppendDecode(b *testing.B, s string) {
	buf := make([]byte, 0, len(s))
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		out, off, err := AppendDecode(buf[:0], s, 0)
		sinkInt, sinkErr = len(out)+off, err
	}
}

// BenchmarkDecodeLevel is BenchmarkDecodeLengths' fasturi at each scanner
// level this machine has, for benchstat -col /level: the decoding kernel
// with little around it.
func BenchmarkDecodeLevel(b *testing.B) {
	for _, n := range []int{16, 64, 256, 1024} {
		s := encodedOneInFour(n)
		for l := range numLevels {
			if _, missing := levelKernels(l); missing != "" {
				continue
			}
			b.Run("len="+strconv.Itoa(n)+"/level="+l.String(), func(b *testing.B) {
				setLevel(b, l)
				benchAppendDecode(b, s)
			})
		}
	}
}

// BenchmarkDecode percent-decodes the path of every URI of a corpus, against
// net/url's PathUnescape.
func BenchmarkDecode(b *testing.B) {
	for _, c := range benchCorpora(b) {
		var paths benchCorpus
		paths.name = c.name
		for _, s := range c.uris {
			if u, err := ParseString(s); err == nil {
				paths.uris = append(paths.uris, u.RawPath())
				paths.bytes += int64(len(u.RawPath()))
			}
		}
		b.Run("corpus="+c.name+"/impl=fasturi", func(b *testing.B) {
			buf := make([]byte, 0, 4096)
			runCorpus(b, paths, func(s string) {
				out, off, err := AppendDecode(buf[:0], s, 0)
				sinkInt, sinkErr = len(out)+off, err
			})
		})
		b.Run("corpus="+c.name+"/impl=net-url", func(b *testing.B) {
			runCorpus(b, paths, func(s string) { sinkStr, sinkErr = url.PathUnescape(s) })
		})
	}
}
