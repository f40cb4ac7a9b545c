package desktop_test

import (
	"context"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/veandco/go-sdl2/sdl"
)

// escaper presses Esc in its third frame, as a user's key arrives, with
// text input on from the start when typing.
type escaper struct {
	typing bool
	frames int
}

func (e *escaper) Start(s *desktop.Setup) error {
	s.Window.SetTextInput(e.typing)
	return nil
}

func (*escaper) Tick(*engine.Tick) error { return nil }

func (e *escaper) Draw(*sdl2.Canvas, *engine.Frame) error {
	if e.frames == 2 {
		pushKey(sdl.SCANCODE_ESCAPE)
	}
	e.frames++
	return nil
}

// pushKey pushes a press and a release of sc, as a user's key arrives.
func pushKey(sc sdl.Scancode) {
	for _, typ := range []uint32{sdl.KEYDOWN, sdl.KEYUP} {
		e := &struct {
			e sdl.KeyboardEvent
			_ [64]byte // PushEvent reads a whole C SDL_Event
		}{e: sdl.KeyboardEvent{Type: typ, Keysym: sdl.Keysym{Scancode: sc}}}
		sdl.PushEvent(&e.e)
	}
}

// A game's keys are its own: Esc quits only with the debug keys on, and
// not even then while the player types into a text field.
func TestDebugKeysAreOffInAGameAndWhileTyping(t *testing.T) {
	for _, tc := range []struct {
		name   string
		debug  bool
		typing bool
		frames uint64 // the run's frames: 10 unless Esc quit
	}{
		{"a game", false, false, 10},
		{"-debug", true, false, 3},
		{"-debug while typing", true, true, 10},
	} {
		g := &escaper{typing: tc.typing}
		cfg := desktop.Config{Window: sdl2.Options{Headless: true}, Debug: desktop.Debug{Keys: tc.debug},
			Loop: engine.Config{Mode: engine.ModeUncapped, Frames: 10}}
		var sum desktop.Summary
		var err error
		sdl.Do(func() { sum, err = desktop.Run(context.Background(), g, cfg) })
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if sum.Frames != tc.frames {
			t.Errorf("%s: ran %d frames after Esc in the third, want %d", tc.name, sum.Frames, tc.frames)
		}
	}
}
