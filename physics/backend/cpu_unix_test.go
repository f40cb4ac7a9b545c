//go:build unix

package backend

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time the process has used, on all threads.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
