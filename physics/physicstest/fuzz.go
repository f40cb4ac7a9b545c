package physicstest

import (
	"errors"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

// NewWorld makes an empty world of one backend, for the fuzz targets.
type NewWorld func(physics.Config) (physics.World, error)

// fuzzWorld is a world with a floor and a ball, for fuzz cases to add to.
func fuzzWorld(t *testing.T, newWorld NewWorld) (physics.World, physics.BodyID) {
	w, err := newWorld(physics.Config{Gravity: mgl64.Vec2{0, -10}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	if _, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{physics.BoxShape(20, 1)}}); err != nil {
		t.Fatal(err)
	}
	ball := physics.CircleShape(0.5)
	ball.Density = 1
	id, err := w.AddBody(physics.BodyDef{Pos: mgl64.Vec2{0, 2}, Shapes: []physics.Shape{ball}})
	if err != nil {
		t.Fatal(err)
	}
	return w, id
}

// stepAndQuery steps w and queries around p: bad numbers that got past
// AddBody or AddJoint may only end in ErrDiverged, never a panic.
func stepAndQuery(t *testing.T, w physics.World, p mgl64.Vec2) {
	for range 20 {
		if err := w.Step(time.Second / 60); err != nil {
			if !errors.Is(err, physics.ErrDiverged) {
				t.Fatalf("Step: %v", err)
			}
			return
		}
	}
	if check.RangeOf(&physics.Config{}).Vec("p", p) != nil {
		return
	}
	if _, err := w.QueryPoint(p, physics.Filter{}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := w.QueryBox(p.Sub(mgl64.Vec2{1, 1}), p.Add(mgl64.Vec2{1, 1}), physics.Filter{}, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.RayCast(mgl64.Vec2{-50, 1}, p, physics.Filter{}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.BodyAt(p, 1, false); err != nil {
		t.Fatal(err)
	}
}

// FuzzAddBody fuzzes AddBody on worlds newWorld makes: every body is
// either refused with ErrInvalid, leaving the world as it was, or
// simulated and queried without a panic (a step may end in ErrDiverged).
func FuzzAddBody(f *testing.F, newWorld NewWorld) {
	f.Add(uint8(0), uint8(1), 0.0, 3.0, 0.0, 0.5, 0.5, 0.5, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5, 0.2, false, false, int16(0), uint16(0), uint16(0))
	f.Add(uint8(0), uint8(3), 0.0, 3.0, 1.0, 0.0, 1.0, 1.0, 0.5, 0.5, 2.0, 0.0, 0.0, 1.0, 0.0, 2.0, 0.1, 1.0, true, false, int16(2), uint16(3), uint16(5))
	f.Add(uint8(1), uint8(4), 1.0, 1.0, 0.0, 0.1, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, false, true, int16(0), uint16(0), uint16(0))
	f.Add(uint8(0), uint8(2), 0.0, 3.0, 0.0, 0.0, 1.0, 1e-300, 0.0, 0.0, 1e300, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, true, false, int16(0), uint16(0), uint16(0))
	f.Fuzz(func(t *testing.T, kind, shapeKind uint8, px, py, angle, r, hx, hy, ox, oy, density, mass, moment, vx, vy, av, friction, restitution float64, fixed, sensor bool, group int16, cat, mask uint16) {
		w, _ := fuzzWorld(t, newWorld)
		s := physics.Shape{
			Kind: physics.ShapeKind(shapeKind), Radius: r, Half: mgl64.Vec2{hx, hy}, Offset: mgl64.Vec2{ox, oy},
			Verts: []mgl64.Vec2{{ox, oy}, {ox + hx, oy}, {ox, oy + hy}, {ox + r, oy + r}},
			A:     mgl64.Vec2{ox, oy}, B: mgl64.Vec2{hx, hy},
			Friction: friction, Restitution: restitution, Density: density, Sensor: sensor,
			Filter: physics.Filter{Group: group, Categories: cat, Mask: mask},
		}
		d := physics.BodyDef{Kind: physics.BodyKind(kind), Pos: mgl64.Vec2{px, py}, Angle: angle, Vel: mgl64.Vec2{vx, vy}, AngVel: av,
			Mass: mass, Moment: moment, FixedRotation: fixed, Shapes: []physics.Shape{s}}
		n := w.Len()
		if _, err := w.AddBody(d); err != nil {
			if !errors.Is(err, physics.ErrInvalid) {
				t.Fatalf("AddBody(%+v): %v, want nil or ErrInvalid", d, err)
			}
			if w.Len() != n {
				t.Fatal("a refused body was added")
			}
			return
		}
		stepAndQuery(t, w, mgl64.Vec2{px, py})
	})
}

// FuzzAddJoint fuzzes AddJoint on worlds newWorld makes: every joint is
// either refused with ErrInvalid or ErrNoBody, or simulated and queried
// without a panic.
func FuzzAddJoint(f *testing.F, newWorld NewWorld) {
	f.Add(uint8(1), uint8(0), 0.0, 3.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, false)
	f.Add(uint8(3), uint8(1), 0.0, 3.0, 0.2, 0.0, 0.5, 2.0, 0.0, 0.0, 0.0, 0.0, true)
	f.Add(uint8(4), uint8(2), 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 10.0, 1.0, 0.0, false)
	f.Add(uint8(5), uint8(2), 3.0, 3.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 100.0, false)
	f.Fuzz(func(t *testing.T, kind, pair uint8, ax, ay, bx, by, lo, hi, rest, stiffness, damping, maxForce float64, collide bool) {
		w, b := fuzzWorld(t, newWorld)
		other, err := w.AddBody(physics.BodyDef{Pos: mgl64.Vec2{2, 2}, Mass: 1, Shapes: []physics.Shape{physics.BoxShape(1, 1)}})
		if err != nil {
			t.Fatal(err)
		}
		bodies := [][2]physics.BodyID{{physics.Ground, b}, {b, other}, {1, b}, {b, b}, {other, 99}}
		p := bodies[int(pair)%len(bodies)]
		d := physics.JointDef{Kind: physics.JointKind(kind), A: p[0], B: p[1], AnchorA: mgl64.Vec2{ax, ay}, AnchorB: mgl64.Vec2{bx, by},
			Min: lo, Max: hi, RestLength: rest, Stiffness: stiffness, Damping: damping, MaxForce: maxForce, Collide: collide}
		j, err := w.AddJoint(d)
		if err != nil {
			if !errors.Is(err, physics.ErrInvalid) && !errors.Is(err, physics.ErrNoBody) {
				t.Fatalf("AddJoint(%+v): %v, want nil, ErrInvalid or ErrNoBody", d, err)
			}
			return
		}
		if d.Kind == physics.Drag {
			if err := w.DragTo(j, mgl64.Vec2{bx, by}); err != nil && !errors.Is(err, physics.ErrInvalid) {
				t.Fatal(err)
			}
		}
		stepAndQuery(t, w, mgl64.Vec2{ax, ay})
	})
}
