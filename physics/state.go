package physics

import "github.com/go-gl/mathgl/mgl64"

// BodyID names a body for as long as it lives in its world. IDs are handed
// out in increasing order and never reused, so sorting by ID is the stable
// order every snapshot uses.
type BodyID uint32

// BodyState is one body's transform and velocity at the end of a tick.
type BodyState struct {
	ID     BodyID     // the body this is the state of
	Pos    mgl64.Vec2 // the body's origin (where BodyDef.Pos and Teleport put it), world units
	Angle  float64    // radians, unbounded (a spinning body keeps counting)
	Vel    mgl64.Vec2 // of the centre of gravity, world units per second
	AngVel float64    // radians per second

	// Teleported reports that the body was moved by hand during the tick
	// that produced this state, so drawing must not sweep it across the jump.
	Teleported bool
}
