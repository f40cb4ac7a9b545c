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
	"github.com/lockstep-engine/lockstep/engine/mouse"
)

// runFake runs g on a fake clock and platform with cfg's stop conditions.
func runFake(t *testing.T, cfg engine.Config, g game, p Platform, c *fakeClock) Report {
	t.Helper()
	return runWired(t, cfg, Wiring{}, g, p, c)
}

// runWired is runFake wired as w says besides.
func runWired(t *testing.T, cfg engine.Config, w Wiring, g game, p Platform, c *fakeClock) Report {
	t.Helper()
	w.Platform, w.Clock = p, c
	sum, err := Run(context.Background(), cfg, partsOf(g), w)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return sum
}

// The first frame measures no time (it starts the clock), so the seeds'
// frame k is our frame k+1.

func TestSeedTraceOneSecondFramesHalfSecondTicksRunTwoTicksPerFrame(t *testing.T) {
	c := &fakeClock{}
	g := &recorder{}
	runFake(t, engine.Config{TPS: 2, MaxFrame: 2 * time.Second, Mode: engine.ModeUncapped, Frames: 12},
		g, &fakePlatform{clock: c, work: every(time.Second)}, c)
	want := []int{0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}
	if !slices.Equal(g.perFrame, want) {
		t.Fatalf("ticks per frame = %v, want %v", g.perFrame, want)
	}
	for i, a := range g.alphas {
		if a != 0 {
			t.Fatalf("frame %d alpha = %v, want 0", i, a)
		}
	}
}

func TestSeedTrace16msFramesWith20msTicksRepeat01111(t *testing.T) {
	c := &fakeClock{}
	g := &recorder{}
	runFake(t, engine.Config{TPS: 50, Mode: engine.ModeUncapped, Frames: 16},
		g, &fakePlatform{clock: c, work: every(16 * time.Millisecond)}, c)
	wantTicks := []int{0, 0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1, 1}
	if !slices.Equal(g.perFrame, wantTicks) {
		t.Fatalf("ticks per frame = %v, want %v", g.perFrame, wantTicks)
	}
	// The seed prints the lag before each tick (32, 28, 24, 20); what is
	// left after a frame's ticks is 16, 12, 8, 4, 0 in turn.
	ms := time.Millisecond
	wantDebt := []time.Duration{0, 16 * ms, 12 * ms, 8 * ms, 4 * ms, 0, 16 * ms, 12 * ms, 8 * ms, 4 * ms, 0, 16 * ms, 12 * ms, 8 * ms, 4 * ms, 0}
	if !slices.Equal(g.debts, wantDebt) {
		t.Fatalf("leftover after each frame = %v, want %v", g.debts, wantDebt)
	}
	for i, a := range g.alphas {
		if want := float64(wantDebt[i]) / float64(20*ms); a != want {
			t.Fatalf("frame %d alpha = %v, want %v", i, a, want)
		}
	}
}

func TestStallOf10sRunsAtMostMaxStepsThenCarriesOn(t *testing.T) {
	c := &fakeClock{}
	g := &recorder{}
	work := func(f int) time.Duration {
		if f == 5 {
			return 10 * time.Second
		}
		return time.Second / 60
	}
	sum := runFake(t, engine.Config{Mode: engine.ModeUncapped, Frames: 20}, g, &fakePlatform{clock: c, work: work}, c)
	if got := g.perFrame[6]; got != 8 {
		t.Fatalf("frame after the stall ran %d ticks, want max steps (8)", got)
	}
	for i, n := range g.perFrame[7:] {
		if n != 1 {
			t.Fatalf("frame %d after the stall ran %d ticks, want 1: %v", i+7, n, g.perFrame)
		}
	}
	// 250 ms clamped buys 15 ticks; 8 run, 7 are dropped.
	if sum.Bailouts != 1 || sum.Stalls != 1 {
		t.Fatalf("bailouts %d stalls %d, want 1 and 1", sum.Bailouts, sum.Stalls)
	}
	dt := time.Second / 60
	if sum.Dropped != 7*dt {
		t.Fatalf("dropped %v, want %v", sum.Dropped, 7*dt)
	}
}

func TestEdgeInFrameWithoutTickReachesNextTickOnce(t *testing.T) {
	c := &fakeClock{}
	g := &recorder{}
	events := func(frame int, in EventSink) {
		if frame == 1 { // a frame of 5 ms: no tick
			in.Key(engine.KeySpace, true)
			in.Key(engine.KeySpace, false)
			in.Button(mouse.Left, true)
		}
	}
	work := func(f int) time.Duration {
		if f == 0 {
			return 5 * time.Millisecond
		}
		return 20 * time.Millisecond
	}
	runFake(t, engine.Config{TPS: 50, Mode: engine.ModeUncapped, Frames: 6},
		g, &fakePlatform{clock: c, work: work, events: events}, c)
	if g.perFrame[1] != 0 {
		t.Fatalf("frame 1 ran %d ticks, the test needs 0", g.perFrame[1])
	}
	first := g.inputs[0]
	if !first.Pressed.Has(engine.KeySpace) || !first.Released.Has(engine.KeySpace) || first.Down.Has(engine.KeySpace) {
		t.Fatalf("first tick: pressed %v released %v down %v; want pressed and released, not down",
			first.Pressed.Has(engine.KeySpace), first.Released.Has(engine.KeySpace), first.Down.Has(engine.KeySpace))
	}
	if !first.ButtonsPressed.Has(mouse.Left) || !first.Buttons.Has(mouse.Left) {
		t.Fatal("first tick did not see the left button go down")
	}
	for i, in := range g.inputs[1:] {
		if !in.Pressed.Empty() || !in.Released.Empty() || in.ButtonsPressed != 0 {
			t.Fatalf("tick %d saw an edge again: %+v", i+1, in)
		}
		if !in.Buttons.Has(mouse.Left) {
			t.Fatalf("tick %d: held button not current", i+1)
		}
	}
}

func TestTwoTicksInOneFrameSplitNoEdge(t *testing.T) {
	c := &fakeClock{}
	g := &recorder{}
	events := func(frame int, in EventSink) {
		if frame == 1 {
			in.Key(engine.KeyA, true)
		}
	}
	runFake(t, engine.Config{TPS: 100, Mode: engine.ModeUncapped, Frames: 3},
		g, &fakePlatform{clock: c, work: every(20 * time.Millisecond), events: events}, c)
	if len(g.inputs) != 4 {
		t.Fatalf("ran %d ticks, the test needs 4", len(g.inputs))
	}
	if !g.inputs[0].Pressed.Has(engine.KeyA) || g.inputs[1].Pressed.Has(engine.KeyA) {
		t.Fatal("the press must reach the first tick of the frame and only it")
	}
	if !g.inputs[1].Down.Has(engine.KeyA) {
		t.Fatal("the second tick must still see A held")
	}
}

func TestTicksStopsAfterExactlyNTicksMidFrame(t *testing.T) {
	c := &fakeClock{}
	g := &recorder{}
	sum := runFake(t, engine.Config{TPS: 100, Mode: engine.ModeUncapped, Ticks: 7},
		g, &fakePlatform{clock: c, work: every(30 * time.Millisecond)}, c)
	if sum.Ticks != 7 || len(g.inputs) != 7 {
		t.Fatalf("ran %d ticks (game saw %d), want exactly 7", sum.Ticks, len(g.inputs))
	}
	if g.perFrame[len(g.perFrame)-1] != 1 {
		t.Fatalf("last frame should run the one remaining tick and still draw: %v", g.perFrame)
	}
}

func TestPauseHoldsTicksAndStepOnceRunsOne(t *testing.T) {
	c := &fakeClock{}
	g := &recorder{clock: c}
	g.onUpdate = func(f *engine.Frame) error {
		switch f.N {
		case 3:
			f.Loop.SetPaused(true)
		case 6:
			f.Loop.StepOnce()
		case 9:
			f.Loop.SetPaused(false)
		}
		return nil
	}
	runFake(t, engine.Config{Mode: engine.ModeUncapped, Frames: 12},
		g, &fakePlatform{clock: c, work: every(time.Second / 60)}, c)
	// Frame 9 unpauses, but the time before it was spent paused: its
	// first tick is paid by frame 10.
	want := []int{0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1}
	if !slices.Equal(g.perFrame, want) {
		t.Fatalf("ticks per frame = %v, want %v", g.perFrame, want)
	}
}

func TestUnpausingFeedsNoTimeThatPassedWhilePaused(t *testing.T) {
	c := &fakeClock{}
	dt := time.Second / 60
	g := &recorder{clock: c}
	g.onUpdate = func(f *engine.Frame) error {
		switch f.N {
		case 3:
			f.Loop.SetPaused(true)
		case 6:
			f.Loop.StepOnce()
		case 12:
			f.Loop.SetPaused(false)
		}
		return nil
	}
	work := func(f int) time.Duration {
		if f == 11 {
			return 2 * time.Second // a long frame, paused throughout
		}
		return dt
	}
	var loop *Loop
	d := &drawCheck{recorder: g, check: func(f *engine.Frame) { loop = LoopOf(f) }}
	sum := runFake(t, engine.Config{Mode: engine.ModeUncapped, Frames: 20}, d, &fakePlatform{clock: c, work: work}, c)
	want := []int{0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1}
	if !slices.Equal(g.perFrame, want) {
		t.Fatalf("ticks per frame = %v, want %v", g.perFrame, want)
	}
	if sum.Bailouts != 0 || sum.Stalls != 0 || sum.Dropped != 0 {
		t.Fatalf("unpausing after a 2 s paused frame: %d bailouts, %d stalls, %v dropped; want none", sum.Bailouts, sum.Stalls, sum.Dropped)
	}
	// Fed: the intervals into frames 1 and 2 (before the pause) and 13 to
	// 19 (after it), one tick each; none of the paused ones.
	if fed := loop.ts.fed; fed != 9*dt {
		t.Fatalf("fed %v to the accumulator, want the 9 unpaused frames' %v", fed, 9*dt)
	}
}

func TestTimeScaleChangesTickCountNotDT(t *testing.T) {
	c := &fakeClock{}
	g := &recorder{}
	var dts []time.Duration
	g.onTick = func(tk *engine.Tick) error { dts = append(dts, tk.DT); return nil }
	sum := runFake(t, engine.Config{Mode: engine.ModeUncapped, TimeScale: 0.25, Frames: 241},
		g, &fakePlatform{clock: c, work: every(time.Second / 60)}, c)
	// 240 frames of 1/60 s at quarter speed: one simulated second.
	if sum.Ticks < 59 || sum.Ticks > 60 {
		t.Fatalf("ran %d ticks in 4 s at 0.25x, want 60 (59 with rounding of 1/60 s)", sum.Ticks)
	}
	for _, d := range dts {
		if d != time.Second/60 {
			t.Fatalf("tick dt = %v, want the fixed %v", d, time.Second/60)
		}
	}
}

func TestGamePanicIsRecoveredWithStack(t *testing.T) {
	c := &fakeClock{}
	p := &fakePlatform{clock: c, work: every(time.Second / 60)}
	g := &recorder{onTick: func(*engine.Tick) error { panic("boom in tick") }}
	_, err := Run(context.Background(), engine.Config{Mode: engine.ModeUncapped}, partsOf(g), Wiring{Platform: p, Clock: c})
	var pe *PanicError
	if !errors.As(err, &pe) {
		t.Fatalf("Run returned %v, want a *PanicError", err)
	}
	if pe.Value != "boom in tick" || !strings.Contains(string(pe.Stack), "recorder).Tick") {
		t.Fatalf("panic value %v, stack missing the panicking frame:\n%s", pe.Value, pe.Stack)
	}
}

func TestErrQuitEndsCleanlyAndOtherErrorsAreWrapped(t *testing.T) {
	c := &fakeClock{}
	bad := errors.New("bad state")
	for _, tc := range []struct {
		name    string
		ret     error
		wantErr error
	}{
		{"quit", engine.ErrQuit, nil},
		{"error", bad, bad},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &recorder{onTick: func(tk *engine.Tick) error {
				if tk.N == 3 {
					return tc.ret
				}
				return nil
			}}
			p := &fakePlatform{clock: c, work: every(time.Second / 60)}
			_, err := Run(context.Background(), engine.Config{Mode: engine.ModeUncapped}, partsOf(g), Wiring{Platform: p, Clock: c})
			if !errors.Is(err, tc.wantErr) || (tc.wantErr == nil) != (err == nil) {
				t.Fatalf("Run = %v, want %v", err, tc.wantErr)
			}
			if err != nil && !strings.Contains(err.Error(), "tick 3") {
				t.Fatalf("error %q does not name the tick", err)
			}
		})
	}
}

func TestQuitEventAndCancelEndTheLoop(t *testing.T) {
	c := &fakeClock{}
	p := &fakePlatform{clock: c, work: every(time.Millisecond), events: func(f int, in EventSink) {
		if f == 4 {
			in.Quit()
		}
	}}
	sum := runFake(t, engine.Config{Mode: engine.ModeUncapped}, &recorder{}, p, c)
	if sum.Frames != 5 {
		t.Fatalf("quit before frame 4 ended after %d frames, want 5 (the frame finishes)", sum.Frames)
	}

	ctx, cancel := context.WithCancel(context.Background())
	g := &recorder{onUpdate: func(f *engine.Frame) error {
		if f.N == 2 {
			cancel()
		}
		return nil
	}}
	p = &fakePlatform{clock: c, work: every(time.Millisecond)}
	sum, err := Run(ctx, engine.Config{Mode: engine.ModeUncapped}, partsOf(g), Wiring{Platform: p, Clock: c})
	if !errors.Is(err, context.Canceled) || sum.Frames != 3 || g.perFrame[2] != 0 {
		t.Fatalf("cancel: Run = %v after %d frames (ticks %v), want context.Canceled after 3, the last running no tick", err, sum.Frames, g.perFrame)
	}
}

type boundPlatform struct{ fakePlatform }

func (boundPlatform) MainThreadOnly() {}

func TestRunOffTheMainThreadSaysSo(t *testing.T) {
	c := &fakeClock{}
	_, err := Run(context.Background(), engine.Config{}, partsOf(&recorder{}), Wiring{Platform: &boundPlatform{fakePlatform{clock: c}}, Clock: c})
	if !errors.Is(err, ErrNotMainThread) {
		t.Fatalf("Run from a test goroutine = %v, want ErrNotMainThread", err)
	}
}

func TestInvalidConfigNamesTheField(t *testing.T) {
	for _, tc := range []struct {
		cfg  engine.Config
		name string
	}{
		{engine.Config{TPS: -1}, "TPS"},
		{engine.Config{TPS: MaxTPS + 1}, "TPS"},
		{engine.Config{MaxSteps: -3}, "MaxSteps"},
		{engine.Config{MaxFrame: time.Millisecond}, "MaxFrame"},
		{engine.Config{MaxFrame: MaxMaxFrame + 1}, "MaxFrame"},
		{engine.Config{Mode: 9}, "Mode"},
		{engine.Config{FPS: -1}, "FPS"},
		{engine.Config{TimeScale: -2}, "TimeScale"},
		{engine.Config{Duration: -time.Second}, "Duration"},
	} {
		_, err := WithDefaults(tc.cfg)
		if err == nil || !strings.Contains(err.Error(), tc.name) {
			t.Errorf("WithDefaults(%+v) = %v, want an error naming %s", tc.cfg, err, tc.name)
		}
		if _, rerr := Run(context.Background(), tc.cfg, partsOf(&recorder{}), Wiring{}); rerr == nil {
			t.Errorf("Run accepted %+v", tc.cfg)
		}
	}
	if _, err := WithDefaults(engine.Config{}); err != nil {
		t.Fatalf("zero Config invalid: %v", err)
	}
}

func TestMinimizedWindowSkipsDrawingAndThrottles(t *testing.T) {
	c := &fakeClock{}
	g := &recorder{}
	p := &fakePlatform{clock: c, work: every(time.Millisecond), events: func(f int, in EventSink) {
		in.Window(engine.WindowState{Minimized: f >= 2 && f < 6})
	}}
	sum := runFake(t, engine.Config{Mode: engine.ModeUncapped, Frames: 8}, g, p, c)
	if len(g.perFrame) != 4 || p.presents != 4 {
		t.Fatalf("drew %d and presented %d of %d frames, want 4 (4 minimised)", len(g.perFrame), p.presents, sum.Frames)
	}
	if c.sleeps < 4 {
		t.Fatalf("slept %d times while minimised, want a throttle every frame", c.sleeps)
	}
	if sum.Ticks < 4*3 {
		t.Fatalf("ticks stopped while minimised (%d); the game keeps running", sum.Ticks)
	}
}

func TestRunningSlowlyHasHysteresis(t *testing.T) {
	c := &fakeClock{}
	var slow []bool
	g := &recorder{clock: c}
	g.onUpdate = func(f *engine.Frame) error {
		slow = append(slow, f.Loop.RunningSlowly())
		return nil
	}
	dt := time.Second / 60
	work := func(f int) time.Duration {
		if f >= 10 && f < 13 {
			return 12 * dt // more than MaxSteps (8) can pay
		}
		return dt
	}
	runFake(t, engine.Config{Mode: engine.ModeUncapped, Frames: 140}, g, &fakePlatform{clock: c, work: work}, c)
	// Update runs before its frame's ticks, so frame 10's bailout shows
	// from frame 11 on.
	if slow[10] || !slow[12] {
		t.Fatalf("slow at frames 10..12 = %v, want false before the first bailout and true after", slow[10:13])
	}
	// The flag holds for a second of real time after the last bailout,
	// then clears for good.
	cleared := -1
	for i := 13; i < len(slow); i++ {
		if !slow[i] && cleared < 0 {
			cleared = i
		}
		if slow[i] && cleared >= 0 {
			t.Fatalf("flag came back at frame %d after clearing at %d", i, cleared)
		}
	}
	if cleared < 13+55 || cleared > 13+62 {
		t.Fatalf("flag cleared at frame %d, want about a second (60 frames) after the last bailout at 13", cleared)
	}
}

func TestTicksSeeTheWindowSizeThePointerIsIn(t *testing.T) {
	c := &fakeClock{}
	g := &recorder{}
	events := func(frame int, in EventSink) {
		if frame == 0 || frame == 2 {
			in.Window(engine.WindowState{Width: 800 + frame, Height: 600})
		}
		in.Pointer(10, 20)
	}
	runFake(t, engine.Config{Mode: engine.ModeUncapped, Frames: 4}, g, &fakePlatform{clock: c, work: every(time.Second / 60), events: events}, c)
	for i, in := range g.inputs {
		want := int32(800)
		if i >= 1 { // frame 2 holds the second tick
			want = 802
		}
		if in.WindowWidth != want || in.WindowHeight != 600 || in.MouseX != 10 {
			t.Fatalf("tick %d saw window %dx%d pointer %v, want %dx600 and 10", i, in.WindowWidth, in.WindowHeight, in.MouseX, want)
		}
	}
}

func TestPauseRunsNoTickEvenWithCadenceCarry(t *testing.T) {
	// 50 tps on a noisy 60 Hz display: the snap holds time back between
	// frames, and a paused frame must not pay it out as a tick. Pausing
	// for five frames in every ten, 3,000 times, meets the accumulator at
	// every phase.
	c := &fakeClock{}
	p := noisyDisplay(c, time.Second/60, 4*time.Millisecond, 3)
	g := &recorder{clock: c}
	paused := func(n uint64) bool { return n/5%2 == 1 }
	g.onUpdate = func(f *engine.Frame) error {
		f.Loop.SetPaused(paused(f.N))
		return nil
	}
	runFake(t, engine.Config{Mode: engine.ModeVSync, TPS: 50, Frames: 30000}, g, p, c)
	ran := 0
	for i, n := range g.perFrame {
		if paused(uint64(i)) && n != 0 {
			t.Fatalf("paused frame %d ran %d ticks", i, n)
		}
		ran += n
	}
	// The first frame of each unpaused run is fed nothing (the time before
	// it passed paused), so 12,000 frames of 1/60 s are fed: 10,000 ticks,
	// less what the snap's carry and the leftover hold at the pauses.
	if ran < 30000/2*4/5*5/6-20 || ran > 30000/2*4/5*5/6 {
		t.Fatalf("%d ticks in 15,000 unpaused frames at 50 tps and 60 Hz, want about 10,000", ran)
	}
}

func TestFPSCountsPresentsBetweenTheFirstAndTheLast(t *testing.T) {
	c := &fakeClock{}
	p := &fakePlatform{clock: c, work: func(f int) time.Duration {
		if f == 0 {
			return time.Second // a slow first frame (renderer start-up)
		}
		return 20 * time.Millisecond
	}, events: func(f int, in EventSink) {
		in.Window(engine.WindowState{Minimized: f >= 30 && f < 40})
	}}
	sum := runFake(t, engine.Config{Mode: engine.ModeUncapped, Frames: 60}, &recorder{}, p, c)
	if sum.Presents != 50 || sum.Frames != 60 {
		t.Fatalf("%d presents in %d frames, want 50 in 60 (10 minimised)", sum.Presents, sum.Frames)
	}
	// 48 intervals of 20 ms from the second present to the last; the slow
	// first frame counts for nothing, and the ten minimised frames' throttle
	// (10 × 50 ms) is hidden time, not frame time.
	if want := 48 / (48 * 20 * time.Millisecond).Seconds(); math.Abs(sum.FPS-want) > 1e-9 {
		t.Fatalf("fps %v, want %v", sum.FPS, want)
	}
	if want := 10 * throttlePeriod; sum.Hidden != want {
		t.Fatalf("hidden %v, want %v", sum.Hidden, want)
	}
}

func TestHiddenTimeStaysOutOfFrameStatsAndIsReportedApart(t *testing.T) {
	c := &fakeClock{}
	hidden := func(f int) bool { return f >= 100 && f < 400 } // 300 throttled frames: 15 s
	p := &fakePlatform{clock: c, work: every(tick60), events: func(f int, in EventSink) {
		in.Window(engine.WindowState{Minimized: hidden(f)})
	}}
	var hudFPS []float64 // what a HUD averaging Stats.Recent shows, frame by frame
	var recent []time.Duration
	g := &recorder{onUpdate: func(f *engine.Frame) error {
		recent = LoopOf(f).Stats().Recent(recent[:0])
		var sum time.Duration
		for _, d := range recent {
			sum += d
		}
		if len(recent) > 0 {
			hudFPS = append(hudFPS, float64(len(recent))/sum.Seconds())
		}
		return nil
	}}
	sum := runFake(t, engine.Config{Mode: engine.ModeUncapped, Frames: 500}, g, p, c)
	if want := 300 * throttlePeriod; sum.Hidden != want {
		t.Fatalf("hidden %v, want %v", sum.Hidden, want)
	}
	if sum.FrameTimes.Max > tick60+10*time.Microsecond {
		t.Fatalf("frame_ms max %v: the hidden stretch counted as a frame", sum.FrameTimes.Max)
	}
	if math.Abs(sum.FPS-60) > 0.01 {
		t.Fatalf("fps %v, want 60: hidden time is not frame time", sum.FPS)
	}
	for i, fps := range hudFPS {
		if math.Abs(fps-60) > 0.01 {
			t.Fatalf("update %d: the HUD's FPS from Stats.Recent is %v, want 60", i, fps)
		}
	}
}

// countingTape counts the ticks it is asked to record.
type countingTape struct{ n uint64 }

func (c *countingTape) Tick(uint64, *engine.Input, engine.StateHasher) error { c.n++; return nil }

func TestATickThatQuitsCountsAsTheTapeRecordedIt(t *testing.T) {
	c := &fakeClock{}
	tp := &countingTape{}
	g := &recorder{onTick: func(tk *engine.Tick) error {
		if tk.N == 3 {
			return engine.ErrQuit
		}
		return nil
	}}
	p := &fakePlatform{clock: c, work: every(time.Second / 60)}
	rep := runWired(t, engine.Config{Mode: engine.ModeUncapped}, Wiring{Tape: tp}, g, p, c)
	if rep.Ticks != 4 || tp.n != 4 {
		t.Fatalf("the game quit in tick 3: the report counts %d ticks and the tape %d, want 4 and 4", rep.Ticks, tp.n)
	}
}

// The default MaxFrame holds a tick at any tick rate, so a zero MaxFrame
// is valid at 2 ticks a second; a bad field's error names it as a
// *ConfigError.
func TestZeroMaxFrameHoldsATickAtAnyRate(t *testing.T) {
	for _, tps := range []int{1, 2, 3, 4, 60, MaxTPS} {
		c, err := WithDefaults(engine.Config{TPS: tps})
		if err != nil {
			t.Fatalf("Config{TPS: %d}: %v", tps, err)
		}
		if tick := time.Second / time.Duration(tps); c.MaxFrame < tick || c.MaxFrame < 250*time.Millisecond {
			t.Errorf("Config{TPS: %d}: default MaxFrame %v, want the longer of a tick (%v) and 250ms", tps, c.MaxFrame, tick)
		}
	}
	_, err := WithDefaults(engine.Config{TPS: 2, MaxFrame: 100 * time.Millisecond})
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Field != "MaxFrame" || ce.Value != 100*time.Millisecond {
		t.Fatalf("MaxFrame under a tick: %v, want a *ConfigError naming MaxFrame", err)
	}
}
