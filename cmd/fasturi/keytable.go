package main

import (
	"hash/maphash"
	"iter"
)

// A keyTable counts byte-string keys: an open-addressing hash table with
// linear probing, whose entries hold a key's hash, its place in one arena
// of key bytes, and its count. Against a map[string]*int64 it saves the
// allocation of every new key and the pointer chasing of every lookup: an
// entry found by its hash is one cache line, and its key bytes are
// compared only when the hashes are equal.
type keyTable struct {
	entries []keyEntry // a power of two long, at most 3/4 full
	arena   []byte     // the keys' bytes, one after the other
	len     int        // keys in the table
}

// A keyEntry is a slot of a keyTable; hash 0 marks it empty.
type keyEntry struct {
	hash  uint64
	span  keySpan
	count int64
}

// A keySpan is where a key is in an arena: its offset << 16 | its length.
type keySpan uint64

// maxKeyLen bounds the keys a keySpan can place.
const maxKeyLen = 1<<16 - 1

// appendKey appends key, at most maxKeyLen bytes long, to arena and
// returns where it is.
func appendKey(arena, key []byte) ([]byte, keySpan) {
	return append(arena, key...), keySpan(len(arena))<<16 | keySpan(len(key))
}

// in returns the key that sp places in arena.
func (sp keySpan) in(arena []byte) []byte {
	off, n := sp>>16, sp&maxKeyLen
	return arena[off : off+n : off+n]
}

// len returns the length of the key that sp places.
func (sp keySpan) len() int { return int(sp & maxKeyLen) }

// keySeed seeds the hash of every key, so that the hashes of tables in
// different goroutines agree and their sketches can merge.
var keySeed = maphash.MakeSeed()

// hashKey returns the hash of key, never 0.
func hashKey(key []byte) uint64 {
	if h := maphash.Bytes(keySeed, key); h != 0 {
		return h
	}
	return 1
}

// find returns the entry of key, whose hash is h, or nil.
func (t *keyTable) find(key []byte, h uint64) *keyEntry {
	if len(t.entries) == 0 {
		return nil
	}
	mask := uint64(len(t.entries) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		e := &t.entries[i]
		if e.hash == h && string(t.key(e)) == string(key) {
			return e
		}
		if e.hash == 0 {
			return nil
		}
	}
}

// insert adds key, whose hash is h and which t does not have yet, with a
// count of 0, and returns its entry, valid until the next insert. key is
// at most maxKeyLen bytes long.
func (t *keyTable) insert(key []byte, h uint64) *keyEntry {
	if 4*(t.len+1) > 3*len(t.entries) {
		t.grow()
	}
	t.len++
	mask := uint64(len(t.entries) - 1)
	i := h & mask
	for t.entries[i].hash != 0 {
		i = (i + 1) & mask
	}
	e := &t.entries[i]
	*e = keyEntry{hash: h}
	t.arena, e.span = appendKey(t.arena, key)
	return e
}

// grow doubles the entries, or makes the first ones.
func (t *keyTable) grow() {
	old := t.entries
	t.entries = make([]keyEntry, max(2*len(old), 64))
	mask := uint64(len(t.entries) - 1)
	for _, e := range old {
		if e.hash == 0 {
			continue
		}
		i := e.hash & mask
		for t.entries[i].hash != 0 {
			i = (i + 1) & mask
		}
		t.entries[i] = e
	}
}

// key returns the bytes of e's key, in the arena.
func (t *keyTable) key(e *keyEntry) []byte { return e.span.in(t.arena) }

// all yields each key of t, as a string that shares t's arena (valid
// until t changes), with its entry.
func (t *keyTable) all() iter.Seq2[string, *keyEntry] {
	return func(yield func(string, *keyEntry) bool) {
		for i := range t.entries {
			e := &t.entries[i]
			if e.hash == 0 {
				continue
			}
			if !yield(asString(t.key(e)), e) {
				return
			}
		}
	}
}
