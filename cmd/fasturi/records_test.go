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
		"http://u@0x7f.1/a/%2e%2e/../%2F%00", // every fact
		"http://2130706433/",
		"../../a",
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

// Nor must a request line's.
func TestTargetLineDoesNotAllocate(t *testing.T) {
	lines := []string{
		"GET /where?q=now HTTP/1.1",
		"POST http://u@0x7f.1/a/%2e%2e/../%2F%00 HTTP/1.1",
		"CONNECT [::1]:443",
		"OPTIONS *",
		"GET * HTTP/1.1",
		"G(T /x",
		"GET  /x HTTP/1.1",
		"GET /x HTTP/2",
		"GET /\xff#f",
		"",
	}
	formats := map[string]func([]byte, targetRecord) []byte{"json": appendTargetJSON, "text": appendTargetText}
	dst := make([]byte, 0, 1<<12)
	for name, format := range formats {
		fn := targetLine(format)
		for _, l := range lines {
			line := []byte(l)
			allocs := testing.AllocsPerRun(100, func() { dst, _ = fn(dst[:0], line) })
			if allocs != 0 {
				t.Errorf("%s, %q: %v allocations per line", name, l, allocs)
			}
		}
	}
}
