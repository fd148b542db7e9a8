package fuzz

// seeds are the RFC 3986 examples and the tricky cases of fasturi's test
// tables, for every fuzz target to start from.
var seeds = []string{
	// RFC 3986 section 1.1.2 and section 3.
	"ftp://ftp.is.co.za/rfc/rfc1808.txt",
	"http://www.ietf.org/rfc/rfc2396.txt",
	"ldap://[2001:db8::7]/c=GB?objectClass?one",
	"mailto:John.Doe@example.com",
	"news:comp.infosystems.www.servers.unix",
	"tel:+1-816-555-1212",
	"telnet://192.0.2.16:80/",
	"urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
	"foo://example.com:8042/over/there?name=ferret#nose",
	"urn:example:animal:ferret:nose",
	// Section 5.4.
	"http://a/b/c/d;p?q", "g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s",
	"g?y#s", ";x", "g;x", "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../",
	"../../g", "../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.",
	"g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x", "g#s/./x", "http:g",
	// Hosts.
	"http://[fe80::1%25eth0]:80/", "http://[v1.x]/", "http://[::1.2.3.4]/", "http://[1:2:3:4:5:6:7:8]/",
	"http://[1:2:3:4:5:6:7::]/", "http://[::]/", "http://1.2.3.4/", "http://01.2.3.4/", "http://256.1.1.1/",
	"http://0x7f.1/", "http://[::1", "http://[1::2::3]/", "http://[12345::]/", "http://[::1.2.3.04]/",
	"http://[fe80::1%25]/", "http://[fe80::1%eth0]/", "http://[V7.a:b!]/", "http://[fe80::1%25a%25b]/",
	// Authorities.
	"http://u:p@h:8080/", "http://a@b@c/", "http://a:b:c/", "http://u@h:1:2/", "http://h:8x/",
	"http:///x", "http://", "http://a#@b", "http://[::1]x/", "http://x[::1]/", "http://:80/",
	// Paths, queries, fragments, percent-encoding.
	"1a:b", ":b", "a:b", "./a:b", "@:x", "a%20b:c", "/a b", "?a#b#c", "%", "%4", "%zz", "/%2F%00",
	"google.com/abc", "http:/x", "s:/.//a", "http:\\\\h", "/\x00\r\n", "/\xff\xfe",
	"http://h/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/b?c#d",
	// Error kinds.
	"%41:b", "%4:b", "a b:c", "a/b:c d", "1a://h", "http://u s@h", "http://u%4@h",
	"http://a]/", "http://[::1]]", "http://[::1]%41", "http://[::1]x:80", "http://[::g]", "http://[::1%zz]",
	"http://[::1%24]", "http://[fe80::1%25e%zz]", "http://[fe80::1%25%4]", "http://[v1.%41]",
	"http://a@[::1@x]", "http://a@b:1@d/", "http://a@b:c@d/", "http://h:1%zz", "http://h:1%41",
	"http://[::1]:x", "?a b", "#a#", "http://a b/c d?e f#g h",
}
