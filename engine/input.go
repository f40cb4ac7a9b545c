package engine

// Input is the keyboard and mouse as one tick or one frame sees them: the
// keys and buttons held, every press and release since the tick (or frame)
// before, and the pointer. Ticks and frames read it the same way
// (in.Down.Has(KeyA), in.Pressed.Has(KeySpace)); a game only ever gets a
// copy, so nothing it does to one changes what the loop holds. It is a
// plain comparable value, which is what lets a recording replay a run bit
// for bit.
type Input struct {
	Down, Pressed, Released                  KeySet
	Buttons, ButtonsPressed, ButtonsReleased ButtonSet
	MouseX, MouseY                           float64 // window pixels
	WheelX, WheelY                           int32   // wheel clicks since the tick before
	// WindowWidth and WindowHeight are the size in pixels of the window
	// the pointer is in, so a tick can map it into its world the same way
	// when a recording is replayed in a window of another size, or none.
	WindowWidth, WindowHeight int32
}

// Mouse returns the pointer's position in window pixels.
func (in *Input) Mouse() (x, y float64) { return in.MouseX, in.MouseY }

// EventSink is how a Platform reports what happened since its last poll.
// The loop's own collector is the only implementation: games never see
// it, they read Input values.
type EventSink interface {
	// Key records that k went down or up. A repeat of the state it is
	// already in (auto-repeat) is not an edge and is ignored.
	Key(k Key, down bool)
	// Button records that mouse button b went down or up.
	Button(b MouseButton, down bool)
	// Pointer records the pointer's position in window pixels.
	Pointer(x, y float64)
	// Scroll records wheel motion in clicks.
	Scroll(dx, dy int32)
	// Text appends UTF-8 text the user typed.
	Text(b []byte)
	// Window records the window's state.
	Window(w WindowState)
	// Quit asks the loop to end after the current frame.
	Quit()
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

// inputs collects the events of one frame and hands their edges to the
// ticks of that frame, so that every press or release reaches exactly one
// tick, even when the frame runs none.
type inputs struct {
	pending Input // edges not yet seen by a tick; Down is always current
	frame   Input // edges that arrived this frame
	text    [64]byte
	textLen int
	window  WindowState
	quit    bool
}

var _ EventSink = (*inputs)(nil)

func (in *inputs) Key(k Key, down bool) {
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

func (in *inputs) Button(b MouseButton, down bool) {
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

func (in *inputs) Pointer(x, y float64) {
	in.pending.MouseX, in.pending.MouseY = x, y
	in.frame.MouseX, in.frame.MouseY = x, y
}

func (in *inputs) Scroll(dx, dy int32) {
	in.pending.WheelX += dx
	in.pending.WheelY += dy
	in.frame.WheelX += dx
	in.frame.WheelY += dy
}

// Text past the frame's 64-byte buffer is dropped.
func (in *inputs) Text(b []byte) {
	in.textLen += copy(in.text[in.textLen:], b)
}

// Window marks the frame Resized when the size changed.
func (in *inputs) Window(w WindowState) {
	w.Resized = in.window.Resized || w.Width != in.window.Width || w.Height != in.window.Height
	in.window = w
	in.pending.WindowWidth, in.pending.WindowHeight = int32(w.Width), int32(w.Height)
	in.frame.WindowWidth, in.frame.WindowHeight = in.pending.WindowWidth, in.pending.WindowHeight
}

func (in *inputs) Quit() { in.quit = true }

// beginFrame forgets the previous frame's edges; pending edges stay until a
// tick takes them.
func (in *inputs) beginFrame() {
	in.frame = Input{Down: in.pending.Down, Buttons: in.pending.Buttons,
		MouseX: in.pending.MouseX, MouseY: in.pending.MouseY,
		WindowWidth: in.pending.WindowWidth, WindowHeight: in.pending.WindowHeight}
	in.textLen = 0
	in.window.Resized = false
}

// takeTick returns the input of the next tick and marks its edges seen.
func (in *inputs) takeTick() Input {
	t := in.pending
	in.pending.Pressed, in.pending.Released = KeySet{}, KeySet{}
	in.pending.ButtonsPressed, in.pending.ButtonsReleased = 0, 0
	in.pending.WheelX, in.pending.WheelY = 0, 0
	return t
}
