package engine

import (
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
	if sum.ModeEffective != "vsync" {
		t.Fatalf("effective mode %q, want vsync: the display paces the presents", sum.ModeEffective)
	}
	if c.sleeps != 0 {
		t.Fatalf("the loop slept %d times under a display that paces it, want 0", c.sleeps)
	}
}
