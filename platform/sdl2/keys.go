package sdl2

import (
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/veandco/go-sdl2/sdl"
)

// keyOf returns the engine's key for an SDL scancode: the same number,
// since engine keys are SDL's (USB HID) scancodes.
func keyOf(sc sdl.Scancode) engine.Key { return engine.Key(sc) }
