package sdl2

import (
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/mouse"
)

// sink records what PollEvents reports, as the loop's collector would for
// one frame: held keys, buttons and pads, this poll's edges, pointer,
// wheel, text, window and quit. It allocates nothing.
type sink struct {
	in     engine.Input
	text   [64]byte
	n      int
	window engine.WindowState
	quit   bool
	// Every pad report, in order, for tests of what SDL sent.
	padEvents [64]padEvent
	npad      int
}

// padEvent is one pad report: a connection (button and axis -1), a button
// (axis -1) or an axis.
type padEvent struct {
	pad, button, axis int
	on                bool
	v                 int16
}

func (s *sink) logPad(e padEvent) {
	if s.npad < len(s.padEvents) {
		s.padEvents[s.npad] = e
	}
	s.npad++
}

func (s *sink) pads() []padEvent { return s.padEvents[:min(s.npad, len(s.padEvents))] }

func (s *sink) PadConnected(pad int, on bool) {
	s.logPad(padEvent{pad: pad, button: -1, axis: -1, on: on})
	p := &s.in.Pads[pad]
	if !on {
		p.Released |= p.Buttons
		p.Buttons, p.Axes = 0, [gamepad.NumAxes]int16{}
	}
	p.Connected = on
}

func (s *sink) PadButton(pad int, b gamepad.Button, down bool) {
	s.logPad(padEvent{pad: pad, button: int(b), axis: -1, on: down})
	p := &s.in.Pads[pad]
	bit := gamepad.ButtonSet(1) << b
	if down {
		p.Buttons |= bit
		p.Pressed |= bit
	} else {
		p.Buttons &^= bit
		p.Released |= bit
	}
}

func (s *sink) PadAxis(pad int, a gamepad.Axis, v int16) {
	s.logPad(padEvent{pad: pad, button: -1, axis: int(a), v: v})
	s.in.Pads[pad].Axes[a] = v
}

func (s *sink) Key(k engine.Key, down bool) {
	if s.in.Down.Has(k) == down {
		return
	}
	if down {
		s.in.Down.Add(k)
		s.in.Pressed.Add(k)
	} else {
		s.in.Down.Remove(k)
		s.in.Released.Add(k)
	}
}

func (s *sink) Button(b mouse.Button, down bool) {
	bit := mouse.ButtonSet(1) << b
	if down {
		s.in.Buttons |= bit
		s.in.ButtonsPressed |= bit
	} else {
		s.in.Buttons &^= bit
		s.in.ButtonsReleased |= bit
	}
}

func (s *sink) Pointer(x, y float64) { s.in.MouseX, s.in.MouseY = x, y }
func (s *sink) Scroll(dx, dy int32)  { s.in.WheelX += dx; s.in.WheelY += dy }
func (s *sink) Text(b []byte)        { s.n += copy(s.text[s.n:], b) }
func (s *sink) Quit()                { s.quit = true }
func (s *sink) Window(w engine.WindowState) {
	w.Resized = s.window.Resized || w.Width != s.window.Width || w.Height != s.window.Height
	s.window = w
}
func (s *sink) typed() string { return string(s.text[:s.n]) }
