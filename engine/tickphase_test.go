package engine

import (
	"testing"
	"time"
)

func TestTickGridIsTheStepBetweenTheLeftoversACommensurateFrameVisits(t *testing.T) {
	hz := func(f float64) time.Duration { return time.Duration(float64(time.Second)/f + 0.5) }
	for _, tc := range []struct {
		name      string
		frame, dt time.Duration
		want      time.Duration
	}{
		{"60 Hz, 60 tps: one leftover", hz(60), hz(60), hz(60)},
		{"60 Hz, 120 tps: one leftover", hz(60), hz(120), hz(120)},
		{"60 Hz, 30 tps: two", hz(60), hz(30), hz(30) / 2},
		{"75 Hz, 60 tps: five", hz(75), hz(60), hz(60) / 5},
		{"144 Hz, 60 tps: twelve", hz(144), hz(60), hz(60) / 12},
		{"59.94 Hz, 60 tps: the leftover walks", hz(59.94), hz(60), 0},
		{"60 Hz, 7 tps: no small ratio", hz(60), time.Second / 7, 0},
		{"no frame", 0, hz(60), 0},
	} {
		if got := tickGrid(tc.frame, tc.dt, gridTolerance); got != tc.want {
			t.Errorf("%s: tickGrid(%v, %v) = %v, want %v", tc.name, tc.frame, tc.dt, got, tc.want)
		}
	}
}

func TestTickPhaseCentresTheLeftoverAndNeverPushesItPastTheLimit(t *testing.T) {
	dt := time.Second / 60
	for _, tc := range []struct {
		name     string
		f, acc   time.Duration
		limit    time.Duration
		wantFeed time.Duration // what reaches the accumulator
		wantHold time.Duration
	}{
		// The leftover would sit on a tick boundary: half a tick moves it
		// to the middle (given ahead, on the tie).
		{"on a boundary", dt, 0, 8 * dt, dt + dt/2, -dt / 2},
		// Short of the middle: a little is given ahead.
		{"short of the middle", dt, dt/2 - 100, 8 * dt, dt + 100, -100},
		// Past it: a little is held back.
		{"past the middle", dt, dt/2 + 100, 8 * dt, dt - 100, 100},
		// Giving ahead would take the accumulator past the bailout's
		// limit: nothing moves this frame.
		{"at the limit", dt, dt/2 - 100, dt + dt/2 - 1, dt, 0},
	} {
		var p tickPhase
		got := p.feed(tc.f, tc.acc, dt, dt, tc.limit, true)
		if got != tc.wantFeed || p.hold != tc.wantHold {
			t.Errorf("%s: fed %v holding %v, want %v holding %v", tc.name, got, p.hold, tc.wantFeed, tc.wantHold)
		}
		if got+p.hold != tc.f {
			t.Errorf("%s: fed %v + held %v is not the frame's %v", tc.name, got, p.hold, tc.f)
		}
	}
}
