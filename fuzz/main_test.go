package fuzz

import (
	"fmt"
	"os"
	"testing"

	"github.com/fasturi/fasturi/internal/scanlevel"
)

// TestMain runs the targets with fasturi's scanners at the level that
// $FASTURI_FUZZ_LEVEL names ("generic", "avx2", "avx512", "avx512vbmi2"),
// or at the one fasturi picks, the fastest the machine runs; and says
// which, since a finding at one level may pass at another.
func TestMain(m *testing.M) {
	if name := os.Getenv("FASTURI_FUZZ_LEVEL"); name != "" {
		if err := scanlevel.Set(name); err != nil {
			fmt.Fprintln(os.Stderr, "$FASTURI_FUZZ_LEVEL:", err)
			os.Exit(2)
		}
	}
	fmt.Printf("fasturi's scanners at level %s\n", scanlevel.Name())
	os.Exit(m.Run())
}
