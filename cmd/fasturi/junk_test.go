package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/fasturi/fasturi/internal/corpus"
)

// junkLines is how many lines of corpus.WriteJunk the junk tests run on:
// enough for one line of megabytes, and every kind of junk many times.
const junkLines = 20000

// junkInput returns junkLines lines of junk, and the lines as parse reads
// them: split at "\n", without a "\r" before it, and without a byte order
// mark at the start of the input.
func junkInput(t *testing.T) ([]byte, [][]byte) {
	t.Helper()
	var b bytes.Buffer
	if _, err := corpus.WriteJunk(&b, junkLines, 1); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	lines := bytes.Split(bytes.TrimPrefix(data, bom), []byte("\n"))
	for i, l := range lines[:len(lines)-1] {
		lines[i] = bytes.TrimSuffix(l, []byte("\r"))
	}
	if len(lines) != junkLines {
		t.Fatalf("%d lines of junk, want %d", len(lines), junkLines)
	}
	return data, lines
}

// TestParseJunk runs parse in every output mode, strict and lenient, from a
// file and from standard input, on junk: binary bytes, NUL, invalid UTF-8,
// lone carriage returns, empty lines, a line of megabytes and a last line
// without a newline. Every input line gives exactly one record, in order,
// whose input field reads back as the line; with the default -max-line,
// as the head of a line longer than that, whose record is invalid: "line
// too long".
func TestParseJunk(t *testing.T) {
	data, lines := junkInput(t)
	file := filepath.Join(t.TempDir(), "junk.log")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// How a line is read does not depend on the format, so two formats
	// are enough from a file.
	for _, c := range []struct {
		format   string
		lenient  bool
		fromFile bool
		whole    bool // with -max-line 0
	}{
		{"text", false, false, false}, {"text", true, false, false}, {"text", false, false, true},
		{"tsv", false, false, false}, {"tsv", true, false, false}, {"tsv", false, true, false}, {"tsv", false, false, true},
		{"json", false, false, false}, {"json", true, false, false}, {"json", true, true, false}, {"json", true, true, true},
	} {
		args, name := []string{"parse"}, c.format
		if c.format != "text" {
			args = append(args, "-"+c.format)
		}
		maxLine := defaultMaxLine
		if c.whole {
			args, name, maxLine = append(args, "-max-line", "0"), name+" whole", 0
		}
		if c.lenient {
			args, name = append(args, "-lenient"), name+" lenient"
		}
		stdin := string(data)
		if c.fromFile {
			args, stdin, name = append(args, file), "", name+" from file"
		}
		t.Run(name, func(t *testing.T) {
			code, out, stderr := runCLI(t, stdin, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if !strings.Contains(stderr, strconv.Itoa(junkLines)+" lines") {
				t.Errorf("summary %q, want %d lines", stderr, junkLines)
			}
			checkJunkRecords(t, c.format, out, lines, maxLine)
		})
	}
}

// checkJunkRecords checks that out holds one record per line, with no
// carriage return in it, and that the input field of each reads back as
// its line, or when maxLine is above 0 and the line longer, as its first
// maxLine bytes in a record that says "line too long" at offset maxLine.
func checkJunkRecords(t *testing.T, format, out string, lines [][]byte, maxLine int) {
	t.Helper()
	if !strings.HasSuffix(out, "\n") {
		t.Fatalf("output does not end in a newline")
	}
	recs := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(recs) != len(lines) {
		t.Fatalf("%d records for %d lines", len(recs), len(lines))
	}
	bad := 0
	for i, rec := range recs {
		in, err := junkRecordInput(format, rec)
		if strings.IndexByte(rec, '\r') >= 0 {
			// A reader that takes "\r" as a line ending too would see
			// two records.
			err = "a carriage return in the record"
		}
		want := lines[i]
		if maxLine > 0 && len(want) > maxLine {
			want = want[:maxLine]
			if suffix := tooLongSuffix(format, maxLine); !strings.HasSuffix(rec, suffix) {
				err = "a line too long: its record does not end in " + strconv.Quote(suffix)
			}
		}
		if err == "" && !bytes.Equal(in, want) {
			err = "reads back as " + strconv.Quote(string(in))
		}
		if err != "" {
			if len(lines[i]) > 100 {
				lines[i] = lines[i][:100]
			}
			t.Errorf("line %d, %q: %s", i+1, lines[i], err)
			if bad++; bad == 10 {
				t.FailNow()
			}
		}
	}
}

// tooLongSuffix returns how parse's record of a line longer than maxLine
// ends in format.
func tooLongSuffix(format string, maxLine int) string {
	switch format {
	case "tsv":
		return "\tfalse" + strings.Repeat("\t\\N", 8) + "\tline too long\t" + strconv.Itoa(maxLine)
	case "json":
		return `,"valid":false,"error":"line too long","offset":` + strconv.Itoa(maxLine) + "}"
	}
	return `": line too long at offset ` + strconv.Itoa(maxLine)
}

// junkRecordInput returns the input line that a record of format gives, or
// what is wrong with the record.
func junkRecordInput(format, rec string) ([]byte, string) {
	switch format {
	case "tsv":
		field, _, _ := strings.Cut(rec, "\t")
		return unescapeTSV(field), ""
	case "json":
		var r struct {
			In    *string `json:"in"`
			InHex *string `json:"in_hex"`
		}
		if err := json.Unmarshal([]byte(rec), &r); err != nil {
			return nil, err.Error()
		}
		if r.In == nil {
			return nil, "no in"
		}
		if r.InHex == nil {
			if !utf8.ValidString(*r.In) {
				return nil, "in is not UTF-8" // cannot happen with encoding/json
			}
			return []byte(*r.In), ""
		}
		b, err := hex.DecodeString(*r.InHex)
		if err != nil {
			return nil, err.Error()
		}
		if utf8.Valid(b) {
			return nil, "in_hex for UTF-8"
		}
		return b, ""
	default:
		rest, ok := strings.CutPrefix(rec, "valid   ")
		if !ok {
			rest, ok = strings.CutPrefix(rec, "invalid ")
		}
		if !ok {
			return nil, "no verdict"
		}
		q, err := strconv.QuotedPrefix(rest)
		if err != nil {
			return nil, err.Error()
		}
		s, _ := strconv.Unquote(q)
		return []byte(s), ""
	}
}

// unescapeTSV undoes appendTSVField.
func unescapeTSV(s string) []byte {
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			i++
			switch s[i] {
			case 't':
				c = '\t'
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			default:
				c = s[i]
			}
		}
		b = append(b, c)
	}
	return b
}
