package main

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	urilist "github.com/fasturi/fasturi/internal/corpus"
)

// A corpus is a list of URIs held in memory twice, as strings and as byte
// slices, so that every parser gets the type it takes without a conversion
// inside the timed loop.
type corpus struct {
	name    string // as tables show it
	source  string // where it came from: a file, or the generator and its seed
	strings []string
	bytes   [][]byte
	size    int64  // bytes, without line terminators
	sha256  string // first 16 hex digits: of the file, or of the lines as -emit writes them
	// pairs are the references resolved per URI (see resolvePairs), made
	// before any timing.
	pairs []resolvePair
	// sentences hold each URI in a sentence of free text (see sentences),
	// for the extraction of URIs from text.
	sentences []string
}

// edgeText is the corpus committed with the benchmark: hand-written
// references of the kinds parsers disagree on, with the examples of RFC 3986
// among them. It is built in, so the command runs from any directory.
//
//go:embed corpora/edge.txt
var edgeText []byte

// newCorpus makes a corpus of uris, read from data (a file's bytes); nil
// data stands for the URIs one per line, each ended by "\n".
func newCorpus(name, source string, uris []string, data []byte) *corpus {
	// Both views point into one contiguous copy of the URIs, joined as the
	// lines of a file, as they lie in a buffer a program reads a file into:
	// one allocation per URI would scatter them over the heap, and parsers
	// would be timed on cache misses.
	joined := strings.Join(uris, "\n")
	buf := []byte(joined)
	c := &corpus{name: name, source: source, strings: make([]string, len(uris)), bytes: make([][]byte, len(uris))}
	off := 0
	for i, s := range uris {
		end := off + len(s)
		c.strings[i] = joined[off:end]
		c.bytes[i] = buf[off:end:end]
		c.size += int64(len(s))
		off = end + 1
	}
	if data == nil && len(uris) > 0 {
		data = []byte(joined + "\n")
	}
	sum := sha256.Sum256(data)
	c.sha256 = hex.EncodeToString(sum[:8])
	c.pairs = resolvePairs(c.strings)
	c.sentences = sentences(c.strings)
	return c
}

// generatedCorpus is the generator's mix of n URIs from seed.
func generatedCorpus(n int, seed uint64) *corpus {
	return newCorpus("generated", fmt.Sprintf("generated: %d URIs, seed %d", n, seed), urilist.Generate(n, seed), nil)
}

// loadCorpus reads a file of one URI per line; the corpus is named after
// the file.
func loadCorpus(path string) (*corpus, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	uris := urilist.Lines(data)
	if len(uris) == 0 {
		return nil, fmt.Errorf("%s: no URIs", path)
	}
	return newCorpus(urilist.Name(path), filepath.ToSlash(path), uris, data), nil
}

// loadCorpora returns the generated corpus, the committed one and the
// files named on the command line, in that order. Two corpora may not share
// a name: tables and sub-benchmarks are keyed by it.
func loadCorpora(n int, seed uint64, files []string) ([]*corpus, error) {
	list := []*corpus{generatedCorpus(n, seed), newCorpus("edge", "corpora/edge.txt (built in)", urilist.Lines(edgeText), edgeText)}
	for _, path := range files {
		c, err := loadCorpus(path)
		if err != nil {
			return nil, err
		}
		for _, o := range list {
			if o.name == c.name {
				return nil, fmt.Errorf("%s: a corpus named %q is already loaded (from %s)", path, c.name, o.source)
			}
		}
		list = append(list, c)
	}
	return list, nil
}
