// Package mouse is the mouse buttons' vocabulary as a tick or a frame sees
// them: a Button and a ButtonSet, as engine.Input holds them:
//
//	in.ButtonsPressed.Has(mouse.Left)
//
// The pointer and the wheel are engine.Input's own fields. The package
// imports nothing of the engine, so a platform or a binding table names a
// button without the rest of the vocabulary.
package mouse

// Button is a mouse button. The zero Button is Left.
type Button uint8

// The mouse buttons the engine knows.
const (
	Left Button = iota
	Middle
	Right
	X1 // the first side button, often "back"
	X2 // the second side button, often "forward"
)

// ButtonSet is a set of mouse buttons as a bitset; the zero ButtonSet is
// empty.
type ButtonSet uint8

// Has reports whether b is in the set.
func (s ButtonSet) Has(b Button) bool { return s&(1<<b) != 0 }
