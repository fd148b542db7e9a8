package fasturi

import (
	"fmt"
	"net/netip"
	"strings"
	"testing"
)

// describeFacts spells out the facts that are set, for tables.
func describeFacts(f Facts) string {
	var parts []string
	if f.Userinfo {
		parts = append(parts, "userinfo")
	}
	if f.LegacyIPv4.IsValid() {
		parts = append(parts, "legacy="+f.LegacyIPv4.String())
	}
	if f.NumericLastLabel {
		parts = append(parts, "numeric")
	}
	for _, set := range []struct {
		name string
		s    Components
	}{{"delim", f.EncodedDelimiters}, {"control", f.EncodedControls}, {"nul", f.EncodedNUL}, {"nonascii", f.EncodedNonASCII}, {"percent", f.EncodedPercent}} {
		for _, c := range []Component{ComponentUserinfo, ComponentHost, ComponentPath} {
			if set.s.Has(c) {
				parts = append(parts, set.name+":"+c.String())
			}
		}
	}
	if f.PathUnderflow {
		parts = append(parts, "underflow")
	}
	return strings.Join(parts, " ")
}

// The shapes of URL confusion (DESIGN's security rules): each is valid RFC
// 3986 syntax that a second parser or a decoder reads differently.
func TestFacts(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"http://example.com/a/b?q#f", ""},
		{"http://trusted.example@evil.example/", "userinfo"},
		{"http://@h/", "userinfo"},
		{"http://0x7f.1/", "legacy=127.0.0.1"},
		{"http://0177.0.0.1/", "legacy=127.0.0.1"},
		{"http://2130706433/", "legacy=127.0.0.1"},
		{"http://127.1/", "legacy=127.0.0.1"},
		{"http://0x7f000001/", "legacy=127.0.0.1"},
		{"http://127.0.0.1/", ""}, // an IPv4address, as its HostType says
		// A last label that is a number, and no address.
		{"http://08/", "numeric"},
		{"http://1.2.3.4.5/", "numeric"},
		{"http://4294967297/", "numeric"},
		{"http://256.0.0.1/", "numeric"},
		{"http://a.0x100000000/", "numeric"},
		{"http://a.0X1f./", "numeric"}, // before one trailing '.'
		{"http://a.0x/", "numeric"},
		{"http://a.00/", "numeric"},
		{"http://a.9../", ""}, // an empty label before the last '.'
		{"http://a.0x1g/", ""},
		{"http://a.9b/", ""},
		{"http://a.1e/", ""},
		{"http://a.de/", ""},
		{"http://a.x1/", ""},
		{"http://a0x1/", ""},
		{"http://0x1g.a/", ""},
		{"http://a%2E9/", "numeric"},       // "a.9" once decoded
		{"http://a%2e9%2E/", "numeric"},    // "a.9."
		{"http://a.%30%58%41/", "numeric"}, // "a.0XA"
		{"http://a.%30x%67/", ""},          // "a.0xg"
		{"http://a%2E9%2E%2E/", ""},        // "a.9.."
		{"http://%41.1e%25/", "percent:host"},
		{"http://%39.a/", ""},
		{"http://a.%39/", "numeric"},
		{"http://9a.b/", ""},
		{"http://./", ""},
		{"http://%2E/", ""},
		{"http:///", ""},
		{"http://a./", ""},
		{"http://127.0.0.1./", "legacy=127.0.0.1"}, // an address: not numeric too
		{"http://[::1]/", ""},
		{"file:///x", ""},
		{"http://h/a%2Fb", "delim:path"},
		{"http://h/a%2fb%3F%23", "delim:path"},
		{"http://h/a%5Cb", "delim:path"}, // '\', a '/' to WHATWG parsers
		{"http://h/a%5Bb", "delim:path"},
		{"http://h/a%5db", "delim:path"},
		{"http://h/a%40b", "delim:path"},
		{"http://u%40v@h/", "userinfo delim:userinfo"},
		{"http://h%3A80/", "delim:host"},
		{"http://h/%0D%0Aset-cookie:x", "control:path"},
		{"http://h/a%00b", "control:path nul:path"},
		{"http://h%00.example/", "control:host nul:host"},
		{"http://u%0a@h/", "userinfo control:userinfo"},
		{"http://h/a%7Fb", "control:path"},
		{"http://h/a%20b%41%7e", ""}, // neither delimiters nor controls
		{"http://[fe80::1%25eth0]/", ""},
		{"http://[fe80::1%25%2F]/", "delim:host"},
		// '%' encoded: a second decoding reads another encoding, but the
		// "%25" that starts a zone ID is its delimiter.
		{"http://h/100%25", "percent:path"},
		{"http://h/%252e%252e/%252e%252e/etc/passwd", "percent:path"},
		{"http://h/a%252Fb", "percent:path"},
		{"http://u%25@h%25x/", "userinfo percent:userinfo percent:host"},
		{"http://[fe80::1%25a%25b]/", "percent:host"},
		{"http://[fe80::1%25eth0]/%25", "percent:path"},
		{"http://h/p?%25#%25", ""},
		{"http://h/a/../../etc/passwd", "underflow"},
		// Bytes that IDNA maps to ASCII before a resolver sees the host:
		// fullwidth "127", then an ideographic full stop.
		{"http://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/", "numeric nonascii:host"},
		{"http://127%E3%80%821/", "nonascii:host"},
		{"http://u%C3%A9@h/caf%C3%A9", "userinfo nonascii:userinfo nonascii:path"},
		{"http://h/%C0%AE%C0%AE/", "nonascii:path"},
		{"http://h/%7F%80", "control:path nonascii:path"},
		{"http://h/p?%FF#%FF", ""}, // the query and the fragment are not looked at
		{"http://h/..", "underflow"},
		{"http://h/a/..", ""},
		{"http://h/a/b/../..", ""},
		{"http://h/a//../..", "underflow"}, // the RFC's ".." removes the empty segment; path.Clean merges it
		{"http://h/static/////../../../etc/passwd", "underflow"},
		{"http://h/a//b/../..", ""},
		{"http://h/a/..;/..;/x", "underflow"}, // Tomcat's path parameters
		{"http://h/;x/..", "underflow"},
		{"http://h/a;x/../b;y", ""},
		{"http://h/a/...;/x", ""},
		{"http://h/a/..%2F..%2Fx", "delim:path underflow"}, // decoded before split
		{"http://h/a/%2e%2e%5c%2E%2E%5Cx", "delim:path underflow"},
		{"http://h/a%2Fb/../..", "delim:path underflow"}, // read as the RFC does
		{"http://h/a%2Fb/..", "delim:path"},
		{"http://h/a%2F..", "delim:path"},
		{"http://h/a%5Cb/..%2F..%2Fetc/passwd", "delim:path underflow"}, // '\' data, "%2F" a separator
		{"http://h/a%2Fb/..%5C..%5Cetc", "delim:path underflow"},        // the other way round
		{"http://h/%2e%2e/etc", "underflow"},
		{"http://h/..%2F", "delim:path underflow"}, // "%2F" last still separates
		{"http://h/a/..%5C..%5C", "delim:path underflow"},
		{"http://h/.%2E/etc", "underflow"},
		{"http://h/%2e/x", ""},
		{"http://h/.../x", ""},
		{"../a", "underflow"},
		{"a/../../b", "underflow"},
		{"s:a/..", ""},
		{"./a", ""},
		{"http://h?/../..#/../..", ""}, // the query and the fragment are no path
	} {
		u, err := ParseString(tt.in)
		if err != nil {
			t.Fatalf("ParseString(%q): %v", tt.in, err)
		}
		if got := describeFacts(u.Facts()); got != tt.want {
			t.Errorf("Facts(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	u, _ := ParseString("http://u@0x7f.1/%2e%2e/%00")
	u.errKind = ErrInvalidPath // as a Split of invalid input would be
	if f := u.Facts(); f != (Facts{}) {
		t.Errorf("Facts of an invalid URI = %+v, want none", f)
	}
}

// RFC 9112 section 3.2.2: the authority of an absolute-form target and the
// Host header.
func TestHostDiffers(t *testing.T) {
	for _, tt := range []struct {
		target, host string
		differs      bool
	}{
		{"http://example.com/", "example.com", false},
		{"http://Example.COM/", "example.com", false},
		{"http://example.com/", "example.com:80", false},
		{"http://example.com:80/", "example.com", false},
		{"http://example.com:080/", "example.com:80", false},
		{"http://example.com:/", "example.com", false}, // an empty port is the default
		{"https://example.com/", "example.com:443", false},
		{"https://example.com/", "example.com:80", true},
		{"http://example.com/", "evil.example", true},
		{"http://example.com/", "example.com.", true},
		{"http://s/", "\u017f", true},          // "ſ", which Unicode folds to "s": hosts compare in ASCII
		{"http://k/", "\u212a", true},          // the Kelvin sign, likewise
		{"http://ex%41mple/", "exAmple", true}, // hosts compare as written, not decoded
		{"http://example.com:8080/", "example.com", true},
		{"http://[::1]:8/", "[::1]:8", false},
		{"http://[::1]/", "[::1]", false},
		{"http://[::1]/", "::1", true},
		{"http://[::1]/", "[::1]x", true}, // not uri-host [ ":" port ]
		{"http://[FE80::1%25eth0]/", "[fe80::1%25eth0]", false},
		{"http://[fe80::1%25eth0]/", "[fe80::1%25ETH0]", true}, // a zone ID's case counts
		{"http://[fe80::1%25eth0]/", "[fe80::1%25eth1]", true},
		{"http://[v1.A]/", "[V1.a]", false},
		{"http://[::1]/", "[::1]]:80", true},
		{"http://example.com/", "", true},
		{"http://example.com/", "example.com:x", true},
		{"http://example.com/", "example.com:99999", true},
		{"foo://h/", "h", false},
		{"foo://h/", "h:", false}, // an empty port is one left out
		{"foo://h:/", "h", false},
		{"foo://h:1/", "h", true},
		{"foo://h/", "h:0", true}, // no default port: left out is no port written
		{"foo://h:0/", "h", true},
		{"foo://h:0/", "h:00", false},
		{"/path", "h", true}, // no authority to compare
		{"mailto:a@b", "", true},
		{"s:", "", true},
		{"http://h:65536/", "h:65536", true}, // no port, on either side
		{"http://h:65536/", "h:0", true},
		{"http://h:99999/", "h", true},
		{"http://h/", "h:65536", true},
		{"http://h/", "h:7:", true}, // not a port
		{"http://h:129/", "h:8a", true},
		{"http://h/", "h:80 ", true},
	} {
		u, err := ParseString(tt.target)
		if err != nil {
			t.Fatal(err)
		}
		if got := u.HostDiffers(tt.host); got != tt.differs {
			t.Errorf("HostDiffers(%q, %q) = %v, want %v", tt.target, tt.host, got, tt.differs)
		}
	}
}

func TestFactsAllocs(t *testing.T) {
	for _, in := range []string{"http://u@0x7f.1/a/%2e%2e/../%00%2F", "http://h/p", "../a", "http://[fe80::1%25eth0]/", "http://1.2.3.4.5/", "http://a%2E9/"} {
		u, _ := ParseString(in)
		testAllocs(t, "Facts("+in+")", func() {
			f := u.Facts()
			sinkBool = f.PathUnderflow || f.NumericLastLabel || f.LegacyIPv4 != netip.Addr{}
		})
		testAllocs(t, "HostDiffers("+in+")", func() { sinkBool = u.HostDiffers("h:80") })
	}
}

// BenchmarkFacts computes the facts of each valid URI of a corpus, parsed
// beforehand: the cost a security policy adds to parsing.
func BenchmarkFacts(b *testing.B) {
	for _, c := range benchCorpora(b) {
		var uris []URI
		for _, s := range c.uris {
			if u, err := ParseString(s); err == nil {
				uris = append(uris, u)
			}
		}
		b.Run("corpus="+c.name, func(b *testing.B) {
			b.SetBytes(c.bytes)
			b.ReportAllocs()
			for b.Loop() {
				for i := range uris {
					f := uris[i].Facts()
					sinkBool = f.PathUnderflow || f.EncodedDelimiters != 0
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(uris)), "ns/uri")
		})
	}
}

func TestComponentsString(t *testing.T) {
	for _, tt := range []struct {
		s    Components
		want string
	}{
		{0, ""},
		{1 << ComponentPath, "path"},
		{1<<ComponentUserinfo | 1<<ComponentHost | 1<<ComponentPath, "userinfo|host|path"},
		{1<<ComponentFragment | 1<<ComponentScheme, "scheme|fragment"},
		{1<<ComponentPath | 0x80, "path|0x80"},
		{0x80, "0x80"},
	} {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("Components(%#x).String() = %q; want %q", uint8(tt.s), got, tt.want)
		}
	}
	for c := range Component(8) {
		if got, want := Components(0xff).Has(c), c < numComponents; got != want {
			t.Errorf("Components(0xff).Has(%d) = %v; want %v", c, got, want)
		}
	}
	u, _ := ParseString("http://h/%2F/a%0Ab")
	got := fmt.Sprintf("%+v", u.Facts())
	for _, want := range []string{"EncodedDelimiters:path", "EncodedControls:path", "EncodedNUL: "} {
		if !strings.Contains(got, want) {
			t.Errorf("%%+v of Facts = %s; want it to show %s", got, want)
		}
	}
}
