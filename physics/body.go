package physics

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
)

// BodyKind says how a body moves.
type BodyKind uint8

const (
	// Dynamic bodies are moved by gravity, forces, contacts and joints.
	Dynamic BodyKind = iota
	// Kinematic bodies move only at the velocity they are given, pushing
	// dynamic bodies out of the way as if infinitely heavy.
	Kinematic
	// Static bodies never move on their own: walls, floors, terrain.
	Static
)

// String returns the kind's lowercase name.
func (k BodyKind) String() string {
	switch k {
	case Dynamic:
		return "dynamic"
	case Kinematic:
		return "kinematic"
	case Static:
		return "static"
	}
	return fmt.Sprintf("BodyKind(%d)", uint8(k))
}

// BodyDef describes a body to add to a world. The zero BodyDef is a dynamic
// body at the origin, which is invalid until it has a Mass or shapes with
// Density.
type BodyDef struct {
	Kind   BodyKind   // the zero kind is Dynamic
	Pos    mgl64.Vec2 // where the body's origin starts, world units; zero: the world's origin
	Angle  float64    // radians
	Vel    mgl64.Vec2 // world units per second; zero: at rest
	AngVel float64    // radians per second

	// Mass, in kilograms, when positive, is a dynamic body's mass; 0 takes
	// it from the shapes' Density. A dynamic body must end up with a
	// positive mass. The other kinds ignore it, but it must still be a
	// finite number >= 0 (see Validate).
	Mass float64
	// Moment is the rotational inertia of a dynamic body. 0 computes it
	// from Shapes as if Mass were spread evenly over their area;
	// math.Inf(1) makes a body that never rotates (so its AngVel must be
	// 0). Like Mass, it must be >= 0 whatever the kind.
	Moment float64

	// FixedRotation keeps a dynamic body from ever rotating (as an
	// infinite Moment does), so its AngVel must be 0.
	FixedRotation bool
	// Bullet asks for continuous collision against other moving bodies
	// where the backend has it (Box2D), so a fast small body does not
	// tunnel; backends without it ignore it. False: discrete collision.
	Bullet bool

	// Shapes are what the body collides with, in body coordinates. The
	// world copies them; the caller may reuse the slice. Nil: none (a
	// dynamic body then needs a Mass).
	Shapes []Shape

	// User is any value the game chooses to find its own thing by, say a
	// pointer to its brick or enemy: the world keeps it with the body and
	// hands it back from World.User, so a game needs no map from BodyID to
	// its things. The world never looks inside it; nil is none. A pointer
	// or a small value is stored without allocating, and reading it back
	// allocates nothing.
	User any
}
