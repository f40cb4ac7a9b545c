//go:build box2d && cgo

package box2d

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// limit bounds every number handed to Box2D. Box2D computes in single
// precision and asserts (aborting the process) on infinities: a float64
// beyond float32's range would become one, and so would the square of
// anything much beyond 1e19. 1e15 leaves room for the products Box2D forms
// from coordinates, lengths and masses.
const limit = 1e15

func bounded(x float64) bool { return x >= -limit && x <= limit } // false for NaN

// checkNum refuses a number that is NaN, infinite (as every backend does)
// or out of Box2D's range, naming it.
func checkNum(name string, x float64) error {
	if err := physics.CheckFinite(name, x); err != nil {
		return err
	}
	if !bounded(x) {
		return fmt.Errorf("%s is %v: %w; pass a number within ±%g (Box2D computes in single precision)", name, x, physics.ErrInvalid, limit)
	}
	return nil
}

// checkVec refuses a vector with a coordinate that is NaN, infinite or out
// of Box2D's range, naming it.
func checkVec(name string, v mgl64.Vec2) error {
	if err := physics.CheckFiniteVec(name, v); err != nil {
		return err
	}
	if !bounded(v[0]) || !bounded(v[1]) {
		return fmt.Errorf("%s is %v: %w; pass numbers within ±%g (Box2D computes in single precision)", name, v, physics.ErrInvalid, limit)
	}
	return nil
}

// checkPositive reports a quantity that must be positive.
func checkPositive(name string, x float64) error {
	if !(x >= minPositive && x <= limit) {
		return fmt.Errorf("%s is %v: %w; it must be within [%g, %g]", name, x, physics.ErrInvalid, minPositive, limit)
	}
	return nil
}

// checkNonNegative reports a quantity that must be 0 or positive.
func checkNonNegative(name string, x float64) error {
	if !(x >= 0 && x <= limit) {
		return fmt.Errorf("%s is %v: %w; it must be within [0, %g]", name, x, physics.ErrInvalid, limit)
	}
	return nil
}

// minPositive is the smallest mass, moment, radius or size accepted: below
// it single precision loses the value or its inverse overflows.
const minPositive = 1e-15

// checkConfig refuses what physics.Config.Validate does, and gravity
// beyond Box2D's range or a damping so close to 0 that its rate −ln(Damping)
// overflows single precision.
func checkConfig(c *physics.Config) error {
	if err := c.Validate(); err != nil {
		return err
	}
	if err := checkVec("gravity", c.Gravity); err != nil {
		return err
	}
	if c.Damping > 0 && c.Damping < 1e-30 {
		return fmt.Errorf("damping is %v: %w; it is the fraction of velocity kept after a second: use at least 1e-30, or 0 for none", c.Damping, physics.ErrInvalid)
	}
	return nil
}

// checkBodyDef refuses what physics.BodyDef.Validate does, and then numbers
// beyond Box2D's range: a dynamic body's Mass or Moment outside
// [minPositive, limit] (but for 0 and +Inf, which mean "from the shapes"
// and "never rotates"), and shapes checkShape refuses.
func checkBodyDef(d *physics.BodyDef) error {
	if err := d.Validate(); err != nil {
		return err
	}
	if err := checkVec("position", d.Pos); err != nil {
		return err
	}
	if err := checkNum("angle", d.Angle); err != nil {
		return err
	}
	if err := checkVec("velocity", d.Vel); err != nil {
		return err
	}
	if err := checkNum("angular velocity", d.AngVel); err != nil {
		return err
	}
	if d.Kind == physics.Dynamic {
		if d.Mass != 0 {
			if err := checkPositive("mass", d.Mass); err != nil {
				return fmt.Errorf("%w; or 0 to take the mass from the shapes' Density", err)
			}
		}
		if d.Moment != 0 && !math.IsInf(d.Moment, 1) {
			if err := checkPositive("moment", d.Moment); err != nil {
				return fmt.Errorf("%w; or 0 to compute it from the shapes, or +Inf to stop rotation", err)
			}
		}
	}
	for i := range d.Shapes {
		if err := checkShape(&d.Shapes[i]); err != nil {
			return fmt.Errorf("shape %d (%v): %w", i, d.Shapes[i].Kind, err)
		}
	}
	return nil
}

// checkShape refuses, in a shape physics.Shape.Validate accepted, the
// numbers its kind uses that are beyond Box2D's range, sizes below
// minPositive, and a rounded box or polygon.
func checkShape(s *physics.Shape) error {
	if err := checkNonNegative("friction", s.Friction); err != nil {
		return err
	}
	if err := checkNonNegative("density", s.Density); err != nil {
		return err
	}
	switch s.Kind {
	case physics.Circle:
		if err := checkPositive("radius", s.Radius); err != nil {
			return err
		}
		return checkVec("offset", s.Offset)
	case physics.Box:
		if err := checkVec("offset", s.Offset); err != nil {
			return err
		}
		if err := checkPositive("half width", s.Half[0]); err != nil {
			return err
		}
		if err := checkPositive("half height", s.Half[1]); err != nil {
			return err
		}
		return checkNotRounded(s)
	case physics.Polygon:
		for i, v := range s.Verts {
			if err := checkVec(fmt.Sprintf("vertex %d", i), v); err != nil {
				return err
			}
		}
		return checkNotRounded(s)
	}
	if err := checkVec("end A", s.A); err != nil {
		return err
	}
	if err := checkVec("end B", s.B); err != nil {
		return err
	}
	return checkNonNegative("radius", s.Radius)
}

// checkNotRounded refuses a rounded box or polygon: Box2D's polygons carry
// a fixed skin and nothing rounder.
func checkNotRounded(s *physics.Shape) error {
	if s.Radius != 0 {
		return fmt.Errorf("radius is %v: %w; Box2D cannot round a %v (Radius is for circles and segments): use 0", s.Radius, physics.ErrInvalid, s.Kind)
	}
	return nil
}
