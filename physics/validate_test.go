package physics

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

var nan, inf = math.NaN(), math.Inf(1)

// validateCase is one change to a good definition: want is "" when the
// result must still be valid, else a part of the message, which names the
// field at fault.
type validateCase[T any] struct {
	name  string
	spoil func(*T)
	want  string
}

// runValidate applies each case to a fresh good definition and checks
// what Validate says.
func runValidate[T any](t *testing.T, good func() T, validate func(T) error, cases []validateCase[T]) {
	t.Helper()
	if err := validate(good()); err != nil {
		t.Fatalf("the good definition is refused: %v", err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := good()
			c.spoil(&d)
			err := validate(d)
			if c.want == "" {
				if err != nil {
					t.Fatalf("refused with %v, want it accepted", err)
				}
				return
			}
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %v, want an error wrapping ErrInvalid", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not say %q", err, c.want)
			}
		})
	}
}

func TestConfigValidateRefusesEachBadField(t *testing.T) {
	good := func() Config { return Config{Gravity: mgl64.Vec2{0, -9.8}, Damping: 0.9, Iterations: 10} }
	runValidate(t, good, Config.Validate, []validateCase[Config]{
		{"zero config", func(c *Config) { *c = Config{} }, ""},
		{"damping 1", func(c *Config) { c.Damping = 1 }, ""},
		{"1000 iterations", func(c *Config) { c.Iterations = 1000 }, ""},
		{"gravity X NaN", func(c *Config) { c.Gravity[0] = nan }, "gravity"},
		{"gravity Y infinite", func(c *Config) { c.Gravity[1] = -inf }, "gravity"},
		{"damping NaN", func(c *Config) { c.Damping = nan }, "damping is NaN"},
		{"damping negative", func(c *Config) { c.Damping = -0.1 }, "damping"},
		{"damping above 1", func(c *Config) { c.Damping = 1.5 }, "damping"},
		{"iterations negative", func(c *Config) { c.Iterations = -1 }, "iterations"},
		{"iterations above 1000", func(c *Config) { c.Iterations = 1001 }, "iterations"},
		{"units per meter 0 means 1", func(c *Config) { c.UnitsPerMeter = 0 }, ""},
		{"units per meter at its lower bound", func(c *Config) { c.UnitsPerMeter = 1e-3 }, ""},
		{"units per meter at its upper bound", func(c *Config) { c.UnitsPerMeter = 1e4 }, ""},
		{"units per meter negative", func(c *Config) { c.UnitsPerMeter = -1 }, "units per meter is -1"},
		{"units per meter too small", func(c *Config) { c.UnitsPerMeter = 9e-4 }, "units per meter"},
		{"units per meter too large", func(c *Config) { c.UnitsPerMeter = 1.1e4 }, "units per meter"},
		{"units per meter NaN", func(c *Config) { c.UnitsPerMeter = nan }, "units per meter is NaN"},
		{"units per meter infinite", func(c *Config) { c.UnitsPerMeter = inf }, "units per meter is +Inf"},
	})
}

func TestBodyDefValidateRefusesEachBadField(t *testing.T) {
	good := func() BodyDef {
		return BodyDef{Pos: mgl64.Vec2{1, 2}, Angle: 0.5, Vel: mgl64.Vec2{3, 0}, AngVel: 1, Mass: 2, Moment: 1,
			Shapes: []Shape{CircleShape(1), BoxShape(1, 2)}}
	}
	runValidate(t, good, BodyDef.Validate, []validateCase[BodyDef]{
		{"mass from density", func(d *BodyDef) { d.Mass = 0 }, ""},
		{"infinite moment", func(d *BodyDef) { d.Moment, d.AngVel = inf, 0 }, ""},
		{"fixed rotation without spin", func(d *BodyDef) { d.FixedRotation, d.AngVel = true, 0 }, ""},
		{"mass and moment without shapes", func(d *BodyDef) { d.Shapes = nil }, ""},
		{"mass and fixed rotation without shapes", func(d *BodyDef) { d.Shapes, d.Moment, d.FixedRotation, d.AngVel = nil, 0, true, 0 }, ""},
		{"kinematic without mass or shapes", func(d *BodyDef) { d.Kind, d.Mass, d.Moment, d.Shapes = Kinematic, 0, 0, nil }, ""},
		{"resting static", func(d *BodyDef) { d.Kind, d.Vel, d.AngVel = Static, mgl64.Vec2{}, 0 }, ""},
		{"kind unknown", func(d *BodyDef) { d.Kind = 3 }, "kind is BodyKind(3)"},
		{"position NaN", func(d *BodyDef) { d.Pos[0] = nan }, "position"},
		{"position infinite", func(d *BodyDef) { d.Pos[1] = inf }, "position"},
		{"angle NaN", func(d *BodyDef) { d.Angle = nan }, "angle is NaN"},
		{"velocity infinite", func(d *BodyDef) { d.Vel[1] = -inf }, "velocity is"},
		{"angular velocity NaN", func(d *BodyDef) { d.AngVel = nan }, "angular velocity is NaN"},
		{"static with velocity", func(d *BodyDef) { d.Kind, d.AngVel = Static, 0 }, "static body with a velocity"},
		{"static with angular velocity", func(d *BodyDef) { d.Kind, d.Vel = Static, mgl64.Vec2{} }, "static body with a velocity"},
		{"mass NaN", func(d *BodyDef) { d.Mass = nan }, "mass is NaN"},
		{"mass infinite", func(d *BodyDef) { d.Mass = inf }, "mass is +Inf"},
		{"mass negative", func(d *BodyDef) { d.Mass = -1 }, "mass is -1"},
		{"static mass NaN", func(d *BodyDef) { d.Kind, d.Vel, d.AngVel, d.Mass = Static, mgl64.Vec2{}, 0, nan }, "mass is NaN"},
		{"kinematic moment NaN", func(d *BodyDef) { d.Kind, d.Moment = Kinematic, nan }, "moment is NaN"},
		{"moment negative", func(d *BodyDef) { d.Moment = -1 }, "moment is -1"},
		{"moment minus infinity", func(d *BodyDef) { d.Moment = -inf }, "moment is -Inf"},
		{"no mass and no shapes", func(d *BodyDef) { d.Mass, d.Shapes = 0, nil }, "mass is 0 and there are no shapes"},
		{"no moment and no shapes", func(d *BodyDef) { d.Moment, d.Shapes = 0, nil }, "moment is 0 and there are no shapes"},
		{"fixed rotation with spin", func(d *BodyDef) { d.FixedRotation = true }, "angular velocity 1 with FixedRotation"},
		{"infinite moment with spin", func(d *BodyDef) { d.Moment = inf }, "angular velocity 1 with FixedRotation or an infinite Moment"},
		{"kinematic spinning with fixed rotation", func(d *BodyDef) { d.Kind, d.FixedRotation = Kinematic, true }, ""},
		{"bad shape", func(d *BodyDef) { d.Shapes = []Shape{CircleShape(1), CircleShape(-1)} }, "shape 1 (circle): radius is -1"},
	})
}

func TestShapeValidateRefusesEachBadField(t *testing.T) {
	circle := func() Shape { return Shape{Kind: Circle, Radius: 0.5, Friction: 0.5, Restitution: 0.5, Density: 1} }
	cases := []validateCase[Shape]{
		{"box", func(s *Shape) { *s = BoxShape(1, 2) }, ""},
		{"polygon", func(s *Shape) { *s = PolygonShape(mgl64.Vec2{0, 0}, mgl64.Vec2{1, 0}, mgl64.Vec2{0, 1}) }, ""},
		{"bare segment", func(s *Shape) { *s = SegmentShape(mgl64.Vec2{0, 0}, mgl64.Vec2{1, 0}, 0) }, ""},
		{"restitution 1", func(s *Shape) { s.Restitution = 1 }, ""},
		{"ice", func(s *Shape) { s.Friction = 0 }, ""},
		{"group 5", func(s *Shape) { s.Filter.Group = 5 }, ""},
		{"kind 0", func(s *Shape) { s.Kind = 0 }, "kind is ShapeKind(0)"},
		{"kind unknown", func(s *Shape) { s.Kind = 9 }, "kind is ShapeKind(9)"},
		{"radius NaN", func(s *Shape) { s.Radius = nan }, "radius is NaN"},
		{"radius infinite", func(s *Shape) { s.Radius = inf }, "radius is +Inf"},
		{"radius negative", func(s *Shape) { s.Radius = -1 }, "radius is -1"},
		{"circle radius 0", func(s *Shape) { s.Radius = 0 }, "a circle needs a radius > 0"},
		{"friction NaN", func(s *Shape) { s.Friction = nan }, "friction is NaN"},
		{"friction negative", func(s *Shape) { s.Friction = -0.5 }, "friction is -0.5"},
		{"restitution NaN", func(s *Shape) { s.Restitution = nan }, "restitution is NaN"},
		{"restitution negative", func(s *Shape) { s.Restitution = -0.1 }, "restitution is -0.1"},
		{"restitution above 1", func(s *Shape) { s.Restitution = 1.2 }, "restitution is 1.2"},
		{"density infinite", func(s *Shape) { s.Density = inf }, "density is +Inf"},
		{"density negative", func(s *Shape) { s.Density = -1 }, "density is -1"},
		{"offset NaN", func(s *Shape) { s.Offset[1] = nan }, "offset"},
		{"negative group", func(s *Shape) { s.Filter.Group = -1 }, "filter group is -1"},
		// Numbers the circle ignores are checked all the same.
		{"circle with half size NaN", func(s *Shape) { s.Half[0] = nan }, "half size"},
		{"circle with end A infinite", func(s *Shape) { s.A[1] = inf }, "end A"},
		{"circle with end B NaN", func(s *Shape) { s.B[0] = nan }, "end B"},
		{"circle with a vertex NaN", func(s *Shape) { s.Verts = []mgl64.Vec2{{0, 0}, {nan, 1}} }, "vertex 1"},
		{"box half width 0", func(s *Shape) { *s = BoxShape(0, 1) }, "half size"},
		{"box half height negative", func(s *Shape) { *s = BoxShape(1, -1) }, "half size"},
		{"polygon of 2 vertices", func(s *Shape) { *s = PolygonShape(mgl64.Vec2{0, 0}, mgl64.Vec2{1, 0}) }, "2 vertices"},
		{"segment of no length", func(s *Shape) { *s = SegmentShape(mgl64.Vec2{1, 2}, mgl64.Vec2{1, 2}, 0.1) }, "end points are both"},
	}
	runValidate(t, circle, Shape.Validate, cases)
}

func TestFilterValidateRefusesANegativeGroup(t *testing.T) {
	runValidate(t, func() Filter { return Filter{Categories: 2, Mask: 3} }, Filter.Validate, []validateCase[Filter]{
		{"positive group", func(f *Filter) { f.Group = math.MaxInt16 }, ""},
		{"group -1", func(f *Filter) { f.Group = -1 }, "filter group is -1"},
		{"lowest group", func(f *Filter) { f.Group = math.MinInt16 }, "filter group is -32768"},
	})
}

func TestJointDefValidateRefusesEachBadField(t *testing.T) {
	good := func() JointDef {
		return JointDef{Kind: Slide, A: Ground, B: 1, AnchorA: mgl64.Vec2{0, 3}, Min: 1, Max: 2, RestLength: 1, Stiffness: 10, Damping: 1, MaxForce: 100}
	}
	runValidate(t, good, JointDef.Validate, []validateCase[JointDef]{
		{"pin", func(d *JointDef) { d.Kind = Pin }, ""},
		{"spring between bodies", func(d *JointDef) { d.Kind, d.A, d.B = Spring, 2, 1 }, ""},
		{"slide of fixed length", func(d *JointDef) { d.Min = 2 }, ""},
		{"drag ignores A", func(d *JointDef) { d.Kind, d.A = Drag, d.B }, ""},
		{"kind 0", func(d *JointDef) { d.Kind = 0 }, "kind is JointKind(0)"},
		{"kind unknown", func(d *JointDef) { d.Kind = 9 }, "kind is JointKind(9)"},
		{"A and B the same body", func(d *JointDef) { d.A = 1 }, "two different bodies"},
		{"A and B both Ground", func(d *JointDef) { d.B = Ground }, "two different bodies"},
		{"drag of Ground", func(d *JointDef) { d.Kind, d.A, d.B = Drag, 1, Ground }, "which is Ground"},
		{"anchor A NaN", func(d *JointDef) { d.AnchorA[0] = nan }, "anchor A"},
		{"anchor B infinite", func(d *JointDef) { d.AnchorB[1] = inf }, "anchor B"},
		{"min negative", func(d *JointDef) { d.Min = -1 }, "min is -1"},
		{"max NaN", func(d *JointDef) { d.Max = nan }, "max is NaN"},
		{"max infinite", func(d *JointDef) { d.Max = inf }, "max is +Inf"},
		{"rest length negative", func(d *JointDef) { d.RestLength = -1 }, "rest length is -1"},
		{"stiffness NaN", func(d *JointDef) { d.Stiffness = nan }, "stiffness is NaN"},
		{"damping negative", func(d *JointDef) { d.Damping = -1 }, "damping is -1"},
		{"max force minus infinity", func(d *JointDef) { d.MaxForce = -inf }, "max force is -Inf"},
		// Numbers a pin ignores are checked all the same.
		{"pin with stiffness NaN", func(d *JointDef) { d.Kind, d.Stiffness = Pin, nan }, "stiffness is NaN"},
		{"min above max", func(d *JointDef) { d.Min = 3 }, "min 3 is above max 2"},
		{"min above max off a slide", func(d *JointDef) { d.Kind, d.Min = Spring, 3 }, ""},
	})
}

// AddBody validates every definition it is given, so validating a good one
// must cost no allocation.
func TestValidatingAGoodDefinitionAllocatesNothing(t *testing.T) {
	d := BodyDef{Pos: mgl64.Vec2{1, 2}, Shapes: []Shape{CircleShape(1), PolygonShape(mgl64.Vec2{0, 0}, mgl64.Vec2{1, 0}, mgl64.Vec2{0, 1})}}
	d.Shapes[0].Density = 1
	j := JointDef{Kind: Spring, B: 1, RestLength: 1, Stiffness: 10}
	c := Config{Gravity: mgl64.Vec2{0, -10}}
	var err error
	allocs := testing.AllocsPerRun(100, func() {
		err = errors.Join(c.Validate(), d.Validate(), j.Validate())
	})
	if err != nil {
		t.Fatal(err)
	}
	if allocs != 0 {
		t.Errorf("validating a good config, body and joint made %v allocations, want 0", allocs)
	}
}

func BenchmarkBodyDefValidate(b *testing.B) {
	d := BodyDef{Pos: mgl64.Vec2{1, 2}, Mass: 1, Shapes: []Shape{CircleShape(1), BoxShape(1, 2),
		PolygonShape(mgl64.Vec2{0, 0}, mgl64.Vec2{1, 0}, mgl64.Vec2{0, 1})}}
	b.ReportAllocs()
	for b.Loop() {
		if err := d.Validate(); err != nil {
			b.Fatal(err)
		}
	}
}

func TestCheckFiniteRefusesNaNAndInfinitiesNamingTheArgument(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string // "" for accepted
	}{
		{"largest float", checkFinite("angle", math.MaxFloat64), ""},
		{"NaN", checkFinite("angle", nan), "angle is NaN"},
		{"+Inf", checkFinite("radius", inf), "radius is +Inf"},
		{"-Inf", checkFinite("radius", -inf), "radius is -Inf"},
		{"finite vector", checkFiniteVec("point", mgl64.Vec2{-math.MaxFloat64, 0}), ""},
		{"vector X NaN", checkFiniteVec("point", mgl64.Vec2{nan, 0}), "point is [NaN 0]"},
		{"vector Y -Inf", checkFiniteVec("target", mgl64.Vec2{0, -inf}), "target is [0 -Inf]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.want == "" {
				if tt.err != nil {
					t.Fatalf("refused with %v", tt.err)
				}
				return
			}
			if !errors.Is(tt.err, ErrInvalid) || !strings.Contains(tt.err.Error(), tt.want) {
				t.Errorf("got %v, want an ErrInvalid saying %q", tt.err, tt.want)
			}
		})
	}
}
