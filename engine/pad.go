package engine

// Pad is a game controller as a tick or a frame sees it: held buttons and
// axes are current, Pressed and Released are the edges since the tick (or
// frame) before, as for keys. A pad that is not Connected holds nothing.
type Pad struct {
	Connected bool // false: no controller in this place, and the rest is zero
	// Buttons are held; Pressed and Released are the edges since the tick
	// (or frame) before. Empty when none.
	Buttons, Pressed, Released PadButtonSet
	// Axes are raw: sticks from -32768 to 32767, negative left and up;
	// triggers from 0 (released) to 32767. Axis reads them with a dead
	// zone.
	Axes [NumPadAxes]int16
}

// The controllers' numbers.
const (
	// MaxPads is how many game controllers Input holds. A platform gives
	// each controller the first free slot as it connects, and frees it
	// when the controller goes.
	MaxPads = 4

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
func (p *Pad) Axis(a PadAxis) float64 {
	dz := StickDeadZone
	if a == PadLeftTrigger || a == PadRightTrigger {
		dz = TriggerDeadZone
	}
	return p.AxisBeyond(a, dz)
}

// AxisBeyond is Axis with a dead zone of deadZone (0 to 32766) raw units.
func (p *Pad) AxisBeyond(a PadAxis, deadZone int) float64 {
	if a >= NumPadAxes {
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

// PadButton is a game controller button, named as SDL names them, by
// their place on an Xbox controller: PadA is the bottom face button
// whatever the controller prints on it.
type PadButton uint8

// The controller buttons, numbered as SDL numbers them.
const (
	PadA PadButton = iota
	PadB
	PadX
	PadY
	PadBack
	PadGuide
	PadStart
	PadLeftStick
	PadRightStick
	PadLeftShoulder
	PadRightShoulder
	PadUp
	PadDown
	PadLeft
	PadRight
	PadMisc1   // Xbox Series share, PS5 microphone, Switch Pro capture
	PadPaddle1 // Xbox Elite paddles
	PadPaddle2
	PadPaddle3
	PadPaddle4
	PadTouchpad // PS4 and PS5 touchpad press

	NumPadButtons = iota // how many buttons a PadButtonSet holds
)

// PadButtonSet is a set of controller buttons as a bitset.
type PadButtonSet uint32

// Has reports whether b is in the set.
func (s PadButtonSet) Has(b PadButton) bool { return b < NumPadButtons && s&(1<<b) != 0 }

// PadAxis is a game controller axis.
type PadAxis uint8

// The controller axes, numbered as SDL numbers them.
const (
	PadLeftX PadAxis = iota
	PadLeftY
	PadRightX
	PadRightY
	PadLeftTrigger
	PadRightTrigger

	NumPadAxes = iota // how many axes a Pad holds
)
