package samples_test

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// patience stretches a deadline for a process test by how oversubscribed
// the machine is: the one-minute load average over the CPUs, from 1 to
// 10 times. On a busy laptop or CI runner (load 15-20 on 2 cores) a run
// that takes seconds alone takes minutes, and a deadline that fails it
// says nothing about the code.
func patience(d time.Duration) time.Duration {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return patienceFor(d, 0, runtime.NumCPU())
	}
	load, _ := strconv.ParseFloat(strings.Fields(string(b) + " 0")[0], 64)
	return patienceFor(d, load, runtime.NumCPU())
}

func patienceFor(d time.Duration, load float64, cpus int) time.Duration {
	factor := min(max(load/float64(max(cpus, 1)), 1), 10)
	return time.Duration(float64(d) * factor)
}

func TestPatienceGrowsWithTheLoadWithinBounds(t *testing.T) {
	for _, tc := range []struct {
		load float64
		cpus int
		want time.Duration
	}{
		{0, 2, time.Minute},
		{1.5, 2, time.Minute},
		{18, 2, 9 * time.Minute},
		{400, 2, 10 * time.Minute},
		{8, 0, 8 * time.Minute},
	} {
		if got := patienceFor(time.Minute, tc.load, tc.cpus); got != tc.want {
			t.Errorf("patienceFor(1m, load %v, %d CPUs) = %v, want %v", tc.load, tc.cpus, got, tc.want)
		}
	}
	if got := patience(time.Second); got < time.Second || got > 10*time.Second {
		t.Errorf("patience(1s) = %v here, want 1s to 10s", got)
	}
}
