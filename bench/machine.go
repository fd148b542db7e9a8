package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/klauspost/cpuid/v2"
)

// A machine is what a report records of where and how it was measured.
type machine struct {
	date     time.Time
	cpu      string // brand string, vendor, family, model
	cores    string
	features string // the instruction sets that the parsers' speed depends on
	goVer    string // Go version, GOOS/GOARCH
	procs    int    // GOMAXPROCS while measuring
	build    string // fasturi's build: the assembly scanner, or purego
	revision string // the tree's git revision, when it is a git checkout
}

// simdFeatures are listed in a report when the CPU has them.
var simdFeatures = []cpuid.FeatureID{
	cpuid.SSE42, cpuid.AVX, cpuid.AVX2, cpuid.BMI2,
	cpuid.AVX512F, cpuid.AVX512BW, cpuid.AVX512VBMI, cpuid.AVX512VBMI2, cpuid.HYPERVISOR,
}

func thisMachine() machine {
	m := machine{
		date: time.Now().UTC(),
		cpu: fmt.Sprintf("%s (%s family %d model %d)",
			strings.TrimSpace(cpuid.CPU.BrandName), cpuid.CPU.VendorString, cpuid.CPU.Family, cpuid.CPU.Model),
		cores: fmt.Sprintf("%d logical CPUs (%d physical cores reported)", runtime.NumCPU(), cpuid.CPU.PhysicalCores),
		goVer: fmt.Sprintf("%s %s/%s", runtime.Version(), runtime.GOOS, runtime.GOARCH),
		procs: runtime.GOMAXPROCS(0),
		build: fasturiBuild,
	}
	var have []string
	for _, f := range simdFeatures {
		if cpuid.CPU.Supports(f) {
			have = append(have, f.String())
		}
	}
	m.features = strings.Join(have, " ")
	if m.features == "" {
		m.features = "none of " + fmt.Sprint(simdFeatures)
	}
	m.revision = sourceRevision()
	return m
}

// sourceRevision is the revision of the tree this program was built from:
// git's, for the directory of its source, wherever the program runs, with
// "-dirty" when a tracked file has changed but for the reports in
// results/, which a run before this one wrote; or the revision the build
// recorded; "" when neither is known.
func sourceRevision() string {
	if _, file, _, ok := runtime.Caller(0); ok {
		dir := filepath.Dir(file)
		if out, err := exec.Command("git", "-C", dir, "rev-parse", "--short=12", "HEAD").Output(); err == nil {
			rev := strings.TrimSpace(string(out))
			st, err := exec.Command("git", "-C", dir, "status", "--porcelain", "--untracked-files=no").Output()
			if err != nil {
				return rev
			}
			for line := range strings.Lines(string(st)) {
				// "XY path", the path from the top of the tree.
				if len(line) > 3 && !strings.HasPrefix(line[3:], "bench/results/") {
					return rev + "-dirty"
				}
			}
			return rev
		}
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		rev, dirty := "", ""
		for _, s := range info.Settings {
			switch {
			case s.Key == "vcs.revision" && len(s.Value) >= 12:
				rev = s.Value[:12]
			case s.Key == "vcs.modified" && s.Value == "true":
				dirty = "-dirty"
			}
		}
		if rev != "" {
			return rev + dirty
		}
	}
	return ""
}

// moduleVersion is the version of module path that this program was built
// with: "this tree" when go.mod replaces it with a directory, the Go
// version for the standard library (path ""), "" when unknown.
func moduleVersion(path string) string {
	if path == "" {
		return runtime.Version()
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, d := range info.Deps {
		if d.Path != path {
			continue
		}
		if d.Replace == nil {
			return d.Version
		}
		if strings.HasPrefix(d.Replace.Path, ".") || filepath.IsAbs(d.Replace.Path) {
			return "this tree" // replaced by a directory
		}
		return d.Replace.Version
	}
	return ""
}
