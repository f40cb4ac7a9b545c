package physics

import (
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

// Stepper is what the engine's loop needs from a world: advance by one
// fixed step, then copy every body's state out in ascending BodyID order.
type Stepper interface {
	// Step advances the simulation by dt, which must be positive. It
	// fails with ErrDiverged when a body's state became NaN or infinite,
	// and with ErrBusy when called from Config.OnContact.
	Step(dt time.Duration) error
	// Snapshot overwrites dst with the state of every body in ascending
	// ID order, resized to the body count, and returns it; it allocates
	// only when dst is too small.
	Snapshot(dst []BodyState) []BodyState
}

// Builder adds and removes bodies and joints. Every method fails with
// ErrBusy when called from Config.OnContact (and from another goroutine
// while the world is in use, where the backend can tell), with ErrInvalid for a
// definition the world cannot simulate (NaN, a non-positive mass, a
// polygon without area...), and with ErrNoBody or ErrNoJoint for an ID
// the world does not hold.
type Builder interface {
	// AddBody adds a body described by d and returns its ID, greater than
	// every ID the world handed out before.
	AddBody(d BodyDef) (BodyID, error)
	// RemoveBody removes a body, its shapes and every joint attached to it.
	RemoveBody(id BodyID) error
	// AddJoint adds a joint between two bodies (either may be Ground).
	AddJoint(d JointDef) (JointID, error)
	// RemoveJoint removes a joint.
	RemoveJoint(id JointID) error
	// Clear removes every body and joint at once, in time linear in what
	// the world held: the way to empty a level. Removing bodies one by one
	// costs the engines themselves more the more bodies there are (cp
	// searches its list of bodies for each; Box2D searches its list of
	// bodies moved since the last step), so removing tens of thousands in
	// one tick takes seconds where Clear takes milliseconds. IDs are not
	// reused; contacts of the bodies removed are reported Ended at the next
	// step.
	Clear() error
}

// Mover changes bodies that are already in the world. Each method fails
// with ErrNoBody for an unknown ID and ErrInvalid for a NaN or infinite
// argument or a body of the wrong kind; all may be called from
// Config.OnContact.
type Mover interface {
	// Teleport moves a body to pos (world units) and angle (radians) by
	// hand, keeping its velocity; the next snapshot marks it Teleported.
	Teleport(id BodyID, pos mgl64.Vec2, angle float64) error
	// SetVelocity sets a dynamic or kinematic body's velocity, in world
	// units per second and radians per second. A dynamic body that never
	// rotates (FixedRotation or an infinite Moment) takes angVel 0 only.
	SetVelocity(id BodyID, vel mgl64.Vec2, angVel float64) error
	// ApplyImpulse changes a dynamic body's momentum at once by impulse
	// (mass × world units per second) applied at the world point at.
	ApplyImpulse(id BodyID, impulse, at mgl64.Vec2) error
	// ApplyForce pushes a dynamic body with force (mass × world units per
	// second squared) at the world point at, during the next step only.
	ApplyForce(id BodyID, force, at mgl64.Vec2) error
	// DragTo moves the target of a Drag joint to a world point.
	DragTo(id JointID, target mgl64.Vec2) error
	// Wake wakes a sleeping body (and what it touches); a body that is
	// awake stays so.
	Wake(id BodyID) error
}

// Inspector reads what the world holds.
type Inspector interface {
	// Len returns the number of bodies, the ground excluded.
	Len() int
	// State returns a body's current state, as Snapshot would report it.
	State(id BodyID) (BodyState, error)
	// Kind returns how a body moves.
	Kind(id BodyID) (BodyKind, error)
	// Shapes overwrites dst with a body's shapes in the order they were
	// added (polygons as their counter-clockwise hull) and returns it;
	// it allocates only when dst is too small.
	Shapes(id BodyID, dst []Shape) ([]Shape, error)
	// Sleeping reports whether a body is asleep (see Config.Sleep).
	Sleeping(id BodyID) (bool, error)
	// User returns the value the body was given as BodyDef.User.
	User(id BodyID) (any, error)
}

// Querier finds bodies by where they are. Queries never see sensors; a
// query's Filter selects shapes as if the query were a shape with that
// filter (see Filter). Results are in ascending ID order, each body once,
// appended to dst[:0]; they allocate only when dst is too small.
type Querier interface {
	// BodyAt returns the body with a shape nearest to p within radius of it
	// (0: p must be inside the shape), and whether there is one; ties go to
	// the lower ID. dynamicOnly skips static and kinematic bodies, as a
	// mouse grab wants.
	BodyAt(p mgl64.Vec2, radius float64, dynamicOnly bool) (BodyID, bool, error)
	// QueryPoint returns the bodies with a shape containing p.
	QueryPoint(p mgl64.Vec2, f Filter, dst []BodyID) ([]BodyID, error)
	// QueryBox returns the bodies with a shape overlapping the axis-aligned
	// box with opposite corners lo and hi, in either order (exactly, not by
	// bounding box).
	QueryBox(lo, hi mgl64.Vec2, f Filter, dst []BodyID) ([]BodyID, error)
	// RayCast returns the first shape the segment from a to b crosses, and
	// whether there is one. A ray starting inside a shape does not hit it;
	// a ray of no length (a == b) hits nothing.
	RayCast(a, b mgl64.Vec2, f Filter) (RayHit, bool, error)
}

// World is the one physics API games, samples and the runner use,
// whatever backend simulates it (physics/chipmunk, physics/box2d; see
// physics/backend to pick one by name). Distances are world units
// (metres, by convention), times seconds, angles radians counter-
// clockwise, masses kilograms.
type World interface {
	Stepper
	Builder
	Mover
	Inspector
	Querier
	Copier
	// Close frees what the backend holds outside Go's heap; the world is
	// unusable afterwards. It is safe to call twice. Inside
	// Config.OnContact it fails with ErrBusy and closes nothing.
	Close() error
}

// Config describes a world. The zero Config is a world without gravity or
// damping that solves constraints with the backend's default effort.
type Config struct {
	// Gravity is the acceleration applied to every dynamic body, in world
	// units per second squared (for y-down screen coordinates, use +Y);
	// zero: none.
	Gravity mgl64.Vec2

	// Damping is the fraction of its velocity a body keeps after one
	// second, in (0, 1]; 0 means 1 (no damping).
	Damping float64

	// Iterations is how many solver passes each step makes; more is stiffer
	// and slower. 0 means 10.
	Iterations int

	// UnitsPerMeter is how many world units make one meter, the unit
	// Box2D is tuned for: moving objects of 0.1 to 10 m, at most 2 m of
	// travel per step, a 1 cm skin around polygons, no bounce below 1 m/s.
	// The Box2D backend converts at its boundary, so a game whose units
	// are pixels (say 50 per meter) or tiny sets this and keeps Box2D in
	// its range. Without it a world unit is a meter: a body then moves at
	// most 120 units a second at 60 steps a second (Box2D clamps faster
	// ones silently), and bodies much smaller than 0.1 units cost Box2D
	// more and rest less well. 0 means 1; otherwise it must be within
	// [1e-3, 1e4]. Chipmunk has no such tuning and ignores it.
	UnitsPerMeter float64

	// Sleep lets bodies that have been at rest for about half a second
	// fall asleep: they cost nothing to step until something touches
	// them, a joint pulls them, or Wake is called. Sleeping bodies keep
	// their place in snapshots. False: no body sleeps.
	Sleep bool

	// OnContact, if set, is called after each Step once for every pair of
	// bodies that began touching, touched, or stopped touching during it
	// (see Contact), ordered by A then B. Returning an error ends the Step
	// with that error wrapped. While it runs the world refuses Step and
	// Builder's methods with ErrBusy; Mover's methods are allowed.
	OnContact func(Contact) error
}

// Ground is the BodyID of a world's own immovable body: joints use it to pin
// a body to a point in the world. It never appears in a snapshot.
const Ground BodyID = 0
