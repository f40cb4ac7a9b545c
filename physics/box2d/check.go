//go:build box2d && cgo

package box2d

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// limit bounds every number handed to Box2D, in its own units (see
// units.go for the world's). Box2D computes in single precision and
// asserts (aborting the process) on infinities: a float64 beyond float32's
// range would become one, and so would the square of anything much beyond
// 1e19. 1e15 leaves room for the products Box2D forms from coordinates,
// lengths and masses.
const limit = 1e15

// checkNum refuses a plain number (an angle, an angular velocity) that is
// NaN, infinite (as every backend does) or out of Box2D's range, naming it.
func checkNum(name string, x float64) error {
	if err := physics.CheckFinite(name, x); err != nil {
		return err
	}
	if !(x >= -limit && x <= limit) {
		return fmt.Errorf("%s is %v: %w; pass a number within ±%g (Box2D computes in single precision)", name, x, physics.ErrInvalid, limit)
	}
	return nil
}

// checkVec refuses a vector (a point, a velocity, a force or an impulse)
// with a coordinate that is NaN, infinite or out of Box2D's range in world
// units, naming it.
func (u units) checkVec(name string, v mgl64.Vec2) error {
	if err := physics.CheckFiniteVec(name, v); err != nil {
		return err
	}
	if l := u.of(length, limit); !(v[0] >= -l && v[0] <= l && v[1] >= -l && v[1] <= l) {
		return fmt.Errorf("%s is %v: %w; pass numbers within ±%.4g (Box2D computes in single precision)", name, v, physics.ErrInvalid, l)
	}
	return nil
}

// checkPositive reports a quantity of dimension d that must be positive.
func (u units) checkPositive(name string, x float64, d dim) error {
	if lo, hi := u.of(d, minPositive), u.of(d, limit); !(x >= lo && x <= hi) {
		return fmt.Errorf("%s is %v: %w; it must be within [%.4g, %.4g]", name, x, physics.ErrInvalid, lo, hi)
	}
	return nil
}

// checkNonNegative reports a quantity of dimension d that must be 0 or
// positive.
func (u units) checkNonNegative(name string, x float64, d dim) error {
	if hi := u.of(d, limit); !(x >= 0 && x <= hi) {
		return fmt.Errorf("%s is %v: %w; it must be within [0, %.4g]", name, x, physics.ErrInvalid, hi)
	}
	return nil
}

// minPositive is the smallest mass, moment, radius or size accepted, in
// Box2D's units: below it single precision loses the value or its inverse
// overflows.
const minPositive = 1e-15

// checkConfig refuses what physics.Config.Validate does, and gravity
// beyond Box2D's range or a damping so close to 0 that its rate −ln(Damping)
// overflows single precision.
func checkConfig(c *physics.Config) error {
	if err := c.Validate(); err != nil {
		return err
	}
	if err := unitsOf(c).checkVec("gravity", c.Gravity); err != nil {
		return err
	}
	if c.Damping > 0 && c.Damping < 1e-30 {
		return fmt.Errorf("damping is %v: %w; it is the fraction of velocity kept after a second: use at least 1e-30, or 0 for none", c.Damping, physics.ErrInvalid)
	}
	return nil
}

// checkBodyDef refuses what physics.BodyDef.Validate does, and then numbers
// beyond Box2D's range: a dynamic body's Mass or Moment outside
// [minPositive, limit] in world units (but for 0 and +Inf, which mean "from
// the shapes" and "never rotates"), and shapes checkShape refuses.
func (u units) checkBodyDef(d *physics.BodyDef) error {
	if err := d.Validate(); err != nil {
		return err
	}
	if err := u.checkVec("position", d.Pos); err != nil {
		return err
	}
	if err := checkNum("angle", d.Angle); err != nil {
		return err
	}
	if err := u.checkVec("velocity", d.Vel); err != nil {
		return err
	}
	if err := checkNum("angular velocity", d.AngVel); err != nil {
		return err
	}
	if d.Kind == physics.Dynamic {
		if d.Mass != 0 {
			if err := u.checkPositive("mass", d.Mass, plain); err != nil {
				return fmt.Errorf("%w; or 0 to take the mass from the shapes' Density", err)
			}
		}
		if d.Moment != 0 && !math.IsInf(d.Moment, 1) {
			if err := u.checkPositive("moment", d.Moment, inertia); err != nil {
				return fmt.Errorf("%w; or 0 to compute it from the shapes, or +Inf to stop rotation", err)
			}
		}
	}
	for i := range d.Shapes {
		if err := u.checkShape(&d.Shapes[i]); err != nil {
			return fmt.Errorf("shape %d (%v): %w", i, d.Shapes[i].Kind, err)
		}
	}
	return nil
}

// checkShape refuses, in a shape physics.Shape.Validate accepted, the
// numbers its kind uses that are beyond Box2D's range, sizes below
// minPositive (both in world units), and a rounded box or polygon.
func (u units) checkShape(s *physics.Shape) error {
	if err := u.checkNonNegative("friction", s.Friction, plain); err != nil {
		return err
	}
	if err := u.checkNonNegative("density", s.Density, plain); err != nil {
		return err
	}
	switch s.Kind {
	case physics.Circle:
		if err := u.checkPositive("radius", s.Radius, length); err != nil {
			return err
		}
		return u.checkVec("offset", s.Offset)
	case physics.Box:
		if err := u.checkVec("offset", s.Offset); err != nil {
			return err
		}
		if err := u.checkPositive("half width", s.Half[0], length); err != nil {
			return err
		}
		if err := u.checkPositive("half height", s.Half[1], length); err != nil {
			return err
		}
		return checkNotRounded(s)
	case physics.Polygon:
		for i, v := range s.Verts {
			if err := u.checkVec(fmt.Sprintf("vertex %d", i), v); err != nil {
				return err
			}
		}
		return checkNotRounded(s)
	}
	if err := u.checkVec("end A", s.A); err != nil {
		return err
	}
	if err := u.checkVec("end B", s.B); err != nil {
		return err
	}
	return u.checkNonNegative("radius", s.Radius, length)
}

// checkNotRounded refuses a rounded box or polygon: Box2D's polygons carry
// a fixed skin and nothing rounder.
func checkNotRounded(s *physics.Shape) error {
	if s.Radius != 0 {
		return fmt.Errorf("radius is %v: %w; Box2D cannot round a %v (Radius is for circles and segments): use 0", s.Radius, physics.ErrInvalid, s.Kind)
	}
	return nil
}
