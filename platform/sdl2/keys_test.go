package sdl2

import (
	"fmt"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/veandco/go-sdl2/sdl"
)

// The engine's key names come from a table generated from SDL (go generate
// in engine/): this keeps it from drifting from the SDL the tests run with.
func TestEveryKeyIsNamedAsSDLNamesItsScancode(t *testing.T) {
	named := 0
	for sc := range sdl.Scancode(sdl.NUM_SCANCODES) {
		k := keyOf(sc)
		want := sdl.GetScancodeName(sc)
		if want == "" {
			if got, want := k.String(), fmt.Sprintf("Key(%d)", sc); got != want {
				t.Errorf("scancode %d has no SDL name, but the engine calls it %q, want %q", sc, got, want)
			}
			continue
		}
		named++
		if got := k.String(); got != want {
			t.Errorf("scancode %d: engine names it %q, SDL %q; run go generate in engine/", sc, got, want)
		}
		if got, ok := engine.KeyNamed(want); !ok || sdl.GetScancodeFromName(want) != sdl.Scancode(got) {
			t.Errorf("KeyNamed(%q) = %d, %v; SDL_GetScancodeFromName gives %d", want, got, ok, sdl.GetScancodeFromName(want))
		}
	}
	if named < 227 {
		t.Errorf("SDL names %d scancodes: want at least the 227 that SDL 2.26 names", named)
	}
}

func TestKeyOfKeepsTheScancodeOfEveryNamedKey(t *testing.T) {
	for _, tc := range []struct {
		sc   sdl.Scancode
		want engine.Key
	}{
		{sdl.SCANCODE_A, engine.KeyA},
		{sdl.SCANCODE_Z, engine.KeyZ},
		{sdl.SCANCODE_1, engine.Key1},
		{sdl.SCANCODE_9, engine.Key9},
		{sdl.SCANCODE_0, engine.Key0},
		{sdl.SCANCODE_RETURN, engine.KeyEnter},
		{sdl.SCANCODE_ESCAPE, engine.KeyEscape},
		{sdl.SCANCODE_BACKSPACE, engine.KeyBackspace},
		{sdl.SCANCODE_TAB, engine.KeyTab},
		{sdl.SCANCODE_SPACE, engine.KeySpace},
		{sdl.SCANCODE_MINUS, engine.KeyMinus},
		{sdl.SCANCODE_EQUALS, engine.KeyEquals},
		{sdl.SCANCODE_LEFTBRACKET, engine.KeyLeftBracket},
		{sdl.SCANCODE_RIGHTBRACKET, engine.KeyRightBracket},
		{sdl.SCANCODE_BACKSLASH, engine.KeyBackslash},
		{sdl.SCANCODE_NONUSHASH, engine.KeyNonUSHash},
		{sdl.SCANCODE_SEMICOLON, engine.KeySemicolon},
		{sdl.SCANCODE_APOSTROPHE, engine.KeyApostrophe},
		{sdl.SCANCODE_GRAVE, engine.KeyGrave},
		{sdl.SCANCODE_COMMA, engine.KeyComma},
		{sdl.SCANCODE_PERIOD, engine.KeyPeriod},
		{sdl.SCANCODE_SLASH, engine.KeySlash},
		{sdl.SCANCODE_CAPSLOCK, engine.KeyCapsLock},
		{sdl.SCANCODE_F1, engine.KeyF1},
		{sdl.SCANCODE_F12, engine.KeyF12},
		{sdl.SCANCODE_PRINTSCREEN, engine.KeyPrintScreen},
		{sdl.SCANCODE_SCROLLLOCK, engine.KeyScrollLock},
		{sdl.SCANCODE_PAUSE, engine.KeyPause},
		{sdl.SCANCODE_INSERT, engine.KeyInsert},
		{sdl.SCANCODE_HOME, engine.KeyHome},
		{sdl.SCANCODE_PAGEUP, engine.KeyPageUp},
		{sdl.SCANCODE_DELETE, engine.KeyDelete},
		{sdl.SCANCODE_END, engine.KeyEnd},
		{sdl.SCANCODE_PAGEDOWN, engine.KeyPageDown},
		{sdl.SCANCODE_RIGHT, engine.KeyRight},
		{sdl.SCANCODE_LEFT, engine.KeyLeft},
		{sdl.SCANCODE_DOWN, engine.KeyDown},
		{sdl.SCANCODE_UP, engine.KeyUp},
		{sdl.SCANCODE_NUMLOCKCLEAR, engine.KeyNumLock},
		{sdl.SCANCODE_KP_DIVIDE, engine.KeyKeypadDivide},
		{sdl.SCANCODE_KP_MULTIPLY, engine.KeyKeypadMultiply},
		{sdl.SCANCODE_KP_MINUS, engine.KeyKeypadMinus},
		{sdl.SCANCODE_KP_PLUS, engine.KeyKeypadPlus},
		{sdl.SCANCODE_KP_ENTER, engine.KeyKeypadEnter},
		{sdl.SCANCODE_KP_1, engine.KeyKeypad1},
		{sdl.SCANCODE_KP_9, engine.KeyKeypad9},
		{sdl.SCANCODE_KP_0, engine.KeyKeypad0},
		{sdl.SCANCODE_KP_PERIOD, engine.KeyKeypadPeriod},
		{sdl.SCANCODE_NONUSBACKSLASH, engine.KeyNonUSBackslash},
		{sdl.SCANCODE_APPLICATION, engine.KeyApplication},
		{sdl.SCANCODE_POWER, engine.KeyPower},
		{sdl.SCANCODE_KP_EQUALS, engine.KeyKeypadEquals},
		{sdl.SCANCODE_F13, engine.KeyF13},
		{sdl.SCANCODE_F24, engine.KeyF24},
		{sdl.SCANCODE_LCTRL, engine.KeyLeftCtrl},
		{sdl.SCANCODE_LSHIFT, engine.KeyLeftShift},
		{sdl.SCANCODE_LALT, engine.KeyLeftAlt},
		{sdl.SCANCODE_LGUI, engine.KeyLeftSuper},
		{sdl.SCANCODE_RCTRL, engine.KeyRightCtrl},
		{sdl.SCANCODE_RSHIFT, engine.KeyRightShift},
		{sdl.SCANCODE_RALT, engine.KeyRightAlt},
		{sdl.SCANCODE_RGUI, engine.KeyRightSuper},
		{sdl.SCANCODE_UNKNOWN, engine.KeyUnknown},
	} {
		if got := keyOf(tc.sc); got != tc.want {
			t.Errorf("keyOf(%s) = %v (%d), want %v (%d)", sdl.GetScancodeName(tc.sc), got, got, tc.want, tc.want)
		}
	}
}
