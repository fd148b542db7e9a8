package corpus

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestGenerateIsDeterministic(t *testing.T) {
	a, b := Generate(1000, 1), Generate(1000, 1)
	if !slices.Equal(a, b) {
		t.Fatal("same seed, different corpora")
	}
	if slices.Equal(a, Generate(1000, 2)) {
		t.Fatal("different seeds, same corpus")
	}
	distinct := map[string]bool{}
	for _, s := range a {
		distinct[s] = true
	}
	if len(distinct) < 500 {
		t.Errorf("only %d distinct URIs of 1000", len(distinct))
	}
}

func TestLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.txt")
	if err := os.WriteFile(path, []byte("a\r\nb\n\nc"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a", "b", "", "c"}; !slices.Equal(got, want) {
		t.Errorf("Load = %q, want %q", got, want)
	}
}

// TestLines checks what Lines drops: line endings, and a byte order mark
// at the start alone.
func TestLines(t *testing.T) {
	for in, want := range map[string][]string{
		"":                          nil,
		"\n":                        {""},
		"\xef\xbb\xbfhttp://a/\nb":  {"http://a/", "b"},
		"\xef\xbb\xbf":              nil,
		"a\n\xef\xbb\xbfb\r\n":      {"a", "\xef\xbb\xbfb"},
		"\xef\xbb\xbf\xef\xbb\xbfa": {"\xef\xbb\xbfa"},
		"a\r\n\r\nb\r":              {"a", "", "b"},
	} {
		if got := Lines([]byte(in)); !slices.Equal(got, want) {
			t.Errorf("Lines(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestName(t *testing.T) {
	for path, want := range map[string]string{
		"corpora/kasztp.txt": "kasztp", "/a/b.c/list": "list", "urls.tar.gz": "urls.tar", "edge.txt": "edge",
	} {
		if got := Name(path); got != want {
			t.Errorf("Name(%q) = %q, want %q", path, got, want)
		}
	}
}
