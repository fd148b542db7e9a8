package main

import (
	"fmt"
	"time"
)

// showProgress rewrites a progress line on stderr at each tick.
func (p *processor) showProgress(tick <-chan time.Time, stop <-chan struct{}) {
	start := time.Now()
	for {
		select {
		case <-stop:
			return
		case now := <-tick:
			mb := float64(p.bytes.Load()) / 1e6
			fmt.Fprintf(p.stderr, "\r\033[Kfasturi: %d lines, %.1f MB, %.1f MB/s", p.lines.Load(), mb, mb/now.Sub(start).Seconds())
		}
	}
}
