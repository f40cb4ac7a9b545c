package host

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// checkAccounting runs the loop over frame times from next and checks,
// after every frame, that every nanosecond put in is accounted for: ticked,
// left over, dropped by the bailout, held back by the cadence snap (never
// more than its tolerance) or by the tick phase (under a tick), in the
// loop's own totals and in Stats; that alpha stays in [0, 1); that no frame
// runs more than MaxSteps ticks; and that nothing is dropped while frames
// stay below dt·MaxSteps.
func checkAccounting(t testing.TB, mode engine.Mode, tps, maxSteps int, frames int, next func() time.Duration) {
	t.Helper()
	c := &fakeClock{}
	dt := time.Second / time.Duration(tps)
	cfg := engine.Config{TPS: tps, MaxSteps: maxSteps, Mode: mode, FPS: 60, Frames: uint64(frames), MaxFrame: max(250*time.Millisecond, 2*dt)}
	cfg, err := WithDefaults(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var (
		fed       time.Duration // clamped real time the loop measured
		prevStart time.Duration
		ticks     int
		maxFrame  time.Duration
	)
	g := &recorder{clock: c}
	g.onUpdate = func(f *engine.Frame) error {
		frame := c.now - prevStart
		prevStart = c.now
		if f.N > 0 {
			fed += min(max(frame, 0), cfg.MaxFrame)
			maxFrame = max(maxFrame, frame)
		}
		return nil
	}
	g.onTick = func(*engine.Tick) error { ticks++; return nil }
	var loop *Loop
	check := func(f *engine.Frame) {
		loop = LoopOf(f)
		ts := &loop.ts
		if ts.fed != ts.ticked+ts.acc+ts.dropped {
			t.Fatalf("frame %d: fed %d != ticked %d + leftover %d + dropped %d", f.N, ts.fed, ts.ticked, ts.acc, ts.dropped)
		}
		// The same, as anyone can check it from Stats.
		if s := loop.Stats(); s.Measured != fed || s.Ticked+loop.TickDebt()+s.Dropped+s.Carried != s.Measured {
			t.Fatalf("frame %d: Stats: measured %v (the clock says %v) != ticked %v + leftover %v + dropped %v + held %v",
				f.N, s.Measured, fed, s.Ticked, loop.TickDebt(), s.Dropped, s.Carried)
		}
		if fed != ts.fed+ts.snap.carry+ts.phase.hold {
			t.Fatalf("frame %d: measured %d != fed %d + held by cadence %d + held by tick phase %d", f.N, fed, ts.fed, ts.snap.carry, ts.phase.hold)
		}
		if h := ts.phase.hold; h >= dt || h <= -dt {
			t.Fatalf("frame %d: tick phase holds %v, a tick (%v) or more", f.N, h, dt)
		}
		if c := ts.snap.carry; c > ts.snap.tol || c < -ts.snap.tol {
			t.Fatalf("frame %d: cadence holds %v, beyond its tolerance %v", f.N, c, ts.snap.tol)
		}
		if f.Alpha < 0 || f.Alpha >= 1 {
			t.Fatalf("frame %d: alpha %v outside [0, 1)", f.N, f.Alpha)
		}
		if g.ticks > maxSteps {
			t.Fatalf("frame %d ran %d ticks, more than MaxSteps %d", f.N, g.ticks, maxSteps)
		}
		if maxFrame < dt*time.Duration(maxSteps)-ts.snap.tol && ts.dropped != 0 {
			t.Fatalf("frame %d: dropped %v though no frame reached dt·MaxSteps", f.N, ts.dropped)
		}
		if time.Duration(ticks)*dt != ts.ticked {
			t.Fatalf("frame %d: %d ticks but ticked %v", f.N, ticks, ts.ticked)
		}
	}
	d := &drawCheck{recorder: g, check: check}
	p := &fakePlatform{clock: c, work: func(int) time.Duration { return next() }}
	if _, err := Run(context.Background(), cfg, partsOf(d), Wiring{Platform: p, Clock: c}); err != nil {
		t.Fatal(err)
	}
}

type drawCheck struct {
	*recorder
	check func(*engine.Frame)
}

func (d *drawCheck) Draw(f *engine.Frame) error {
	d.check(f)
	return d.recorder.Draw(f)
}

func TestAccountingIsExactOverRandomFrameTimes(t *testing.T) {
	for _, mode := range []engine.Mode{engine.ModeCap, engine.ModeUncapped} {
		for seed := range uint64(20) {
			r := rand.New(rand.NewPCG(seed, uint64(mode)))
			tps := []int{30, 50, 60, 144, 240, 1000}[r.IntN(6)]
			maxSteps := 1 + r.IntN(10)
			// Mostly short frames, some long, a few stalls and zeros.
			next := func() time.Duration {
				switch x := r.IntN(100); {
				case x < 3:
					return 0
				case x < 6:
					return time.Duration(r.Int64N(int64(3 * time.Second)))
				case x < 30:
					return time.Duration(r.Int64N(int64(100 * time.Millisecond)))
				default:
					return time.Duration(r.Int64N(int64(20 * time.Millisecond)))
				}
			}
			checkAccounting(t, mode, tps, maxSteps, 2000, next)
		}
	}
}

func TestNothingDroppedBelowMaxStepsFrames(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	dt := time.Second / 60
	for _, mode := range []engine.Mode{engine.ModeCap, engine.ModeUncapped} {
		c := &fakeClock{}
		g := &recorder{}
		p := &fakePlatform{clock: c, work: func(int) time.Duration {
			return time.Duration(r.Int64N(int64(4 * dt))) // under dt·MaxSteps (8)
		}}
		sum := runFake(t, engine.Config{Mode: mode, Frames: 5000}, g, p, c)
		if sum.Bailouts != 0 || sum.Dropped != 0 {
			t.Fatalf("%v: %d bailouts dropped %v ms with frames under dt·MaxSteps", mode, sum.Bailouts, sum.Dropped)
		}
	}
}

// FuzzAccounting feeds the loop arbitrary frame times in both modes.
func FuzzAccounting(f *testing.F) {
	f.Add([]byte{0, 16, 200, 3, 255, 255, 1}, uint8(60), uint8(8), false)
	f.Add([]byte{1, 1, 1, 1}, uint8(1), uint8(1), true)
	f.Fuzz(func(t *testing.T, frames []byte, tps, maxSteps uint8, capped bool) {
		if len(frames) == 0 || tps == 0 || maxSteps == 0 {
			return
		}
		mode := engine.ModeUncapped
		if capped {
			mode = engine.ModeCap
		}
		i := 0
		next := func() time.Duration {
			b := frames[i%len(frames)]
			i++
			// Each byte is a frame of b² × 8 µs: 0 to 520 ms.
			return time.Duration(b) * time.Duration(b) * 8 * time.Microsecond
		}
		checkAccounting(t, mode, int(tps), int(maxSteps)%32+1, 3*len(frames), next)
	})
}
