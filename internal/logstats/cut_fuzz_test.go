package logstats

import (
	"regexp"
	"strings"
	"testing"
)

// The Common and Combined Log Formats as regular expressions: the
// reference for Cut. The user runs to the last " [" before the request's
// '"' (it may hold spaces and brackets, and quotes after an odd number of
// backslashes, or be Apache's empty "", or nginx's empty nothing); a
// quoted field ends at a '"' after an even number of backslashes. A
// referer of "-" or "" is none.
var (
	quoted     = `"((?:[^"\\]|\\.)*)"`
	userBody   = `(?:(?:[^"\\]|\\[^"]|\\")+\\?|\\)`
	user       = `(?:""(?: (?:` + userBody + `)?)?|` + userBody + `)?`
	commonHead = `^[^ ]+ [^ ]+ ` + user + ` \[[^\]]*\] ` + quoted + ` [0-9]+ (?:[0-9]+|-)`
	commonRE   = regexp.MustCompile(`(?s)` + commonHead + `(?: .*)?$`)
	combinedRE = regexp.MustCompile(`(?s)` + commonHead + ` ` + quoted + `.*$`)
	versionRE  = regexp.MustCompile(`^HTTP/[0-9]\.[0-9]$`)
)

// FuzzCut reads fuzzed access-log lines with Cut and with the regular
// expressions above: the same lines match, with the same request line
// and referer; the request line splits into a method, a target and a
// version as its words say; and every part is the slice of the line its
// offset names.
func FuzzCut(f *testing.F) {
	for _, s := range []string{
		`127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326 "http://www.example.com/start.html" "Mozilla/4.08 [en] (Win98; I ;Nav)"`,
		`::1 - John [Admin] Doe [t] "GET /a b HTTP/1.1" 400 - "-" "-"`,
		`h - - [t] "GET /q\"x\\" 200 1 "r\"" "-"`,
		`1.2.3.4 - "" [t] "GET / HTTP/1.1" 401 0 "-" "-"`, `h - a\"b\\ [t] "GET / HTTP/1.1" 401 0`,
		`h - - [t] "\x16\x03 \x01" 400 0`,
		`h - - "GET / HTTP/1.1" 200 1 "-" "Mozilla/4.08 [en]"`,
		`h - - [t] " GET /x HTTP/2.0" 200 12x "-"`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, combined := range []bool{false, true} {
			kind, re := KindCommon, commonRE
			if combined {
				kind, re = KindCombined, combinedRE
			}
			l, m := Format{Kind: kind}.Cut([]byte(line))
			sub := re.FindStringSubmatch(line)
			if (m.Msg == "") != (sub != nil) {
				t.Fatalf("combined %v: %q: Cut mismatch %q, the expression matches: %v", combined, line, m.Msg, sub != nil)
			}
			if m.Msg != "" {
				if m.Offset < 0 || m.Offset > len(line) {
					t.Fatalf("%q: mismatch %q at %d, outside the line", line, m.Msg, m.Offset)
				}
				continue
			}
			at := func(what string, part []byte, off int) {
				if part != nil && line[off:off+len(part)] != string(part) {
					t.Fatalf("%q: %s %q is not at its offset %d", line, what, part, off)
				}
			}
			at("request", l.Request, l.RequestOff)
			at("target", l.URI, l.URIOff)
			at("referer", l.Referer, l.RefererOff)
			if string(l.Request) != sub[1] {
				t.Fatalf("%q: request %q, the expression's %q", line, l.Request, sub[1])
			}
			if combined && string(l.Referer) != sub[2] && (l.Referer != nil || sub[2] != "-" && sub[2] != "") {
				t.Fatalf("%q: referer %q, the expression's %q", line, l.Referer, sub[2])
			}
			// The request line's words: a method (empty when the line
			// starts with a space), a target that may hold spaces, and a
			// version when the last word is one.
			words := strings.Split(sub[1], " ")
			var method, target, version string
			hasMethod := len(words) > 1
			if hasMethod {
				method, target = words[0], sub[1][len(words[0])+1:]
				if last := words[len(words)-1]; len(words) > 2 && versionRE.MatchString(last) {
					target, version = target[:len(target)-len(last)-1], last
				}
			}
			if (l.Method != nil) != hasMethod || string(l.Method) != method || string(l.URI) != target || string(l.Version) != version {
				t.Fatalf("%q: method %q target %q version %q, want %q %q %q", line, l.Method, l.URI, l.Version, method, target, version)
			}
		}
	})
}
