package fuzz

import (
	"net/url"
	"testing"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/fuzz/internal/ref"
)

// encodeTemplates put an encoded component where it parses as that one
// component: prefix, the encoding, suffix; the span starts before the
// encoding by spanFrom bytes of the prefix.
var encodeTemplates = []struct {
	c              fasturi.Component
	prefix, suffix string
	spanFrom       int
}{
	{fasturi.ComponentUserinfo, "s://", "@h/", 0},
	{fasturi.ComponentHost, "s://", "/", 0},
	{fasturi.ComponentPath, "s://h/", "", 1},
	{fasturi.ComponentQuery, "s://h/?", "", 0},
	{fasturi.ComponentFragment, "s://h/#", "", 0},
}

// FuzzPercent checks, for any bytes, that encoding them for each component
// gives text that parses as that component and decodes back to them
// (RFC 3986 section 2.1); that decoding any text, with every option, gives
// what the reference decoder gives, bytes or the error's kind and offset;
// and that it agrees with net/url's PathUnescape: the same bytes when both
// accept it, an error from both otherwise.
func FuzzPercent(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, tt := range encodeTemplates {
			enc := string(fasturi.AppendEncode(nil, s, tt.c))
			in := tt.prefix + enc + tt.suffix
			u, err := fasturi.ParseString(in)
			if err != nil {
				t.Fatalf("%v of %q: %q does not parse: %v", tt.c, s, in, u.Err())
			}
			sp := u.Span(tt.c)
			if got, want := in[sp.Start:sp.End], in[len(tt.prefix)-tt.spanFrom:len(tt.prefix)+len(enc)]; got != want {
				t.Fatalf("%v of %q: %q parses as %q", tt.c, s, in, got)
			}
			if dec, off, err := fasturi.AppendDecode(nil, enc, 0); err != nil || string(dec) != s {
				t.Fatalf("%v of %q: %q decodes to %q, %d, %v", tt.c, s, enc, dec, off, err)
			}
		}

		for _, opts := range []fasturi.DecodeOption{0, fasturi.DecodePlusAsSpace, fasturi.DecodeNoControls, fasturi.DecodePlusAsSpace | fasturi.DecodeNoControls} {
			checkDecode(t, s, opts)
		}

		dec, off, err := fasturi.AppendDecode(nil, s, 0)
		want, werr := url.PathUnescape(s)
		if (err == nil) != (werr == nil) || err == nil && string(dec) != want {
			t.Fatalf("AppendDecode(%q) = %q, %d, %v; PathUnescape %q, %v", s, dec, off, err, want, werr)
		}
	})
}

// checkDecode compares AppendDecode(s, opts), appended to a buffer that
// holds bytes already, with the reference decoder: the same bytes after
// the buffer's, or the same error kind and offset with the buffer as it
// was.
func checkDecode(t *testing.T, s string, opts fasturi.DecodeOption) {
	t.Helper()
	want, wantAt, wantKind := ref.Decode(s, opts&fasturi.DecodePlusAsSpace != 0, opts&fasturi.DecodeNoControls != 0)
	dst, at, err := fasturi.AppendDecode([]byte("buf:"), s, opts)
	var kind ref.Kind
	if k, ok := err.(fasturi.ErrorKind); ok {
		kind = refKinds[k]
	}
	switch {
	case (err == nil) != (wantKind == ref.KindNone), err != nil && kind != wantKind, at != wantAt:
		t.Fatalf("AppendDecode(%q, %v): error %v at %d; reference %q at %d", s, opts, err, at, wantKind, wantAt)
	case err == nil && string(dst) != "buf:"+want, err != nil && string(dst) != "buf:":
		t.Fatalf("AppendDecode(%q, %v) = %q, %v; reference %q", s, opts, dst, err, want)
	}
}
