package main

import (
	"slices"
)

// A corpusRun is every parser's result on one corpus, in the order of the
// parsers measured.
type corpusRun struct {
	corpus  *corpus
	results []*result
}

// An example is one input, where it was found.
type example struct {
	corpus *corpus
	line   int // 1-based
}

func (e example) uri() string { return e.corpus.strings[e.line-1] }

// A disagreement is what two validating parsers decide differently, over
// every corpus: the inputs only a accepts and those only b accepts.
type disagreement struct {
	a, b         *parser
	onlyA, onlyB int
	perCorpus    []int // disagreements in each corpus, in the order measured
	// Up to maxExamples inputs each: the shortest of each corpus, corpora
	// in the order they were measured.
	exA, exB []example
}

const maxExamples = 3

func (d *disagreement) total() int { return d.onlyA + d.onlyB }

// agreement compares every pair of validating parsers; pairs come in the
// order of the parsers, (0,1), (0,2), ... (1,2), ...
func agreement(runs []corpusRun) []*disagreement {
	if len(runs) == 0 {
		return nil
	}
	var idx []int // the validating parsers' positions in results
	for i, r := range runs[0].results {
		if r.parser.validates {
			idx = append(idx, i)
		}
	}
	var out []*disagreement
	for x, i := range idx {
		for _, j := range idx[x+1:] {
			d := &disagreement{a: runs[0].results[i].parser, b: runs[0].results[j].parser}
			for _, run := range runs {
				okA, okB := run.results[i].ok, run.results[j].ok
				shortestA, shortestB := -1, -1
				before := d.total()
				for k := range okA {
					if okA[k] == okB[k] {
						continue
					}
					if okA[k] {
						d.onlyA++
						shortestA = shorter(run.corpus, shortestA, k)
					} else {
						d.onlyB++
						shortestB = shorter(run.corpus, shortestB, k)
					}
				}
				d.perCorpus = append(d.perCorpus, d.total()-before)
				d.exA = addExample(d.exA, run.corpus, shortestA)
				d.exB = addExample(d.exB, run.corpus, shortestB)
			}
			out = append(out, d)
		}
	}
	return out
}

// shorter returns whichever of the lines best (-1 for none yet) and k of c
// is the shorter URI, the earlier one on a tie.
func shorter(c *corpus, best, k int) int {
	if best < 0 || len(c.strings[k]) < len(c.strings[best]) {
		return k
	}
	return best
}

func addExample(list []example, c *corpus, k int) []example {
	if k < 0 || len(list) == maxExamples {
		return list
	}
	e := example{corpus: c, line: k + 1}
	if slices.ContainsFunc(list, func(o example) bool { return o.uri() == e.uri() }) {
		return list
	}
	return append(list, e)
}
