//go:build !unix

package main

import "time"

// processCPUTime returns false: there is no getrusage here.
func processCPUTime() (time.Duration, bool) { return 0, false }
