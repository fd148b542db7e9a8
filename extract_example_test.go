package fasturi_test

import (
	"fmt"

	"github.com/fasturi/fasturi"
)

// Each span is where a URI is in the text; trailing punctuation and
// parentheses that close the text around it are left out.
func ExampleFinder() {
	text := []byte(`Read https://en.wikipedia.org/wiki/Go_(programming_language), or
<URL:ftp://ftp.is.co.za/rfc/rfc1808.txt> (mirrored at http://www.ietf.org/rfc/).
Mail mailto:John.Doe@example.com at 12:30: "urn:oasis:names:tc".`)
	f := fasturi.NewFinder(text)
	for {
		span, ok := f.Next()
		if !ok {
			break
		}
		fmt.Printf("%d %s\n", span.Start, text[span.Start:span.End])
	}
	// Output:
	// 5 https://en.wikipedia.org/wiki/Go_(programming_language)
	// 70 ftp://ftp.is.co.za/rfc/rfc1808.txt
	// 119 http://www.ietf.org/rfc/
	// 151 mailto:John.Doe@example.com
	// 190 urn:oasis:names:tc
}

// Every span parses: the URI's components are at hand.
func ExampleFinder_All() {
	text := "GET http://example.com:8080/a?b=1 -> 301, then see <http://[::1]/x>."
	f := fasturi.NewFinderString(text)
	for span := range f.All() {
		u, _ := fasturi.ParseString(text[span.Start:span.End])
		fmt.Println(u.Scheme(), u.RawHost(), u.Port(), u.RawPath())
	}
	// Output:
	// http example.com 8080 /a
	// http [::1]  /x
}

// A URI ends before the first byte it cannot hold.
func ExampleFinder_invalid() {
	text := "bad: http://example.com/100%zz, http://[::1/ and http://example.com/{id}"
	f := fasturi.NewFinderString(text)
	for span := range f.All() {
		fmt.Println(text[span.Start:span.End])
	}
	// Output:
	// http://example.com/100
	// http://example.com/
}
