package main

import (
	"fmt"
	"html"
	"io"
	"math"
)

// The chart's geometry, in SVG user units (pixels).
const (
	chartWidth  = 960
	labelWidth  = 200 // parser names, right-aligned left of the bars
	valueWidth  = 90  // room for the value right of the longest bar
	barHeight   = 14
	barGap      = 4
	groupGap    = 18
	groupHeader = 22
	chartTop    = 58
	chartBottom = 46
)

// palette colours the parsers in order; fasturi, the first, is the darkest.
var palette = []string{"#0b4f8a", "#5b9bd5", "#c0504d", "#e8a33d", "#9bbb59", "#8064a2", "#4bacc6", "#7f7f7f"}

// writeChart draws a horizontal bar chart of the median ns per URI: a group
// per corpus, a bar per parser, on a logarithmic axis so that parsers tens
// of times apart can be read off one chart.
func (r *report) writeChart(w io.Writer) error {
	lo, hi := math.Inf(1), 0.0
	for _, run := range r.runs {
		for _, res := range run.results {
			lo, hi = min(lo, res.median()), max(hi, res.median())
		}
	}
	if len(r.runs) == 0 || hi <= 0 {
		return fmt.Errorf("chart: no results")
	}
	axis := newLogAxis(lo, hi, labelWidth, chartWidth-valueWidth)
	groupH := groupHeader + len(r.parsers)*(barHeight+barGap)
	height := chartTop + len(r.runs)*(groupH+groupGap) + chartBottom
	p := &printer{w: w}
	p.f(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Helvetica, Arial, sans-serif" font-size="12">`+"\n",
		chartWidth, height, chartWidth, height)
	p.f(`<rect width="100%%" height="100%%" fill="#ffffff"/>` + "\n")
	p.f(`<text x="%d" y="22" font-size="15" font-weight="bold">Time per URI (ns, %s; log scale, shorter is faster)</text>`+"\n", labelWidth, trialsPhrase(r.method.trials))
	p.f(`<text x="%d" y="40" fill="#555555">%s · %s · %s</text>`+"\n", labelWidth,
		html.EscapeString(r.machine.date.Format("2006-01-02")), html.EscapeString(r.machine.cpu), html.EscapeString(r.machine.goVer))
	plotBottom := height - chartBottom
	for _, t := range axis.ticks() {
		x := axis.x(t)
		p.f(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#dddddd"/>`+"\n", x, chartTop-6, x, plotBottom)
		p.f(`<text x="%.1f" y="%d" text-anchor="middle" fill="#555555">%s</text>`+"\n", x, plotBottom+16, tickLabel(t))
	}
	p.f(`<text x="%d" y="%d" text-anchor="middle" fill="#555555">ns per URI</text>`+"\n", (labelWidth+chartWidth-valueWidth)/2, plotBottom+34)
	y := chartTop
	for _, run := range r.runs {
		p.f(`<text x="%d" y="%d" font-weight="bold">%s (%s URIs, mean %.0f bytes)</text>`+"\n", labelWidth, y+14,
			html.EscapeString(run.corpus.name), group(len(run.corpus.strings)), float64(run.corpus.size)/float64(len(run.corpus.strings)))
		y += groupHeader
		for i, res := range run.results {
			x := axis.x(res.median())
			p.f(`<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", labelWidth-8, y+barHeight-3, html.EscapeString(res.parser.name))
			p.f(`<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n", labelWidth, y, max(x-labelWidth, 1), barHeight, palette[i%len(palette)])
			p.f(`<text x="%.1f" y="%d">%s</text>`+"\n", max(x, labelWidth+1)+4, y+barHeight-3, nanos(res.median()))
			y += barHeight + barGap
		}
		y += groupGap
	}
	p.f("</svg>\n")
	return p.err
}

// A logAxis maps values between lo and hi, widened to the ticks around
// them, onto the pixels x0..x1.
type logAxis struct {
	lo, hi float64 // log10 of the ends
	x0, x1 float64
}

func newLogAxis(lo, hi float64, x0, x1 int) logAxis {
	a := logAxis{lo: math.Log10(tickBelow(lo)), hi: math.Log10(tickAbove(hi)), x0: float64(x0), x1: float64(x1)}
	if a.hi <= a.lo {
		a.hi = a.lo + 1
	}
	return a
}

func (a logAxis) x(v float64) float64 {
	return a.x0 + (math.Log10(v)-a.lo)/(a.hi-a.lo)*(a.x1-a.x0)
}

// ticks are the values 1, 2 and 5 times a power of ten on the axis.
func (a logAxis) ticks() []float64 {
	var ts []float64
	for e := math.Floor(a.lo); e <= a.hi; e++ {
		for _, m := range []float64{1, 2, 5} {
			t := m * math.Pow(10, e)
			if l := math.Log10(t); l >= a.lo-1e-9 && l <= a.hi+1e-9 {
				ts = append(ts, t)
			}
		}
	}
	return ts
}

// tickBelow and tickAbove round v down and up to 1, 2 or 5 times a power
// of ten.
func tickBelow(v float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{5, 2, 1} {
		if m*p <= v*(1+1e-9) {
			return m * p
		}
	}
	return p
}

func tickAbove(v float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= v*(1-1e-9) {
			return m * p
		}
	}
	return 10 * p
}

func tickLabel(t float64) string {
	if t < 1 {
		return fmt.Sprintf("%g", t)
	}
	return group(int(t + 0.5))
}
