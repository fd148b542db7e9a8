package fasturi_test

import (
	"fmt"

	"github.com/fasturi/fasturi"
)

func ExampleAppendNormalize() {
	u, err := fasturi.ParseString("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
	if err != nil {
		panic(err)
	}
	var buf [64]byte // room for the result: no allocation
	out, _, err := fasturi.AppendNormalize(buf[:0], u, fasturi.NormalizeSyntax, 0)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(out))
	// Output: example://a/b/c/%7Bfoo%7D
}

func ExampleAppendNormalize_scheme() {
	for _, s := range []string{
		"HTTP://Example.COM",
		"http://example.com:/",
		"http://example.com:080/%7Euser",
		"https://example.com:08443/a/../b",
		"foo://example.com:", // another scheme: the empty port goes, the empty path stays
	} {
		u, _ := fasturi.ParseString(s)
		out, _, _ := fasturi.AppendNormalize(nil, u, fasturi.NormalizeScheme, 0)
		fmt.Println(string(out))
	}
	// Output:
	// http://example.com/
	// http://example.com/
	// http://example.com/~user
	// https://example.com:8443/b
	// foo://example.com
}

// A relative reference keeps what its resolution depends on.
func ExampleAppendNormalize_relative() {
	for _, s := range []string{"a/b/../c", "a/../../b", "a/..", "a/../b:c", "a/..//b", "/a/..//b"} {
		u, _ := fasturi.ParseString(s)
		out, _, _ := fasturi.AppendNormalize(nil, u, fasturi.NormalizeSyntax, 0)
		fmt.Printf("%-10s %s\n", s, out)
	}
	// Output:
	// a/b/../c   a/c
	// a/../../b  ../b
	// a/..       ./
	// a/../b:c   ./b:c
	// a/..//b    .//b
	// /a/..//b   /.//b
}

func ExampleAppendNormalize_underflow() {
	u, _ := fasturi.ParseString("http://example.com/a/%2E%2E/../etc/passwd")
	out, _, _ := fasturi.AppendNormalize(nil, u, fasturi.NormalizeSyntax, 0)
	fmt.Println(string(out))
	_, off, err := fasturi.AppendNormalize(nil, u, fasturi.NormalizeSyntax, fasturi.RejectPathUnderflow)
	fmt.Println(err, off, u.String()[off:])
	// Output:
	// http://example.com/etc/passwd
	// fasturi: path climbs above the root 28 ../etc/passwd
}

func ExampleEquivalent() {
	a, _ := fasturi.ParseString("http://example.com")
	for _, s := range []string{"http://example.com/", "http://example.com:/", "HTTP://EXAMPLE.COM:80/", "http://example.com/?"} {
		b, _ := fasturi.ParseString(s)
		fmt.Println(s, fasturi.Equivalent(a, b, fasturi.NormalizeSyntax), fasturi.Equivalent(a, b, fasturi.NormalizeScheme))
	}
	// Output:
	// http://example.com/ false true
	// http://example.com:/ false true
	// HTTP://EXAMPLE.COM:80/ false true
	// http://example.com/? false false
}
