package host

import (
	"math"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// SDL reports refresh rates in whole hertz, so a 59.94 Hz display says
// 60. The loop learns the true period from its presents; without that,
// the snap would hold back 16 µs a frame until it overflowed, and then
// hand it all out at once in a frame of two ticks, every few seconds.
func TestCadenceLearnsTrueRefreshOfDisplayThatRoundsIt(t *testing.T) {
	c := &fakeClock{}
	truePeriod := time.Second * 1001 / 60000
	p := noisyDisplay(c, truePeriod, time.Millisecond, 9)
	p.period = time.Second / 60 // what the display claims
	g := &recorder{clock: c}
	frames := int(3 * time.Minute / truePeriod)
	runFake(t, engine.Config{Mode: engine.ModeVSync, Frames: uint64(frames)}, g, p, c)
	zero, two := 0, 0
	for _, n := range g.perFrame[10:] {
		switch n {
		case 0:
			zero++
		case 2:
			two++
		}
	}
	// Three minutes at 59.94 Hz against 60 tps need 10.8 frames of two
	// ticks; none may run zero.
	t.Logf("%d frames: %d ran 0 ticks, %d ran 2", frames, zero, two)
	if zero != 0 || two < 10 || two > 13 {
		t.Fatalf("%d frames ran 0 ticks and %d ran 2; want 0 and 10 to 13", zero, two)
	}
}

func TestVSyncOfUnknownRateReportsTheMeasuredRate(t *testing.T) {
	c := &fakeClock{}
	p := noisyDisplay(c, time.Second/75, 500*time.Microsecond, 3)
	p.period = 0 // the display does not say
	g := &recorder{clock: c}
	sum := runFake(t, engine.Config{Mode: engine.ModeVSync, Frames: 600}, g, p, c)
	if sum.EffectiveMode != "vsync" || sum.FPSTarget < 74.9 || sum.FPSTarget > 75.1 {
		t.Fatalf("effective %q at %v fps, want vsync measured at 75", sum.EffectiveMode, sum.FPSTarget)
	}
}

func TestVSyncOfUnknownRateSnapsOnceLearnt(t *testing.T) {
	c := &fakeClock{}
	p := noisyDisplay(c, time.Second/60, time.Millisecond, 5)
	p.period = 0
	g := &recorder{}
	runFake(t, engine.Config{Mode: engine.ModeVSync, Frames: 3600}, g, p, c)
	uneven := 0
	for i, n := range g.perFrame[refreshMeterMin+10:] {
		if n != 1 {
			uneven++
			t.Logf("frame %d ran %d ticks", i+refreshMeterMin+10, n)
		}
	}
	// While the estimate is young its error (2 ms of noise over n frames)
	// moves the accumulator a few µs a frame and can carry it across a
	// tick boundary once; raw, 1,792 of these frames were uneven.
	if uneven > 2 {
		t.Fatalf("%d frames ran 0 or 2 ticks after the period was learnt, want at most 2", uneven)
	}
}

// silentThrottle is Xvfb: a present returns no sooner than a period after
// the one before, and the display does not say its rate.
type silentThrottle struct{ throttlePlatform }

func (*silentThrottle) RefreshPeriod() time.Duration { return 0 }

func TestVSyncTargetIsTheDisplayRateWhenTheSceneRunsSlower(t *testing.T) {
	slow := 32 * time.Millisecond // 31 fps, as stress under Xvfb
	for _, tc := range []struct {
		name string
		hz   float64
		fast int  // frames that keep up with the display first
		flip bool // the user switches to cap and back once it is slow
	}{
		// Never a present that waited: the rate cannot be learnt, and
		// is assumed, as the fallback cap assumes it.
		{"slow from the start", 60, 0, false},
		// Learnt while fast; kept while slow, and across mode switches.
		{"slow after a fast start", 75, 200, false},
		{"slow after a fast start and a mode switch", 75, 200, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &fakeClock{}
			p := &silentThrottle{}
			p.clock, p.period = c, time.Duration(float64(time.Second)/tc.hz)
			p.work = every(0)
			g := &recorder{}
			// The frame's work is drawing, before the present.
			d := &drawCheck{recorder: g, check: func(f *engine.Frame) {
				if f.N < uint64(tc.fast) {
					c.now += time.Millisecond
				} else {
					c.now += slow
				}
			}}
			g.onUpdate = func(f *engine.Frame) error {
				if tc.flip && f.N == uint64(tc.fast)+50 {
					f.Loop.SetMode(engine.ModeCap)
				}
				if tc.flip && f.N == uint64(tc.fast)+100 {
					f.Loop.SetMode(engine.ModeVSync)
				}
				return nil
			}
			sum := runFake(t, engine.Config{Mode: engine.ModeVSync, Frames: uint64(tc.fast) + 300}, d, p, c)
			if sum.EffectiveMode != "vsync" || math.Abs(sum.FPSTarget-tc.hz) > 0.01 {
				t.Fatalf("effective %q, fps_target %v at %.0f fps, want vsync and the display's %v", sum.EffectiveMode, sum.FPSTarget, sum.FPS, tc.hz)
			}
		})
	}
}
