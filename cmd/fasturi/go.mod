module github.com/fasturi/fasturi/cmd/fasturi

go 1.26.0

// The library, from this tree. The command is its own module so that what
// it alone needs never enters the library's go.mod.
replace github.com/fasturi/fasturi => ../..

require (
	github.com/axiomhq/hyperloglog v0.3.0
	github.com/creack/pty v1.1.24
	github.com/fasturi/fasturi v0.0.0-00010101000000-000000000000
	github.com/tylertreat/BoomFilters v0.0.0-20251001182300-5b3723cc64ae
	golang.org/x/term v0.47.0
)

require (
	github.com/d4l3k/messagediff v1.2.1 // indirect
	github.com/dgryski/go-metro v0.0.0-20250106013310-edb8663e5e33 // indirect
	github.com/kamstrup/intmap v0.5.2 // indirect
	github.com/klauspost/cpuid/v2 v2.4.2 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
