// Package gamepad is the game controllers' vocabulary as a tick or a frame
// sees them: a controller's State (held buttons, the edges since the tick
// before, its axes), its Buttons and Axes, and the dead zones Axis takes
// out. engine.Input holds Max of them, by slot:
//
//	in.Pads[0].Pressed.Has(gamepad.A)
//	in.Pads[0].Axis(gamepad.LeftX)
//
// It imports nothing of the engine, so a platform, a binding table or a
// test names a button without the rest of the vocabulary.
package gamepad

// State is a game controller as a tick or a frame sees it: held buttons and
// axes are current, Pressed and Released are the edges since the tick (or
// frame) before, as for keys. A controller that is not Connected holds
// nothing; the zero State is an empty slot.
type State struct {
	Connected bool // false: no controller in this place, and the rest is zero
	// Buttons are held; Pressed and Released are the edges since the tick
	// (or frame) before. Empty when none.
	Buttons, Pressed, Released ButtonSet
	// Axes are raw: sticks from -32768 to 32767, negative left and up;
	// triggers from 0 (released) to 32767. Axis reads them with a dead
	// zone. All 0 when at rest or not connected.
	Axes [NumAxes]int16
}

// The controllers' numbers.
const (
	// Max is how many game controllers engine.Input holds. A platform
	// gives each controller the first free slot as it connects, and frees
	// it when the controller goes.
	Max = 4

	// Dead zones that Axis applies, in raw units: a stick at rest rarely
	// reads 0, and worn ones drift by thousands. These are XInput's
	// recommended thresholds: 7849 for the left stick and 8689 for the
	// right (24% and 27% of travel; sticks use the larger, so both behave
	// alike), and 30 of 255 for triggers (12%). Each axis is cut on its
	// own (a square dead zone).
	StickDeadZone   = 8689
	TriggerDeadZone = 30 * 32767 / 255
)

// Axis returns axis a in [-1, 1] (triggers in [0, 1]) with the dead zone
// taken out: 0 inside it, then rising linearly to ±1 at the end of the
// axis's travel, so small movements past the dead zone are small.
func (p *State) Axis(a Axis) float64 {
	dz := StickDeadZone
	if a == LeftTrigger || a == RightTrigger {
		dz = TriggerDeadZone
	}
	return p.AxisBeyond(a, dz)
}

// AxisBeyond is Axis with a dead zone of deadZone (0 to 32766) raw units.
func (p *State) AxisBeyond(a Axis, deadZone int) float64 {
	if a >= NumAxes {
		return 0
	}
	deadZone = min(max(deadZone, 0), 32766)
	v := int(p.Axes[a])
	switch {
	case v > deadZone:
		return min(float64(v-deadZone)/float64(32767-deadZone), 1)
	case v < -deadZone:
		return max(float64(v+deadZone)/float64(32767-deadZone), -1)
	}
	return 0
}

// Button is a game controller button, named as SDL names them, by their
// place on an Xbox controller: A is the bottom face button whatever the
// controller prints on it. The zero Button is A.
type Button uint8

// The controller buttons, numbered as SDL numbers them.
const (
	A Button = iota
	B
	X
	Y
	Back
	Guide
	Start
	LeftStick
	RightStick
	LeftShoulder
	RightShoulder
	Up
	Down
	Left
	Right
	Misc1   // Xbox Series share, PS5 microphone, Switch Pro capture
	Paddle1 // Xbox Elite paddles
	Paddle2
	Paddle3
	Paddle4
	Touchpad // PS4 and PS5 touchpad press

	NumButtons = iota // how many buttons a ButtonSet holds
)

// ButtonSet is a set of controller buttons as a bitset; the zero ButtonSet
// is empty.
type ButtonSet uint32

// Has reports whether b is in the set.
func (s ButtonSet) Has(b Button) bool { return b < NumButtons && s&(1<<b) != 0 }

// Axis is a game controller axis. The zero Axis is LeftX.
type Axis uint8

// The controller axes, numbered as SDL numbers them.
const (
	LeftX Axis = iota
	LeftY
	RightX
	RightY
	LeftTrigger
	RightTrigger

	NumAxes = iota // how many axes a State holds
)
