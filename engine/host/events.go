package host

import (
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/mouse"
)

// EventSink is how a Platform reports what happened since its last poll.
// The loop's own collector is the only implementation: games never see
// it, they read Input values.
type EventSink interface {
	// Key records that k went down or up. A repeat of the state it is
	// already in (auto-repeat) is not an edge and is ignored.
	Key(k engine.Key, down bool)
	// Button records that mouse button b went down or up.
	Button(b mouse.Button, down bool)
	// Pointer records the pointer's position in canvas units.
	Pointer(x, y float64)
	// Scroll records wheel motion in clicks.
	Scroll(dx, dy int32)
	// Text appends UTF-8 text the user typed.
	Text(b []byte)
	// PadConnected records that the controller in slot pad (0 to
	// gamepad.Max-1) connected or went away; going away releases whatever it
	// held.
	PadConnected(pad int, connected bool)
	// PadButton records that button b of a connected controller went down
	// or up.
	PadButton(pad int, b gamepad.Button, down bool)
	// PadAxis records the raw position of axis a of a connected
	// controller.
	PadAxis(pad int, a gamepad.Axis, v int16)
	// Window records the window's state.
	Window(w engine.WindowState)
	// Quit asks the loop to end after the current frame.
	Quit()
}

// inputs collects the events of one frame and hands their edges to the
// ticks of that frame, so that every press or release, and every typed
// character, reaches exactly one tick, even when the frame runs none. A
// second press (or release) of a key whose first one a reader has not yet
// taken waits in that reader's deferred queue for its next tick or frame,
// so ticks and frames each see every press.
type inputs struct {
	pending engine.Input // edges not yet seen by a tick; held state follows them
	frame   engine.Input // edges that arrived this frame
	// pendingQ and frameQ hold the edges each reader will see next time.
	pendingQ, frameQ deferred
	// pendingCut and frameCut mark text that no longer fitted: what is
	// typed after it is dropped too, so that text is cut, never holed.
	pendingCut, frameCut bool
	text                 engine.Text // frame.Text, for Frame.Text
	window               engine.WindowState
	quit                 bool
	// frameDirty and tickDirty say an event came (or a deferred edge
	// waits) since the last beginFrame and takeTick: without one, frame
	// and pending already hold no edges and the current held state, and
	// clearing their ~400 bytes again is the largest cost of an idle frame.
	frameDirty, tickDirty bool
}

var _ EventSink = (*inputs)(nil)

func (in *inputs) Key(k engine.Key, down bool) {
	in.frameDirty, in.tickDirty = true, true
	if k == engine.KeyUnknown || k >= engine.NumKeys {
		return
	}
	in.edge(edge{src: fromKey, code: uint16(k), down: down})
}

func (in *inputs) Button(b mouse.Button, down bool) {
	in.frameDirty, in.tickDirty = true, true
	if b > mouse.X2 {
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

// Text past what an engine.Text holds before the next tick is dropped; so
// is text past it in one frame from the frame's input and Frame.Text.
func (in *inputs) Text(b []byte) {
	in.frameDirty, in.tickDirty = true, true
	if !in.pendingCut {
		in.pendingCut = !in.pending.Text.Append(b)
	}
	if !in.frameCut {
		in.frameCut = !in.frame.Text.Append(b)
	}
	in.text = in.frame.Text
}

func (in *inputs) PadConnected(pad int, connected bool) {
	in.frameDirty, in.tickDirty = true, true
	if uint(pad) >= gamepad.Max || in.pending.Pads[pad].Connected == connected {
		return
	}
	connectPad(&in.pending, &in.pendingQ, pad, connected)
	connectPad(&in.frame, &in.frameQ, pad, connected)
}

// connectPad records in one reader's input that the pad in slot pad came or
// went; going away releases what it held and forgets its deferred edges.
func connectPad(in *engine.Input, d *deferred, pad int, connected bool) {
	p := &in.Pads[pad]
	if !connected {
		d.dropPad(pad)
		p.Released |= p.Buttons
		p.Buttons, p.Axes = 0, [gamepad.NumAxes]int16{}
	}
	p.Connected = connected
}

func (in *inputs) PadButton(pad int, b gamepad.Button, down bool) {
	in.frameDirty, in.tickDirty = true, true
	if uint(pad) >= gamepad.Max || b >= gamepad.NumButtons || !in.pending.Pads[pad].Connected {
		return
	}
	in.edge(edge{src: fromPad, pad: uint8(pad), code: uint16(b), down: down})
}

func (in *inputs) PadAxis(pad int, a gamepad.Axis, v int16) {
	in.frameDirty, in.tickDirty = true, true
	if uint(pad) >= gamepad.Max || a >= gamepad.NumAxes || !in.pending.Pads[pad].Connected {
		return
	}
	in.pending.Pads[pad].Axes[a] = v
	in.frame.Pads[pad].Axes[a] = v
}

// Window marks the frame Resized when the size changed.
func (in *inputs) Window(w engine.WindowState) {
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
	in.text.Reset()
	in.window.Resized = false
}

// takeTick returns the input of the next tick and marks its edges seen.
func (in *inputs) takeTick(dst *engine.Input) {
	*dst = in.pending
	if in.tickDirty {
		in.tickDirty = in.pendingQ.release(&in.pending) || in.pendingQ.n > 0
		in.pendingCut = false
	}
}
