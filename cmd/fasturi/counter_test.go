package main

import (
	"fmt"
	"hash/maphash"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fasturi/fasturi/internal/logstats"
)

// testKey returns key number i of a set whose keys share prefixes, differ
// in length from 0 to logstats.MaxKeyLen bytes, and hold every byte value.
func testKey(r *rand.Rand, i int) []byte {
	k := fmt.Appendf(nil, "host-%d.example", i)
	switch i % 5 {
	case 0:
		return k[:0:0] // the empty key, many times over
	case 1:
		for len(k) < logstats.MaxKeyLen-8 {
			k = append(k, byte(r.IntN(256)))
		}
	case 2:
		k = append(k, 0, 0xff, '\n')
	}
	return k
}

func TestKeyTableCountsAsMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var tab keyTable
	want := make(map[string]int64)
	for range 200000 {
		k := testKey(r, r.IntN(30000))
		want[string(k)]++
		h := hashKey(k)
		e := tab.find(k, h)
		if e == nil {
			e = tab.insert(k, h)
		}
		e.count++
	}
	if tab.len != len(want) {
		t.Fatalf("%d keys, want %d", tab.len, len(want))
	}
	got := make(map[string]int64)
	for k, e := range tab.all() {
		if _, dup := got[k]; dup {
			t.Fatalf("key %q yielded twice", k)
		}
		got[strings.Clone(k)] = e.count
	}
	if !maps.Equal(got, want) {
		t.Fatalf("counts differ from a map's: %d keys against %d", len(got), len(want))
	}
	if e := tab.find([]byte("not a key"), hashKey([]byte("not a key"))); e != nil {
		t.Errorf("found a key never inserted: %q", tab.key(e))
	}
}

// constNumber returns the number of the constant key, which must be one.
func constNumber(t *testing.T, key string) logstats.Const {
	for c := range logstats.Const(logstats.MaxConsts - 1) {
		if c != logstats.NoConst && c.String() == key {
			return c
		}
	}
	t.Fatalf("%q is not a constant key", key)
	return 0
}

// TestCounterExact checks that a counter within its limit counts every key
// exactly, constants of the observer among them: a constant's count and
// that of the same bytes passed as a plain key add up.
func TestCounterExact(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	c := newCounter(1<<16, 10, false)
	want := make(map[string]int64)
	consts := []string{"<none>", "https", "invalid port"}
	for i := range 100000 {
		k, n := testKey(r, r.IntN(5000)), logstats.NoConst
		if i%3 == 0 {
			key := consts[r.IntN(len(consts))]
			k = []byte(key)
			if i%2 == 0 {
				n = constNumber(t, key)
			}
		}
		want[string(k)]++
		c.add(k, n)
	}
	res := mergeCounters(logstats.FacetHost, []*counter{c}, 0)
	if res.Approximate || res.Distinct != int64(len(want)) {
		t.Fatalf("%d distinct (approximate %v), want %d exactly", res.Distinct, res.Approximate, len(want))
	}
	for _, e := range res.Top {
		if want[e.Key] != e.Count {
			t.Errorf("%q: %d, want %d", e.Key, e.Count, want[e.Key])
		}
	}
}

// TestMergeExactTop checks the top list of counters within their limit,
// merged over two workers: the keys with the most lines over both, ties
// in key order, each with its exact count.
func TestMergeExactTop(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	cs := []*counter{newCounter(1<<16, 10, false), newCounter(1<<16, 10, false)}
	want := make(map[string]int64)
	for range 50000 {
		k := testKey(r, r.IntN(r.IntN(3000)+1))
		want[string(k)]++
		cs[r.IntN(2)].add(k, logstats.NoConst)
	}
	wantTop := make([]logstats.Entry, 0, len(want))
	for k, n := range want {
		wantTop = append(wantTop, logstats.Entry{Key: k, Count: n})
	}
	logstats.SortEntries(wantTop)
	for _, top := range []int{1, 10, 100} {
		res := mergeCounters(logstats.FacetHost, cs, top)
		if res.Approximate || res.Distinct != int64(len(want)) {
			t.Fatalf("top %d: %d distinct (approximate %v), want %d exactly", top, res.Distinct, res.Approximate, len(want))
		}
		if !slices.Equal(res.Top, wantTop[:top]) {
			t.Errorf("top %d: %v, want %v", top, res.Top, wantTop[:top])
		}
	}
}

// TestCounterBeyondLimit checks a counter past its limit: marked
// approximate, the distinct keys estimated closely, and the keys that are
// most frequent after the limit is reached still at the top, with counts
// that a Count-Min sketch may raise but never lower.
func TestCounterBeyondLimit(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const limit, top, distinct = 1000, 5, 50000
	cs := []*counter{newCounter(limit, top, false), newCounter(limit, top, false)}
	want := make(map[string]int64)
	lines := 0
	for i := range distinct {
		k := fmt.Appendf(nil, "light-%d.example", i)
		cs[i%2].add(k, logstats.NoConst)
		want[string(k)]++
		lines++
		if i > limit && i%10 == 0 {
			// Heavy keys, first seen after the limit, each with its own
			// frequency.
			for j := range top {
				if r.IntN(top) <= j {
					k := fmt.Appendf(nil, "heavy-%d.%s", j, strings.Repeat("x", 200))
					cs[r.IntN(2)].add(k, logstats.NoConst)
					want[string(k)]++
					lines++
				}
			}
		}
	}
	res := mergeCounters(logstats.FacetHost, cs, top)
	if !res.Approximate {
		t.Fatal("not marked approximate past the limit")
	}
	if d := float64(res.Distinct) / float64(len(want)); d < 0.97 || d > 1.03 {
		t.Errorf("%d distinct keys estimated, want about %d", res.Distinct, len(want))
	}
	if len(res.Top) != top {
		t.Fatalf("top list of %d keys, want %d", len(res.Top), top)
	}
	for i, e := range res.Top {
		if !strings.HasPrefix(e.Key, fmt.Sprintf("heavy-%d.", top-1-i)) {
			t.Errorf("top %d: %.20q, want heavy-%d", i, e.Key, top-1-i)
		}
		if n := want[e.Key]; e.Count < n || float64(e.Count-n) > 2*sketchEpsilon*float64(lines) {
			t.Errorf("%.20q: %d, want %d (+%g at most)", e.Key, e.Count, n, 2*sketchEpsilon*float64(lines))
		}
		// Estimated, and said to be: each worker's sketch adds its
		// bound, epsilon times the lines it counted.
		if over := e.Count - want[e.Key]; e.Overcount < over || float64(e.Overcount) > sketchEpsilon*float64(lines)+2 {
			t.Errorf("%.20q: overcount %d, want at least %d and at most %g", e.Key, e.Overcount, over, sketchEpsilon*float64(lines)+2)
		}
	}
}

// TestCounterBeyondLimitFewKeys checks a counter past a small limit on
// few keys, where every key shows: the distinct keys count the constant
// ones whenever they come, before the sketch is built or after; the limit
// is what it is, below the top list's length too; and with no top list
// (top 0) every key counted exactly is listed, with the candidates.
func TestCounterBeyondLimitFewKeys(t *testing.T) {
	none := constNumber(t, "<none>")
	for _, noneFirst := range []bool{false, true} {
		c := newCounter(2, 10, false)
		if noneFirst {
			c.add([]byte("<none>"), none)
		}
		for _, k := range []string{"a", "b", "c", "d"} {
			c.add([]byte(k), logstats.NoConst)
		}
		if !noneFirst {
			c.add([]byte("<none>"), none)
		}
		if c.exact.len > 2 {
			t.Errorf("none first %v: %d keys counted exactly, more than the limit, 2", noneFirst, c.exact.len)
		}
		res := mergeCounters(logstats.FacetHost, []*counter{c}, 0)
		if !res.Approximate || res.Distinct != 5 {
			t.Errorf("none first %v: %d distinct keys (approximate %v), want 5, approximate", noneFirst, res.Distinct, res.Approximate)
		}
		var keys []string
		for _, e := range res.Top {
			keys = append(keys, e.Key)
		}
		slices.Sort(keys)
		if want := []string{"<none>", "a", "b", "c", "d"}; !slices.Equal(keys, want) {
			t.Errorf("none first %v: top list %q, want %q", noneFirst, keys, want)
		}
	}
}

// TestCounterBeyondLimitConstOnOneWorker checks that a constant key that
// one worker counted and another never met keeps its exact count when
// both went past their limits: the other worker's Count-Min sketch, which
// holds no constants, adds nothing to it.
func TestCounterBeyondLimitConstOnOneWorker(t *testing.T) {
	none := constNumber(t, "<none>")
	cs := []*counter{newCounter(1, 0, false), newCounter(1, 0, false)}
	for i := range 200000 {
		// Enough keys in each sketch that "<none>" would collide in
		// every row.
		cs[0].add(fmt.Appendf(nil, "h%d", i), logstats.NoConst)
		cs[1].add(fmt.Appendf(nil, "g%d", i), logstats.NoConst)
	}
	cs[0].add([]byte("<none>"), none)
	res := mergeCounters(logstats.FacetHost, cs, 0)
	i := slices.IndexFunc(res.Top, func(e logstats.Entry) bool { return e.Key == "<none>" })
	if i < 0 || res.Top[i].Count != 1 {
		t.Errorf("<none> at %d in the top list %v, want it with a count of 1", i, res.Top)
	}
}

// A facet is approximate when any worker went past the limit, whichever
// comes last in the merge, and a key counted exactly by one worker and
// through the sketch by another keeps its whole count.
func TestMergeApproximateOnAnyWorker(t *testing.T) {
	for _, first := range []int{0, 1} {
		beyond, exact := newCounter(1, 10, false), newCounter(1, 10, false)
		beyond.add([]byte("a"), logstats.NoConst)
		beyond.add([]byte("b"), logstats.NoConst) // past the limit of 1
		exact.add([]byte("a"), logstats.NoConst)
		cs := []*counter{beyond, exact}
		if first == 1 {
			cs[0], cs[1] = exact, beyond
		}
		res := mergeCounters(logstats.FacetHost, cs, 10)
		i := slices.IndexFunc(res.Top, func(e logstats.Entry) bool { return e.Key == "a" })
		if !res.Approximate || i < 0 || res.Top[i].Count != 2 || res.Top[i].Overcount != 0 {
			t.Errorf("approximate worker at %d: %+v; want approximate, a counted twice exactly", first, res)
		}
		// "b" went through the sketch: an estimate, up to 1 line
		// (epsilon times the 1 line the sketch has) too high.
		i = slices.IndexFunc(res.Top, func(e logstats.Entry) bool { return e.Key == "b" })
		if i < 0 || res.Top[i].Count != 1 || res.Top[i].Overcount != 1 {
			t.Errorf("approximate worker at %d: %+v; want b counted once, an estimate up to 1 too high", first, res)
		}
	}
}

// TestCounterBeyondLimitDistinctFloor checks that the distinct keys of an
// approximate facet are at least as many as the keys it lists, which some
// line had, however low the estimate.
func TestCounterBeyondLimitDistinctFloor(t *testing.T) {
	defer func(seed maphash.Seed) { keySeed = seed }(keySeed)
	for seed := range uint64(20) {
		keySeed = maphash.MakeSeed()
		c := newCounter(2000, 0, false)
		r := rand.New(rand.NewPCG(seed, 1))
		for i := range 2016 {
			c.add(fmt.Appendf(nil, "h%d-%d.example", i, r.Int()), logstats.NoConst)
		}
		res := mergeCounters(logstats.FacetHost, []*counter{c}, 0)
		if res.Distinct < int64(len(res.Top)) {
			t.Fatalf("%d distinct keys, fewer than the %d listed", res.Distinct, len(res.Top))
		}
	}
}

// TestCounterAllocs checks that counting allocates nothing once a key is
// known, and nothing at all past the limit, where new keys keep coming.
func TestCounterAllocs(t *testing.T) {
	c := newCounter(1000, 10, false)
	keys := make([][]byte, 100000)
	for i := range keys {
		keys[i] = fmt.Appendf(nil, "key-%d-%s", i, strings.Repeat("k", i%200))
	}
	for _, k := range keys {
		c.add(k, logstats.NoConst)
	}
	for name, ks := range map[string][][]byte{"known": keys[:1000], "beyond": keys[1000:]} {
		if a := testing.AllocsPerRun(3, func() {
			for _, k := range ks {
				c.add(k, logstats.NoConst)
			}
		}); a != 0 {
			t.Errorf("%s keys: %v allocations per run, want 0", name, a)
		}
	}
}

// TestCandidatesKeepTheMostFrequent offers ever more frequent keys of
// every length, so that each replaces the least frequent candidate and the
// arena is compacted many times over: the candidates must then be the last
// keys offered, each with its own bytes.
func TestCandidatesKeepTheMostFrequent(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	cs := candidates{max: 20}
	var offered []string
	for i := range 5000 {
		k := fmt.Appendf(nil, "%d:", i)
		for n := r.IntN(logstats.MaxKeyLen - len(k)); n > 0; n-- {
			k = append(k, byte('a'+r.IntN(26)))
		}
		cs.offer(k, hashKey(k), int64(i+1))
		offered = append(offered, string(k))
	}
	got := make(map[string]int64)
	for k, n := range cs.all() {
		got[k] = n
	}
	want := make(map[string]int64)
	for i := len(offered) - cs.max; i < len(offered); i++ {
		want[offered[i]] = int64(i + 1)
	}
	if !maps.Equal(got, want) {
		t.Errorf("candidates differ from the last %d keys offered", cs.max)
	}
	if len(cs.keys)+len(cs.spare) > 2*(2*cs.max*logstats.MaxKeyLen+4096) {
		t.Errorf("arenas of %d and %d bytes for %d keys", len(cs.keys), len(cs.spare), cs.max)
	}
}

// TestCandidatesStream offers keys as a counter does, each line's key with
// its running count, in random order: the candidates must then be the
// keys whose counts are the largest (distinct here, so that no tie
// decides), with those counts, and a key whose hash is a candidate's is
// not taken for it.
func TestCandidatesStream(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, max := range []int{1, 2, 7, 64} {
		const keys = 300
		var lines []int
		for k := range keys {
			for range k + 1 {
				lines = append(lines, k)
			}
		}
		r.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
		cs := candidates{max: max}
		counts := make([]int64, keys)
		for _, k := range lines {
			counts[k]++
			key := fmt.Appendf(nil, "key%d", k)
			cs.offer(key, hashKey(key), counts[k])
		}
		got := make(map[string]int64)
		for k, n := range cs.all() {
			got[k] = n
		}
		want := make(map[string]int64)
		for k := keys - max; k < keys; k++ {
			want[fmt.Sprintf("key%d", k)] = int64(k + 1)
		}
		if !maps.Equal(got, want) {
			t.Errorf("max %d: candidates %v, want %v", max, got, want)
		}
	}
	cs := candidates{max: 4}
	cs.offer([]byte("a"), 1, 5)
	cs.offer([]byte("b"), 1, 9) // the hash of "a"
	for k, n := range cs.all() {
		if k != "a" || n != 5 {
			t.Errorf("after a collision: candidate %q with %d, want only \"a\" with 5", k, n)
		}
	}
}

// TestCounterPortNumbers checks a counter of ports, which counts the keys
// that are port numbers in an array: every key, number or not, counted as
// a map would, within the limit and past it, where numbers go to the
// sketch like any key and those already counted stay exact.
func TestCounterPortNumbers(t *testing.T) {
	keys := []string{"0", "1", "80", "443", "8080", "65535", "00", "080", "65536", "99999", "123456", "", "8o", "-1", "+80"}
	for _, k := range keys {
		want := -1
		if n, err := strconv.Atoi(k); err == nil && n >= 0 && n <= maxPort && strconv.Itoa(n) == k {
			want = n
		}
		if got := portNumber([]byte(k)); got != want {
			t.Errorf("portNumber(%q) = %d, want %d", k, got, want)
		}
	}
	r := rand.New(rand.NewPCG(9, 10))
	for _, limit := range []int{1 << 16, 8} {
		c := newCounter(limit, 0, true)
		want := make(map[string]int64)
		for range 50000 {
			k := keys[r.IntN(len(keys))]
			if r.IntN(2) == 0 {
				k = strconv.Itoa(r.IntN(2 * maxPort))
			}
			c.add([]byte(k), logstats.NoConst)
			want[k]++
		}
		if c.keys() > limit {
			t.Errorf("limit %d: %d keys counted exactly", limit, c.keys())
		}
		res := mergeCounters(logstats.FacetPort, []*counter{c}, 0)
		if exact := limit > len(want); res.Approximate == exact {
			t.Errorf("limit %d: approximate %v, for %d keys", limit, res.Approximate, len(want))
		}
		listed := 0
		for _, e := range res.Top {
			n, ok := want[e.Key]
			if !ok || e.Count < n || !res.Approximate && e.Count != n {
				t.Errorf("limit %d: %q counted %d times, want %d", limit, e.Key, e.Count, n)
			}
			listed++
		}
		if !res.Approximate && (listed != len(want) || res.Distinct != int64(len(want))) {
			t.Errorf("limit %d: %d keys listed, %d distinct, want %d", limit, listed, res.Distinct, len(want))
		}
		for k := range c.exact.all() {
			if portNumber([]byte(k)) >= 0 {
				t.Errorf("limit %d: number %q in the hash table", limit, k)
				break
			}
		}
	}
}
