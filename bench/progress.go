package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// A progressLine tells what runs now. On a terminal it rewrites one line
// in place; elsewhere (a log, CI) it writes a line when a new corpus
// starts, so that logs stay short.
type progressLine struct {
	w        io.Writer
	terminal bool
	total    int // steps in the run
	n        int
	corpus   *corpus
	start    time.Time
	width    int // of the last line written in place
}

func newProgressLine(w io.Writer, total int) *progressLine {
	p := &progressLine{w: w, total: total, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.terminal = true
		}
	}
	return p
}

// step is a progress func: it is called before every warm-up and trial.
func (p *progressLine) step(c *corpus, ps *parser, what string) {
	p.n++
	newCorpus := c != p.corpus
	p.corpus = c
	if !p.terminal {
		if newCorpus {
			fmt.Fprintf(p.w, "bench: %s (%s URIs) at %s\n", c.name, group(len(c.strings)), time.Since(p.start).Round(time.Second))
		}
		return
	}
	line := fmt.Sprintf("[%3d%%] %s: %s, %s  %s", 100*(p.n-1)/max(p.total, 1), c.name, ps.name, what,
		time.Since(p.start).Round(time.Second))
	pad := max(p.width-len(line), 0)
	p.width = len(line)
	fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", pad))
}

// done ends the progress output with a last line.
func (p *progressLine) done(msg string) {
	if p.terminal {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
	}
	fmt.Fprintf(p.w, "bench: %s\n", msg)
}
