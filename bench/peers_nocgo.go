//go:build !cgo

package main

// goadaPeer is nil without cgo, which goada needs: the other parsers run.
var goadaPeer *parser
