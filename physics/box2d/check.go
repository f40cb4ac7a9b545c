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

// checkNum reports a number that is NaN, infinite or out of Box2D's range
// as ErrInvalid, naming it.
func checkNum(name string, x float64) error {
	if !bounded(x) {
		return fmt.Errorf("%s is %v: %w; pass a finite number within ±%g (Box2D computes in single precision)", name, x, physics.ErrInvalid, limit)
	}
	return nil
}

func checkVec(name string, v mgl64.Vec2) error {
	if !bounded(v[0]) || !bounded(v[1]) {
		return fmt.Errorf("%s is %v: %w; pass finite numbers within ±%g (Box2D computes in single precision)", name, v, physics.ErrInvalid, limit)
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

func checkConfig(c *physics.Config) error {
	if err := checkVec("gravity", c.Gravity); err != nil {
		return err
	}
	if !(c.Damping >= 0 && c.Damping <= 1) {
		return fmt.Errorf("damping is %v: %w; use a fraction in (0, 1], or 0 for none", c.Damping, physics.ErrInvalid)
	}
	if c.Damping > 0 && c.Damping < 1e-30 {
		return fmt.Errorf("damping is %v: %w; it is the fraction of velocity kept after a second: use at least 1e-30, or 0 for none", c.Damping, physics.ErrInvalid)
	}
	if c.Iterations < 0 || c.Iterations > 1000 {
		return fmt.Errorf("iterations is %d: %w; use 1 to 1000, or 0 for the default", c.Iterations, physics.ErrInvalid)
	}
	return nil
}

func checkBodyDef(d *physics.BodyDef) error {
	if d.Kind > physics.Static {
		return fmt.Errorf("kind is %v: %w; use physics.Dynamic, Kinematic or Static", d.Kind, physics.ErrInvalid)
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
	if d.Kind == physics.Static && (d.Vel != (mgl64.Vec2{}) || d.AngVel != 0) {
		return fmt.Errorf("static body with a velocity: %w; make it kinematic to move it", physics.ErrInvalid)
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
		if d.Mass != 0 && d.Moment == 0 && !d.FixedRotation && len(d.Shapes) == 0 {
			return fmt.Errorf("moment is 0 and there are no shapes to compute it from: %w; give a Moment or a shape", physics.ErrInvalid)
		}
	}
	for i := range d.Shapes {
		if err := checkShape(&d.Shapes[i]); err != nil {
			return fmt.Errorf("shape %d (%v): %w", i, d.Shapes[i].Kind, err)
		}
	}
	return nil
}

func checkShape(s *physics.Shape) error {
	if err := checkNonNegative("friction", s.Friction); err != nil {
		return err
	}
	if !(s.Restitution >= 0 && s.Restitution <= 1) {
		return fmt.Errorf("restitution is %v: %w; use a fraction in [0, 1]", s.Restitution, physics.ErrInvalid)
	}
	if err := checkNonNegative("density", s.Density); err != nil {
		return err
	}
	if err := checkFilter(s.Filter); err != nil {
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
		if len(s.Verts) < 3 {
			return fmt.Errorf("%d vertices: %w; a polygon needs at least 3", len(s.Verts), physics.ErrInvalid)
		}
		for i, v := range s.Verts {
			if err := checkVec(fmt.Sprintf("vertex %d", i), v); err != nil {
				return err
			}
		}
		return checkNotRounded(s)
	case physics.Segment:
		if err := checkVec("end A", s.A); err != nil {
			return err
		}
		if err := checkVec("end B", s.B); err != nil {
			return err
		}
		return checkNonNegative("radius", s.Radius)
	}
	return fmt.Errorf("kind %v: %w; use physics.Circle, Box, Polygon or Segment", s.Kind, physics.ErrInvalid)
}

// checkNotRounded refuses a rounded box or polygon: Box2D's polygons carry
// a fixed skin and nothing rounder.
func checkNotRounded(s *physics.Shape) error {
	if s.Radius != 0 {
		return fmt.Errorf("radius is %v: %w; Box2D cannot round a %v (Radius is for circles and segments): use 0", s.Radius, physics.ErrInvalid, s.Kind)
	}
	return nil
}

func checkFilter(f physics.Filter) error {
	if f.Group < 0 {
		return fmt.Errorf("filter group is %d: %w; groups are positive, or 0 for none", f.Group, physics.ErrInvalid)
	}
	return nil
}
