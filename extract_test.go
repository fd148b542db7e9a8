package fasturi

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/fasturi/fasturi/internal/corpus"
)

// found returns the URIs Finder finds in text, as "start:end:uri", checking
// on the way that each parses, has a scheme and starts after the last.
func found(t *testing.T, text string) []string {
	t.Helper()
	var got []string
	f := NewFinderString(text)
	last := 0
	for sp, ok := f.Next(); ok; sp, ok = f.Next() {
		if int(sp.Start) < last || sp.End <= sp.Start || int(sp.End) > len(text) {
			t.Fatalf("%q: span %v after %d", text, sp, last)
		}
		last = int(sp.End)
		uri := text[sp.Start:sp.End]
		if u, err := ParseString(uri); err != nil || !u.HasScheme() {
			t.Fatalf("%q: found %q, which Parse rejects (%v) or has no scheme", text, uri, err)
		}
		got = append(got, fmt.Sprintf("%d:%d:%s", sp.Start, sp.End, uri))
	}
	if sp, ok := f.Next(); ok || sp != (Span{}) {
		t.Fatalf("%q: Next after the end: %v, %v", text, sp, ok)
	}
	return got
}

// uris returns the "start:end:uri" of each of want, found in text in
// order, each after the last.
func uris(text string, want ...string) []string {
	var out []string
	from := 0
	for _, w := range want {
		i := strings.Index(text[from:], w)
		if i < 0 {
			panic(fmt.Sprintf("%q not in %q", w, text[from:]))
		}
		i += from
		from = i + len(w)
		out = append(out, fmt.Sprintf("%d:%d:%s", i, from, w))
	}
	return out
}

// The rules of Finder, with the URI each text holds (or none), at its
// first occurrence in the text after the URI before it.
var extractTests = []struct {
	text string
	want []string
}{
	{"", nil},
	{"no URI here", nil},
	{"http://example.com", []string{"http://example.com"}},

	// RFC 3986 Appendix C: delimiters.
	{"see <http://example.com/a b> or", []string{"http://example.com/a"}}, // a space ends it: the first line
	{"<http://example.com/a.>", []string{"http://example.com/a."}},
	{`"http://example.com/a."`, []string{"http://example.com/a."}},
	{"'http://example.com/a.'", []string{"http://example.com/a."}},
	{"'http://example.com/it's'", []string{"http://example.com/it"}},
	{"<urn:oid:1.2.3>", []string{"urn:oid:1.2.3"}},
	{"<foo:bar>", []string{"foo:bar"}}, // delimited: any scheme
	{`"status:ok"`, nil},               // in quotes, a URI needs "//" or a slashless scheme
	{`'news:a.b'`, []string{"news:a.b"}},
	{`"foo://bar."`, []string{"foo://bar."}},
	{`{"addr":"localhost:8080","image":"nginx:1.25","digest":"sha256:e3b0"}`, nil},
	{`<div style="background:url(https://example.com/bg.png)">`, []string{"https://example.com/bg.png"}},
	{`<td style="background-image:url('https://a.example/h.jpg');">`, []string{"https://a.example/h.jpg"}},
	{`{"hdr":"Location:https://example.com/next"}`, []string{"https://example.com/next"}},
	{"<foo:>", nil}, // nothing after the ':'
	{"'mailto:'", nil},
	// Nothing after the "//" either, delimited or not: the prefix constant
	// of code is no URI.
	{`if strings.HasPrefix(u, "https://") {`, nil},
	{"<http://>", nil},
	{"'file://'", nil},
	{"<URL:foo://>", nil},
	{"<http:///>", []string{"http:///"}},
	{`"http://a"`, []string{"http://a"}},
	{"<news:>", nil},
	{"<foo:bar", nil},
	{`"note: x"`, nil},
	{"<x-y+z.1:a>", []string{"x-y+z.1:a"}},
	{"<1a:b>", nil},
	{`<http://a/b"c>`, []string{"http://a/b"}}, // no '>' before '"': undelimited
	{"<http://a/%zz>", []string{"http://a/"}},
	{"(<http://a/b)>)", []string{"http://a/b)"}},

	// RFC 1738's wrapper: the URI inside.
	{"<URL:http://www.w3.org/Addressing/>", []string{"http://www.w3.org/Addressing/"}},
	{"<url:mailto:a@b.example>", []string{"mailto:a@b.example"}},
	{"<URL:foo:bar.>", []string{"foo:bar."}},
	{"<URL:>", nil},
	{"<URL:x>", nil},
	{"URL:x", nil},
	{"<URL:http://a/b c>", []string{"http://a/b"}},
	{"<URL: ftp://a/b.>", []string{"ftp://a/b."}}, // with or without a space (Appendix C)
	{"<url: foo:bar>", []string{"foo:bar"}},
	{"<URL:  foo:bar>", nil}, // one space
	{"<URL: >", nil},
	{"<URL foo:bar>", nil},
	{"<URLs:x>", []string{"URLs:x"}},

	// Undelimited: "//" or a scheme written without it.
	{"go to http://example.com/a?b#c now", []string{"http://example.com/a?b#c"}},
	{"mailto:john@example.com", []string{"mailto:john@example.com"}},
	{"news:comp.lang.go", []string{"news:comp.lang.go"}},
	{"urn:isbn:0451450523", []string{"urn:isbn:0451450523"}},
	{"call tel:+1-816-555-1212.", []string{"tel:+1-816-555-1212"}},
	{"data:text/plain;base64,SGVsbG8=", []string{"data:text/plain;base64,SGVsbG8="}},
	{"sms:+15105550101?body=hi", []string{"sms:+15105550101?body=hi"}},
	{"magnet:?xt=urn:btih:c12fe1", []string{"magnet:?xt=urn:btih:c12fe1"}},
	{"xmpp:romeo@montague.net", []string{"xmpp:romeo@montague.net"}},
	{"sip:alice@atlanta.com, sips:bob@b.example", []string{"sip:alice@atlanta.com", "sips:bob@b.example"}},
	{"geo:13.4125,103.8667", []string{"geo:13.4125,103.8667"}},
	{"javascript:alert(1)", nil},
	// A '.' that ends a sentence or an abbreviation right before the scheme.
	{"Check this out.https://example.com/x", []string{"https://example.com/x"}},
	{"e.g.http://a.example/y.", []string{"http://a.example/y"}},
	{"h.HTTPS://a.example", []string{"HTTPS://a.example"}},
	{"git+https://a.example/r.git svn+ssh://b.example/r", []string{"git+https://a.example/r.git", "svn+ssh://b.example/r"}},
	{"a.httpx://a.example a-https://b.example", []string{"a.httpx://a.example", "a-https://b.example"}},
	{"<a.http://x.example>", []string{"http://x.example"}},
	{"<javascript:alert(1)>", []string{"javascript:alert(1)"}}, // delimited: any scheme
	{"javascript://%0Aalert(1)", []string{"javascript://%0Aalert(1)"}},
	{"foo:bar", nil},
	{"Note: this", nil},
	{"ftp://ftp.is.co.za/rfc/rfc1808.txt", []string{"ftp://ftp.is.co.za/rfc/rfc1808.txt"}},
	{"file:///etc/hosts", []string{"file:///etc/hosts"}},
	{"foo://bar", []string{"foo://bar"}},
	{"http://", nil},
	{"http:// x", nil},
	{"http:///", []string{"http:///"}},
	{"http://.", nil},
	{"mailto:", nil},
	{"mailto:.", nil},
	{"mailto:x.", []string{"mailto:x"}},
	{"https:/a", nil}, // no "//"
	{"HTTP://EXAMPLE.COM/", []string{"HTTP://EXAMPLE.COM/"}},
	{"MailTo:A@B", []string{"MailTo:A@B"}},
	{"Hotel:x", nil}, // "Hotel" is no "tel"

	// Schemes inside words: the whole run of scheme characters, from its
	// first letter.
	{"xhttp://a", []string{"xhttp://a"}},
	{"1http://a", []string{"http://a"}},
	{"-.+http://a", []string{"http://a"}},
	{"a.b-c+d://e", []string{"a.b-c+d://e"}},
	{"/http://a", []string{"http://a"}},
	{"éhttp://a", []string{"http://a"}},
	{"%41http://a", []string{"http://a"}},
	{"123://a", nil},

	// Trailing punctuation.
	{"http://a/b.", []string{"http://a/b"}},
	{"http://a/b,", []string{"http://a/b"}},
	{"http://a/b;", []string{"http://a/b"}},
	{"http://a/b:", []string{"http://a/b"}},
	{"http://a/b!", []string{"http://a/b"}},
	{"http://a/b?", []string{"http://a/b"}},
	{"http://a/b'", []string{"http://a/b"}},
	{"http://a/b.,;:!?'", []string{"http://a/b"}},
	{"http://a/b).", []string{"http://a/b"}},
	{"http://a/b].", []string{"http://a/b"}},
	{"http://a/b?c.d", []string{"http://a/b?c.d"}},
	{"http://a:", []string{"http://a"}},
	{"http://a/b?q=1&", []string{"http://a/b?q=1&"}},
	// Markdown's emphasis and strikethrough: the byte before the URI,
	// at its end, goes (with the punctuation around it); elsewhere, and
	// with no such byte before the URI, '*', '_' and '~' are data.
	{"**https://bold.example/x**", []string{"https://bold.example/x"}},
	{"_https://em.example/_ and *http://a/b*.", []string{"https://em.example/", "http://a/b"}},
	{"~~http://gone.example~~", []string{"http://gone.example"}},
	{"**http://a.example**", []string{"http://a.example"}},
	{"*http://a/b_*", []string{"http://a/b_"}},
	{"(**http://a/b**).", []string{"http://a/b"}},
	{"http://a/b_c*d~e http://a/~u/ http://a/x*", []string{"http://a/b_c*d~e", "http://a/~u/", "http://a/x*"}},
	{"**<http://a/b*>**", []string{"http://a/b*"}},
	{"see https://docs.python.org/3/reference/datamodel.html#object.__init__.", []string{"https://docs.python.org/3/reference/datamodel.html#object.__init__"}},
	{"**http://a.example**x", []string{"http://a.example**x"}}, // a reg-name holds '*'
	{"**http://a.example**x.y/", []string{"http://a.example**x.y/"}},
	{"_http://a.example_x_", []string{"http://a.example_x"}},
	{"*http://a.example**@evil.example/*", []string{"http://a.example**@evil.example/"}}, // userinfo: host evil.example, as for a browser
	{"*http://a.example*@evil.example*", []string{"http://a.example*@evil.example"}},
	{"*http://a.example*", []string{"http://a.example"}},
	{"*http://a.example*x@evil.example", []string{"http://a.example*x@evil.example"}},
	// An emphasis opened earlier on the line, after white space or at its
	// start, and not closed before the URI: its byte goes from the end too.
	{"**See http://a.example/docs.**", []string{"http://a.example/docs"}},
	{"* **Input data:** the rows", nil}, // "data:" and no more
	{"_see https://under.example/y_", []string{"https://under.example/y"}},
	{"x ~~gone, see http://a.example/~b~~ now", []string{"http://a.example/~b"}},
	{"**Note**: see http://a/b*", []string{"http://a/b*"}},                       // closed before the URI
	{"* item http://a/b*", []string{"http://a/b*"}},                              // a bullet: white space after it
	{"my_var is at http://a/b_", []string{"http://a/b_"}},                        // within a word
	{"see `__init__` at http://a/__init__", []string{"http://a/__init__"}},       // "__" closed by "__"
	{"**see\nhttp://a/b**", []string{"http://a/b**"}},                            // on another line
	{"**" + strings.Repeat("x", 62) + " http://a/b**", []string{"http://a/b**"}}, // 65 bytes before
	{"**" + strings.Repeat("x", 61) + " http://a/b**", []string{"http://a/b"}},   // 64
	{"http://a/ **see http://b/c**", []string{"http://a/", "http://b/c"}},
	{"**http://a/ x http://b/c**", []string{"http://a/", "http://b/c**"}}, // the run is before the last URI found

	// Parentheses and brackets: kept when balanced.
	{"https://en.wikipedia.org/wiki/Go_(programming_language)", []string{"https://en.wikipedia.org/wiki/Go_(programming_language)"}},
	{"(see https://en.wikipedia.org/wiki/Go_(programming_language)).", []string{"https://en.wikipedia.org/wiki/Go_(programming_language)"}},
	{"(http://a/b)", []string{"http://a/b"}},
	{"((http://a/b))", []string{"http://a/b"}},
	{"(http://a/(b)c)", []string{"http://a/(b)c"}},
	{"http://a/((b)", []string{"http://a/((b)"}},
	{"http://a/b)c", []string{"http://a/b)c"}},       // not at the end: kept
	{"x http://a/b)(c)", []string{"http://a/b)(c)"}}, // brackets pair in order: the last ')' closes "(c"
	{"x http://a/b)(c)).", []string{"http://a/b)(c)"}},
	// After a '(', a ')' before any '(' of the URI's own ends it, as
	// around a Markdown link's target.
	{"[link](http://a/b)(note)", []string{"http://a/b"}},
	{"(http://a/b)(", []string{"http://a/b"}},
	{"[x](http://a/b)text", []string{"http://a/b"}},
	{"[x](mailto:a@b.example)", []string{"mailto:a@b.example"}},
	{"[x](http://a/b?q=(1))", []string{"http://a/b?q=(1)"}}, // a '(' first: pairs as without one before
	{"[x](http://a/b_(c))text", []string{"http://a/b_(c))text"}},
	{"(x http://a/b)c", []string{"http://a/b)c"}}, // no '(' right before
	{"(http://a)b", nil}, // a browser reads the host "a)b"
	{"(http://a)", []string{"http://a"}},
	{"(http://[v1.a)b]/)", nil},                        // cut inside an IP literal: no URI
	{"http://[::1]/a](b]", []string{"http://[::1]/a"}}, // ']' in a path: cut
	{"[http://a/b]", []string{"http://a/b"}},
	{"[link](http://a/b)", []string{"http://a/b"}},
	{"http://[::1]:80/", []string{"http://[::1]:80/"}},
	{"(http://[::1])", []string{"http://[::1]"}},
	{"[http://[::1]]", []string{"http://[::1]"}},
	{"http://[::1]", []string{"http://[::1]"}},
	{"http://[fe80::1%25eth0]/x", []string{"http://[fe80::1%25eth0]/x"}},
	{"http://[::1", nil},
	{"http://[fe80::1%25eth0", nil},
	{"http://[::1]x/", nil}, // a cut in the authority: the text names no host

	// Invalid bytes: the URI ends before them.
	{"http://a/%zz", []string{"http://a/"}},
	{"http://a/b%", []string{"http://a/b"}},
	{"http://a/b%4", []string{"http://a/b"}},
	{"http://a/b%4.", []string{"http://a/b"}},
	{"http://a/b[c]", []string{"http://a/b"}},
	{"http://a/b#c#d", []string{"http://a/b#c"}},

	// A cut, or a stop, inside the authority, where a browser reads on
	// to another host in the same word: no URI. A rest that makes a
	// browser refuse the host, or that trimming takes, leaves the URI.
	{"http://a:b", nil},
	{"http://a:80x/", nil},
	{"http://a:1:2", nil},
	{"http://a:b%4", nil},
	{"http://u@[::1", []string{"http://u@"}}, // '[' and no ']': a browser finds no host
	{"http://::", nil},
	{"http://a@b@c/", nil},
	{"http://x@benign.example@evil.example/", nil},
	{"https://paypal.com\u200b.evil.example/login", nil},
	{"https://paypal.com\uff61evil.example/", nil},
	{"https://paypal.com\uff0e\uff45\uff56\uff49\uff4c/", nil}, // full-width ".evil"
	{"https://paypal.co\uff4d", nil},                           // full-width 'm'
	{"\u8bf7\u8bbf\u95ee https://paypal.com\u3002\u5728\u7ebf", nil},
	{"https://paypal.com\u00e9.evil.example/", nil},
	{"http://x@b[c@evil.example/", nil},
	{"http://x@b%zz@evil.example/", nil},
	{"http://benign.example\"@evil.example/", nil},
	{"http://benign.example<@evil.example/", nil},
	{"http://benign.example>@evil.example/", nil},
	{"http://benign.example\x7f@evil.example/", nil},
	{"git://benign.example\\@evil.example/repo", nil}, // '\' ends no git authority
	// A closing quote inside the authority with an '@' or more of a host
	// right after it is no delimiter: a Markdown autolink runs on through
	// it. Other bytes after the quote, as in JSON, HTML and code, leave it
	// one.
	{"'http://x@benign.example'@evil.example/", nil},
	{`"http://x@benign.example"@evil.example/`, nil},
	{`"https://paypal.com".evil.example/`, nil},
	{"\"https://paypal.com\"\u3002evil", nil},
	{`"https://example.com".to_string()`, nil},
	{`"mailto:ceo@paypal.com".evil.example`, nil},
	{`He wrote "https://paypal.com".`, []string{"https://paypal.com"}},
	{`{"u":"https://a.example","n":1}`, []string{"https://a.example"}},
	{`f('https://a.example')+x`, []string{"https://a.example"}},
	{`"https://a.example/x".evil`, []string{"https://a.example/x"}}, // the authority ended before the quote
	{`"https://a.example"@`, nil},
	// The domain of an address, as a host.
	{"mailto:ceo@paypal.com\u3002evil.example", nil},
	{"write to mailto:ceo@paypal.com\u200b.evil.example now", nil},
	{"xmpp:ceo@paypal.com\uff0eevil", nil},
	{"SIP:ceo@paypal.com\u3002evil.example", nil},
	{"sips:a@b@paypal.com\u3002evil", nil},
	{"mailto:me@example.com!", []string{"mailto:me@example.com"}},
	{"<mailto:me@example.com\nevil.example>", nil},                                    // wrapped in the domain
	{"mailto:a@b.example?subject=x\u3002y", []string{"mailto:a@b.example?subject=x"}}, // past the domain
	{"sip:a@b.example;transport=tcp\u3002x", []string{"sip:a@b.example;transport=tcp"}},
	{"mailto:paypal.com\u3002evil", []string{"mailto:paypal.com"}}, // no address
	{"tel:+1-555\u3002x", []string{"tel:+1-555"}},                  // no domain
	{"news:a@b.example\u3002x", []string{"news:a@b.example"}},      // a message ID
	// A file URL's host of one letter and a ':' or '|' is a Windows drive
	// letter to a browser, which reads the host "" and the path "/C:/...".
	{"open file://C:\\Windows\\win.ini now", nil},
	{"file://C|\\x", nil},
	{"file://C:", nil},
	{"file:///C:\\Windows", []string{"file:///C"}}, // cut in the path: the host "" as a browser's
	{"file://CD:\\x", []string{"file://CD"}},       // no drive letter: a host that a browser refuses
	{"file://C:x", nil},                            // as for "http://a:80x/"
	{"http://C:\\x", []string{"http://C"}},         // no drive letters in http: the host C, an empty port
	{"see http://example.com\u2019s page", nil},
	{"<http://benign.example\n@evil.example/>", nil},
	{"<http://benign.example\nevil.example/>", nil}, // one host, benign.exampleevil.example, wrapped
	{"<http://benign.example\x01 @evil.example/>", nil},
	{"http://example.com\uff0c\u8c22\u8c22", nil}, // a browser reads the host example.com,\u8c22\u8c22
	{"\u00abhttp://example.com\u00bb", nil},
	{"http://example.com:8080\u00bb", nil},
	{"<http://benign.example\n/path>", []string{"http://benign.example"}}, // wrapped in the path: the first line, as before
	{"<http://example.com more text", []string{"http://example.com"}},     // no '>': not wrapped
	// Within "<...>" a browser drops the white space: "a. " is host "a.",
	// a's own, but "a. x" is another.
	{"<A://0. >", []string{"A://0"}},
	{"<http://example.com . \n>", []string{"http://example.com"}},
	{"<http://example.com. x>", nil},
	{"(see http://example.com).", []string{"http://example.com"}},
	{"(http://[::1]]).", []string{"http://[::1]"}},
	{"<p>http://example.com</p>", []string{"http://example.com"}},
	{"<a href=http://example.com>", []string{"http://example.com"}},
	{"<a href=\"http://example.com\">", []string{"http://example.com"}},
	{"| http://example.com| x", []string{"http://example.com"}},
	{"\\url{http://example.com}", []string{"http://example.com"}},
	{"http://example.com\\evil.example", []string{"http://example.com"}}, // '\' ends an http authority for a browser too
	{"http://example.com^evil.example", []string{"http://example.com"}},  // '^' makes a browser refuse the host
	{"http://a\x7fb", []string{"http://a"}},                              // and so does DEL
	{"http://a% ", nil},                                                  // but a '%' goes on
	{"ws://a\\@b", []string{"ws://a"}},                                   // '\' ends each special scheme's authority
	{"file://a\\@b", []string{"file://a"}},
	{"WSS://a\\@b", []string{"WSS://a"}},
	{"http://a>\f@b", []string{"http://a"}},  // a form feed ends the word
	{"'http://b-%2>", []string{"http://b-"}}, // a '>' that closes no '<' ends the host
	{"http://a:80 x", []string{"http://a:80"}},
	{"http://a/%zzhttp://b", []string{"http://a/", "zzhttp://b"}},
	{"ws://mailto:)mailto:[::1]#", []string{"ws://mailto"}}, // candidates never overlap
	{"http://a/b{c}", []string{"http://a/b"}},
	{"http://a/b\\c", []string{"http://a/b"}},
	{"http://a/b^c|d`e", []string{"http://a/b"}},

	// Start and end of the text, adjacent URIs.
	{"http://a http://b", []string{"http://a", "http://b"}},
	{"http://a\thttp://b\nhttp://c\r\nhttp://d\x00http://e", []string{"http://a", "http://b", "http://c", "http://d", "http://e"}},
	{"<http://a><http://b>", []string{"http://a", "http://b"}},
	{`"http://a""http://b"`, []string{"http://a", "http://b"}},
	{"http://a,http://b", []string{"http://a,http://b"}},
	{"http://a/b:c", []string{"http://a/b:c"}},

	// Colons that start no URI.
	{"at 12:34:56, a:b and a::b: c", nil},
	{"2024-01-01T00:00:00Z INFO key:value x=y:z", nil},
	{":::", nil},
	{"a:", nil},
	{":http://a", []string{"http://a"}},
	{"12:34 http://a/ 56:78", []string{"http://a/"}},
	{"log: GET http://a/b?c=d:e 200", []string{"http://a/b?c=d:e"}},

	// Around URIs: non-ASCII, controls, quotes.
	{"café http://a/é", []string{"http://a/"}},
	{"«http://a/b»", []string{"http://a/b"}},
	{"“http://a/b”", []string{"http://a/b"}},
	{"http://a/\x7f", []string{"http://a/"}},
	{"he said \"http://a/b\".", []string{"http://a/b"}},
	{"he said 'http://a/b'.", []string{"http://a/b"}},
	{"it's http://a/it's", []string{"http://a/it's"}},
	{"x='http://a/b c'", []string{"http://a/b"}},
	{`href="http://a/b?c='d'"`, []string{"http://a/b?c='d'"}},
}

func TestFinder(t *testing.T) {
	for _, tt := range extractTests {
		t.Run(tt.text, func(t *testing.T) {
			got := found(t, tt.text)
			if want := uris(tt.text, tt.want...); !slices.Equal(got, want) {
				t.Errorf("found %q, want %q", got, want)
			}
			f := NewFinder([]byte(tt.text))
			var all []string
			for sp := range f.All() {
				all = append(all, fmt.Sprintf("%d:%d:%s", sp.Start, sp.End, tt.text[sp.Start:sp.End]))
			}
			if !slices.Equal(all, got) {
				t.Errorf("All: %q, Next: %q", all, got)
			}
			if f.Err() != nil {
				t.Errorf("Err() = %v", f.Err())
			}
		})
	}
}

// TestFinderPositions finds each URI of the rules' table at every offset
// of a 300-byte text, so that its ends straddle the 16-, 32- and 64-byte
// blocks of every scanner level, in text with and without other colons.
func TestFinderPositions(t *testing.T) {
	for _, tt := range extractTests {
		if len(tt.want) != 1 || tt.text != tt.want[0] {
			continue
		}
		for _, fill := range []string{" ", "a: b "} {
			for i := 0; i < 300; i++ {
				pre := strings.Repeat(fill, i/len(fill)+1)[:i]
				if !strings.HasSuffix(pre, " ") && pre != "" {
					pre = pre[:len(pre)-1] + " "
				}
				text := pre + tt.text + " " + strings.Repeat(fill, 10)
				got := found(t, text)
				want := fmt.Sprintf("%d:%d:%s", len(pre), len(pre)+len(tt.text), tt.text)
				if len(got) != 1 || got[0] != want {
					t.Fatalf("%q: found %q, want %q", text, got, want)
				}
			}
		}
	}
}

// TestFinderCorpus embeds each URI of the generated corpus that Parse
// accepts, has "//" and ends in none of the trimmed bytes in a sentence,
// and finds it there, exactly.
func TestFinderCorpus(t *testing.T) {
	n := 0
	for i, uri := range corpus.Generate(5000, 3) {
		u, err := ParseString(uri)
		if err != nil || !u.HasAuthority() || u.RawAuthority() == "" || strings.ContainsAny(uri[len(uri)-1:], ".,;:!?')]") {
			continue
		}
		n++
		pre := []string{"See ", "(", "<", "\"", "'", "<URL:", "x "}[i%7]
		post := map[string]string{"(": ").", "<": ">", "\"": "\"", "'": "'", "<URL:": ">"}[pre]
		if post == "" {
			post = ", and more."
		}
		text := pre + uri + post
		got := found(t, text)
		if want := uris(text, uri); !slices.Equal(got, want) {
			t.Errorf("%q: found %q, want %q", text, got, want)
		}
	}
	if n < 1000 {
		t.Fatalf("only %d URIs tried", n)
	}
}

// No input makes the Finder look at a byte more than a few times: text
// made of one candidate after another, each invalid, takes linear time,
// also when each candidate ends in a closer, whose trimming looks back
// over the candidate (it looks only as far as the candidate is valid).
// The bytes it reads are counted (see finderWork): the scans for stops and
// for the '>' that ends a "<...>", the parses of candidates, trimming and
// the look at the rest of a word, which a quadratic Finder would read again
// for each candidate.
func TestFinderLinear(t *testing.T) {
	// Past the bound the count stops the Finder, which a quadratic one
	// would keep busy for minutes.
	type tooMuch struct{}
	work, bound := 0, 0
	finderWork = func(n int) {
		if work += n; work > bound {
			panic(tooMuch{})
		}
	}
	defer func() { finderWork = nil }()
	for _, unit := range []string{"http://[", "http://h:1a,", "mailto:a%", "<a:b ", "'a:b", "http://a/%zz", "a:", "a", "x://%)", "tel:[]", "x://(%]", "http://a.b/c ",
		"<http://a ", "<http://a.b/c) ", "http://a.b(c)] ", "mailto:a@b%", "<mailto:a@b ", "**x mailto:a@b%", "*x tel:1%",
		"(a://b)", "(a://%", "(a://(", "(a://b)x"} {
		text := strings.Repeat(unit, 100000)
		work, bound = 0, 8*len(text) // at most 5.5 times on these
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(tooMuch); !ok {
						panic(r)
					}
					t.Errorf("%q, %d bytes: the Finder read more than %d bytes", unit, len(text), bound)
				}
			}()
			f := NewFinderString(text)
			for range f.All() {
			}
		}()
	}
}

func TestFinderZero(t *testing.T) {
	var f Finder
	if sp, ok := f.Next(); ok || sp != (Span{}) || f.Err() != nil {
		t.Errorf("zero Finder: %v %v %v", sp, ok, f.Err())
	}
}

// The Finder over text too long for a Span finds nothing and says why (see
// TestTooLong for the 4 GiB mapping).
func TestFinderTooLong(t *testing.T) {
	f := Finder{s: "http://a", pos: 8, err: ErrTooLong}
	if _, ok := f.Next(); ok || !errors.Is(f.Err(), ErrTooLong) {
		t.Errorf("Next: %v, Err: %v", ok, f.Err())
	}
}

// textWithURIs is prose with a URI in every other sentence, of the
// generated corpus's kinds.
func textWithURIs(n int, seed uint64) string {
	var b strings.Builder
	words := []string{"the", "server", "at", "returned", "12:34:56", "error:", "see", "docs", "and", "(also", "notes)", "for", "details"}
	for i, uri := range corpus.Generate(n, seed) {
		for j := range 6 + i%5 {
			b.WriteString(words[(i*7+j*3)%len(words)])
			b.WriteByte(' ')
		}
		if i%2 == 0 {
			b.WriteString(uri)
			b.WriteString(". ")
		}
		if i%10 == 9 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func TestAllocsFinder(t *testing.T) {
	texts := map[string]string{
		"with URIs":    textWithURIs(200, 5),
		"without URIs": strings.Repeat("plain words, and a colon: then 12:34:56 and more. ", 40),
		"junk":         strings.Repeat("<a:\"b' http://[ %zz \x00\xff http://a:b:c mailto:%4 ((]] ", 30),
		"empty":        "",
	}
	for name, text := range texts {
		b := []byte(text)
		testAllocs(t, "NewFinder and Next, "+name, func() {
			f := NewFinder(b)
			for sp, ok := f.Next(); ok; sp, ok = f.Next() {
				sinkInt += int(sp.End)
			}
			sinkErr = f.Err()
		})
		testAllocs(t, "NewFinderString and All, "+name, func() {
			f := NewFinderString(text)
			for sp := range f.All() {
				sinkInt += int(sp.End)
			}
		})
	}
}

// extractBenchTexts are the free texts BenchmarkExtract times: prose with
// URIs, log lines, and text without any.
func extractBenchTexts() []struct{ name, text string } {
	var logs strings.Builder
	for i, uri := range corpus.Generate(5000, 11) {
		fmt.Fprintf(&logs, "2024-05-%02d 12:%02d:%02d INFO req=%d GET %s status=200 dur=0.%03ds\n", i%28+1, i%60, i*7%60, i, uri, i%1000)
	}
	return []struct{ name, text string }{
		{"prose", textWithURIs(10000, 1)},
		{"logs", logs.String()},
		{"no-uris", strings.Repeat("Plain prose, with a colon: here and a time 12:34:56, but no link at all. ", 2000)},
	}
}

func BenchmarkExtract(b *testing.B) {
	for _, c := range extractBenchTexts() {
		b.Run("text="+c.name, func(b *testing.B) {
			f := NewFinderString(c.text)
			n := 0
			for range f.All() {
				n++
			}
			b.SetBytes(int64(len(c.text)))
			b.ReportAllocs()
			for b.Loop() {
				f := NewFinderString(c.text)
				for sp, ok := f.Next(); ok; sp, ok = f.Next() {
					sinkInt = int(sp.End)
				}
			}
			b.ReportMetric(float64(n), "uris/op")
		})
	}
}

// findAll returns every span Finder finds in text, as text.
func findAll(text string) string {
	var b strings.Builder
	f := NewFinderString(text)
	for sp := range f.All() {
		fmt.Fprintf(&b, "%d:%d ", sp.Start, sp.End)
	}
	return b.String()
}

// FuzzFinderLevels finds the URIs in fuzzed text at every level this
// machine runs and compares the spans with the portable scanner's.
func FuzzFinderLevels(f *testing.F) {
	for _, tt := range extractTests {
		f.Add(tt.text)
	}
	f.Add(strings.Repeat("x", 60) + " http://example.com/" + strings.Repeat("a", 100) + " <URL:mailto:a@b> ")
	f.Add(textWithURIs(8, 2))
	f.Fuzz(func(t *testing.T, text string) { sameAtEveryLevel(t, text, findAll, asIs) })
}
