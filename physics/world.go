package physics

import (
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

// World is what the engine needs from a physics backend: advance by one fixed
// step, then copy every body's state out in ascending BodyID order. Building
// the world (bodies, shapes, joints) is the backend's business; its methods
// take the definition types of this package so scenes read the same whatever
// the backend.
type World interface {
	// Step advances the simulation by dt, which must be positive.
	Step(dt time.Duration) error
	// Snapshot overwrites dst with the state of every body in ascending
	// ID order, resized to the body count, and returns it; it allocates
	// only when dst is too small.
	Snapshot(dst []BodyState) []BodyState
}

// Config describes a world. The zero Config is a world without gravity or
// damping that solves constraints with the backend's default effort.
type Config struct {
	// Gravity is the acceleration applied to every dynamic body, in world
	// units per second squared (for y-down screen coordinates, use +Y).
	Gravity mgl64.Vec2

	// Damping is the fraction of its velocity a body keeps after one
	// second, in (0, 1]; 0 means 1 (no damping).
	Damping float64

	// Iterations is how many solver passes each step makes; more is stiffer
	// and slower. 0 means 10.
	Iterations int

	// OnContact, if set, is called after each Step once for every pair of
	// bodies touching at the end of it, ordered by A. Returning an error
	// ends the Step with that error wrapped. While it runs the world refuses
	// Step and structural changes (adding or removing bodies and joints)
	// with ErrBusy; moving bodies and applying impulses is allowed.
	OnContact func(Contact) error
}

// Ground is the BodyID of a world's own immovable body: joints use it to pin
// a body to a point in the world. It never appears in a snapshot.
const Ground BodyID = 0
