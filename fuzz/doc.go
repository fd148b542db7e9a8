// Package fuzz holds fasturi's differential fuzz targets, in its test
// files: each compares fasturi with an independent implementation of the
// same rules (fuzz/internal/ref, which shares no code with fasturi).
//
// Run one for a while with, for example:
//
//	go test -run '^$' -fuzz '^FuzzParse$' -fuzztime 50000000x -fuzzminimizetime 5s ./fuzz
//
// (-fuzztime bounds the fuzzing, here by a count of executions, about an
// hour on two cores: with Go 1.26, a duration can end in a spurious
// "context deadline exceeded"; go test's -timeout bounds only the seeds'
// run). The targets run at the fastest scanner level the machine has, or
// at the one $FASTURI_FUZZ_LEVEL names: generic, avx2, avx512 or
// avx512vbmi2 (see TestMain). The README lists every target and what it
// compares.
package fuzz
