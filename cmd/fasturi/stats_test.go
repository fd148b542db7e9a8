package main

import (
	"bytes"
	"testing"

	"github.com/fasturi/fasturi/internal/corpus"
	"github.com/fasturi/fasturi/internal/logstats"
)

// BenchmarkStatsLine times the per-line work of stats alone, on one core:
// reading a line's URIs and counting its facets, on a generated URI list
// and a generated combined-format access log.
func BenchmarkStatsLine(b *testing.B) {
	for _, c := range []struct {
		name   string
		log    corpus.LogFormat
		format logstats.Format
	}{
		{"uris", corpus.LogURIs, logstats.Format{}},
		{"combined", corpus.LogCombined, logstats.Format{Kind: logstats.KindCombined}},
	} {
		var buf bytes.Buffer
		corpus.WriteLog(&buf, c.log, 4<<20, 1)
		lines := bytes.Split(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), []byte("\n"))
		b.Run(c.name, func(b *testing.B) {
			w := newStatsWorker(c.format, 1, 1<<16, 10)
			for _, l := range lines {
				w.line(nil, l) // each key's first line copies it
			}
			b.SetBytes(int64(buf.Len()))
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lines {
					w.line(nil, l)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(lines)), "ns/line")
		})
	}
}

// TestStatsLineAllocs checks that counting a line allocates nothing once
// its keys are known: a key new to a facet is copied once, into the
// facet's table, and nothing else is.
func TestStatsLineAllocs(t *testing.T) {
	var buf bytes.Buffer
	corpus.WriteLog(&buf, corpus.LogCombined, 256<<10, 1)
	lines := bytes.Split(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), []byte("\n"))
	w := newStatsWorker(logstats.Format{Kind: logstats.KindCombined}, 1, 1<<16, 10)
	for _, l := range lines {
		w.line(nil, l)
	}
	if a := testing.AllocsPerRun(3, func() {
		for _, l := range lines {
			w.line(nil, l)
		}
	}); a != 0 {
		t.Errorf("counting %d known lines allocates %v times", len(lines), a)
	}
}
