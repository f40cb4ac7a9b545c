package physics

import "github.com/go-gl/mathgl/mgl64"

// Contact reports a pair of bodies touching during a step, passed by value
// so reporting it allocates nothing. A pair is reported once per step
// whatever the number of shapes that touch: Began on the first step they
// touch, every step while they touch, and once with Ended on the first
// step they no longer do (or when one of them is removed, at the next
// step). A pair that touches for a single step is reported with Began, then
// with Ended at the next.
type Contact struct {
	A, B BodyID // A < B

	// Point is where the bodies touch, on A's surface, in world
	// coordinates; zero for sensors and Ended reports.
	Point mgl64.Vec2
	// Normal is the unit direction from A towards B; zero for sensors and
	// Ended reports.
	Normal mgl64.Vec2
	// Impulse is what the step's solver applied to A through this contact
	// (friction included), in mass × world units per second; zero for
	// sensors and Ended reports.
	Impulse mgl64.Vec2

	// Began reports that this step is the first in which A and B touch.
	Began bool
	// Ended reports that A and B touched in the step before and no longer
	// do.
	Ended bool
	// Sensor reports that one of the touching shapes is a sensor: the
	// bodies overlap but do not push each other.
	Sensor bool
}

// Other returns the body that touched id in this contact, whichever side
// id is on, and whether id is one of the pair: a game asking "what did my
// ball hit?" writes
//
//	if other, ok := c.Other(ball); ok { ... }
//
// rather than comparing A and B itself.
func (c Contact) Other(id BodyID) (BodyID, bool) {
	switch id {
	case c.A:
		return c.B, true
	case c.B:
		return c.A, true
	}
	return 0, false
}

// RayHit is where a ray cast first crosses a shape.
type RayHit struct {
	Body   BodyID     // the body whose shape the ray hit
	Point  mgl64.Vec2 // world coordinates
	Normal mgl64.Vec2 // the surface's unit normal at Point, facing the ray
	// Fraction is how far along the ray Point is, in [0, 1].
	Fraction float64
}
