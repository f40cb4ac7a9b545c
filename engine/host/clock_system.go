package host

import (
	"fmt"
	"time"
)

// Wait is how SystemClock waits for a deadline.
type Wait uint8

// The ways to wait. WaitHybrid is the default; the others exist to measure
// against it.
const (
	// WaitHybrid sleeps until shortly before the deadline, then spins the
	// rest. The margin adapts to how late this machine's sleeps wake.
	WaitHybrid Wait = iota
	// WaitSleep is a plain time.Sleep of the time left: cheap, but the Go
	// runtime wakes up to a millisecond late. It is the baseline WaitHybrid
	// is measured against.
	WaitSleep
	// WaitSpin only spins: exact, and burns a core.
	WaitSpin
)

var waitNames = [...]string{"hybrid", "sleep", "spin"}

// MarshalText returns the wait's name.
func (w Wait) MarshalText() ([]byte, error) { return []byte(w.String()), nil }

// UnmarshalText parses hybrid, sleep or spin.
func (w *Wait) UnmarshalText(b []byte) error {
	for i, n := range waitNames {
		if n == string(b) {
			*w = Wait(i)
			return nil
		}
	}
	return fmt.Errorf("unknown wait %q: want hybrid, sleep or spin", b)
}

// String names the wait.
func (w Wait) String() string {
	if int(w) < len(waitNames) {
		return waitNames[w]
	}
	return "unknown"
}

// SystemClock is the monotonic clock of the machine. The zero value is not
// ready; use NewSystemClock.
type SystemClock struct {
	start time.Time
	wait  Wait
	sleep sleeper

	// lateness of recent coarse sleeps, to size the spin margin
	wakes  [128]time.Duration
	wakeN  int
	margin time.Duration
}

// Bounds on the spin margin of WaitHybrid.
const (
	minMargin = 20 * time.Microsecond
	maxMargin = 2 * time.Millisecond
	// headroom added to the recent wakes' lateness so a slightly later
	// one still lands before the deadline.
	marginHeadroom = 30 * time.Microsecond
	// the margin covers all but marginRank-1 of the wakes remembered
	marginRank = 7
)

// NewSystemClock returns the machine's monotonic clock, waiting for
// deadlines the way w says.
func NewSystemClock(w Wait) *SystemClock {
	c := &SystemClock{start: time.Now(), wait: w, margin: maxMargin}
	c.sleep = newSleeper(c.start)
	return c
}

// Now returns the time since the clock was made.
func (c *SystemClock) Now() time.Duration { return time.Since(c.start) }

// ThreadCPU returns the CPU time, user and system, of the OS thread that
// calls it (CLOCK_THREAD_CPUTIME_ID on Linux, GetThreadTimes on Windows);
// always 0 elsewhere (macOS, the BSDs), where Go has no such clock
// without cgo. It allocates nothing.
func (*SystemClock) ThreadCPU() time.Duration { return threadCPU() }

// SleepUntil returns once Now() >= t.
func (c *SystemClock) SleepUntil(t time.Duration) {
	switch c.wait {
	case WaitSleep:
		if d := t - c.Now(); d > 0 {
			time.Sleep(d)
		}
		return
	case WaitHybrid:
		target := t - c.margin
		if target > c.Now() {
			c.sleep.until(target)
			c.learn(c.Now() - target)
		}
	}
	for c.Now() < t {
	}
}

// learn records how late a sleep woke and sets the margin to the seventh
// latest of the last 128 wakes (about their 95th percentile) plus
// headroom. Not the latest: on a virtual machine or beside a renderer's
// busy threads, a few wakes in a hundred come a millisecond or more late;
// spinning that long before every frame to cover them cost 2-7% of a core
// (tools/loopbench, tumble capped at 60 Hz on two cores, where the
// seventh latest cost 0.1-3%), and did not make those wakes punctual: the
// thread was waiting for a CPU, not for the timer. Those frames are late
// instead, which the lateness percentiles show.
func (c *SystemClock) learn(late time.Duration) {
	c.wakes[c.wakeN%len(c.wakes)] = late
	c.wakeN++
	var top [marginRank]time.Duration // latest first
	for _, w := range c.wakes[:min(c.wakeN, len(c.wakes))] {
		for i := range top {
			if w > top[i] {
				copy(top[i+1:], top[i:])
				top[i] = w
				break
			}
		}
	}
	// Until there are marginRank wakes, the latest so far.
	cover := top[min(c.wakeN, marginRank)-1]
	c.margin = min(max(cover+marginHeadroom, minMargin), maxMargin)
}

// Margin returns how long before a deadline WaitHybrid stops sleeping.
func (c *SystemClock) Margin() time.Duration { return c.margin }

// NewFastClock returns a clock for runs nobody watches (replays, tools):
// every reading advances it by step and sleeps end at once, so the loop
// runs as fast as the CPU allows while its timing logic sees a steady
// frame rate.
func NewFastClock(step time.Duration) Clock { return &fastClock{step: max(step, 1)} }

type fastClock struct{ now, step time.Duration }

func (c *fastClock) Now() time.Duration {
	c.now += c.step
	return c.now
}

func (c *fastClock) SleepUntil(t time.Duration) { c.now = max(c.now, t) }
