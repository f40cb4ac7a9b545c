package engine

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadCPU is the calling thread's CPU time.
func threadCPU() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
