//go:build box2d && cgo

package box2d

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// units is the world's scale, physics.Config.UnitsPerMeter: how many world
// units make one of Box2D's meters. Box2D's constants (its 2 m a step speed
// limit, 1 cm polygon skin, 5 mm slop, 10 cm broad-phase margin, 1 m/s
// bounce threshold) are compiled into the library in meters, so the shim
// converts every number crossing into Box2D instead: lengths, velocities,
// forces and impulses are multiplied by 1/perMeter going in and by
// perMeter coming out, moments of inertia by 1/perMeter², and angles,
// masses, spring stiffness and damping (force per stretch and per speed:
// the lengths cancel) pass as they are. A power of two scales exactly in
// floating point, so a scene built k times larger with UnitsPerMeter k
// hands Box2D the same numbers, bit for bit, as the scene at 1.
//
// The Go side works in world units throughout; units gives it Box2D's
// constants and bounds in them, so that its checks and error messages
// speak the caller's units.
type units struct {
	perMeter float64 // world units in a meter, 1 by default
}

func unitsOf(c *physics.Config) units {
	if c.UnitsPerMeter == 0 {
		return units{1}
	}
	return units{c.UnitsPerMeter}
}

// dim is how a quantity scales with the length unit.
type dim int

const (
	plain   dim = iota // angles, masses, friction, density, stiffness, damping
	length             // lengths, and velocities, forces and impulses, which are per length
	inertia            // moments of inertia: mass × length²
)

// of returns x, a quantity of dimension d in Box2D's units, in world
// units.
func (u units) of(d dim, x float64) float64 {
	for range d {
		x *= u.perMeter
	}
	return x
}

// Box2D's geometry constants in world units (see shape.go).
func (u units) slop() float64       { return u.of(length, linearSlop) }
func (u units) skin() float64       { return u.of(length, skin) }
func (u units) minCapsule() float64 { return u.of(length, minCapsule) }

// single is the world point v as Box2D will hold it, in single-precision
// meters, brought back to world units: far from the origin, points that
// float64 keeps apart may coincide.
func (u units) single(v mgl64.Vec2) mgl64.Vec2 {
	return mgl64.Vec2{
		float64(float32(v[0]/u.perMeter)) * u.perMeter,
		float64(float32(v[1]/u.perMeter)) * u.perMeter,
	}
}
