package host

import (
	"slices"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// yieldingLockstep holds tick yieldAt once (then runs every tick as
// fakeLockstep does); as a Yielding it says the hold was a yield.
type yieldingLockstep struct {
	fakeLockstep
	yieldAt uint64
	done    bool // yieldAt was held once
	last    bool // the last tick asked was held as a yield
}

func (s *yieldingLockstep) Inputs(n uint64, local *engine.Input, players []engine.Input, h engine.StateHasher) (bool, error) {
	s.last = n == s.yieldAt && !s.done
	if s.last {
		s.done = true
		return false, nil
	}
	return s.fakeLockstep.Inputs(n, local, players, h)
}

// yielder is a yieldingLockstep that says so (Yielding).
type yielder struct{ *yieldingLockstep }

func (y yielder) Yielded() bool { return y.last }

// Frames come at the tick rate (60 a second, each exactly a tick). A
// tick held for input stays owed: the frame after the hold runs it with
// the next, and the clock loses nothing. A tick the Lockstep yields
// (Yielding) is given up whole: the frame after runs one tick, the clock
// is a tick behind for good, and the hold is one repeated frame with a
// tick of stalled time.
func TestAYieldedTickSetsTheClockBackATick(t *testing.T) {
	dt := time.Second / 60
	for _, tc := range []struct {
		name     string
		wrap     func(*yieldingLockstep) Lockstep
		after    int // ticks run in the frame after the hold
		ticks    uint64
		stalled  time.Duration
		repeated uint64
	}{
		{"held", func(s *yieldingLockstep) Lockstep { return s }, 2, 19, 0, 1},
		{"yielded", func(s *yieldingLockstep) Lockstep { return yielder{s} }, 1, 18, dt, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &fakeClock{}
			g := &pgame{n: 2}
			var l *Loop
			g.onUpdate = func(f *engine.Frame) error { l = LoopOf(f); return nil }
			s := &yieldingLockstep{yieldAt: 5}
			sum := runWired(t, engine.Config{Mode: engine.ModeUncapped, Frames: 20, Players: 2}, Wiring{Lockstep: tc.wrap(s)}, g, &fakePlatform{clock: c, work: every(dt)}, c)
			held := slices.Index(g.perFrame[1:], 0) + 1 // the first frame ticks nothing: its time is the loop's start
			if held < 1 || held+1 >= len(g.perFrame) {
				t.Fatalf("ticks per frame %v: want a frame that ran none after the first", g.perFrame)
			}
			h := l.Held()
			if got := g.perFrame[held+1]; got != tc.after || sum.Ticks != tc.ticks || h.Stalled != tc.stalled || h.Repeated != tc.repeated {
				t.Fatalf("ticks per frame %v: the frame after the hold ran %d, %d ticks in all, stalled %v, repeated %d: want %d, %d, %v, %d",
					g.perFrame, got, sum.Ticks, h.Stalled, h.Repeated, tc.after, tc.ticks, tc.stalled, tc.repeated)
			}
		})
	}
}
