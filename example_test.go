package fasturi_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/fasturi/fasturi"
)

func ExampleParse() {
	u, err := fasturi.Parse([]byte("https://user@example.com:8443/a/b?q=1#top"))
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Scheme(), u.RawUserinfo(), u.RawHost(), u.Port(), u.RawPath(), u.RawQuery(), u.RawFragment())
	fmt.Println(u.HostType())
	// Output:
	// https user example.com 8443 /a/b q=1 top
	// reg-name
}

func ExampleParseString() {
	u, err := fasturi.ParseString("http://[fe80::1%25eth0]:8080/")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.RawHost(), u.HostType(), u.RawZone(), u.Port())
	// Output: [fe80::1%25eth0] ipv6 eth0 8080
}

// The offset is where the input stopped being the start of any URI
// reference: up to the '/', "example.com:80x" could have been the
// userinfo of "http://example.com:80x@host/".
func ExampleParseString_error() {
	u, err := fasturi.ParseString("http://example.com:80x/")
	fmt.Println(err)
	fmt.Println(errors.Is(err, fasturi.ErrInvalidPort), u.ErrorOffset())
	fmt.Println(u.Err())
	// Output:
	// fasturi: invalid port
	// true 22
	// fasturi: invalid port: '/' at offset 22 in "http://example.com:80x/"
}

// Absent and empty components differ (RFC 3986 section 5.3).
func ExampleURI_HasQuery() {
	for _, s := range []string{"http://h?", "http://h"} {
		u, _ := fasturi.ParseString(s)
		fmt.Printf("%-10s query present: %v, query: %q\n", s, u.HasQuery(), u.RawQuery())
	}
	// Output:
	// http://h?  query present: true, query: ""
	// http://h   query present: false, query: ""
}

// Spans index the caller's input directly, for code that works on bytes.
func ExampleURI_Span() {
	line := []byte("GET http://example.com/index.html")
	target := line[4:]
	u, _ := fasturi.Parse(target)
	sp := u.Span(fasturi.ComponentHost)
	fmt.Printf("%s [%d, %d)\n", target[sp.Start:sp.End], sp.Start, sp.End)
	// Output: example.com [7, 18)
}

// A server that reads requests into a buffer it reuses keeps a URI past
// the next read by cloning it: Clone copies the input once, and keeps how
// it was read. Here, "//cdn/x" stays a path, as the origin-form reads it.
func ExampleURI_Clone() {
	buf := []byte("//cdn/x?v=2")
	u, _, err := fasturi.ParseRequestTarget("GET", buf)
	if err != nil {
		panic(err)
	}
	kept := u.Clone()
	copy(buf, "/xxxxxxxxxx") // the next request's bytes
	fmt.Printf("%q %q %q\n", u.RawPath(), kept.RawPath(), kept.RawQuery())
	fmt.Println(kept.HasAuthority())
	// Output:
	// "/xxxxxx" "//cdn/x" "v=2"
	// false
}

func ExampleSplit() {
	u, v := fasturi.Split([]byte("http://exa mple.com/a b?q=%zz"))
	fmt.Printf("host %q path %q query %q\n", u.RawHost(), u.RawPath(), u.RawQuery())
	for x := range v.All() {
		fmt.Println(x.Kind.Message(), "at", x.Offset, "in the", x.Component)
	}
	// The URI says it was not validated: its error is the first violation.
	fmt.Println(u.Valid(), u.ErrorOffset())
	// Output:
	// host "exa mple.com" path "/a b" query "q=%zz"
	// invalid host at 10 in the host
	// invalid path at 21 in the path
	// invalid percent-encoding at 27 in the query
	// false 10
}

// A buffer on the stack stays there: Parse does not make its input escape,
// and allocates nothing, so a request target costs no garbage. A component
// that outlives the buffer, or goes where the compiler cannot follow it (as
// fmt's arguments do, which would move buf to the heap), is a copy.
func ExampleParse_stackBuffer() {
	var buf [256]byte
	n := copy(buf[:], "/search?q=fasturi")
	u, err := fasturi.Parse(buf[:n])
	fmt.Println(err, strings.Clone(u.RawPath()), strings.Clone(u.RawQuery()))
	// Output: <nil> /search q=fasturi
}

// Resolving the links of a page, as a crawler does (RFC 3986 section 5.2).
func ExampleAppendResolve() {
	base, _ := fasturi.ParseString("http://a/b/c/d;p?q")
	var buf []byte
	for _, link := range []string{"g", "../g?y#s", "//g", "?y", "../../../g", "g:h"} {
		ref, err := fasturi.ParseString(link)
		if err != nil {
			panic(err)
		}
		buf, _, err = fasturi.AppendResolve(buf[:0], base, ref, 0)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-12s %s\n", link, buf)
	}
	// Output:
	// g            http://a/b/c/g
	// ../g?y#s     http://a/b/g?y#s
	// //g          http://g
	// ?y           http://a/b/c/d;p?y
	// ../../../g   http://a/g
	// g:h          g:h
}

// A proxy that maps paths to files refuses a path that climbs above the
// root, rather than serve what RFC 3986 makes of it.
func ExampleAppendResolve_underflow() {
	base, _ := fasturi.ParseString("http://files.example/pub/")
	ref, _ := fasturi.ParseString("../../etc/passwd")
	_, off, err := fasturi.AppendResolve(nil, base, ref, fasturi.RejectPathUnderflow)
	fmt.Println(err, "at", off)
	target, _, _ := fasturi.AppendResolve(nil, base, ref, 0)
	fmt.Printf("%s\n", target)
	// Output:
	// fasturi: path climbs above the root at 3
	// http://files.example/etc/passwd
}

// Decoding comes after splitting (RFC 3986 section 2.4): the path is split
// into segments first, so that "%2F" decodes to a '/' that is data in one
// segment, never a separator; decoding the whole path would lose that.
func ExampleAppendDecode() {
	u, _ := fasturi.ParseString("/files/a%2Fb%20c.txt?q=1%0D%0A")
	var buf []byte
	segs := u.Segments()
	for seg, ok := segs.Next(); ok; seg, ok = segs.Next() {
		buf, _, _ = fasturi.AppendDecode(buf[:0], seg, 0)
		fmt.Printf("%q\n", buf)
	}
	_, off, err := fasturi.AppendDecode(nil, u.RawQuery(), fasturi.DecodeNoControls)
	fmt.Println(err, "at", off)
	// Output:
	// "files"
	// "a/b c.txt"
	// fasturi: control character at 3
}

// Encoding a value for each place it can go.
func ExampleAppendEncode() {
	dst := []byte("https://example.com/")
	dst = fasturi.AppendEncode(dst, "a/b c", fasturi.ComponentPath)
	dst = append(dst, "?q="...)
	dst = fasturi.AppendEncode(dst, "x&y=z+1", fasturi.ComponentQuery)
	fmt.Printf("%s\n", dst)
	// Output: https://example.com/a%2Fb%20c?q=x%26y%3Dz%2B1
}
