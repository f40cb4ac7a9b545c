package sdl2

import (
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/veandco/go-sdl2/sdl"
)

// keyOf maps an SDL scancode, a physical key position, to the engine's key.
// Keys the engine does not name map to KeyUnknown, which Input drops.
func keyOf(sc sdl.Scancode) engine.Key {
	switch {
	case sc >= sdl.SCANCODE_A && sc <= sdl.SCANCODE_Z:
		return engine.KeyA + engine.Key(sc-sdl.SCANCODE_A)
	case sc >= sdl.SCANCODE_1 && sc <= sdl.SCANCODE_9:
		return engine.Key1 + engine.Key(sc-sdl.SCANCODE_1)
	case sc >= sdl.SCANCODE_F1 && sc <= sdl.SCANCODE_F12:
		return engine.KeyF1 + engine.Key(sc-sdl.SCANCODE_F1)
	}
	switch sc {
	case sdl.SCANCODE_0:
		return engine.Key0
	case sdl.SCANCODE_SPACE:
		return engine.KeySpace
	case sdl.SCANCODE_RETURN, sdl.SCANCODE_KP_ENTER:
		return engine.KeyEnter
	case sdl.SCANCODE_ESCAPE:
		return engine.KeyEscape
	case sdl.SCANCODE_TAB:
		return engine.KeyTab
	case sdl.SCANCODE_BACKSPACE:
		return engine.KeyBackspace
	case sdl.SCANCODE_LEFT:
		return engine.KeyLeft
	case sdl.SCANCODE_RIGHT:
		return engine.KeyRight
	case sdl.SCANCODE_UP:
		return engine.KeyUp
	case sdl.SCANCODE_DOWN:
		return engine.KeyDown
	case sdl.SCANCODE_MINUS:
		return engine.KeyMinus
	case sdl.SCANCODE_EQUALS:
		return engine.KeyEquals
	case sdl.SCANCODE_PERIOD:
		return engine.KeyPeriod
	case sdl.SCANCODE_COMMA:
		return engine.KeyComma
	case sdl.SCANCODE_SLASH:
		return engine.KeySlash
	case sdl.SCANCODE_LSHIFT:
		return engine.KeyLeftShift
	case sdl.SCANCODE_RSHIFT:
		return engine.KeyRightShift
	case sdl.SCANCODE_LCTRL:
		return engine.KeyLeftCtrl
	case sdl.SCANCODE_RCTRL:
		return engine.KeyRightCtrl
	case sdl.SCANCODE_LALT:
		return engine.KeyLeftAlt
	case sdl.SCANCODE_RALT:
		return engine.KeyRightAlt
	case sdl.SCANCODE_KP_PLUS:
		return engine.KeyKeypadPlus
	case sdl.SCANCODE_KP_MINUS:
		return engine.KeyKeypadMinus
	}
	return engine.KeyUnknown
}
