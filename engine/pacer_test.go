package engine

import (
	"testing"
	"time"
)

func TestIgnoredVSyncDoesNotBurstWhileItIsDetected(t *testing.T) {
	c := &fakeClock{}
	p := &vsyncPlatform{period: time.Second / 75}
	p.clock = c
	p.work = every(50 * time.Microsecond) // presents that never wait
	g := &recorder{clock: c}
	sum := runFake(t, Config{Mode: ModeVSync, Frames: 100}, g, p, c)
	if sum.ModeEffective != "cap (vsync ignored)" {
		t.Fatalf("effective mode %q, want the fallback", sum.ModeEffective)
	}
	for i := 1; i < len(g.frameStart); i++ {
		if gap := g.frameStart[i] - g.frameStart[i-1]; gap < time.Second/75-time.Microsecond {
			t.Fatalf("frames %d and %d %v apart, want at least the display period", i-1, i, gap)
		}
	}
	if sum.FPS < 74.5 || sum.FPS > 75.5 {
		t.Fatalf("mean rate %v fps, want the display's 75 from the first frame", sum.FPS)
	}
}

func TestHonouredVSyncIsNotGuarded(t *testing.T) {
	c := &fakeClock{}
	p := &vsyncPlatform{period: time.Second / 60}
	p.clock = c
	p.work = every(time.Second / 60) // presents that wait for the display
	g := &recorder{clock: c}
	sum := runFake(t, Config{Mode: ModeVSync, Frames: 50}, g, p, c)
	if sum.ModeEffective != "vsync" {
		t.Fatalf("effective mode %q, want vsync", sum.ModeEffective)
	}
	if c.sleeps != 0 {
		t.Fatalf("the loop slept %d times under a display that paces it, want 0", c.sleeps)
	}
}
