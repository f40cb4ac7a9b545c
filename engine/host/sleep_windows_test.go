package host

import (
	"testing"
	"time"
)

// The frame cap's wait on Windows sleeps on a waitable timer, and a wait
// allocates nothing once the clock is made (it runs every frame).
func TestWaitableTimerWaitsWithoutAllocating(t *testing.T) {
	c := NewSystemClock(WaitHybrid)
	if c.sleep.timer == nil {
		t.Fatal("no waitable timer: CreateWaitableTimerExW failed with and without CREATE_WAITABLE_TIMER_HIGH_RESOLUTION")
	}
	high := createTimer(createWaitableTimerHighResolution)
	t.Logf("high-resolution timers: %v", high != 0)
	late := make([]time.Duration, 0, 32)
	allocs := testing.AllocsPerRun(20, func() {
		target := c.Now() + time.Millisecond
		c.sleep.until(target)
		late = append(late, c.Now()-target)
	})
	if allocs != 0 {
		t.Errorf("a wait allocates %v times, want 0", allocs)
	}
	t.Logf("woke after the deadline by %v", late)
}
