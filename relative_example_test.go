package fasturi_test

import (
	"fmt"

	"github.com/fasturi/fasturi"
)

// Links of a page, written relative to it: the shortest reference that
// resolves back to each.
func ExampleAppendRelative() {
	base, _ := fasturi.ParseString("http://a/b/c/d;p?q")
	var buf [128]byte // room for any reference below: no allocation
	for _, s := range []string{
		"http://a/b/c/g",
		"http://a/b/g?y",
		"http://a/g",
		"http://a/b/c/d;p?q#s",
		"http://a/b/c/d;p",
		"http://a/b/c/x:y",
		"http://g/h",
		"https://a/b",
	} {
		target, _ := fasturi.ParseString(s)
		ref, _, err := fasturi.AppendRelative(buf[:0], base, target)
		if err != nil {
			panic(err)
		}
		// It resolves back to the target.
		r, _ := fasturi.Parse(ref)
		if back, _, _ := fasturi.AppendResolve(nil, base, r, 0); string(back) != s {
			panic(string(back))
		}
		fmt.Printf("%-20s %q\n", s, string(ref))
	}
	// Output:
	// http://a/b/c/g       "g"
	// http://a/b/g?y       "../g?y"
	// http://a/g           "/g"
	// http://a/b/c/d;p?q#s "#s"
	// http://a/b/c/d;p     "d;p"
	// http://a/b/c/x:y     "./x:y"
	// http://g/h           "//g/h"
	// https://a/b          "https://a/b"
}

// No reference resolves to a target with dot-segments, which resolution
// removes: the reference is to what the target resolves to.
func ExampleAppendRelative_dotSegments() {
	base, _ := fasturi.ParseString("http://a/b/c/d")
	target, _ := fasturi.ParseString("http://a/b/x/../g")
	ref, _, _ := fasturi.AppendRelative(nil, base, target)
	fmt.Printf("%s\n", ref)
	// Output: ../g
}

// A target without a scheme cannot be made relative: resolve it first.
func ExampleAppendRelative_error() {
	base, _ := fasturi.ParseString("http://a/b")
	target, _ := fasturi.ParseString("/c")
	_, off, err := fasturi.AppendRelative(nil, base, target)
	fmt.Println(err, off)
	// Output: fasturi: target is a relative reference 0
}
