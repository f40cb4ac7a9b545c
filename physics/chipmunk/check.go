package chipmunk

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func finite2(v mgl64.Vec2) bool { return finite(v[0]) && finite(v[1]) }

// checkVec reports a non-finite vector as ErrInvalid, naming it.
func checkVec(name string, v mgl64.Vec2) error {
	if !finite2(v) {
		return fmt.Errorf("%s is %v: %w; pass finite numbers", name, v, physics.ErrInvalid)
	}
	return nil
}

func checkNum(name string, x float64) error {
	if !finite(x) {
		return fmt.Errorf("%s is %v: %w; pass a finite number", name, x, physics.ErrInvalid)
	}
	return nil
}

func checkConfig(c *physics.Config) error {
	if err := checkVec("gravity", c.Gravity); err != nil {
		return err
	}
	if !(c.Damping >= 0 && c.Damping <= 1) {
		return fmt.Errorf("damping is %v: %w; use a fraction in (0, 1], or 0 for none", c.Damping, physics.ErrInvalid)
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
		if !(d.Mass > 0) || math.IsInf(d.Mass, 0) {
			return fmt.Errorf("mass is %v: %w; a dynamic body needs a finite mass > 0", d.Mass, physics.ErrInvalid)
		}
		if !(d.Moment >= 0) {
			return fmt.Errorf("moment is %v: %w; use > 0, 0 to compute it from the shapes, or +Inf to stop rotation", d.Moment, physics.ErrInvalid)
		}
		if d.Moment == 0 && len(d.Shapes) == 0 {
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
	if err := checkNum("friction", s.Friction); err != nil {
		return err
	}
	if err := checkNum("elasticity", s.Restitution); err != nil {
		return err
	}
	if s.Friction < 0 || s.Restitution < 0 {
		return fmt.Errorf("friction %v, elasticity %v: %w; both must be >= 0", s.Friction, s.Restitution, physics.ErrInvalid)
	}
	switch s.Kind {
	case physics.Circle:
		if !(s.Radius > 0) || math.IsInf(s.Radius, 0) {
			return fmt.Errorf("radius is %v: %w; a circle needs a finite radius > 0", s.Radius, physics.ErrInvalid)
		}
		return checkVec("offset", s.Offset)
	case physics.Box:
		if !(s.Half[0] > 0 && s.Half[1] > 0) || !finite2(s.Half) {
			return fmt.Errorf("half size is %v: %w; a box needs a finite width and height > 0", s.Half, physics.ErrInvalid)
		}
		return checkVec("offset", s.Offset)
	case physics.Polygon:
		if len(s.Verts) < 3 {
			return fmt.Errorf("%d vertices: %w; a polygon needs at least 3", len(s.Verts), physics.ErrInvalid)
		}
		for i, v := range s.Verts {
			if err := checkVec(fmt.Sprintf("vertex %d", i), v); err != nil {
				return err
			}
		}
	case physics.Segment:
		if err := checkVec("end A", s.A); err != nil {
			return err
		}
		if err := checkVec("end B", s.B); err != nil {
			return err
		}
		if s.A == s.B {
			return fmt.Errorf("end points are both %v: %w; use a Circle for a point", s.A, physics.ErrInvalid)
		}
		if !(s.Radius >= 0) || math.IsInf(s.Radius, 0) {
			return fmt.Errorf("radius is %v: %w; a segment's radius must be finite and >= 0", s.Radius, physics.ErrInvalid)
		}
	default:
		return fmt.Errorf("kind %v: %w; use physics.Circle, Box, Polygon or Segment", s.Kind, physics.ErrInvalid)
	}
	return nil
}
