package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
)

// loadTargets are the origin-form targets the load test sends, in turn:
// the shapes of everyday traffic, which no policy refuses.
var loadTargets = []string{
	"/",
	"/index.html",
	"/static/css/site.min.css?v=4.2.1",
	"/api/v1/users/12345",
	"/api/v1/users/12345/orders?status=open&limit=50&offset=100",
	"/search?q=uri+parser&lang=en&page=2",
	"/blog/2024/05/zero-allocation-parsing",
	"/images/photo%20of%20a%20cat.jpg",
	"/%7Euser/notes/./draft/../final.txt",
	"/products/shoes/running?size=42&color=blue&sort=price_asc",
	"/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p",
	"/login?next=%2Faccount%2Fsettings",
}

// backendBody is what the load test's backend answers.
const backendBody = "ok\n"

// loadTest runs, on loopback, a backend, the checking proxy with cfg's
// policy and a plain ReverseProxy; sends n requests to each from clients
// clients; and writes the figures to w.
func loadTest(w io.Writer, n, clients int, cfg config) error {
	clients = min(clients, n)
	backend, stopBackend, err := startLoopback(backendHandler(), nil)
	if err != nil {
		return err
	}
	defer stopBackend()
	bu := &url.URL{Scheme: "http", Host: backend}

	checked, plain := newProxy(bu, cfg), newPlainProxy(bu, cfg.backendTimeout)
	defer checked.rp.Transport.(*http.Transport).CloseIdleConnections()
	defer plain.Transport.(*http.Transport).CloseIdleConnections()
	checkedAddr, stopChecked, err := startLoopback(checked, checked)
	if err != nil {
		return err
	}
	defer stopChecked()
	plainAddr, stopPlain, err := startLoopback(plain, nil)
	if err != nil {
		return err
	}
	defer stopPlain()

	requests := make([][]byte, len(loadTargets))
	for i, t := range loadTargets {
		requests[i] = []byte("GET " + t + " HTTP/1.1\r\nHost: loadtest.example\r\nUser-Agent: fasturi-proxy-loadtest\r\n\r\n")
	}
	policy := strings.Join(cfg.flags(), " ")
	if policy == "" {
		policy = "no policy flags"
	}
	rounds := "in one round"
	if r := loadRounds(n, clients); r > 1 {
		rounds = fmt.Sprintf("in %d rounds that alternate the proxies", r)
	}
	fmt.Fprintf(w, "%d requests per proxy from %d clients on keep-alive connections, %d origin-form targets in turn, %s; checked with %s\n",
		n, clients, len(loadTargets), rounds, policy)
	// The runs alternate in rounds, each proxy first in every other one,
	// so that neither gains from going second or loses to a change in
	// what else the machine is doing.
	runs := [2]proxyRun{{name: "checked", addr: checkedAddr}, {name: "plain", addr: plainAddr}}
	for i := range runs {
		runs[i].lat = make([]time.Duration, n)
	}
	r := loadRounds(n, clients)
	for round := range r {
		lo, hi := n*round/r, n*(round+1)/r
		for k := range runs {
			run := &runs[(k+round)%len(runs)]
			cpu0, _ := processCPUTime()
			wall, err := load(run.addr, requests, run.lat, lo, hi, clients)
			if err != nil {
				return fmt.Errorf("%s proxy: %w", run.name, err)
			}
			cpu1, _ := processCPUTime()
			run.wall, run.cpu = run.wall+wall, run.cpu+cpu1-cpu0
		}
	}
	_, cpuKnown := processCPUTime()
	report(w, runs[0], runs[1], checkTime(checked, n), cpuKnown)
	return nil
}

// A proxyRun is what the load test measured of one proxy.
type proxyRun struct {
	name, addr string
	lat        []time.Duration // of each request
	wall, cpu  time.Duration   // the rounds' wall time, and the process's CPU time over them
}

// report writes the figures of the checked and the plain proxy's runs, and
// those of the check alone, which took per a request; cpuKnown says
// whether the runs' CPU times could be read.
func report(w io.Writer, checked, plain proxyRun, per time.Duration, cpuKnown bool) {
	fmt.Fprintf(w, "%-8s %12s %10s %10s %10s\n", "proxy", "requests/s", "mean", "p50", "p99")
	var st [2]stats
	for i, run := range [2]proxyRun{checked, plain} {
		st[i] = summarize(run.lat, run.wall)
		fmt.Fprintf(w, "%-8s %12.0f %10s %10s %10s\n", run.name, st[i].perSecond, micros(st[i].mean), micros(st[i].p50), micros(st[i].p99))
	}
	// The median difference too: on a busy machine, a few requests that
	// wait for a core move the means more than the check does.
	fmt.Fprintf(w, "the checking proxy adds %s per request (difference of the means; of the medians: %s)\n",
		micros(st[0].mean-st[1].mean), micros(st[0].p50-st[1].p50))
	// The check alone, timed in a loop, is a figure that the noise of a
	// whole request does not drown. It is set against the CPU time per
	// request too, which the latency, mostly time spent queueing,
	// overstates: the process's CPU time over the plain proxy's runs
	// (clients and backend included, as they run in this process), or
	// where that cannot be read, the cores over the plain proxy's
	// requests per second, which holds only when the clients keep every
	// core busy.
	cpuPer, how := float64(plain.cpu)/float64(len(plain.lat)), "measured"
	if !cpuKnown {
		cpuPer, how = float64(runtime.GOMAXPROCS(0))/st[1].perSecond*1e9, "estimated"
	}
	fmt.Fprintf(w, "the check itself takes %.0fns per request: %.3f%% of the plain proxy's mean, %.3f%% of its CPU time per request (%.1fµs, %s, on %d cores)\n",
		float64(per), 100*float64(per)/float64(st[1].mean), 100*float64(per)/cpuPer, cpuPer/1e3, how, runtime.GOMAXPROCS(0))
}

// checkTime returns the time p's check takes per request, over n rounds of
// the load test's targets, as GET requests that net/http's server would
// hand the handler.
func checkTime(p *proxy, n int) time.Duration {
	reqs := make([]*http.Request, len(loadTargets))
	for i, t := range loadTargets {
		reqs[i] = &http.Request{Method: "GET", RequestURI: t, Host: "loadtest.example", Header: http.Header{}}
	}
	var header hostHeader
	if p.cfg.refuseHostMismatch {
		header = hostHeader{value: "loadtest.example", present: true, known: true}
	}
	t := time.Now()
	for i := range n {
		if _, refused := p.check(reqs[i%len(reqs)], header); refused.status != 0 {
			panic(loadTargets[i%len(reqs)] + ": " + refused.why)
		}
	}
	return time.Since(t) / time.Duration(n)
}

// loadRounds returns the number of rounds that n requests from clients
// clients run in: up to 10, of at least 20 requests per client.
func loadRounds(n, clients int) int {
	return max(1, min(10, n/(20*clients)))
}

// backendHandler is the load test's backend: a 200 with a small body.
func backendHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, backendBody)
	})
}

// startLoopback serves h on a loopback port, through p's listener when p
// is set, and returns the address and a function that stops the server.
func startLoopback(h http.Handler, p *proxy) (string, func(), error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	var srv *http.Server
	if p != nil {
		srv = p.newServer()
		go p.serve(srv, l)
	} else {
		srv = &http.Server{Handler: h, DisableGeneralOptionsHandler: true}
		go srv.Serve(l)
	}
	return l.Addr().String(), func() { srv.Close() }, nil
}

// load sends requests lo to hi-1 to addr from clients clients, each on its
// own keep-alive connection, writes the latency of request i to lat[i],
// and returns the time they all took. Request i is
// requests[i%len(requests)], sent by client i%clients, so that the same
// requests go to every proxy. Each client first sends one request that is
// not timed, to open its connection, and the clock starts when all have.
func load(addr string, requests [][]byte, lat []time.Duration, lo, hi, clients int) (time.Duration, error) {
	clients = min(clients, hi-lo)
	errs := make([]error, clients)
	var ready, done sync.WaitGroup
	start := make(chan struct{})
	for c := range clients {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			conn, err := net.Dial("tcp", addr)
			var br *bufio.Reader
			if err == nil {
				defer conn.Close()
				br = bufio.NewReader(conn)
				err = roundTrip(conn, br, requests[0])
			}
			ready.Done()
			<-start
			if err != nil {
				errs[c] = err
				return
			}
			for i := lo + c; i < hi; i += clients {
				t := time.Now()
				if err := roundTrip(conn, br, requests[i%len(requests)]); err != nil {
					errs[c] = err
					return
				}
				lat[i] = time.Since(t)
			}
		}()
	}
	ready.Wait()
	runtime.GC()
	t := time.Now()
	close(start)
	done.Wait()
	return time.Since(t), errors.Join(errs...)
}

// roundTrip writes req on conn and reads the response, which must be the
// backend's 200.
func roundTrip(conn net.Conn, br *bufio.Reader, req []byte) error {
	if _, err := conn.Write(req); err != nil {
		return err
	}
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK || string(body) != backendBody {
		target, _, _ := strings.Cut(strings.TrimPrefix(string(req), "GET "), " ")
		return fmt.Errorf("%s: %s: %q", target, resp.Status, body)
	}
	return nil
}

// stats are the figures of one run.
type stats struct {
	perSecond      float64
	mean, p50, p99 time.Duration
}

// summarize returns the figures of a run of len(lat) requests that took
// wall: the percentiles by nearest rank.
func summarize(lat []time.Duration, wall time.Duration) stats {
	sorted := slices.Clone(lat)
	slices.Sort(sorted)
	var sum time.Duration
	for _, d := range sorted {
		sum += d
	}
	rank := func(p float64) time.Duration {
		return sorted[max(0, int(math.Ceil(p*float64(len(sorted))))-1)]
	}
	return stats{
		perSecond: float64(len(lat)) / wall.Seconds(),
		mean:      sum / time.Duration(len(lat)),
		p50:       rank(0.50),
		p99:       rank(0.99),
	}
}

// micros formats d in microseconds, to a tenth.
func micros(d time.Duration) string {
	return fmt.Sprintf("%.1fµs", float64(d)/float64(time.Microsecond))
}
