package fasturi

import (
	"flag"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fasturi/fasturi/internal/corpus"
)

// Benchmarks run on a generated corpus, and on URI lists named by -corpus or
// $FASTURI_CORPUS (comma-separated file paths, one URI per line):
//
//	go test -run '^$' -bench Parse -corpus ../shared/corpora/kasztp.txt
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

// flagCorpora loads the lists named by -corpus or $FASTURI_CORPUS.
func flagCorpora(tb testing.TB) []benchCorpus {
	var list []benchCorpus
	if *corpusFlag == "" {
		return nil
	}
	for _, path := range strings.Split(*corpusFlag, ",") {
		uris, err := corpus.Load(path)
		if err != nil {
			tb.Fatal(err)
		}
		list = append(list, benchCorpus{name: strings.TrimSuffix(filepath.Base(path), ".txt"), uris: uris})
	}
	return list
}

// runCorpus times fn over a whole corpus per iteration and reports the
// time per URI next to the throughput.
func runCorpus(b *testing.B, c benchCorpus, fn func(string)) {
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
