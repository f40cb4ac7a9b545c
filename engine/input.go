package engine

// Input is the keyboard, mouse, typed text and game controllers as one tick
// or one frame sees them: the keys and buttons held, every press and
// release since the tick (or frame) before, the pointer, and what was typed
// since. Ticks and frames read it the same way (in.Down.Has(KeyA),
// in.Pressed.Has(KeySpace), in.Pads[0].Pressed.Has(PadA)); a game only
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
	// mouse buttons. Empty: no button.
	Buttons, ButtonsPressed, ButtonsReleased ButtonSet
	MouseX, MouseY                           float64 // the pointer in canvas units (see Mouse)
	WheelX, WheelY                           int32   // wheel clicks since the tick before
	// WindowWidth and WindowHeight are the size in pixels of the window
	// the pointer is in, so a tick can map it into its world the same way
	// when a recording is replayed in a window of another size, or none.
	WindowWidth, WindowHeight int32
	// Text is what the user typed since the tick before, at most MaxText
	// bytes: a tick sees each character once, as it sees each press.
	Text Text
	// Pads are the game controllers, by slot.
	Pads [MaxPads]Pad
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
		h.Pads[i] = Pad{Connected: p.Connected, Buttons: p.Buttons, Axes: p.Axes}
	}
	return h
}

// EventSink is how a Platform reports what happened since its last poll.
// The loop's own collector is the only implementation: games never see
// it, they read Input values.
type EventSink interface {
	// Key records that k went down or up. A repeat of the state it is
	// already in (auto-repeat) is not an edge and is ignored.
	Key(k Key, down bool)
	// Button records that mouse button b went down or up.
	Button(b MouseButton, down bool)
	// Pointer records the pointer's position in canvas units.
	Pointer(x, y float64)
	// Scroll records wheel motion in clicks.
	Scroll(dx, dy int32)
	// Text appends UTF-8 text the user typed.
	Text(b []byte)
	// PadConnected records that the controller in slot pad (0 to
	// MaxPads-1) connected or went away; going away releases whatever it
	// held.
	PadConnected(pad int, connected bool)
	// PadButton records that button b of a connected controller went down
	// or up.
	PadButton(pad int, b PadButton, down bool)
	// PadAxis records the raw position of axis a of a connected
	// controller.
	PadAxis(pad int, a PadAxis, v int16)
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
// ticks of that frame, so that every press or release, and every typed
// character, reaches exactly one tick, even when the frame runs none. A
// second press (or release) of a key whose first one a reader has not yet
// taken waits in that reader's deferred queue for its next tick or frame,
// so ticks and frames each see every press.
type inputs struct {
	pending Input // edges not yet seen by a tick; held state follows them
	frame   Input // edges that arrived this frame
	// pendingQ and frameQ hold the edges each reader will see next time.
	pendingQ, frameQ deferred
	// pendingCut and frameCut mark text that no longer fitted: what is
	// typed after it is dropped too, so that text is cut, never holed.
	pendingCut, frameCut bool
	text                 [MaxText]byte // frame.Text's bytes, for Frame.Text
	textLen              int
	window               WindowState
	quit                 bool
	// frameDirty and tickDirty say an event came (or a deferred edge
	// waits) since the last beginFrame and takeTick: without one, frame
	// and pending already hold no edges and the current held state, and
	// clearing their ~400 bytes again is the largest cost of an idle frame.
	frameDirty, tickDirty bool
}

var _ EventSink = (*inputs)(nil)

func (in *inputs) Key(k Key, down bool) {
	in.frameDirty, in.tickDirty = true, true
	if k == KeyUnknown || k >= NumKeys {
		return
	}
	in.edge(edge{src: fromKey, code: uint16(k), down: down})
}

func (in *inputs) Button(b MouseButton, down bool) {
	in.frameDirty, in.tickDirty = true, true
	if b > MouseX2 {
		return
	}
	in.edge(edge{src: fromButton, code: uint16(b), down: down})
}

// edge delivers e to both readers.
func (in *inputs) edge(e edge) {
	in.pendingQ.push(&in.pending, e)
	in.frameQ.push(&in.frame, e)
}

func (in *inputs) Pointer(x, y float64) {
	in.frameDirty, in.tickDirty = true, true
	in.pending.MouseX, in.pending.MouseY = x, y
	in.frame.MouseX, in.frame.MouseY = x, y
}

func (in *inputs) Scroll(dx, dy int32) {
	in.frameDirty, in.tickDirty = true, true
	in.pending.WheelX += dx
	in.pending.WheelY += dy
	in.frame.WheelX += dx
	in.frame.WheelY += dy
}

// Text past MaxText bytes before the next tick is dropped; so is text past
// MaxText bytes in one frame from the frame's input and Frame.Text.
func (in *inputs) Text(b []byte) {
	in.frameDirty, in.tickDirty = true, true
	if !in.pendingCut {
		in.pendingCut = !in.pending.Text.Append(b)
	}
	if !in.frameCut {
		in.frameCut = !in.frame.Text.Append(b)
	}
	in.textLen = copy(in.text[:], in.frame.Text.Bytes())
}

func (in *inputs) PadConnected(pad int, connected bool) {
	in.frameDirty, in.tickDirty = true, true
	if uint(pad) >= MaxPads || in.pending.Pads[pad].Connected == connected {
		return
	}
	connectPad(&in.pending, &in.pendingQ, pad, connected)
	connectPad(&in.frame, &in.frameQ, pad, connected)
}

// connectPad records in one reader's input that the pad in slot pad came or
// went; going away releases what it held and forgets its deferred edges.
func connectPad(in *Input, d *deferred, pad int, connected bool) {
	p := &in.Pads[pad]
	if !connected {
		d.dropPad(pad)
		p.Released |= p.Buttons
		p.Buttons, p.Axes = 0, [NumPadAxes]int16{}
	}
	p.Connected = connected
}

func (in *inputs) PadButton(pad int, b PadButton, down bool) {
	in.frameDirty, in.tickDirty = true, true
	if uint(pad) >= MaxPads || b >= NumPadButtons || !in.pending.Pads[pad].Connected {
		return
	}
	in.edge(edge{src: fromPad, pad: uint8(pad), code: uint16(b), down: down})
}

func (in *inputs) PadAxis(pad int, a PadAxis, v int16) {
	in.frameDirty, in.tickDirty = true, true
	if uint(pad) >= MaxPads || a >= NumPadAxes || !in.pending.Pads[pad].Connected {
		return
	}
	in.pending.Pads[pad].Axes[a] = v
	in.frame.Pads[pad].Axes[a] = v
}

// Window marks the frame Resized when the size changed.
func (in *inputs) Window(w WindowState) {
	if w.Width != in.window.Width || w.Height != in.window.Height {
		in.frameDirty = true // the frame's Input holds the size too
	}
	w.Resized = in.window.Resized || w.Width != in.window.Width || w.Height != in.window.Height
	in.window = w
	in.pending.WindowWidth, in.pending.WindowHeight = int32(w.Width), int32(w.Height)
	in.frame.WindowWidth, in.frame.WindowHeight = in.pending.WindowWidth, in.pending.WindowHeight
}

func (in *inputs) Quit() { in.quit = true }

// beginFrame forgets the previous frame's edges; pending edges stay until a
// tick takes them.
func (in *inputs) beginFrame() {
	if in.frameDirty {
		in.frameDirty = in.frameQ.release(&in.frame) || in.frameQ.n > 0
	}
	in.frameCut = false
	in.textLen = 0
	in.window.Resized = false
}

// takeTick returns the input of the next tick and marks its edges seen.
func (in *inputs) takeTick(dst *Input) {
	*dst = in.pending
	if in.tickDirty {
		in.tickDirty = in.pendingQ.release(&in.pending) || in.pendingQ.n > 0
		in.pendingCut = false
	}
}
