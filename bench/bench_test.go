package main

import (
	"flag"
	"os"
	"runtime"
	"strings"
	"testing"
)

// The benchmarks time the same parsers on the same corpora as the command,
// as Go benchmarks, for benchstat:
//
//	go test -run '^$' -bench Parsers -count 10 -cpu 1 -corpus a.txt,b.txt > new.txt
//	benchstat -col /parser -filter .unit:ns/uri new.txt
//
// and the other operations, keyed by implementation:
//
//	go test -run '^$' -bench 'Normalize|Resolve|Extract' -count 10 -cpu 1 -corpus a.txt > ops.txt
//	benchstat -col /impl -filter .unit:ns/uri ops.txt
//
// Each iteration is one pass over a whole corpus; ns/uri and allocs/uri
// divide by the corpus's length, and MB/s counts its bytes. -cpu 1 matches
// the command, which measures at GOMAXPROCS 1.
var corpusFlag = flag.String("corpus", os.Getenv("FASTURI_CORPUS"), "comma-separated URI list files to benchmark on, besides the generated and edge corpora")

// flagCorpora loads the generated and edge corpora and the files named by
// -corpus. An empty name, as a trailing comma leaves, names nothing.
func flagCorpora(b *testing.B) []*corpus {
	var files []string
	for _, f := range strings.Split(*corpusFlag, ",") {
		if f = strings.TrimSpace(f); f != "" {
			files = append(files, f)
		}
	}
	corpora, err := loadCorpora(20000, 1, files)
	if err != nil {
		b.Fatal(err)
	}
	return corpora
}

func BenchmarkParsers(b *testing.B) {
	corpora := flagCorpora(b)
	for _, c := range corpora {
		b.Run("corpus="+c.name, func(b *testing.B) {
			for _, p := range parsers {
				b.Run("parser="+p.key, func(b *testing.B) { benchmarkPasses(b, c, p, c.size) })
			}
		})
	}
}

// benchmarkPasses times passes of p over c, each of size bytes of input.
func benchmarkPasses(b *testing.B, c *corpus, p *parser, size int64) {
	ok := make([]bool, len(c.strings))
	b.SetBytes(size)
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		p.run(c, ok)
	}
	runtime.ReadMemStats(&after)
	uris := float64(b.N) * float64(len(c.strings))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/uris, "ns/uri")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/uris, "allocs/uri")
}

// BenchmarkNormalize, BenchmarkResolve and BenchmarkExtract time the implementations of the
// operations besides parsing, as the command does, for benchstat:
//
//	go test -run '^$' -bench 'Normalize|Resolve|Extract' -count 10 -cpu 1 > ops.txt
//	benchstat -col /impl -filter '.unit:ns/uri' ops.txt
func BenchmarkNormalize(b *testing.B) { benchmarkOperation(b, "normalize") }

func BenchmarkResolve(b *testing.B) { benchmarkOperation(b, "resolve") }

func BenchmarkExtract(b *testing.B) { benchmarkOperation(b, "extract") }

func benchmarkOperation(b *testing.B, key string) {
	ops, _ := selectOperations(key)
	if len(ops) != 1 {
		b.Fatalf("no operation %q", key)
	}
	corpora := flagCorpora(b)
	for _, c := range corpora {
		if ops[0].common {
			c = commonInputs(c, ops[0].impls)
		}
		// MB/s counts the text each implementation reads: the sentences
		// that hold the URIs, for extract, and the references, for
		// resolve (each base is parsed before timing).
		size := c.size
		switch key {
		case "extract":
			size = 0
			for _, s := range c.sentences {
				size += int64(len(s))
			}
		case "resolve":
			size = 0
			for _, p := range c.pairs {
				size += int64(len(p.ref))
			}
		}
		for _, p := range ops[0].impls {
			b.Run("corpus="+c.name+"/impl="+p.key, func(b *testing.B) { benchmarkPasses(b, c, p, size) })
		}
	}
}
