package fasturi_test

import (
	"fmt"

	"github.com/fasturi/fasturi"
)

func ExampleParseRequestTargetString() {
	for _, r := range []struct{ method, target string }{
		{"GET", "/where?q=now"},
		{"GET", "http://www.example.org/pub/WWW/TheProject.html"},
		{"CONNECT", "www.example.com:443"},
		{"OPTIONS", "*"},
		{"GET", "//evil.example/x"}, // a path, never a host
		{"GET", "*"},
		{"CONNECT", "www.example.com"},
		{"GET", "/a#frag"},
		{"GET", "example.com:443"}, // an absolute-URI: scheme "example.com"
	} {
		u, form, err := fasturi.ParseRequestTargetString(r.method, r.target)
		if err != nil {
			fmt.Printf("%s %s: %v at byte %d\n", r.method, r.target, err, u.ErrorOffset())
			continue
		}
		fmt.Printf("%s %s: %v, host %q, path %q\n", r.method, r.target, form, u.RawHost(), u.RawPath())
	}
	// Output:
	// GET /where?q=now: origin, host "", path "/where"
	// GET http://www.example.org/pub/WWW/TheProject.html: absolute, host "www.example.org", path "/pub/WWW/TheProject.html"
	// CONNECT www.example.com:443: authority, host "www.example.com", path ""
	// OPTIONS *: asterisk, host "", path "*"
	// GET //evil.example/x: origin, host "", path "//evil.example/x"
	// GET *: fasturi: request-target form not allowed at byte 0
	// CONNECT www.example.com: fasturi: request-target form not allowed at byte 15
	// GET /a#frag: fasturi: request-target form not allowed at byte 2
	// GET example.com:443: absolute, host "", path "443"
}

func ExampleParseRequestLineString() {
	r, err := fasturi.ParseRequestLineString("GET /search?q=go HTTP/1.1")
	fmt.Println(r.Method, r.Form, r.Target.RawPath(), r.Target.RawQuery(), r.Version, err)

	r, err = fasturi.ParseRequestLineString("GET /a%zz HTTP/1.1")
	fmt.Println(err, "at byte", r.ErrorOffset())
	// Output:
	// GET origin /search q=go HTTP/1.1 <nil>
	// fasturi: invalid percent-encoding at byte 7
}

// A server that reads request lines into a buffer it reuses keeps one past
// the next read by cloning it: Clone copies the line once.
func ExampleRequestLine_Clone() {
	buf := []byte("GET /search?q=go HTTP/1.1")
	r, err := fasturi.ParseRequestLine(buf)
	if err != nil {
		panic(err)
	}
	kept := r.Clone()
	copy(buf, "PUT /upload/file HTTP/1.0") // the next request's bytes
	fmt.Println(r.Method, r.Target.RawPath())
	fmt.Println(kept.Method, kept.Target.RawPath(), kept.Target.RawQuery(), kept.Version)
	// Output:
	// PUT /upload
	// GET /search q=go HTTP/1.1
}

func ExampleURI_Facts() {
	u, _ := fasturi.ParseString("http://trusted.example@0x7f.1/static/%2e%2e/%2e%2e/etc/passwd%00.png")
	f := u.Facts()
	fmt.Println("userinfo:", f.Userinfo)
	fmt.Println("legacy IPv4:", f.LegacyIPv4)
	fmt.Println("encoded NUL in path:", f.EncodedNUL.Has(fasturi.ComponentPath))
	fmt.Println("climbs above the root:", f.PathUnderflow)
	// Output:
	// userinfo: true
	// legacy IPv4: 127.0.0.1
	// encoded NUL in path: true
	// climbs above the root: true
}

func ExampleURI_HostDiffers() {
	u, _, _ := fasturi.ParseRequestTargetString("GET", "http://internal.example/admin")
	fmt.Println(u.HostDiffers("internal.example:80"))
	fmt.Println(u.HostDiffers("public.example"))
	// Output:
	// false
	// true
}

func ExampleURI_CheckShape() {
	for _, s := range []string{"nntp://news.example/comp.lang.go/42", "nntp://news.example/", "ftp://h/f;type=x", "mailto:"} {
		u, _ := fasturi.ParseString(s)
		off, err := u.CheckShape()
		fmt.Println(s, off, err)
	}
	// Output:
	// nntp://news.example/comp.lang.go/42 -1 <nil>
	// nntp://news.example/ 20 fasturi: URL does not have its scheme's shape
	// ftp://h/f;type=x 15 fasturi: URL does not have its scheme's shape
	// mailto: 7 fasturi: URL does not have its scheme's shape
}

// The typecode's name is "type" in lowercase, as RFC 1738 writes it; the
// scheme, and the code itself, are case-insensitive.
func ExampleURI_FTPType() {
	for _, s := range []string{"ftp://ftp.example.org/pub/file.tar.gz;type=i", "ftp://h/docs/;TYPE=d", "FTP://h/docs/;type=D", "ftp://h/f"} {
		u, _ := fasturi.ParseString(s)
		typ, ok := u.FTPType()
		fmt.Printf("%s %q %v\n", s, typ, ok)
	}
	// Output:
	// ftp://ftp.example.org/pub/file.tar.gz;type=i 'i' true
	// ftp://h/docs/;TYPE=d '\x00' false
	// FTP://h/docs/;type=D 'd' true
	// ftp://h/f '\x00' false
}

func ExampleDefaultPort() {
	for _, s := range []string{"http", "HTTPS", "gopher", "prospero", "foo"} {
		fmt.Println(fasturi.DefaultPort(s))
	}
	// Output:
	// 80 true
	// 443 true
	// 70 true
	// 1525 true
	// 0 false
}

// A Host header checked as the target's authority would be: the legacy
// IPv4 spelling and the IDNA-mapped digits that an SSRF guard must see.
func ExampleParseHostHeaderString() {
	for _, host := range []string{"example.com:8080", "0x7f.1", "%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1", "[::1]:443", "u@evil.example"} {
		h, err := fasturi.ParseHostHeaderString(host)
		if err != nil {
			fmt.Printf("%s: %v at byte %d\n", host, err, h.ErrorOffset())
			continue
		}
		port, _, _ := h.PortNumber()
		f := h.Facts()
		addr, _ := h.Addr()
		fmt.Printf("%s: host %q port %d, address %v, legacy IPv4 %v, encoded non-ASCII %v\n",
			host, h.RawHost(), port, addr, f.LegacyIPv4, f.EncodedNonASCII.Has(fasturi.ComponentHost))
	}
	// Output:
	// example.com:8080: host "example.com" port 8080, address invalid IP, legacy IPv4 invalid IP, encoded non-ASCII false
	// 0x7f.1: host "0x7f.1" port -1, address invalid IP, legacy IPv4 127.0.0.1, encoded non-ASCII false
	// %EF%BC%91%EF%BC%92%EF%BC%97.0.0.1: host "%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1" port -1, address invalid IP, legacy IPv4 invalid IP, encoded non-ASCII true
	// [::1]:443: host "[::1]" port 443, address ::1, legacy IPv4 invalid IP, encoded non-ASCII false
	// u@evil.example: fasturi: invalid host at byte 1
}
