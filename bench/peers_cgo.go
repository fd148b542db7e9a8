//go:build cgo

package main

import "github.com/ada-url/goada"

// goadaPeer is Ada, the WHATWG URL parser in C++, through its Go binding,
// which needs cgo. Per URI, New makes cgo calls to parse, check and later
// free the C++ object, and sets a finalizer that Free clears: the binding's
// fixed cost is most of what it measures on short URIs.
var goadaPeer = &parser{
	key:       "goada",
	module:    "github.com/ada-url/goada",
	name:      "goada.New",
	spec:      "WHATWG URL Standard (Ada, C++ through cgo)",
	validates: true,
	run: func(c *corpus, ok []bool) {
		for i, s := range c.strings {
			u, err := goada.New(s)
			if ok[i] = err == nil; ok[i] {
				u.Free()
			}
		}
	},
}
