module github.com/fasturi/fasturi/cmd/fasturi

go 1.26

// The library, from this tree. The command is its own module so that what
// it alone needs never enters the library's go.mod.
replace github.com/fasturi/fasturi => ../..

require github.com/fasturi/fasturi v0.0.0-00010101000000-000000000000

require (
	github.com/klauspost/cpuid/v2 v2.4.2 // indirect
	golang.org/x/sys v0.41.0 // indirect
)
