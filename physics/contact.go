package physics

import "github.com/go-gl/mathgl/mgl64"

// Contact is one touching pair of bodies at the end of a step, passed by
// value so reporting it allocates nothing.
type Contact struct {
	A, B BodyID // A < B

	// Point is where the bodies touch, on A's surface, in world
	// coordinates.
	Point mgl64.Vec2
	// Normal is the unit direction from A towards B.
	Normal mgl64.Vec2
	// Impulse is what the step's solver applied to A through this contact
	// (friction included), in mass × world units per second.
	Impulse mgl64.Vec2

	// Began reports that this step is the first in which A and B touch.
	Began bool
}
