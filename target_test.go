package fasturi

import (
	"errors"
	"net/url"
	"strings"
	"testing"
)

// RFC 9112 section 3.2: each form, with the methods that may use it.
func TestParseRequestTarget(t *testing.T) {
	for _, tt := range []struct {
		method, in string
		form       TargetForm
		want       string // describe of the URI
	}{
		// 3.2.1 origin-form = absolute-path [ "?" query ]
		{"GET", "/where?q=now", OriginForm, "path=/where query=q=now"},
		{"GET", "/", OriginForm, "path=/"},
		{"GET", "/?", OriginForm, "path=/ query="},
		{"GET", "/a?b?c", OriginForm, "path=/a query=b?c"},
		{"POST", "/a:b@c/%20;x=1", OriginForm, "path=/a:b@c/%20;x=1"},
		{"GET", "//x/y", OriginForm, "path=//x/y"}, // a path, never an authority
		{"GET", "//x:80/y?z", OriginForm, "path=//x:80/y query=z"},
		{"GET", "/" + strings.Repeat("abcdefgh/", 20) + "?" + strings.Repeat("k=v&", 20), OriginForm,
			"path=/" + strings.Repeat("abcdefgh/", 20) + " query=" + strings.Repeat("k=v&", 20)},
		{"OPTIONS", "/a", OriginForm, "path=/a"},
		// 3.2.2 absolute-form = absolute-URI
		{"GET", "http://www.example.org/pub/WWW/TheProject.html", AbsoluteForm, "scheme=http host=www.example.org (reg-name) path=/pub/WWW/TheProject.html"},
		{"GET", "http://u@h:8080?q", AbsoluteForm, "scheme=http userinfo=u host=h (reg-name) port=8080 path= query=q"},
		{"GET", "urn:isbn:0451450523", AbsoluteForm, "scheme=urn path=isbn:0451450523"},
		{"GET", "example.com:80", AbsoluteForm, "scheme=example.com path=80"},       // only CONNECT reads it as an authority
		{"connect", "example.com:443", AbsoluteForm, "scheme=example.com path=443"}, // methods are case-sensitive
		{"OPTIONS", "http://[::1]:8/*", AbsoluteForm, "scheme=http host=[::1] (ipv6) port=8 path=/*"},
		// 3.2.3 authority-form = uri-host ":" port, CONNECT only
		{"CONNECT", "www.example.com:80", AuthorityForm, "host=www.example.com (reg-name) port=80 path="},
		{"CONNECT", "127.0.0.1:443", AuthorityForm, "host=127.0.0.1 (ipv4) port=443 path="},
		{"CONNECT", "[2001:db8::1]:443", AuthorityForm, "host=[2001:db8::1] (ipv6) port=443 path="},
		{"CONNECT", "[fe80::1%25eth0]:22", AuthorityForm, "host=[fe80::1%25eth0] (ipv6) port=22 path="},
		{"CONNECT", "ex%41mple:0", AuthorityForm, "host=ex%41mple (reg-name) port=0 path="},
		{"CONNECT", "h:99999", AuthorityForm, "host=h (reg-name) port=99999 path="}, // syntax; PortNumber checks the range
		// 3.2.4 asterisk-form = "*", OPTIONS only
		{"OPTIONS", "*", AsteriskForm, "path=*"},
	} {
		u, form, err := ParseRequestTargetString(tt.method, tt.in)
		if err != nil || form != tt.form || describe(u) != tt.want || !u.Valid() {
			t.Errorf("ParseRequestTarget(%s, %q) = %s, %v, %v; want %s, %v", tt.method, tt.in, describe(u), form, err, tt.want, tt.form)
		}
		ub, formb, errb := ParseRequestTarget(tt.method, []byte(tt.in))
		if describe(ub) != describe(u) || formb != form || errb != err {
			t.Errorf("ParseRequestTarget(%s, %q) differs between bytes and string", tt.method, tt.in)
		}
	}
}

func TestParseRequestTargetErrors(t *testing.T) {
	for _, tt := range []struct {
		method, in string
		kind       ErrorKind
		off        int
	}{
		{"GET", "", ErrTargetForm, 0},
		{"GET", "*", ErrTargetForm, 0}, // asterisk-form is OPTIONS only
		{"HEAD", "*", ErrTargetForm, 0},
		{"options", "*", ErrTargetForm, 0},  // methods are case-sensitive
		{"OPTIONS", "*0", ErrTargetForm, 1}, // "*" and nothing more
		{"GET", "*0", ErrTargetForm, 0},
		{"GET", "/a#f", ErrTargetForm, 2}, // no fragment in origin-form
		{"GET", "/a?q#", ErrTargetForm, 4},
		{"GET", "/a#b c", ErrTargetForm, 2}, // the '#' ends the target before the space
		{"GET", "/a b#c", ErrInvalidPath, 2},
		{"GET", "http://h/#f", ErrTargetForm, 9}, // nor in absolute-form
		{"GET", "http://h/#%zz", ErrTargetForm, 9},
		{"GET", "http://h/%zz#f", ErrInvalidPercentEncoding, 10},
		{"GET", "a/b", ErrTargetForm, 1}, // neither '/' first nor a scheme
		{"GET", "?q", ErrTargetForm, 0},
		{"GET", "1a:b", ErrTargetForm, 0},
		{"GET", ":x", ErrTargetForm, 0}, // an empty scheme is none
		{"GET", "abc", ErrTargetForm, 3},
		{"GET", "/a b", ErrInvalidPath, 2}, // no whitespace
		{"GET", "/a\tb", ErrInvalidPath, 2},
		{"GET", "/a?b c", ErrInvalidQuery, 4},
		{"GET", "/a\r\n", ErrInvalidPath, 2},
		{"GET", "/%zz", ErrInvalidPercentEncoding, 2},
		{"GET", "/\\", ErrInvalidPath, 1},
		{"GET", "http://a b/", ErrInvalidHost, 8},
		{"GET", "http://h:8x/", ErrInvalidPort, 11},              // "h:8x" could be userinfo until the '/'
		{"CONNECT", "www.example.com", ErrTargetForm, 15},        // the port is required
		{"CONNECT", "www.example.com:", ErrTargetForm, 16},       // and not empty
		{"CONNECT", "user@www.example.com:80", ErrTargetForm, 4}, // no userinfo
		{"CONNECT", "u@[::1]:80", ErrTargetForm, 1},
		{"CONNECT", "u:p@h:80", ErrTargetForm, 2}, // broken at the 'p', and userinfo
		{"CONNECT", "u:1@h:80", ErrTargetForm, 3},
		{"CONNECT", ":p@h:80", ErrTargetForm, 0},
		{"CONNECT", "u%41:p@h:80", ErrTargetForm, 5},
		{"CONNECT", "[::1]@h:80", ErrInvalidHost, 5}, // no userinfo before the '@'
		{"CONNECT", "a b@h:80", ErrInvalidHost, 1},
		{"CONNECT", "h:8a/@", ErrInvalidPort, 3}, // an '@' in what would be a path
		{"CONNECT", ":80", ErrInvalidHost, 0},
		{"CONNECT", "/a", ErrTargetForm, 0}, // CONNECT takes no other form
		{"CONNECT", "http://h:80", ErrTargetForm, 5},
		{"CONNECT", "*", ErrTargetForm, 1},
		{"CONNECT", "h:80/", ErrTargetForm, 4},
		{"CONNECT", "h:8a", ErrInvalidPort, 3},
		{"CONNECT", "h:80:80", ErrInvalidPort, 4},
		{"CONNECT", "h/:80", ErrTargetForm, 1},
		{"CONNECT", "h h:80", ErrInvalidHost, 1},
		{"CONNECT", "h%2:80", ErrInvalidPercentEncoding, 3},
		{"CONNECT", "[::1]", ErrTargetForm, 5},
		{"CONNECT", "[::1]/", ErrTargetForm, 5}, // an IP literal followed by a path, a query or a fragment
		{"CONNECT", "[::1]?q", ErrTargetForm, 5},
		{"CONNECT", "[::1]#f", ErrTargetForm, 5},
		{"CONNECT", "h:443#x", ErrTargetForm, 5}, // the '#' of a fragment, after a port
		{"CONNECT", "h:443?x", ErrTargetForm, 5},
		{"CONNECT", "[::1]x", ErrInvalidHost, 5},
		{"CONNECT", "[::1]x:80", ErrInvalidHost, 5},
		{"CONNECT", "[::1:80", ErrInvalidIPLiteral, 7},
	} {
		u, form, err := ParseRequestTargetString(tt.method, tt.in)
		if err != tt.kind || u.ErrorOffset() != tt.off || form != 0 || u.Valid() {
			t.Errorf("ParseRequestTarget(%s, %q) = %v at %d (form %v); want %v at %d", tt.method, tt.in, err, u.ErrorOffset(), form, tt.kind, tt.off)
		}
		if u.HasScheme() || u.HasAuthority() || u.RawPath() != "" {
			t.Errorf("ParseRequestTarget(%s, %q) failed but kept components: %s", tt.method, tt.in, describe(u))
		}
	}
}

// RFC 9112 section 3: request-line = method SP request-target SP HTTP-version.
func TestParseRequestLine(t *testing.T) {
	for _, tt := range []struct {
		in, method, target, version string
		form                        TargetForm
	}{
		{"GET /where?q=now HTTP/1.1", "GET", "/where?q=now", "HTTP/1.1", OriginForm},
		{"GET http://www.example.org/pub/WWW/TheProject.html HTTP/1.1", "GET", "http://www.example.org/pub/WWW/TheProject.html", "HTTP/1.1", AbsoluteForm},
		{"CONNECT www.example.com:80 HTTP/1.1", "CONNECT", "www.example.com:80", "HTTP/1.1", AuthorityForm},
		{"OPTIONS * HTTP/1.1", "OPTIONS", "*", "HTTP/1.1", AsteriskForm},
		{"M-SEARCH * HTTP/1.1", "", "", "", 0}, // asterisk-form is OPTIONS only
		{"PROPFIND /a HTTP/2.0", "PROPFIND", "/a", "HTTP/2.0", OriginForm},
		{"X!#$%&'*+-.^_`|~9 / HTTP/1.0", "X!#$%&'*+-.^_`|~9", "/", "HTTP/1.0", OriginForm},
	} {
		r, err := ParseRequestLineString(tt.in)
		if tt.form == 0 {
			if err == nil {
				t.Errorf("ParseRequestLine(%q) accepted", tt.in)
			}
			continue
		}
		if err != nil || r.Method != tt.method || r.Target.String() != tt.target || r.Version != tt.version || r.Form != tt.form || r.ErrorOffset() != -1 {
			t.Errorf("ParseRequestLine(%q) = %q %q %q %v, %v", tt.in, r.Method, r.Target.String(), r.Version, r.Form, err)
		}
		rb, errb := ParseRequestLine([]byte(tt.in))
		if rb.Method != r.Method || describe(rb.Target) != describe(r.Target) || rb.Version != r.Version || errb != err {
			t.Errorf("ParseRequestLine(%q) differs between bytes and string", tt.in)
		}
	}
}

// TestRequestLineClone checks that a clone is the request line it was made
// from, part for part, reading memory of its own, with one allocation.
func TestRequestLineClone(t *testing.T) {
	for _, in := range []string{
		"GET /where?q=now HTTP/1.1",
		"CONNECT h:443 HTTP/1.1",
		"OPTIONS * HTTP/1.0",
		"GET //x/y HTTP/1.1", // a path, which parsing the target alone again would not keep
		"GET /a b HTTP/1.1",  // an error: the whole line is the target
		"CONNECT /a HTTP/1.1",
		"",
	} {
		buf := []byte(in)
		r, err := ParseRequestLine(buf)
		want := r
		want.Method, want.Version = strings.Clone(r.Method), strings.Clone(r.Version)
		want.Target.s = strings.Clone(r.Target.s)
		c := r.Clone()
		for i := range buf {
			buf[i] = '!'
		}
		if c != want {
			t.Errorf("%q: clone %+v, want %+v", in, c, want)
		}
		if c.ErrorOffset() != r.ErrorOffset() || (err == nil) != c.Target.Valid() {
			t.Errorf("%q: clone's error at %d, want %d (%v)", in, c.ErrorOffset(), r.ErrorOffset(), err)
		}
		if got := testing.AllocsPerRun(10, func() { sinkLine = r.Clone() }); in != "" && got != 1 || in == "" && got != 0 {
			t.Errorf("%q: Clone allocates %v times", in, got)
		}
	}
	var zero RequestLine
	if c := zero.Clone(); c != zero {
		t.Errorf("zero RequestLine's clone %+v", c)
	}
}

func TestParseRequestLineErrors(t *testing.T) {
	for _, tt := range []struct {
		in   string
		kind ErrorKind
		off  int
	}{
		{"", ErrInvalidRequestLine, 0},
		{"GET", ErrInvalidRequestLine, 3},
		{"GET /", ErrInvalidRequestLine, 5}, // no version
		{"GET ", ErrInvalidRequestLine, 4},
		// Without a version, the target's own error comes first: the
		// line stops being a prefix of a request line there.
		{"GET /a#b", ErrTargetForm, 6},
		{"GET /a\r\n", ErrInvalidPath, 6},
		{"GET /a\x00b", ErrInvalidPath, 6},
		{"CONNECT u@h:1", ErrTargetForm, 9},
		{"OPTIONS *x", ErrTargetForm, 9},
		{"GET *", ErrTargetForm, 4},
		{"CONNECT h:1", ErrInvalidRequestLine, 11},
		{"GET  / HTTP/1.1", ErrInvalidRequestLine, 4}, // a doubled space
		{"GET /  HTTP/1.1", ErrInvalidRequestLine, 6},
		{" GET / HTTP/1.1", ErrInvalidMethod, 0},
		{"GET\t/ HTTP/1.1", ErrInvalidMethod, 3},
		{"G(T / HTTP/1.1", ErrInvalidMethod, 1},
		{"GET / HTTP/1.1 ", ErrInvalidVersion, 14},
		{"GET / HTTP/1.1\r", ErrInvalidVersion, 14},
		{"GET / http/1.1", ErrInvalidVersion, 6}, // case-sensitive
		{"GET / HTTP/1", ErrInvalidVersion, 12},
		{"GET / HTTP/11", ErrInvalidVersion, 12},
		{"GET / HTTP/1.x", ErrInvalidVersion, 13},
		{"GET / HTTP/1.", ErrInvalidVersion, 13}, // "HTTP/" DIGIT "." DIGIT
		{"GET / HTTP/", ErrInvalidVersion, 11},
		{"GET / HTTP/1.10", ErrInvalidVersion, 14},
		{"GET /a#b HTTP/1.1", ErrTargetForm, 6},
		{"GET /a\x00b HTTP/1.1", ErrInvalidPath, 6},
		{"GET * HTTP/1.1", ErrTargetForm, 4},
		{"CONNECT h HTTP/1.1", ErrTargetForm, 9},
		{"GET //h/%zz HTTP/1.1", ErrInvalidPercentEncoding, 9},
		{"GET /a%zz HTTP/1.1", ErrInvalidPercentEncoding, 7},
	} {
		r, err := ParseRequestLineString(tt.in)
		if err != tt.kind || r.ErrorOffset() != tt.off {
			t.Errorf("ParseRequestLine(%q) = %v at %d; want %v at %d", tt.in, err, r.ErrorOffset(), tt.kind, tt.off)
		}
		if r.Method != "" || r.Version != "" || r.Form != 0 || r.Target.String() != tt.in {
			t.Errorf("ParseRequestLine(%q) failed but kept parts: %+v", tt.in, r)
		}
		// The Target is the line, not valid, with the line's error.
		if r.Target.Valid() || r.Target.ErrorOffset() != tt.off || !errors.Is(r.Target.Err(), tt.kind) || r.Target.RawPath() != "" {
			t.Errorf("ParseRequestLine(%q).Target: valid %v, %v at %d, path %q", tt.in, r.Target.Valid(), r.Target.Err(), r.Target.ErrorOffset(), r.Target.RawPath())
		}
	}
}

func TestTargetFormString(t *testing.T) {
	for f, want := range map[TargetForm]string{0: "none", OriginForm: "origin", AbsoluteForm: "absolute", AuthorityForm: "authority", AsteriskForm: "asterisk", 9: "TargetForm(9)"} {
		if got := f.String(); got != want {
			t.Errorf("TargetForm(%d).String() = %q, want %q", f, got, want)
		}
	}
}

func TestRequestTargetAllocs(t *testing.T) {
	for _, tt := range []struct{ method, in string }{
		{"GET", "/where?q=now"}, {"GET", "http://h/p?q"}, {"CONNECT", "h:443"}, {"OPTIONS", "*"},
		{"GET", "/a#f"}, {"CONNECT", "u@h:1"}, {"GET", "/" + strings.Repeat("x", 100) + "?y"},
	} {
		b := []byte(tt.in)
		testAllocs(t, "ParseRequestTarget("+tt.in+")", func() {
			sinkURI, _, sinkErr = ParseRequestTarget(tt.method, b)
		})
		line := []byte(tt.method + " " + tt.in + " HTTP/1.1")
		testAllocs(t, "ParseRequestLine("+string(line)+")", func() {
			r, err := ParseRequestLine(line)
			sinkInt, sinkErr = r.ErrorOffset(), err
		})
	}
	testAllocs(t, "ParseRequestLine(stack)", func() {
		var buf [64]byte
		n := copy(buf[:], "GET /where?q=now HTTP/1.1")
		r, err := ParseRequestLine(buf[:n])
		sinkInt, sinkErr = len(r.Target.RawPath()), err
	})
}

// requestTargets makes the origin-form and absolute-form targets of a
// corpus: each URI that parses with a scheme, without its fragment, and
// each path that starts with '/' (but not "//"), with its query.
func requestTargets(c benchCorpus) benchCorpus {
	out := benchCorpus{name: c.name}
	for _, s := range c.uris {
		u, err := ParseString(s)
		if err != nil {
			continue
		}
		var target string
		switch {
		case u.HasScheme():
			target = s[:len(s)-len(u.RawFragment())]
			target = strings.TrimSuffix(target, "#")
		case strings.HasPrefix(s, "/") && !u.HasAuthority():
			target = s[:len(s)-len(u.RawFragment())]
			target = strings.TrimSuffix(target, "#")
		default:
			continue
		}
		out.uris = append(out.uris, target)
		out.bytes += int64(len(target))
	}
	return out
}

// BenchmarkRequestTarget parses the origin-form and absolute-form targets
// of each corpus as a GET request's, against net/url's ParseRequestURI.
func BenchmarkRequestTarget(b *testing.B) {
	for _, c := range benchCorpora(b) {
		targets := requestTargets(c)
		b.Run("corpus="+c.name+"/impl=fasturi", func(b *testing.B) {
			runCorpus(b, targets, func(s string) { sinkURI, _, sinkErr = ParseRequestTargetString("GET", s) })
		})
		b.Run("corpus="+c.name+"/impl=net-url", func(b *testing.B) {
			runCorpus(b, targets, func(s string) {
				u, err := url.ParseRequestURI(s)
				sinkBool, sinkErr = u != nil, err
			})
		})
	}
}
