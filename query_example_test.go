package fasturi_test

import (
	"fmt"

	"github.com/fasturi/fasturi"
)

// Parameters come raw; decoding is AppendDecode, with DecodePlusAsSpace for
// form encoding, where '+' is a space.
func ExampleParams() {
	p := fasturi.NewParams("q=go+1%2B1&tag=a&tag=b&&empty=&flag&x=%26%3D", 0, 0)
	var buf []byte
	for {
		k, v, ok := p.Next()
		if !ok {
			break
		}
		buf, _, _ = fasturi.AppendDecode(buf[:0], v, fasturi.DecodePlusAsSpace)
		fmt.Printf("%-5s raw %-8q form-decoded %q\n", k, v, buf)
	}
	// Output:
	// q     raw "go+1%2B1" form-decoded "go 1+1"
	// tag   raw "a"      form-decoded "a"
	// tag   raw "b"      form-decoded "b"
	// empty raw ""       form-decoded ""
	// flag  raw ""       form-decoded ""
	// x     raw "%26%3D" form-decoded "&="
}

// Without DecodePlusAsSpace, '+' stays a '+', as RFC 3986 reads it.
func ExampleParams_decode() {
	p := fasturi.NewParams("path=a+b%2Bc", 0, 0)
	_, v, _ := p.Next()
	form, _, _ := fasturi.AppendDecode(nil, v, fasturi.DecodePlusAsSpace)
	plain, _, _ := fasturi.AppendDecode(nil, v, 0)
	fmt.Printf("%q %q\n", form, plain)
	// Output: "a b+c" "a+b+c"
}

// After a range loop, Err tells a query that ended from one that held more
// parameters than allowed.
func ExampleParams_All() {
	u, err := fasturi.ParseString("/search?a=1&b=2&c=3&d=4")
	if err != nil {
		panic(err)
	}
	p := u.Params(0, 3)
	for k, v := range p.All() {
		fmt.Println(k, v)
	}
	fmt.Println(p.Err(), "at", p.ErrorOffset())
	// Output:
	// a 1
	// b 2
	// c 3
	// fasturi: too many query parameters at 20
}

// Decoded yields each key and value decoded, into a copy of the query in
// the caller's buffer; Err then tells why the loop ended.
func ExampleParams_Decoded() {
	buf := make([]byte, 0, 256) // room for the query: no allocation
	p := fasturi.NewParams("q=go+1%2B1&tag=a%26b&&flag&bad=%zz&after=1", 0, 100)
	for k, v := range p.Decoded(buf, fasturi.DecodePlusAsSpace) {
		fmt.Printf("%s=%q\n", k, v)
	}
	fmt.Println(p.Err(), "at", p.ErrorOffset())
	// Output:
	// q="go 1+1"
	// tag="a&b"
	// flag=""
	// fasturi: invalid percent-encoding at 32
}

// ';' separates parameters only when asked.
func ExampleQuerySemicolon() {
	for _, opts := range []fasturi.QueryOption{0, fasturi.QuerySemicolon} {
		p := fasturi.NewParams("a=1;b=2", opts, 0)
		for k, v := range p.All() {
			fmt.Printf("[%s %s]", k, v)
		}
		fmt.Println()
	}
	// Output:
	// [a 1;b=2]
	// [a 1][b 2]
}

// The segments of a path (RFC 3986 section 3.3), raw: "%2F" is data.
func ExampleURI_Segments() {
	for _, s := range []string{"http://h/a/b%2Fc/", "http://h", "http://h/", "rel/..//x"} {
		u, err := fasturi.ParseString(s)
		if err != nil {
			panic(err)
		}
		var list []string
		segs := u.Segments()
		for seg := range segs.All() {
			list = append(list, seg)
		}
		fmt.Printf("%-18s %q\n", s, list)
	}
	// Output:
	// http://h/a/b%2Fc/  ["a" "b%2Fc" ""]
	// http://h           []
	// http://h/          [""]
	// rel/..//x          ["rel" ".." "" "x"]
}

func ExampleNewSegments() {
	s := fasturi.NewSegments("/over/there")
	for {
		seg, ok := s.Next()
		if !ok {
			break
		}
		fmt.Println(seg)
	}
	// Output:
	// over
	// there
}
