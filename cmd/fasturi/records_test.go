package main

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/internal/corpus"
)

// Parsing and formatting a line must not allocate: the CLI does it for
// every line of inputs of any size, on all cores, into reused buffers.
func TestParseLineDoesNotAllocate(t *testing.T) {
	lines := []string{
		"http://u@h:1/p?q#f",
		"http://[fe80::1%25eth0]:80/x",
		"http://a:8x/",
		"/a b\t\\\xff",
		"",
		"http://u@0x7f.1/a/%2e%2e/../%2F%00", // every fact
		"http://2130706433/",
		"../../a",
		"http://caf\xc3\xa9.example/\xe2\x82\xac?q=\"x\"",  // UTF-8 and quotes
		"\xef\xbb\xbf\xc3\x28\xed\xa0\x80\xf4\x90\x80\x80", // not UTF-8
		"a\rb\x00c\x1b\x7f\\N",
		"http://h/" + strings.Repeat("a", 5000), // longer than dst
		"http://h/" + strings.Repeat("\x00\t\"\xff\xc3\xa9", 1000),
	}
	formats := map[string]func([]byte, record) []byte{"json": appendJSON, "tsv": appendTSV, "text": appendText}
	dst := make([]byte, 0, 1<<12)
	for name, format := range formats {
		for _, lenient := range []bool{false, true} {
			fn := parseLine(format, lenient)
			for _, l := range lines {
				line := []byte(l)
				allocs := testing.AllocsPerRun(100, func() { dst, _ = fn(dst[:0], line) })
				if allocs != 0 {
					t.Errorf("%s, lenient %v, %q: %v allocations per line", name, lenient, l, allocs)
				}
			}
		}
	}
}

// Nor must a request line's.
func TestTargetLineDoesNotAllocate(t *testing.T) {
	lines := []string{
		"GET /where?q=now HTTP/1.1",
		"POST http://u@0x7f.1/a/%2e%2e/../%2F%00 HTTP/1.1",
		"CONNECT [::1]:443",
		"OPTIONS *",
		"GET * HTTP/1.1",
		"G(T /x",
		"GET  /x HTTP/1.1",
		"GET /x HTTP/2",
		"GET /\xff#f",
		"",
	}
	formats := map[string]func([]byte, targetRecord) []byte{"json": appendTargetJSON, "text": appendTargetText}
	dst := make([]byte, 0, 1<<12)
	for name, format := range formats {
		fn := targetLine(format)
		for _, l := range lines {
			line := []byte(l)
			allocs := testing.AllocsPerRun(100, func() { dst, _ = fn(dst[:0], line) })
			if allocs != 0 {
				t.Errorf("%s, %q: %v allocations per line", name, l, allocs)
			}
		}
	}
}

// Nor must the pipeline's work on a chunk of many lines, once its buffers
// have grown.
func TestRunChunkDoesNotAllocate(t *testing.T) {
	in := []byte("http://u@h:1/p?q#f\r\n/a b\t\\\xff\n\n\xc3\xa9\x00\rx\nhttp://h/\xe2\x82\xac")
	for name, format := range map[string]func([]byte, record) []byte{"json": appendJSON, "tsv": appendTSV, "text": appendText} {
		p := &processor{}
		fn := parseLine(format, false)
		c := &chunk{}
		allocs := testing.AllocsPerRun(100, func() {
			c.reset()
			c.in = in
			p.runChunk(c, fn, nil)
		})
		if allocs != 0 || c.lines != 5 {
			t.Errorf("%s: %v allocations per chunk, %d lines", name, allocs, c.lines)
		}
	}
}

// The formatters of -json and -tsv give what they gave when each walked the
// components with eachComponent and escaped byte by byte (these copies),
// on generated URIs and on junk, strict and lenient.
func TestFormatsAsBefore(t *testing.T) {
	var lines [][]byte
	for _, u := range corpus.Generate(20000, 7) {
		lines = append(lines, []byte(u))
	}
	var junk bytes.Buffer
	corpus.WriteJunk(&junk, 20000, 7)
	lines = append(lines, bytes.Split(junk.Bytes(), []byte("\n"))...)
	for _, lenient := range []bool{false, true} {
		for _, l := range lines {
			r := newRecord(l, lenient)
			if got, want := appendTSV(nil, r), tsvAsBefore(nil, r); !bytes.Equal(got, want) {
				t.Fatalf("lenient %v, appendTSV(%q):\n got  %q\n want %q", lenient, l, got, want)
			}
			if got, want := appendJSON(nil, r), jsonAsBefore(nil, r); !bytes.Equal(got, want) {
				t.Fatalf("lenient %v, appendJSON(%q):\n got  %s\n want %s", lenient, l, got, want)
			}
		}
	}
}

func jsonAsBefore(dst []byte, r record) []byte {
	dst = append(dst, `{"in":`...)
	dst = jsonStringByByte(dst, r.in)
	if !utf8.Valid(r.in) {
		dst = append(dst, `,"in_hex":"`...)
		dst = hex.AppendEncode(dst, r.in)
		dst = append(dst, '"')
	}
	dst = append(dst, `,"valid":`...)
	dst = strconv.AppendBool(dst, r.uri.Valid())
	if r.hasComponents() {
		r.eachComponent(func(name string, val []byte, present bool) {
			dst = append(dst, ',', '"')
			dst = append(dst, name...)
			dst = append(dst, '"', ':')
			if present {
				dst = jsonStringByByte(dst, val)
			} else {
				dst = append(dst, "null"...)
			}
		})
		dst = append(dst, `,"host_type":"`...)
		dst = append(dst, r.uri.HostType().String()...)
		dst = append(dst, '"')
	}
	if r.uri.Valid() {
		dst = appendJSONFacts(dst, r.uri)
		return append(dst, '}')
	}
	dst = appendJSONError(append(dst, ','), r.kind, r.uri.ErrorOffset())
	if r.violations.Len() > 0 {
		dst = append(dst, `,"violations":[`...)
		for i := range r.violations.Len() {
			if i > 0 {
				dst = append(dst, ',')
			}
			v := r.violations.At(i)
			dst = appendJSONError(append(dst, '{'), v.Kind, v.Offset)
			dst = append(dst, `,"component":`...)
			dst = jsonStringByByte(dst, []byte(v.Component.String()))
			dst = append(dst, '}')
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}

func tsvAsBefore(dst []byte, r record) []byte {
	dst = tsvFieldByByte(dst, r.in)
	dst = append(dst, '\t')
	dst = strconv.AppendBool(dst, r.uri.Valid())
	r.eachComponent(func(_ string, val []byte, present bool) {
		dst = append(dst, '\t')
		if present {
			dst = tsvFieldByByte(dst, val)
		} else {
			dst = append(dst, `\N`...)
		}
	})
	dst = append(dst, '\t')
	if r.hasComponents() {
		dst = append(dst, r.uri.HostType().String()...)
	} else {
		dst = append(dst, `\N`...)
	}
	if r.uri.Valid() {
		return append(dst, "\t\\N\t\\N"...)
	}
	dst = append(dst, '\t')
	dst = append(dst, r.kind.Message()...)
	dst = append(dst, '\t')
	return strconv.AppendInt(dst, int64(r.uri.ErrorOffset()), 10)
}

// A valid URI's line is plain (record.plain relies on it): every byte
// value in every component, strict and lenient, and as a request-target,
// and every line of the generated and junk corpora.
func TestValidIsPlain(t *testing.T) {
	check := func(line []byte) {
		t.Helper()
		for _, lenient := range []bool{false, true} {
			if r := newRecord(line, lenient); r.uri.Valid() && !isQuotePlain(line) {
				t.Errorf("lenient %v: %q is valid but not plain", lenient, line)
			}
		}
		if u, _, err := fasturi.ParseRequestTarget("GET", line); err == nil && u.Valid() && !isQuotePlain(line) {
			t.Errorf("request-target %q is valid but not plain", line)
		}
		for _, rl := range [][]byte{[]byte("GET " + string(line) + " HTTP/1.1"), append(line, " / HTTP/1.1"...)} {
			if _, err := fasturi.ParseRequestLine(rl); err == nil && !isQuotePlain(rl) {
				t.Errorf("request line %q is valid but not plain", rl)
			}
		}
	}
	for _, tmpl := range []string{"%cs://u@h:1/p?q#f", "s://%cu@h:1/p?q#f", "s://u@%ch:1/p?q#f", "s://u@h:%c1/p?q#f",
		"s://u@h:1/%cp?q#f", "s://u@h:1/p?%cq#f", "s://u@h:1/p?q#%cf", "s://u@[::1%%25%c]/", "s://u@[v1.%c]/", "/%c", "%c"} {
		for c := range 256 {
			check([]byte(strings.ReplaceAll(fmt.Sprintf(tmpl, 'X'), "X", string([]byte{byte(c)}))))
		}
	}
	for _, u := range corpus.Generate(20000, 3) {
		check([]byte(u))
	}
	var junk bytes.Buffer
	corpus.WriteJunk(&junk, 20000, 3)
	for _, l := range bytes.Split(junk.Bytes(), []byte("\n")) {
		check(l)
	}
}

// TestAppendQuoted checks that appendQuoted quotes as strconv.Quote does:
// plain text (isQuotePlain) as it is, between quotes, and other text
// through strconv, with each byte value at the start, middle and end.
func TestAppendQuoted(t *testing.T) {
	for c := range 256 {
		for _, s := range []string{string(rune(0)) + "ab", "a" + string(rune(0)) + "b", "ab" + string(rune(0))} {
			b := bytes.ReplaceAll([]byte(s), []byte{0}, []byte{byte(c)})
			plain := isQuotePlain(b)
			if want := strconv.Quote(string(b)); plain != (want == `"`+string(b)+`"`) {
				t.Errorf("isQuotePlain(%q) = %v, but strconv.Quote gives %s", b, plain, want)
			} else if got := string(appendQuoted(nil, b, plain)); got != want {
				t.Errorf("appendQuoted(%q, %v) = %s, want %s", b, plain, got, want)
			}
		}
	}
}
