//go:build !linux && !windows

package host

import "time"

// Elsewhere the loop sleeps with time.Sleep; WaitHybrid's margin grows to
// cover its lateness.
type sleeper struct{ start time.Time }

func newSleeper(start time.Time) sleeper { return sleeper{start: start} }

func (s *sleeper) until(t time.Duration) {
	time.Sleep(t - time.Since(s.start))
}

// setTimerSlack does nothing outside Linux, where there is no such knob.
func setTimerSlack(time.Duration) error { return nil }
