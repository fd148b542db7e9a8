package fasturi

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// describe spells out every present component of u, so that a test can
// compare all of them at once. The path is always present.
func describe(u URI) string {
	var b strings.Builder
	for c := ComponentScheme; c < numComponents; c++ {
		if !u.Has(c) {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
		b.WriteByte('=')
		b.WriteString(u.s[u.spans[c].Start:u.spans[c].End])
		if c == ComponentHost {
			b.WriteString(" (" + u.HostType().String() + ")")
		}
	}
	return b.String()
}

type parseTest struct {
	in   string
	want string // describe of the URI
}

func runParseTests(t *testing.T, tests []parseTest) {
	t.Helper()
	for _, tt := range tests {
		u, err := ParseString(tt.in)
		if err != nil {
			t.Errorf("ParseString(%q): %v", tt.in, u.Err())
			continue
		}
		if got := describe(u); got != tt.want {
			t.Errorf("ParseString(%q)\n got  %s\n want %s", tt.in, got, tt.want)
		}
		ub, err := Parse([]byte(tt.in))
		if err != nil || describe(ub) != tt.want {
			t.Errorf("Parse(%q) differs from ParseString: %s, %v", tt.in, describe(ub), err)
		}
	}
}

// RFC 3986 section 1.1.2.
func TestParseRFC3986Examples(t *testing.T) {
	runParseTests(t, []parseTest{
		{"ftp://ftp.is.co.za/rfc/rfc1808.txt", "scheme=ftp host=ftp.is.co.za (reg-name) path=/rfc/rfc1808.txt"},
		{"http://www.ietf.org/rfc/rfc2396.txt", "scheme=http host=www.ietf.org (reg-name) path=/rfc/rfc2396.txt"},
		{"ldap://[2001:db8::7]/c=GB?objectClass?one", "scheme=ldap host=[2001:db8::7] (ipv6) path=/c=GB query=objectClass?one"},
		{"mailto:John.Doe@example.com", "scheme=mailto path=John.Doe@example.com"},
		{"news:comp.infosystems.www.servers.unix", "scheme=news path=comp.infosystems.www.servers.unix"},
		{"tel:+1-816-555-1212", "scheme=tel path=+1-816-555-1212"},
		{"telnet://192.0.2.16:80/", "scheme=telnet host=192.0.2.16 (ipv4) port=80 path=/"},
		{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "scheme=urn path=oasis:names:specification:docbook:dtd:xml:4.1.2"},
		// Section 3.
		{"foo://example.com:8042/over/there?name=ferret#nose", "scheme=foo host=example.com (reg-name) port=8042 path=/over/there query=name=ferret fragment=nose"},
		{"urn:example:animal:ferret:nose", "scheme=urn path=example:animal:ferret:nose"},
	})
}

// RFC 3986 section 5.4: the base URI, every reference of 5.4.1 and 5.4.2,
// and every target they resolve to.
func TestParseRFC3986ResolutionExamples(t *testing.T) {
	runParseTests(t, []parseTest{
		{"http://a/b/c/d;p?q", "scheme=http host=a (reg-name) path=/b/c/d;p query=q"},
		// 5.4.1 references.
		{"g:h", "scheme=g path=h"},
		{"g", "path=g"},
		{"./g", "path=./g"},
		{"g/", "path=g/"},
		{"/g", "path=/g"},
		{"//g", "host=g (reg-name) path="},
		{"?y", "path= query=y"},
		{"g?y", "path=g query=y"},
		{"#s", "path= fragment=s"},
		{"g#s", "path=g fragment=s"},
		{"g?y#s", "path=g query=y fragment=s"},
		{";x", "path=;x"},
		{"g;x", "path=g;x"},
		{"g;x?y#s", "path=g;x query=y fragment=s"},
		{"", "path="},
		{".", "path=."},
		{"./", "path=./"},
		{"..", "path=.."},
		{"../", "path=../"},
		{"../g", "path=../g"},
		{"../..", "path=../.."},
		{"../../", "path=../../"},
		{"../../g", "path=../../g"},
		// 5.4.2 references.
		{"../../../g", "path=../../../g"},
		{"../../../../g", "path=../../../../g"},
		{"/./g", "path=/./g"},
		{"/../g", "path=/../g"},
		{"g.", "path=g."},
		{".g", "path=.g"},
		{"g..", "path=g.."},
		{"..g", "path=..g"},
		{"./../g", "path=./../g"},
		{"./g/.", "path=./g/."},
		{"g/./h", "path=g/./h"},
		{"g/../h", "path=g/../h"},
		{"g;x=1/./y", "path=g;x=1/./y"},
		{"g;x=1/../y", "path=g;x=1/../y"},
		{"g?y/./x", "path=g query=y/./x"},
		{"g?y/../x", "path=g query=y/../x"},
		{"g#s/./x", "path=g fragment=s/./x"},
		{"g#s/../x", "path=g fragment=s/../x"},
		{"http:g", "scheme=http path=g"},
		// Targets.
		{"http://a/b/c/g", "scheme=http host=a (reg-name) path=/b/c/g"},
		{"http://a/b/c/g/", "scheme=http host=a (reg-name) path=/b/c/g/"},
		{"http://a/g", "scheme=http host=a (reg-name) path=/g"},
		{"http://g", "scheme=http host=g (reg-name) path="},
		{"http://a/b/c/d;p?y", "scheme=http host=a (reg-name) path=/b/c/d;p query=y"},
		{"http://a/b/c/g?y", "scheme=http host=a (reg-name) path=/b/c/g query=y"},
		{"http://a/b/c/d;p?q#s", "scheme=http host=a (reg-name) path=/b/c/d;p query=q fragment=s"},
		{"http://a/b/c/g#s", "scheme=http host=a (reg-name) path=/b/c/g fragment=s"},
		{"http://a/b/c/g?y#s", "scheme=http host=a (reg-name) path=/b/c/g query=y fragment=s"},
		{"http://a/b/c/;x", "scheme=http host=a (reg-name) path=/b/c/;x"},
		{"http://a/b/c/g;x?y#s", "scheme=http host=a (reg-name) path=/b/c/g;x query=y fragment=s"},
		{"http://a/b/c/", "scheme=http host=a (reg-name) path=/b/c/"},
		{"http://a/b/", "scheme=http host=a (reg-name) path=/b/"},
		{"http://a/", "scheme=http host=a (reg-name) path=/"},
		{"http://a/b/c/g.", "scheme=http host=a (reg-name) path=/b/c/g."},
		{"http://a/b/c/.g", "scheme=http host=a (reg-name) path=/b/c/.g"},
		{"http://a/b/c/g..", "scheme=http host=a (reg-name) path=/b/c/g.."},
		{"http://a/b/c/..g", "scheme=http host=a (reg-name) path=/b/c/..g"},
		{"http://a/b/g", "scheme=http host=a (reg-name) path=/b/g"},
		{"http://a/b/c/g/h", "scheme=http host=a (reg-name) path=/b/c/g/h"},
		{"http://a/b/c/h", "scheme=http host=a (reg-name) path=/b/c/h"},
		{"http://a/b/c/g;x=1/y", "scheme=http host=a (reg-name) path=/b/c/g;x=1/y"},
		{"http://a/b/c/y", "scheme=http host=a (reg-name) path=/b/c/y"},
		{"http://a/b/c/g?y/./x", "scheme=http host=a (reg-name) path=/b/c/g query=y/./x"},
		{"http://a/b/c/g?y/../x", "scheme=http host=a (reg-name) path=/b/c/g query=y/../x"},
		{"http://a/b/c/g#s/./x", "scheme=http host=a (reg-name) path=/b/c/g fragment=s/./x"},
		{"http://a/b/c/g#s/../x", "scheme=http host=a (reg-name) path=/b/c/g fragment=s/../x"},
	})
}

// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (section 3.1)
func TestParseScheme(t *testing.T) {
	runParseTests(t, []parseTest{
		{"a:", "scheme=a path="},
		{"Z:", "scheme=Z path="},
		{"HTTP://h", "scheme=HTTP host=h (reg-name) path="},
		{"a+b-c.d9:x", "scheme=a+b-c.d9 path=x"},
		{"svn+ssh://h/r", "scheme=svn+ssh host=h (reg-name) path=/r"},
		{"a:b", "scheme=a path=b"},         // a scheme, not a path with a colon
		{"a:b:c", "scheme=a path=b:c"},     // a rootless path may hold colons
		{"./a:b", "path=./a:b"},            // the usual way to write a path with a colon
		{"a/b:c", "path=a/b:c"},            // colon after the first segment
		{"/a:b", "path=/a:b"},              // path-absolute
		{"?a:b", "path= query=a:b"},        // colon in the query
		{"#a:b", "path= fragment=a:b"},     // colon in the fragment
		{"http:/x", "scheme=http path=/x"}, // no authority
		{"http:x", "scheme=http path=x"},   // no authority either
		{"http:", "scheme=http path="},     // empty hier-part
		{"http:?q#f", "scheme=http path= query=q fragment=f"},
	})
}

// authority = [ userinfo "@" ] host [ ":" port ] (section 3.2)
func TestParseAuthority(t *testing.T) {
	runParseTests(t, []parseTest{
		{"http://h", "scheme=http host=h (reg-name) path="},
		{"http://", "scheme=http host= (reg-name) path="},
		{"http:///x", "scheme=http host= (reg-name) path=/x"}, // empty authority
		{"//", "host= (reg-name) path="},
		{"///", "host= (reg-name) path=/"},
		{"http://h?", "scheme=http host=h (reg-name) path= query="},
		{"http://h#", "scheme=http host=h (reg-name) path= fragment="},
		{"http://a#@b", "scheme=http host=a (reg-name) path= fragment=@b"}, // '#' ends the authority
		{"http://a?@b", "scheme=http host=a (reg-name) path= query=@b"},
		{"http://a/@b", "scheme=http host=a (reg-name) path=/@b"},
		// Userinfo and an IP literal across the first 64-byte block.
		{"http://" + strings.Repeat("a", 60) + "@[::1]/p", "scheme=http userinfo=" + strings.Repeat("a", 60) + " host=[::1] (ipv6) path=/p"},
		// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
		{"http://u@h", "scheme=http userinfo=u host=h (reg-name) path="},
		{"http://@h", "scheme=http userinfo= host=h (reg-name) path="},
		{"http://@", "scheme=http userinfo= host= (reg-name) path="},
		{"http://u:p@h", "scheme=http userinfo=u:p host=h (reg-name) path="},
		{"http://u:p:q::@h", "scheme=http userinfo=u:p:q:: host=h (reg-name) path="},
		{"http://a:b:c@h:1", "scheme=http userinfo=a:b:c host=h (reg-name) port=1 path="},
		{"http://%41%3a%40:x@h", "scheme=http userinfo=%41%3a%40:x host=h (reg-name) path="},
		{"http://-._~!$&'()*+,;=:@h", "scheme=http userinfo=-._~!$&'()*+,;=: host=h (reg-name) path="},
		{"http://u@[::1]:8", "scheme=http userinfo=u host=[::1] (ipv6) port=8 path="},
		// reg-name = *( unreserved / pct-encoded / sub-delims )
		{"http://-._~!$&'()*+,;=/", "scheme=http host=-._~!$&'()*+,;= (reg-name) path=/"},
		{"http://%E2%82%AC.example/", "scheme=http host=%E2%82%AC.example (reg-name) path=/"},
		{"//h:1%41@x", "userinfo=h:1%41 host=x (reg-name) path="}, // a "port" with '%' was userinfo
		{"http://EXAMPLE.com/", "scheme=http host=EXAMPLE.com (reg-name) path=/"},
		// port = *DIGIT
		{"http://h:", "scheme=http host=h (reg-name) port= path="},
		{"http://h:/", "scheme=http host=h (reg-name) port= path=/"},
		{"http://h:0", "scheme=http host=h (reg-name) port=0 path="},
		{"http://h:00000080", "scheme=http host=h (reg-name) port=00000080 path="},
		{"http://h:65536", "scheme=http host=h (reg-name) port=65536 path="}, // range is not syntax
		{"http://h:" + strings.Repeat("9", 100) + "/", "scheme=http host=h (reg-name) port=" + strings.Repeat("9", 100) + " path=/"},
		{"http://:80", "scheme=http host= (reg-name) port=80 path="},
		{"http://:", "scheme=http host= (reg-name) port= path="},
		{"http://h:80?q", "scheme=http host=h (reg-name) port=80 path= query=q"},
		{"http://h:80/p?q", "scheme=http host=h (reg-name) port=80 path=/p query=q"},
		{"http://1.2.3.4:80/p", "scheme=http host=1.2.3.4 (ipv4) port=80 path=/p"},
		{"http://h:80#f", "scheme=http host=h (reg-name) port=80 path= fragment=f"},
		{"http://h:80@x/", "scheme=http userinfo=h:80 host=x (reg-name) path=/"},
		{"http://h:8a@x/", "scheme=http userinfo=h:8a host=x (reg-name) path=/"},
		{"http://u@:1", "scheme=http userinfo=u host= (reg-name) port=1 path="},
		{"http://[::1]:", "scheme=http host=[::1] (ipv6) port= path="},
		{"http://[::1]:443?q", "scheme=http host=[::1] (ipv6) port=443 path= query=q"},
		{"http://[::1]#f", "scheme=http host=[::1] (ipv6) path= fragment=f"},
		// IP-literals in parse's one-block reading, and past it.
		{"http://[::1]", "scheme=http host=[::1] (ipv6) path="},
		{"http://[::1]/p?q", "scheme=http host=[::1] (ipv6) path=/p query=q"},
		{"http://[::1]?q", "scheme=http host=[::1] (ipv6) path= query=q"},
		{"https://[2001:db8::7]:8443/a/b", "scheme=https host=[2001:db8::7] (ipv6) port=8443 path=/a/b"},
		{"http://[fe80::1%25eth0]:80/", "scheme=http host=[fe80::1%25eth0] (ipv6) port=80 path=/"},
		{"http://[v1.a:b]/x", "scheme=http host=[v1.a:b] (ipvfuture) path=/x"},
		{"http://[::ffff:1.2.3.4]/", "scheme=http host=[::ffff:1.2.3.4] (ipv6) path=/"},
		// ']' at bytes 62, 63 (the block's last) and 64 (past it).
		{"http://[fe80::1%25" + strings.Repeat("z", 44) + "]/", "scheme=http host=[fe80::1%25" + strings.Repeat("z", 44) + "] (ipv6) path=/"},
		{"http://[fe80::1%25" + strings.Repeat("z", 44) + "]", "scheme=http host=[fe80::1%25" + strings.Repeat("z", 44) + "] (ipv6) path="},
		{"http://[fe80::1%25" + strings.Repeat("z", 45) + "]/", "scheme=http host=[fe80::1%25" + strings.Repeat("z", 45) + "] (ipv6) path=/"},
		{"http://[fe80::1%25" + strings.Repeat("z", 45) + "]", "scheme=http host=[fe80::1%25" + strings.Repeat("z", 45) + "] (ipv6) path="},
		{"http://[fe80::1%25" + strings.Repeat("z", 46) + "]:1/", "scheme=http host=[fe80::1%25" + strings.Repeat("z", 46) + "] (ipv6) port=1 path=/"},
		{"http://[::1]:8080/" + strings.Repeat("p", 60) + "?q#f", "scheme=http host=[::1] (ipv6) port=8080 path=/" + strings.Repeat("p", 60) + " query=q fragment=f"},
		{"http://[::1]/" + strings.Repeat("p", 70), "scheme=http host=[::1] (ipv6) path=/" + strings.Repeat("p", 70)},
	})
}

// IPv4address and the dec-octet branches (section 3.2.2). Anything else made
// of digits and dots is a reg-name.
func TestParseIPv4(t *testing.T) {
	for _, tt := range []struct {
		host string
		typ  HostType
	}{
		{"0.0.0.0", HostIPv4},
		{"9.9.9.9", HostIPv4},         // DIGIT
		{"10.99.10.99", HostIPv4},     // %x31-39 DIGIT
		{"100.199.150.101", HostIPv4}, // "1" 2DIGIT
		{"200.249.240.209", HostIPv4}, // "2" %x30-34 DIGIT
		{"250.255.251.255", HostIPv4}, // "25" %x30-35
		{"255.255.255.255", HostIPv4},
		{"1-2-3-4", HostRegName}, // '.' and no other separator
		{"1,2,3,4", HostRegName},
		{"192.0.2.16", HostIPv4},
		{"256.1.1.1", HostRegName}, // above 255
		{"1.1.1.260", HostRegName},
		{"1.1.1.300", HostRegName},
		{"1.1.1.1000", HostRegName},
		{"01.2.3.4", HostRegName}, // leading zero
		{"1.2.3.00", HostRegName},
		{"1.2.3", HostRegName},     // too few
		{"1.2.3.4.5", HostRegName}, // too many
		{"1.2.3.4.", HostRegName},
		{".1.2.3.4", HostRegName},
		{"1..2.3", HostRegName},
		{"1.2.3.a", HostRegName},
		{"0x7f.0.0.1", HostRegName}, // legacy forms resolvers accept
		{"0177.0.0.1", HostRegName},
		{"2130706433", HostRegName},
		{"127.1", HostRegName},
		{"1.2.3.4a", HostRegName},
		{"%31.2.3.4", HostRegName},
	} {
		u, err := ParseString("http://" + tt.host + ":1/")
		if err != nil {
			t.Errorf("%s: %v", tt.host, u.Err())
			continue
		}
		if u.RawHost() != tt.host || u.HostType() != tt.typ {
			t.Errorf("host %q: got %q (%v), want %v", tt.host, u.RawHost(), u.HostType(), tt.typ)
		}
	}
}

// IP-literal = "[" ( IPv6address / IPvFuture ) "]" (section 3.2.2), with the
// zone IDs of RFC 6874.
func TestParseIPLiteral(t *testing.T) {
	for _, tt := range []struct {
		host string
		typ  HostType // HostNone: must not parse
		off  int      // error offset within host, when typ is HostNone
	}{
		// The nine IPv6address alternatives, fullest and emptiest.
		{"[1:2:3:4:5:6:7:8]", HostIPv6, 0},     // 6( h16 ":" ) ls32
		{"[1:2:3:4:5:6:1.2.3.4]", HostIPv6, 0}, // ls32 as IPv4
		{"[::2:3:4:5:6:7:8]", HostIPv6, 0},     // "::" 5( h16 ":" ) ls32
		{"[::2:3:4:5:6:1.2.3.4]", HostIPv6, 0},
		{"[1::3:4:5:6:7:8]", HostIPv6, 0}, // [ h16 ] "::" 4( h16 ":" ) ls32
		{"[::3:4:5:6:7:8]", HostIPv6, 0},
		{"[1:2::4:5:6:7:8]", HostIPv6, 0}, // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
		{"[1:2:3::5:6:7:8]", HostIPv6, 0}, // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
		{"[1:2:3:4::6:7:8]", HostIPv6, 0}, // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
		{"[1:2:3:4::6:1.2.3.4]", HostIPv6, 0},
		{"[1:2:3:4:5::7:8]", HostIPv6, 0}, // [ *4( h16 ":" ) h16 ] "::" ls32
		{"[1:2:3:4:5::1.2.3.4]", HostIPv6, 0},
		{"[::1.2.3.4]", HostIPv6, 0},
		{"[1:2:3:4:5:6::8]", HostIPv6, 0}, // [ *5( h16 ":" ) h16 ] "::" h16
		{"[::8]", HostIPv6, 0},
		{"[1:2:3:4:5:6:7::]", HostIPv6, 0}, // [ *6( h16 ":" ) h16 ] "::"
		{"[::]", HostIPv6, 0},
		{"[1::]", HostIPv6, 0},
		{"[::ffff:192.0.2.1]", HostIPv6, 0},
		{"[2001:DB8::abcd:EF01]", HostIPv6, 0},
		{"[ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255]", HostIPv6, 0},
		{"[0000:0000:0000:0000:0000:0000:0000:0000]", HostIPv6, 0},
		// Zone IDs (RFC 6874): "%25" 1*( unreserved / pct-encoded ).
		{"[fe80::1%25eth0]", HostIPv6, 0},
		{"[fe80::1%25en%30]", HostIPv6, 0},
		{"[fe80::1%25-._~]", HostIPv6, 0},
		{"[::1.2.3.4%25z]", HostIPv6, 0},
		{"[fe80::%25x]", HostIPv6, 0},   // a zone right after "::"
		{"[fe80::1%25]", HostNone, 11},  // empty zone
		{"[fe80::1%eth0]", HostNone, 9}, // "%" must be "%25"
		{"[fe80::1%2eth0]", HostNone, 10},
		{"[fe80::1%25eth0%]", HostNone, 16}, // '%' then ']'
		{"[fe80::1%25a!]", HostNone, 12},    // sub-delims are not in ZoneID
		{"[v1.%25]", HostNone, 4},           // no zone in IPvFuture, no pct-encoded either
		// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
		{"[v1.x]", HostIPvFuture, 0},
		{"[V7.a]", HostIPvFuture, 0},
		{"[vFe.1:2!$&'()*+,;=-._~]", HostIPvFuture, 0},
		{"[v.x]", HostNone, 2},
		{"[v1x]", HostNone, 3},
		{"[v1.]", HostNone, 4},
		{"[vg.x]", HostNone, 2},
		{"[v1.x/]", HostNone, 5},
		// Too many groups, misplaced "::", malformed groups.
		{"[1:2:3:4:5:6:7:8:9]", HostNone, 16}, // ':' after eight groups
		{"[1:2:3:4:5:6:7:8::]", HostNone, 16},
		{"[1:2:3:4:5:6:7]", HostNone, 14}, // seven groups, no "::"
		{"[1:2:3:4:5:6:7:8:]", HostNone, 16},
		{"[1:2:3:4:5:6:7::8]", HostNone, 16}, // eight groups and "::"
		{"[1::2:3:4:5:6:7:8]", HostNone, 15},
		{"[::1:2:3:4:5:6:7:8]", HostNone, 16},
		{"[1:2:3:4:5:6:7:8.1.1.1]", HostNone, 16},
		{"[1::2::3]", HostNone, 6}, // two "::"
		{"[:::]", HostNone, 3},
		{"[1:::2]", HostNone, 4},
		{"[:1::]", HostNone, 2}, // lone leading ':'
		{"[1:]", HostNone, 3},   // lone trailing ':'
		{"[1]", HostNone, 2},
		{"[]", HostNone, 1},
		{"[12345::]", HostNone, 5}, // h16 is at most four digits
		{"[1:2:3:4:5:6:7:12345]", HostNone, 19},
		{"[1:abcde", HostNone, 7}, // a fifth digit, then the end
		{"[1:abcd", HostNone, 7},  // the input ends after a group
		{"[1:abc", HostNone, 6},
		{"[::g]", HostNone, 3},
		{"[1:2:3:4:5:6:7:1.2.3.4]", HostNone, 16}, // IPv4 needs two groups of room
		{"[1:2:3:4:5::6:1.2.3.4]", HostNone, 15},
		{"[1.2.3.4]", HostNone, 2}, // IPv4 alone is not IPv6
		{"[::1.2]", HostNone, 6},
		{"[::1.2", HostNone, 6}, // the input ends inside the IPv4 part
		{"[::1.2.3]", HostNone, 8},
		{"[::1.2.3.4.5]", HostNone, 10},
		{"[::1.2.3.256]", HostNone, 11},
		{"[::1.2.3.04]", HostNone, 10},
		{"[::01.2.3.4]", HostNone, 5}, // first octet checked at its '.'
		{"[::256.2.3.4]", HostNone, 6},
		{"[::1234.2.3.4]", HostNone, 7},
		{"[::a.2.3.4]", HostNone, 4},
		{"[::1.2.3.4:1]", HostNone, 10}, // nothing after the IPv4 part
		{"[::1", HostNone, 4},           // unterminated: the input ends
		{"[::0.10.0.0", HostNone, 11},   // the input ends right after an IPv4 part (found by FuzzParse)
		{"[::1.2.3.4%25x", HostNone, 14},
		{"[", HostNone, 1},
	} {
		in := "http://" + tt.host
		u, err := ParseString(in)
		if tt.typ == HostNone {
			if err == nil {
				t.Errorf("%s: parsed as %s, want error", tt.host, describe(u))
				continue
			}
			wantKind := ErrInvalidIPLiteral
			if tt.host == "[fe80::1%25eth0%]" {
				wantKind = ErrInvalidPercentEncoding
			}
			if err != wantKind || u.ErrorOffset() != len("http://")+tt.off {
				t.Errorf("%s: got %v at %d, want %v at %d", tt.host, err, u.ErrorOffset()-len("http://"), wantKind, tt.off)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.host, u.Err())
			continue
		}
		if u.RawHost() != tt.host || u.HostType() != tt.typ {
			t.Errorf("%s: host %q type %v, want %v", tt.host, u.RawHost(), u.HostType(), tt.typ)
		}
	}
}

func TestZone(t *testing.T) {
	for in, want := range map[string]string{
		"http://[fe80::1%25eth0]/":    "eth0",
		"http://[fe80::1%25en%30]/":   "en%30",
		"http://[fe80::1]/":           "",
		"http://[v1.a]/":              "",
		"http://h/%25x":               "",
		"http://[::ffff:1.2.3.4%25z]": "z",
	} {
		u, err := ParseString(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if got := u.RawZone(); got != want {
			t.Errorf("Zone(%q) = %q, want %q", in, got, want)
		}
	}
}

// The path forms of section 3.3 and the characters of query and fragment
// (sections 3.4 and 3.5).
func TestParsePathQueryFragment(t *testing.T) {
	runParseTests(t, []parseTest{
		{"/", "path=/"},
		{"/a/b/c", "path=/a/b/c"},
		{"/a//b", "path=/a//b"}, // empty segments
		{"a//b", "path=a//b"},
		{"http://h//a", "scheme=http host=h (reg-name) path=//a"},
		{"s:/.//a", "scheme=s path=/.//a"}, // path-absolute that only looks like an authority
		{"/a:b@c", "path=/a:b@c"},
		{"a@b", "path=a@b"},                           // '@' is fine in a first segment
		{"/%2F%2f%00%0D%0a", "path=/%2F%2f%00%0D%0a"}, // encoded delimiters and controls are valid syntax
		{"/-._~!$&'()*+,;=:@", "path=/-._~!$&'()*+,;=:@"},
		{"?/?:@-._~!$&'()*+,;=%20", "path= query=/?:@-._~!$&'()*+,;=%20"},
		{"#/?:@-._~!$&'()*+,;=%20", "path= fragment=/?:@-._~!$&'()*+,;=%20"},
		{"??", "path= query=?"},
		{"?#", "path= query= fragment="},
		{"#?", "path= fragment=?"},
		{"http://h/p?q=1&r=2#f", "scheme=http host=h (reg-name) path=/p query=q=1&r=2 fragment=f"},
		// Relative references in one block, which the vector scanners'
		// masks settle at once, and the forms next to them.
		{"./a?b", "path=./a query=b"},
		{"../a/b:c?d:e", "path=../a/b:c query=d:e"},
		{"a/b:c", "path=a/b:c"},
		{"?a:b", "path= query=a:b"},
		{"/a?", "path=/a query="},
		{"/a?b?c", "path=/a query=b?c"},
		{"/a?b%20c", "path=/a query=b%20c"},
		{"/a#b?c", "path=/a fragment=b?c"},
		{"", "path="},
		{"a@b/c:d", "path=a@b/c:d"},
		{"//h?q", "host=h (reg-name) path= query=q"},
		{strings.Repeat("/abcdefgh", 40), "path=" + strings.Repeat("/abcdefgh", 40)},
		{"http://h/" + strings.Repeat("x", 200) + "?" + strings.Repeat("y", 100) + "#z", "scheme=http host=h (reg-name) path=/" + strings.Repeat("x", 200) + " query=" + strings.Repeat("y", 100) + " fragment=z"},
		// A scheme so long that the authority starts in the second block.
		{strings.Repeat("s", 62) + "://h/p", "scheme=" + strings.Repeat("s", 62) + " host=h (reg-name) path=/p"},
		{strings.Repeat("s", 61) + "://h/p", "scheme=" + strings.Repeat("s", 61) + " host=h (reg-name) path=/p"},
		{strings.Repeat("s", 70) + "://u@h:1/p", "scheme=" + strings.Repeat("s", 70) + " userinfo=u host=h (reg-name) port=1 path=/p"},
		// Past one block, an authority that ends in the first one, and one
		// that does not: a host, a port, a query right at the end of it.
		{"http://1.2.3.4:80/" + strings.Repeat("x", 60) + "?q#f", "scheme=http host=1.2.3.4 (ipv4) port=80 path=/" + strings.Repeat("x", 60) + " query=q fragment=f"},
		{"http://h?" + strings.Repeat("y", 70), "scheme=http host=h (reg-name) path= query=" + strings.Repeat("y", 70)},
		{"http://h:" + strings.Repeat("8", 54) + "?" + strings.Repeat("y", 10), "scheme=http host=h (reg-name) port=" + strings.Repeat("8", 54) + " path= query=" + strings.Repeat("y", 10)},
		{"http://h:" + strings.Repeat("8", 55) + "/" + strings.Repeat("y", 10), "scheme=http host=h (reg-name) port=" + strings.Repeat("8", 55) + " path=/" + strings.Repeat("y", 10)},
		{"http://" + strings.Repeat("h", 57) + "/" + strings.Repeat("p", 10), "scheme=http host=" + strings.Repeat("h", 57) + " (reg-name) path=/" + strings.Repeat("p", 10)},
		{"http://" + strings.Repeat("h", 70), "scheme=http host=" + strings.Repeat("h", 70) + " (reg-name) path="},
	})
}

type errorTest struct {
	in   string
	kind ErrorKind
	off  int
}

func runErrorTests(t *testing.T, tests []errorTest) {
	t.Helper()
	for _, tt := range tests {
		u, err := ParseString(tt.in)
		if err == nil {
			t.Errorf("ParseString(%q) = %s, want %v at %d", tt.in, describe(u), tt.kind, tt.off)
			continue
		}
		if err != tt.kind || u.ErrorOffset() != tt.off {
			t.Errorf("ParseString(%q): %v at %d, want %v at %d", tt.in, err, u.ErrorOffset(), tt.kind, tt.off)
		}
		if !errors.Is(err, tt.kind) || !errors.Is(u.Err(), tt.kind) {
			t.Errorf("ParseString(%q): errors.Is(%v, %v) is false", tt.in, u.Err(), tt.kind)
		}
		var se *SyntaxError
		if !errors.As(u.Err(), &se) || se.Offset != tt.off || se.Kind != tt.kind {
			t.Errorf("ParseString(%q).Err() = %#v", tt.in, u.Err())
		}
		if u.Has(ComponentScheme) || u.Has(ComponentHost) || u.RawPath() != "" || u.HostType() != HostNone {
			t.Errorf("ParseString(%q) failed but kept components: %s", tt.in, describe(u))
		}
	}
}

// The offset is that of the first byte at which the input stops being a
// prefix of any valid URI reference.
func TestParseErrors(t *testing.T) {
	runErrorTests(t, []errorTest{
		// Scheme, and the colon-in-first-segment rule (section 4.2).
		{"1a:b", ErrInvalidScheme, 2},
		{"a@b:c", ErrInvalidScheme, 3},
		// Errors past the first block, after an authority in it.
		{"http://h:80/" + strings.Repeat("x", 60) + "%zz", ErrInvalidPercentEncoding, 73},
		{"http://h/" + strings.Repeat("x", 60) + "#a#", ErrInvalidFragment, 71},
		{"http://h?" + strings.Repeat("y", 60) + " ", ErrInvalidQuery, 69},
		{"http://h:8/" + strings.Repeat("x", 60) + "[", ErrInvalidPath, 71},
		{"./a?b#c#d", ErrInvalidFragment, 7},
		{"/a?b c", ErrInvalidQuery, 4},
		{"/a b?c", ErrInvalidPath, 2},
		{":b", ErrInvalidScheme, 0},
		{":", ErrInvalidScheme, 0},
		{"a_b:c", ErrInvalidScheme, 3},
		{"a%41:b", ErrInvalidScheme, 4},
		{"a@b:c", ErrInvalidScheme, 3},
		{"@:x", ErrInvalidScheme, 1}, // segment-nz-nc allows '@' but not ':'
		{"a%20b:c", ErrInvalidScheme, 5},
		{".a:b", ErrInvalidScheme, 2},
		{"-:x", ErrInvalidScheme, 1},
		// Userinfo and host.
		{"http://a b/", ErrInvalidHost, 8},
		{"http://u s@h/", ErrInvalidUserinfo, 8},
		{"http://u[@h/", ErrInvalidUserinfo, 8},
		{"http://a@b@c/", ErrInvalidHost, 10}, // second '@'
		{"http://a@b@", ErrInvalidHost, 10},
		{"http://a[b/", ErrInvalidHost, 8}, // '[' not opening the host
		{"http://a]/", ErrInvalidHost, 8},
		{"http://u@h]/", ErrInvalidHost, 10},
		{"http://x[::1]/", ErrInvalidHost, 8},  // text before '['
		{"http://[::1]x/", ErrInvalidHost, 12}, // text after ']'
		{"http://[::1]%41/", ErrInvalidHost, 12},
		{"http://[::1]]/", ErrInvalidHost, 12},
		{"http://[::1][/", ErrInvalidHost, 12},
		// An '@' makes what precedes it userinfo, which holds no '['
		// (section 3.2.1); the offset is where the IP literal, the only
		// reading left until then, broke.
		{"http://[::1]@h/", ErrInvalidUserinfo, 12},
		{"//[@", ErrInvalidUserinfo, 3},
		{"http://[::1@h", ErrInvalidUserinfo, 11},
		{"//[::]:@", ErrInvalidUserinfo, 7},
		// A port holds digits only: no percent-encoding, good or bad.
		{"//::%", ErrInvalidPort, 5},
		{"//h:a%zz", ErrInvalidPort, 6},
		{"//@:%", ErrInvalidPort, 4},
		{"//[::1]:%", ErrInvalidPort, 8},
		{"//h:1%41/", ErrInvalidPort, 8},
		{"//h%zz:1", ErrInvalidPercentEncoding, 4},
		{"//h:1%zz@x", ErrInvalidPercentEncoding, 6}, // userinfo, then
		// A second '@' is the host's, after a reg-name or an IP literal.
		{"//u@h:@", ErrInvalidHost, 6},
		{"//@[::]:@", ErrInvalidHost, 8},
		{"//u@[::1%25x]:@", ErrInvalidHost, 14},
		{"http://h\\x/", ErrInvalidHost, 8},
		{"http://h\x00/", ErrInvalidHost, 8},
		// Port.
		{"http://h:8x/", ErrInvalidPort, 11},  // could be userinfo until the '/'
		{"http://h:8x", ErrInvalidPort, 11},   // ... or until the end
		{"http://a:b:c/", ErrInvalidPort, 12}, // a port after a second ':'
		{"http://h:1:2", ErrInvalidPort, 12},
		{"http://u@h:1:2/", ErrInvalidPort, 12}, // after '@' the second ':' is final
		{"http://u@h:8x/", ErrInvalidPort, 12},
		{"http://u@h:-1/", ErrInvalidPort, 11},
		{"http://[::1]:8x/", ErrInvalidPort, 14},
		{"http://[::1]:1:2/", ErrInvalidPort, 14},
		{"http://[::1]:+1/", ErrInvalidPort, 13},
		{"http://h:8 0/", ErrInvalidPort, 10},
		{"//@:A ", ErrInvalidPort, 4}, // after '@' the 'A' is final, not the space (found by FuzzParse)
		{"//u@h:1x@", ErrInvalidPort, 7},
		{"//u@h:1x:", ErrInvalidPort, 7},
		{"//u@h:1x[", ErrInvalidPort, 7},
		{"//u@h:1%41/", ErrInvalidPort, 7}, // no percent-encoding in a port
		{"//u@h:%zz", ErrInvalidPort, 6},
		// Path, query, fragment.
		{"/a b", ErrInvalidPath, 2},
		{"/a[b", ErrInvalidPath, 2},
		{"/a]b", ErrInvalidPath, 2},
		{"http://h/a\"b", ErrInvalidPath, 10},
		{"http://h/\x80", ErrInvalidPath, 9},
		{"http://h/\r\n", ErrInvalidPath, 9},
		{"?a b", ErrInvalidQuery, 2},
		{"?a[", ErrInvalidQuery, 2},
		{"?a#b#c", ErrInvalidFragment, 4}, // second '#'
		{"#a b", ErrInvalidFragment, 2},
		{"#[", ErrInvalidFragment, 1},
		{"a b", ErrInvalidPath, 1},
		// Percent-encoding (section 2.1).
		{"%", ErrInvalidPercentEncoding, 1},
		{"%4", ErrInvalidPercentEncoding, 2},
		{"%zz", ErrInvalidPercentEncoding, 1},
		{"%4z", ErrInvalidPercentEncoding, 2},
		{"/%", ErrInvalidPercentEncoding, 2},
		{"/%%41", ErrInvalidPercentEncoding, 2},
		{"?%g0", ErrInvalidPercentEncoding, 2},
		{"#%0", ErrInvalidPercentEncoding, 3},
		{"http://%x/", ErrInvalidPercentEncoding, 8},
		{"http://u%@h/", ErrInvalidPercentEncoding, 9},
		{"/a%2/", ErrInvalidPercentEncoding, 4},
		{"http://[fe80::1%25a%1]/", ErrInvalidPercentEncoding, 21},
		// IP literals, reported inside the brackets.
		{"http://[::1", ErrInvalidIPLiteral, 11},
		{"http://[::1/", ErrInvalidIPLiteral, 11},
		{"//[::1a.2.3.4]", ErrInvalidIPLiteral, 7}, // "1a" is no dec-octet
		// A port is digits only, after an IP literal too.
		{"//[::1]:8a", ErrInvalidPort, 9},
		{"http://[::1]:80abc/", ErrInvalidPort, 15},
		// Userinfo until the first '@' of the authority, which a '#' ends.
		{"//a:b^", ErrInvalidPort, 5},
		{"//a:b^@h", ErrInvalidUserinfo, 5},
		{"//u@h^@x", ErrInvalidHost, 5},
		{"//a:b^#@", ErrInvalidPort, 5},
		{"http://a:b]#@x", ErrInvalidPort, 10},
		{"http://u@[1::2::3]/", ErrInvalidIPLiteral, 15},
	})
}

// Each confusion listed in the design's security rules.
func TestParseSecurityRules(t *testing.T) {
	// Strict mode rejects every byte RFC 3986 does not allow where it stands.
	for _, c := range []byte("\x00\x01\x09\x0a\x0d\x1f \\\"<>^`{|}\x7f\x80\xff") {
		for _, tmpl := range []string{"http://h/a_b", "http://a_b/", "http://h/?a_b", "http://h/#a_b", "a_b", "http://u_s@h/"} {
			in := strings.Replace(tmpl, "_", string([]byte{c}), 1)
			u, err := ParseString(in)
			if err == nil {
				t.Errorf("%q: accepted", in)
				continue
			}
			if want := strings.IndexByte(in, c); u.ErrorOffset() != want {
				t.Errorf("%q: error at %d, want %d", in, u.ErrorOffset(), want)
			}
		}
	}
	// Nothing is guessed.
	runParseTests(t, []parseTest{
		{"google.com/abc", "path=google.com/abc"},
		{"http:/x", "scheme=http path=/x"},
		{"http:///x", "scheme=http host= (reg-name) path=/x"},
		{"http://a#@b", "scheme=http host=a (reg-name) path= fragment=@b"},
		{"//x/y", "host=x (reg-name) path=/y"},
	})
	runErrorTests(t, []errorTest{
		{"http://a@b@c", ErrInvalidHost, 10},
		{"http://[::1]x", ErrInvalidHost, 12},
		{"http://x[::1]", ErrInvalidHost, 8},
		{"http://h:1:2", ErrInvalidPort, 12},
		{"http:\\\\h", ErrInvalidPath, 5},
		{"/\\/x", ErrInvalidPath, 1},
	})
}

// The zero URI is the empty relative reference, the same as parsing "".
// TestURISize guards the size of a URI, which every Parse returns by value:
// growing it costs every call (compare BenchmarkParse before and after).
func TestURISize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) == 8 && unsafe.Sizeof(URI{}) != 80 {
		t.Errorf("URI is %d bytes, want 80", unsafe.Sizeof(URI{}))
	}
}

func TestZeroURI(t *testing.T) {
	var zero URI
	u, err := ParseString("")
	if err != nil || describe(zero) != describe(u) || !zero.Has(ComponentPath) || zero.Has(ComponentQuery) ||
		zero.HostType() != HostNone || zero.ErrorOffset() != -1 || zero.Err() != nil {
		t.Errorf("zero URI: %s, Has(ComponentPath) %v; ParseString(\"\"): %s", describe(zero), zero.Has(ComponentPath), describe(u))
	}
	// The doc promises ==, which compares the representation too.
	s, _ := SplitString("")
	origin, _, _ := ParseRequestTargetString("GET", "/")
	root, _ := ParseString("/")
	if zero != u || s != u || origin != root {
		t.Errorf("zero URI == ParseString(\"\") %v, SplitString(\"\") == ParseString(\"\") %v, origin-form \"/\" == ParseString(\"/\") %v",
			zero == u, s == u, origin == root)
	}
}

func TestNames(t *testing.T) {
	for _, tt := range []struct{ got, want string }{
		{ComponentScheme.String(), "scheme"},
		{ComponentFragment.String(), "fragment"},
		{Component(7).String(), "Component(7)"},
		{Component(200).String(), "Component(200)"},
		{HostIPvFuture.String(), "ipvfuture"},
		{HostType(9).String(), "HostType(9)"},
		{HostType(len(hostTypeNames)).String(), "HostType(5)"},
		{ErrorKind(numErrorKinds).Error(), "fasturi: unknown error " + strconv.Itoa(int(numErrorKinds))},
		{ErrInvalidPort.Error(), "fasturi: invalid port"},
		{ErrInvalidPort.Message(), "invalid port"},
		{ErrorKind(0).Error(), "fasturi: no error"},
		{ErrorKind(99).Error(), "fasturi: unknown error 99"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
	var zero URI
	if zero.Has(Component(7)) || zero.Span(Component(7)) != (Span{}) {
		t.Error("an unknown component is present")
	}
}

func TestSyntaxErrorMessage(t *testing.T) {
	long := strings.Repeat("a", 40)
	for _, tt := range []struct{ in, want string }{
		{"http://a:8x/", `fasturi: invalid port: '/' at offset 11 in "http://a:8x/"`},
		{"http://[::1", `fasturi: invalid IP literal: unexpected end of input at offset 11 in "http://[::1"`},
		{"/\xff", `fasturi: invalid path: byte 0xff at offset 1 in "/\xff"`},
		{"/\x80", `fasturi: invalid path: byte 0x80 at offset 1 in "/\x80"`},
		{"/\x7f", `fasturi: invalid path: '\x7f' at offset 1 in "/\x7f"`},
		{"/\n", `fasturi: invalid path: '\n' at offset 1 in "/\n"`},
		{"/" + long + " " + long, `fasturi: invalid path: ' ' at offset 41 in "...aaaaaaaaaaaaaaaaaaaaaaaa aaaaaaaaaaaaaaaaaaaaaaaa..."`},
	} {
		u, _ := ParseString(tt.in)
		if got := u.Err().Error(); got != tt.want {
			t.Errorf("%q:\n got  %s\n want %s", tt.in, got, tt.want)
		}
	}
	// An empty input that ends too early still says so, and quotes "".
	u, _, _ := ParseRequestTargetString("GET", "")
	if got, want := u.Err().Error(), `fasturi: request-target form not allowed: unexpected end of input at offset 0 in ""`; got != want {
		t.Errorf("empty target:\n got  %s\n want %s", got, want)
	}
	// One made by hand has no input: no byte to name, nothing to quote.
	for _, tt := range []struct {
		e    SyntaxError
		want string
	}{
		{SyntaxError{Kind: ErrControlCharacter, Offset: 8}, "fasturi: control character at offset 8"},
		{SyntaxError{Kind: ErrTooLong, Offset: 8}, "fasturi: input too long: longer than 4294967295 bytes"},
	} {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("%+v:\n got  %s\n want %s", tt.e, got, tt.want)
		}
	}
	// NewSyntaxError quotes the input of an error that came as a kind and
	// an offset, and quotes nothing for an offset outside it.
	port, _ := ParseString("http://example.com:65536/")
	_, off, perr := port.PortNumber()
	for _, tt := range []struct {
		err  error
		want string
	}{
		{NewSyntaxError(port.String(), off, perr), `fasturi: port out of range: '6' at offset 19 in "http://example.com:65536/"`},
		{NewSyntaxError("%zz", 0, ErrInvalidPercentEncoding), `fasturi: invalid percent-encoding: '%' at offset 0 in "%zz"`},
		{NewSyntaxError("/a", 2, ErrInvalidPath), `fasturi: invalid path: unexpected end of input at offset 2 in "/a"`},
		{NewSyntaxError("/a", 3, ErrInvalidPath), "fasturi: invalid path at offset 3"},
		{NewSyntaxError("/a", -1, fmt.Errorf("wrapped: %w", ErrInvalidPath)), `fasturi: invalid path at offset -1`},
		{NewSyntaxError("/a", 0, io.EOF), "EOF"},
	} {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("NewSyntaxError:\n got  %s\n want %s", got, tt.want)
		}
	}
	if err := NewSyntaxError("/a", 0, nil); err != nil {
		t.Errorf("NewSyntaxError of nil: %#v", err)
	}
	if err := NewSyntaxError("/a", 0, ErrorKind(0)); err != ErrorKind(0) {
		t.Errorf("NewSyntaxError of ErrorKind(0): %#v, want it back", err)
	}
	if se := (*SyntaxError)(nil); !errors.As(NewSyntaxError("/a", 1, ErrInvalidPath), &se) || se.Kind != ErrInvalidPath || se.Offset != 1 {
		t.Errorf("NewSyntaxError is no *SyntaxError: %v", se)
	}
	// The message is a copy: reusing the input buffer does not change it.
	b := []byte("/a b")
	u, _ = Parse(b)
	err := u.Err()
	copy(b, "////")
	if got := err.Error(); got != `fasturi: invalid path: ' ' at offset 2 in "/a b"` {
		t.Errorf("after reuse of the input: %s", got)
	}
}

// TestErrorOffsetAcrossBlocks puts a bad byte at every position of a long
// path, query and fragment, so that errors land before, on and after every
// 64-byte block boundary of the scanner.
func TestErrorOffsetAcrossBlocks(t *testing.T) {
	var b strings.Builder
	for b.Len() < 300 {
		b.WriteString("/abc%41:@!")
	}
	seg := b.String()
	in := "http://u@h:1" + seg + "?" + strings.ReplaceAll(seg, "/", "?") + "#" + seg
	q, f := strings.IndexByte(in, '?'), strings.IndexByte(in, '#')
	if _, err := ParseString(in); err != nil {
		t.Fatal(err)
	}
	for p := len("http://u@h:1/"); p < len(in); p++ {
		if in[p] == '?' || in[p] == '#' || in[p] == '%' || in[p-1] == '%' || p >= 2 && in[p-2] == '%' {
			continue // delimiters and percent-encodings change meaning when replaced
		}
		bad := []byte(in)
		bad[p] = ' '
		want := ErrInvalidPath
		if p > f {
			want = ErrInvalidFragment
		} else if p > q {
			want = ErrInvalidQuery
		}
		u, err := Parse(bad)
		if err != want || u.ErrorOffset() != p {
			t.Fatalf("space at %d: %v at %d, want %v at %d", p, err, u.ErrorOffset(), want, p)
		}
	}
}

// TestClone checks that a clone is the URI it was made from, component
// for component, reading memory of its own, with one allocation.
func TestClone(t *testing.T) {
	for _, in := range []string{"", "http://u@h:80/p?q#f", "//x/y", "http://h:8x/", "a b"} {
		buf := []byte(in)
		for _, parse := range []func([]byte) URI{
			func(b []byte) URI { u, _ := Parse(b); return u },
			func(b []byte) URI { u, _ := Split(b); return u },
			func(b []byte) URI { u, _, _ := ParseRequestTarget("GET", b); return u },
		} {
			copy(buf, in)
			u := parse(buf)
			want := u
			want.s = in // what u held before its buffer changed
			c := u.Clone()
			for i := range buf {
				buf[i] = '!'
			}
			if c != want {
				t.Errorf("%q: clone %+v, want %+v", in, c, want)
			}
			if got := testing.AllocsPerRun(10, func() { sinkURI = u.Clone() }); in != "" && got != 1 || in == "" && got != 0 {
				t.Errorf("%q: Clone allocates %v times", in, got)
			}
		}
	}
}
