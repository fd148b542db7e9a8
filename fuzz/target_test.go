package fuzz

import (
	"strings"
	"testing"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/fuzz/internal/ref"
)

// targetMethods are the methods whose rules differ: CONNECT, OPTIONS, and
// any other (RFC 9112 section 3.2), and methods that are neither but look
// like one, or are no method at all (RFC 9110 section 9.1: methods are
// case-sensitive tokens).
var targetMethods = []string{"GET", "CONNECT", "OPTIONS", "connect", "OPTIONSX", "G(T", "", "GE T"}

// targetSeeds are the forms of RFC 9112 section 3.2 and the edges around
// them, for FuzzRequestTarget to start from besides the seeds.
var targetSeeds = []string{
	"/where?q=now", "http://www.example.org/pub/WWW/TheProject.html", "www.example.com:80", "*",
	"//x/y", "/a#f", "/?", "h:", "h", ":80", "[::1]:443", "[fe80::1%25eth0]:22", "u@h:1", "h:80/",
	"example.com:80", "127.0.0.1:8080", "0x7f.1:80", "a/b", "?q", "", "/a b", "http://h/#f",
	// Versions, for the line that ends in the fuzzed text.
	"HTTP/1.1", "HTTP/2.0", "HTTP/1.10", "http/1.1", "HTTP/11", "HTTP/1.", "HTTP/1.1\t", "HTTP/1.1\r",
}

var formNames = map[fasturi.TargetForm]string{
	fasturi.OriginForm: "origin", fasturi.AbsoluteForm: "absolute",
	fasturi.AuthorityForm: "authority", fasturi.AsteriskForm: "asterisk",
}

// FuzzRequestTarget compares ParseRequestTarget, for each method rule, with
// the reference grammar extended with RFC 9112's forms: validity, form,
// every component's presence and span, the host type, the zone, and the
// error's offset and kind. The method is taken as it is given, as
// ParseRequestTarget takes it. It also checks that ParseRequestLine finds
// the same in a request line made of the method, when it is a token, and
// the target, with offsets shifted by the method and its space, and in one
// that the target ends, which lacks its version; ErrInvalidMethod at the
// first byte of a method that is no token; and, in a line that ends in the
// fuzzed text as its version, that text's validity and error offset
// against the reference's HTTP-version rule.
func FuzzRequestTarget(f *testing.F) {
	for _, s := range targetSeeds {
		for _, m := range targetMethods {
			f.Add(m, s)
		}
	}
	for i, s := range seeds {
		f.Add(targetMethods[i%3], s)
	}
	f.Fuzz(func(t *testing.T, method, s string) {
		if len(s) > maxRefLen || len(method) > maxRefLen {
			return
		}
		u, form, err := fasturi.ParseRequestTargetString(method, s)
		want := ref.ParseTarget(method, s)
		if (err == nil) != want.Valid {
			t.Fatalf("%s %q: ParseRequestTarget: %v at %d (form %v); reference valid %v (%s), offset %d", method, s, err, u.ErrorOffset(), form, want.Valid, want.Form, want.ErrorOffset)
		}
		if err != nil {
			k, _ := err.(fasturi.ErrorKind)
			if u.ErrorOffset() != want.ErrorOffset || refKinds[k] != want.Kind || form != 0 {
				t.Fatalf("%s %q: ParseRequestTarget: %v at %d; reference %q at %d", method, s, err, u.ErrorOffset(), want.Kind, want.ErrorOffset)
			}
		} else {
			if formNames[form] != want.Form {
				t.Fatalf("%s %q: form %v, reference %s", method, s, form, want.Form)
			}
			wantSpans := []ref.Span{want.Scheme, want.Userinfo, want.Host, want.Port, want.Path, want.Query, want.Fragment}
			for i, c := range components {
				sp, w := u.Span(c), wantSpans[i]
				if c == fasturi.ComponentPath && !w.Present {
					w = ref.Span{Present: true, Start: len(s), End: len(s)} // the authority-form's empty path
				}
				if u.Has(c) != w.Present || w.Present && (int(sp.Start) != w.Start || int(sp.End) != w.End) {
					t.Fatalf("%s %q: %v = %v (present %v), reference %+v", method, s, c, sp, u.Has(c), w)
				}
			}
			if u.HostType().String() != want.HostType {
				t.Fatalf("%s %q: host type %v, reference %s", method, s, u.HostType(), want.HostType)
			}
			if z := u.RawZone(); z != want.Zone.String(s) {
				t.Fatalf("%s %q: zone %q, reference %q", method, s, z, want.Zone.String(s))
			}
		}

		// The same target in a request line.
		if strings.ContainsAny(s, " ") || strings.ContainsAny(method, " ") {
			return // the space would end the target, or the method
		}
		line := method + " " + s + " HTTP/1.1"
		r, lerr := fasturi.ParseRequestLineString(line)
		if i := ref.MethodError(method); i >= 0 {
			if lerr != fasturi.ErrInvalidMethod || r.ErrorOffset() != i {
				t.Fatalf("%q: %v at %d, want the method's byte at %d", line, lerr, r.ErrorOffset(), i)
			}
			return
		}
		switch {
		case s == "":
			if lerr != fasturi.ErrInvalidRequestLine || r.ErrorOffset() != len(method)+1 {
				t.Fatalf("%q: %v at %d, want a doubled space", line, lerr, r.ErrorOffset())
			}
		case err != nil:
			if lerr != err || r.ErrorOffset() != len(method)+1+u.ErrorOffset() {
				t.Fatalf("%q: %v at %d; the target alone %v at %d", line, lerr, r.ErrorOffset(), err, u.ErrorOffset())
			}
		default:
			if lerr != nil || r.Method != method || r.Version != "HTTP/1.1" || r.Form != form || r.Target.String() != s {
				t.Fatalf("%q: %q %q %q %v, %v", line, r.Method, r.Target.String(), r.Version, r.Form, lerr)
			}
			for _, c := range components {
				if r.Target.Span(c) != u.Span(c) || r.Target.Has(c) != u.Has(c) {
					t.Fatalf("%q: %v differs from the target's alone", line, c)
				}
			}
		}

		// The fuzzed text as the version of a valid line: valid when it is
		// an HTTP-version, and otherwise ErrInvalidVersion where it stops
		// being a prefix of one.
		vline := method + " / " + s
		vr, verr := fasturi.ParseRequestLineString(vline)
		if method != "CONNECT" {
			if off := ref.VersionError(s); off < 0 {
				if verr != nil || vr.Version != s {
					t.Fatalf("%q: %v, version %q", vline, verr, vr.Version)
				}
			} else if verr != fasturi.ErrInvalidVersion || vr.ErrorOffset() != len(method)+3+off {
				t.Fatalf("%q: %v at %d, want %v at %d", vline, verr, vr.ErrorOffset(), fasturi.ErrInvalidVersion, len(method)+3+off)
			}
		}

		// And in a line that the target ends: its error, if it has one,
		// comes before the missing version.
		line = method + " " + s
		r, lerr = fasturi.ParseRequestLineString(line)
		wantErr, wantOff := fasturi.ErrInvalidRequestLine, len(line)
		if err != nil && s != "" {
			wantErr, wantOff = err.(fasturi.ErrorKind), len(method)+1+u.ErrorOffset()
		}
		if lerr != wantErr || r.ErrorOffset() != wantOff {
			t.Fatalf("%q: %v at %d, want %v at %d", line, lerr, r.ErrorOffset(), wantErr, wantOff)
		}
	})
}
