//go:build !plan9 && !js

package main

import (
	"os/signal"
	"syscall"
)

// ignoreSIGPIPE makes a write to a standard output whose reader has gone
// (fasturi ... | head -1) fail with EPIPE, which the commands report and
// exit 1 for, as for any output that cannot be written; by default the
// process would be killed by SIGPIPE, with no summary.
func ignoreSIGPIPE() { signal.Ignore(syscall.SIGPIPE) }
