//go:build unix

package main

import (
	"syscall"
	"time"
)

// processCPUTime returns the CPU time, user and system, that the process
// has used so far, and true.
func processCPUTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
