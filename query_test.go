package fasturi

import (
	"fmt"
	"math"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"unsafe"
)

type paramsTest struct {
	in    string
	opts  QueryOption
	limit int
	want  [][2]string // key and value of each parameter, raw
	off   int         // offset of ErrTooManyParameters, or -1
}

// collect reads p to its end with Next.
func collect(p *Params) [][2]string {
	var got [][2]string
	for {
		k, v, ok := p.Next()
		if !ok {
			return got
		}
		got = append(got, [2]string{k, v})
	}
}

func equalParams(a, b [][2]string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// checkParams reads p twice over, with Next and with All, and compares both
// with want and the error offset with off, which is shifted by base (the
// query's offset in a URI's input).
func checkParams(t *testing.T, name string, mk func() Params, want [][2]string, off, base int) {
	t.Helper()
	wantErr, wantOff := error(nil), -1
	if off >= 0 {
		wantErr, wantOff = ErrTooManyParameters, base+off
	}
	p := mk()
	got := collect(&p)
	if !equalParams(got, want) || p.Err() != wantErr || p.ErrorOffset() != wantOff {
		t.Errorf("%s: Next gives %q, %v at %d; want %q, %v at %d", name, got, p.Err(), p.ErrorOffset(), want, wantErr, wantOff)
	}
	// Once done, a cursor stays done, with its error.
	if k, v, ok := p.Next(); ok || k != "" || v != "" || p.Err() != wantErr || p.ErrorOffset() != wantOff {
		t.Errorf("%s: Next after the end gives %q, %q, %v, %v at %d", name, k, v, ok, p.Err(), p.ErrorOffset())
	}
	p = mk()
	got = got[:0]
	for k, v := range p.All() {
		got = append(got, [2]string{k, v})
	}
	if !equalParams(got, want) || p.Err() != wantErr || p.ErrorOffset() != wantOff {
		t.Errorf("%s: All gives %q, %v at %d; want %q, %v at %d", name, got, p.Err(), p.ErrorOffset(), want, wantErr, wantOff)
	}
}

func runParamsTests(t *testing.T, tests []paramsTest) {
	t.Helper()
	for _, tt := range tests {
		checkParams(t, "NewParams("+tt.in+")", func() Params { return NewParams(tt.in, tt.opts, tt.limit) }, tt.want, tt.off, 0)
		// The same query in a URI: offsets in the URI's input.
		const prefix = "http://h/p?"
		u, err := ParseString(prefix + tt.in + "#f&g=h")
		if err != nil {
			t.Errorf("%q does not parse: %v", prefix+tt.in, u.Err())
			continue
		}
		checkParams(t, "URI.Params("+tt.in+")", func() Params { return u.Params(tt.opts, tt.limit) }, tt.want, tt.off, len(prefix))
	}
}

type kv = [2]string

// RFC 3986 section 3.4 gives a query no structure; form encoding splits it
// on '&', then each piece at its first '=' (the WHATWG URL Standard's
// application/x-www-form-urlencoded parser, and net/url's ParseQuery).
func TestParamsAmpersand(t *testing.T) {
	runParamsTests(t, []paramsTest{
		{"", 0, 0, nil, -1},
		{"a=1", 0, 0, []kv{{"a", "1"}}, -1},
		{"a=1&b=2", 0, 0, []kv{{"a", "1"}, {"b", "2"}}, -1},
		{"name=ferret&color=purple", 0, 0, []kv{{"name", "ferret"}, {"color", "purple"}}, -1},
		// ';' is data unless asked for.
		{"a=1;b=2", 0, 0, []kv{{"a", "1;b=2"}}, -1},
		{"a;b&c", 0, 0, []kv{{"a;b", ""}, {"c", ""}}, -1},
		{";", 0, 0, []kv{{";", ""}}, -1},
		// Other characters of section 3.4's query: '/' and '?' are data.
		{"objectClass?one", 0, 0, []kv{{"objectClass?one", ""}}, -1},
		{"redirect=/a/b?c=d", 0, 0, []kv{{"redirect", "/a/b?c=d"}}, -1},
		{"a:b@c=!$'()*,", 0, 0, []kv{{"a:b@c", "!$'()*,"}}, -1},
		// Unknown option bits are ignored.
		{"a;b&c", 0xfe, 0, []kv{{"a;b", ""}, {"c", ""}}, -1},
	})
}

func TestParamsSemicolon(t *testing.T) {
	runParamsTests(t, []paramsTest{
		{"", QuerySemicolon, 0, nil, -1},
		{"a=1;b=2", QuerySemicolon, 0, []kv{{"a", "1"}, {"b", "2"}}, -1},
		{"a=1;b=2&c=3", QuerySemicolon, 0, []kv{{"a", "1"}, {"b", "2"}, {"c", "3"}}, -1},
		{"a;&b", QuerySemicolon, 0, []kv{{"a", ""}, {"b", ""}}, -1},
		{";;a;", QuerySemicolon, 0, []kv{{"a", ""}}, -1},
		{";&;", QuerySemicolon, 0, nil, -1},
		{"a=%3B;b=;", QuerySemicolon, 0, []kv{{"a", "%3B"}, {"b", ""}}, -1},
		{"a;b&c", 0xff, 0, []kv{{"a", ""}, {"b", ""}, {"c", ""}}, -1},
	})
}

// An empty piece is no parameter, as in net/url.
func TestParamsEmptyPieces(t *testing.T) {
	runParamsTests(t, []paramsTest{
		{"&", 0, 0, nil, -1},
		{"&&&", 0, 0, nil, -1},
		{"a&&b", 0, 0, []kv{{"a", ""}, {"b", ""}}, -1},
		{"&a", 0, 0, []kv{{"a", ""}}, -1},
		{"a&", 0, 0, []kv{{"a", ""}}, -1},
		{"&&a=1&&&b=2&&", 0, 0, []kv{{"a", "1"}, {"b", "2"}}, -1},
	})
}

// Parameters come in order, duplicates included.
func TestParamsDuplicates(t *testing.T) {
	runParamsTests(t, []paramsTest{
		{"a=1&a=2&a=1", 0, 0, []kv{{"a", "1"}, {"a", "2"}, {"a", "1"}}, -1},
		{"b=1&a=2&b=3", 0, 0, []kv{{"b", "1"}, {"a", "2"}, {"b", "3"}}, -1},
		{"a&a", 0, 0, []kv{{"a", ""}, {"a", ""}}, -1},
		{"a=1;a=2", QuerySemicolon, 0, []kv{{"a", "1"}, {"a", "2"}}, -1},
	})
}

// The first '=' splits key from value; a piece without one is all key.
func TestParamsEquals(t *testing.T) {
	runParamsTests(t, []paramsTest{
		{"=v", 0, 0, []kv{{"", "v"}}, -1},
		{"k", 0, 0, []kv{{"k", ""}}, -1},
		{"k=", 0, 0, []kv{{"k", ""}}, -1},
		{"=", 0, 0, []kv{{"", ""}}, -1},
		{"==", 0, 0, []kv{{"", "="}}, -1},
		{"a=b=c", 0, 0, []kv{{"a", "b=c"}}, -1},
		{"a==b", 0, 0, []kv{{"a", "=b"}}, -1},
		{"=&=", 0, 0, []kv{{"", ""}, {"", ""}}, -1},
	})
}

// Keys and values come raw: the query is split before it is decoded
// (section 2.4), so encoded delimiters are data.
func TestParamsRaw(t *testing.T) {
	runParamsTests(t, []paramsTest{
		{"q=a+b%20c", 0, 0, []kv{{"q", "a+b%20c"}}, -1},
		{"%26=%3D&%3B", QuerySemicolon, 0, []kv{{"%26", "%3D"}, {"%3B", ""}}, -1},
		{"a%3Db=c", 0, 0, []kv{{"a%3Db", "c"}}, -1},
	})
}

// A limit caps the parameters yielded; a further one is an error at its
// offset, and empty pieces do not count.
func TestParamsLimit(t *testing.T) {
	runParamsTests(t, []paramsTest{
		// 0 or less: no limit.
		{"a&b&c", 0, 0, []kv{{"a", ""}, {"b", ""}, {"c", ""}}, -1},
		{"a&b&c", 0, -1, []kv{{"a", ""}, {"b", ""}, {"c", ""}}, -1},
		// 1.
		{"", 0, 1, nil, -1},
		{"a=1", 0, 1, []kv{{"a", "1"}}, -1},
		{"a=1&b=2", 0, 1, []kv{{"a", "1"}}, 4},
		{"a&&b", 0, 1, []kv{{"a", ""}}, 3},
		{"a&&", 0, 1, []kv{{"a", ""}}, -1},
		{"&&a", 0, 1, []kv{{"a", ""}}, -1},
		{"a;b", 0, 1, []kv{{"a;b", ""}}, -1},
		{"a;b", QuerySemicolon, 1, []kv{{"a", ""}}, 2},
		// Exactly the limit, and one over.
		{"a&b&c", 0, 3, []kv{{"a", ""}, {"b", ""}, {"c", ""}}, -1},
		{"a&b&c&", 0, 3, []kv{{"a", ""}, {"b", ""}, {"c", ""}}, -1},
		{"a&b&c", 0, 2, []kv{{"a", ""}, {"b", ""}}, 4},
		{"a=1&b=2&&=3", 0, 2, []kv{{"a", "1"}, {"b", "2"}}, 9},
		{"x=1;y=2;z=3", QuerySemicolon, 2, []kv{{"x", "1"}, {"y", "2"}}, 8},
		// Far below the limit.
		{"a&b", 0, math.MaxInt, []kv{{"a", ""}, {"b", ""}}, -1},
	})
}

func TestURIParams(t *testing.T) {
	for _, tt := range []struct {
		in    string
		limit int
		want  [][2]string
		off   int // offset in the input of the parameter past the limit, or -1
	}{
		{"http://h/p", 0, nil, -1}, // no query
		{"http://h/p?", 0, nil, -1},
		{"http://h/p?a=1&b=2#c=3&d=4", 0, []kv{{"a", "1"}, {"b", "2"}}, -1}, // the fragment is not the query
		{"http://h/p?a&b&c", 2, []kv{{"a", ""}, {"b", ""}}, 15},
		{"?x=1&y", 1, []kv{{"x", "1"}}, 5},
		{"foo://example.com:8042/over/there?name=ferret#nose", 1, []kv{{"name", "ferret"}}, -1},
		{"ldap://[2001:db8::7]/c=GB?objectClass?one", 0, []kv{{"objectClass?one", ""}}, -1},
	} {
		u, err := ParseString(tt.in)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, u.Err())
		}
		checkParams(t, "URI.Params("+tt.in+")", func() Params { return u.Params(0, tt.limit) }, tt.want, tt.off, 0)
	}
}

// Iteration takes only valid URIs: an invalid one yields nothing and
// reports its own error.
func TestURIParamsInvalid(t *testing.T) {
	for _, in := range []string{"http://h/p?a b&c", "http://h:x/?a=1", "%zz?a=1"} {
		u, _ := ParseString(in)
		su, _ := SplitString(in)
		for _, u := range []URI{u, su} {
			p := u.Params(0, 0)
			if got := collect(&p); got != nil || p.Err() != u.errKind || p.ErrorOffset() != u.ErrorOffset() || u.Valid() {
				t.Errorf("%q: Params gives %q, %v at %d; want nothing, %v at %d", in, got, p.Err(), p.ErrorOffset(), u.errKind, u.ErrorOffset())
			}
		}
	}
	var p Params
	if _, _, ok := p.Next(); ok || p.Err() != nil || p.ErrorOffset() != -1 {
		t.Errorf("the zero Params yields a parameter or an error")
	}
}

// Decoding is AppendDecode on a raw key or value; '+' is a space only in
// form decoding (DecodePlusAsSpace).
func TestParamsDecode(t *testing.T) {
	for _, tt := range []struct {
		in   string
		opts DecodeOption
		want [][2]string // decoded keys and values
	}{
		{"q=a+b%20c", 0, []kv{{"q", "a+b c"}}},
		{"q=a+b%20c", DecodePlusAsSpace, []kv{{"q", "a b c"}}},
		{"%6B+1=%2B&x=%26%3D", DecodePlusAsSpace, []kv{{"k 1", "+"}, {"x", "&="}}},
		{"caf%C3%A9=cr%C3%A8me+br%C3%BBl%C3%A9e", DecodePlusAsSpace, []kv{{"café", "crème brûlée"}}},
	} {
		var got [][2]string
		p := NewParams(tt.in, 0, 0)
		for k, v := range p.All() {
			dk, _, err1 := AppendDecode(nil, k, tt.opts)
			dv, _, err2 := AppendDecode(nil, v, tt.opts)
			if err1 != nil || err2 != nil {
				t.Errorf("%q: %q=%q does not decode: %v, %v", tt.in, k, v, err1, err2)
			}
			got = append(got, [2]string{string(dk), string(dv)})
		}
		if !equalParams(got, tt.want) {
			t.Errorf("%q with %v decodes to %q, want %q", tt.in, tt.opts, got, tt.want)
		}
	}
	// A bad percent-encoding is the decoder's error, at its offset in the
	// value.
	p := NewParams("a=1&b=x%zz", 0, 0)
	p.Next()
	_, v, _ := p.Next()
	if _, off, err := AppendDecode(nil, v, DecodePlusAsSpace); err != ErrInvalidPercentEncoding || off != 2 {
		t.Errorf("decoding %q: %d, %v", v, off, err)
	}
}

type decodedTest struct {
	in    string
	qopts QueryOption
	limit int
	dopts DecodeOption
	want  [][2]string // decoded keys and values
	err   error       // why the iteration stopped early, or nil
	off   int         // the error's offset in the query, or -1
}

// Decoded splits first and decodes each key and value as AppendDecode
// does, stopping at the first error with its kind and offset.
var decodedTests = []decodedTest{
	{"q=a+b%20c", 0, 0, 0, []kv{{"q", "a+b c"}}, nil, -1},
	{"q=a+b%20c", 0, 0, DecodePlusAsSpace, []kv{{"q", "a b c"}}, nil, -1},
	{"%6B+1=%2B&x=%26%3D", 0, 0, DecodePlusAsSpace, []kv{{"k 1", "+"}, {"x", "&="}}, nil, -1},
	{"caf%C3%A9=cr%C3%A8me+br%C3%BBl%C3%A9e", 0, 0, DecodePlusAsSpace, []kv{{"café", "crème brûlée"}}, nil, -1},
	{"a=b=c%3D&k&=v&&", 0, 0, DecodePlusAsSpace, []kv{{"a", "b=c="}, {"k", ""}, {"", "v"}}, nil, -1},
	{"a=1;b=2", 0, 0, 0, []kv{{"a", "1;b=2"}}, nil, -1},
	{"a=1;b=%32", QuerySemicolon, 0, 0, []kv{{"a", "1"}, {"b", "2"}}, nil, -1},
	{"", 0, 0, DecodePlusAsSpace, nil, nil, -1},
	{"&;&", 0, 0, 0, []kv{{";", ""}}, nil, -1},
	// Controls: kept unless DecodeNoControls, which refuses them raw and
	// encoded, at the control or at the '%' that encodes it.
	{"a=%0D%0A", 0, 0, 0, []kv{{"a", "\r\n"}}, nil, -1},
	{"a=%0D%0A", 0, 0, DecodeNoControls, nil, ErrControlCharacter, 2},
	{"ok=1&a\x01=1", 0, 0, DecodeNoControls, []kv{{"ok", "1"}}, ErrControlCharacter, 6},
	{"a=%7F", 0, 0, DecodeNoControls | DecodePlusAsSpace, nil, ErrControlCharacter, 2},
	// A bad encoding: the offset of the first byte that is not a hex
	// digit, or the end of the key or value.
	{"a=1&b=x%zz&c=3", 0, 0, 0, []kv{{"a", "1"}}, ErrInvalidPercentEncoding, 8},
	{"%zz=1", 0, 0, 0, nil, ErrInvalidPercentEncoding, 1},
	{"a=%", 0, 0, 0, nil, ErrInvalidPercentEncoding, 3},
	{"a%4=1", 0, 0, 0, nil, ErrInvalidPercentEncoding, 3},
	{"a=%4&b", 0, 0, 0, nil, ErrInvalidPercentEncoding, 4},
	// A '%' the separator follows is bad, and the separator stays one.
	{"a=1%&b=2", 0, 0, 0, nil, ErrInvalidPercentEncoding, 4},
	// The limit, as for Next.
	{"a=%31&b=%32&c=%33", 0, 2, 0, []kv{{"a", "1"}, {"b", "2"}}, ErrTooManyParameters, 12},
	{"a=%31&&b=%32&", 0, 2, 0, []kv{{"a", "1"}, {"b", "2"}}, nil, -1},
}

// collectDecoded ranges over p.Decoded and returns the keys and values,
// read after the loop: they must stay as they were yielded.
func collectDecoded(p *Params, buf []byte, opts DecodeOption) [][2]string {
	var keys, values [][]byte
	for k, v := range p.Decoded(buf, opts) {
		keys, values = append(keys, k), append(values, v)
	}
	// Each has its own capacity: appending to one leaves the others be.
	for i := range keys {
		_ = append(keys[i], "!!"...)
		_ = append(values[i], "!!"...)
	}
	var got [][2]string
	for i := range keys {
		got = append(got, [2]string{string(keys[i]), string(values[i])})
	}
	return got
}

func TestParamsDecoded(t *testing.T) {
	for _, tt := range decodedTests {
		const prefix = "http://h/p?"
		// Not every query here is valid in a URI: URI.Params takes those
		// that are.
		u, err := ParseString(prefix + tt.in + "#f&g=%7A")
		wantOff := tt.off
		for _, c := range []struct {
			name string
			base int
			mk   func() Params
		}{
			{"NewParams", 0, func() Params { return NewParams(tt.in, tt.qopts, tt.limit) }},
			{"URI.Params", len(prefix), func() Params { return u.Params(tt.qopts, tt.limit) }},
		} {
			if c.base > 0 && err != nil {
				continue
			}
			if tt.off >= 0 {
				wantOff = tt.off + c.base
			}
			// A nil buffer, which Decoded grows, and one whose bytes before
			// len must stay as they are.
			for _, buf := range [][]byte{nil, append(make([]byte, 0, 256), "keep"...)} {
				p := c.mk()
				got := collectDecoded(&p, buf, tt.dopts)
				if !equalParams(got, tt.want) || p.Err() != tt.err || p.ErrorOffset() != wantOff {
					t.Errorf("%s(%q).Decoded(%v) gives %q, %v at %d; want %q, %v at %d",
						c.name, tt.in, tt.dopts, got, p.Err(), p.ErrorOffset(), tt.want, tt.err, wantOff)
				}
				if buf != nil && string(buf[:4]) != "keep" {
					t.Errorf("%s(%q).Decoded overwrote the buffer's bytes: %q", c.name, tt.in, buf[:4])
				}
				// A cursor that stopped stays stopped.
				for k := range p.Decoded(nil, tt.dopts) {
					t.Errorf("%s(%q): Decoded again yields %q", c.name, tt.in, k)
				}
			}
		}
	}
}

// Decoded after Next goes on from where Next stopped, and a loop that
// breaks leaves the cursor after the parameter it broke on.
func TestParamsDecodedResumes(t *testing.T) {
	p := NewParams("a=%31&b=%32&c=%33&d=%34", 0, 0)
	p.Next()
	for k := range p.Decoded(nil, 0) {
		if string(k) == "b" {
			break
		}
	}
	if got := collectDecoded(&p, nil, 0); !equalParams(got, []kv{{"c", "3"}, {"d", "4"}}) {
		t.Errorf("after Next and a break: %q", got)
	}
	// After Next, into a buf with room for the query: only what is left
	// is copied there, and all of it.
	for _, q := range []string{"a=1&b=2", "a=1&b=%32", "a=1&%62=2"} {
		p := NewParams(q, 0, 0)
		p.Next()
		if got := collectDecoded(&p, make([]byte, 0, 64), 0); !equalParams(got, []kv{{"b", "2"}}) {
			t.Errorf("%q after Next, into a buf with room: %q", q, got)
		}
	}
}

// A cursor that an error stopped yields nothing more, however it is asked.
func TestParamsStopAtError(t *testing.T) {
	p := NewParams("a=1&b%zz=1&c=2", 0, 0)
	if got := collectDecoded(&p, nil, 0); !equalParams(got, []kv{{"a", "1"}}) {
		t.Errorf("Decoded: %q", got)
	}
	if p.Err() != ErrInvalidPercentEncoding || p.ErrorOffset() != 6 {
		t.Errorf("Err() = %v at %d, want %v at 6", p.Err(), p.ErrorOffset(), ErrInvalidPercentEncoding)
	}
	if k, v, ok := p.Next(); ok {
		t.Errorf("Next after the error = %q, %q", k, v)
	}
	for k, v := range p.All() {
		t.Errorf("All after the error = %q, %q", k, v)
	}
	if got := collectDecoded(&p, nil, 0); len(got) != 0 {
		t.Errorf("Decoded after the error: %q", got)
	}
	if p.Err() != ErrInvalidPercentEncoding || p.ErrorOffset() != 6 {
		t.Errorf("after more calls, Err() = %v at %d", p.Err(), p.ErrorOffset())
	}
}

// A Decoded sequence run again, to go on after a loop that broke, leaves
// the keys and values that the first run yielded as they were, in a buf
// with room for the copy and in one without.
func TestParamsDecodedSequenceRunsAgain(t *testing.T) {
	q := "a=%41&b=%42&" + strings.Repeat("k=v&", 20) + "c=%43"
	for _, room := range []int{0, len(q), 2 * len(q)} {
		p := NewParams(q, 0, 0)
		seq := p.Decoded(make([]byte, 0, room), 0)
		var got [][]byte
		for k, v := range seq {
			got = append(got, k, v)
			break
		}
		for k, v := range seq {
			got = append(got, k, v)
		}
		if len(got) != 2*23 {
			t.Fatalf("room %d: %d keys and values, want %d", room, len(got), 2*23)
		}
		if first, last := string(got[0])+"="+string(got[1]), string(got[44])+"="+string(got[45]); first != "a=A" || last != "c=C" {
			t.Errorf("room %d: first %q, last %q after the sequence ran again; want \"a=A\", \"c=C\"", room, first, last)
		}
	}
}

// TestParamsAcrossBlocks puts separators, '=' and encodings at and around
// the block boundaries of the scanner (16, 32, 64 and 128 bytes) and
// compares Next with a plain split, and Decoded with AppendDecode on what
// Next yields. TestParamsLevels runs it at every scanner level.
func TestParamsAcrossBlocks(t *testing.T) {
	marks := []string{"&", "=", "%41", "+", ";", "&&", "=&", "%", "\x00", "\x80"}
	if testing.Short() {
		marks = marks[:4] // for the AVX-512 emulator
	}
	for n := 1; n <= 2*blockSize+8; n++ {
		for _, mark := range marks {
			for _, at := range []int{0, 1, n / 2, n - 2, n - 1, n} {
				if at < 0 || at > n {
					continue
				}
				b := []byte(strings.Repeat("k", n))
				// A second mark: the boundaries in question.
				for _, bound := range []int{15, 16, 31, 32, 63, 64, 65, 127, 128} {
					if bound < n {
						b[bound] = "&=+"[bound%3]
					}
				}
				q := string(b[:at]) + mark + string(b[at:])
				for _, opts := range []QueryOption{0, QuerySemicolon} {
					checkAgainstSplit(t, q, opts)
				}
			}
		}
	}
}

// checkAgainstSplit compares Next, All and Decoded on q with a plain
// split, and so does it for a cursor that Next moves first and Decoded
// then takes on: Next leaves the stops of a raw walk, which lack what
// decoding needs.
func checkAgainstSplit(t *testing.T, q string, opts QueryOption) {
	t.Helper()
	plain := q
	if opts&QuerySemicolon != 0 {
		plain = strings.ReplaceAll(q, ";", "&")
	}
	// Each parameter raw and decoded, or the error decoding it meets.
	type param struct {
		raw, dec [2]string
		err      error
		errOff   int
	}
	var params []param
	off := 0
	// With ';' made '&', the pieces of the plain split hold the bytes of
	// q's parameters: no ';' is left in them when ';' separates.
	for _, piece := range strings.Split(plain, "&") {
		start := off
		off += len(piece) + 1
		if piece == "" {
			continue
		}
		k, v, _ := strings.Cut(piece, "=")
		p := param{raw: [2]string{k, v}, errOff: -1}
		dk, at, err := AppendDecode(nil, k, DecodePlusAsSpace)
		if err == nil {
			var dv []byte
			dv, at, err = AppendDecode(nil, v, DecodePlusAsSpace)
			at += len(piece) - len(v)
			p.dec = [2]string{string(dk), string(dv)}
		}
		if err != nil {
			p.err, p.errOff = err, start+at
		}
		params = append(params, p)
	}
	// want returns the parameters the first raw of which Next yields and
	// the rest Decoded, and the error and offset that end them.
	want := func(raw int) (got [][2]string, errOff int, err error) {
		for i, p := range params {
			if i < raw {
				got = append(got, p.raw)
				continue
			}
			if p.err != nil {
				return got, p.errOff, p.err
			}
			got = append(got, p.dec)
		}
		return got, -1, nil
	}
	wantRaw, _, _ := want(len(params))
	p := NewParams(q, opts, 0)
	if got := collect(&p); !equalParams(got, wantRaw) {
		t.Fatalf("NewParams(%q, %v): %q, want %q", q, opts, got, wantRaw)
	}
	p = NewParams(q, opts, 0)
	var got [][2]string
	for k, v := range p.All() {
		got = append(got, [2]string{k, v})
	}
	if !equalParams(got, wantRaw) {
		t.Fatalf("NewParams(%q, %v).All: %q, want %q", q, opts, got, wantRaw)
	}
	for raw := range min(len(params), 3) + 1 {
		// Into a nil buf, which the walk grows, and into one with room
		// for the query, where the kernels may decode it in one pass.
		for _, room := range []int{0, len(q)} {
			p := NewParams(q, opts, 0)
			var got [][2]string
			for range raw {
				k, v, _ := p.Next()
				got = append(got, [2]string{k, v})
			}
			got = append(got, collectDecoded(&p, make([]byte, 0, room), DecodePlusAsSpace)...)
			wantDec, wantOff, wantErr := want(raw)
			if !equalParams(got, wantDec) || p.Err() != wantErr || p.ErrorOffset() != wantOff {
				t.Fatalf("NewParams(%q, %v), Next %d times, then Decoded with room %d: %q, %v at %d; want %q, %v at %d",
					q, opts, raw, room, got, p.Err(), p.ErrorOffset(), wantDec, wantErr, wantOff)
			}
		}
	}
}

// TestParamsLevels runs the query tests, whose tables hold exact results,
// with each scanner level in turn.
func TestParamsLevels(t *testing.T) {
	forEachLevel(t, func(t *testing.T, _ scanLevel) {
		t.Run("Ampersand", TestParamsAmpersand)
		t.Run("Semicolon", TestParamsSemicolon)
		t.Run("EmptyPieces", TestParamsEmptyPieces)
		t.Run("Equals", TestParamsEquals)
		t.Run("Limit", TestParamsLimit)
		t.Run("URIParams", TestURIParams)
		t.Run("Decoded", TestParamsDecoded)
		t.Run("AcrossBlocks", TestParamsAcrossBlocks)
	})
}

// paramsEverything reads q's parameters at the current level every way
// there is: raw with each separator policy, and decoded with each decode
// option, with a limit of 3, errors and offsets included.
func paramsEverything(q string) string {
	var b strings.Builder
	for _, qo := range []QueryOption{0, QuerySemicolon} {
		p := NewParams(q, qo, 3)
		for k, v := range p.All() {
			fmt.Fprintf(&b, "%q=%q ", k, v)
		}
		fmt.Fprintf(&b, "%v@%d\n", p.Err(), p.ErrorOffset())
		for _, d := range []DecodeOption{0, DecodePlusAsSpace, DecodeNoControls, DecodePlusAsSpace | DecodeNoControls} {
			// A nil buf, which the walk grows, and one with room, into
			// which a kernel may decode a short query at once.
			for _, buf := range [][]byte{nil, make([]byte, 0, len(q))} {
				p := NewParams(q, qo, 3)
				for k, v := range p.Decoded(buf, d) {
					fmt.Fprintf(&b, "%q=%q ", k, v)
				}
				fmt.Fprintf(&b, "%v@%d\n", p.Err(), p.ErrorOffset())
			}
			// A loop that breaks after the first parameter, then the
			// same sequence run again, then Next.
			p := NewParams(q, qo, 3)
			seq := p.Decoded(make([]byte, 0, len(q)), d)
			var first [][]byte
			for k, v := range seq {
				first = append(first, k, v)
				break
			}
			for k, v := range seq {
				fmt.Fprintf(&b, "%q=%q ", k, v)
			}
			k, v, ok := p.Next()
			fmt.Fprintf(&b, "%q then %q=%q %v %v@%d\n", first, k, v, ok, p.Err(), p.ErrorOffset())
			// Next, which may leave a raw walk's stops, then Decoded.
			p = NewParams(q, qo, 3)
			k, v, ok = p.Next()
			fmt.Fprintf(&b, "%q=%q %v then ", k, v, ok)
			for k, v := range p.Decoded(nil, d) {
				fmt.Fprintf(&b, "%q=%q ", k, v)
			}
			fmt.Fprintf(&b, "%v@%d\n", p.Err(), p.ErrorOffset())
		}
	}
	return b.String()
}

// FuzzParamsLevels reads fuzzed queries at every level this machine runs
// and demands the portable scanner's results, exactly, from each.
func FuzzParamsLevels(f *testing.F) {
	for _, s := range []string{
		"", "a=1&b=2", "a=1;b=%32+x", "q=%zz", "a=%0D", strings.Repeat("k", 63) + "&=%41+",
		strings.Repeat("a=b&", 40) + "%", strings.Repeat("x", 127) + ";=&%4",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) { sameAtEveryLevel(t, q, paramsEverything, asIs) })
}

// A range loop that breaks early leaves the cursor after the last
// parameter it saw.
func TestParamsAllBreak(t *testing.T) {
	p := NewParams("a&b&c", 0, 0)
	for k := range p.All() {
		if k == "a" {
			break
		}
	}
	if got := collect(&p); !equalParams(got, []kv{{"b", ""}, {"c", ""}}) {
		t.Errorf("after a break: %q", got)
	}
}

func TestAllocsParams(t *testing.T) {
	const q = "name=ferret&a=1%202&a=x+y&&=v&k;s&z"
	u, _ := ParseString("foo://example.com/over/there?" + q + "#nose")
	over, _ := ParseString("/?a&b&c")
	buf := make([]byte, 0, 64)
	testAllocs(t, "NewParams and Next", func() {
		p := NewParams(q, QuerySemicolon, 100)
		for {
			k, v, ok := p.Next()
			if !ok {
				break
			}
			sinkStr, sinkStr = k, v
		}
		sinkErr, sinkInt = p.Err(), p.ErrorOffset()
	})
	testAllocs(t, "URI.Params and Next", func() {
		p := u.Params(0, 0)
		for {
			k, v, ok := p.Next()
			if !ok {
				break
			}
			sinkStr, sinkStr = k, v
		}
	})
	testAllocs(t, "All in a range loop, with decoding", func() {
		p := u.Params(0, 0)
		for k, v := range p.All() {
			buf, _, _ = AppendDecode(buf[:0], k, DecodePlusAsSpace)
			buf, _, _ = AppendDecode(buf[:0], v, DecodePlusAsSpace)
		}
		sinkErr = p.Err()
	})
	testAllocs(t, "Decoded in a range loop", func() {
		p := u.Params(0, 0)
		for k, v := range p.Decoded(buf[:0], DecodePlusAsSpace|DecodeNoControls) {
			sinkInt += len(k) + len(v)
		}
		sinkErr = p.Err()
	})
	badPct, _ := ParseString("/?a=1&b=%zz")
	testAllocs(t, "Decoded, stopped by an invalid encoding", func() {
		p := badPct.Params(0, 0)
		for k, v := range p.Decoded(buf[:0], DecodePlusAsSpace) {
			sinkInt += len(k) + len(v)
		}
		sinkErr, sinkInt = p.Err(), p.ErrorOffset()
	})
	testAllocs(t, "ErrTooManyParameters", func() {
		p := over.Params(0, 2)
		for k := range p.All() {
			sinkStr = k
		}
		sinkErr, sinkInt = p.Err(), p.ErrorOffset()
	})
	bad, _ := ParseString("/?a b")
	testAllocs(t, "Params of an invalid URI", func() {
		p := bad.Params(0, 0)
		_, _, sinkBool = p.Next()
		sinkErr, sinkInt = p.Err(), p.ErrorOffset()
	})
}

// TestAllocsParamsStackInput iterates over a query held on the caller's
// stack, decoding into a buffer there too: a cursor that made its input
// escape would move the array to the heap (see TestAllocsStackInput).
func TestAllocsParamsStackInput(t *testing.T) {
	for _, in := range []string{"/search?q=a+b%20c&lang=en&&x", "http://h/?a=1;b=2#f", "/?a&b&c&d"} {
		testAllocs(t, "URI.Params(stack "+in+")", func() {
			var src [128]byte
			var dec [64]byte
			n := copy(src[:], in)
			u, _ := ParseString(unsafe.String(&src[0], n))
			p := u.Params(QuerySemicolon, 3)
			for {
				k, v, ok := p.Next()
				if !ok {
					break
				}
				d, _, _ := AppendDecode(dec[:0], k, DecodePlusAsSpace)
				d, _, _ = AppendDecode(d, v, DecodePlusAsSpace)
				sinkInt += len(d)
			}
			sinkErr, sinkInt = p.Err(), p.ErrorOffset()
		})
		testAllocs(t, "NewParams(stack "+in+")", func() {
			var src [128]byte
			n := copy(src[:], in)
			p := NewParams(unsafe.String(&src[0], n), 0, 0)
			for {
				k, v, ok := p.Next()
				if !ok {
					break
				}
				sinkInt += len(k) + len(v)
			}
		})
		// A range loop passes each key and value to the loop body through
		// a call of a func value, and escape analysis makes the arguments
		// of such calls escape (golang/go#73524; strings.SplitSeq does the
		// same): the array moves to the heap, once per loop, and nothing
		// else does.
		if n := testing.AllocsPerRun(100, func() {
			var src [128]byte
			n := copy(src[:], in)
			u, _ := ParseString(unsafe.String(&src[0], n))
			p := u.Params(0, 0)
			for k, v := range p.All() {
				sinkInt += len(k) + len(v)
			}
		}); n > 1 {
			t.Errorf("All(stack %s): %v allocations per run, want at most 1", in, n)
		}
	}
}

// TestInliningIterators fails when a cursor's constructor or All stops
// being inlined. All returns a closure over the cursor: only inlined into
// the range loop does that closure, and the cursor with it, stay on the
// caller's stack.
func TestInliningIterators(t *testing.T) {
	out := diagnostics(t)
	for _, fn := range []string{
		"NewParams", "(*URI).Params", "(*Params).All", "(*Params).Decoded", "(*Params).Err", "(*Params).ErrorOffset",
		"NewSegments", "(*URI).Segments", "(*Segments).All",
	} {
		if !regexp.MustCompile(`(?m)can inline ` + regexp.QuoteMeta(fn) + `( with cost \d+ as: .*)?$`).Match(out) {
			t.Errorf("%s is not inlined", fn)
		}
	}
}

// BenchmarkQuery iterates over the parameters of every query of a corpus
// and decodes each key and value as a form does, against net/url's
// ParseQuery, which builds a map of decoded values.
func BenchmarkQuery(b *testing.B) {
	for _, c := range benchCorpora(b) {
		queries := benchQueries(c)
		if len(queries.uris) == 0 {
			continue
		}
		b.Run("corpus="+c.name+"/impl=fasturi", func(b *testing.B) {
			buf := make([]byte, 0, 4096)
			runCorpus(b, queries, func(s string) { decodeEveryParam(buf, s) })
		})
		b.Run("corpus="+c.name+"/impl=net-url", func(b *testing.B) {
			runCorpus(b, queries, func(s string) {
				v, err := url.ParseQuery(s)
				sinkInt, sinkErr = len(v), err
			})
		})
	}
}

// decodeEveryParam is BenchmarkQuery's fasturi: every parameter of the
// query s, its key and value form-decoded into buf.
func decodeEveryParam(buf []byte, s string) {
	p := NewParams(s, 0, 0)
	n := 0
	for k, v := range p.Decoded(buf[:0], DecodePlusAsSpace) {
		n += len(k) + len(v)
	}
	sinkInt = n
}

// BenchmarkQueryLevel is BenchmarkQuery's fasturi at each scanner level
// this machine has, for benchstat -col /level.
func BenchmarkQueryLevel(b *testing.B) {
	for _, c := range benchCorpora(b) {
		queries := benchQueries(c)
		if len(queries.uris) == 0 {
			continue
		}
		for l := range numLevels {
			if _, missing := levelKernels(l); missing != "" {
				continue
			}
			b.Run("corpus="+c.name+"/level="+l.String(), func(b *testing.B) {
				setLevel(b, l)
				buf := make([]byte, 0, 4096)
				runCorpus(b, queries, func(s string) { decodeEveryParam(buf, s) })
			})
		}
	}
}

// BenchmarkQueryRaw iterates over every parameter of each URI's query raw,
// as a proxy that routes on keys does: with All, and with a loop over
// Next.
func BenchmarkQueryRaw(b *testing.B) {
	for _, c := range benchCorpora(b) {
		queries := benchQueries(c)
		if len(queries.uris) == 0 {
			continue
		}
		b.Run("corpus="+c.name+"/impl=all", func(b *testing.B) {
			runCorpus(b, queries, func(s string) {
				p := NewParams(s, 0, 0)
				n := 0
				for k, v := range p.All() {
					n += len(k) + len(v)
				}
				sinkInt = n
			})
		})
		b.Run("corpus="+c.name+"/impl=next", func(b *testing.B) {
			runCorpus(b, queries, func(s string) {
				p := NewParams(s, 0, 0)
				n := 0
				for k, v, ok := p.Next(); ok; k, v, ok = p.Next() {
					n += len(k) + len(v)
				}
				sinkInt = n
			})
		})
	}
}

// benchQueries returns the queries of the valid URIs of c that have a
// non-empty one.
func benchQueries(c benchCorpus) benchCorpus {
	queries := benchCorpus{name: c.name}
	for _, s := range c.uris {
		if u, err := ParseString(s); err == nil && u.RawQuery() != "" {
			queries.uris = append(queries.uris, u.RawQuery())
			queries.bytes += int64(len(u.RawQuery()))
		}
	}
	return queries
}
