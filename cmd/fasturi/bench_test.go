package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/fasturi/fasturi/internal/corpus"
)

// benchInput is a generated URI list of about 4 MB, one per line.
var benchInput = func() []byte {
	return []byte(strings.Join(corpus.Generate(100000, 1), "\n") + "\n")
}()

// BenchmarkFormat times the per-line work of parse alone: parsing and
// formatting each line of benchInput into a reused buffer, on one core.
func BenchmarkFormat(b *testing.B) {
	lines := bytes.Split(bytes.TrimSuffix(benchInput, []byte("\n")), []byte("\n"))
	for _, f := range []struct {
		name   string
		format func([]byte, record) []byte
	}{{"none", func(dst []byte, _ record) []byte { return dst }}, {"tsv", appendTSV}, {"json", appendJSON}, {"text", appendText}} {
		b.Run(f.name, func(b *testing.B) {
			fn := parseLine(f.format, false)
			dst := make([]byte, 0, 1<<16)
			b.SetBytes(int64(len(benchInput)))
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lines {
					dst, _ = fn(dst[:0], l)
				}
			}
		})
	}
}

// BenchmarkProcess times the whole pipeline of parse: reading, splitting
// into lines, formatting on all cores, writing in order.
func BenchmarkProcess(b *testing.B) {
	for _, f := range []struct {
		name   string
		format func([]byte, record) []byte
	}{{"tsv", appendTSV}, {"json", appendJSON}} {
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(10 * int64(len(benchInput)))
			for b.Loop() {
				p := &processor{fn: parseLine(f.format, false), out: io.Discard, stderr: io.Discard}
				var in []io.Reader
				for range 10 {
					in = append(in, bytes.NewReader(benchInput))
				}
				if _, err := p.process([]string{"-"}, io.MultiReader(in...)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
