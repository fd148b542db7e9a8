//go:build amd64 && !purego

package main

// fasturiBuild names the scanner fasturi was built with; fasturi picks the
// widest level the CPU has (AVX-512, AVX2, portable) at start-up.
const fasturiBuild = "assembly scanner (amd64), level chosen at start-up"
