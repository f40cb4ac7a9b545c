package physics

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The rules here are the ones every backend shares: a definition that
// breaks one is refused whatever simulates it, with the same message.
// Backends call these first and then add only what their engine itself
// cannot take (Box2D's single-precision range, for instance). Each error
// wraps ErrInvalid, names the field and says what to pass instead.

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// checkFinite returns an error wrapping ErrInvalid, naming x, when x is NaN
// or infinite. (Backends add their shared ranges in physics/internal/check,
// which words its refusals alike.)
func checkFinite(name string, x float64) error {
	if !finite(x) {
		return fmt.Errorf("%s is %v: %w; pass a finite number", name, x, ErrInvalid)
	}
	return nil
}

// checkFiniteVec returns an error wrapping ErrInvalid, naming v, when
// either coordinate of v is NaN or infinite; see checkFinite.
func checkFiniteVec(name string, v mgl64.Vec2) error {
	if !finite(v[0]) || !finite(v[1]) {
		return fmt.Errorf("%s is %v: %w; pass finite numbers", name, v, ErrInvalid)
	}
	return nil
}

// number and vector name a field for checkAllFinite.
type (
	number struct {
		name string
		v    float64
	}
	vector struct {
		name string
		v    mgl64.Vec2
	}
)

// checkAllFinite refuses the first NaN or infinite number, then vector,
// naming it as checkFinite and checkFiniteVec do.
func checkAllFinite(nums []number, vecs []vector) error {
	for _, n := range nums {
		if err := checkFinite(n.name, n.v); err != nil {
			return err
		}
	}
	for _, v := range vecs {
		if err := checkFiniteVec(v.name, v.v); err != nil {
			return err
		}
	}
	return nil
}

// maxIterations bounds Config.Iterations: more passes than this buy no
// stiffness a game can see and make a step take milliseconds.
const maxIterations = 1000

// The range of Config.UnitsPerMeter: from a millimetre to ten kilometres
// a unit, far beyond any game's scale, while every length in Box2D's range
// (±1e15 m) stays finite in float64 and float32 either side.
const (
	minUnitsPerMeter = 1e-3
	maxUnitsPerMeter = 1e4
)

// Validate reports whether a world can be made from c. It fails with an
// error wrapping ErrInvalid when Gravity is NaN or infinite, Damping is
// outside [0, 1] (or NaN), Iterations is outside [0, 1000], or
// UnitsPerMeter is neither 0 nor within [1e-3, 1e4].
func (c Config) Validate() error {
	if err := checkFiniteVec("gravity", c.Gravity); err != nil {
		return err
	}
	if !(c.Damping >= 0 && c.Damping <= 1) {
		return fmt.Errorf("damping is %v: %w; use a fraction in (0, 1], or 0 for none", c.Damping, ErrInvalid)
	}
	if c.Iterations < 0 || c.Iterations > maxIterations {
		return fmt.Errorf("iterations is %d: %w; use 1 to %d, or 0 for the default", c.Iterations, ErrInvalid, maxIterations)
	}
	if u := c.UnitsPerMeter; u != 0 && !(u >= minUnitsPerMeter && u <= maxUnitsPerMeter) {
		return fmt.Errorf("units per meter is %v: %w; use %g to %g world units in a meter, or 0 for 1", u, ErrInvalid, minUnitsPerMeter, maxUnitsPerMeter)
	}
	return nil
}

// Validate reports whether d describes a body any world can add. It fails
// with an error wrapping ErrInvalid when
//   - Kind is not Dynamic, Kinematic or Static;
//   - Pos, Angle, Vel or AngVel is NaN or infinite;
//   - a Static body has a Vel or AngVel;
//   - Mass is negative, NaN or infinite, or Moment negative or NaN, whatever
//     the Kind (a NaN there is a bug in the caller even where it is unused);
//   - a Dynamic body has Mass 0 and no shapes to weigh, Moment 0 with
//     neither shapes nor FixedRotation to decide its rotation, or a
//     non-zero AngVel though it never rotates (FixedRotation, or an
//     infinite Moment);
//   - a shape fails Shape.Validate; the message then starts
//     "shape i (kind): ".
func (d BodyDef) Validate() error {
	if d.Kind > Static {
		return fmt.Errorf("kind is %v: %w; use physics.Dynamic, Kinematic or Static", d.Kind, ErrInvalid)
	}
	if err := checkAllFinite([]number{{"angle", d.Angle}, {"angular velocity", d.AngVel}},
		[]vector{{"position", d.Pos}, {"velocity", d.Vel}}); err != nil {
		return err
	}
	if d.Kind == Static && (d.Vel != (mgl64.Vec2{}) || d.AngVel != 0) {
		return fmt.Errorf("static body with a velocity: %w; make it kinematic to move it", ErrInvalid)
	}
	if !(d.Mass >= 0) || math.IsInf(d.Mass, 1) {
		return fmt.Errorf("mass is %v: %w; give a finite mass > 0, or 0 to take it from the shapes' Density", d.Mass, ErrInvalid)
	}
	if !(d.Moment >= 0) {
		return fmt.Errorf("moment is %v: %w; use > 0, 0 to compute it from the shapes, or +Inf (or FixedRotation) to stop rotation", d.Moment, ErrInvalid)
	}
	if d.Kind == Dynamic {
		if d.Mass == 0 && len(d.Shapes) == 0 {
			return fmt.Errorf("mass is 0 and there are no shapes to take it from: %w; give a Mass > 0, or shapes with a Density > 0", ErrInvalid)
		}
		if d.Moment == 0 && len(d.Shapes) == 0 && !d.FixedRotation {
			return fmt.Errorf("moment is 0 and there are no shapes to compute it from: %w; give a Moment, a shape, or FixedRotation", ErrInvalid)
		}
		if (d.FixedRotation || math.IsInf(d.Moment, 1)) && d.AngVel != 0 {
			return fmt.Errorf("angular velocity %v with FixedRotation or an infinite Moment: %w; a body that never rotates starts with 0", d.AngVel, ErrInvalid)
		}
	}
	for i := range d.Shapes {
		if err := d.Shapes[i].Validate(); err != nil {
			return fmt.Errorf("shape %d (%v): %w", i, d.Shapes[i].Kind, err)
		}
	}
	return nil
}

// Validate reports whether s describes a shape any world can simulate. It
// fails with an error wrapping ErrInvalid when
//   - Kind is not Circle, Box, Polygon or Segment;
//   - any number is NaN or infinite, including those its Kind ignores
//     (a NaN anywhere is a bug in the caller);
//   - Friction, Density or Radius is negative, or Restitution outside
//     [0, 1];
//   - Filter fails Filter.Validate;
//   - a Circle's Radius is 0, a Box's Half is not positive in both
//     coordinates, a Polygon has fewer than 3 Verts, or a Segment's ends
//     coincide.
//
// Whether a polygon's hull encloses area, and how small a shape may be, is
// left to each backend, which computes its hull and knows its precision.
func (s Shape) Validate() error {
	if s.Kind < Circle || s.Kind > Segment {
		return fmt.Errorf("kind is %v: %w; use physics.Circle, Box, Polygon or Segment", s.Kind, ErrInvalid)
	}
	if err := checkAllFinite([]number{{"radius", s.Radius}, {"friction", s.Friction}, {"restitution", s.Restitution}, {"density", s.Density}},
		[]vector{{"offset", s.Offset}, {"half size", s.Half}, {"end A", s.A}, {"end B", s.B}}); err != nil {
		return err
	}
	for i, v := range s.Verts {
		if !finite(v[0]) || !finite(v[1]) {
			return fmt.Errorf("vertex %d is %v: %w; pass finite numbers", i, v, ErrInvalid)
		}
	}
	if err := s.validateRanges(); err != nil {
		return err
	}
	if err := s.Filter.Validate(); err != nil {
		return err
	}
	return s.validateSize()
}

// validateRanges checks the numbers of every kind of shape: friction,
// restitution, density and radius.
func (s Shape) validateRanges() error {
	if s.Friction < 0 {
		return fmt.Errorf("friction is %v: %w; use 0 (ice) or more", s.Friction, ErrInvalid)
	}
	if !(s.Restitution >= 0 && s.Restitution <= 1) {
		return fmt.Errorf("restitution is %v: %w; use 0 (no bounce) to 1 (full bounce)", s.Restitution, ErrInvalid)
	}
	if s.Density < 0 {
		return fmt.Errorf("density is %v: %w; use 0 or more", s.Density, ErrInvalid)
	}
	if s.Radius < 0 {
		return fmt.Errorf("radius is %v: %w; use 0 or more", s.Radius, ErrInvalid)
	}
	return nil
}

// validateSize checks that the shape of its kind is not empty: a
// circle's radius, a box's sides, a polygon's vertices, a segment's ends.
func (s Shape) validateSize() error {
	switch s.Kind {
	case Circle:
		if s.Radius == 0 {
			return fmt.Errorf("radius is 0: %w; a circle needs a radius > 0", ErrInvalid)
		}
	case Box:
		if !(s.Half[0] > 0 && s.Half[1] > 0) {
			return fmt.Errorf("half size is %v: %w; a box needs a width and height > 0", s.Half, ErrInvalid)
		}
	case Polygon:
		if len(s.Verts) < 3 {
			return fmt.Errorf("%d vertices: %w; a polygon needs at least 3", len(s.Verts), ErrInvalid)
		}
	case Segment:
		if s.A == s.B {
			return fmt.Errorf("end points are both %v: %w; use a Circle for a point", s.A, ErrInvalid)
		}
	}
	return nil
}

// Validate reports whether f is a filter any world can use, for a shape or
// a query. A negative Group fails with an error wrapping ErrInvalid: Box2D
// would read it as "always collide" and cp as a large positive group.
func (f Filter) Validate() error {
	if f.Group < 0 {
		return fmt.Errorf("filter group is %d: %w; use 0 for none or a positive group", f.Group, ErrInvalid)
	}
	return nil
}

// Validate reports whether d is a joint definition any world could add,
// as far as that can be told without the world: whether its bodies exist
// and are of a kind the joint can hold is the world's to check. It fails
// with an error wrapping ErrInvalid when
//   - Kind is not Pin, Pivot, Slide, Spring or Drag;
//   - A and B are the same body (for Drag, whose A is Ground, when B is
//     Ground);
//   - AnchorA or AnchorB is NaN or infinite;
//   - Min, Max, RestLength, Stiffness, Damping or MaxForce is negative,
//     NaN or infinite, whatever the Kind;
//   - a Slide's Min is above its Max.
func (d JointDef) Validate() error {
	if d.Kind < Pin || d.Kind > Drag {
		return fmt.Errorf("kind is %v: %w; use physics.Pin, Pivot, Slide, Spring or Drag", d.Kind, ErrInvalid)
	}
	if d.Kind == Drag && d.B == Ground {
		return fmt.Errorf("a drag joint pulls body B, which is Ground: %w; pass the body to drag as B", ErrInvalid)
	}
	if d.Kind != Drag && d.A == d.B {
		return fmt.Errorf("a joint needs two different bodies, and A and B are both %d: %w; pass two IDs (either may be Ground)", d.A, ErrInvalid)
	}
	nums := [...]number{{"min", d.Min}, {"max", d.Max}, {"rest length", d.RestLength}, {"stiffness", d.Stiffness}, {"damping", d.Damping}, {"max force", d.MaxForce}}
	if err := checkAllFinite(nums[:], []vector{{"anchor A", d.AnchorA}, {"anchor B", d.AnchorB}}); err != nil {
		return err
	}
	for _, n := range nums {
		if n.v < 0 {
			return fmt.Errorf("%s is %v: %w; use 0 or more", n.name, n.v, ErrInvalid)
		}
	}
	if d.Kind == Slide && d.Min > d.Max {
		return fmt.Errorf("min %v is above max %v: %w; pass Min <= Max", d.Min, d.Max, ErrInvalid)
	}
	return nil
}
