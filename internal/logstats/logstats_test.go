package logstats

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/fasturi/fasturi"
)

func TestCutAccessLog(t *testing.T) {
	combined := Format{Kind: KindCombined}
	common := Format{Kind: KindCommon}
	tests := []struct {
		f                         Format
		line                      string
		uri, method, ver, referer string
		noURI                     bool
		mismatch                  string
		off                       int
	}{
		{f: common, line: `127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326`,
			uri: "/apache_pb.gif", method: "GET", ver: "HTTP/1.0"},
		{f: combined, line: `127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /a?b HTTP/1.0" 200 2326 "http://www.example.com/start.html" "Mozilla/4.08 [en] (Win98; I ;Nav)"`,
			uri: "/a?b", method: "GET", ver: "HTTP/1.0", referer: "http://www.example.com/start.html"},
		{f: combined, line: `h - - [t] "GET /x HTTP/1.1" 200 - "-" "-"`, uri: "/x", method: "GET", ver: "HTTP/1.1"},
		// A user name with spaces (servers log it as sent), a list of
		// remote hosts, and Apache's vhost_combined with a host:port first.
		{f: common, line: `::1 - John Doe [t] "GET /x HTTP/1.1" 200 1`, uri: "/x", method: "GET", ver: "HTTP/1.1"},
		{f: combined, line: `::1 - John [Admin] Doe [t] "GET /x HTTP/1.1" 200 1 "-" "Mozilla/4.08 [en]"`, uri: "/x", method: "GET", ver: "HTTP/1.1"},
		// Apache's empty user name, and a user name with an escaped quote
		// (mod_log_config's %u).
		{f: combined, line: `1.2.3.4 - "" [t] "GET /secret HTTP/1.1" 401 381 "-" "curl/8"`, uri: "/secret", method: "GET", ver: "HTTP/1.1"},
		{f: common, line: `1.2.3.4 - a\"b [t] "GET /x HTTP/1.1" 401 381`, uri: "/x", method: "GET", ver: "HTTP/1.1"},
		{f: common, line: `1.2.3.4 - a\"b [c] d [t] "GET /x HTTP/1.1" 401 381`, uri: "/x", method: "GET", ver: "HTTP/1.1"},
		{f: common, line: `1.2.3.4 - a\\ [t] "GET /x HTTP/1.1" 401 381`, uri: "/x", method: "GET", ver: "HTTP/1.1"},              // an escaped '\'
		{f: common, line: `1.2.3.4 - ""x [t] "GET /x HTTP/1.1" 401 381`, mismatch: "not an access-log line: no [time]", off: 14}, // a quote in a user name is escaped
		{f: common, line: `198.51.100.1, 10.0.0.1 - - [t] "GET /x HTTP/1.1" 200 1`, uri: "/x", method: "GET", ver: "HTTP/1.1"},
		{f: combined, line: `www.example.com:80 127.0.0.1 - - [t] "GET /x HTTP/1.1" 200 1 "-" "-"`, uri: "/x", method: "GET", ver: "HTTP/1.1"},
		// No version: the target runs to the end of the request line,
		// spaces and all, and HTTP/0.9's target is the rest.
		{f: common, line: `h - - [t] "GET /my file.pdf" 400 0`, uri: "/my file.pdf", method: "GET"},
		{f: common, line: `h - - [t] "GET /index.html junk" 400 0`, uri: "/index.html junk", method: "GET"},
		{f: common, line: `h - - [t] "GET /a b http/1.1" 400 0`, uri: "/a b http/1.1", method: "GET"},
		{f: common, line: `h - - [t] "GET /a HTTP/" 400 0`, uri: "/a HTTP/", method: "GET"},
		{f: common, line: `h - - [t] "GET /a HTTP/1.1x" 400 0`, uri: "/a HTTP/1.1x", method: "GET"},
		{f: common, line: `h - - [t] "GET /a HTTP/11" 400 0`, uri: "/a HTTP/11", method: "GET"},
		{f: common, line: `h - - [t] "GET /" 200 0`, uri: "/", method: "GET"},
		{f: common, line: `h - - [t] "GET / HTTP/2.0" 200 0`, uri: "/", method: "GET", ver: "HTTP/2.0"},
		// A target with a space: the version is the last word.
		{f: common, line: `h - - [t] "GET /a b HTTP/1.1" 400 0`, uri: "/a b", method: "GET", ver: "HTTP/1.1"},
		// No request line at all, and one escaped by the server.
		{f: common, line: `h - - [t] "-" 408 0`, noURI: true},
		{f: common, line: `h - - [t] "\x16\x03\x01" 400 0`, noURI: true},
		// An escaped quote inside the request line does not end it.
		{f: common, line: `h - - [t] "GET /a\"b HTTP/1.1" 200 1`, uri: `/a\"b`, method: "GET", ver: "HTTP/1.1"},
		{f: common, line: `GET /x HTTP/1.1`, mismatch: "not an access-log line: no host, ident and user", off: 7},
		{f: common, line: `h - - t "GET / HTTP/1.1" 200 1`, mismatch: "not an access-log line: no [time]", off: 6},
		{f: common, line: `h - - [t "GET / HTTP/1.1" 200 1`, mismatch: "not an access-log line: unterminated [time]", off: 6},
		{f: common, line: ``, mismatch: "not an access-log line: no host, ident and user", off: 0},
		// nginx writes an empty user as nothing (escape=json, or none),
		// and an empty Referer field, or with escape=json a missing one,
		// as "": no referer.
		{f: common, line: `h -  [t] "GET / HTTP/1.1" 200 1`, uri: "/", method: "GET", ver: "HTTP/1.1"},
		{f: combined, line: `192.0.2.10 -  [t] "GET /i HTTP/1.1" 200 612 "" "curl/8.5.0"`, uri: "/i", method: "GET", ver: "HTTP/1.1"},
		{f: combined, line: `h - - [t] "GET /i HTTP/1.1" 200 612 "" ""`, uri: "/i", method: "GET", ver: "HTTP/1.1"},
		{f: common, line: `h - -`, mismatch: "not an access-log line: no host, ident and user", off: 4},
		{f: common, line: ` - - [t] "GET / HTTP/1.1" 200 1`, mismatch: "not an access-log line: no host, ident and user", off: 0},                   // no host
		{f: common, line: `h  - [t] "GET / HTTP/1.1" 200 1`, mismatch: "not an access-log line: no host, ident and user", off: 2},                   // no ident
		{f: common, line: `h - - [t] "GET / HTTP/1.1" - 1`, mismatch: "not an access-log line: no status and size after the request line", off: 27}, // a status is digits
		{f: common, line: `h - John Doe "GET / HTTP/1.1" 200 1`, mismatch: "not an access-log line: no [time]", off: 9},
		{f: combined, line: `h - - "GET / HTTP/1.1" 200 1 "-" "Mozilla/4.08 [en] (Win98)"`, mismatch: "not an access-log line: no [time]", off: 6},
		{f: common, line: `h - - [t] GET / HTTP/1.1 200 1`, mismatch: "not an access-log line: no quoted request line", off: 9},
		{f: common, line: `h - - [t] "GET / HTTP/1.1 200 1`, mismatch: "not an access-log line: unterminated request line", off: 10},
		{f: common, line: `h - - [t] "GET / HTTP/1.1"`, mismatch: "not an access-log line: no status and size after the request line", off: 26},
		{f: common, line: `h - - [t] "GET / HTTP/1.1" x 1`, mismatch: "not an access-log line: no status and size after the request line", off: 27},
		{f: common, line: `h - - [t] "GET / HTTP/1.1" 200 12x`, mismatch: "not an access-log line: no status and size after the request line", off: 33},
		{f: common, line: `h - - [t] "GET / HTTP/1.1" 200x 1`, mismatch: "not an access-log line: no status and size after the request line", off: 30},
		{f: combined, line: `h - - [t] "GET / HTTP/1.1" 200 1-2 "-" "-"`, mismatch: "not an access-log line: no status and size after the request line", off: 32},
		{f: combined, line: `h - - [t] "GET / HTTP/1.1" 200 -- "-" "-"`, mismatch: "not an access-log line: no status and size after the request line", off: 32},
		{f: common, line: `h - - [t] "GET / HTTP/1.1" 200 - 0.003`, uri: "/", method: "GET", ver: "HTTP/1.1"}, // a field more
		{f: combined, line: `h - - [t] "GET / HTTP/1.1" 200 1`, mismatch: "not a combined-log line: no quoted referer", off: 32},
		{f: combined, line: `h - - [t] "GET / HTTP/1.1" 200 1 "http://a/`, mismatch: "not a combined-log line: unterminated referer", off: 33},
	}
	for _, tt := range tests {
		l, m := tt.f.Cut([]byte(tt.line))
		if tt.mismatch != "" {
			if m.Msg != tt.mismatch || m.Offset != tt.off {
				t.Errorf("Cut(%q) = %+v, want mismatch %q at %d", tt.line, m, tt.mismatch, tt.off)
			}
			continue
		}
		if m.Msg != "" {
			t.Errorf("Cut(%q): %v", tt.line, m)
			continue
		}
		if tt.noURI {
			if l.URI != nil {
				t.Errorf("Cut(%q).URI = %q, want none", tt.line, l.URI)
			}
			continue
		}
		if string(l.URI) != tt.uri || string(l.Method) != tt.method || string(l.Version) != tt.ver || string(l.Referer) != tt.referer {
			t.Errorf("Cut(%q) = uri %q method %q version %q referer %q, want %q %q %q %q",
				tt.line, l.URI, l.Method, l.Version, l.Referer, tt.uri, tt.method, tt.ver, tt.referer)
		}
		if got := tt.line[l.URIOff : l.URIOff+len(l.URI)]; got != tt.uri {
			t.Errorf("Cut(%q): URIOff %d points at %q", tt.line, l.URIOff, got)
		}
		if (l.Referer == nil) != (tt.referer == "") {
			t.Errorf("Cut(%q): referer %q (nil %v), want none only for %q", tt.line, l.Referer, l.Referer == nil, tt.referer)
		}
		if l.Referer != nil && tt.line[l.RefererOff:l.RefererOff+len(l.Referer)] != tt.referer {
			t.Errorf("Cut(%q): RefererOff %d is wrong", tt.line, l.RefererOff)
		}
	}
}

func TestCutField(t *testing.T) {
	tests := []struct {
		line  string
		field int
		sep   string
		want  string
		off   int
		err   string
	}{
		{"a\thttp://h/\tc", 2, `\t`, "http://h/", 2, ""},
		{"a\thttp://h/\tc", 1, `\t`, "a", 0, ""},
		{"a\thttp://h/\tc", 3, "\t", "c", 12, ""},
		{"a\t\tc", 2, "\t", "", 2, ""},
		{"a\thttp://h/", 3, "\t", "", 0, "the line has fewer fields than -field asks for"},
		{`1,"http://h/?a,b",x`, 2, ",", "http://h/?a,b", 3, ""},
		{`1,"http://h/?a,b",x`, 3, ",", "x", 18, ""},
		{`1,"a""b",x`, 2, ",", `a""b`, 3, ""},
		{`1,"http://h/`, 2, ",", "", 0, "unterminated quoted field"},
		{`1,"a"b,x`, 2, ",", "", 0, "text after a quoted field"},
		{"a|b|c", 2, "|", "b", 2, ""},
		// Quoting with any separator but a tab.
		{`1;"http://a/x;y";2`, 2, ";", "http://a/x;y", 3, ""},
		{`1|"http://a/x|y"`, 2, "|", "http://a/x|y", 3, ""},
		{`1 "http://a/ b" 2`, 2, " ", "http://a/ b", 3, ""},
		{"1\t\"http://a/\"\t2", 2, "\t", `"http://a/"`, 2, ""},
		{"1\t\"a\tb\"", 3, "\t", `b"`, 5, ""},
		{`"http://y/"c`, 2, `"`, "http://y/", 1, ""}, // '"' separates, and quotes nothing
	}
	for _, tt := range tests {
		f, err := ParseFormat("", tt.field, tt.sep)
		if err != nil {
			t.Fatal(err)
		}
		l, m := f.Cut([]byte(tt.line))
		if tt.err != "" {
			if m.Msg != tt.err {
				t.Errorf("field %d of %q: %v, want %q", tt.field, tt.line, m, tt.err)
			}
			continue
		}
		if m.Msg != "" || string(l.URI) != tt.want || l.URIOff != tt.off {
			t.Errorf("field %d of %q = %q at %d (%v), want %q at %d", tt.field, tt.line, l.URI, l.URIOff, m, tt.want, tt.off)
		}
	}
}

// TestCheckGiven: -field 0, -sep "" and -format "" on a command line are
// refused, their defaults, not given, are not.
func TestCheckGiven(t *testing.T) {
	for _, tt := range []struct {
		args []string
		ok   bool
	}{
		{nil, true},
		{[]string{"-field", "2", "-sep", ","}, true},
		{[]string{"-field", "0"}, false},
		{[]string{"-field=0", "-sep", ";"}, false},
		{[]string{"-field", "2", "-sep", ""}, false},
		{[]string{"-sep="}, false},
		{[]string{"-format", "clf"}, true},
		{[]string{"-format="}, false},
	} {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.String("format", "", "")
		fs.Int("field", 0, "")
		fs.String("sep", "", "")
		if err := fs.Parse(tt.args); err != nil {
			t.Fatal(err)
		}
		if err := CheckGiven(fs.Visit); (err == nil) != tt.ok {
			t.Errorf("%q: %v, want ok %v", tt.args, err, tt.ok)
		}
	}
}

func TestParseFormat(t *testing.T) {
	for _, bad := range []struct {
		name  string
		field int
		sep   string
	}{{"xml", 0, ""}, {"clf", 2, "\t"}, {"", -1, "\t"}, {"", 2, "ab"}, {"", 2, "\n"}, {"", 0, ","}, {"clf", 0, "\t"}} {
		if _, err := ParseFormat(bad.name, bad.field, bad.sep); err == nil {
			t.Errorf("ParseFormat(%q, %d, %q) succeeded", bad.name, bad.field, bad.sep)
		}
	}
	for name, want := range map[string]Kind{"": KindURI, "URI": KindURI, "clf": KindCommon, "CLF": KindCommon, "Common": KindCommon, "COMBINED": KindCombined} {
		if f, err := ParseFormat(name, 0, ""); err != nil || f.Kind != want {
			t.Errorf("ParseFormat(%q) = %v, %v; want kind %v", name, f.Kind, err, want)
		}
	}
	// Every word the error offers in place of an unknown name, but its
	// glue, is a name ParseFormat takes, and it offers each kind.
	_, err := ParseFormat("xml", 0, "")
	msg := err.Error()
	offered := msg[strings.Index(msg, "want ")+len("want "):]
	kinds := map[Kind]bool{}
	for _, w := range strings.FieldsFunc(offered, func(r rune) bool { return strings.ContainsRune(" (),", r) }) {
		if w == "or" || w == "the" || w == "default" {
			continue
		}
		f, err := ParseFormat(w, 0, "")
		if err != nil {
			t.Errorf("the error %q offers %q, which ParseFormat refuses: %v", msg, w, err)
		}
		kinds[f.Kind] = true
	}
	if len(kinds) != 3 {
		t.Errorf("the error %q offers the kinds %v, want uri, clf and combined", msg, kinds)
	}
}

// observe returns the facets Observe emits for line, as "facet=key" in
// order, and its verdict.
func observe(o *Observer, line string) (string, bool) {
	var b strings.Builder
	valid := o.Observe([]byte(line), func(f Facet, key []byte, c Const) {
		if c != NoConst && c.String() != string(key) || c == NoConst && strings.HasPrefix(string(key), "<") {
			fmt.Fprintf(&b, "%s=%s(but numbered %d) ", f, key, c)
			return
		}
		fmt.Fprintf(&b, "%s=%s ", f, key)
	})
	return strings.TrimSpace(b.String()), valid
}

func TestObserve(t *testing.T) {
	uri := &Observer{Depth: 1}
	combined := &Observer{Format: Format{Kind: KindCombined}, Depth: 2}
	tests := []struct {
		o     *Observer
		line  string
		want  string
		valid bool
	}{
		{uri, "HTTP://User@Example.COM:8080/a/b/c?q#f",
			"scheme=http host=example.com host_type=reg-name port=8080 path=/a fact=userinfo", true},
		{uri, "https://0x7f.1/%2e%2e/../../x%00", "scheme=https host=0x7f.1 host_type=reg-name port=<none> path=/%2e%2e " +
			"fact=legacy_ipv4 fact=encoded_controls fact=encoded_nul fact=path_underflow", true},
		{uri, "http://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/caf%C3%A9", "scheme=http host=%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1 " +
			"host_type=reg-name port=<none> path=/caf%C3%A9 fact=numeric_last_label fact=encoded_non_ascii", true},
		{uri, "http://1.2.3.4.5/", "scheme=http host=1.2.3.4.5 host_type=reg-name port=<none> path=/ fact=numeric_last_label", true},
		{uri, "http://h/%252e%252e/x", "scheme=http host=h host_type=reg-name port=<none> path=/%252e%252e fact=encoded_percent", true},
		// Hosts as they compare: the case of a zone ID and of a
		// percent-encoding's hex digits is no case of the host's.
		{uri, "http://Ex%41mple.COM%2e/", "scheme=http host=example.com. host_type=reg-name port=<none> path=/", true},
		{uri, "http://[FE80::1%25Eth0]/", "scheme=http host=[fe80::1%25Eth0] host_type=ipv6 port=<none> path=/", true},
		{uri, "http://[fe80::a%25eth0]/", "scheme=http host=[fe80::a%25eth0] host_type=ipv6 port=<none> path=/", true},
		{uri, "http://%c3%a9/", "scheme=http host=%C3%A9 host_type=reg-name port=<none> path=/ fact=encoded_non_ascii", true},
		{uri, "a/b", "scheme=<none> host=<none> host_type=none port=<none> path=a", true},
		{uri, "http://[::1]:/", "scheme=http host=[::1] host_type=ipv6 port=<empty> path=/", true},
		{uri, "file:///", "scheme=file host=<empty> host_type=reg-name port=<none> path=/", true},
		{uri, "mailto:", "scheme=mailto host=<none> host_type=none port=<none> path=<empty>", true},
		{uri, "http://h:8x/", "error=invalid port", false},
		// Parentheses are data in a host and a path: apart from the
		// keys for what is absent.
		{uri, "http://(none)/(empty)/x", "scheme=http host=(none) host_type=reg-name port=<none> path=/(empty)", true},
		{uri, "(empty)", "scheme=<none> host=<none> host_type=none port=<none> path=(empty)", true},
		{combined, `h - - [t] "GET /a/b/c HTTP/1.1" 200 1 "https://Ref.example/x" "ua"`,
			"referer_host=ref.example method=GET form=origin scheme=<none> host=<none> host_type=none port=<none> path=/a/b", true},
		{combined, `h - - [t] "GET //etc/passwd HTTP/1.1" 200 1 "http://%52ef.example/" "ua"`,
			"referer_host=ref.example method=GET form=origin scheme=<none> host=<none> host_type=none port=<none> path=//etc", true},
		{uri, "//", "scheme=<none> host=<empty> host_type=reg-name port=<none> path=<empty>", true},
		{combined, `h - - [t] "CONNECT example.com:443 HTTP/1.1" 200 1 "-" "ua"`,
			"referer_host=<no referer> method=CONNECT form=authority scheme=<none> host=example.com host_type=reg-name port=443 path=<empty>", true},
		{combined, `h - - [t] "GET /a b HTTP/1.1" 200 1 "a b" "ua"`,
			"referer_host=<invalid> method=GET error=invalid path", false},
		{combined, `h - - [t] "GET example.com:443 HTTP/1.1" 200 1 "-" "ua"`,
			"referer_host=<no referer> method=GET form=absolute scheme=example.com host=<none> host_type=none port=<none> path=443", true},
		{combined, `h - - [t] "-" 408 1 "-" "-"`, "referer_host=<no referer> error=no request target in the request line", false},
		{combined, `garbage`, "error=not an access-log line: no host, ident and user", false},
	}
	for _, tt := range tests {
		got, valid := observe(tt.o, tt.line)
		if got != tt.want || valid != tt.valid {
			t.Errorf("Observe(%q) =\n\t%s, %v\nwant\n\t%s, %v", tt.line, got, valid, tt.want, tt.valid)
		}
	}
}

// TestConsts checks the numbering of the constant keys: each key once, each
// number below MaxConsts, and every key that Observe passes as a constant
// numbered (the schemes, methods, host types, forms and messages it knows).
func TestConsts(t *testing.T) {
	if len(constKeys) > MaxConsts {
		t.Fatalf("%d constant keys, more than MaxConsts (%d)", len(constKeys), MaxConsts)
	}
	seen := make(map[string]bool)
	for c := range Const(len(constKeys)) {
		if c == NoConst {
			continue
		}
		k := c.String()
		if k == "" || seen[k] || constOf[k] != c {
			t.Errorf("Const %d is %q: empty, twice, or numbered %d", c, k, constOf[k])
		}
		seen[k] = true
	}
	var want []string
	want = append(want, keyNone, keyEmpty, keyNoReferer, keyInvalid, MsgNoTarget, MsgLineTooLong)
	want = append(want, factLegacyIPv4, factUserinfo, factEncodedDelimiters, factEncodedControls, factEncodedNUL, factEncodedNonASCII, factEncodedPercent, factPathUnderflow, factNumericLastLabel)
	want = append(want, schemes...)
	want = append(want, methods...)
	want = append(want, mismatchMessages...)
	for ty := range fasturi.HostIPvFuture + 1 {
		want = append(want, ty.String())
	}
	for f := range fasturi.AsteriskForm + 1 {
		want = append(want, f.String())
	}
	for _, k := range []fasturi.ErrorKind{fasturi.ErrInvalidPort, fasturi.ErrInvalidPath, fasturi.ErrTooManyParameters} {
		want = append(want, k.Message())
	}
	for _, k := range want {
		if !seen[k] {
			t.Errorf("%q has no number", k)
		}
	}
}

func TestPathPrefix(t *testing.T) {
	for _, tt := range []struct {
		p     string
		depth int
		want  string
	}{
		{"/a/b/c", 1, "/a"}, {"/a/b/c", 2, "/a/b"}, {"/a/b/c", 3, "/a/b/c"}, {"/a/b/c", 9, "/a/b/c"},
		{"/a/b/c", 0, "/a/b/c"}, {"/", 1, "/"}, {"a/b", 1, "a"}, {"", 1, ""}, {"", 0, ""}, {"/a/", 1, "/a"},
		// An empty segment that the path goes on past keeps its '/':
		// the root and "//x" (no authority in a request target) differ.
		{"//x", 1, "//"}, {"//", 1, "//"}, {"//x", 2, "//x"}, {"///x", 2, "///"},
		{"/a/", 2, "/a/"}, {"/a//b", 2, "/a//"}, {"/a//", 2, "/a//"}, {"a//b", 2, "a//"}, {"a/", 2, "a/"},
	} {
		if got := pathPrefix(tt.p, tt.depth); got != tt.want {
			t.Errorf("pathPrefix(%q, %d) = %q, want %q", tt.p, tt.depth, got, tt.want)
		}
	}
}

func TestObserveAllocs(t *testing.T) {
	o := &Observer{Format: Format{Kind: KindCombined}, Depth: 1}
	n := 0
	emit := func(Facet, []byte, Const) { n++ }
	for _, line := range [][]byte{
		[]byte(`h - - [t] "GET /A/b?c HTTP/1.1" 200 1 "https://Ref.Example/x" "ua"`),
		[]byte(`h - - [t] "GET http://[FE80::1%25Eth0]/ HTTP/1.1" 200 1 "https://Ref.Ex%41mple/x" "ua"`),
	} {
		o.Observe(line, emit) // grows the buffers once
		if a := testing.AllocsPerRun(100, func() { o.Observe(line, emit) }); a != 0 {
			t.Errorf("Observe(%q) allocates %v times per line", line, a)
		}
	}
}

// TestFacets checks which facets each format has: access logs add the
// method and the request-target's form, combined logs the referer's host.
func TestFacets(t *testing.T) {
	for _, tc := range []struct {
		f    Format
		want string
	}{
		{Format{}, "[scheme host host_type port path error fact]"},
		{Format{Kind: KindField, Field: 2}, "[scheme host host_type port path error fact]"},
		{Format{Kind: KindCommon}, "[scheme host host_type port path error fact method form]"},
		{Format{Kind: KindCombined}, "[scheme host host_type port path error fact method form referer_host]"},
	} {
		if got := fmt.Sprint(Facets(tc.f)); got != tc.want {
			t.Errorf("Facets(%+v) = %s, want %s", tc.f, got, tc.want)
		}
	}
}

// TestResultJSONEscapes checks that every key, whatever its bytes, gives
// valid JSON that decodes back to it.
func TestResultJSONEscapes(t *testing.T) {
	var top []Entry
	for c := range 0x80 {
		top = append(top, Entry{Key: "k" + string(rune(c)) + "\\\"", Count: 1})
	}
	r := Result{Facets: []FacetResult{{Facet: FacetMethod, Distinct: int64(len(top)), Top: top}}}
	var doc struct {
		Facets map[string]struct{ Top []struct{ Key string } }
	}
	if err := json.Unmarshal(r.AppendJSON(nil), &doc); err != nil {
		t.Fatal(err)
	}
	if n := len(doc.Facets["method"].Top); n != len(top) {
		t.Fatalf("%d keys came back, want %d", n, len(top))
	}
	for i, e := range doc.Facets["method"].Top {
		if e.Key != top[i].Key {
			t.Errorf("key %q came back as %q", top[i].Key, e.Key)
		}
	}
}

// TestTopEntries checks TopEntries against a whole sort, on entries whose
// counts tie often (so that the keys decide), for every n.
func TestTopEntries(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{0, 1, 2, 3, 7, 64, 1000} {
		all := make([]Entry, size)
		for i := range all {
			all[i] = Entry{Key: fmt.Sprintf("k%d", rng.IntN(1<<20)<<10|i), Count: rng.Int64N(8)}
		}
		want := slices.Clone(all)
		SortEntries(want)
		for _, n := range []int{-1, 0, 1, 2, 3, 10, size - 1, size, size + 1} {
			e := slices.Clone(all)
			got := TopEntries(e, n)
			w := want
			if n > 0 && n < size {
				w = want[:n]
			}
			if !slices.Equal(got, w) {
				t.Errorf("size %d, n %d: TopEntries = %v, want %v", size, n, got, w)
			}
			if size > 0 && &got[0] != &e[0] {
				t.Errorf("size %d, n %d: the top is not at the start of e", size, n)
			}
		}
	}
}

func TestResultJSON(t *testing.T) {
	r := Result{
		Totals: Totals{Lines: 4, Valid: 3, Invalid: 1},
		Facets: []FacetResult{
			Exact(FacetScheme, map[string]int64{"https": 2, "http": 1, "ftp": 1}, 2),
			{Facet: FacetHost, Distinct: 1000, Approximate: true, Top: []Entry{{"a\"b", 3, 0}, {"\xff", 1, 2}}},
		},
	}
	want := `{"totals":{"lines":4,"valid":3,"invalid":1,"complete":true},"facets":{` +
		`"scheme":{"distinct":3,"approximate":false,"top":[{"key":"https","count":2},{"key":"ftp","count":1}]},` +
		`"host":{"distinct":1000,"approximate":true,"top":[{"key":"a\"b","count":3},{"key_hex":"ff","count":1,"max_overcount":2}]}}}` + "\n"
	if got := string(r.AppendJSON(nil)); got != want {
		t.Errorf("AppendJSON =\n%s\nwant\n%s", got, want)
	}
}

func TestClosingQuote(t *testing.T) {
	for _, tc := range []struct {
		s    string
		csv  bool
		want int
	}{
		{`abc"`, false, 3}, {`a\"b"`, false, 4}, {`a\\"b"`, false, 3}, {`a\\\"b"`, false, 6},
		{`\"`, false, -1}, {``, false, -1}, {`abc`, false, -1},
		{`a""b"`, true, 4}, {`""`, true, -1}, {`"`, true, 0}, {`a\"`, true, 2},
	} {
		if got := closingQuote([]byte(tc.s), 0, tc.csv); got != tc.want {
			t.Errorf("closingQuote(%q, csv %v) = %d, want %d", tc.s, tc.csv, got, tc.want)
		}
	}
}

func TestObserveLongKeys(t *testing.T) {
	long := strings.Repeat("a", 1000)
	o := &Observer{Depth: 0}
	got, valid := observe(o, "http://"+long+":"+strings.Repeat("9", 300)+"/"+long+"/x")
	cut := long[:MaxKeyLen-3] + "..."
	want := "scheme=http host=" + cut + " host_type=reg-name port=" + strings.Repeat("9", MaxKeyLen-3) + "... path=/" + long[:MaxKeyLen-4] + "..."
	if got != want || !valid {
		t.Errorf("Observe of long parts =\n%s\nwant\n%s", got, want)
	}
	// A key of MaxKeyLen bytes is whole; one more byte and it is cut.
	for _, n := range []int{MaxKeyLen, MaxKeyLen + 1} {
		path := "/" + long[:n-1]
		want := path
		if n > MaxKeyLen {
			want = path[:MaxKeyLen-3] + "..."
		}
		if got, _ := observe(o, "http://h"+path); !strings.HasSuffix(got, " path="+want) {
			t.Errorf("Observe of a path of %d bytes = %q, want path=%q", n, got, want)
		}
	}
	// A cut does not split a UTF-8 sequence.
	key := strings.Repeat("\u00e9", 200)
	if got, want := string(o.fit([]byte(key))), strings.Repeat("\u00e9", (MaxKeyLen-4)/2)+"..."; got != want {
		t.Errorf("fit of a long UTF-8 key = %q, want %q", got, want)
	}
	// A method that is no token, however long, is "<invalid>": the
	// bytes of a TLS handshake, or junk, would each be a key.
	o = &Observer{Format: Format{Kind: KindCommon}}
	for _, method := range []string{key, `\x16\x03\x01\x02\x00\x01\x00\x01\xFC\x03\x03`, "G\\x01T"} {
		got, _ = observe(o, `h - - [t] "`+method+` / HTTP/1.1" 200 1`)
		if want := "method=<invalid> error=invalid method"; got != want {
			t.Errorf("Observe of the method %.20q = %q, want %q", method, got, want)
		}
	}
	// A request line of one word has no method: it counts as an error
	// alone, as most TLS handshakes, which hold no space, do.
	if got, _ := observe(o, `h - - [t] "\x16\x03\x01\x02\x00" 400 0`); got != "error=invalid method" {
		t.Errorf("Observe of a one-word request line = %q, want %q", got, "error=invalid method")
	}
	// One that starts with a space has an empty method, no token.
	for _, request := range []string{" /x HTTP/1.1", " "} {
		if got, _ := observe(o, `h - - [t] "`+request+`" 400 0`); got != "method=<invalid> error=invalid method" {
			t.Errorf("Observe of the request line %q = %q, want %q", request, got, "method=<invalid> error=invalid method")
		}
	}
}

// TestFirstUpper checks firstUpper against a byte loop, with the letter
// (or a non-ASCII byte before it) at every offset of inputs that end in
// and span several eight-byte words.
func TestFirstUpper(t *testing.T) {
	want := func(s string) int {
		for i := range len(s) {
			if 'A' <= s[i] && s[i] <= 'Z' {
				return i
			}
		}
		return len(s)
	}
	// Bytes around the bounds of the uppercase letters, and beyond ASCII.
	for _, c := range []byte{'A', 'Z', '@', '[', 'a', 'z', 0x80, 0xc1, 0xda, 0xff} {
		for n := range 40 {
			for at := range 2 * (n + 1) {
				// Fillers next to the bounds too, where a carry out of
				// a non-ASCII byte would make them look uppercase.
				b := []byte(strings.Repeat([]string{"x", "@"}[at%2], n))
				at /= 2
				if at < n {
					b[at] = c
				}
				if at+1 < n {
					b[n-1] = 'Q' // an uppercase letter after c
				}
				if got := firstUpper(string(b)); got != want(string(b)) {
					t.Fatalf("firstUpper(%q) = %d, want %d", b, got, want(string(b)))
				}
			}
		}
	}
}

// TestLineRequestErrors checks the offsets, in the whole line, that
// methodError and spaceError give for the request line of a common-log
// line, -1 for none, and what RequestLineError makes of them.
func TestLineRequestErrors(t *testing.T) {
	const prefix = `h - - [t] "`
	for _, tt := range []struct {
		name  string
		check func(*Line) int
		want  map[string]int // by request line: the offset in it
	}{
		{"methodError", (*Line).methodError, map[string]int{
			"GET / HTTP/1.1": -1, "GET /": -1, "GET": -1, "-": -1, "": -1,
			`\x16\x03\x01`: 0, `\x16\x03 \x01`: 0, " GET / HTTP/1.1": 0, `G\x01T /a HTTP/1.1`: 1, "GET\t/ HTTP/1.1": 3,
		}},
		{"spaceError", (*Line).spaceError, map[string]int{
			"GET / HTTP/1.1": -1, "GET /": -1, "GET": -1, "-": -1, "": -1, "GET /a  HTTP/1.1": -1, "GET /a b HTTP/1.1": -1,
			"GET  /dbl HTTP/1.1": 4, "GET  /dbl": 4, "GET  HTTP/1.1": 4, "GET ": 4, "GET   / HTTP/1.1": 4,
		}},
	} {
		for request, want := range tt.want {
			line := prefix + request + `" 400 0`
			l, m := Format{Kind: KindCommon}.Cut([]byte(line))
			if m.Msg != "" {
				t.Fatalf("Cut(%q): %v", line, m)
			}
			if want >= 0 {
				want += len(prefix)
			}
			if got := tt.check(&l); got != want {
				t.Errorf("%s of %q = %d, want %d", tt.name, line, got, want)
			}

		}
	}
	for request, want := range map[string]struct {
		kind fasturi.ErrorKind
		off  int
	}{
		"GET / HTTP/1.1": {0, -1}, "-": {0, -1}, "": {0, -1},
		"GET  /x HTTP/1.1": {fasturi.ErrInvalidRequestLine, 4},
		"G(T /x HTTP/1.1":  {fasturi.ErrInvalidMethod, 1},
		"G(T  /x HTTP/1.1": {fasturi.ErrInvalidMethod, 1}, // the method first, as ParseRequestLine
	} {
		line := prefix + request + `" 400 0`
		l, _ := Format{Kind: KindCommon}.Cut([]byte(line))
		if want.off >= 0 {
			want.off += len(prefix)
		}
		if kind, off := l.RequestLineError(); kind != want.kind || off != want.off {
			t.Errorf("RequestLineError of %q = %v, %d; want %v, %d", line, kind, off, want.kind, want.off)
		}
	}
}

func TestMethodError(t *testing.T) {
	for m, want := range map[string]int{
		"GET": -1, "M-SEARCH": -1, "get": -1, "!#$%&'*+-.^_`|~09": -1,
		"": 0, `G\x01T`: 1, "GET\t/a": 3, "\u00e9": 0, "A(B": 1, "A:B": 1, `"GET"`: 0,
	} {
		if got := MethodError([]byte(m)); got != want {
			t.Errorf("MethodError(%q) = %d, want %d", m, got, want)
		}
	}
}

// A line too long to be read whole has one key: its error, a constant.
func TestObserveTooLong(t *testing.T) {
	for _, kind := range []Kind{KindURI, KindCommon, KindCombined, KindField} {
		o := Observer{Format: Format{Kind: kind, Field: 1}}
		var got []string
		o.ObserveTooLong(func(f Facet, key []byte, c Const) {
			got = append(got, fmt.Sprintf("%v %s %v", f, key, c == constOf[MsgLineTooLong] && c != NoConst))
		})
		if want := []string{FacetError.String() + " line too long true"}; !slices.Equal(got, want) {
			t.Errorf("%v: keys %q, want %q", kind, got, want)
		}
	}
}
