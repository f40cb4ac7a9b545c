package actions

import (
	"fmt"
	"strings"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/mouse"
)

// Source says what kind of control a Binding names.
type Source uint8

// The sources. The zero Source is None: an empty binding.
const (
	None      Source = iota
	Key              // a keyboard key
	Mouse            // a mouse button
	PadButton        // a button of any game controller
	PadAxis          // a controller axis pushed one way past half its travel
)

// Binding is one control that holds an action down: a key, a mouse button,
// a controller button, or a controller axis pushed one way. Controller
// bindings match every connected controller. It is a comparable value; the
// zero Binding is no control.
type Binding struct {
	Source Source
	Key    engine.Key     // for Key
	Button mouse.Button   // for Mouse
	Pad    gamepad.Button // for PadButton
	Axis   gamepad.Axis   // for PadAxis
	// Dir is the direction of an axis binding: -1 (left, up) or +1 (right,
	// down, or a trigger pulled). 0 for other sources.
	Dir int8
}

// KeyBinding, MouseBinding, PadBinding and AxisBinding make bindings.
func KeyBinding(k engine.Key) Binding { return Binding{Source: Key, Key: k} }

// MouseBinding binds mouse button b.
func MouseBinding(b mouse.Button) Binding { return Binding{Source: Mouse, Button: b} }

// PadBinding binds controller button b.
func PadBinding(b gamepad.Button) Binding { return Binding{Source: PadButton, Pad: b} }

// AxisBinding binds controller axis a pushed in direction dir (-1 or +1).
func AxisBinding(a gamepad.Axis, dir int8) Binding {
	return Binding{Source: PadAxis, Axis: a, Dir: max(-1, min(1, dir))}
}

var mouseNames = [...]string{"Left", "Middle", "Right", "X1", "X2"}

var padNames = [...]string{"A", "B", "X", "Y", "Back", "Guide", "Start", "Left Stick", "Right Stick",
	"Left Shoulder", "Right Shoulder", "Up", "Down", "Left", "Right", "Misc", "Paddle 1", "Paddle 2",
	"Paddle 3", "Paddle 4", "Touchpad"}

var axisNames = [...]string{"Left X", "Left Y", "Right X", "Right Y", "Left Trigger", "Right Trigger"}

// String names the binding for a settings screen and for saving: "Space",
// "Mouse Left", "Pad A", "Pad Left X-", "" for none. ParseBinding reads it
// back.
func (b Binding) String() string { return string(b.Append(nil)) }

// Append appends the binding's name (String) to dst: a menu drawing
// bindings every frame reuses one buffer and allocates nothing.
func (b Binding) Append(dst []byte) []byte {
	switch b.Source {
	case Key:
		return append(dst, b.Key.String()...)
	case Mouse:
		if int(b.Button) < len(mouseNames) {
			return append(append(dst, "Mouse "...), mouseNames[b.Button]...)
		}
	case PadButton:
		if int(b.Pad) < len(padNames) {
			return append(append(dst, "Pad "...), padNames[b.Pad]...)
		}
	case PadAxis:
		if int(b.Axis) < len(axisNames) {
			sign := byte('+')
			if b.Dir < 0 {
				sign = '-'
			}
			return append(append(append(dst, "Pad "...), axisNames[b.Axis]...), sign)
		}
	case None:
		return dst
	}
	return fmt.Appendf(dst, "Binding(%d)", b.Source)
}

// ParseBinding reads a binding as String writes it; "" is no binding.
func ParseBinding(s string) (Binding, error) {
	switch {
	case s == "":
		return Binding{}, nil
	case strings.HasPrefix(s, "Mouse "):
		for i, n := range mouseNames {
			if s[len("Mouse "):] == n {
				return MouseBinding(mouse.Button(i)), nil
			}
		}
	case strings.HasPrefix(s, "Pad "):
		rest := s[len("Pad "):]
		for i, n := range padNames {
			if rest == n {
				return PadBinding(gamepad.Button(i)), nil
			}
		}
		for i, n := range axisNames {
			switch rest {
			case n + "+":
				return AxisBinding(gamepad.Axis(i), 1), nil
			case n + "-":
				return AxisBinding(gamepad.Axis(i), -1), nil
			}
		}
	}
	if k, ok := engine.KeyNamed(s); ok {
		return KeyBinding(k), nil
	}
	return Binding{}, fmt.Errorf("actions: no control is named %q: want a key as SDL names it (\"Space\", \"Left Shift\"), \"Mouse Left\", \"Pad A\" or \"Pad Left X-\"", s)
}
