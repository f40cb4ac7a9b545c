package host

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// A game that calls Run again on its own platform, from inside the
// running loop, is refused with ErrPlatformInUse and the outer run goes
// on; another platform is free, and so is the same one once the first
// Run has returned, a panic included.
func TestRunOnAPlatformAnotherRunDrivesIsRefused(t *testing.T) {
	c := &fakeClock{}
	p := &fakePlatform{clock: c, work: every(time.Millisecond)}
	other := &fakePlatform{clock: c, work: every(time.Millisecond)}
	var inner, elsewhere error
	innerPresents := -1
	g := &recorder{onUpdate: func(f *engine.Frame) error {
		if f.N != 2 {
			return nil
		}
		before := p.presents
		_, inner = Run(context.Background(), engine.Config{Frames: 3, Mode: engine.ModeUncapped}, partsOf(&recorder{}), Wiring{Platform: p, Clock: c})
		innerPresents = p.presents - before
		_, elsewhere = Run(context.Background(), engine.Config{Frames: 3, Mode: engine.ModeUncapped}, partsOf(&recorder{}), Wiring{Platform: other, Clock: c})
		return nil
	}}
	rep := runFake(t, engine.Config{Mode: engine.ModeUncapped, Frames: 5}, g, p, c)
	if !errors.Is(inner, ErrPlatformInUse) || innerPresents != 0 {
		t.Fatalf("Run from inside a run on its platform: err %v after %d presents, want ErrPlatformInUse before any", inner, innerPresents)
	}
	if elsewhere != nil || other.presents != 3 {
		t.Fatalf("Run from inside a run on another platform: err %v, %d presents; want nil and 3", elsewhere, other.presents)
	}
	if rep.Frames != 5 {
		t.Fatalf("the outer run ran %d frames, want 5", rep.Frames)
	}
	panicky := &recorder{onUpdate: func(*engine.Frame) error { panic("boom") }}
	if _, err := Run(context.Background(), engine.Config{Frames: 3, Mode: engine.ModeUncapped}, partsOf(panicky), Wiring{Platform: p, Clock: c}); err == nil {
		t.Fatal("a panicking game's run returned no error")
	}
	if _, err := Run(context.Background(), engine.Config{Frames: 3, Mode: engine.ModeUncapped}, partsOf(&recorder{}), Wiring{Platform: p, Clock: c}); err != nil {
		t.Fatalf("Run on a platform whose runs have returned: %v", err)
	}
}
