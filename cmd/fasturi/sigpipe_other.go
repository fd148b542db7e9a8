//go:build plan9 || js

package main

// ignoreSIGPIPE does nothing where there is no SIGPIPE.
func ignoreSIGPIPE() {}

// isBrokenPipe reports false: a write to a pipe whose reader has gone is
// reported as any other failed write.
func isBrokenPipe(error) bool { return false }
