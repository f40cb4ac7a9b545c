package engine

import (
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/mouse"
)

// Input is the keyboard, mouse, typed text and game controllers as one tick
// or one frame sees them: the keys and buttons held, every press and
// release since the tick (or frame) before, the pointer, and what was typed
// since. Ticks and frames read it the same way (in.Down.Has(KeyA),
// in.Pressed.Has(KeySpace), in.Pads[0].Pressed.Has(gamepad.A)); a game only
// ever gets a copy, so nothing it does to one changes what the loop holds.
// It is a plain comparable value, which is what lets a recording replay a
// run bit for bit.
//
// Every press is seen: a key pressed, released and pressed again before a
// tick (or frame) read the first press gives that tick the first press and
// release and the next tick the second press, so a menu drawn at 8 frames a
// second sees four taps as four. Meanwhile Down follows the edges delivered,
// not the key as it is this instant.
type Input struct {
	// Down holds the keys held; Pressed and Released the keys whose edge
	// came since the tick (or frame) before. Empty: no key.
	Down, Pressed, Released KeySet
	// Buttons, ButtonsPressed and ButtonsReleased are the same for the
	// mouse buttons (see package mouse). Empty: no button.
	Buttons, ButtonsPressed, ButtonsReleased mouse.ButtonSet
	MouseX, MouseY                           float64 // the pointer in canvas units (see Mouse)
	WheelX, WheelY                           int32   // wheel clicks since the tick before
	// WindowWidth and WindowHeight are the size in pixels of the window
	// the pointer is in, so a tick can map it into its world the same way
	// when a recording is replayed in a window of another size, or none.
	WindowWidth, WindowHeight int32
	// Text is what the user typed since the tick before, at most 32
	// bytes (see Text): a tick sees each character once, as it sees each press.
	Text Text
	// Pads are the game controllers, by slot (see package gamepad); an
	// empty slot is the zero gamepad.State.
	Pads [gamepad.Max]gamepad.State
}

// Mouse returns the pointer's position in canvas units: the units the game
// draws in, the window's logical size when it has one (platform/sdl2 maps
// it so, high-DPI displays and letterboxing included), otherwise the
// drawable's pixels.
func (in *Input) Mouse() (x, y float64) { return in.MouseX, in.MouseY }

// Held returns in without its edges: keys, buttons, pads and the pointer
// as they are held, nothing pressed, released, scrolled or typed. It is
// what the next tick sees when nothing happens.
func (in *Input) Held() Input {
	h := Input{Down: in.Down, Buttons: in.Buttons, MouseX: in.MouseX, MouseY: in.MouseY,
		WindowWidth: in.WindowWidth, WindowHeight: in.WindowHeight}
	for i := range h.Pads {
		p := &in.Pads[i]
		h.Pads[i] = gamepad.State{Connected: p.Connected, Buttons: p.Buttons, Axes: p.Axes}
	}
	return h
}

// WindowState is what the platform last said about its window.
type WindowState struct {
	Width, Height int  // drawable size in pixels
	Minimized     bool // no pixels on screen: the loop stops drawing
	Hidden        bool // not shown (another workspace, occluded): likewise
	Focused       bool // has keyboard focus
	Resized       bool // size changed during this frame
}

// Visible reports whether drawing the window can be seen at all.
func (w WindowState) Visible() bool { return !w.Minimized && !w.Hidden }
