package engine

import (
	"testing"
	"time"
)

func TestIgnoredVSyncDoesNotBurstWhileItIsDetected(t *testing.T) {
	c := &fakeClock{}
	p := &vsyncPlatform{period: time.Second / 75}
	p.clock = c
	p.work = every(2 * time.Millisecond) // presents that never wait
	g := &recorder{clock: c}
	sum := runFake(t, Config{Mode: ModeVSync, Frames: 100}, g, p, c)
	if sum.ModeEffective != "cap (vsync ignored)" {
		t.Fatalf("effective mode %q, want the fallback", sum.ModeEffective)
	}
	// Frame 0 presents at once and counts as the first fast present; from
	// frame 1 on every frame starts a display period after the one before,
	// through the detection, the switch to the fallback and after it,
	// whatever the frame's work took.
	for i := 2; i < len(g.frameStart); i++ {
		gap := g.frameStart[i] - g.frameStart[i-1]
		if d := gap - time.Second/75; d < -time.Microsecond || d > time.Microsecond {
			t.Fatalf("frames %d and %d %v apart, want the display period", i-1, i, gap)
		}
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
