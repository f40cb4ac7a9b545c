//go:build box2d && cgo

package box2d

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// scaledScene is a small scene of every shape, body kind and joint, built
// k times larger than at k = 1 (densities 1/k² so that masses stay), and
// what it reported: run with UnitsPerMeter k, Box2D must see the very
// scene it sees at k = 1.
type scaledScene struct {
	k        float64
	w        *World
	contacts []physics.Contact // of the last step
	balls    []physics.BodyID
	box      physics.BodyID
	drag     physics.JointID
	spring   physics.JointID
}

// at is the point (x, y) of the scene at k = 1, in the scene's units.
func (s *scaledScene) at(x, y float64) mgl64.Vec2 { return mgl64.Vec2{x * s.k, y * s.k} }

func newScaledScene(t *testing.T, k, unitsPerMeter float64) *scaledScene {
	t.Helper()
	s := &scaledScene{k: k}
	s.w = newWorld(t, physics.Config{
		Gravity: s.at(0, -10), Damping: 0.9, Sleep: true, UnitsPerMeter: unitsPerMeter,
		OnContact: func(c physics.Contact) error { s.contacts = append(s.contacts, c); return nil },
	})
	density := 1 / (k * k)
	add := func(d physics.BodyDef, shapes ...physics.Shape) physics.BodyID {
		t.Helper()
		for i := range shapes {
			if d.Kind == physics.Dynamic && d.Mass == 0 {
				shapes[i].Density = density
			}
			shapes[i].Friction, shapes[i].Restitution = 0.6, 0.3
		}
		d.Shapes = shapes
		return mustAdd(t, s.w, d)
	}
	box := func(hx, hy, ox, oy float64) physics.Shape {
		return physics.Shape{Kind: physics.Box, Half: s.at(hx, hy), Offset: s.at(ox, oy)}
	}
	circle := func(r float64) physics.Shape { return physics.CircleShape(r * s.k) }

	// A floor of a thin edge, a capsule wall, a box wall and a sensor.
	sensor := box(1, 1, 4, 1)
	sensor.Sensor = true
	add(physics.BodyDef{Kind: physics.Static},
		physics.SegmentShape(s.at(-10, 0), s.at(10, 0), 0),
		physics.SegmentShape(s.at(-8, 0), s.at(-8, 10), 0.2*k),
		box(0.5, 5, 8.5, 5), sensor)
	add(physics.BodyDef{Kind: physics.Kinematic, Pos: s.at(5, 3), Vel: s.at(-0.5, 0), AngVel: 0.3}, box(1, 0.1, 0, 0))

	// A stack of boxes, balls, a ten-sided polygon (two Box2D pieces), a
	// triangle, a capsule, a body with a given mass and moment, one that
	// never turns and a bullet.
	for i := range 3 {
		b := add(physics.BodyDef{Pos: s.at(-3+0.1*float64(i), 0.5+1.01*float64(i))}, box(0.5, 0.5, 0, 0))
		if i == 0 {
			s.box = b
		}
	}
	for i := range 4 {
		s.balls = append(s.balls, add(physics.BodyDef{Pos: s.at(-1+0.7*float64(i), 2+0.5*float64(i)), Vel: s.at(0.5, 0)}, circle(0.3)))
	}
	ring := make([]mgl64.Vec2, 10)
	for i := range ring {
		a := 2 * math.Pi * float64(i) / float64(len(ring))
		ring[i] = s.at(0.6*math.Cos(a), 0.6*math.Sin(a))
	}
	add(physics.BodyDef{Pos: s.at(2, 3), Angle: 0.2}, physics.Shape{Kind: physics.Polygon, Verts: ring})
	add(physics.BodyDef{Pos: s.at(3.5, 1)}, physics.Shape{Kind: physics.Polygon, Verts: []mgl64.Vec2{s.at(-0.4, 0), s.at(0.4, 0), s.at(0, 0.7)}})
	add(physics.BodyDef{Pos: s.at(0, 5), AngVel: 1}, physics.SegmentShape(s.at(-0.5, 0), s.at(0.5, 0), 0.15*k))
	add(physics.BodyDef{Pos: s.at(-5, 2), Mass: 2, Moment: 0.5 * k * k}, box(0.4, 0.3, 0.1, 0))
	add(physics.BodyDef{Pos: s.at(1, 1), FixedRotation: true}, box(0.3, 0.3, 0, 0))
	add(physics.BodyDef{Pos: s.at(-6, 4), Vel: s.at(40, 0), Bullet: true}, circle(0.1))

	// Each joint kind, a pendulum and a chain of balls hanging from the
	// ground.
	bob := add(physics.BodyDef{Pos: s.at(-6, 8)}, circle(0.25))
	s.w.mustJoint(t, physics.JointDef{Kind: physics.Pivot, A: physics.Ground, B: bob, AnchorA: s.at(-5, 8)})
	a := add(physics.BodyDef{Pos: s.at(0, 8)}, circle(0.2))
	b := add(physics.BodyDef{Pos: s.at(1.5, 8)}, circle(0.2))
	c := add(physics.BodyDef{Pos: s.at(3, 8)}, box(0.2, 0.2, 0, 0))
	s.w.mustJoint(t, physics.JointDef{Kind: physics.Pin, A: physics.Ground, B: a, AnchorA: s.at(0, 9), AnchorB: s.at(0.1, 0)})
	s.w.mustJoint(t, physics.JointDef{Kind: physics.Slide, A: a, B: b, Min: 1 * k, Max: 2 * k})
	s.spring = s.w.mustJoint(t, physics.JointDef{Kind: physics.Spring, A: b, B: c, AnchorB: s.at(0, 0.1), RestLength: 1.2 * k, Stiffness: 30, Damping: 0.5})
	s.drag = s.w.mustJoint(t, physics.JointDef{Kind: physics.Drag, B: c, AnchorA: s.at(3, 9), AnchorB: s.at(0.1, 0), MaxForce: 40 * k})
	return s
}

func (w *World) mustJoint(t *testing.T, d physics.JointDef) physics.JointID {
	t.Helper()
	id, err := w.AddJoint(d)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// tick steps the scene once, moving it by hand at some steps as a game
// would: an impulse, a force for a while, a teleport, a new velocity, a
// new drag target, a joint and a body removed.
func (s *scaledScene) tick(t *testing.T, step int) {
	t.Helper()
	var err error
	switch {
	case step == 20:
		err = s.w.ApplyImpulse(s.box, s.at(2, 3), mustState(t, s.w, s.box).Pos.Add(s.at(0.3, 0.2)))
	case step >= 40 && step < 70:
		err = s.w.ApplyForce(s.balls[1], s.at(3, 12), mustState(t, s.w, s.balls[1]).Pos.Add(s.at(0, 0.3)))
	case step == 90:
		err = s.w.Teleport(s.balls[2], s.at(-2, 6), 0.5)
	case step == 110:
		err = s.w.SetVelocity(s.balls[3], s.at(-3, 4), 2)
	case step == 130:
		err = s.w.DragTo(s.drag, s.at(4, 7))
	case step == 200:
		err = s.w.RemoveJoint(s.spring)
	case step == 220:
		err = s.w.RemoveBody(s.balls[0])
	}
	if err != nil {
		t.Fatalf("step %d: %v", step, err)
	}
	s.contacts = s.contacts[:0]
	mustStep(t, s.w, 1)
}

// scaled reports whether got is exactly k × want, bit for bit.
func scaled(got, want, k float64) bool { return math.Float64bits(got) == math.Float64bits(want*k) }

func scaledVec(got, want mgl64.Vec2, k float64) bool {
	return scaled(got[0], want[0], k) && scaled(got[1], want[1], k)
}

// sameAs compares scene s with ref, the scene at k = 1, after a step:
// every snapshot, contact and query of s is k times ref's, exactly.
func (s *scaledScene) sameAs(ref *scaledScene) error {
	k := s.k
	got, want := s.w.Snapshot(nil), ref.w.Snapshot(nil)
	if len(got) != len(want) {
		return fmt.Errorf("%d bodies, want %d", len(got), len(want))
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.ID != w.ID || !scaledVec(g.Pos, w.Pos, k) || !scaledVec(g.Vel, w.Vel, k) || !scaled(g.Angle, w.Angle, 1) ||
			!scaled(g.AngVel, w.AngVel, 1) || g.Teleported != w.Teleported {
			return fmt.Errorf("body %d is %+v, want %v × %+v", g.ID, g, k, w)
		}
	}
	if len(s.contacts) != len(ref.contacts) {
		return fmt.Errorf("%d contacts, want %d", len(s.contacts), len(ref.contacts))
	}
	for i, g := range s.contacts {
		w := ref.contacts[i]
		if g.A != w.A || g.B != w.B || g.Began != w.Began || g.Ended != w.Ended || g.Sensor != w.Sensor ||
			!scaledVec(g.Point, w.Point, k) || !scaledVec(g.Impulse, w.Impulse, k) || !scaledVec(g.Normal, w.Normal, 1) {
			return fmt.Errorf("contact %+v, want points and impulses %v × %+v", g, k, w)
		}
	}
	return s.queriesSameAs(ref)
}

// queriesSameAs asks both scenes the same questions, scaled.
func (s *scaledScene) queriesSameAs(ref *scaledScene) error {
	k := s.k
	ids := func(sc *scaledScene, f func(*World, []physics.BodyID) ([]physics.BodyID, error)) string {
		got, err := f(sc.w, nil)
		return fmt.Sprint(got, err)
	}
	for _, q := range []struct {
		name string
		run  func(sc *scaledScene) string
	}{
		{"QueryPoint", func(sc *scaledScene) string {
			return ids(sc, func(w *World, dst []physics.BodyID) ([]physics.BodyID, error) {
				return w.QueryPoint(sc.at(-3, 0.5), physics.Filter{}, dst)
			})
		}},
		{"QueryBox", func(sc *scaledScene) string {
			return ids(sc, func(w *World, dst []physics.BodyID) ([]physics.BodyID, error) {
				return w.QueryBox(sc.at(-4, 0), sc.at(2, 2.5), physics.Filter{}, dst)
			})
		}},
		{"BodyAt", func(sc *scaledScene) string {
			id, ok, err := sc.w.BodyAt(sc.at(0, 1.5), 0.4*sc.k, true)
			return fmt.Sprint(id, ok, err)
		}},
		{"RayCast", func(sc *scaledScene) string {
			h, ok, err := sc.w.RayCast(sc.at(-7.9, 0.4), sc.at(9, 0.4), physics.Filter{})
			// The hit in the scene's units, brought back to k = 1.
			h.Point = h.Point.Mul(1 / sc.k)
			return fmt.Sprintf("%+v %v %v", h, ok, err)
		}},
	} {
		if got, want := q.run(s), q.run(ref); got != want {
			return fmt.Errorf("%s at scale %v: %s, want %s", q.name, k, got, want)
		}
	}
	return nil
}

func TestAScaledSceneWithUnitsPerMeterMovesExactlyAsTheSceneInMeters(t *testing.T) {
	const steps = 300
	for _, tc := range []struct{ k, unitsPerMeter float64 }{
		{0.25, 0.25}, {4, 4}, {64, 64},
		{1, 0}, // the default is a meter
	} {
		t.Run(fmt.Sprintf("k=%v,UnitsPerMeter=%v", tc.k, tc.unitsPerMeter), func(t *testing.T) {
			ref := newScaledScene(t, 1, 1)
			s := newScaledScene(t, tc.k, tc.unitsPerMeter)
			if err := s.sameAs(ref); err != nil {
				t.Fatalf("as built: %v", err)
			}
			var touches, sleeping int
			for step := range steps {
				ref.tick(t, step)
				s.tick(t, step)
				if err := s.sameAs(ref); err != nil {
					t.Fatalf("step %d: %v", step+1, err)
				}
				touches += len(ref.contacts)
			}
			for _, st := range ref.w.Snapshot(nil) {
				if asleep, _ := ref.w.Sleeping(st.ID); asleep {
					sleeping++
				}
			}
			// The scene must have tested something: bodies touched, and
			// the ray found one.
			if touches < steps {
				t.Errorf("only %d contact reports in %d steps", touches, steps)
			}
			if _, hit, _ := ref.w.RayCast(ref.at(-7.9, 0.4), ref.at(9, 0.4), physics.Filter{}); !hit {
				t.Error("the ray hit nothing")
			}
			t.Logf("%d contact reports, %d bodies asleep at the end", touches, sleeping)
		})
	}
}

// Box2D moves a body at most 2 of its meters a step (b2_maxTranslation):
// at 60 steps a second, 120 m/s. A scene in centimetres sets UnitsPerMeter
// and keeps its speed.
func TestBox2DClampsSpeedToTwoMetersAStepUnlessUnitsPerMeterSaysSo(t *testing.T) {
	for _, tc := range []struct {
		unitsPerMeter float64
		speed         float64 // what the ball keeps
	}{
		{1, 120},
		{100, 500},
	} {
		w := newWorld(t, physics.Config{UnitsPerMeter: tc.unitsPerMeter})
		d := ball(mgl64.Vec2{}, 0.2*tc.unitsPerMeter)
		d.Vel = mgl64.Vec2{500, 0}
		id := mustAdd(t, w, d)
		mustStep(t, w, 60)
		s := mustState(t, w, id)
		if math.Abs(s.Pos[0]-tc.speed) > 1e-3*tc.speed || math.Abs(s.Vel[0]-tc.speed) > 1e-3*tc.speed {
			t.Errorf("UnitsPerMeter %v: launched at 500 units/s, the ball is at x = %v moving %v after 1 s; want %v and %v",
				tc.unitsPerMeter, s.Pos[0], s.Vel[0], tc.speed, tc.speed)
		}
	}
}

// Box2D's own sizes and bounds are in its meters: the checks apply them in
// world units, and the errors say them in world units.
func TestBox2DsLimitsApplyAndAreStatedInWorldUnits(t *testing.T) {
	body := func(s physics.Shape) physics.BodyDef {
		return physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{s}}
	}
	for _, tc := range []struct {
		name          string
		unitsPerMeter float64
		def           physics.BodyDef
		want          string // in the error; "" when accepted
	}{
		{"a 3 cm box", 1, body(physics.BoxShape(0.03, 0.03)), ""},
		{"a 2 cm box", 1, body(physics.BoxShape(0.02, 0.02)), "make it at least 0.025 across"},
		{"a box of 3 units at 100 a meter", 100, body(physics.BoxShape(3, 3)), ""},
		{"a box of 2 units at 100 a meter", 100, body(physics.BoxShape(2, 2)), "make it at least 2.5 across"},
		{"a segment of 0.4 units at 100 a meter", 100, body(physics.SegmentShape(mgl64.Vec2{}, mgl64.Vec2{0.4, 0}, 0)), "Box2D needs at least 0.5"},
		{"a tiny circle at 100 a meter", 100, body(physics.CircleShape(1e-14)), "radius is 1e-14: physics: invalid argument; it must be within [1e-13, 1e+17]"},
		{"far away at 100 a meter", 100, physics.BodyDef{Pos: mgl64.Vec2{5e16, 0}, Mass: 1, Moment: 1}, ""},
		{"too far away at 100 a meter", 100, physics.BodyDef{Pos: mgl64.Vec2{2e17, 0}, Mass: 1, Moment: 1}, "within ±1e+17"},
		{"too fast at 0.5 a meter", 0.5, physics.BodyDef{Vel: mgl64.Vec2{0, 6e14}, Mass: 1, Moment: 1}, "within ±5e+14"},
		{"a tiny moment at 100 a meter", 100, physics.BodyDef{Mass: 1, Moment: 1e-12}, "moment is 1e-12: physics: invalid argument; it must be within [1e-11, 1e+19]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, physics.Config{UnitsPerMeter: tc.unitsPerMeter})
			_, err := w.AddBody(tc.def)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (!errors.Is(err, physics.ErrInvalid) || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("AddBody: %v; want ErrInvalid saying %q", err, tc.want)
			}
		})
	}
}
