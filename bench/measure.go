package main

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"time"
)

// method is how every parser is measured on every corpus.
type method struct {
	trials  int           // timed trials per parser and corpus
	minTime time.Duration // each trial runs the whole passes that lasted this long when calibrated
}

// A result is one parser on one corpus.
type result struct {
	parser *parser
	corpus *corpus
	ok     []bool    // whether the parser accepted each URI
	trials []float64 // ns per URI, one per trial
	allocs float64   // Go heap allocations per URI (cgo's C++ heap is not seen)
	heap   float64   // Go heap bytes allocated per URI
}

// accepted is the number of URIs the parser accepted.
func (r *result) accepted() int {
	n := 0
	for _, ok := range r.ok {
		if ok {
			n++
		}
	}
	return n
}

// median is the median time per URI over the trials.
func (r *result) median() float64 { return quantile(r.trials, 0.5) }

// spread is half the interquartile range of the trials, as a fraction of
// the median: robust to the odd trial that a shared machine slows down.
func (r *result) spread() float64 {
	return (quantile(r.trials, 0.75) - quantile(r.trials, 0.25)) / 2 / r.median()
}

// mbPerSec is the corpus's bytes (without line ends) per second, at the
// median.
func (r *result) mbPerSec() float64 {
	return float64(r.corpus.size) / (r.median() * float64(len(r.corpus.strings))) * 1e3
}

// quantile is the q-quantile of xs, interpolated linearly between the
// two nearest values (NaN for no values).
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Sorted(slices.Values(xs))
	pos := q * float64(len(s)-1)
	i := int(pos)
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (pos-float64(i))*(s[i+1]-s[i])
}

// progress is told what runs now; it is called outside the timed code.
type progress func(c *corpus, p *parser, step string)

// measure runs every parser on one corpus:
//
//  1. four untimed passes: the first warms up caches, branch predictors,
//     the parser's own pools and whatever it builds once (xurls compiles
//     its regular expression on first use), the next three record what
//     each parser accepts and what it allocates (allocsPerURI), so that a
//     one-time cost is not counted as a cost per URI;
//  2. a calibration: the number of passes that lasts at least m.minTime;
//  3. m.trials rounds; each round times every parser once, in an order that
//     rotates from round to round, so that the machine's drift and the
//     garbage one parser leaves behind fall on all of them alike. The heap
//     is collected before each timed trial.
func measure(c *corpus, ps []*parser, m method, tell progress) []*result {
	results := make([]*result, len(ps))
	passes := make([]int, len(ps))
	for i, p := range ps {
		tell(c, p, "warm-up")
		r := &result{parser: p, corpus: c, ok: make([]bool, len(c.strings))}
		p.run(c, r.ok)
		r.allocs, r.heap = allocsPerURI(c, p, r.ok)
		passes[i] = calibrate(m.minTime, func(n int) time.Duration {
			start := time.Now()
			for range n {
				p.run(c, r.ok)
			}
			return time.Since(start)
		})
		results[i] = r
	}
	for t := range m.trials {
		for j := range ps {
			i := (j + t) % len(ps)
			r := results[i]
			tell(c, r.parser, trialStep(t, m.trials))
			runtime.GC()
			r.trials = append(r.trials, timePasses(c, r.parser, r.ok, passes[i]))
		}
	}
	return results
}

// allocsPerURI runs p over c three times and reports the fewest heap
// allocations and bytes a pass made, per URI. The counters are the whole
// process's: the runtime's own allocations during a pass add to them but
// not to every pass alike, and on a small corpus they would outweigh the
// parser's.
func allocsPerURI(c *corpus, p *parser, ok []bool) (allocs, bytes float64) {
	var fewest, least uint64 = math.MaxUint64, math.MaxUint64
	for range 3 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		p.run(c, ok)
		runtime.ReadMemStats(&after)
		fewest = min(fewest, after.Mallocs-before.Mallocs)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	n := float64(len(c.strings))
	return float64(fewest) / n, float64(least) / n
}

// calibrate returns the number of whole passes that lasts at least d,
// timing n passes with timeN; at most maxPasses, for a clock too coarse to
// see a pass.
func calibrate(d time.Duration, timeN func(n int) time.Duration) int {
	const maxPasses = 1 << 24
	n := 1
	for {
		elapsed := timeN(n)
		if elapsed >= d || n >= maxPasses {
			return n
		}
		// Aim 20% past d, at least doubling, so that calibration ends fast.
		next := int(float64(n) * 1.2 * float64(d) / float64(max(elapsed, time.Microsecond)))
		n = max(2*n, min(next, 100*n))
	}
}

// timePasses runs n passes and returns the time per URI in nanoseconds.
func timePasses(c *corpus, p *parser, ok []bool, n int) float64 {
	start := time.Now()
	for range n {
		p.run(c, ok)
	}
	return float64(time.Since(start).Nanoseconds()) / float64(n) / float64(len(c.strings))
}

func trialStep(t, trials int) string { return fmt.Sprintf("trial %d/%d", t+1, trials) }
