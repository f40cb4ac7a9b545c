package sdl2

import (
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/mouse"
	"github.com/veandco/go-sdl2/sdl"
)

// PollEvents drains every pending SDL event without blocking and records
// it in in. It allocates nothing: go-sdl2 hands each event out as a pointer
// into one C buffer that the next poll overwrites, so each is read at once.
//
// Mouse positions are in canvas units, the space the canvas draws in:
// drawable pixels (also on high-DPI displays), or the logical size's units
// when one is set (see SetLogicalSize). Game controllers take the first
// free of gamepad.Max slots as they connect. Closing the window,
// quitting the application or losing the display requests the loop to
// quit.
func (w *Window) PollEvents(in host.EventSink) {
	mustMain("Window.PollEvents")
	if w.wrapper != nil {
		in = w.wrapper.Wrap(in)
	}
	for ev := sdl.PollEvent(); ev != nil; ev = sdl.PollEvent() {
		if !w.inputEvent(ev, in) {
			w.deviceEvent(ev, in)
		}
	}
	if w.Err() != nil {
		in.Quit()
	}
	if w.resync {
		w.releaseMissed(in)
	}
	in.Window(w.visibleState())
}

// inputEvent records ev in in when it is the keyboard's, the mouse's or
// typed text, and reports whether it was.
func (w *Window) inputEvent(ev sdl.Event, in host.EventSink) bool {
	switch e := ev.(type) {
	case *sdl.KeyboardEvent:
		w.keyEvent(e, in)
	case *sdl.MouseButtonEvent:
		if e.Button >= sdl.BUTTON_LEFT && e.Button <= sdl.BUTTON_X2 {
			in.Button(mouse.Button(e.Button-sdl.BUTTON_LEFT), e.Type == sdl.MOUSEBUTTONDOWN)
		}
		in.Pointer(w.canvas.pointerToCanvas(float64(e.X), float64(e.Y)))
	case *sdl.MouseMotionEvent:
		in.Pointer(w.canvas.pointerToCanvas(float64(e.X), float64(e.Y)))
	case *sdl.MouseWheelEvent:
		dx, dy := e.X, e.Y
		if e.Direction == sdl.MOUSEWHEEL_FLIPPED {
			dx, dy = -dx, -dy
		}
		in.Scroll(dx, dy)
	case *sdl.TextInputEvent:
		n := 0
		for n < len(e.Text) && e.Text[n] != 0 {
			n++
		}
		in.Text(e.Text[:n])
	default:
		return false
	}
	return true
}

// keyEvent records a key's press or release, but a key's repeats.
func (w *Window) keyEvent(e *sdl.KeyboardEvent, in host.EventSink) {
	if e.Repeat != 0 {
		return
	}
	k, down := keyOf(e.Keysym.Scancode), e.Type == sdl.KEYDOWN
	if down {
		w.held.Add(k)
	} else {
		w.held.Remove(k)
	}
	in.Key(k, down)
}

// deviceEvent acts on ev when it is a game controller's, the window's,
// the renderer's, a display's or the application's.
func (w *Window) deviceEvent(ev sdl.Event, in host.EventSink) {
	switch e := ev.(type) {
	case *sdl.ControllerDeviceEvent:
		switch e.Type {
		case sdl.CONTROLLERDEVICEADDED:
			w.pads.added(int(e.Which), in) // a device index
		case sdl.CONTROLLERDEVICEREMOVED:
			w.pads.removed(e.Which, in) // an instance id
		}
	case *sdl.ControllerButtonEvent:
		w.pads.button(e.Which, e.Button, e.State == sdl.PRESSED, in)
	case *sdl.ControllerAxisEvent:
		w.pads.axis(e.Which, e.Axis, e.Value, in)
	case *sdl.WindowEvent:
		if e.WindowID == w.id {
			w.windowEvent(e.Event, in)
		}
	case *sdl.RenderEvent:
		w.canvas.loseTargets(e.Type == sdl.RENDER_DEVICE_RESET)
	case *sdl.DisplayEvent:
		w.refreshOK = false
	case *sdl.QuitEvent:
		in.Quit()
	}
}

// windowEvent tracks the window's state through SDL's window events.
func (w *Window) windowEvent(id uint8, in host.EventSink) {
	switch id {
	case sdl.WINDOWEVENT_SHOWN:
		w.state.Hidden = false
	case sdl.WINDOWEVENT_HIDDEN:
		w.state.Hidden = true
	case sdl.WINDOWEVENT_MINIMIZED:
		w.state.Minimized = true
	case sdl.WINDOWEVENT_RESTORED, sdl.WINDOWEVENT_MAXIMIZED:
		w.state.Minimized = false
		w.updateSize()
	case sdl.WINDOWEVENT_SIZE_CHANGED, sdl.WINDOWEVENT_RESIZED:
		w.updateSize()
		w.fullscreenChanged()
	case sdl.WINDOWEVENT_FOCUS_GAINED:
		w.state.Focused = true
	case sdl.WINDOWEVENT_FOCUS_LOST:
		w.state.Focused = false // SDL releases the keys held itself
	case sdl.WINDOWEVENT_MOVED, sdl.WINDOWEVENT_DISPLAY_CHANGED:
		w.refreshOK = false
	case sdl.WINDOWEVENT_CLOSE:
		in.Quit()
	}
}

// visibleState is the state the engine sees. A headless window is hidden
// on purpose and its pixels are read back, so it counts as visible.
//
// Its size is the canvas's, in the units the pointer is reported in: a
// logical size when one is set, drawable pixels otherwise.
func (w *Window) visibleState() engine.WindowState {
	s := w.state
	if w.headless {
		s.Hidden = false
	}
	s.Width, s.Height = w.canvas.Size()
	return s
}

// EventWrapper stands between the window's events and the loop: a game's
// actions (platform/actions.Map) turn the controls a player bound into
// actions there, before a tick sees them, a recording stores them or
// netplay sends them.
type EventWrapper interface {
	// Wrap returns the sink for one poll, passing events on to next.
	Wrap(next host.EventSink) host.EventSink
}

// SetEventWrapper puts wrap between the window's events and the loop from
// the next poll on; nil takes it away.
func (w *Window) SetEventWrapper(wrap EventWrapper) {
	mustMain("Window.SetEventWrapper")
	w.wrapper = wrap
}

// releaseMissed releases every key reported down that SDL's keyboard state
// holds up: while Alt+Enter switched fullscreen, the release of a key may
// never arrive as an event, and the key would stay held (Alt, turning
// every later Return into Alt+Return). Losing focus needs nothing: SDL
// releases the keys held then.
func (w *Window) releaseMissed(in host.EventSink) {
	w.resync = false
	state := sdl.GetKeyboardState()
	for k := range w.held.Keys() {
		if int(k) < len(state) && state[k] == 0 {
			w.held.Remove(k)
			in.Key(k, false)
		}
	}
}
