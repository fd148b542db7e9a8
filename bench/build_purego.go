//go:build !amd64 || purego

package main

// fasturiBuild names the scanner fasturi was built with.
const fasturiBuild = "portable scanner (purego or not amd64)"
