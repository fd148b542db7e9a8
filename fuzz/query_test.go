package fuzz

import (
	"net/url"
	"strings"
	"testing"
	"unsafe"

	"github.com/fasturi/fasturi"
	"github.com/fasturi/fasturi/fuzz/internal/ref"
)

// querySeeds are queries for each rule of Params: separators, empty
// pieces, '=' in keys and values, encodings and limits.
var querySeeds = []string{
	"", "a", "a=1&b=2", "a=1;b=2", "a;b&c", "&", ";;", "a&&b", "&a&", "=v", "k=", "=", "==",
	"a=b=c", "a=1&a=2&a=1", "q=a+b%20c", "%26=%3D&%3B", "+%2B+=+", "a=%zz", "%4", "a=%", "x=%0D%0A",
	"name=ferret", "objectClass?one", "redirect=/a/b?c=d#f", "caf%C3%A9=cr%C3%A8me",
}

// naiveParams splits a query as the Params documentation says, the plain
// way: on every separator, dropping empty pieces, each piece cut at its
// first '='. It returns the parameters up to the limit and the offset of
// the first one beyond it, or -1.
func naiveParams(q string, semicolon bool, limit int) (params [][2]string, errOff int) {
	if semicolon {
		q = strings.ReplaceAll(q, ";", "&") // same length: offsets hold
	}
	off := 0
	for _, piece := range strings.Split(q, "&") {
		start := off
		off += len(piece) + 1
		if piece == "" {
			continue
		}
		if limit > 0 && len(params) == limit {
			return params, start
		}
		k, v, _ := strings.Cut(piece, "=")
		params = append(params, [2]string{k, v})
	}
	return params, -1
}

// FuzzQuery compares Params with naiveParams for any query, options and
// limit: every key and value, Err and ErrorOffset. It compares decoding of
// every key and value with DecodePlusAsSpace against net/url's
// QueryUnescape, an independent decoder: the same bytes when both accept,
// an error from both otherwise. When "s:?"+query parses, URI.Params must
// give the parameters of its query with offsets in the URI's input, and
// when it does not, nothing but the URI's error.
func FuzzQuery(f *testing.F) {
	for i, q := range querySeeds {
		f.Add(q, uint8(i%2), i%4)
	}
	for i, s := range seeds {
		_, q, _ := strings.Cut(s, "?")
		f.Add(q, uint8(i%2), i%3)
	}
	f.Fuzz(func(t *testing.T, q string, opts uint8, limit int) {
		o := fasturi.QueryOption(opts)
		semicolon := o&fasturi.QuerySemicolon != 0
		checkQuery(t, q, fasturi.NewParams(q, o, limit), q, semicolon, limit, 0)

		p := fasturi.NewParams(q, o, 0)
		for k, v := range p.All() {
			checkQueryDecode(t, q, k)
			checkQueryDecode(t, q, v)
		}
		for _, d := range []fasturi.DecodeOption{0, fasturi.DecodePlusAsSpace, fasturi.DecodePlusAsSpace | fasturi.DecodeNoControls} {
			checkDecoded(t, q, o, limit, d)
		}

		const prefix = "s:?"
		u, err := fasturi.ParseString(prefix + q)
		if err != nil {
			p := u.Params(o, limit)
			if k, v, ok := p.Next(); ok || p.Err() != err || p.ErrorOffset() != u.ErrorOffset() {
				t.Fatalf("%q: URI.Params of an invalid URI gives %q=%q, %v at %d; want nothing, %v at %d",
					prefix+q, k, v, p.Err(), p.ErrorOffset(), err, u.ErrorOffset())
			}
			return
		}
		// The query ends at a '#', if any.
		checkQuery(t, prefix+q, u.Params(o, limit), u.RawQuery(), semicolon, limit, len(prefix))
	})
}

// checkQuery reads p, over query, to its end and compares it with
// naiveParams; offsets are shifted by base.
func checkQuery(t *testing.T, in string, p fasturi.Params, query string, semicolon bool, limit, base int) {
	t.Helper()
	want, wantOff := naiveParams(query, semicolon, limit)
	for i := 0; ; i++ {
		k, v, ok := p.Next()
		if !ok {
			if i != len(want) {
				t.Fatalf("%q (limit %d): %d parameters, want %d: %q", in, limit, i, len(want), want)
			}
			break
		}
		if i >= len(want) || [2]string{k, v} != want[i] {
			t.Fatalf("%q (limit %d): parameter %d is %q=%q, want %q", in, limit, i, k, v, want)
		}
	}
	var wantErr error
	if wantOff >= 0 {
		wantErr, wantOff = fasturi.ErrTooManyParameters, base+wantOff
	}
	if p.Err() != wantErr || p.ErrorOffset() != wantOff {
		t.Fatalf("%q (limit %d): Err %v at %d, want %v at %d", in, limit, p.Err(), p.ErrorOffset(), wantErr, wantOff)
	}
}

// checkQueryDecode compares form decoding of s with url.QueryUnescape.
func checkQueryDecode(t *testing.T, q, s string) {
	t.Helper()
	dec, off, err := fasturi.AppendDecode(nil, s, fasturi.DecodePlusAsSpace)
	want, werr := url.QueryUnescape(s)
	if (err == nil) != (werr == nil) || err == nil && string(dec) != want {
		t.Fatalf("%q: AppendDecode(%q, DecodePlusAsSpace) = %q, %d, %v; QueryUnescape %q, %v", q, s, dec, off, err, want, werr)
	}
	if err != nil && (off < 0 || off > len(s)) {
		t.Fatalf("%q: AppendDecode(%q): error offset %d", q, s, off)
	}
}

// checkDecoded compares Params.Decoded over q with Next and the reference
// decoder on each raw key and value: the same bytes, up to the first key
// or value that does not decode, whose error and offset in q it must
// report; or the limit's error.
func checkDecoded(t *testing.T, q string, o fasturi.QueryOption, limit int, d fasturi.DecodeOption) {
	t.Helper()
	var want [][2]string
	raw := fasturi.NewParams(q, o, limit)
	var wantErr error
	wantOff := -1
	for {
		k, v, ok := raw.Next()
		if !ok {
			wantErr, wantOff = raw.Err(), raw.ErrorOffset()
			break
		}
		// k and v are substrings of q: their offsets follow from their
		// pointers.
		plus, noControls := d&fasturi.DecodePlusAsSpace != 0, d&fasturi.DecodeNoControls != 0
		dk, at, kind := ref.Decode(k, plus, noControls)
		if kind != ref.KindNone {
			wantErr, wantOff = errorOfKind(kind), offsetIn(q, k)+at
			break
		}
		dv, at, kind := ref.Decode(v, plus, noControls)
		if kind != ref.KindNone {
			wantErr, wantOff = errorOfKind(kind), offsetIn(q, v)+at
			break
		}
		want = append(want, [2]string{dk, dv})
	}
	// A buffer without spare room, which Decoded grows, and one with room
	// for the query, into which a kernel may decode it in one pass.
	for _, buf := range [][]byte{[]byte("prefix"), append(make([]byte, 0, len("prefix")+len(q)), "prefix"...)} {
		p := fasturi.NewParams(q, o, limit)
		var keys, values [][]byte
		for k, v := range p.Decoded(buf, d) {
			keys, values = append(keys, k), append(values, v)
		}
		if len(keys) != len(want) {
			t.Fatalf("%q (%v, limit %d, room %d): Decoded yields %d parameters, want %d: %q", q, d, limit, cap(buf)-len(buf), len(keys), len(want), want)
		}
		for i := range keys {
			if string(keys[i]) != want[i][0] || string(values[i]) != want[i][1] {
				t.Fatalf("%q (%v, room %d): Decoded parameter %d is %q=%q, want %q", q, d, cap(buf)-len(buf), i, keys[i], values[i], want[i])
			}
		}
		if p.Err() != wantErr || p.ErrorOffset() != wantOff {
			t.Fatalf("%q (%v, limit %d, room %d): Decoded stops with %v at %d, want %v at %d", q, d, limit, cap(buf)-len(buf), p.Err(), p.ErrorOffset(), wantErr, wantOff)
		}
		if string(buf) != "prefix" {
			t.Fatalf("%q: Decoded wrote over the buffer's bytes: %q", q, buf)
		}
	}
}

// offsetIn returns the offset in q of sub, a substring of q.
func offsetIn(q, sub string) int {
	if len(sub) == 0 {
		return -1 // not used: an empty key or value always decodes
	}
	return int(uintptr(unsafe.Pointer(unsafe.StringData(sub))) - uintptr(unsafe.Pointer(unsafe.StringData(q))))
}
