// Package scanlevel lets the tests of this module's other packages see,
// and choose, the scanner level that package fasturi decides by itself at
// start-up (the fastest the machine runs): the differential fuzz targets
// name it in their output, and run at another level when asked.
package scanlevel

// Package fasturi sets these when it initializes.
var (
	// Name returns the level fasturi's scanners run at: "generic",
	// "avx2", "avx512" or "avx512vbmi2".
	Name func() string
	// Set makes fasturi's scanners run at the named level, which this
	// build and machine must run. It is for a test's start, before
	// anything parses: nothing guards the level against a concurrent
	// parse.
	Set func(name string) error
)
