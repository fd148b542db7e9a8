module github.com/fasturi/fasturi

go 1.26

// cpuid picks the scanner at start-up (scan_amd64.go); v2.4.2, the newest
// release, resolves through the Go module proxy. golang.org/x/sys maps the
// guard pages of guard_test.go; v0.41.0 is the version cpuid requires.
require (
	github.com/klauspost/cpuid/v2 v2.4.2
	golang.org/x/sys v0.41.0
)
