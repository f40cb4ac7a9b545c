package procstat

import (
	"time"

	"golang.org/x/sys/windows"
)

// CPUTime is the CPU time the process has used, user and kernel
// (GetProcessTimes, counted in the system's timer ticks).
func CPUTime() time.Duration {
	var created, exited, kernel, user windows.Filetime
	if err := windows.GetProcessTimes(windows.CurrentProcess(), &created, &exited, &kernel, &user); err != nil {
		return 0
	}
	return filetimeSpan(kernel) + filetimeSpan(user)
}

// filetimeSpan reads a FILETIME as a span of 100 ns units.
func filetimeSpan(f windows.Filetime) time.Duration {
	return time.Duration(uint64(f.HighDateTime)<<32|uint64(f.LowDateTime)) * 100
}
