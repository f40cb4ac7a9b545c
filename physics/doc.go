// Package physics defines what the engine needs from a physics engine: a
// world it steps at a fixed dt, the state of every body copied out after each
// tick into a buffer the caller owns, and the blend that draws a frame between
// two ticks. Backends live in subpackages (physics/chipmunk); the engine
// imports only this package, never a backend.
//
// Scenes describe what they build with this package's plain values
// (BodyDef, Shape, JointDef, Config) and learn what happened through its
// values too (BodyState, Contact) and its errors (ErrInvalid, ErrNoBody,
// ErrNoJoint, ErrBusy, ErrDiverged), so a scene moves between backends by
// changing the one line that makes the world. IdleGC keeps the garbage that
// physics steps make from being collected in the middle of one.
package physics
