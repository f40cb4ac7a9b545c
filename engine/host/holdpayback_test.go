package host

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// After a minute capped at a rate matching the ticks, switching to
// uncapped stops the snap: what the tick phase held to centre the
// leftover is paid back over the next frames, at most an eighth of each
// frame's time, until nothing is held; and every nanosecond measured is
// accounted for in Stats after every frame.
func TestHeldTimeIsPaidBackOverFramesWhenSnappingStops(t *testing.T) {
	for _, tc := range []struct {
		fps, tps int
	}{{60, 60}, {60, 120}, {144, 144}, {60, 30}} {
		c := &fakeClock{}
		r := rand.New(rand.NewPCG(uint64(tc.fps), uint64(tc.tps)))
		p := &fakePlatform{clock: c, work: func(int) time.Duration {
			return time.Millisecond + time.Duration(r.Int64N(int64(4*time.Millisecond)))
		}}
		capped := uint64(tc.fps) * 60
		var (
			prev      Stats
			switched  bool
			paidFrame = -1
			heldAtCap time.Duration
		)
		g := &recorder{onUpdate: func(f *engine.Frame) error {
			if f.N == capped {
				switched = true
				return f.Loop.SetMode(engine.ModeUncapped)
			}
			return nil
		}}
		d := &drawCheck{recorder: g, check: func(f *engine.Frame) {
			s := *LoopOf(f).Stats()
			if got := s.Ticked + LoopOf(f).TickDebt() + s.Dropped + s.Carried; got != s.Measured {
				t.Fatalf("%d fps, %d tps, frame %d: ticked %v + leftover %v + dropped %v + held %v = %v, measured %v",
					tc.fps, tc.tps, f.N, s.Ticked, LoopOf(f).TickDebt(), s.Dropped, s.Carried, got, s.Measured)
			}
			if f.N == capped-1 {
				heldAtCap = s.Carried
			}
			if switched && f.N > capped {
				// Never a burst: the held time changes by at most an
				// eighth of what the frame measured.
				step, frame := s.Carried-prev.Carried, s.Measured-prev.Measured
				if step > frame/8 || step < -frame/8 {
					t.Fatalf("%d fps, %d tps, frame %d: %v of held time paid back in a frame of %v, more than an eighth",
						tc.fps, tc.tps, f.N, -step, frame)
				}
				if s.Carried == 0 && paidFrame < 0 {
					paidFrame = int(f.N - capped)
				}
			}
			prev = s
		}}
		runFake(t, engine.Config{Mode: engine.ModeCap, FPS: tc.fps, TPS: tc.tps, Frames: capped + 500}, d, p, c)
		t.Logf("%d fps, %d tps: held %v after a minute capped; paid back %d frames after the switch to uncapped", tc.fps, tc.tps, heldAtCap, paidFrame)
		if prev.Carried != 0 || paidFrame < 0 {
			t.Errorf("%d fps, %d tps: still holds %v 500 frames after snapping stopped (held %v while capped)", tc.fps, tc.tps, prev.Carried, heldAtCap)
		}
	}
}
