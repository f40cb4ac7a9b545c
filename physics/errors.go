package physics

import "errors"

// Errors a World's methods wrap, to test with errors.Is. The wrapping message
// names the operation and the body or joint involved.
var (
	// ErrInvalid reports an argument the world cannot simulate: NaN or
	// infinite numbers, a non-positive mass or dt, a shape without area.
	ErrInvalid = errors.New("physics: invalid argument")
	// ErrNoBody reports a BodyID the world does not hold, because it was
	// never added or was already removed.
	ErrNoBody = errors.New("physics: no such body")
	// ErrNoJoint reports a JointID the world does not hold, because it
	// was never added, was removed, or went with one of its bodies.
	ErrNoJoint = errors.New("physics: no such joint")
	// ErrBusy reports a call the world cannot take now: one made from
	// inside Config.OnContact that changes what the world holds (note what
	// to change and do it in the game's tick, after the physics step), or,
	// on Box2D, one made from another goroutine while the world is in
	// use.
	ErrBusy = errors.New("physics: world is busy reporting contacts")
	// ErrDiverged reports a body whose state became NaN or infinite during
	// a step, usually from an enormous force, impulse or velocity.
	ErrDiverged = errors.New("physics: simulation diverged")
)
