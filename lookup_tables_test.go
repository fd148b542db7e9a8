package fasturi

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
)

// TestByteClass checks all 256 bytes of every class against the ABNF, and
// queryByte against queryStopDef.
func TestByteClass(t *testing.T) {
	classes := []struct {
		name string
		cl   class
		abnf func(byte) bool
	}{
		{"ALPHA", alpha, abnfALPHA},
		{"DIGIT", digit, abnfDIGIT},
		{"HEXDIG", hexDigit, abnfHEXDIG},
		{"unreserved", unreserved, abnfUnreserved},
		{"sub-delims", subDelim, abnfSubDelims},
		{"scheme", schemeChar, abnfSchemeRest},
	}
	for _, tc := range classes {
		for c := range 256 {
			if got, want := byteClass[c]&tc.cl != 0, tc.abnf(byte(c)); got != want {
				t.Errorf("byteClass[%#02x] in %s = %v, want %v", c, tc.name, got, want)
			}
		}
	}
	for c := range 256 {
		want := !abnfUnreserved(byte(c)) && !abnfSubDelims(byte(c))
		if got := specialByte[c] == 1; got != want {
			t.Errorf("specialByte[%#02x] = %v, want %v", c, got, want)
		}
		if specialByte[c] > 1 {
			t.Errorf("specialByte[%#02x] = %d, want 0 or 1", c, specialByte[c])
		}
		if got, want := queryByte[c] == 1, queryStopDef(byte(c)); got != want {
			t.Errorf("queryByte[%#02x] = %v, want %v", c, got, want)
		}
		if queryByte[c] > 1 {
			t.Errorf("queryByte[%#02x] = %d, want 0 or 1", c, queryByte[c])
		}
	}
}

// TestNibbleTables checks that the vector scanners' nibble tables give the
// complement of specialByte, and of the query's stops, for all 256 bytes,
// and that no byte >= 0x80 is ordinary or plain in a query (the vector code
// looks such bytes up unmasked, getting 0).
func TestNibbleTables(t *testing.T) {
	for c := range 256 {
		got := ordinaryLoNibble[c&15]&ordinaryHiNibble[c>>4] != 0
		if want := specialByte[c] == 0; got != want {
			t.Errorf("nibble tables say %#02x is ordinary: %v, specialByte says %v", c, got, want)
		}
		if c >= 0x80 && got {
			t.Errorf("%#02x >= 0x80 is ordinary", c)
		}
		plain := queryPlainLoNibble[c&15]&queryPlainHiNibble[c>>4] != 0
		if want := !queryStopDef(byte(c)); plain != want {
			t.Errorf("query nibble tables say %#02x is plain: %v, want %v", c, plain, want)
		}
		if c >= 0x80 && plain {
			t.Errorf("%#02x >= 0x80 is plain in a query", c)
		}
	}
}

// TestTablesGenerated checks that lookup_tables.go is what gen_tables.go
// writes, so that the generator stays the one source of truth.
func TestTablesGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator")
	}
	want, err := os.ReadFile("lookup_tables.go")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range []string{"gen_tables.go"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dir+"/"+f, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", "gen_tables.go")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_tables.go: %v\n%s", err, out)
	}
	got, err := os.ReadFile(dir + "/lookup_tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("lookup_tables.go is stale: run go generate")
	}
}
