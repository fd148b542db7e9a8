package main

import "testing"

// Parsing and formatting a line must not allocate: the CLI does it for
// every line of inputs of any size, on all cores, into reused buffers.
func TestParseLineDoesNotAllocate(t *testing.T) {
	lines := []string{
		"http://u@h:1/p?q#f",
		"http://[fe80::1%25eth0]:80/x",
		"http://a:8x/",
		"/a b\t\\\xff",
		"",
	}
	formats := map[string]func([]byte, record) []byte{"json": appendJSON, "tsv": appendTSV, "text": appendText}
	dst := make([]byte, 0, 1<<12)
	for name, format := range formats {
		for _, lenient := range []bool{false, true} {
			fn := parseLine(format, lenient)
			for _, l := range lines {
				line := []byte(l)
				allocs := testing.AllocsPerRun(100, func() { dst, _ = fn(dst[:0], line) })
				if allocs != 0 {
					t.Errorf("%s, lenient %v, %q: %v allocations per line", name, lenient, l, allocs)
				}
			}
		}
	}
}
