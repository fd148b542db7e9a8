package fasturi

import (
	"math"
	"net/url"
	"regexp"
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
		"NewParams", "(*URI).Params", "(*Params).All", "(*Params).Err", "(*Params).ErrorOffset",
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
		queries := benchCorpus{name: c.name}
		for _, s := range c.uris {
			if u, err := ParseString(s); err == nil && u.RawQuery() != "" {
				queries.uris = append(queries.uris, u.RawQuery())
				queries.bytes += int64(len(u.RawQuery()))
			}
		}
		if len(queries.uris) == 0 {
			continue
		}
		b.Run("corpus="+c.name+"/impl=fasturi", func(b *testing.B) {
			buf := make([]byte, 0, 4096)
			runCorpus(b, queries, func(s string) {
				p := NewParams(s, 0, 0)
				n := 0
				for k, v := range p.All() {
					buf, _, _ = AppendDecode(buf[:0], k, DecodePlusAsSpace)
					n += len(buf)
					buf, _, _ = AppendDecode(buf[:0], v, DecodePlusAsSpace)
					n += len(buf)
				}
				sinkInt = n
			})
		})
		b.Run("corpus="+c.name+"/impl=net-url", func(b *testing.B) {
			runCorpus(b, queries, func(s string) {
				v, err := url.ParseQuery(s)
				sinkInt, sinkErr = len(v), err
			})
		})
	}
}
