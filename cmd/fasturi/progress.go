package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

// progressInterval is how often the progress line is rewritten.
var progressInterval = 250 * time.Millisecond

// progressMin is the input size from which the progress line shows: a
// smaller input is done before anyone would read it.
const progressMin = 4 << 20

// showProgress rewrites a progress line on stderr at each tick, once the
// input is known to be at least progressMin bytes.
func (p *processor) showProgress(tick <-chan time.Time, stop <-chan struct{}) {
	start := time.Now()
	width := terminalWidth(p.stderr)
	var line []byte
	for {
		select {
		case <-stop:
			return
		case now := <-tick:
			n := p.bytes.Load()
			if max(n, p.total) < progressMin {
				continue
			}
			line = appendProgress(line[:0], n, p.lines.Load(), p.total, now.Sub(start), width)
			p.stderr.Write(line)
		}
	}
}

// appendProgress appends a progress line that replaces the last one: a bar
// and the share done when the total is known, bytes read, lines per second,
// and the time left at the rate so far:
//
//	fasturi [########............]  41%  1.2 GB of 2.9 GB  21.3 M lines/s  0:07 left
//
// On a terminal of width columns (0: unknown), the line stays narrower,
// so that it does not wrap, which would leave rows that the next line
// does not replace: without its bar, and cut if it must be.
func appendProgress(dst []byte, bytes, lines, total int64, elapsed time.Duration, width int) []byte {
	dst = append(dst, "\r\033[K"...)
	start := len(dst)
	dst = appendProgressText(dst, bytes, lines, total, elapsed, true)
	if width > 0 && len(dst)-start >= width {
		dst = appendProgressText(dst[:start], bytes, lines, total, elapsed, false)
		dst = dst[:start+min(len(dst)-start, width-1)] // all ASCII: a byte a column
	}
	return dst
}

// appendProgressText appends the text of a progress line, with or
// without its bar.
func appendProgressText(dst []byte, bytes, lines, total int64, elapsed time.Duration, bar bool) []byte {
	dst = append(dst, "fasturi "...)
	secs := max(elapsed.Seconds(), 1e-3)
	if total > 0 {
		done := min(float64(bytes)/float64(total), 1)
		if bar {
			const width = 20
			filled := int(done * width)
			dst = append(dst, '[')
			dst = append(dst, strings.Repeat("#", filled)...)
			dst = append(dst, strings.Repeat(".", width-filled)...)
			dst = append(dst, "] "...)
		}
		dst = fmt.Appendf(dst, "%3.0f%%  %s of %s", 100*done, size(bytes), size(total))
	} else {
		dst = append(dst, size(bytes)...)
	}
	dst = fmt.Appendf(dst, "  %.1f M lines/s", float64(lines)/1e6/secs)
	if total > 0 && bytes > 0 {
		left := time.Duration(float64(total-bytes) / (float64(bytes) / secs) * float64(time.Second))
		dst = append(dst, "  "...)
		dst = appendClock(dst, max(left, 0))
		dst = append(dst, " left"...)
	}
	return dst
}

// size writes a byte count for people: 512 B, 3.4 MB, 1.2 GB.
func size(n int64) string {
	switch {
	case n < 1e3:
		return strconv.FormatInt(n, 10) + " B"
	case n < 1e6:
		return strconv.FormatFloat(float64(n)/1e3, 'f', 1, 64) + " kB"
	case n < 1e9:
		return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + " MB"
	}
	return strconv.FormatFloat(float64(n)/1e9, 'f', 1, 64) + " GB"
}

// appendClock appends d as h:mm:ss, or m:ss under an hour.
func appendClock(dst []byte, d time.Duration) []byte {
	s := int64(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Appendf(dst, "%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Appendf(dst, "%d:%02d", s/60, s%60)
}

// inputSize returns the total size of the named inputs when all are
// regular files, and 0 when any is not (standard input, a pipe) or cannot
// be read: then the progress line has no bar and no time left.
func inputSize(names []string) int64 {
	var total int64
	for _, name := range names {
		if name == "-" {
			return 0
		}
		st, err := os.Stat(name)
		if err != nil || !st.Mode().IsRegular() {
			return 0
		}
		total += st.Size()
	}
	return total
}

// showsProgress reports whether a command shows progress on stderr: not
// with -q, only on a terminal, and not while its records go to a terminal,
// through standard output or the -o file (atEnd: the command writes only
// when done, as stats does).
func (o *runOpts) showsProgress(stdout, stderr io.Writer, atEnd bool) bool {
	toTerminal := o.outTerminal
	if !o.toFile() {
		toTerminal = isTerminal(stdout)
	}
	return !o.quiet && isTerminal(stderr) && (atEnd || !toTerminal)
}
