package desktop_test

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
)

// A run allocates while it warms up (the HUD's glyphs, the loop's
// buffers), then nothing a frame, HUD, hotkeys and all, and -frames-out
// too: 900 more frames cost no more allocations.
func TestAWarmRunAllocatesNothingPerFrame(t *testing.T) {
	for _, framesOut := range []bool{false, true} {
		t.Run(map[bool]string{false: "hud", true: "hud+frames-out"}[framesOut], func(t *testing.T) {
			warmRunAllocatesNothing(t, framesOut)
		})
	}
}

func warmRunAllocatesNothing(t *testing.T, framesOut bool) {
	total := func(frames uint64) float64 {
		var sum desktop.Summary
		var err error
		cfg := desktop.Config{Window: sdl2.Options{Headless: true}, Debug: desktop.Debug{HUD: true, Keys: true},
			Loop: engine.Config{Mode: engine.ModeUncapped, Frames: frames}}
		if framesOut {
			cfg.Output.FramesOut = filepath.Join(t.TempDir(), "run.frames")
		}
		sdl.Do(func() { sum, err = desktop.Run(context.Background(), &box{}, cfg) })
		if err != nil {
			t.Fatal(err)
		}
		return math.Round(sum.AllocsPerFrame * float64(sum.Frames))
	}
	short, long := total(300), total(1200)
	// A few for the runtime's own timers and the like, never one a frame.
	if long-short > 30 {
		t.Errorf("300 frames allocated %v times, 1200 frames %v: %.3f a frame once warm, want 0",
			short, long, (long-short)/900)
	}
}
