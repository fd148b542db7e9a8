package main

import (
	"unsafe"

	"github.com/axiomhq/hyperloglog"
	boom "github.com/tylertreat/BoomFilters"

	"github.com/fasturi/fasturi/internal/logstats"
)

// A counter counts the lines of one facet by key, in bounded memory:
// exactly while the facet has at most limit distinct keys, and then with
// sketches for the keys beyond. The keys it already has stay exact; the
// others go to a HyperLogLog, for the number of distinct keys, and to a
// Count-Min sketch, for their counts, and the most frequent of them are
// kept as candidates for the top list. Memory then stays flat whatever the
// input: limit keys, two fixed-size sketches and a few candidates.
//
// One goroutine uses a counter; merge combines those of several.
type counter struct {
	exact map[string]*slot
	limit int
	// consts are the slots of keys that come as constants of the
	// observer (see logstats.Observe): "(none)", host types, error
	// messages, common schemes and methods. They are found by the key's
	// address, which is cheaper than hashing it.
	consts []constSlot

	// With more than limit keys:
	distinct   *hyperloglog.Sketch
	counts     *boom.CountMinSketch
	candidates []logstats.Entry // the most frequent keys not in exact, at most candidateCap
	candIndex  map[string]int   // where each candidate is in candidates
	candMin    int64            // the smallest count among candidates
}

// A constSlot is the slot of a key that comes at one address.
type constSlot struct {
	p    *byte
	n    int
	slot *slot
}

// maxConsts bounds the keys a counter finds by address.
const maxConsts = 16

// A slot is an exact key and its count.
type slot struct {
	key string
	n   int64
}

// Sketch accuracy: a Count-Min sketch overestimates a count by at most
// epsilon times the lines it has seen, with probability 1-delta; a
// HyperLogLog of precision 14 estimates the distinct keys within about 1%.
const (
	sketchEpsilon = 0.0001
	sketchDelta   = 0.001
)

func newCounter(limit, top int) *counter {
	return &counter{exact: make(map[string]*slot), limit: max(limit, top, 1)}
}

// candidateCap is how many keys beyond the exact ones a counter keeps as
// candidates for a top list of n: a margin over n, because the sketch's
// estimates move.
func candidateCap(n int) int { return 4*n + 16 }

// add counts one line with key, which is valid only during the call.
func (c *counter) add(key []byte, top int) {
	p := unsafe.SliceData(key)
	for _, k := range c.consts {
		if k.p == p && k.n == len(key) {
			k.slot.n++
			return
		}
	}
	e, ok := c.exact[string(key)]
	if !ok {
		if len(c.exact) >= c.limit {
			c.addBeyond(key, top)
			return
		}
		e = &slot{key: string(key)}
		c.exact[e.key] = e
		if len(key) > 0 && len(c.consts) < maxConsts && logstats.IsConstant(key) {
			c.consts = append(c.consts, constSlot{p, len(key), e})
		}
	}
	e.n++
}

// addBeyond counts key once the exact keys are full.
func (c *counter) addBeyond(key []byte, top int) {
	if c.distinct == nil {
		c.distinct = hyperloglog.New14()
		c.counts = boom.NewCountMinSketch(sketchEpsilon, sketchDelta)
		c.candIndex = make(map[string]int)
		for k := range c.exact {
			c.distinct.Insert([]byte(k))
		}
	}
	c.distinct.Insert(key)
	c.counts.Add(key)
	n := int64(c.counts.Count(key))
	c.offer(key, n, top)
}

// offer makes key, estimated at n lines, a candidate if it is among the
// most frequent beyond the exact keys.
func (c *counter) offer(key []byte, n int64, top int) {
	if i, ok := c.candIndex[string(key)]; ok {
		c.candidates[i].Count = n
		return
	}
	if len(c.candidates) < candidateCap(top) {
		c.candIndex[string(key)] = len(c.candidates)
		c.candidates = append(c.candidates, logstats.Entry{Key: string(key), Count: n})
		if len(c.candidates) == candidateCap(top) {
			c.candMin = c.candidates[0].Count
			for _, e := range c.candidates {
				c.candMin = min(c.candMin, e.Count)
			}
		}
		return
	}
	if n <= c.candMin {
		return
	}
	// Replace the least frequent candidate.
	least := 0
	for i, e := range c.candidates {
		if e.Count < c.candidates[least].Count {
			least = i
		}
	}
	delete(c.candIndex, c.candidates[least].Key)
	c.candIndex[string(key)] = least
	c.candidates[least] = logstats.Entry{Key: string(key), Count: n}
	c.candMin = n
	for _, e := range c.candidates {
		c.candMin = min(c.candMin, e.Count)
	}
}

// approximate reports whether c has had more keys than its limit.
func (c *counter) approximate() bool { return c.distinct != nil }

// count returns c's count of key: exact when c has the key, else the
// sketch's estimate (0 when c has no sketch).
func (c *counter) count(key string) int64 {
	if e, ok := c.exact[key]; ok {
		return e.n
	}
	if c.counts != nil {
		return int64(c.counts.Count([]byte(key)))
	}
	return 0
}

// mergeCounters returns the result of facet f over the counters of every
// worker: exact when none of them went beyond its limit, and otherwise
// with the distinct keys estimated and the top list drawn from every
// worker's exact keys and candidates, each counted over all workers.
func mergeCounters(f logstats.Facet, cs []*counter, top int) logstats.FacetResult {
	approx := false
	for _, c := range cs {
		approx = approx || c.approximate()
	}
	if !approx {
		all := make(map[string]int64)
		for _, c := range cs {
			for k, e := range c.exact {
				all[k] += e.n
			}
		}
		return logstats.Exact(f, all, top)
	}
	hll := hyperloglog.New14()
	keys := make(map[string]bool)
	for _, c := range cs {
		if c.distinct != nil {
			hll.Merge(c.distinct)
		} else {
			for k := range c.exact {
				hll.Insert([]byte(k))
			}
		}
		// Each worker's own top keys, exact and beyond, are candidates.
		own := make([]logstats.Entry, 0, len(c.exact))
		for k, e := range c.exact {
			own = append(own, logstats.Entry{Key: k, Count: e.n})
		}
		logstats.SortEntries(own)
		for _, e := range own[:min(len(own), candidateCap(top))] {
			keys[e.Key] = true
		}
		for _, e := range c.candidates {
			keys[e.Key] = true
		}
	}
	entries := make([]logstats.Entry, 0, len(keys))
	for k := range keys {
		var n int64
		for _, c := range cs {
			n += c.count(k)
		}
		entries = append(entries, logstats.Entry{Key: k, Count: n})
	}
	logstats.SortEntries(entries)
	if top > 0 && len(entries) > top {
		entries = entries[:top]
	}
	return logstats.FacetResult{Facet: f, Distinct: int64(hll.Estimate()), Approximate: true, Top: entries}
}
