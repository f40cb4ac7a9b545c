package check

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// Config refuses what physics.Config.Validate does, and gravity beyond the
// range or a damping so close to 0 that its rate −ln(Damping) overflows
// single precision.
func Config(c *physics.Config) error {
	if err := c.Validate(); err != nil {
		return err
	}
	if err := RangeOf(c).Vec("gravity", c.Gravity); err != nil {
		return err
	}
	if c.Damping > 0 && c.Damping < 1e-30 {
		return fmt.Errorf("damping is %v: %w; it is the fraction of velocity kept after a second: use at least 1e-30, or 0 for none", c.Damping, physics.ErrInvalid)
	}
	return nil
}

// BodyDef refuses what physics.BodyDef.Validate does, and then numbers
// beyond the range: a dynamic body's Mass or Moment outside [MinPositive,
// Limit] (but for 0 and +Inf, which mean "from the shapes" and "never
// rotates"), and shapes Shape refuses.
func (r Range) BodyDef(d *physics.BodyDef) error {
	if err := d.Validate(); err != nil {
		return err
	}
	if err := r.Vec("position", d.Pos); err != nil {
		return err
	}
	if err := Num("angle", d.Angle); err != nil {
		return err
	}
	if err := r.Vec("velocity", d.Vel); err != nil {
		return err
	}
	if err := Num("angular velocity", d.AngVel); err != nil {
		return err
	}
	if d.Kind == physics.Dynamic {
		if d.Mass != 0 {
			if err := r.Positive("mass", d.Mass, Plain); err != nil {
				return fmt.Errorf("%w; or 0 to take the mass from the shapes' Density", err)
			}
		}
		if d.Moment != 0 && !math.IsInf(d.Moment, 1) {
			if err := r.Positive("moment", d.Moment, Inertia); err != nil {
				return fmt.Errorf("%w; or 0 to compute it from the shapes, or +Inf to stop rotation", err)
			}
		}
	}
	for i := range d.Shapes {
		if err := r.Shape(&d.Shapes[i]); err != nil {
			return fmt.Errorf("shape %d (%v): %w", i, d.Shapes[i].Kind, err)
		}
	}
	return nil
}

// Shape refuses, in a shape physics.Shape.Validate accepted, the numbers
// its kind uses that are beyond the range, and sizes below MinPositive.
func (r Range) Shape(s *physics.Shape) error {
	if err := r.NonNegative("friction", s.Friction, Plain); err != nil {
		return err
	}
	if err := r.NonNegative("density", s.Density, Plain); err != nil {
		return err
	}
	switch s.Kind {
	case physics.Circle:
		if err := r.Positive("radius", s.Radius, Length); err != nil {
			return err
		}
		return r.Vec("offset", s.Offset)
	case physics.Box:
		if err := r.Vec("offset", s.Offset); err != nil {
			return err
		}
		if err := r.Positive("half width", s.Half[0], Length); err != nil {
			return err
		}
		return r.Positive("half height", s.Half[1], Length)
	case physics.Polygon:
		for i, v := range s.Verts {
			if err := r.Vec("vertex", v); err != nil {
				return fmt.Errorf("vertex %d of %d: %w", i, len(s.Verts), err)
			}
		}
		return nil
	}
	if err := r.Vec("end A", s.A); err != nil {
		return err
	}
	if err := r.Vec("end B", s.B); err != nil {
		return err
	}
	return r.NonNegative("radius", s.Radius, Length)
}

// Joint refuses, in a joint physics.JointDef.Validate accepted, anchors and
// lengths beyond the range.
func (r Range) Joint(d *physics.JointDef) error {
	if err := d.Validate(); err != nil {
		return err
	}
	if err := r.Vec("anchor A", d.AnchorA); err != nil {
		return err
	}
	if err := r.Vec("anchor B", d.AnchorB); err != nil {
		return err
	}
	for _, n := range [...]struct {
		name string
		v    float64
		d    Dim
	}{{"min", d.Min, Length}, {"max", d.Max, Length}, {"rest length", d.RestLength, Length},
		{"stiffness", d.Stiffness, Plain}, {"damping", d.Damping, Plain}, {"max force", d.MaxForce, Length}} {
		if err := r.NonNegative(n.name, n.v, n.d); err != nil {
			return err
		}
	}
	return nil
}

// Mass refuses the mass and moment a dynamic body ends up with, given or
// computed from its shapes, when either is outside [MinPositive, Limit]
// (a moment of 0 or +Inf: the body never rotates): a sliver of a polygon
// has area, but too little to invert.
func (r Range) Mass(mass, moment float64) error {
	if err := r.Positive("mass", mass, Plain); err != nil {
		return fmt.Errorf("%w; give a Mass, or shapes whose Density × area weighs that much", err)
	}
	if moment == 0 || math.IsInf(moment, 1) {
		return nil
	}
	if err := r.Positive("moment", moment, Inertia); err != nil {
		return fmt.Errorf("%w; give a Moment, larger shapes, or FixedRotation", err)
	}
	return nil
}

// SameConfig refuses to copy between worlds made with configs a and b
// (both already accepted by Config) unless they simulate alike: equal
// Gravity, Damping, Iterations, UnitsPerMeter and Sleep, zero values read
// as what they mean. OnContact is each world's own and may differ.
func SameConfig(a, b *physics.Config) error {
	norm := func(c physics.Config) physics.Config {
		if c.Damping == 0 {
			c.Damping = 1
		}
		if c.Iterations == 0 {
			c.Iterations = 10
		}
		if c.UnitsPerMeter == 0 {
			c.UnitsPerMeter = 1
		}
		c.OnContact = nil
		return c
	}
	x, y := norm(*a), norm(*b)
	switch {
	case x.Gravity != y.Gravity:
		return fmt.Errorf("gravity %v against %v: %w", x.Gravity, y.Gravity, physics.ErrInvalid)
	case x.Damping != y.Damping:
		return fmt.Errorf("damping %v against %v: %w", x.Damping, y.Damping, physics.ErrInvalid)
	case x.Iterations != y.Iterations:
		return fmt.Errorf("iterations %v against %v: %w", x.Iterations, y.Iterations, physics.ErrInvalid)
	case x.UnitsPerMeter != y.UnitsPerMeter:
		return fmt.Errorf("units per meter %v against %v: %w", x.UnitsPerMeter, y.UnitsPerMeter, physics.ErrInvalid)
	case x.Sleep != y.Sleep:
		return fmt.Errorf("sleep %v against %v: %w", x.Sleep, y.Sleep, physics.ErrInvalid)
	}
	return nil
}

// Place refuses a teleport's position or angle that no engine can hold.
func (r Range) Place(pos mgl64.Vec2, angle float64) error {
	if err := r.Vec("position", pos); err != nil {
		return err
	}
	return Num("angle", angle)
}

// Velocity refuses a velocity that a body of kind cannot take: a static
// body never moves, and one that never rotates (fixed) keeps an angular
// velocity of 0.
func (r Range) Velocity(kind physics.BodyKind, fixed bool, vel mgl64.Vec2, angVel float64) error {
	if kind == physics.Static {
		return fmt.Errorf("it is static: %w; make it kinematic to move it", physics.ErrInvalid)
	}
	if err := r.Vec("velocity", vel); err != nil {
		return err
	}
	if err := Num("angular velocity", angVel); err != nil {
		return err
	}
	if fixed && angVel != 0 {
		return fmt.Errorf("angular velocity %v: %w; it has FixedRotation, pass 0", angVel, physics.ErrInvalid)
	}
	return nil
}

// Push refuses a force or impulse v at the world point at on a body of
// kind: only dynamic bodies respond to forces.
func (r Range) Push(kind physics.BodyKind, v, at mgl64.Vec2) error {
	if kind != physics.Dynamic {
		return fmt.Errorf("it is %v: %w; only dynamic bodies respond to forces, set a kinematic body's velocity instead", kind, physics.ErrInvalid)
	}
	if err := r.Vec("vector", v); err != nil {
		return err
	}
	return r.Vec("point", at)
}
