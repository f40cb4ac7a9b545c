//go:build linux || windows

package host

import (
	"runtime"
	"slices"
	"testing"
	"time"
)

// BenchmarkSleepUntil waits for the deadlines of a 60 Hz cap with no work
// between them, on the real clock: one op is one frame. It reports how
// late each wait returned (p50 and p99, µs) and the waiting thread's CPU
// time as a share of one core (%). Compare the ways to wait with
// benchstat; the figures depend on the machine and its load, and no test
// asserts them.
func BenchmarkSleepUntil(b *testing.B) {
	for _, w := range []Wait{WaitHybrid, WaitSleep, WaitSpin} {
		b.Run(w.String(), func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			c := NewSystemClock(w)
			const period = time.Second / 60
			var late []time.Duration
			next := c.Now()
			cpu0, wall0 := threadCPU(), c.Now()
			for b.Loop() {
				next += period
				c.SleepUntil(next)
				late = append(late, c.Now()-next)
			}
			cpu, wall := threadCPU()-cpu0, c.Now()-wall0
			slices.Sort(late)
			b.ReportMetric(float64(late[len(late)/2])/1e3, "late-p50-µs")
			b.ReportMetric(float64(late[len(late)*99/100])/1e3, "late-p99-µs")
			b.ReportMetric(100*float64(cpu)/float64(wall), "cpu-%")
			b.ReportMetric(0, "ns/op") // the period, not a cost
		})
	}
}
