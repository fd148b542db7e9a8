package corpus

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"
)

// A LogFormat is the line format WriteLog writes.
type LogFormat uint8

const (
	// LogURIs is one URI reference per line, as Generate makes them.
	LogURIs LogFormat = iota
	// LogCommon is the Common Log Format of web servers:
	//	host ident user [time] "request line" status bytes
	LogCommon
	// LogCombined is the Combined Log Format: the Common one, then the
	// quoted Referer and User-Agent.
	LogCombined
)

// ParseLogFormat returns the LogFormat named "uris", "clf" or "combined".
func ParseLogFormat(name string) (LogFormat, error) {
	switch name {
	case "uris":
		return LogURIs, nil
	case "clf":
		return LogCommon, nil
	case "combined":
		return LogCombined, nil
	}
	return 0, fmt.Errorf("unknown log format %q (want uris, clf or combined)", name)
}

// WriteLog writes lines in format, drawn deterministically from seed, to w
// until at least size bytes are written, and returns how many it wrote.
// The request targets and referers of the access-log formats come from
// Generate's URIs: mostly origin-form targets, some absolute-form ones (a
// forward proxy's log), CONNECT and OPTIONS requests, and the junk that
// real logs hold (no request at all, a TLS handshake sent to a plain-text
// port, a target with a space in it).
func WriteLog(w io.Writer, format LogFormat, size int64, seed uint64) (int64, error) {
	bw := bufio.NewWriterSize(w, 1<<16)
	l := logWriter{r: rand.New(rand.NewPCG(seed, seed^0x2545f4914f6cdd1d))}
	var n int64
	for batch := uint64(0); n < size; batch++ {
		for _, u := range Generate(4096, seed+batch*0x9e3779b97f4a7c15) {
			line := u
			if format != LogURIs {
				line = l.line(u, format == LogCombined)
			}
			m, err := bw.WriteString(line)
			n += int64(m)
			if err == nil {
				err = bw.WriteByte('\n')
				n++
			}
			if err != nil {
				return n, err
			}
			if n >= size {
				break
			}
		}
	}
	return n, bw.Flush()
}

type logWriter struct {
	r *rand.Rand
	b strings.Builder
	t time.Time
}

var (
	methods = []string{"GET", "GET", "GET", "GET", "GET", "GET", "GET", "GET", "GET", "GET", "GET", "GET", "POST", "POST", "HEAD", "PUT", "DELETE", "PATCH"}
	agents  = []string{
		"Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
		"curl/8.5.0",
		"Googlebot/2.1 (+http://www.google.com/bot.html)",
		"python-requests/2.31.0",
		"-",
	}
	users = []string{"-", "-", "-", "-", "-", "-", "-", "frank", "alice"}
)

// line returns an access-log line whose request target comes from u.
func (l *logWriter) line(u string, combined bool) string {
	r := l.r
	b := &l.b
	b.Reset()
	fmt.Fprintf(b, "%d.%d.%d.%d - %s ", 10+r.IntN(200), r.IntN(256), r.IntN(256), 1+r.IntN(254), users[r.IntN(len(users))])
	if l.t.IsZero() {
		l.t = time.Date(2026, 10, 10, 13, 55, 36, 0, time.FixedZone("", -7*3600))
	}
	l.t = l.t.Add(time.Duration(r.IntN(50)) * time.Millisecond)
	b.WriteString(l.t.Format("[02/Jan/2006:15:04:05 -0700] "))
	status := []int{200, 200, 200, 200, 304, 301, 404, 500}[r.IntN(8)]
	switch p := r.IntN(200); {
	case p == 0:
		b.WriteString(`"-"`) // no request line: the client sent nothing
		status = 408
	case p == 1:
		b.WriteString(`"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03"`) // TLS sent to a plain-text port, as servers escape it
		status = 400
	case p < 4:
		fmt.Fprintf(b, `"CONNECT %s:443 HTTP/1.1"`, hostOf(u, "example.com"))
	case p < 5:
		b.WriteString(`"OPTIONS * HTTP/1.1"`)
	default:
		fmt.Fprintf(b, `"%s %s HTTP/1.1"`, methods[r.IntN(len(methods))], escape(target(u, r.IntN(10) == 0, r.IntN(20) == 0)))
	}
	fmt.Fprintf(b, " %d %d", status, r.IntN(50000))
	if combined {
		ref := "-"
		if r.IntN(3) > 0 {
			ref = "https://" + hostOf(u, "www.example.com") + "/"
			if r.IntN(2) == 0 {
				ref = Generate(1, r.Uint64())[0]
			}
		}
		fmt.Fprintf(b, ` "%s" "%s"`, escape(ref), agents[r.IntN(len(agents))])
	}
	return b.String()
}

// target returns the request target a client sends for u: its path and
// query (origin-form), or u itself without the fragment for a request to a
// forward proxy (absolute-form). A URI without an authority gives its path
// from the root, or, when raw, is sent as it is, as broken clients and
// scanners do.
func target(u string, absolute, raw bool) string {
	if i := strings.IndexByte(u, '#'); i >= 0 {
		u = u[:i]
	}
	if absolute {
		return u
	}
	if i := strings.Index(u, "://"); i >= 0 {
		rest := u[i+3:]
		if j := strings.IndexAny(rest, "/?"); j >= 0 {
			if rest[j] == '?' {
				return "/" + rest[j:]
			}
			return rest[j:]
		}
		return "/"
	}
	if raw || strings.HasPrefix(u, "/") {
		return u
	}
	if i := strings.IndexByte(u, ':'); i >= 0 && !strings.Contains(u[:i], "/") {
		u = u[i+1:] // mailto:x, urn:a:b: the path alone
	}
	return "/" + strings.TrimLeft(u, "./")
}

// escape writes s as web servers log it inside quotes: '"' and '\'
// escaped with a backslash, other bytes outside printable ASCII as \xhh.
func escape(s string) string {
	i := 0
	for i < len(s) && s[i] >= 0x20 && s[i] < 0x7f && s[i] != '"' && s[i] != '\\' {
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, `\x%02x`, c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// hostOf returns the host and port of u, or def when u has no authority.
func hostOf(u, def string) string {
	i := strings.Index(u, "://")
	if i < 0 {
		return def
	}
	rest := u[i+3:]
	if j := strings.IndexAny(rest, "/?#"); j >= 0 {
		rest = rest[:j]
	}
	if j := strings.LastIndexByte(rest, '@'); j >= 0 {
		rest = rest[j+1:]
	}
	if rest == "" {
		return def
	}
	return rest
}
