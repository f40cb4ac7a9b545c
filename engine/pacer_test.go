package engine

import (
	"errors"
	"log/slog"
	"testing"
	"time"
)

// throttlePlatform is a display whose present returns no sooner than a
// refresh period after the previous one, as Xvfb's vsync does: a loop that
// waited out the period itself would see presents that never block.
type throttlePlatform struct {
	vsyncPlatform
	lastSwap time.Duration
}

func (p *throttlePlatform) Present() error {
	p.clock.now += p.work(p.presents)
	if p.vsync && p.presents > 0 {
		p.clock.now = max(p.clock.now, p.lastSwap+p.period)
	}
	p.lastSwap = p.clock.now
	p.presents++
	return nil
}

func TestVSyncThatThrottlesPresentsIsHonoured(t *testing.T) {
	c := &fakeClock{}
	p := &throttlePlatform{vsyncPlatform: vsyncPlatform{period: time.Second / 60}}
	p.clock = c
	p.work = every(2 * time.Millisecond)
	g := &recorder{clock: c}
	sum := runFake(t, Config{Mode: ModeVSync, Frames: 120}, g, p, c)
	if sum.EffectiveMode != "vsync" {
		t.Fatalf("effective mode %q, want vsync: the display paces the presents", sum.EffectiveMode)
	}
	if c.sleeps != 0 {
		t.Fatalf("the loop slept %d times under a display that paces it, want 0", c.sleeps)
	}
}

// failingVSync is a display whose vsync cannot be switched off.
type failingVSync struct{ vsyncPlatform }

func (p *failingVSync) SetVSync(on bool) error {
	if !on {
		return errors.New("driver refuses")
	}
	return p.vsyncPlatform.SetVSync(on)
}

func TestIgnoredVSyncThatCannotBeSwitchedOffStillCaps(t *testing.T) {
	c := &fakeClock{}
	p := &failingVSync{vsyncPlatform{period: time.Second / 60}}
	p.clock = c
	p.work = every(100 * time.Microsecond)
	g := &recorder{clock: c}
	sum := runFake(t, Config{Mode: ModeVSync, Frames: 40}, g, p, c)
	if sum.EffectiveMode != "cap (vsync ignored)" {
		t.Fatalf("effective %q, want the fallback", sum.EffectiveMode)
	}
	n := len(g.frameStart)
	if gap := g.frameStart[n-1] - g.frameStart[n-2]; gap != time.Second/60 {
		t.Fatalf("frames %v apart after the fallback, want the cap's %v", gap, time.Second/60)
	}
}

func TestVSyncOnADisplayThatRoundsItsRateDown(t *testing.T) {
	// A 59.94 Hz panel that SDL reports as 59 Hz: trusting 59 would snap
	// every frame wrong; the measured period takes over.
	c := &fakeClock{}
	truePeriod := time.Second * 1001 / 60000
	p := noisyDisplay(c, truePeriod, time.Millisecond, 11)
	p.period = time.Second / 59
	g := &recorder{}
	runFake(t, Config{Mode: ModeVSync, Frames: 3600}, g, p, c)
	zero, two := 0, 0
	for _, n := range g.perFrame[refreshMeterMin+10:] {
		switch n {
		case 0:
			zero++
		case 2:
			two++
		}
	}
	// A minute needs about 3.6 frames of two ticks; trusting 59 Hz gave 44
	// frames of zero and 47 of two.
	if zero > 2 || two > 7 {
		t.Fatalf("%d frames ran 0 ticks and %d ran 2 on a 59.94 Hz display reported as 59", zero, two)
	}
}

// movingDisplay reports 60 Hz until the window moves to a 144 Hz monitor
// at frame 100, and presents at the monitor's rate.
type movingDisplay struct{ vsyncPlatform }

func (p *movingDisplay) RefreshPeriod() time.Duration {
	if p.presents >= 100 {
		return time.Second / 144
	}
	return time.Second / 60
}

func TestVSyncFollowsTheWindowToAFasterMonitor(t *testing.T) {
	c := &fakeClock{}
	p := &movingDisplay{}
	p.clock = c
	p.work = func(i int) time.Duration {
		if i >= 100 {
			return time.Second / 144
		}
		return time.Second / 60
	}
	g := &recorder{}
	sum := runFake(t, Config{Mode: ModeVSync, Frames: 300}, g, p, c)
	if sum.EffectiveMode != "vsync" || sum.FPSTarget < 143.9 || sum.FPSTarget > 144.1 {
		t.Fatalf("after the move: effective %q at %v fps, want vsync at 144", sum.EffectiveMode, sum.FPSTarget)
	}
}

func TestCapDeadlinesCarryOnAcrossARebase(t *testing.T) {
	c := &fakeClock{}
	p := newPacer(Config{Clock: c, FPS: 7, Logger: slog.New(slog.DiscardHandler)})
	if err := p.setMode(ModeCap, 0); err != nil {
		t.Fatal(err)
	}
	p.k = rebaseEvery - 3
	c.now = time.Duration(p.k * p.num / p.den)
	prev := c.now
	for range 6 {
		p.wait()
		if gap := c.now - prev; gap < time.Second/7 || gap > time.Second/7+1 {
			t.Fatalf("deadlines %v apart around the rebase (k=%d), want %v", gap, p.k, time.Second/7)
		}
		prev = c.now
	}
}
