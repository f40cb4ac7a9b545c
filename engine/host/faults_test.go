package host

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"

	"github.com/lockstep-engine/lockstep/physics"
)

// Each fault the loop can meet ends in a defined way: a clean error that
// names the cause, or a slowdown with the bailout counted; the platform is
// left to whoever opened it (platform/desktop's Run closes it, panic or not),
// and the report is always filled in.

const tick60 = time.Second / 60

func TestGamePanicInTickDrawOrUpdateIsAnErrorThatLeavesThePlatformToItsOwner(t *testing.T) {
	for _, where := range []string{"Tick", "Draw", "Update"} {
		t.Run(where, func(t *testing.T) {
			c := &fakeClock{}
			p := &fakePlatform{clock: c, work: every(tick60)}
			g := &panicky{where: where, at: 5}
			sum, err := Run(context.Background(), engine.Config{Mode: engine.ModeUncapped, Frames: 100}, partsOf(g), Wiring{Platform: p, Clock: c})
			var pe *PanicError
			if !errors.As(err, &pe) || pe.Value != "boom in "+where {
				t.Fatalf("Run = %v, want a *PanicError with the value", err)
			}
			if !strings.Contains(string(pe.Stack), "panicky)."+where) {
				t.Fatalf("stack does not show the panicking method:\n%s", pe.Stack)
			}
			if p.closed != 0 {
				t.Fatalf("Run closed the platform %d times: its owner closes it", p.closed)
			}
			if sum.Frames > 6 || sum.Ticks > 6 || sum.Mode != engine.ModeUncapped {
				t.Fatalf("summary after the panic: %d frames, %d ticks, mode %q", sum.Frames, sum.Ticks, sum.Mode)
			}
		})
	}
}

type panicky struct {
	where string
	at    uint64
}

func (g *panicky) Tick(t *engine.Tick) error {
	if g.where == "Tick" && t.N == g.at {
		panic("boom in Tick")
	}
	return nil
}

func (g *panicky) Draw(f *engine.Frame) error {
	if g.where == "Draw" && f.N == g.at {
		panic("boom in Draw")
	}
	return nil
}

func (g *panicky) Update(f *engine.Frame) error {
	if g.where == "Update" && f.N == g.at {
		panic("boom in Update")
	}
	return nil
}

// jumpClock is a fake clock whose presents take a scripted time, which may
// be huge (a stall), zero, or negative (the clock went backwards).
func runScripted(t *testing.T, cfg engine.Config, work func(int) time.Duration) (*recorder, Report) {
	t.Helper()
	c := &fakeClock{now: time.Hour} // room to go backwards
	g := &recorder{}
	p := &fakePlatform{clock: c, work: work}
	cfg.Mode = engine.ModeUncapped
	return g, runFake(t, cfg, g, p, c)
}

func TestClockStallOfSecondsRunsMaxStepsOnceAndCountsIt(t *testing.T) {
	g, sum := runScripted(t, engine.Config{Frames: 40}, func(f int) time.Duration {
		if f == 10 {
			return 7 * time.Second
		}
		return tick60
	})
	if g.perFrame[11] != 8 {
		t.Fatalf("frame after a 7 s stall ran %d ticks, want MaxSteps (8)", g.perFrame[11])
	}
	for i, n := range g.perFrame[12:] {
		if n != 1 {
			t.Fatalf("frame %d after the stall ran %d ticks, want 1: the stall's debt must not be paid", 12+i, n)
		}
	}
	if sum.Stalls != 1 || sum.Bailouts != 1 || sum.Dropped <= 0 {
		t.Fatalf("stalls %d, bailouts %d, dropped %vms: want 1, 1 and the clamped excess", sum.Stalls, sum.Bailouts, sum.Dropped)
	}
}

func TestClockJumpingBackwardsRunsNoTicksAndLosesNoLeftover(t *testing.T) {
	g, sum := runScripted(t, engine.Config{Frames: 30}, func(f int) time.Duration {
		switch f {
		case 10:
			return -5 * time.Second
		case 11:
			return -time.Millisecond
		}
		return tick60
	})
	for _, f := range []int{11, 12} {
		if g.perFrame[f] != 0 {
			t.Fatalf("frame %d, after the clock went back, ran %d ticks, want 0", f, g.perFrame[f])
		}
	}
	if g.debts[12] != g.debts[10] {
		t.Fatalf("leftover changed from %v to %v across the backward jumps, want it kept", g.debts[10], g.debts[12])
	}
	for i, a := range g.alphas {
		if !(a >= 0 && a < 1) {
			t.Fatalf("frame %d alpha %v outside [0, 1)", i, a)
		}
	}
	for i, n := range g.perFrame[13:] {
		if n != 1 {
			t.Fatalf("frame %d ran %d ticks after the clock recovered, want 1", 13+i, n)
		}
	}
	if sum.Stalls != 0 || sum.Bailouts != 0 || sum.FrameTimes.Max > 10*time.Second {
		t.Fatalf("a backward clock counted as stall %d, bailout %d, frame max %vms", sum.Stalls, sum.Bailouts, sum.FrameTimes.Max)
	}
}

func TestZeroFrameTimesRunNoTicksAndKeepAlphaFinite(t *testing.T) {
	g, sum := runScripted(t, engine.Config{Frames: 500}, every(0))
	if sum.Ticks != 0 || sum.Frames != 500 {
		t.Fatalf("500 zero-length frames ran %d frames, %d ticks; want 500 and 0", sum.Frames, sum.Ticks)
	}
	for i, a := range g.alphas {
		if a != 0 || math.IsNaN(a) {
			t.Fatalf("frame %d alpha %v, want 0", i, a)
		}
	}
	if math.IsNaN(sum.FPS) || math.IsInf(sum.FPS, 0) {
		t.Fatalf("fps %v from zero frame times, want a finite number", sum.FPS)
	}
}

func TestWindowClosedMidFrameFinishesThatFrameAndEndsCleanly(t *testing.T) {
	c := &fakeClock{}
	g := &recorder{}
	p := &fakePlatform{clock: c, work: every(2 * tick60), events: func(f int, in EventSink) {
		if f == 6 {
			in.Key(engine.KeySpace, true) // an edge in the same poll as the close
			in.Quit()
		}
	}}
	sum := runFake(t, engine.Config{Mode: engine.ModeUncapped}, g, p, c)
	if sum.Frames != 7 || g.perFrame[6] != 2 || p.presents != 7 {
		t.Fatalf("closed before frame 6: %d frames, %d presents, last ran %d ticks; want 7, 7 and 2 (the frame finishes)",
			sum.Frames, p.presents, g.perFrame[6])
	}
	if last := g.inputs[len(g.inputs)-2]; !last.Pressed.Has(engine.KeySpace) {
		t.Fatal("the edge that came with the close did not reach the frame's tick")
	}
	if p.closed != 0 {
		t.Fatal("the loop closed the platform on a clean end: the caller owns it (a last screenshot)")
	}
}

// brokenPlatform fails to present from a given frame: the window went away.
type brokenPlatform struct {
	fakePlatform
	failAt int
}

var errWindowGone = errors.New("window destroyed")

func (p *brokenPlatform) Present() error {
	if p.presents == p.failAt {
		return errWindowGone
	}
	return p.fakePlatform.Present()
}

func TestPresentFailingMidRunEndsWithTheCauseAndTheFrame(t *testing.T) {
	c := &fakeClock{}
	p := &brokenPlatform{fakePlatform{clock: c, work: every(tick60)}, 9}
	sum, err := Run(context.Background(), engine.Config{Mode: engine.ModeUncapped}, partsOf(&recorder{}), Wiring{Platform: p, Clock: c})
	if !errors.Is(err, errWindowGone) || !strings.Contains(err.Error(), "present frame 9") {
		t.Fatalf("Run = %v, want the present's error naming frame 9", err)
	}
	if sum.Frames != 9 {
		t.Fatalf("summary has %d frames, want the 9 presented", sum.Frames)
	}
}

// nanWorld is a World whose step diverges at a given tick.
type nanWorld struct {
	steps, divergeAt int
	state            []physics.BodyState
}

func (w *nanWorld) Step(time.Duration) error {
	w.steps++
	if w.steps > w.divergeAt {
		w.state[0].Pos[0] = math.NaN()
		return physics.ErrDiverged
	}
	w.state[0].Pos[0]++
	return nil
}

func (w *nanWorld) Snapshot(dst []physics.BodyState) []physics.BodyState {
	return append(dst[:0], w.state...)
}

type simulator struct {
	recorder
	w physics.Stepper
}

func (s *simulator) World() physics.Stepper { return s.w }

func TestPhysicsStepThatDivergesEndsWithErrDivergedAndTheTick(t *testing.T) {
	c := &fakeClock{}
	w := &nanWorld{divergeAt: 30, state: []physics.BodyState{{ID: 1}}}
	g := &simulator{w: w}
	p := &fakePlatform{clock: c, work: every(tick60)}
	sum, err := Run(context.Background(), engine.Config{Mode: engine.ModeUncapped, Frames: 100}, partsOf(g), Wiring{Platform: p, Clock: c})
	if !errors.Is(err, physics.ErrDiverged) || !strings.Contains(err.Error(), "tick 30") {
		t.Fatalf("Run = %v, want ErrDiverged naming tick 30", err)
	}
	if sum.Ticks != 30 {
		t.Fatalf("summary has %d ticks, want the 30 that completed", sum.Ticks)
	}
	for i, a := range g.alphas {
		if math.IsNaN(a) {
			t.Fatalf("frame %d drew with alpha NaN", i)
		}
	}
}

func TestTicksSlowerThanDTSlowTheGameDownWithEveryBailoutCounted(t *testing.T) {
	const maxSteps = 4
	c := &fakeClock{}
	g := &recorder{onTick: func(*engine.Tick) error {
		c.now += 2 * tick60 // every tick costs two ticks of real time
		return nil
	}}
	p := &fakePlatform{clock: c, work: every(time.Millisecond)}
	var slow []bool
	g.onUpdate = func(f *engine.Frame) error {
		slow = append(slow, f.Loop.RunningSlowly())
		return nil
	}
	cfg, w := engine.Config{Mode: engine.ModeUncapped, MaxSteps: maxSteps, Frames: 200}, Wiring{Platform: p, Clock: c}
	sum, err := Run(context.Background(), cfg, partsOf(g), w)
	if err != nil {
		t.Fatal(err)
	}
	first := slices.Index(g.perFrame, maxSteps)
	if first < 0 || first > 30 {
		t.Fatalf("ticks per frame %v: never reached MaxSteps early on", g.perFrame)
	}
	for i, n := range g.perFrame[first:] {
		if n != maxSteps {
			t.Fatalf("frame %d ran %d ticks, want MaxSteps (%d) every frame once behind", first+i, n, maxSteps)
		}
	}
	if sum.Bailouts < uint64(200-first-1) || sum.Dropped <= 0 {
		t.Fatalf("%d bailouts, %vms dropped over 200 overloaded frames: want nearly every frame counted", sum.Bailouts, sum.Dropped)
	}
	// No spiral of death: frames stay as long as MaxSteps slow ticks.
	frameMax := sum.FrameTimes.Max
	if want := maxSteps*2*tick60 + 2*time.Millisecond; frameMax > want {
		t.Fatalf("longest frame %v, want at most %v: the loop must not fall further behind", frameMax, want)
	}
	if !slow[len(slow)-1] {
		t.Fatal("RunningSlowly is false while every frame bails out")
	}
	// The game runs at half speed, not at the overloaded machine's mercy.
	simulated := time.Duration(sum.Ticks) * tick60
	if real := sum.Wall; simulated > real/2+tick60 || simulated < real*2/5 {
		t.Fatalf("simulated %v in %v real: want about half speed", simulated, real)
	}
}

// A cancel (SIGINT through signal.NotifyContext) is seen before the next
// tick: the frame it came in runs no more ticks, but draws and presents, so
// a final screenshot shows the state the summary's hash describes.
func TestCancelMidFrameStopsBeforeTheNextTickWithTheSummary(t *testing.T) {
	c := &fakeClock{}
	ctx, cancel := context.WithCancelCause(context.Background())
	sigint := errors.New("interrupt")
	g := &recorder{onTick: func(tk *engine.Tick) error {
		if tk.N == 10 {
			cancel(sigint) // as signal.NotifyContext does, from another goroutine
		}
		return nil
	}}
	p := &fakePlatform{clock: c, work: every(3 * tick60)}
	sum, err := Run(ctx, engine.Config{Mode: engine.ModeUncapped}, partsOf(g), Wiring{Platform: p, Clock: c})
	if !errors.Is(err, sigint) {
		t.Fatalf("Run = %v, want the cancel cause", err)
	}
	if sum.Ticks != 11 || sum.Frames != 5 || p.presents != 5 {
		t.Fatalf("cancelled in tick 10, the second of frame 4: %d ticks, %d frames, %d presents; want frame 4 to stop there and be the last (11, 5, 5)",
			sum.Ticks, sum.Frames, p.presents)
	}
}

// A frame whose ticks take far longer than their dt (here 600 ticks owed,
// each taking 100 ms of real time: a minute) stops within one tick of the
// cancel, and still returns its summary.
func TestCancelStopsWithinATickOfAFrameOfSlowTicks(t *testing.T) {
	c := &fakeClock{}
	ctx, cancel := context.WithCancel(context.Background())
	const slowTick = 100 * time.Millisecond
	var cancelledAt time.Duration
	g := &recorder{onTick: func(tk *engine.Tick) error {
		c.now += slowTick
		if tk.N == 5 {
			cancel() // mid-tick, mid-frame
			cancelledAt = c.now
		}
		return nil
	}}
	work := func(f int) time.Duration {
		if f == 0 {
			return 10 * time.Second // a stall: the next frame owes 600 ticks
		}
		return tick60
	}
	p := &fakePlatform{clock: c, work: work}
	cfg, w := engine.Config{Mode: engine.ModeUncapped, MaxSteps: MaxMaxSteps, MaxFrame: 10 * time.Second}, Wiring{Platform: p, Clock: c}
	sum, err := Run(ctx, cfg, partsOf(g), w)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run = %v, want context.Canceled", err)
	}
	if sum.Ticks != 6 || sum.Frames != 2 {
		t.Fatalf("cancelled in tick 5 of a frame of 600: ran %d ticks in %d frames, want 6 in 2", sum.Ticks, sum.Frames)
	}
	// After the cancel: the rest of the tick it came in, nothing more, and
	// the frame's present.
	if after := c.now - cancelledAt; after > tick60 {
		t.Fatalf("Run went on for %v after the cancel, want at most the frame's present (%v)", after, tick60)
	}
	if sum.Wall == 0 || len(sum.StepsPerFrame) <= 6 || sum.StepsPerFrame[6] != 1 {
		t.Fatalf("summary after the cancel: wall %v, steps per frame %v", sum.Wall, sum.StepsPerFrame)
	}
}

func TestClockSteppingBackNeitherFreezesNorBurstsInAnyMode(t *testing.T) {
	const jumpAt = 40 // the tick, or the wake, at which the clock reads a second earlier
	type mode struct {
		name   string
		mode   engine.Mode
		vsync  bool          // a display whose vsync is honoured (presents take a period)
		ignore bool          // a display that ignores vsync: the fallback cap
		hidden bool          // the window is minimised: the throttle
		most   time.Duration // the longest a frame may take
	}
	modes := []mode{
		{"cap", engine.ModeCap, false, false, false, tick60},
		{"vsync ignored", engine.ModeVSync, false, true, false, tick60},
		{"vsync", engine.ModeVSync, true, false, false, tick60},
		{"uncapped", engine.ModeUncapped, false, false, false, tick60},
		{"hidden", engine.ModeCap, false, false, true, throttlePeriod},
	}
	for _, tc := range modes {
		for _, at := range []string{"tick", "wake"} {
			if at == "wake" && (tc.vsync || tc.mode == engine.ModeUncapped) {
				continue // these never sleep
			}
			t.Run(tc.name+" at a "+at, func(t *testing.T) {
				c := &fakeClock{now: time.Hour}
				p := &vsyncPlatform{period: tick60}
				p.clock = c
				p.work = every(time.Millisecond)
				if tc.vsync || tc.mode == engine.ModeUncapped {
					p.work = every(tick60)
				}
				if tc.ignore {
					p.work = every(50 * time.Microsecond)
				}
				p.events = func(f int, in EventSink) { in.Window(engine.WindowState{Minimized: tc.hidden}) }
				g := &recorder{clock: c}
				jumped := false
				if at == "tick" {
					g.onTick = func(tk *engine.Tick) error {
						if tk.N == jumpAt {
							c.now -= time.Second
							c.longest, jumped = 0, true // what the loop does from here on
						}
						return nil
					}
				} else {
					c.onWake = func() {
						if c.sleeps == jumpAt {
							c.now -= time.Second
							c.longest, jumped = 0, true
						}
					}
				}
				var loop *Loop
				var ticks []int // ticks run by each frame after the jump, drawn or not
				g.onUpdate = func(f *engine.Frame) error {
					loop = LoopOf(f)
					if jumped {
						ticks = append(ticks, LoopOf(f).Stats().LastSteps)
					}
					return nil
				}
				sum := runFake(t, engine.Config{Mode: tc.mode, Frames: 200}, g, p, c)
				if c.longest > tc.most {
					t.Fatalf("the loop slept %v at once after the clock stepped back: it froze", c.longest)
				}
				most := int(tc.most/tick60) + 1
				for i, n := range ticks {
					if n > most {
						t.Fatalf("frame %d after the clock stepped back ran %d ticks, want at most %d", i, n, most)
					}
				}
				if sum.Stalls != 0 || sum.Bailouts != 0 {
					t.Fatalf("a backward clock gave %d stalls and %d bailouts, want none", sum.Stalls, sum.Bailouts)
				}
				for i, d := range loop.Stats().Recent(nil) {
					if d < 0 {
						t.Fatalf("Stats.Recent[%d] = %v: a negative frame interval", i, d)
					}
				}
			})
		}
	}
}
