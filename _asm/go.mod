module github.com/fasturi/fasturi/_asm

go 1.26.0

// avo v0.6.0, the newest release, resolves through the Go module proxy.
require github.com/mmcloughlin/avo v0.6.0

// avo v0.6.0 asks for golang.org/x/tools v0.16.1, which no longer compiles
// with Go 1.26; v0.52.0 resolves and does.
require (
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)
