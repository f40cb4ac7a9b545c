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
	// Mass and Moment are checked for every kind, though only dynamic
	// bodies use them: a NaN there is a bug in the caller either way.
	if !(d.Mass >= 0) || math.IsInf(d.Mass, 0) {
		return fmt.Errorf("mass is %v: %w; give a finite mass > 0, or 0 to take it from the shapes' Density", d.Mass, physics.ErrInvalid)
	}
	if !(d.Moment >= 0) {
		return fmt.Errorf("moment is %v: %w; use > 0, 0 to compute it from the shapes, or +Inf (or FixedRotation) to stop rotation", d.Moment, physics.ErrInvalid)
	}
	if d.Kind == physics.Dynamic {
		if d.Mass == 0 && len(d.Shapes) == 0 {
			return fmt.Errorf("mass is 0 and there are no shapes to take it from: %w; give a Mass > 0, or shapes with a Density > 0", physics.ErrInvalid)
		}
		if d.Moment == 0 && len(d.Shapes) == 0 && !d.FixedRotation {
			return fmt.Errorf("moment is 0 and there are no shapes to compute it from: %w; give a Moment, a shape, or FixedRotation", physics.ErrInvalid)
		}
		if d.FixedRotation && d.AngVel != 0 {
			return fmt.Errorf("angular velocity %v with FixedRotation: %w; a body that never rotates starts with 0", d.AngVel, physics.ErrInvalid)
		}
	}
	for i := range d.Shapes {
		if err := checkShape(&d.Shapes[i]); err != nil {
			return fmt.Errorf("shape %d (%v): %w", i, d.Shapes[i].Kind, err)
		}
	}
	return nil
}

// checkShape refuses a shape cp cannot simulate. Every number is checked,
// the ones its kind ignores too.
func checkShape(s *physics.Shape) error {
	for _, n := range [...]struct {
		name string
		v    float64
	}{{"radius", s.Radius}, {"friction", s.Friction}, {"restitution", s.Restitution}, {"density", s.Density}} {
		if err := checkNum(n.name, n.v); err != nil {
			return err
		}
	}
	for _, v := range [...]struct {
		name string
		v    mgl64.Vec2
	}{{"offset", s.Offset}, {"half size", s.Half}, {"end A", s.A}, {"end B", s.B}} {
		if err := checkVec(v.name, v.v); err != nil {
			return err
		}
	}
	for i, v := range s.Verts {
		if !finite2(v) {
			return fmt.Errorf("vertex %d is %v: %w; pass finite numbers", i, v, physics.ErrInvalid)
		}
	}
	if s.Friction < 0 {
		return fmt.Errorf("friction is %v: %w; use 0 (ice) or more", s.Friction, physics.ErrInvalid)
	}
	if s.Restitution < 0 || s.Restitution > 1 {
		return fmt.Errorf("restitution is %v: %w; use 0 (no bounce) to 1 (full bounce)", s.Restitution, physics.ErrInvalid)
	}
	if s.Density < 0 {
		return fmt.Errorf("density is %v: %w; use 0 or more", s.Density, physics.ErrInvalid)
	}
	if s.Radius < 0 {
		return fmt.Errorf("radius is %v: %w; use 0 or more", s.Radius, physics.ErrInvalid)
	}
	if err := checkFilter(s.Filter); err != nil {
		return err
	}
	switch s.Kind {
	case physics.Circle:
		if !(s.Radius > 0) {
			return fmt.Errorf("radius is %v: %w; a circle needs a radius > 0", s.Radius, physics.ErrInvalid)
		}
	case physics.Box:
		if !(s.Half[0] > 0 && s.Half[1] > 0) {
			return fmt.Errorf("half size is %v: %w; a box needs a width and height > 0", s.Half, physics.ErrInvalid)
		}
	case physics.Polygon:
		if len(s.Verts) < 3 {
			return fmt.Errorf("%d vertices: %w; a polygon needs at least 3", len(s.Verts), physics.ErrInvalid)
		}
	case physics.Segment:
		if s.A == s.B {
			return fmt.Errorf("end points are both %v: %w; use a Circle for a point", s.A, physics.ErrInvalid)
		}
	default:
		return fmt.Errorf("kind %v: %w; use physics.Circle, Box, Polygon or Segment", s.Kind, physics.ErrInvalid)
	}
	return nil
}

// checkFilter refuses a negative group, which Box2D would read as "always
// collide" and cp as a large positive number.
func checkFilter(f physics.Filter) error {
	if f.Group < 0 {
		return fmt.Errorf("filter group is %d: %w; use 0 for none or a positive group", f.Group, physics.ErrInvalid)
	}
	return nil
}
