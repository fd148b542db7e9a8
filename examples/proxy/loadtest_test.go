package main

import (
	"regexp"
	"strings"
	"testing"
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
