package fuzz

import (
	"slices"
	"strings"
	"testing"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/fuzz/internal/ref"
)

// textSeeds are free texts of the kinds Finder's rules tell apart.
var textSeeds = []string{
	"", "see http://example.com/a?b#c.", "<http://a/b.>", `"http://a/b."`, "'http://a/it's'",
	"<URL:http://www.w3.org/Addressing/>", "<url:mailto:a@b>", "<URL: ftp://a/b.>", "<URL: foo:bar>", "<URL:  foo:bar>", "<URL:>", "<foo:bar>", `"note: x"`,
	"mailto:a@b.example, news:comp.lang.go; urn:isbn:1 tel:+1-816-555-1212!",
	"data:text/plain;base64,SGVsbG8= sms:+1?body=x magnet:?xt=urn:btih:c xmpp:r@m sip:a@b sips:c@d geo:1,2",
	"javascript:alert(1) foo:bar Note: this 12:34:56 a:b a::b :::",
	`open file://C:\Windows\win.ini, file://d|/x, file:///C:\y or FILE://e:`,
	"mailto:ceo@paypal.com\u3002evil.example sip:a@b;t=1\u3002x xmpp:a@b@c\uff0ed mailto:x\u3002y",
	"**See http://a.example/docs.** * **Input data:** _see https://u.example/y_ **Note**: http://a/b* my_var http://a/b_",
	"(see https://en.wikipedia.org/wiki/Go_(programming_language)).", "[link](http://a/b)",
	"[http://[::1]]", "http://[::1]:80/ http://[fe80::1%25eth0]/x http://[::1 http://u@[::1",
	"http://a/%zz http://a/b%4. http://a/b[c] http://a:80x/ http://a:b http://a@b@c/ http://::",
	"xhttp://a 1http://a -.+http://a éhttp://a %41http://a 123://a",
	"http://a http://b\thttp://c\nhttp://d\r\nhttp://e\x00http://f <http://g><http://h>",
	"http://a,http://b http://a/b:c http://a/%zzhttp://b",
	"**http://a/b**. _http://a.example_ ~~http://c/~~ *http://a.example*@evil/* http://a/__init__ **http://a.example**x",
	"1*http://a/b* _http://a/%zz_ *http://a:80*x *<http://a/*>* __http://a/b__,",
	"«http://a/b» “http://a/b” http://a/\x7f x='http://a/b c' href=\"http://a/b?c='d'\"",
	"HTTP://EXAMPLE.COM/ MailTo:A@B Hotel:x", "http:// http:/// http://. mailto: mailto:.",
	"(<http://a/b)>)", "<http://a/b\"c>", "<URLs:x>", "'a:b 'c:d 'e:f'", "http://a/b).,;:!?']",
	"[a](http://a/b)(c) [b](mailto:x@y.example)z (http://a)b [c](http://a/b_(c))d (http://[v1.a)b]/) (x http://a/b)c",
	"Check this out.https://a/x e.g.http://b. h.HTTP://c git+https://d a.httpx://e <f.http://g> .http://h x..https://i",
	`'http://x@benign.example'@evil.example/ "https://a.example".to_s "mailto:a@b.example"。x "https://a.example"." HasPrefix(u, "https://") <http://>`,
	`{"addr":"localhost:8080","u":"foo://b.","n":'news:a.b',"s":"background:url(https://a/b.png)","h":"Location:https://a/n"}`,
}

// FuzzExtract compares Finder with the reference's Extract, which reads
// the same rules another way, and checks the invariants: every URI found
// parses, with a scheme, by fasturi and by the reference parser; URIs come
// in order without overlapping; one that ends in punctuation the rules
// trim is enclosed in delimiters; Next and All agree.
func FuzzExtract(f *testing.F) {
	for _, s := range textSeeds {
		f.Add(s)
	}
	for i, s := range seeds {
		f.Add([]string{"see ", "(", "<", `"`, "'", "<URL:"}[i%6] + s + []string{". ", ")", ">", `"`, "'", ">"}[i%6])
	}
	f.Fuzz(func(t *testing.T, text string) {
		var got [][2]int
		fi := fasturi.NewFinderString(text)
		for sp, ok := fi.Next(); ok; sp, ok = fi.Next() {
			got = append(got, [2]int{int(sp.Start), int(sp.End)})
		}
		fa := fasturi.NewFinder([]byte(text))
		var all [][2]int
		for sp := range fa.All() {
			all = append(all, [2]int{int(sp.Start), int(sp.End)})
		}
		if !slices.Equal(got, all) || fi.Err() != nil || fa.Err() != nil {
			t.Fatalf("%q: Next %v, All %v, errors %v %v", text, got, all, fi.Err(), fa.Err())
		}
		last := 0
		for _, sp := range got {
			if sp[0] < last || sp[1] <= sp[0] || sp[1] > len(text) {
				t.Fatalf("%q: span %v after %d, in %v", text, sp, last, got)
			}
			prev := last
			last = sp[1]
			uri := text[sp[0]:sp[1]]
			if u, err := fasturi.ParseString(uri); err != nil || !u.HasScheme() {
				t.Fatalf("%q: found %q, which Parse rejects (%v) or has no scheme", text, uri, err)
			}
			if len(uri) <= maxRefLen && !ref.Parse(uri).Valid {
				t.Fatalf("%q: found %q, which the reference parser rejects", text, uri)
			}
			if trimmable(uri) && !delimited(text, sp[0], sp[1]) {
				t.Fatalf("%q: found %q, undelimited, which ends in punctuation", text, uri)
			}
			if sp[0] > prev && strings.IndexByte("*_~", text[sp[0]-1]) >= 0 && uri[len(uri)-1] == text[sp[0]-1] &&
				!delimited(text, sp[0], sp[1]) {
				t.Fatalf("%q: found %q, undelimited, which ends in the Markdown marker before it", text, uri)
			}
		}
		if len(text) > maxRefLen {
			return
		}
		if want := ref.Extract(text); !slices.Equal(got, want) {
			t.Fatalf("%q: found %v %q, the reference %v %q", text, got, spans(text, got), want, spans(text, want))
		}
	})
}

// trimmable reports whether uri ends in a byte that the rules trim from
// an undelimited URI: sentence punctuation, a single quote, or a ')' or
// ']' that closes nothing.
func trimmable(uri string) bool {
	switch c := uri[len(uri)-1]; c {
	case '.', ',', ';', ':', '!', '?', '\'':
		return true
	case ')', ']':
		opener := byte('(')
		if c == ']' {
			opener = '['
		}
		open := 0
		for i := range len(uri) - 1 {
			switch uri[i] {
			case opener:
				open++
			case c:
				open = max(open-1, 0)
			}
		}
		return open == 0
	}
	return false
}

// delimited reports whether text[start:end] is enclosed in "<...>",
// "<URL:...>", "<URL: ...>" or quotes.
func delimited(text string, start, end int) bool {
	if start == 0 || end == len(text) {
		return false
	}
	switch text[start-1] {
	case '<', ':', ' ':
		return text[end] == '>' && (text[start-1] == '<' || start >= 5 && strings.EqualFold(text[start-5:start], "<URL:") ||
			start >= 6 && strings.EqualFold(text[start-6:start], "<URL: "))
	case '"', '\'':
		return text[end] == text[start-1]
	}
	return false
}

func spans(text string, sps [][2]int) []string {
	var out []string
	for _, sp := range sps {
		out = append(out, text[sp[0]:sp[1]])
	}
	return out
}
