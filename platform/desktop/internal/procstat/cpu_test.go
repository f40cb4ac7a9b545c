package procstat

import (
	"testing"
	"time"
)

// TestCPUTimeCounts burns CPU until the process's CPU time moves: it must,
// within far more work than the coarsest clock (Windows counts in 15.6 ms
// ticks) needs, on every system with a cpu_GOOS.go.
func TestCPUTimeCounts(t *testing.T) {
	before := CPUTime()
	deadline := time.Now().Add(10 * time.Second)
	x := 1.0
	for CPUTime() == before {
		for range 100_000 {
			x = x*1.0000001 + 1e-9
		}
		if time.Now().After(deadline) {
			t.Fatalf("CPU time still %v after 10 s of work: CPUTime measures nothing here", before)
		}
	}
	if got := CPUTime(); got < before {
		t.Fatalf("CPU time went back from %v to %v", before, got)
	}
	_ = x
}
