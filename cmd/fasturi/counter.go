package main

import (
	"hash/maphash"
	"iter"
	"math"
	"strconv"
	"strings"

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
// input: limit keys, two fixed-size sketches and a few candidates (and,
// for ports, an array of 65,536 counts).
// Counting allocates only to keep a new key and, past the limit, to build
// the sketches (the HyperLogLog grows until it turns dense) and the
// candidates' arenas; a known key, and a key past the limit once those are
// built, allocate nothing.
//
// One goroutine uses a counter; merge combines those of several.
type counter struct {
	exact keyTable
	limit int
	// consts count the keys that the observer passes as constants (see
	// logstats.Const), by number: "<none>", host types, error messages,
	// common schemes and methods, without hashing them. They are not in
	// exact, and always exact: there are few.
	consts  [logstats.MaxConsts]int64
	nconsts int // how many of consts are not 0
	// numbers count, in a counter of ports, the keys that are plain
	// decimal numbers from 0 to 65535 (no sign, no leading 0), by value:
	// one place in an array per line, where a hash table hashes, probes
	// and compares, and outgrows a core's cache on a log of many ports.
	// "080" is not 80 and goes to exact. Nil in other counters, and until
	// the first number.
	numbers  []int64
	nnumbers int // how many of numbers are not 0
	numeric  bool

	// With more than limit keys:
	distinct   *hyperloglog.Sketch
	counts     *boom.CountMinSketch
	candidates candidates // the most frequent keys not in exact
}

// Sketch accuracy: a Count-Min sketch overestimates a count by at most
// epsilon times the lines it has seen, with probability 1-delta; a
// HyperLogLog of precision 14 estimates the distinct keys within about 1%.
const (
	sketchEpsilon = 0.0001
	sketchDelta   = 0.001
)

// newCounter returns a counter that counts limit keys exactly and keeps
// candidates for a top list of top keys; numeric makes it count the keys
// that are port numbers in an array (see counter.numbers).
func newCounter(limit, top int, numeric bool) *counter {
	return &counter{limit: max(limit, 1), numeric: numeric, candidates: candidates{max: candidateCap(top)}}
}

// candidateCap is how many keys beyond the exact ones a counter keeps as
// candidates for a top list of n: a margin over n, because the sketch's
// estimates move.
// Past a top list of 2^24 keys, the margin grows no more (and 4*n cannot
// overflow).
func candidateCap(n int) int { return 4*min(n, 1<<24) + 16 }

// add counts one line with key, which is valid only during the call and
// at most logstats.MaxKeyLen bytes long, and whose number is k when it is
// a constant.
func (c *counter) add(key []byte, k logstats.Const) {
	if k != logstats.NoConst {
		if c.consts[k] == 0 {
			c.nconsts++
		}
		c.consts[k]++
		return
	}
	if c.numeric {
		if n := portNumber(key); n >= 0 {
			c.addNumber(key, n)
			return
		}
	}
	h := hashKey(key)
	if e := c.exact.find(key, h); e != nil {
		e.count++
		return
	}
	if c.keys() >= c.limit {
		c.addBeyond(key, h)
		return
	}
	c.exact.insert(key, h).count = 1
}

// addNumber counts one line with key, which is the number n.
func (c *counter) addNumber(key []byte, n int) {
	if c.numbers != nil && c.numbers[n] != 0 {
		c.numbers[n]++
		return
	}
	if c.keys() >= c.limit {
		c.addBeyond(key, hashKey(key))
		return
	}
	if c.numbers == nil {
		c.numbers = make([]int64, maxPort+1)
	}
	c.numbers[n] = 1
	c.nnumbers++
}

// maxPort is the largest port number.
const maxPort = 65535

// portNumber returns the number that key writes as a decimal number from
// 0 to 65535 with no leading 0, or -1 when key is anything else.
func portNumber(key []byte) int {
	if len(key) == 0 || len(key) > 5 || key[0] == '0' && len(key) > 1 {
		return -1
	}
	n := 0
	for _, b := range key {
		if b < '0' || b > '9' {
			return -1
		}
		n = 10*n + int(b-'0')
	}
	if n > maxPort {
		return -1
	}
	return n
}

// keys returns how many keys c counts exactly.
func (c *counter) keys() int { return c.exact.len + c.nconsts + c.nnumbers }

// exactCounts yields each key that c counts exactly, with its count.
func (c *counter) exactCounts() iter.Seq2[string, int64] {
	return func(yield func(string, int64) bool) {
		for k, n := range c.consts {
			if n != 0 && !yield(logstats.Const(k).String(), n) {
				return
			}
		}
		for k, n := range c.numbers {
			if n != 0 && !yield(strconv.Itoa(k), n) {
				return
			}
		}
		for k, e := range c.exact.all() {
			if !yield(k, e.count) {
				return
			}
		}
	}
}

// addBeyond counts key, whose hash is h, once the exact keys are full.
func (c *counter) addBeyond(key []byte, h uint64) {
	if c.distinct == nil {
		c.distinct = hyperloglog.New14()
		c.counts = boom.NewCountMinSketch(sketchEpsilon, sketchDelta)
		c.counts.SetHash(newSketchHash())
		for k := range c.exactCounts() {
			c.distinct.InsertHash(hashKey(s2b(k)))
		}
	}
	c.distinct.InsertHash(h)
	c.counts.Add(key)
	c.candidates.offer(key, h, int64(c.counts.Count(key)))
}

// newSketchHash returns the hash of the Count-Min sketches: the same in
// every counter, so that estimates agree across workers.
func newSketchHash() *maphash.Hash {
	var h maphash.Hash
	h.SetSeed(keySeed)
	return &h
}

// approximate reports whether c has had more keys than its limit.
func (c *counter) approximate() bool { return c.distinct != nil }

// count returns c's count of key, which is no constant key of its facet,
// and how much more than the key's true count it may be: exact, 0 more,
// when c has the key or has no sketch (then every key it met, it has);
// else the sketch's estimate, which is never less than the true count and,
// with probability 1-sketchDelta, at most c.overcount() more.
func (c *counter) count(key string) (n, over int64) {
	if n := portNumber(s2b(key)); n >= 0 && c.numbers != nil && c.numbers[n] != 0 {
		return c.numbers[n], 0
	}
	if e := c.exact.find(s2b(key), hashKey(s2b(key))); e != nil {
		return e.count, 0
	}
	if c.counts != nil {
		return int64(c.counts.Count(s2b(key))), c.overcount()
	}
	return 0, 0
}

// overcount returns the Count-Min sketch's bound on how far above a key's
// true count its estimate goes: epsilon times the lines the sketch has
// counted (a sketch's rows hold every line, so a key shares its cells with
// others; the least of its cells errs by at most that much, with
// probability 1-sketchDelta).
func (c *counter) overcount() int64 {
	return int64(math.Ceil(sketchEpsilon * float64(c.counts.TotalCount())))
}

// candidates are the keys most frequent by estimate among those a counter
// does not count exactly, at most a fixed number. A min-heap by estimate
// finds the least frequent in constant time and replaces it in
// logarithmic time, and an index by hash finds a key's slot, so that an
// offer costs the same whatever the number of candidates. Their bytes are
// in one arena, compacted into a second one when replaced keys take up
// more room than the live ones, so that once both have grown, taking a
// new candidate allocates nothing.
type candidates struct {
	max    int              // how many candidates there may be
	index  map[uint64]int32 // the slot of each candidate, by its key's hash
	heap   []int32          // the slots, a min-heap by count
	at     []int32          // by slot: its place in heap
	hashes []uint64         // by slot
	counts []int64
	spans  []keySpan // where each key is in keys
	keys   []byte
	spare  []byte // the arena that the next compaction fills
	live   int    // the bytes of the candidates' keys
}

// key returns slot i's key.
func (cs *candidates) key(i int32) []byte {
	return cs.spans[i].in(cs.keys)
}

// offer makes key, whose hash is h, a candidate with the estimate n if it
// is among the most frequent: a candidate already, or in a free slot, or
// in place of the least frequent one. A key whose hash is a candidate's
// but not its key (a 64-bit collision) is not offered.
func (cs *candidates) offer(key []byte, h uint64, n int64) {
	full := len(cs.heap) == cs.max
	if full && n <= cs.counts[cs.heap[0]] {
		// Estimates only grow, so a candidate's own estimate is never
		// below the least: key is either not one or keeps its place.
		return
	}
	if cs.index == nil {
		cs.index = make(map[uint64]int32)
	}
	if slot, ok := cs.index[h]; ok {
		if string(cs.key(slot)) == string(key) {
			cs.counts[slot] = n
			cs.down(cs.at[slot])
		}
		return
	}
	var slot int32
	if full {
		slot = cs.heap[0] // the least frequent goes
		delete(cs.index, cs.hashes[slot])
		cs.live -= cs.spans[slot].len()
	} else {
		slot = int32(len(cs.hashes))
		cs.hashes, cs.counts, cs.spans = append(cs.hashes, 0), append(cs.counts, 0), append(cs.spans, 0)
		cs.at = append(cs.at, int32(len(cs.heap)))
		cs.heap = append(cs.heap, slot)
	}
	if len(cs.keys)+len(key) > 2*cs.live+4096 {
		cs.compact(slot)
	}
	cs.index[h] = slot
	cs.hashes[slot], cs.counts[slot] = h, n
	cs.keys, cs.spans[slot] = appendKey(cs.keys, key)
	cs.live += len(key)
	if full {
		cs.down(0)
	} else {
		cs.up(cs.at[slot])
	}
}

// up moves the slot at place i of the heap towards the root while its
// count is less than its parent's.
func (cs *candidates) up(i int32) {
	for i > 0 {
		p := (i - 1) / 2
		if cs.counts[cs.heap[p]] <= cs.counts[cs.heap[i]] {
			return
		}
		cs.swap(i, p)
		i = p
	}
}

// down moves the slot at place i of the heap towards the leaves while a
// child's count is less than its own.
func (cs *candidates) down(i int32) {
	n := int32(len(cs.heap))
	for {
		least := i
		for _, c := range [2]int32{2*i + 1, 2*i + 2} {
			if c < n && cs.counts[cs.heap[c]] < cs.counts[cs.heap[least]] {
				least = c
			}
		}
		if least == i {
			return
		}
		cs.swap(i, least)
		i = least
	}
}

// swap swaps places i and j of the heap.
func (cs *candidates) swap(i, j int32) {
	cs.heap[i], cs.heap[j] = cs.heap[j], cs.heap[i]
	cs.at[cs.heap[i]], cs.at[cs.heap[j]] = i, j
}

// compact copies the keys of the candidates but the one in slot skip into
// the spare arena, which then becomes the arena.
func (cs *candidates) compact(skip int32) {
	next := cs.spare[:0]
	for i := range int32(len(cs.hashes)) {
		if i != skip {
			next, cs.spans[i] = appendKey(next, cs.key(i))
		}
	}
	cs.keys, cs.spare = next, cs.keys
}

// all yields each candidate's key, as a new string,
// with its estimate.
func (cs *candidates) all() iter.Seq2[string, int64] {
	return func(yield func(string, int64) bool) {
		for i := range int32(len(cs.hashes)) {
			if !yield(string(cs.key(i)), cs.counts[i]) {
				return
			}
		}
	}
}

// mergeCounters returns the result of facet f over the counters of every
// worker: exact when none of them went beyond its limit, and otherwise
// with the distinct keys estimated and the top list drawn from every
// worker's exact keys and candidates, each counted over all workers. It
// reads the counters without changing them, so that the merges of
// different facets may run at once.
func mergeCounters(f logstats.Facet, cs []*counter, top int) logstats.FacetResult {
	approx := false
	for _, c := range cs {
		approx = approx || c.approximate()
	}
	if !approx {
		all := make(map[string]int64)
		for _, c := range cs {
			for k, n := range c.exactCounts() {
				all[k] += n
			}
		}
		return ownKeys(logstats.Exact(f, all, top))
	}
	hll := hyperloglog.New14()
	keys := make(map[string]bool)
	for _, c := range cs {
		if c.distinct != nil {
			hll.Merge(c.distinct)
			// The constant keys do not go through the sketch: those that
			// first came after it was built are not in it.
			for k, n := range c.consts {
				if n != 0 {
					hll.InsertHash(hashKey(s2b(logstats.Const(k).String())))
				}
			}
		} else {
			for k := range c.exactCounts() {
				hll.InsertHash(hashKey(s2b(k)))
			}
		}
		// Each worker's own top keys, exact and beyond, are candidates;
		// with no top list (top 0), every key it counted exactly is.
		own := make([]logstats.Entry, 0, c.keys())
		for k, n := range c.exactCounts() {
			own = append(own, logstats.Entry{Key: k, Count: n})
		}
		if top > 0 {
			own = logstats.TopEntries(own, candidateCap(top))
		}
		for _, e := range own {
			keys[e.Key] = true
		}
		for k := range c.candidates.all() {
			keys[k] = true
		}
	}
	// The constant keys of the facet, which some worker counted: every
	// worker counts them exactly, and one that never met a constant has
	// none of it (its sketch, which holds no constants, would give its
	// collisions). The facet passes no other key with a constant's name.
	consts := make(map[string]logstats.Const)
	for _, c := range cs {
		for k, n := range c.consts {
			if n != 0 {
				consts[logstats.Const(k).String()] = logstats.Const(k)
			}
		}
	}
	entries := make([]logstats.Entry, 0, len(keys))
	for k := range keys {
		e := logstats.Entry{Key: k}
		for _, c := range cs {
			if kc, ok := consts[k]; ok {
				e.Count += c.consts[kc]
			} else {
				n, over := c.count(k)
				e.Count, e.Overcount = e.Count+n, e.Overcount+over
			}
		}
		entries = append(entries, e)
	}
	// Every key drawn is a key some line had: the estimate, which may be
	// low by a percent or so, is at least as many.
	distinct := max(int64(hll.Estimate()), int64(len(keys)))
	return ownKeys(logstats.FacetResult{Facet: f, Distinct: distinct, Approximate: true, Top: logstats.TopEntries(entries, top)})
}

// ownKeys returns r with keys in memory of their own: the merge reads the
// counters' keys in place, in their arenas, which a result of a few keys
// should not keep alive.
func ownKeys(r logstats.FacetResult) logstats.FacetResult {
	for i := range r.Top {
		r.Top[i].Key = strings.Clone(r.Top[i].Key)
	}
	return r
}
