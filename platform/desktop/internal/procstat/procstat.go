// Package procstat reads what the process has used so far (real time,
// CPU time, heap allocations, garbage collections), so that a run's
// summary can say what its loop cost: read it before and after.
package procstat

import (
	"runtime"
	"time"
)

// Use is what the process has used, read at one moment.
type Use struct {
	Wall    time.Time     // the real clock, whatever clock the loop ran on
	CPU     time.Duration // CPUTime
	Mallocs uint64        // heap allocations
	GCs     uint32        // completed garbage collections
	Pause   time.Duration // their stop-the-world pauses, in all
}

// Read reads what the process has used so far.
func Read() Use {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return Use{Wall: time.Now(), CPU: CPUTime(), Mallocs: m.Mallocs, GCs: m.NumGC, Pause: time.Duration(m.PauseTotalNs)}
}
