// Command fasturi processes URIs at log scale: one per line, from files or
// standard input, on all cores, in input order.
//
// Usage:
//
//	fasturi parse [-json | -tsv [-header]] [-lenient] [-q] [-o FILE]
//	      [-format clf|combined | -field N [-sep S]] [-max-line SIZE] [FILE...]
//	fasturi stats [-json] [-top N] [-depth N] [-max-keys N] [-sample] [-q]
//	      [-format clf|combined | -field N [-sep S]] [-o FILE] [-max-line SIZE]
//	      [FILE...]
//	fasturi extract [-json] [-schemes a,b,...] [-q] [-o FILE]
//	      [-max-line SIZE] [FILE...]
//	fasturi target [-json] [-format clf|combined | -field N [-sep S]]
//	      [-q] [-o FILE] [-max-line SIZE] [FILE...]
//	fasturi normalize [-level syntax|scheme] [-reject-underflow]
//	      [-json] [-q] [-o FILE] [-max-line SIZE] [FILE...]
//	fasturi resolve [-base URI] [-reject-underflow] [-json]
//	      [-q] [-o FILE] [-max-line SIZE] [FILE...]
//	fasturi relative -base URI [-json] [-q] [-o FILE]
//	      [-max-line SIZE] [FILE...]
//	fasturi decode [-component NAME] [-plus] [-no-controls] [-json]
//	      [-q] [-o FILE] [-max-line SIZE] [FILE...]
//	fasturi version    (or fasturi -version, --version)
//
// Flags may also follow the FILEs; after "--", every argument is a FILE.
//
// Every command reads each FILE in turn (standard input if there is none,
// or for -) and, but stats and extract, writes one record per input line,
// in input order: an invalid line is data, not a failure, and gets a
// record too. stats counts every line, and writes one report at the end;
// extract writes one record per URI found, and none for a line without
// one. A FILE or
// standard input compressed with gzip is decompressed as it is read.
//
// parse writes a line of text for people by default; -json writes one JSON
// object per line and -tsv tab-separated values, for other programs (the
// columns in, valid, scheme, userinfo, host, port, path, query, fragment,
// host_type, error and offset; -header names them first). An
// invalid URI's record says what is wrong and at which byte. With -lenient,
// every line is split into components the way RFC 3986 Appendix B does, and
// the rules it breaks are listed (in -tsv, the first one); an access log's
// request target is split only when its form is one its method allows,
// and it has no '#' and does not start with "//". A valid URI's -json
// record is
//
//	{"in":"http://u@0x7f.1/%2e%2e/%00","valid":true,"scheme":"http",
//	 "userinfo":"u","host":"0x7f.1","port":null,"path":"/%2e%2e/%00",
//	 "query":null,"fragment":null,"host_type":"reg-name",
//	 "legacy_ipv4":"127.0.0.1","numeric_last_label":false,
//	 "encoded_delimiters":[],"encoded_controls":["path"],
//	 "encoded_nul":["path"],"encoded_non_ascii":[],"encoded_percent":[],
//	 "path_underflow":true}
//
// on one line, where null is an absent component and "" an empty one. The
// keys after host_type are the facts a security policy needs (see
// fasturi.Facts): the address a reg-name host means in a legacy IPv4
// spelling, or null; whether a reg-name host that is no such spelling ends
// in a number, which WHATWG parsers refuse and some resolvers read as an
// address ("08", "1.2.3.4.5"); which of
// userinfo, host and path hold a percent-encoded
// delimiter, control character, NUL, byte of 0x80 or more and '%'; whether a
// ".." climbs above the root. An invalid URI's record is
// {"in":...,"valid":false,"error":"<message>","offset":N}, and with -lenient
// it has the components and "violations" too, but no facts, which only a
// valid URI has.
//
// target reads HTTP request lines, "METHOD request-target HTTP-version"
// (RFC 9112 section 3), or a method and a request-target alone when a line
// has a single space, and checks that the method allows the target's form
// (section 3.2). It writes a line of text for people, as parse does, or with
// -json one object per line, which for a valid line is
//
//	{"in":"GET /a?b HTTP/1.1","valid":true,"method":"GET","target":"/a?b",
//	 "form":"origin","version":"HTTP/1.1", ...}
//
// with form one of origin, absolute, authority and asterisk, version null
// when the line has none, then the target's components, host_type and facts
// as parse writes them, then "shape_error" and "shape_offset": null, or for
// a target that departs from its scheme's shape (fasturi.URI.CheckShape:
// RFC 1738, and RFC 9110's http URI, which has a host and no userinfo)
// the message and the offset where it does, in the request line read as
// for an error. An invalid line's
// record is as parse's, with the offset in the request line read (the
// whole line, without -format).
//
// normalize writes the normalized form of each URI reference (RFC 3986
// section 6.2.2 with -level syntax, and also 6.2.3 with -level scheme, the
// default). resolve writes the target of each reference resolved against
// -base (section 5.2), or, without -base, of each line "base<TAB>reference".
// relative writes the shortest reference that resolves against -base to
// each URI. decode percent-decodes each line (section 2.1), after checking
// that it is a valid component with -component; -plus decodes '+' as a
// space, and -no-controls refuses to produce control characters. With
// -reject-underflow, normalize and resolve refuse a ".." that climbs above
// the root, which RFC 3986 drops.
//
// Without -json, these four write the result alone on each line, for shell
// pipelines (fasturi normalize urls.txt | sort -u); an invalid line gives an
// empty line. With -json, each line is one of
//
//	{"in":"...","out":"..."}
//	{"in":"...","out_hex":"..."}
//	{"in":"...","error":"<message>","offset":N}
//
// where "out_hex" replaces "out" when the result is not UTF-8, "in_hex"
// follows "in" when the input is not, and the offset is that of the byte at
// fault in the input line. decode's text output refuses a line that decodes
// to a CR or LF, which would break the line; -json escapes them.
//
// stats counts the lines by scheme and host (as they compare: lowercased,
// and a host's percent-encodings normalized as fasturi.AppendNormalize
// does), host type, port, path prefix, error and security fact, and for
// access logs by method, request-target form and referer host, and writes
// the top keys of each as a table, or with -json as one document:
//
//	{"totals":{"lines":N,"valid":N,"invalid":N,"complete":true},
//	 "facets":{"scheme":{"distinct":N,"approximate":false,
//	  "top":[{"key":"https","count":N},...]},...}}
//
// where "complete" is false when an input could not be opened or read to
// its end (the command then exits 1), the counts being of the lines read.
//
// A facet counts up to -max-keys distinct keys exactly on each core; past
// that, the distinct keys are estimated with a HyperLogLog and the counts
// of the keys beyond with a Count-Min sketch, and the facet says
// "approximate":true. An estimated count in its top list is followed by
// "max_overcount":N: it is never below the true count and, with high
// probability, at most N above it (the table marks it ~). A key whose
// count is N or less may be the sketch's noise, met only once.
// Host types, errors and facts, a few fixed keys, are always counted
// exactly. Which keys a core meets depends on how the lines
// fall to the cores, so near the limit whether a facet is approximate may
// vary from run to run; an approximate facet's estimates do, as the
// sketches hash with a seed of each run's.
// -sample counts an access log generated at start.
//
// extract finds the URIs in free text (RFC 3986 Appendix C, see
// fasturi.Finder) and writes one record per URI: the URI alone, or with
// -json {"file":NAME,"line":N,"offset":BYTE,"uri":"..."} ("uri_hex" when
// it is not UTF-8), with NAME the input (- for standard input; "file_hex"
// when it is not UTF-8), lines from 1 in each input, offsets in bytes from
// the start of the line.
//
// With -format clf or combined, parse, stats and target read access logs
// (Common and Combined Log Format): the URI of a line is its request line's
// target, read as the request-target of its method, and for combined also
// its referer, which parse -json writes as a "referer" record (null for
// "-", for "", and for a line that is no combined-log line), and -tsv as a last
// column. With -field N, they read field N (from 1) of lines split by -sep
// (a tab by default; with any other separator but '"', such as "," for
// CSV, a field may be quoted as in CSV). A record's
// "in" is then the URI read (for target, the request line), and its
// offsets count from there; a line the format does not match is a record
// of the whole line, invalid, with the mismatch and its offset. A user
// name may hold spaces, and the fields after the referer are not read.
// Fields are read as written: the escapes of nginx (\xHH) and Apache (\"
// and \\) and a CSV field's doubled quotes are not undone, so that "in"
// is a slice of the line; a target that holds one is invalid at the first,
// which is where the byte it escapes is in the target that was sent.
//
// A summary goes to standard error (-q silences it), with a progress line
// (a bar, bytes, lines per second, time left) while a run of 4 MB or more
// goes on a terminal, unless records go to the same terminal. -o FILE
// writes to FILE instead of standard output. -max-line SIZE (1M unless
// given, 0 for no limit) bounds the bytes of a line that are held: a
// longer line's record is an invalid line's, of its first SIZE bytes, with
// the error "line too long" at offset SIZE, and the rest of it is read
// and let go, so that memory stays flat on input without line endings.
// The exit status is 0 when every line was read and its record written,
// 1 when an input could not be read or the output written, or when
// extract met a line longer than -max-line, whose URIs it cannot report,
// and 2 on bad usage, such as a -base that
// is not an absolute URI, or an output that is an input (-o x x, or
// x >> x), before any input is read.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `fasturi processes URIs (RFC 3986) at log scale, one per line.

Usage: fasturi COMMAND [flags] [FILE...]

Commands:

  parse      parse each line and write one record per line
  stats      count the lines by scheme, host, port, path, error and more
  extract    find the URIs in free text, one record per URI
  target     check each HTTP request line (RFC 9112 section 3)
  normalize  normalize each URI reference (RFC 3986 section 6.2)
  resolve    resolve each reference against a base URI (section 5.2)
  relative   make each URI a reference relative to a base URI
  decode     percent-decode each line (section 2.1)
  version    print the version of fasturi and of the Go toolchain

Each command reads each FILE (standard input if none, or for -; gzip
decompressed) on all cores. Flags may follow the FILEs, up to --.
parse, target and the four after them write one record per input
line, in input order: an invalid line is not dropped. extract writes one
per URI found, stats a summary at the end. parse, stats and target read
access logs (-format clf|combined) and fields of TSV or CSV (-field N).
Run 'fasturi COMMAND -h' or 'fasturi help COMMAND' for the flags of a command.
`

// isHelp reports whether arg asks for the usage.
func isHelp(arg string) bool {
	switch arg {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

func main() {
	ignoreSIGPIPE()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// commands are the subcommands, by name.
var commands = map[string]func(args []string, stdin io.Reader, stdout, stderr io.Writer) int{
	"parse":     runParse,
	"normalize": runNormalize,
	"resolve":   runResolve,
	"relative":  runRelative,
	"decode":    runDecode,
	"target":    runTarget,
	"stats":     runStats,
	"extract":   runExtract,
	"version":   runVersion,
}

// run runs the command line args and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	if cmd, ok := commands[args[0]]; ok {
		return cmd(args[1:], stdin, stdout, stderr)
	}
	switch {
	case isHelp(args[0]):
		if len(args) > 1 && args[0] == "help" && !isHelp(args[1]) {
			cmd, ok := commands[args[1]]
			if !ok {
				fmt.Fprintf(stderr, "fasturi help: unknown command %q\n%s", args[1], seeCommands)
				return 2
			}
			if len(args) > 2 {
				fmt.Fprintf(stderr, "fasturi help: one command at a time, not %q too\nRun 'fasturi help %s'.\n", args[2], args[1])
				return 2
			}
			return cmd([]string{"-h"}, stdin, stdout, stderr) // fasturi help COMMAND
		}
		return writeOut(stdout, stderr, []byte(usage))
	case args[0] == "-version" || args[0] == "--version":
		return runVersion(nil, stdin, stdout, stderr)
	}
	what := "command"
	if args[0] != "" && args[0][0] == '-' {
		what = "flag" // the flags go after the command
	}
	fmt.Fprintf(stderr, "fasturi: unknown %s %q\n%s", what, args[0], seeCommands)
	return 2
}

// seeCommands follows an unknown command's error, which the usage, a
// screenful, would scroll off a terminal.
const seeCommands = "Run 'fasturi help' for the commands.\n"
