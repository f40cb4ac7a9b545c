package actions

import (
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/mouse"
)

// Axis thresholds in raw units: an axis binding goes down past half the
// axis's travel and up again below a third (so a stick resting near the
// threshold does not chatter); capture takes an axis past three quarters.
const (
	axisOn      = 16384
	axisOff     = 10923
	axisCapture = 24576
)

// Wrap returns m as the sink for one poll of the window's events, passing
// everything on to next and adding the actions' edges. sdl2.Window calls it
// when m is its event wrapper; it allocates nothing.
func (m *Map) Wrap(next host.EventSink) host.EventSink {
	m.next = next
	return m
}

var _ host.EventSink = (*Map)(nil)

// Key passes the key on, or answers a capture with it.
func (m *Map) Key(k engine.Key, down bool) {
	if k >= firstKey {
		return // the actions' own keys come only from the map
	}
	if down && m.take(KeyBinding(k)) {
		return
	}
	if down {
		m.keys.Add(k)
	} else {
		m.keys.Remove(k)
	}
	m.next.Key(k, down)
	m.update()
}

// Button passes the mouse button on, or answers a capture with it.
func (m *Map) Button(b mouse.Button, down bool) {
	if down && m.take(MouseBinding(b)) {
		return
	}
	if b <= mouse.X2 {
		if down {
			m.buttons |= 1 << b
		} else {
			m.buttons &^= 1 << b
		}
	}
	m.next.Button(b, down)
	m.update()
}

// PadButton passes the controller button on, or answers a capture with it.
func (m *Map) PadButton(pad int, b gamepad.Button, down bool) {
	if down && m.take(PadBinding(b)) {
		return
	}
	if uint(pad) < gamepad.Max && b < gamepad.NumButtons {
		if down {
			m.pads[pad] |= 1 << b
		} else {
			m.pads[pad] &^= 1 << b
		}
	}
	m.next.PadButton(pad, b, down)
	m.update()
}

// PadAxis passes the axis on, and moves axis bindings past their
// thresholds.
func (m *Map) PadAxis(pad int, a gamepad.Axis, v int16) {
	m.next.PadAxis(pad, a, v)
	if uint(pad) >= gamepad.Max || a >= gamepad.NumAxes {
		return
	}
	dir := &m.axes[pad][a]
	switch {
	case v >= axisOn:
		*dir = 1
	case v <= -axisOn:
		*dir = -1
	case v < axisOff && v > -axisOff:
		*dir = 0
	}
	if m.capture && (v >= axisCapture || v <= -axisCapture) {
		m.take(AxisBinding(a, *dir))
	}
	m.update()
}

// PadConnected passes the controller's coming or going on; going releases
// what it held.
func (m *Map) PadConnected(pad int, connected bool) {
	if uint(pad) < gamepad.Max && !connected {
		m.pads[pad], m.axes[pad] = 0, [gamepad.NumAxes]int8{}
	}
	m.next.PadConnected(pad, connected)
	m.update()
}

// Pointer, Scroll, Text, Window and Quit pass the event on.
func (m *Map) Pointer(x, y float64) { m.next.Pointer(x, y) }

// Scroll passes the wheel on.
func (m *Map) Scroll(dx, dy int32) { m.next.Scroll(dx, dy) }

// Text passes typed text on.
func (m *Map) Text(b []byte) { m.next.Text(b) }

// Window passes the window's state on, and brings the actions in step
// with bindings changed since the last event.
func (m *Map) Window(w engine.WindowState) {
	m.update()
	m.next.Window(w)
}

// Quit passes the request on.
func (m *Map) Quit() { m.next.Quit() }

// take answers a capture with b and reports whether it did.
func (m *Map) take(b Binding) bool {
	if !m.capture {
		return false
	}
	m.capture, m.captured, m.got = false, b, true
	return true
}

// update reports each action that went down or up to next: down while any
// of its bindings is held.
func (m *Map) update() {
	for i := range m.binds {
		on := false
		for _, b := range m.binds[i] {
			if m.held(b) {
				on = true
				break
			}
		}
		if on != m.on[i] {
			m.on[i] = on
			m.next.Key(Action(i).Key(), on)
		}
	}
}

// held reports whether binding b is held.
func (m *Map) held(b Binding) bool {
	switch b.Source {
	case Key:
		return m.keys.Has(b.Key)
	case Mouse:
		return m.buttons.Has(b.Button)
	case PadButton:
		for _, p := range m.pads {
			if p.Has(b.Pad) {
				return true
			}
		}
	case PadAxis:
		for p := range m.axes {
			if b.Axis < gamepad.NumAxes && m.axes[p][b.Axis] == b.Dir && b.Dir != 0 {
				return true
			}
		}
	}
	return false
}
