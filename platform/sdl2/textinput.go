package sdl2

import "github.com/veandco/go-sdl2/sdl"

// SetTextInput turns text input on or off. While it is on, what the user
// types arrives as UTF-8 text (engine.Input.Text, in recordings too), with
// the keyboard layout, dead keys and input methods applied, beside the key
// presses; while it is off only key presses arrive, and an input method
// cannot take over keys a game uses. A window opens with it off (SDL's own
// default is on), and platform/desktop's hotkeys never fire while it is
// on. It is SDL's setting, shared by every window.
func (w *Window) SetTextInput(on bool) {
	mustMain("Window.SetTextInput")
	if on {
		sdl.StartTextInput()
	} else {
		sdl.StopTextInput()
	}
}

// TextInput reports whether text input is on.
func (w *Window) TextInput() bool {
	mustMain("Window.TextInput")
	return sdl.IsTextInputActive()
}
