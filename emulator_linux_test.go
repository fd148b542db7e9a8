package fasturi

import (
	"os"
	"syscall"
)

// A test binary booted as init, as the AVX-512 emulator of CI boots it
// (.ci/emulate-avx512), finds /proc unmounted; the fuzzing engine needs it
// to start its workers (os.Executable).
func init() {
	if os.Getpid() == 1 {
		_ = syscall.Mount("proc", "/proc", "proc", 0, "")
	}
}
