package fasturi_test

import (
	"fmt"
	"strconv"

	"github.com/fasturi/fasturi"
)

func ExampleURI_Addr() {
	for _, s := range []string{
		"http://192.0.2.16:80/",
		"ldap://[2001:db8::7]/c=GB",
		"http://[fe80::1%25eth0]/",
		"http://[::ffff:192.0.2.16]/",
		"http://example.com/",
		"http://0x7f.1/", // a reg-name: see LegacyIPv4
	} {
		u, _ := fasturi.ParseString(s)
		a, ok := u.Addr()
		fmt.Println(a, ok, a.Unmap())
	}
	// Output:
	// 192.0.2.16 true 192.0.2.16
	// 2001:db8::7 true 2001:db8::7
	// fe80::1%eth0 true fe80::1%eth0
	// ::ffff:192.0.2.16 true 192.0.2.16
	// invalid IP false invalid IP
	// invalid IP false invalid IP
}

func ExampleURI_PortNumber() {
	for _, s := range []string{
		"http://example.com:8080/",
		"http://example.com:00080/",
		"http://example.com/",
		"http://example.com:/",
		"http://example.com:65536/",
		"http://example.com:18446744073709551696/", // 2^64+80
	} {
		u, _ := fasturi.ParseString(s)
		fmt.Println(u.PortNumber())
	}
	// Output:
	// 8080 -1 <nil>
	// 80 -1 <nil>
	// -1 -1 <nil>
	// -1 -1 <nil>
	// -1 19 fasturi: port out of range
	// -1 19 fasturi: port out of range
}

func ExampleURI_AppendHostPort() {
	var buf [64]byte // room for the result: no allocation
	for _, s := range []string{
		"https://example.com/",
		"ws://example.com:8080/chat",
		"http://[fe80::1%25eth0]/",
		"http://ex%61mple.com/",
		"http://%5B%3A%3A1%5D/", // a reg-name that would decode to "[::1]"
		"foo://example.com/",    // no default port
	} {
		u, _ := fasturi.ParseString(s)
		hostport, off, err := u.AppendHostPort(buf[:0])
		if err != nil {
			fmt.Println(err, "at offset", off)
			continue
		}
		fmt.Println(string(hostport))
	}
	// Output:
	// example.com:443
	// example.com:8080
	// [fe80::1%eth0]:80
	// example.com:80
	// fasturi: invalid host at offset 7
	// fasturi: no port at offset 17
}

// A Host header has no scheme, and so no default port: the server adds
// its own scheme's to the host that AppendHost writes.
func ExampleURI_AppendHost() {
	var buf [64]byte
	for _, value := range []string{"example.com", "Ex%61mple.com:8443", "[fe80::1%25eth0]", "example.com:65536"} {
		h, err := fasturi.ParseHostHeaderString(value)
		if err != nil {
			fmt.Println(err)
			continue
		}
		addr, off, err := h.AppendHost(buf[:0])
		if err != nil {
			fmt.Println(err, "at offset", off)
			continue
		}
		port, off, err := h.PortNumber()
		if err != nil {
			fmt.Println(err, "at offset", off)
			continue
		}
		if port < 0 {
			port, _ = fasturi.DefaultPort("https") // a server behind TLS
		}
		fmt.Println(string(strconv.AppendInt(append(addr, ':'), int64(port), 10)))
	}
	// Output:
	// example.com:443
	// Example.com:8443
	// [fe80::1%eth0]:443
	// fasturi: port out of range at offset 12
}

func ExampleLegacyIPv4() {
	for _, s := range []string{
		"http://127.1/",
		"http://2130706433/",
		"http://0x7f.0.0.1/",
		"http://0177.0.0.1/",
		"http://%30x7f.1./",
		"http://127.0.0.1/", // an IPv4address: see Addr
		"http://4294967296/",
		"http://example.com/",
	} {
		u, _ := fasturi.ParseString(s)
		a, ok := fasturi.LegacyIPv4(u.RawHost())
		fmt.Printf("%-10v %-10v %v\n", u.HostType(), a, ok)
	}
	// Output:
	// reg-name   127.0.0.1  true
	// reg-name   127.0.0.1  true
	// reg-name   127.0.0.1  true
	// reg-name   127.0.0.1  true
	// reg-name   127.0.0.1  true
	// ipv4       invalid IP false
	// reg-name   invalid IP false
	// reg-name   invalid IP false
}
