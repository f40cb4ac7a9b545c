package host

import (
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

type budgetRecorder struct{ budgets []time.Duration }

func (r *budgetRecorder) Collect(b time.Duration) bool {
	r.budgets = append(r.budgets, b)
	return false
}

func TestCollectorGetsTheTimeLeftBeforeTheDeadline(t *testing.T) {
	work := 3 * time.Millisecond
	for _, tc := range []struct {
		mode engine.Mode
		want func(frame int) time.Duration
	}{
		// Capped at 100 fps, a frame that took 3 ms has 7 ms to spare.
		{engine.ModeCap, func(int) time.Duration { return 10*time.Millisecond - work }},
		// Uncapped there is no idle time: only overdue work may run.
		{engine.ModeUncapped, func(int) time.Duration { return 0 }},
	} {
		c := &fakeClock{}
		gc := &budgetRecorder{}
		p := &fakePlatform{clock: c, work: every(work)}
		runWired(t, engine.Config{Mode: tc.mode, FPS: 100, Frames: 10}, Wiring{GC: gc}, &recorder{}, p, c)
		if len(gc.budgets) != 9 { // not after the last frame
			t.Fatalf("%v: Collect called %d times in 10 frames, want 9", tc.mode, len(gc.budgets))
		}
		for i, b := range gc.budgets {
			if b != tc.want(i) {
				t.Fatalf("%v: frame %d budget %v, want %v", tc.mode, i, b, tc.want(i))
			}
		}
	}
}

func TestCollectorUnderVSyncGetsThePeriodLessTheFramesWork(t *testing.T) {
	c := &fakeClock{}
	gc := &budgetRecorder{}
	p := &vsyncPlatform{period: 20 * time.Millisecond}
	p.clock = c
	p.work = every(20 * time.Millisecond)
	g := &recorder{onTick: func(*engine.Tick) error { c.now += 4 * time.Millisecond; return nil }}
	runWired(t, engine.Config{Mode: engine.ModeVSync, TPS: 50, Frames: 6}, Wiring{GC: gc}, g, p, c)
	// Each frame ticks once (4 ms of work), so 20 − 4 − 1 ms margin remain.
	for i, b := range gc.budgets[2:] {
		if b != 15*time.Millisecond {
			t.Fatalf("frame %d budget %v, want 15ms", i+2, b)
		}
	}
}
