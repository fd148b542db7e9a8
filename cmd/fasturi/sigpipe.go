//go:build !plan9 && !js

package main

import (
	"errors"
	"os/signal"
	"syscall"
)

// ignoreSIGPIPE makes a write to a standard output whose reader has gone
// (fasturi ... | head -1) fail with EPIPE, for which the commands exit 1,
// as for any output that cannot be written; by default the process would
// be killed by SIGPIPE, with no summary.
func ignoreSIGPIPE() { signal.Ignore(syscall.SIGPIPE) }

// isBrokenPipe reports whether err is EPIPE: a write to a pipe whose
// reader has gone.
func isBrokenPipe(err error) bool { return errors.Is(err, syscall.EPIPE) }
