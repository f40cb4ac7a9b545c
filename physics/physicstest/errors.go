package physicstest

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// fixture is the world each bad-input case runs in: the ground, a dynamic
// ball, a kinematic box, a dynamic box with FixedRotation and a pivot
// holding the ball to the world.
type fixture struct {
	*world
	ground, ball, kin, fixed physics.BodyID
	pivot                    physics.JointID
}

// unknown is a body and joint ID no fixture has handed out.
const unknown = 999

var nan, inf = math.NaN(), math.Inf(1)

// badCase is one kind of bad input and the error it must get.
type badCase struct {
	name string
	want error
	do   func(f *fixture) error
}

// testBadInput feeds every operation each kind of input it must refuse:
// NaN or infinite numbers in every field, shapes without area, masses
// that are not positive, unknown IDs, bodies of the wrong kind, a bad dt.
// Each is refused with an error wrapping the right sentinel with a
// message of its own, and leaves the world as it was.
func testBadInput(t *testing.T, open Opener) {
	var cases []badCase
	cases = append(cases, bodyDefCases()...)
	cases = append(cases, shapeCases()...)
	cases = append(cases, jointCases()...)
	cases = append(cases, argumentCases()...)
	cases = append(cases, idCases()...)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t, open, physics.Config{Gravity: g})
			f := &fixture{world: w}
			f.ground = w.ground(1, 0)
			f.ball = w.ball(mgl64.Vec2{0, 2}, 0.5, 0.5, 0)
			f.kin = w.add(physics.BodyDef{Kind: physics.Kinematic, Pos: mgl64.Vec2{5, 2}, Shapes: []physics.Shape{physics.BoxShape(1, 1)}})
			f.fixed = w.add(physics.BodyDef{Pos: mgl64.Vec2{-5, 2}, FixedRotation: true, Shapes: []physics.Shape{{Kind: physics.Box, Half: mgl64.Vec2{0.5, 0.5}, Density: 1}}})
			f.pivot = w.joint(physics.JointDef{Kind: physics.Pivot, A: physics.Ground, B: f.ball, AnchorA: mgl64.Vec2{0, 2}})
			before := w.Snapshot(nil)
			err := c.do(f)
			if !isWrapped(err, c.want) {
				t.Fatalf("got error %v, want one wrapping %v with its own message", err, c.want)
			}
			after := w.Snapshot(nil)
			if len(after) != len(before) {
				t.Fatalf("a refused call changed the body count from %d to %d", len(before), len(after))
			}
			for i := range after {
				if after[i] != before[i] {
					t.Fatalf("a refused call changed body %d from %+v to %+v", after[i].ID, before[i], after[i])
				}
			}
		})
	}
}

// bodyDefCases spoils each field of a good dynamic BodyDef.
func bodyDefCases() []badCase {
	good := func() physics.BodyDef {
		return physics.BodyDef{Pos: mgl64.Vec2{0, 5}, Shapes: []physics.Shape{{Kind: physics.Circle, Radius: 0.5, Density: 1}}}
	}
	spoil := []struct {
		name string
		fn   func(*physics.BodyDef)
	}{
		{"Pos.X NaN", func(d *physics.BodyDef) { d.Pos[0] = nan }},
		{"Pos.Y infinite", func(d *physics.BodyDef) { d.Pos[1] = inf }},
		{"Angle NaN", func(d *physics.BodyDef) { d.Angle = nan }},
		{"Vel.X NaN", func(d *physics.BodyDef) { d.Vel[0] = nan }},
		{"Vel.Y infinite", func(d *physics.BodyDef) { d.Vel[1] = -inf }},
		{"AngVel NaN", func(d *physics.BodyDef) { d.AngVel = nan }},
		{"Mass NaN", func(d *physics.BodyDef) { d.Mass = nan }},
		{"Mass infinite", func(d *physics.BodyDef) { d.Mass = inf }},
		{"Mass negative", func(d *physics.BodyDef) { d.Mass = -1 }},
		{"Moment NaN", func(d *physics.BodyDef) { d.Moment = nan }},
		{"Moment negative", func(d *physics.BodyDef) { d.Moment = -1 }},
		{"Kind unknown", func(d *physics.BodyDef) { d.Kind = 9 }},
		{"no Mass and no Density", func(d *physics.BodyDef) { d.Shapes[0].Density = 0 }},
		{"no Mass and no shapes", func(d *physics.BodyDef) { d.Shapes = nil }},
		{"Mass but no Moment and no shapes", func(d *physics.BodyDef) { d.Mass, d.Shapes = 1, nil }},
		{"FixedRotation and AngVel", func(d *physics.BodyDef) { d.FixedRotation, d.AngVel = true, 1 }},
		{"Moment infinite and AngVel", func(d *physics.BodyDef) { d.Moment, d.AngVel = inf, -1 }},
		// What a static or kinematic body ignores must still make sense.
		{"Static and Vel", func(d *physics.BodyDef) { d.Kind, d.Vel = physics.Static, mgl64.Vec2{1, 0} }},
		{"Static and AngVel", func(d *physics.BodyDef) { d.Kind, d.AngVel = physics.Static, 1 }},
		{"Static and Mass NaN", func(d *physics.BodyDef) { d.Kind, d.Mass = physics.Static, nan }},
		{"Static and Mass negative", func(d *physics.BodyDef) { d.Kind, d.Mass = physics.Static, -1 }},
		{"Kinematic and Mass infinite", func(d *physics.BodyDef) { d.Kind, d.Mass = physics.Kinematic, inf }},
		{"Kinematic and Moment NaN", func(d *physics.BodyDef) { d.Kind, d.Moment = physics.Kinematic, nan }},
		{"Static and Moment negative", func(d *physics.BodyDef) { d.Kind, d.Moment = physics.Static, -1 }},
	}
	var cases []badCase
	for _, s := range spoil {
		cases = append(cases, badCase{"AddBody with " + s.name, physics.ErrInvalid, func(f *fixture) error {
			d := good()
			s.fn(&d)
			_, err := f.AddBody(d)
			return err
		}})
	}
	return cases
}

// shapeCases spoils each field of a good shape of each kind.
func shapeCases() []badCase {
	circle := physics.Shape{Kind: physics.Circle, Radius: 0.5, Density: 1}
	box := physics.Shape{Kind: physics.Box, Half: mgl64.Vec2{0.5, 0.5}, Density: 1}
	poly := physics.Shape{Kind: physics.Polygon, Verts: []mgl64.Vec2{{0, 0}, {1, 0}, {0, 1}}, Density: 1}
	seg := physics.Shape{Kind: physics.Segment, A: mgl64.Vec2{0, 0}, B: mgl64.Vec2{1, 0}, Radius: 0.1, Density: 1}
	spoil := []struct {
		name string
		base physics.Shape
		fn   func(*physics.Shape)
	}{
		{"circle Radius NaN", circle, func(s *physics.Shape) { s.Radius = nan }},
		{"circle Radius infinite", circle, func(s *physics.Shape) { s.Radius = inf }},
		{"circle Radius 0", circle, func(s *physics.Shape) { s.Radius = 0 }},
		{"circle Radius negative", circle, func(s *physics.Shape) { s.Radius = -1 }},
		{"circle Offset.X NaN", circle, func(s *physics.Shape) { s.Offset[0] = nan }},
		{"circle Offset.Y infinite", circle, func(s *physics.Shape) { s.Offset[1] = inf }},
		{"box Half.X NaN", box, func(s *physics.Shape) { s.Half[0] = nan }},
		{"box Half.Y infinite", box, func(s *physics.Shape) { s.Half[1] = inf }},
		{"box Half.X 0", box, func(s *physics.Shape) { s.Half[0] = 0 }},
		{"box Half.Y negative", box, func(s *physics.Shape) { s.Half[1] = -1 }},
		{"box Offset.X NaN", box, func(s *physics.Shape) { s.Offset[0] = nan }},
		{"polygon vertex X NaN", poly, func(s *physics.Shape) { s.Verts = []mgl64.Vec2{{0, 0}, {nan, 0}, {0, 1}} }},
		{"polygon vertex Y infinite", poly, func(s *physics.Shape) { s.Verts = []mgl64.Vec2{{0, 0}, {1, 0}, {0, inf}} }},
		{"polygon on a line", poly, func(s *physics.Shape) { s.Verts = []mgl64.Vec2{{0, 0}, {1, 1}, {2, 2}} }},
		{"polygon on a point", poly, func(s *physics.Shape) { s.Verts = []mgl64.Vec2{{1, 1}, {1, 1}, {1, 1}, {1, 1}} }},
		{"polygon of 2 vertices", poly, func(s *physics.Shape) { s.Verts = []mgl64.Vec2{{0, 0}, {1, 0}} }},
		{"segment A.X NaN", seg, func(s *physics.Shape) { s.A[0] = nan }},
		{"segment B.Y infinite", seg, func(s *physics.Shape) { s.B[1] = inf }},
		{"segment of no length", seg, func(s *physics.Shape) { s.B = s.A }},
		{"segment Radius NaN", seg, func(s *physics.Shape) { s.Radius = nan }},
		{"segment Radius negative", seg, func(s *physics.Shape) { s.Radius = -0.1 }},
		{"Friction NaN", circle, func(s *physics.Shape) { s.Friction = nan }},
		{"Friction negative", circle, func(s *physics.Shape) { s.Friction = -0.5 }},
		{"Restitution NaN", box, func(s *physics.Shape) { s.Restitution = nan }},
		{"Restitution negative", box, func(s *physics.Shape) { s.Restitution = -0.1 }},
		{"Restitution above 1", box, func(s *physics.Shape) { s.Restitution = 1.5 }},
		{"Density NaN", poly, func(s *physics.Shape) { s.Density = nan }},
		{"Density infinite", poly, func(s *physics.Shape) { s.Density = inf }},
		{"Density negative", poly, func(s *physics.Shape) { s.Density = -1 }},
		{"negative Group", circle, func(s *physics.Shape) { s.Filter.Group = -1 }},
		{"Kind 0", circle, func(s *physics.Shape) { s.Kind = 0 }},
		{"Kind unknown", circle, func(s *physics.Shape) { s.Kind = 9 }},
		{"segment whose ends coincide far off", seg, func(s *physics.Shape) { s.A, s.B = mgl64.Vec2{1e3, -1e3}, mgl64.Vec2{1e3, -1e3} }},
		// A NaN or infinity in a field the kind ignores is a bug in
		// the caller all the same.
		{"circle with Half.X NaN", circle, func(s *physics.Shape) { s.Half[0] = nan }},
		{"circle with a vertex NaN", circle, func(s *physics.Shape) { s.Verts = []mgl64.Vec2{{nan, 0}} }},
		{"box with A.Y infinite", box, func(s *physics.Shape) { s.A[1] = inf }},
		{"box with Radius NaN", box, func(s *physics.Shape) { s.Radius = nan }},
		{"polygon with Offset.X NaN", poly, func(s *physics.Shape) { s.Offset[0] = nan }},
		{"polygon with Half.Y infinite", poly, func(s *physics.Shape) { s.Half[1] = -inf }},
		{"segment with Offset.Y NaN", seg, func(s *physics.Shape) { s.Offset[1] = nan }},
		{"segment with Half.X infinite", seg, func(s *physics.Shape) { s.Half[0] = inf }},
	}
	var cases []badCase
	for _, s := range spoil {
		cases = append(cases, badCase{"AddBody with a " + s.name, physics.ErrInvalid, func(f *fixture) error {
			sh := s.base
			sh.Verts = append([]mgl64.Vec2(nil), sh.Verts...)
			s.fn(&sh)
			// The bad shape comes second, after a good one.
			_, err := f.AddBody(physics.BodyDef{Pos: mgl64.Vec2{0, 5}, Shapes: []physics.Shape{circle, sh}})
			return err
		}})
		cases = append(cases, badCase{"AddBody static with a " + s.name, physics.ErrInvalid, func(f *fixture) error {
			sh := s.base
			sh.Verts = append([]mgl64.Vec2(nil), sh.Verts...)
			s.fn(&sh)
			_, err := f.AddBody(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{0, 5}, Shapes: []physics.Shape{sh}})
			return err
		}})
	}
	return cases
}

// jointCases spoils each field of good joints of each kind.
func jointCases() []badCase {
	spoil := []struct {
		name string
		want error
		fn   func(f *fixture, d *physics.JointDef)
	}{
		{"pivot AnchorA.X NaN", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.AnchorA[0] = physics.Pivot, nan }},
		{"pivot AnchorA.Y infinite", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.AnchorA[1] = physics.Pivot, inf }},
		{"pin AnchorB.X NaN", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.AnchorB[0] = physics.Pin, nan }},
		{"pin AnchorB.Y infinite", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.AnchorB[1] = physics.Pin, -inf }},
		{"slide Min NaN", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.Min = physics.Slide, nan }},
		{"slide Max NaN", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.Max = physics.Slide, nan }},
		{"slide Max infinite", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.Max = physics.Slide, inf }},
		{"slide Min negative", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.Min = physics.Slide, -1 }},
		{"slide Min above Max", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.Min, d.Max = physics.Slide, 3, 2 }},
		{"spring RestLength NaN", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.RestLength = physics.Spring, nan }},
		{"spring RestLength negative", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.RestLength = physics.Spring, -1 }},
		{"spring Stiffness NaN", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.Stiffness = physics.Spring, nan }},
		{"spring Stiffness negative", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.Stiffness = physics.Spring, -1 }},
		{"spring Damping NaN", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.Damping = physics.Spring, nan }},
		{"spring Damping negative", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.Damping = physics.Spring, -1 }},
		{"drag MaxForce NaN", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.MaxForce = physics.Drag, nan }},
		{"drag MaxForce negative", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.MaxForce = physics.Drag, -1 }},
		{"drag of a kinematic body", physics.ErrInvalid, func(f *fixture, d *physics.JointDef) { d.Kind, d.B = physics.Drag, f.kin }},
		{"Kind 0", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind = 0 }},
		{"Kind unknown", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind = 9 }},
		{"A and B the same body", physics.ErrInvalid, func(f *fixture, d *physics.JointDef) { d.A = f.ball }},
		{"A and B both Ground", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.B = physics.Ground }},
		{"drag of Ground", physics.ErrInvalid, func(f *fixture, d *physics.JointDef) { d.Kind, d.A, d.B = physics.Drag, f.ball, physics.Ground }},
		{"pivot Stiffness NaN", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.Stiffness = physics.Pivot, nan }},
		{"pin Min negative", physics.ErrInvalid, func(_ *fixture, d *physics.JointDef) { d.Kind, d.Min = physics.Pin, -1 }},
		{"unknown A", physics.ErrNoBody, func(_ *fixture, d *physics.JointDef) { d.A = unknown }},
		{"unknown B", physics.ErrNoBody, func(_ *fixture, d *physics.JointDef) { d.B = unknown }},
	}
	var cases []badCase
	for _, s := range spoil {
		cases = append(cases, badCase{"AddJoint with " + s.name, s.want, func(f *fixture) error {
			// Good for every kind: the ball held to the world 1 unit
			// above it, a slide of 0 to 2, a spring of 1.
			d := physics.JointDef{Kind: physics.Pin, A: physics.Ground, B: f.ball, AnchorA: mgl64.Vec2{0, 3}, Max: 2, RestLength: 1, Stiffness: 10, MaxForce: 100}
			s.fn(f, &d)
			_, err := f.AddJoint(d)
			return err
		}})
	}
	return cases
}

// argumentCases gives each vector or number argument NaN or infinity,
// and the other arguments each operation refuses.
func argumentCases() []badCase {
	v := func(x, y float64) mgl64.Vec2 { return mgl64.Vec2{x, y} }
	drag := func(f *fixture, target mgl64.Vec2) error {
		j := f.joint(physics.JointDef{Kind: physics.Drag, B: f.ball, AnchorA: v(0, 2), MaxForce: 100})
		return f.DragTo(j, target)
	}
	return []badCase{
		{"Step(0)", physics.ErrInvalid, func(f *fixture) error { return f.Step(0) }},
		{"Step(-dt)", physics.ErrInvalid, func(f *fixture) error { return f.Step(-dt) }},
		{"Teleport to NaN", physics.ErrInvalid, func(f *fixture) error { return f.Teleport(f.ball, v(nan, 0), 0) }},
		{"Teleport to infinity", physics.ErrInvalid, func(f *fixture) error { return f.Teleport(f.ball, v(0, inf), 0) }},
		{"Teleport to angle NaN", physics.ErrInvalid, func(f *fixture) error { return f.Teleport(f.ball, v(0, 0), nan) }},
		{"SetVelocity NaN", physics.ErrInvalid, func(f *fixture) error { return f.SetVelocity(f.ball, v(nan, 0), 0) }},
		{"SetVelocity infinite", physics.ErrInvalid, func(f *fixture) error { return f.SetVelocity(f.kin, v(0, inf), 0) }},
		{"SetVelocity angular NaN", physics.ErrInvalid, func(f *fixture) error { return f.SetVelocity(f.ball, v(0, 0), nan) }},
		{"SetVelocity of a static body", physics.ErrInvalid, func(f *fixture) error { return f.SetVelocity(f.ground, v(1, 0), 0) }},
		{"SetVelocity spinning a FixedRotation body", physics.ErrInvalid, func(f *fixture) error { return f.SetVelocity(f.fixed, v(1, 0), 2) }},
		{"ApplyImpulse NaN", physics.ErrInvalid, func(f *fixture) error { return f.ApplyImpulse(f.ball, v(nan, 0), v(0, 2)) }},
		{"ApplyImpulse at NaN", physics.ErrInvalid, func(f *fixture) error { return f.ApplyImpulse(f.ball, v(1, 0), v(0, nan)) }},
		{"ApplyImpulse to a kinematic body", physics.ErrInvalid, func(f *fixture) error { return f.ApplyImpulse(f.kin, v(1, 0), v(5, 2)) }},
		{"ApplyImpulse to a static body", physics.ErrInvalid, func(f *fixture) error { return f.ApplyImpulse(f.ground, v(1, 0), v(0, 0)) }},
		{"ApplyForce infinite", physics.ErrInvalid, func(f *fixture) error { return f.ApplyForce(f.ball, v(inf, 0), v(0, 2)) }},
		{"ApplyForce at infinity", physics.ErrInvalid, func(f *fixture) error { return f.ApplyForce(f.ball, v(1, 0), v(-inf, 0)) }},
		{"ApplyForce to a kinematic body", physics.ErrInvalid, func(f *fixture) error { return f.ApplyForce(f.kin, v(1, 0), v(5, 2)) }},
		{"DragTo NaN", physics.ErrInvalid, func(f *fixture) error { return drag(f, v(nan, 0)) }},
		{"DragTo infinity", physics.ErrInvalid, func(f *fixture) error { return drag(f, v(0, -inf)) }},
		{"DragTo on a pivot", physics.ErrInvalid, func(f *fixture) error { return f.DragTo(f.pivot, v(1, 1)) }},
		{"QueryPoint at NaN", physics.ErrInvalid, func(f *fixture) error { _, err := f.QueryPoint(v(nan, 0), physics.Filter{}, nil); return err }},
		{"QueryPoint with a negative Group", physics.ErrInvalid, func(f *fixture) error {
			_, err := f.QueryPoint(v(0, 0), physics.Filter{Group: -2}, nil)
			return err
		}},
		{"QueryBox from NaN", physics.ErrInvalid, func(f *fixture) error { _, err := f.QueryBox(v(nan, 0), v(1, 1), physics.Filter{}, nil); return err }},
		{"QueryBox to infinity", physics.ErrInvalid, func(f *fixture) error { _, err := f.QueryBox(v(0, 0), v(1, inf), physics.Filter{}, nil); return err }},
		{"RayCast from NaN", physics.ErrInvalid, func(f *fixture) error { _, _, err := f.RayCast(v(nan, 0), v(1, 1), physics.Filter{}); return err }},
		{"RayCast to infinity", physics.ErrInvalid, func(f *fixture) error { _, _, err := f.RayCast(v(0, 0), v(inf, 1), physics.Filter{}); return err }},
		{"BodyAt NaN", physics.ErrInvalid, func(f *fixture) error { _, _, err := f.BodyAt(v(0, nan), 0, false); return err }},
		{"BodyAt radius NaN", physics.ErrInvalid, func(f *fixture) error { _, _, err := f.BodyAt(v(0, 0), nan, false); return err }},
		{"BodyAt radius negative", physics.ErrInvalid, func(f *fixture) error { _, _, err := f.BodyAt(v(0, 0), -1, false); return err }},
	}
}

// idCases calls every method that takes an ID with one the world does not
// hold: an unknown one, and Ground, which is no body of the world's.
func idCases() []badCase {
	var cases []badCase
	for _, id := range []physics.BodyID{unknown, physics.Ground} {
		calls := []struct {
			name string
			fn   func(*fixture) error
		}{
			{"RemoveBody", func(f *fixture) error { return f.RemoveBody(id) }},
			{"Teleport", func(f *fixture) error { return f.Teleport(id, mgl64.Vec2{}, 0) }},
			{"SetVelocity", func(f *fixture) error { return f.SetVelocity(id, mgl64.Vec2{}, 0) }},
			{"ApplyImpulse", func(f *fixture) error { return f.ApplyImpulse(id, mgl64.Vec2{1, 0}, mgl64.Vec2{}) }},
			{"ApplyForce", func(f *fixture) error { return f.ApplyForce(id, mgl64.Vec2{1, 0}, mgl64.Vec2{}) }},
			{"Wake", func(f *fixture) error { return f.Wake(id) }},
			{"State", func(f *fixture) error { _, err := f.State(id); return err }},
			{"Kind", func(f *fixture) error { _, err := f.Kind(id); return err }},
			{"Shapes", func(f *fixture) error { _, err := f.Shapes(id, nil); return err }},
			{"Sleeping", func(f *fixture) error { _, err := f.Sleeping(id); return err }},
		}
		for _, c := range calls {
			name := "unknown body"
			if id == physics.Ground {
				name = "Ground"
			}
			cases = append(cases, badCase{c.name + " of " + name, physics.ErrNoBody, c.fn})
		}
	}
	cases = append(cases,
		badCase{"RemoveJoint of an unknown joint", physics.ErrNoJoint, func(f *fixture) error { return f.RemoveJoint(unknown) }},
		badCase{"RemoveJoint twice", physics.ErrNoJoint, func(f *fixture) error {
			if err := f.RemoveJoint(f.pivot); err != nil {
				return err
			}
			return f.RemoveJoint(f.pivot)
		}},
		badCase{"DragTo of an unknown joint", physics.ErrNoJoint, func(f *fixture) error { return f.DragTo(unknown, mgl64.Vec2{}) }},
	)
	return cases
}

// testBadConfig: a world is not made from a config it cannot simulate.
func testBadConfig(t *testing.T, open Opener) {
	tests := []struct {
		name string
		cfg  physics.Config
	}{
		{"Gravity.X NaN", physics.Config{Gravity: mgl64.Vec2{nan, 0}}},
		{"Gravity.Y infinite", physics.Config{Gravity: mgl64.Vec2{0, -inf}}},
		{"Damping NaN", physics.Config{Damping: nan}},
		{"Damping negative", physics.Config{Damping: -0.1}},
		{"Damping above 1", physics.Config{Damping: 1.5}},
		{"Iterations negative", physics.Config{Iterations: -1}},
		{"UnitsPerMeter negative", physics.Config{UnitsPerMeter: -1}},
		{"UnitsPerMeter NaN", physics.Config{UnitsPerMeter: nan}},
	}
	for _, tt := range tests {
		w, err := open(tt.cfg)
		if !isWrapped(err, physics.ErrInvalid) {
			t.Errorf("open with %s: %v, want ErrInvalid", tt.name, err)
		}
		if w != nil {
			t.Errorf("open with %s returned a world with its error", tt.name)
			if err := w.Close(); err != nil {
				t.Error(err)
			}
		}
	}
}
