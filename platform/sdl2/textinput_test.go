package sdl2

import (
	"testing"

	"github.com/veandco/go-sdl2/sdl"
)

// SDL turns typing into text only while its text input event is enabled
// (SDL_SendKeyboardText checks it), which is what SetTextInput switches.
// Pushed events skip that check, so this looks at SDL's state.
func TestSetTextInputSwitchesSDLsTextEvents(t *testing.T) {
	w := openHeadless(t, Options{})
	type state struct{ active, enabled bool }
	read := func() state {
		return state{w.TextInput(), sdl.EventState(sdl.TEXTINPUT, sdl.QUERY) == sdl.ENABLE}
	}
	var start, off, on state
	onMain(func() {
		start = read()
		w.SetTextInput(false)
		off = read()
		w.SetTextInput(true)
		on = read()
	})
	if start != (state{false, false}) {
		t.Errorf("a new window's text input: %+v, want off: a game turns it on for a text field", start)
	}
	if off != (state{false, false}) {
		t.Errorf("after SetTextInput(false): %+v, want off and SDL's text events disabled", off)
	}
	if on != (state{true, true}) {
		t.Errorf("after SetTextInput(true): %+v, want on and SDL's text events enabled", on)
	}
}
