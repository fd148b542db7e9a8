//go:build cgo

package main

import (
	"testing"

	"github.com/ada-url/goada"
)

// BenchmarkGoadaShortest times goada's New and Free on a URL that leaves
// Ada almost nothing to parse: what remains is the binding's fixed cost
// per URI (three cgo calls and a finalizer set and cleared), which the
// goada row of the report includes.
func BenchmarkGoadaShortest(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		u, err := goada.New("http://a/")
		if err != nil {
			b.Fatal(err)
		}
		u.Free()
	}
}
