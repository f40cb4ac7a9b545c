//go:build box2d && cgo

package box2d

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
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
	check.Range // PerMeter: world units in a meter, 1 by default
}

func unitsOf(c *physics.Config) units { return units{check.RangeOf(c)} }

// Box2D's geometry constants in world units (see shape.go).
func (u units) slop() float64       { return u.Of(check.Length, linearSlop) }
func (u units) skin() float64       { return u.Of(check.Length, skin) }
func (u units) minCapsule() float64 { return u.Of(check.Length, minCapsule) }

// single is the world point v as Box2D will hold it, in single-precision
// meters, brought back to world units: far from the origin, points that
// float64 keeps apart may coincide.
func (u units) single(v mgl64.Vec2) mgl64.Vec2 {
	return mgl64.Vec2{
		float64(float32(v[0]/u.PerMeter)) * u.PerMeter,
		float64(float32(v[1]/u.PerMeter)) * u.PerMeter,
	}
}

// bodyDef refuses what every backend does (check.Range.BodyDef) and a
// rounded box or polygon, which Box2D cannot build.
func (u units) bodyDef(d *physics.BodyDef) error {
	if err := u.BodyDef(d); err != nil {
		return err
	}
	for i := range d.Shapes {
		if err := checkNotRounded(&d.Shapes[i]); err != nil {
			return fmt.Errorf("shape %d (%v): %w", i, d.Shapes[i].Kind, err)
		}
	}
	return nil
}

// checkNotRounded refuses a rounded box or polygon: Box2D's polygons carry
// a fixed skin and nothing rounder.
func checkNotRounded(s *physics.Shape) error {
	if (s.Kind == physics.Box || s.Kind == physics.Polygon) && s.Radius != 0 {
		return fmt.Errorf("radius is %v: %w; Box2D cannot round a %v (Radius is for circles and segments): use 0", s.Radius, physics.ErrInvalid, s.Kind)
	}
	return nil
}
