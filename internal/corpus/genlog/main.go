// Command genlog writes a generated log, for measuring the fasturi
// command on input of any size:
//
//	go run ./internal/corpus/genlog -format combined -size 600M > access.log
//
// or, with -format junk, -lines lines of junk for robustness tests:
//
//	go run ./internal/corpus/genlog -format junk -lines 10000000 > junk.log
//
// The lines are drawn deterministically from -seed (see corpus.WriteLog
// and corpus.WriteJunk).
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/fasturi/fasturi/internal/corpus"
)

func main() {
	format := flag.String("format", "combined", "uris (one URI per line), clf, combined, or junk (mutated URIs and binary lines)")
	size := flag.String("size", "100M", "how much to write, in bytes, with an optional K, M or G suffix (powers of 1000)")
	lines := flag.Int("lines", 1000000, "with -format junk, how many lines to write (the last has no line ending)")
	seed := flag.Uint64("seed", 1, "the seed the lines are drawn from")
	flag.Parse()
	if *format == "junk" {
		if _, err := corpus.WriteJunk(os.Stdout, *lines, *seed); err != nil {
			fmt.Fprintln(os.Stderr, "genlog:", err)
			os.Exit(1)
		}
		return
	}
	f, err := corpus.ParseLogFormat(*format)
	if err == nil {
		var n int64
		if n, err = parseSize(*size); err == nil {
			_, err = corpus.WriteLog(os.Stdout, f, n, *seed)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genlog:", err)
		os.Exit(1)
	}
}

// parseSize reads "600M" as 600e6.
func parseSize(s string) (int64, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "K"):
		mult, s = 1e3, strings.TrimSuffix(s, "K")
	case strings.HasSuffix(s, "M"):
		mult, s = 1e6, strings.TrimSuffix(s, "M")
	case strings.HasSuffix(s, "G"):
		mult, s = 1e9, strings.TrimSuffix(s, "G")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("bad -size %q", s)
	}
	return n * mult, nil
}
