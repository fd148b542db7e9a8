package flagargs

import (
	"flag"
	"io"
	"slices"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		operands []string
		o        string
		json     bool
	}{
		{[]string{"a.log"}, []string{"a.log"}, "", false},
		{[]string{"-json", "a.log"}, []string{"a.log"}, "", true},
		{[]string{"a.log", "-json"}, []string{"a.log"}, "", true},
		{[]string{"a.log", "-o", "x", "b.log", "-json"}, []string{"a.log", "b.log"}, "x", true},
		{[]string{"a.log", "--", "-json", "-o"}, []string{"a.log", "-json", "-o"}, "", false},
		{[]string{"--", "a.log", "-json"}, []string{"a.log", "-json"}, "", false},
		{[]string{"-o", "--", "a.log", "-json"}, []string{"a.log"}, "--", true},
		{[]string{"a.log", "-o", "--", "-json"}, []string{"a.log"}, "--", true},
		{[]string{"a.log", "-o=--", "--", "-json"}, []string{"a.log", "-json"}, "--", false},
		{[]string{"-json=false", "a.log", "-", "b.log"}, []string{"a.log", "-", "b.log"}, "", false},
		{nil, nil, "", false},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		o := fs.String("o", "", "")
		json := fs.Bool("json", false, "")
		if err := Parse(fs, tc.args); err != nil {
			t.Errorf("Parse(%q): %v", tc.args, err)
			continue
		}
		if !slices.Equal(fs.Args(), tc.operands) || *o != tc.o || *json != tc.json {
			t.Errorf("Parse(%q): operands %q, -o %q, -json %v; want %q, %q, %v", tc.args, fs.Args(), *o, *json, tc.operands, tc.o, tc.json)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, args := range [][]string{{"a.log", "-nope"}, {"a.log", "-o"}, {"-h"}, {"a.log", "-json=maybe"}} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.String("o", "", "")
		fs.Bool("json", false, "")
		if err := Parse(fs, args); err == nil {
			t.Errorf("Parse(%q): no error", args)
		}
	}
}
