package fasturi

import "testing"

// RFC 1738 sections 3 and 5: the shape of each scheme's URLs.
func TestCheckShape(t *testing.T) {
	for _, tt := range []struct {
		in  string
		off int // -1: the URL has its scheme's shape
	}{
		// 3.3 HTTP, and https, ws, wss: a host.
		{"http://h/p?q", -1},
		{"HTTP://h", -1},
		{"http:/p", 5},   // no authority
		{"http:///p", 7}, // an empty host
		{"https://[::1]:443/", -1},
		{"wss://h", -1},
		{"ws:h", 3},
		{"http://h:/", -1},   // an empty port is none
		{"http://u:p@h/", 7}, // no user name or password (3.3)
		{"https://u@h", 8},
		{"ws://u@h/", 5},
		{"http://u@/", 7}, // the userinfo comes before the empty host
		{"http://u@:80/", 7},
		// 3.2 FTP: a host, and an optional typecode.
		{"ftp://ftp.example.org/pub/file.tar.gz;type=i", -1},
		{"ftp://h/a;type=A", -1},
		{"ftp://h/a;type=d", -1},
		{"ftp://h/a;type=x", 15},
		{"ftp://h/a;type=", 15},
		{"ftp://h/a;type=ai", 16},
		{"ftp://h/a;type=a/b", 16},
		{"ftp://h/a;type=x/b;type=i", 15}, // the first typecode must end the URL
		{"ftp://h/a;type=d;type=a", 16},
		{"ftp://h/a;type=i?x", 16}, // '?' is path data to RFC 1738
		{"ftp://h/a?;type=i", -1},  // the file "a?"
		{"ftp://h/a?x", -1},
		{"ftp://u:p@h:21/a", -1}, // a login
		{"ftp://h:/a", -1},
		{"ftp://h/", -1},
		{"ftp:/a", 4},
		{"ftp://h?x", 7}, // after the host, only "/" fpath
		{"ftp://h?;type=i", 7},
		// 3.4 GOPHER: a host; the selector is free.
		{"gopher://h:70/1/x%09y", -1},
		{"gopher:/x", 7},
		{"gopher://u@h/1x", 9}, // hostport: no user
		{"gopher://h/1a?b", -1},
		{"gopher://h?x", 10},  // after the host, only "/" and an item
		{"gopher://h/?x", -1}, // item type '?', selector "x"
		{"gopher://u@", 9},
		// 3.5 MAILTO: an address, no authority.
		{"mailto:user@example.com", -1},
		{"mailto:", 7},
		{"mailto:?to=a@b", -1}, // header fields only (RFC 6068)
		{"mailto:?", 7},
		{"mailto://h/x", 7},
		// 3.6 NEWS: "*", a group or an article.
		{"news:*", -1},
		{"news:comp.lang.go", -1},
		{"news:comp.lang.go+_-9", -1},
		{"news:1234@host.example", -1},
		{"news:a;b/c:d&e=f@h", -1},
		{"news:", 5},
		// Not a group, and an article but for the '@' and the host that
		// would end it: the input stops at its end.
		{"news:9comp", 10},
		{"news:comp/lang", 14},
		{"news:@h", 5},
		{"news:a@", 7},
		{"news://h/g", 5},
		{"news:g?x", 8},
		{"news:*?x", 8},
		{"news:a?b@h.example", -1}, // an article may
		{"news:a@/", 7},            // a host after the '@'
		{"news:a@b/c", 8},
		{"news:a@b:119", 8},
		{"news:a@-", 7},
		{"news:a@b-", 9}, // "b-c" would do
		{"news:a@b.", 9},
		{"news:a@b-.", 10},
		{"news:a@.b", 7},
		{"news:a@b@c", 8},
		{"news:a@192.0.2.1", -1},
		// 3.7 NNTP: a host, a group, an optional article number.
		{"nntp://news.example/comp.lang.go", -1},
		{"nntp://news.example/comp.lang.go/1234", -1},
		{"nntp://news.example/", 20},
		{"nntp://news.example", 19},
		{"nntp://news.example/comp/x", 25},
		{"nntp://news.example/comp/", 25},
		{"nntp://news.example/comp;x", 24},
		{"nntp:/comp", 5},
		{"nntp://news.example/comp.lang.go?x", 32}, // no query
		{"nntp://h/g?", 10},
		{"nntp://u@h/g", 7},
		// 3.8 TELNET: a host, the path "" or "/".
		{"telnet://user:pass@h:23/", -1},
		{"telnet://h", -1},
		{"telnet://h/x", 11},
		{"telnet://h?q", 10}, // no query, after either path
		{"telnet://h/?q", 11},
		{"telnet://h/#f", -1}, // a fragment is not the URL's
		{"telnet:h", 7},
		// 3.9 WAIS: a host and a database, then a search or a document.
		{"wais://h/db", -1},
		{"wais://h/db?search", -1},
		{"wais://h/db/TEXT/doc", -1},
		{"wais://h/", -1}, // database, wtype and wpath may be empty
		{"wais://h/?s", -1},
		{"wais://h//t/p", -1},
		{"wais://h/db//doc", -1},
		{"wais://h/db/t/", -1},
		{"wais://h", 8},
		{"wais://h//x", 11},
		{"wais://h/db/TEXT", 16},
		{"wais://h/db/t/a/b", 15}, // a wpath holds no '/'
		{"wais://u@h/db", 7},
		{"wais://h/db?a/b", 13}, // a search holds no '/'
		{"wais://h/db?a?b", 13},
		{"wais://h/db/TEXT/doc?s", 20},
		{"wais:db", 5},
		{"wais:///db", 7},
		// 3.10 FILES: an authority, possibly empty, and a path.
		{"file:///etc/hosts", -1},
		{"file://localhost/etc/hosts", -1},
		{"file://h", 8},
		{"file:/etc/hosts", 5},
		{"file://u@h/x", 7}, // a host, no userinfo, no port
		{"file://h:80/x", 9},
		{"file://h:/x", -1},
		// 3.11 PROSPERO: a host and a path.
		{"prospero://h:1525/a/b;f=v", -1},
		{"prospero://h", 12},
		{"prospero:a/b", 9},
		{"prospero:///a/b", 11},
		{"prospero://h/", -1},
		{"prospero://h/a;=v", -1},
		{"prospero://h/a;f=v;g=w", -1},
		{"prospero://h/a;b", 16},     // ";" name "=" value
		{"prospero://h/a;f=v=w", 18}, // a value holds no '='
		{"prospero://h/a;f=v/b", 18}, // nor a '/'
		{"prospero://h/a;f=v?x=y", 20},
		{"prospero://h/a?b/c", -1},
		{"prospero://u@h/a", 11},
		// Other schemes, and relative references, have no shape here.
		{"urn:isbn:0451450523", -1},
		{"foo:", -1},
		{"/a/b", -1},
	} {
		u, err := ParseString(tt.in)
		if err != nil {
			t.Fatalf("ParseString(%q): %v", tt.in, err)
		}
		off, err := u.CheckShape()
		switch {
		case tt.off < 0 && (off != -1 || err != nil):
			t.Errorf("CheckShape(%q) = %d, %v; want -1, nil", tt.in, off, err)
		case tt.off >= 0 && (off != tt.off || err != ErrSchemeShape):
			t.Errorf("CheckShape(%q) = %d, %v; want %d, %v", tt.in, off, err, tt.off, ErrSchemeShape)
		}
	}
	u, _ := ParseString("http://a b/")
	if off, err := u.CheckShape(); off != 8 || err != ErrInvalidHost {
		t.Errorf("CheckShape of an invalid URI = %d, %v", off, err)
	}
}

// RFC 1738 section 3.2.2: ";type=" ftptype ends the path.
func TestFTPType(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want byte // 0: none
	}{
		{"ftp://h/f;type=i", 'i'},
		{"ftp://h/f;type=A", 'a'},
		{"FTP://h/d/;type=d", 'd'},
		{"ftp://h/f;type=x", 0},
		{"ftp://h/f;type=", 0},
		{"ftp://h/f;type=ii", 0},
		{"ftp://h/f", 0},
		{"ftp://h/;type=a?q", 0}, // the typecode ends the URL
		{"ftp://h/f?;type=i", 'i'},
		{"ftp://h/a;type=x/b;type=i", 0},
		{"ftp://h/a;TYPE=i", 0},
		{"ftp:;type=a", 0}, // out of shape
		{"ftp:///a;type=i", 0},
		{"http://h/f;type=i", 0},
		{"ftp://h", 0},
		{"ftp://h?;type=i", 0}, // a typecode only after "/" fpath
	} {
		u, err := ParseString(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		c, ok := u.FTPType()
		if c != tt.want || ok != (tt.want != 0) {
			t.Errorf("FTPType(%q) = %q, %v; want %q", tt.in, c, ok, tt.want)
		}
	}
}

func TestSchemesAllocs(t *testing.T) {
	for _, in := range []string{"http://h/p", "ftp://h/f;type=i", "news:comp.lang.go", "nntp://h/g/1", "wais://h/db/T/d", "mailto:", "http:///"} {
		u, _ := ParseString(in)
		testAllocs(t, "CheckShape("+in+")", func() {
			off, err := u.CheckShape()
			sinkInt, sinkErr = off, err
		})
		testAllocs(t, "FTPType("+in+")", func() {
			c, _ := u.FTPType()
			sinkInt = int(c)
		})
	}
}
