package engine

// TickInput is what one tick sees: the keys and buttons held when it ran,
// every press and release since the tick before it, and the mouse. It is a
// plain comparable value, which is what lets a recording replay a run bit
// for bit.
type TickInput struct {
	Down, Pressed, Released                  KeySet
	Buttons, ButtonsPressed, ButtonsReleased ButtonSet
	MouseX, MouseY                           float64 // window pixels
	WheelX, WheelY                           int32   // wheel clicks since the tick before
	// WindowWidth and WindowHeight are the size in pixels of the window
	// the pointer is in, so a tick can map it into its world the same way
	// when a recording is replayed in a window of another size, or none.
	WindowWidth, WindowHeight int32
}

// Input collects the events of one frame. The platform writes into it once
// per frame through the Set and Move methods; the engine then hands its edges
// to the ticks of that frame so that every press or release reaches exactly
// one tick, even when the frame runs none. Reads (Down, Pressed, Mouse...)
// describe the frame, for frame-rate code such as hotkeys and cameras.
type Input struct {
	pending TickInput // edges not yet seen by a tick; Down is always current
	frame   TickInput // edges that arrived this frame
	text    [64]byte
	textLen int
	window  WindowState
	quit    bool
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

// SetKey records that k went down or up. A repeat of the state it is
// already in (auto-repeat) is not an edge and is ignored.
func (in *Input) SetKey(k Key, down bool) {
	if k == KeyUnknown || k >= keyCount || in.pending.Down.Has(k) == down {
		return
	}
	if down {
		in.pending.Down.Add(k)
		in.pending.Pressed.Add(k)
		in.frame.Pressed.Add(k)
	} else {
		in.pending.Down.Remove(k)
		in.pending.Released.Add(k)
		in.frame.Released.Add(k)
	}
	in.frame.Down = in.pending.Down
}

// SetButton records that mouse button b went down or up.
func (in *Input) SetButton(b MouseButton, down bool) {
	bit := ButtonSet(1) << b
	if b > MouseX2 || in.pending.Buttons.Has(b) == down {
		return
	}
	if down {
		in.pending.Buttons |= bit
		in.pending.ButtonsPressed |= bit
		in.frame.ButtonsPressed |= bit
	} else {
		in.pending.Buttons &^= bit
		in.pending.ButtonsReleased |= bit
		in.frame.ButtonsReleased |= bit
	}
	in.frame.Buttons = in.pending.Buttons
}

// MoveMouse records the pointer's position in window pixels.
func (in *Input) MoveMouse(x, y float64) {
	in.pending.MouseX, in.pending.MouseY = x, y
	in.frame.MouseX, in.frame.MouseY = x, y
}

// Scroll records wheel motion in clicks.
func (in *Input) Scroll(dx, dy int32) {
	in.pending.WheelX += dx
	in.pending.WheelY += dy
	in.frame.WheelX += dx
	in.frame.WheelY += dy
}

// TypeText appends UTF-8 text the user typed this frame. Text past the
// frame's 64-byte buffer is dropped.
func (in *Input) TypeText(b []byte) {
	in.textLen += copy(in.text[in.textLen:], b)
}

// SetWindow records the window's state. A change of size marks the frame
// Resized.
func (in *Input) SetWindow(w WindowState) {
	w.Resized = in.window.Resized || w.Width != in.window.Width || w.Height != in.window.Height
	in.window = w
	in.pending.WindowWidth, in.pending.WindowHeight = int32(w.Width), int32(w.Height)
	in.frame.WindowWidth, in.frame.WindowHeight = in.pending.WindowWidth, in.pending.WindowHeight
}

// RequestQuit asks the loop to end after the current frame.
func (in *Input) RequestQuit() { in.quit = true }

// Down reports whether k is held.
func (in *Input) Down(k Key) bool { return in.pending.Down.Has(k) }

// Pressed reports whether k went down during this frame.
func (in *Input) Pressed(k Key) bool { return in.frame.Pressed.Has(k) }

// Released reports whether k went up during this frame.
func (in *Input) Released(k Key) bool { return in.frame.Released.Has(k) }

// Button reports whether mouse button b is held.
func (in *Input) Button(b MouseButton) bool { return in.pending.Buttons.Has(b) }

// ButtonPressed reports whether mouse button b went down during this frame.
func (in *Input) ButtonPressed(b MouseButton) bool { return in.frame.ButtonsPressed.Has(b) }

// Mouse returns the pointer's position in window pixels.
func (in *Input) Mouse() (x, y float64) { return in.pending.MouseX, in.pending.MouseY }

// Wheel returns the wheel clicks of this frame.
func (in *Input) Wheel() (dx, dy int32) { return in.frame.WheelX, in.frame.WheelY }

// Text returns the text typed this frame. The slice is valid until the next
// frame.
func (in *Input) Text() []byte { return in.text[:in.textLen] }

// Window returns the window's state.
func (in *Input) Window() WindowState { return in.window }

// QuitRequested reports whether the user or the platform asked to quit.
func (in *Input) QuitRequested() bool { return in.quit }

// beginFrame forgets the previous frame's edges; pending edges stay until a
// tick takes them.
func (in *Input) beginFrame() {
	in.frame = TickInput{Down: in.pending.Down, Buttons: in.pending.Buttons,
		MouseX: in.pending.MouseX, MouseY: in.pending.MouseY,
		WindowWidth: in.pending.WindowWidth, WindowHeight: in.pending.WindowHeight}
	in.textLen = 0
	in.window.Resized = false
}

// takeTick returns the input of the next tick and marks its edges seen.
func (in *Input) takeTick() TickInput {
	t := in.pending
	in.pending.Pressed, in.pending.Released = KeySet{}, KeySet{}
	in.pending.ButtonsPressed, in.pending.ButtonsReleased = 0, 0
	in.pending.WheelX, in.pending.WheelY = 0, 0
	return t
}
