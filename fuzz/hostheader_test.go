package fuzz

import (
	"testing"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/fuzz/internal/ref"
)

// FuzzHostHeader checks ParseHostHeaderString against the reference
// parser on the network-path reference "//"+s: a Host value is valid when
// that reference is, with no userinfo, an empty path, and no query or
// fragment, and then its host and port are the reference's, two bytes
// earlier; Facts and Addr read it as they read the authority of
// "http://"+s+"/". An invalid value's error offset is where the
// reference's Host rule (RFC 9110 section 7.2) stops matching, and its
// kind the rule that the reference reads as broken.
func FuzzHostHeader(f *testing.F) {
	addSeeds(f)
	for _, s := range hostSeeds {
		f.Add(s)
	}
	for _, s := range []string{"", ":", "h:", "u@h", "h/x", "h?", "h#", "[::1]x", "h:8x", "h:1:2", "a b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := fasturi.ParseHostHeaderString(s)
		if len(s) > maxRefLen {
			return
		}
		r := ref.Parse("//" + s)
		want := r.Valid && !r.Userinfo.Present && r.Path.Start == r.Path.End && !r.Query.Present && !r.Fragment.Present
		if (err == nil) != want {
			t.Fatalf("ParseHostHeaderString(%q): %v; the reference reads //%s as valid %v, userinfo %v, path %v, query %v, fragment %v",
				s, err, s, r.Valid, r.Userinfo.Present, r.Path, r.Query.Present, r.Fragment.Present)
		}
		if err != nil {
			// Where the value stops being a prefix of any Host value, and
			// the rule it breaks there.
			k, _ := err.(fasturi.ErrorKind)
			if off, w := u.ErrorOffset(), ref.ParseHostHeader(s); off != w.ErrorOffset || refKinds[k] != w.Kind || w.Valid || u.Valid() {
				t.Fatalf("ParseHostHeaderString(%q): %v at %d, valid %v; the reference: %q at %d, valid %v", s, err, off, u.Valid(), w.Kind, w.ErrorOffset, w.Valid)
			}
			return
		}
		if w := ref.ParseHostHeader(s); !w.Valid || w.Host != shift(r.Host, -2) || w.Port != shift(r.Port, -2) {
			t.Fatalf("%q: the reference's Host value %+v disagrees with its //%s", s, w, s)
		}
		host, port := u.Span(fasturi.ComponentHost), u.Span(fasturi.ComponentPort)
		if !u.HasAuthority() || u.HasScheme() || u.HasUserinfo() || u.RawPath() != "" ||
			int(host.Start) != r.Host.Start-2 || int(host.End) != r.Host.End-2 ||
			u.HasPort() != r.Port.Present || r.Port.Present && (int(port.Start) != r.Port.Start-2 || int(port.End) != r.Port.End-2) {
			t.Fatalf("ParseHostHeaderString(%q): host %v, port %v (%v); the reference: host %v, port %v", s, host, port, u.HasPort(), r.Host, r.Port)
		}
		v, verr := fasturi.ParseString("http://" + s + "/")
		if verr != nil {
			t.Fatalf("%q is a Host value, but http://%s/ does not parse: %v", s, s, verr)
		}
		fu, fv := u.Facts(), v.Facts()
		fv.PathUnderflow = false // of the "/" that only v has
		if fu != fv {
			t.Fatalf("Facts of Host %q: %+v; of http://%s/: %+v", s, fu, s, fv)
		}
		au, oku := u.Addr()
		av, okv := v.Addr()
		if au != av || oku != okv {
			t.Fatalf("Addr of Host %q: %v, %v; of http://%s/: %v, %v", s, au, oku, s, av, okv)
		}
	})
}

// shift returns sp moved by d bytes, when present.
func shift(sp ref.Span, d int) ref.Span {
	if sp.Present {
		sp.Start += d
		sp.End += d
	}
	return sp
}
