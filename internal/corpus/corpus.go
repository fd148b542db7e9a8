// Package corpus makes and loads the URI lists that fasturi's benchmarks
// and tools measure on.
package corpus

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// Generate returns n URI references drawn deterministically from seed, in
// the proportions of a web proxy's or log pipeline's traffic: mostly web
// URLs with paths and queries, API request-targets, some IP hosts, file
// URLs, relative references, other schemes, and a few percent of invalid
// input of the kinds logs hold.
func Generate(n int, seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	g := generator{r: r}
	out := make([]string, n)
	for i := range out {
		out[i] = g.uri()
	}
	return out
}

type generator struct {
	r *rand.Rand
	b strings.Builder
}

var (
	words   = []string{"www", "api", "static", "cdn", "news", "shop", "mail", "example", "docs", "img", "blog", "login", "search", "video", "data", "media", "assets", "en", "de", "app"}
	tlds    = []string{"com", "org", "net", "io", "de", "co.uk", "fr", "jp", "edu", "gov"}
	segs    = []string{"index.html", "about", "products", "2024", "category", "item", "user", "v1", "v2", "api", "images", "logo.png", "search", "en-US", "article", "view", "static", "js", "app.min.js", "style.css", "download", "Old%20Files", "caf%C3%A9", "a-b_c~d", "page;jsessionid=ABC123"}
	keys    = []string{"q", "id", "page", "utm_source", "utm_medium", "lang", "sort", "ref", "s", "fields", "limit", "offset", "session", "token", "callback"}
	values  = []string{"1", "42", "en", "desc", "google", "email", "hello%20world", "a%2Fb", "true", "2024-01-01T00%3A00%3A00Z", "x.y.z", "%E2%9C%93", "name,email", "abc123DEF456", "foo+bar"}
	schemes = []string{"mailto:user@example.com", "urn:isbn:0451450523", "tel:+1-816-555-1212", "data:text/plain;base64,SGVsbG8=", "news:comp.lang.go", "ldap://[2001:db8::7]/c=GB?objectClass?one", "ftp://ftp.example.org/pub/file.tar.gz;type=i"}
	junk    = []string{"http://exa mple.com/", "http://example.com/a b", "/path?q=%zz", "http://[::1/", "http://a@b@c/", "\"http://quoted.example/\"", "http://example.com/caf\xc3\xa9", "http://h:80x/", "javascript:alert(1)<x>", "http://example.com/\\windows\\path", "1http://x/", "http://example.com/%", "http://example.com/{template}"}
)

func (g *generator) pick(list []string) string { return list[g.r.IntN(len(list))] }

func (g *generator) uri() string {
	g.b.Reset()
	switch p := g.r.IntN(100); {
	case p < 50:
		g.web()
	case p < 65:
		g.path(1 + g.r.IntN(4)) // origin-form request-target
		g.query()
	case p < 70:
		g.ipHost()
	case p < 78:
		g.b.WriteString("file:///")
		g.path(2 + g.r.IntN(6))
	case p < 86:
		g.relative()
	case p < 93:
		g.b.WriteString(g.pick(schemes))
	default:
		g.b.WriteString(g.pick(junk))
	}
	return g.b.String()
}

func (g *generator) web() {
	if g.r.IntN(3) == 0 {
		g.b.WriteString("http://")
	} else {
		g.b.WriteString("https://")
	}
	if g.r.IntN(30) == 0 {
		g.b.WriteString("user:pass@")
	}
	g.b.WriteString(g.pick(words) + "." + g.pick(words) + "." + g.pick(tlds))
	if g.r.IntN(10) == 0 {
		fmt.Fprintf(&g.b, ":%d", 1+g.r.IntN(65535))
	}
	g.path(g.r.IntN(5))
	g.query()
	if g.r.IntN(8) == 0 {
		g.b.WriteString("#" + g.pick(segs))
	}
}

func (g *generator) ipHost() {
	switch g.r.IntN(3) {
	case 0:
		fmt.Fprintf(&g.b, "http://%d.%d.%d.%d:%d", g.r.IntN(256), g.r.IntN(256), g.r.IntN(256), g.r.IntN(256), 1024+g.r.IntN(60000))
	case 1:
		fmt.Fprintf(&g.b, "http://[2001:db8:%x::%x]:8080", g.r.IntN(65536), g.r.IntN(65536))
	default:
		g.b.WriteString("https://[fe80::1%25eth0]")
	}
	g.path(1 + g.r.IntN(3))
}

func (g *generator) relative() {
	for range g.r.IntN(3) {
		g.b.WriteString("../")
	}
	g.b.WriteString(g.pick(segs))
	if g.r.IntN(2) == 0 {
		g.path(1 + g.r.IntN(2))
	}
}

func (g *generator) path(n int) {
	for range n {
		g.b.WriteString("/" + g.pick(segs))
	}
	if n == 0 && g.r.IntN(2) == 0 {
		g.b.WriteString("/")
	}
}

func (g *generator) query() {
	if g.r.IntN(2) == 0 {
		return
	}
	g.b.WriteByte('?')
	for i := range 1 + g.r.IntN(4) {
		if i > 0 {
			g.b.WriteByte('&')
		}
		g.b.WriteString(g.pick(keys) + "=" + g.pick(values))
	}
}

// Name names the list in the file at path, in benchmarks and reports: the
// file's name without its directory and extension.
func Name(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}

// Load reads a file of one URI per line, as Lines splits it.
func Load(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Lines(data), nil
}

// Lines splits data into lines that end with "\n" or "\r\n"; a last line
// without one counts too. A UTF-8 byte order mark at the start of data is
// no part of the first line, as fasturi's command reads it; nothing else
// is changed.
func Lines(data []byte) []string {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(data) == 0 {
		return nil
	}
	data = bytes.TrimSuffix(data, []byte("\n"))
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}
