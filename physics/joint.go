package physics

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
)

// JointID names a joint for as long as it lives in its world. Like BodyIDs,
// JointIDs increase and are never reused.
type JointID uint32

// JointKind says which of JointDef's fields a joint uses.
type JointKind uint8

const (
	// Pin keeps AnchorA and AnchorB at the distance they start at, like a
	// rigid rod.
	Pin JointKind = iota + 1
	// Pivot keeps AnchorA and AnchorB on the same point, like an axle.
	Pivot
	// Slide keeps the anchors between Min and Max apart, like a chain.
	Slide
	// Spring pulls the anchors towards RestLength apart with Stiffness,
	// losing energy to Damping.
	Spring
	// Drag pulls AnchorB on body B towards a target point in the world,
	// with at most MaxForce: the joint for grabbing a body with a mouse.
	// A is ignored; AnchorA is the first target, moved with the world's
	// DragTo.
	Drag
)

// String returns the kind's lowercase name.
func (k JointKind) String() string {
	switch k {
	case Pin:
		return "pin"
	case Pivot:
		return "pivot"
	case Slide:
		return "slide"
	case Spring:
		return "spring"
	case Drag:
		return "drag"
	}
	return fmt.Sprintf("JointKind(%d)", uint8(k))
}

// JointDef describes a joint between two bodies. Either body may be Ground.
type JointDef struct {
	Kind JointKind // Pin, Pivot...; the zero kind is refused
	A, B BodyID    // the bodies it joins; Ground (the zero BodyID) is the world

	// AnchorA and AnchorB are the attachment points in A's and B's body
	// coordinates (for Ground, world coordinates).
	AnchorA, AnchorB mgl64.Vec2

	Min, Max float64 // Slide: allowed distance between the anchors

	RestLength float64 // Spring: length at rest
	Stiffness  float64 // Spring: force per unit of stretch
	Damping    float64 // Spring: force per unit of stretching speed

	// MaxForce caps the force the joint may use; 0 means no cap. A Drag
	// joint needs one, or a grabbed body tunnels through walls.
	MaxForce float64

	// Collide lets A and B keep colliding with each other; by default
	// jointed bodies pass through each other.
	Collide bool
}
