package host

import (
	"testing"
	"time"
)

func TestSystemClockWaitsUntilTheDeadline(t *testing.T) {
	for _, w := range []Wait{WaitHybrid, WaitSleep, WaitSpin} {
		t.Run(w.String(), func(t *testing.T) {
			c := NewSystemClock(w)
			for i := range 5 {
				d := c.Now() + time.Duration(i)*time.Millisecond
				c.SleepUntil(d)
				if now := c.Now(); now < d {
					t.Fatalf("woke at %v, before the deadline %v", now, d)
				}
			}
		})
	}
}

func TestHybridMarginFollowsTheLatestWakes(t *testing.T) {
	c := NewSystemClock(WaitHybrid)
	c.learn(300 * time.Microsecond)
	if got, want := c.Margin(), 300*time.Microsecond+marginHeadroom; got != want {
		t.Fatalf("margin %v after one wake 300µs late, want %v", got, want)
	}
	for range len(c.wakes) {
		c.learn(100 * time.Microsecond)
	}
	if got, want := c.Margin(), 100*time.Microsecond+marginHeadroom; got != want {
		t.Fatalf("margin %v after wakes 100µs late, want %v", got, want)
	}
	for range len(c.wakes) {
		c.learn(0)
	}
	if got, want := c.Margin(), max(marginHeadroom, minMargin); got != want {
		t.Fatalf("margin %v once wakes are punctual, want %v", got, want)
	}
}

func TestHybridMarginIgnoresALoneLateWake(t *testing.T) {
	c := NewSystemClock(WaitHybrid)
	for range len(c.wakes) {
		c.learn(100 * time.Microsecond)
	}
	c.learn(5 * time.Millisecond) // alone among marginRank-1 such
	if got, want := c.Margin(), 100*time.Microsecond+marginHeadroom; got != want {
		t.Fatalf("margin %v after one wake 5ms late among 100µs ones, want %v", got, want)
	}
	for range marginRank - 1 {
		c.learn(time.Second)
	}
	if got := c.Margin(); got != maxMargin {
		t.Fatalf("margin %v after %d wakes of 5ms or more, want the ceiling %v", got, marginRank, maxMargin)
	}
}
