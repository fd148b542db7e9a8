//go:build plan9 || js

package main

// ignoreSIGPIPE does nothing where there is no SIGPIPE.
func ignoreSIGPIPE() {}
