package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/internal/flagargs"
)

// extractSynopsis is the command line of extract, for both usage messages.
const extractSynopsis = "fasturi extract [-json] [-schemes a,b,...] [-q] [-o FILE]\n" +
	"       [-max-line SIZE] [FILE...]"

// extractAbout is what extract's usage says before the flags.
const extractAbout = `Find the URIs in the free text of each FILE (standard input if none,
or for -), as RFC 3986 Appendix C delimits them: in <...>, <URL:...>
or quotes, or up to a space or another byte no URI holds, without the
punctuation that ends a sentence. A URI without delimiters needs
"scheme://" or a scheme written without slashes (mailto:, urn:, tel:,
...). Lines are read one by one: a URI wrapped over lines inside <...>
is found up to its first line break, and not at all if that break is
in its host or port (or a mail address's domain), which the next line
may go on with. Each URI found is one record, in input order: the URI
alone, or with -json {"file":NAME,"line":N,"offset":BYTE,"uri":"..."},
where NAME is the FILE (- for standard input), lines count from 1 in
each FILE, offsets in bytes from the start of the line, and "file_hex"
and "uri_hex" stand for a NAME and a URI that are not UTF-8. The
summary counts as valid the lines that hold a URI.
`

// recordSep ends each record but the last that the lineFunc of extract
// writes for one line; no record holds it (URIs hold no NUL, and JSON
// escapes it).
const recordSep = 0

// longMark is what extract writes for a line longer than -max-line: two
// empty records, which no line gives.
const longMark = string(rune(recordSep))

func runExtract(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("extract", flag.ContinueOnError)
	fs.SetOutput(stderr)
	jsonOut := fs.Bool("json", false, `write {"file":F,"line":N,"offset":BYTE,"uri":"..."} per URI`)
	schemeList := fs.String("schemes", "", "only URIs of these `schemes`, comma-separated (any case)")
	ro := addRunFlags(fs)
	fs.Usage = func() { printUsage(fs.Output(), fs, extractSynopsis, extractAbout) }
	if status, stop := parseFlags(fs, args, stdout); stop {
		return status
	}
	var schemes []string
	if *schemeList != "" {
		for _, s := range strings.Split(*schemeList, ",") {
			s = strings.TrimSpace(s) // "http, https" as a shell user writes it
			if u, err := fasturi.ParseString(s + ":"); err != nil || u.Scheme() != s {
				return usageError(stderr, "extract", "-schemes: %q is not a scheme", s)
			}
			schemes = append(schemes, strings.ToLower(s))
		}
	}
	names := orStdin(fs.Args())
	return ro.run(names, stdin, stdout, stderr, func(w *bufio.Writer) (totals, error) {
		out := &recordWriter{w: w, numbered: *jsonOut, stderr: stderr, maxLine: ro.maxLine}
		p := ro.newProcessor(out, stdout, stderr, names, false)
		p.fn = extractLine(schemes, *jsonOut)
		p.long = func(dst, head []byte) []byte { return append(dst, longMark...) }
		p.startInput = out.startInput
		out.progress = p.progress
		tot, err := p.process(names, stdin)
		// A long line's URIs are not in the output, which the records
		// cannot say, as those of parse do.
		tot.longLeftOut = true
		return tot, err
	})
}

// extractLine returns the lineFunc of extract: the records of the URIs of
// line, separated by recordSep, without their line number, which the
// recordWriter adds in order.
func extractLine(schemes []string, jsonOut bool) lineFunc {
	return func(dst, line []byte) ([]byte, bool) {
		f := fasturi.NewFinder(line)
		found := false
		for sp, ok := f.Next(); ok; sp, ok = f.Next() {
			uri := line[sp.Start:sp.End]
			if schemes != nil && !schemeIn(uri, schemes) || wrapMayGoOnInHost(line, sp) {
				continue
			}
			if found {
				dst = append(dst, recordSep)
			}
			found = true
			if !jsonOut {
				dst = append(dst, uri...)
				continue
			}
			dst = append(dst, `"offset":`...)
			dst = strconv.AppendUint(dst, uint64(sp.Start), 10)
			dst = appendJSONOrHex(dst, `,"uri":`, `,"uri_hex":"`, uri)
			dst = append(dst, '}')
		}
		return dst, found
	}
}

// wrapMayGoOnInHost reports whether the URI at sp in line comes right after
// a '<' (or "<URL:", "<URL: ") that the line does not close, and ends in
// its authority, or in the domain of the address of a mailto, xmpp, sip or
// sips URI (after its last '@'). Appendix C lets a URI in "<...>" wrap over
// lines, and Finder, given the whole text, finds no URI where the next
// line goes on with the host ("<http://paypal.com" then ".evil.example/>",
// "<mailto:ceo@paypal.com" then ".evil.example>"): a browser or a mail
// client would read another host. Reading one line at a time, extract
// cannot see the next line, so it leaves such a URI out rather than report
// a host that may be cut.
func wrapMayGoOnInHost(line []byte, sp fasturi.Span) bool {
	before := line[:sp.Start]
	if !hasSuffixFold(before, "<") && !hasSuffixFold(before, "<URL:") && !hasSuffixFold(before, "<URL: ") {
		return false
	}
	if bytes.IndexByte(line[sp.End:], '>') >= 0 {
		return false // closed on this line: Finder saw all of it
	}
	u, _ := fasturi.Parse(line[sp.Start:sp.End]) // valid: Finder found it
	if u.HasQuery() || u.HasFragment() {
		return false
	}
	if u.HasAuthority() {
		return u.RawPath() == ""
	}
	return endsInAddressDomain(&u)
}

// endsInAddressDomain reports whether u, a URI without a query or a
// fragment, is a mailto, xmpp, sip or sips URI that ends in the domain of
// an address: after its last '@' come only bytes that a domain may go on
// with (letters, digits, '-', '.', '_', '~', '%', and bytes >= 0x80).
func endsInAddressDomain(u *fasturi.URI) bool {
	switch strings.ToLower(u.Scheme()) {
	case "mailto", "xmpp", "sip", "sips":
	default:
		return false
	}
	p := u.RawPath()
	at := strings.LastIndexByte(p, '@')
	if at < 0 {
		return false
	}
	for _, c := range []byte(p[at+1:]) {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			c == '-', c == '.', c == '_', c == '~', c == '%', c >= 0x80:
		default:
			return false
		}
	}
	return true
}

// hasSuffixFold reports whether b ends with suffix, in any case.
func hasSuffixFold(b []byte, suffix string) bool {
	return len(b) >= len(suffix) && strings.EqualFold(asString(b[len(b)-len(suffix):]), suffix)
}

// schemeIn reports whether uri, which has a scheme, has one of schemes
// (lowercase), in any case.
func schemeIn(uri []byte, schemes []string) bool {
	s := uri[:bytes.IndexByte(uri, ':')]
	for _, want := range schemes {
		if len(s) == len(want) && strings.EqualFold(asString(s), want) {
			return true
		}
	}
	return false
}

// A recordWriter turns what the lineFunc of extract wrote, one line per
// input line, into one line per record: an empty line (a line without
// URIs) gives none, and each record, with numbered, starts with its
// input's name and its line's number in that input. The processor writes
// to it in input order, from one goroutine.
type recordWriter struct {
	w        *bufio.Writer
	numbered bool
	name     string // the input being read
	file     []byte // `{"file":NAME,"line":` for that input
	line     int64  // the number of the last line seen in that input
	partial  []byte // a line cut between two writes

	// A line longer than maxLine is reported on stderr, over the
	// progress line when there is one.
	stderr   io.Writer
	progress bool
	maxLine  flagargs.ByteSize
}

// startInput makes the next lines those of the input name ("-" for
// standard input), from line 1. A name that is not UTF-8 is written as
// "file_hex".
func (r *recordWriter) startInput(name string) {
	r.name, r.line = name, 0
	if r.numbered {
		r.file = append(appendJSONOrHex(r.file[:0], `{"file":`, `{"file_hex":"`, []byte(name)), `,"line":`...)
	}
}

func (r *recordWriter) Write(b []byte) (int, error) {
	n := len(b)
	if len(r.partial) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			r.partial = append(r.partial, b...)
			return n, nil
		}
		r.partial = append(r.partial, b[:i+1]...)
		b = b[i+1:]
		r.records(r.partial[:len(r.partial)-1])
		r.partial = r.partial[:0]
	}
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			r.partial = append(r.partial, b...)
			break
		}
		r.records(b[:i])
		b = b[i+1:]
	}
	return n, r.w.Flush()
}

// records writes the records of one input line.
func (r *recordWriter) records(line []byte) {
	r.line++
	if string(line) == longMark {
		clear := ""
		if r.progress {
			clear = "\r\033[K" // as for a read error
		}
		name := r.name
		if name == "-" {
			name = "standard input"
		}
		fmt.Fprintf(r.stderr, "%sfasturi: %s: line %d is longer than -max-line %v: its URIs are not extracted\n", clear, name, r.line, &r.maxLine)
		return
	}
	for len(line) > 0 {
		rec := line
		if i := bytes.IndexByte(line, recordSep); i >= 0 {
			rec, line = line[:i], line[i+1:]
		} else {
			line = nil
		}
		if r.numbered {
			r.w.Write(r.file)
			r.w.Write(strconv.AppendInt(r.w.AvailableBuffer(), r.line, 10))
			r.w.WriteByte(',')
		}
		r.w.Write(rec)
		r.w.WriteByte('\n')
	}
}
