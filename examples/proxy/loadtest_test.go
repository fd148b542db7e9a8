package main

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestLoadTest(t *testing.T) {
	var out strings.Builder
	if err := loadTest(&out, 200, 4, all); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + out.String())
	for _, re := range []string{
		`(?m)^checked +\d+ +[\d.]+µs +[\d.]+µs +[\d.]+µs$`,
		`(?m)^plain +\d+ +[\d.]+µs +[\d.]+µs +[\d.]+µs$`,
		`(?m)^the checking proxy adds -?[\d.]+µs per request \(difference of the means; of the medians: -?[\d.]+µs\)$`,
		`(?m)^the check itself takes \d+ns per request: [\d.]+% of the plain proxy's mean, [\d.]+% of its CPU time per request \([\d.]+µs, (measured|estimated), on \d+ cores\)$`,
	} {
		if !regexp.MustCompile(re).MatchString(out.String()) {
			t.Errorf("no line matches %s in\n%s", re, out.String())
		}
	}
}

func TestLoadRounds(t *testing.T) {
	for _, tt := range []struct{ n, clients, want int }{
		{1, 1, 1},
		{79, 4, 1},
		{80, 4, 1},
		{160, 4, 2},
		{200, 4, 2},
		{799, 4, 9},
		{800, 4, 10},
		{1000000, 4, 10}, // at most 10
		{1000000, 100000, 1},
	} {
		if got := loadRounds(tt.n, tt.clients); got != tt.want {
			t.Errorf("loadRounds(%d, %d) = %d, want %d", tt.n, tt.clients, got, tt.want)
		}
	}
}

// micro returns the latencies from..to µs, in reverse.
func micro(from, to int) []time.Duration {
	var lat []time.Duration
	for i := to; i >= from; i-- {
		lat = append(lat, time.Duration(i)*time.Microsecond)
	}
	return lat
}

func TestSummarize(t *testing.T) {
	for _, tt := range []struct {
		lat  []time.Duration
		wall time.Duration
		want stats
	}{
		// Nearest rank: the 50th and 99th of 100.
		{micro(1, 100), time.Second, stats{perSecond: 100, mean: 50500 * time.Nanosecond, p50: 50 * time.Microsecond, p99: 99 * time.Microsecond}},
		{micro(1, 200), 2 * time.Second, stats{perSecond: 100, mean: 100500 * time.Nanosecond, p50: 100 * time.Microsecond, p99: 198 * time.Microsecond}},
		{micro(7, 7), time.Millisecond, stats{perSecond: 1000, mean: 7 * time.Microsecond, p50: 7 * time.Microsecond, p99: 7 * time.Microsecond}},
		{micro(1, 3), time.Second, stats{perSecond: 3, mean: 2 * time.Microsecond, p50: 2 * time.Microsecond, p99: 3 * time.Microsecond}},
	} {
		if got := summarize(tt.lat, tt.wall); got != tt.want {
			t.Errorf("summarize(%d latencies, %v) = %+v, want %+v", len(tt.lat), tt.wall, got, tt.want)
		}
	}
}

func TestReport(t *testing.T) {
	checked := proxyRun{name: "checked", lat: micro(11, 110), wall: time.Second, cpu: 3 * time.Millisecond}
	plain := proxyRun{name: "plain", lat: micro(1, 100), wall: 2 * time.Second, cpu: 2 * time.Millisecond}
	var out strings.Builder
	report(&out, checked, plain, 500*time.Nanosecond, true)
	for _, want := range []string{
		"checked           100     60.5µs     60.0µs    109.0µs\n",
		"plain              50     50.5µs     50.0µs     99.0µs\n",
		"the checking proxy adds 10.0µs per request (difference of the means; of the medians: 10.0µs)\n",
		// The plain proxy's CPU time over its 100 requests: 20µs each.
		"the check itself takes 500ns per request: 0.990% of the plain proxy's mean, 2.500% of its CPU time per request (20.0µs, measured, on ",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
}

// TestLoad checks that a round sends each of its requests once, and times
// each: request i from client i%clients.
func TestLoad(t *testing.T) {
	var served atomic.Int64
	addr, stop, err := startLoopback(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		served.Add(1)
		io.WriteString(w, backendBody)
	}), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	requests := [][]byte{[]byte("GET / HTTP/1.1\r\nHost: h\r\n\r\n")}
	const unset = -1 // a latency that load did not write
	lat := make([]time.Duration, 20)
	for i := range lat {
		lat[i] = unset
	}
	if _, err := load(addr, requests, lat, 5, 15, 3); err != nil {
		t.Fatal(err)
	}
	if got := served.Load(); got != 10+3 { // and one untimed per client
		t.Errorf("%d requests served, want 13", got)
	}
	for i, d := range lat {
		if (d != unset) != (i >= 5 && i < 15) {
			t.Errorf("latency %d is %v: written outside requests 5 to 14, or not within", i, d)
		}
	}
}
