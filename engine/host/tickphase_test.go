package host

import (
	"math/rand/v2"
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

// A period learnt from presents wanders by microseconds while it settles
// (8 µs at 120 tps is past the tolerance a grid is first found with): the
// grid is kept, so the leftover is not centred again for nothing.
func TestTickPhaseKeepsItsGridWhileTheLearntPeriodSettles(t *testing.T) {
	dt := time.Second / 120
	var p tickPhase
	p.feed(2*dt, 0, 2*dt, dt, 9*dt, true)
	if p.grid != dt || p.stale {
		t.Fatalf("grid %v (stale %v) at 60 Hz and 120 tps, want %v centred", p.grid, p.stale, dt)
	}
	hold := p.hold
	for _, off := range []time.Duration{-8 * time.Microsecond, 5 * time.Microsecond, -30 * time.Microsecond} {
		q := 2*dt + off
		p.feed(q, dt/2, q, dt, 9*dt, true)
		if p.grid != dt || p.hold != hold {
			t.Fatalf("period %v off: grid %v, hold %v; want the grid %v kept and the hold %v untouched", off, p.grid, p.hold, dt, hold)
		}
	}
	if tickGrid(2*dt-8*time.Microsecond, dt, gridTolerance) != 0 {
		t.Fatal("the test proves nothing: 8 µs off is within the first tolerance")
	}
}

// Centring in a frame on the grid moves the leftover within its step: the
// frame runs the ticks it would have run, whatever was held before (under
// half a step, as one centring leaves it), and what is held stays under a
// step.
func TestTickPhaseCentringNeverChangesAFramesTicks(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for seed := range 1000 {
		dt := time.Second / time.Duration([]int{30, 60, 120, 144}[seed%4])
		b := time.Duration(1 + r.IntN(maxGridDen))
		p := tickPhase{grid: dt / b, quantum: dt, stale: true}
		p.hold = time.Duration(r.Int64N(int64(p.grid-1))) - p.grid/2 + 1 // in (-g/2, g/2)
		acc := time.Duration(r.Int64N(int64(dt)))
		f := time.Duration(r.Int64N(int64(3 * dt)))
		got := p.feed(f, acc, dt, dt, 9*dt, true)
		if (acc+got)/dt != (acc+f)/dt {
			t.Fatalf("seed %d: centring changed the frame's ticks from %d to %d", seed, (acc+f)/dt, (acc+got)/dt)
		}
		if p.hold >= p.grid || p.hold <= -p.grid {
			t.Fatalf("seed %d: holds %v, a grid step (%v) or more", seed, p.hold, p.grid)
		}
	}
}
