package main

import (
	"fmt"
	"strings"

	"github.com/fasturi/fasturi"
	"mvdan.cc/xurls/v2"
)

// extractOperation finds the URIs in free text: each URI of the corpus
// in a sentence of its own, as a log line or a chat message holds one.
var extractOperation = &operation{
	key:   "extract",
	title: "URIs in free text",
	about: "Each URI of the corpus is put in a sentence of its own, in one of six forms in turn: " +
		"plain, in parentheses, in angle brackets, in double quotes, in a log line, before an exclamation mark " +
		"(see `sentenceForms`). Per sentence, each implementation finds every URI in it. " +
		"Done counts the sentences in which one URI found is exactly the URI put there.",
	impls: []*parser{
		{
			key:    "fasturi",
			module: "github.com/fasturi/fasturi",
			name:   "fasturi.Finder",
			spec:   "NewFinderString and Next: RFC 3986 Appendix C delimiters, any scheme with \"//\", each URI valid by Parse",
			run: func(c *corpus, ok []bool) {
				for i, s := range c.sentences {
					ok[i] = false
					f := fasturi.NewFinderString(s)
					for sp, found := f.Next(); found; sp, found = f.Next() {
						if s[sp.Start:sp.End] == c.strings[i] {
							ok[i] = true
						}
					}
				}
			},
		},
		{
			key:    "xurls-strict",
			module: "mvdan.cc/xurls/v2",
			name:   "xurls.Strict",
			spec:   "FindAllStringIndex of the Strict() regular expression: IANA schemes with \"://\", a few without",
			run: func(c *corpus, ok []bool) {
				re := xurls.Strict()
				for i, s := range c.sentences {
					ok[i] = false
					for _, m := range re.FindAllStringIndex(s, -1) {
						if s[m[0]:m[1]] == c.strings[i] {
							ok[i] = true
						}
					}
				}
			},
		},
	},
}

// sentenceForms are the sentences a URI is put in, in turn: prose with
// trailing punctuation and colons that start no URI, the delimiters of
// RFC 3986 Appendix C, and a log line.
var sentenceForms = []string{
	"See %s for the details, or ask the team.",
	"The old page (now at %s) moved last week: 12:34 UTC.",
	"Links: <%s>, and a mirror somewhere else.",
	`He wrote "%s" in the ticket; status: done.`,
	"2024-05-01T12:34:56Z INFO GET %s status=200 took=0.012s",
	"Read it now at %s!",
}

// sentences puts each URI in a sentence (see sentenceForms). The sentences
// lie one after the other in one buffer, as the lines of a file do.
func sentences(uris []string) []string {
	var b strings.Builder
	ends := make([]int, len(uris))
	for i, u := range uris {
		fmt.Fprintf(&b, sentenceForms[i%len(sentenceForms)], u)
		ends[i] = b.Len()
		b.WriteByte('\n')
	}
	text := b.String()
	out := make([]string, len(uris))
	start := 0
	for i, end := range ends {
		out[i] = text[start:end]
		start = end + 1
	}
	return out
}
