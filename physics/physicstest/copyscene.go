package physicstest

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// tag is what the copy cases give bodies as User: a pointer, so that
// equal User values are the same thing.
type tag struct{ n int }

// mixedScene adds to w a scene of every kind of thing a copy must carry,
// drawn from r: static walls, a kinematic platform, a sensor, dynamic
// circles, boxes, polygons and two-shape bodies with filters, groups,
// fixed rotation and bullets, and joints of every kind.
func mixedScene(w *world, r *rand.Rand) {
	w.t.Helper()
	floor := physics.BoxShape(30, 1)
	floor.Friction = 0.8
	w.add(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{0, -0.5}, Shapes: []physics.Shape{floor}, User: &tag{-1}})
	for _, x := range []float64{-15, 15} {
		wall := physics.SegmentShape(mgl64.Vec2{x, 0}, mgl64.Vec2{x, 30}, 0.1)
		w.add(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{wall}})
	}
	plat := physics.BoxShape(4, 0.5)
	plat.Friction = 0.5
	w.add(physics.BodyDef{Kind: physics.Kinematic, Pos: mgl64.Vec2{-8, 3}, Vel: mgl64.Vec2{1, 0}, Shapes: []physics.Shape{plat}})
	zone := physics.BoxShape(4, 4)
	zone.Sensor = true
	w.add(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{6, 2}, Shapes: []physics.Shape{zone}})
	var dyn []physics.BodyID
	n := 18 + r.IntN(12)
	for i := range n {
		d := randomBody(r, i)
		d.Pos = mgl64.Vec2{-12 + float64(i%8)*3 + r.Float64(), 2 + float64(i/8)*2.5}
		dyn = append(dyn, w.add(d))
	}
	randomJoints(w, r, dyn)
}

// randomBody is a dynamic body drawn from r, the i-th of its scene.
func randomBody(r *rand.Rand, i int) physics.BodyDef {
	size := 0.3 + r.Float64()*0.4
	var s physics.Shape
	switch r.IntN(4) {
	case 0:
		s = physics.CircleShape(size)
	case 1:
		s = physics.BoxShape(2*size, size*(1+r.Float64()))
	case 2:
		s = physics.PolygonShape(mgl64.Vec2{-size, -size}, mgl64.Vec2{size, -size}, mgl64.Vec2{0, size})
	default:
		s = physics.PolygonShape(mgl64.Vec2{-size, 0}, mgl64.Vec2{-size / 2, -size}, mgl64.Vec2{size / 2, -size},
			mgl64.Vec2{size, 0}, mgl64.Vec2{size / 2, size}, mgl64.Vec2{-size / 2, size})
	}
	s.Density, s.Friction, s.Restitution = 0.5+r.Float64(), r.Float64(), r.Float64()*0.3
	s.Filter = physics.Filter{Categories: 1 << r.IntN(3), Mask: 0xffff &^ (uint16(r.IntN(2)) << 2), Group: int16(r.IntN(3))}
	d := physics.BodyDef{Shapes: []physics.Shape{s}, User: &tag{i}, AngVel: r.Float64() - 0.5, Vel: mgl64.Vec2{r.Float64()*2 - 1, 0}}
	switch r.IntN(6) {
	case 0:
		d.FixedRotation, d.AngVel = true, 0
	case 1:
		d.Bullet = true
	case 2:
		extra := physics.CircleShape(size / 2)
		extra.Offset, extra.Density = mgl64.Vec2{size, 0}, 1
		d.Shapes = append(d.Shapes, extra)
	case 3:
		d.Mass = 1 + r.Float64()
	}
	return d
}

// randomJoints joins bodies of dyn with joints of every kind.
func randomJoints(w *world, r *rand.Rand, dyn []physics.BodyID) {
	w.t.Helper()
	pick := func() physics.BodyID { return dyn[r.IntN(len(dyn))] }
	for k := range 6 {
		a, b := pick(), pick()
		if a == b {
			continue
		}
		d := physics.JointDef{A: a, B: b, AnchorB: mgl64.Vec2{0.1, 0}}
		switch k % 4 {
		case 0:
			d.Kind = physics.Pin
		case 1:
			// Pinned to the world where b is.
			d.Kind, d.A, d.AnchorA, d.AnchorB = physics.Pivot, physics.Ground, w.state(b).Pos, mgl64.Vec2{}
		case 2:
			d.Kind, d.Min, d.Max = physics.Slide, 0.5, 4
		default:
			d.Kind, d.RestLength, d.Stiffness, d.Damping = physics.Spring, 2, 20, 0.5
		}
		w.joint(d)
	}
	w.joint(physics.JointDef{Kind: physics.Drag, B: pick(), AnchorA: mgl64.Vec2{0, 8}, MaxForce: 200})
}

// act does to w what a game's tick would, drawn from r: impulses, a
// velocity for the platform, now and then a teleport, a new body, a body
// or joint removed. Two worlds given equal r and equal states stay equal.
func act(w *world, r *rand.Rand, buf []physics.BodyState) {
	w.t.Helper()
	buf = w.Snapshot(buf)
	pick := func() physics.BodyID { return buf[r.IntN(len(buf))].ID }
	for range 2 {
		id := pick()
		if k, _ := w.Kind(id); k == physics.Dynamic {
			w.must(w.ApplyImpulse(id, mgl64.Vec2{r.Float64() - 0.5, r.Float64()}, w.state(id).Pos))
		}
	}
	switch r.IntN(20) {
	case 0:
		v := mgl64.Vec2{r.Float64()*4 - 2, 0}
		for _, b := range buf {
			if k, _ := w.Kind(b.ID); k == physics.Kinematic {
				w.must(w.SetVelocity(b.ID, v, 0))
			}
		}
	case 1:
		if id := pick(); id > 5 {
			w.must(w.Teleport(id, mgl64.Vec2{r.Float64()*20 - 10, 8}, r.Float64()))
		}
	case 2:
		d := randomBody(r, 100)
		d.Pos = mgl64.Vec2{r.Float64()*20 - 10, 12}
		w.add(d)
	case 3:
		if id := pick(); id > 5 {
			w.must(w.RemoveBody(id))
		}
	}
}

// sameSnapshots fails t unless a and b hold the same state, bit for bit.
func sameSnapshots(t testing.TB, what string, a, b []physics.BodyState) {
	t.Helper()
	if !slices.Equal(a, b) || physics.Hash(a) != physics.Hash(b) {
		for i := range min(len(a), len(b)) {
			if a[i] != b[i] {
				t.Fatalf("%s: body %d differs: %+v against %+v (of %d and %d bodies)", what, i, a[i], b[i], len(a), len(b))
			}
		}
		t.Fatalf("%s: %d bodies against %d", what, len(a), len(b))
	}
}

// sameContents fails t unless every copy holds what src holds: the same
// bodies with the same kinds, User values, shapes and sleeping, and the
// same state (Teleported marks included, which it consumes).
func sameContents(t testing.TB, src physics.World, copies ...physics.World) {
	t.Helper()
	s := src.Snapshot(nil)
	for _, copy := range copies {
		sameSnapshots(t, "right after the copy", s, copy.Snapshot(nil))
	}
	var ss, cs []physics.Shape
	for _, b := range s {
		for _, copy := range copies {
			sk, err1 := src.Kind(b.ID)
			ck, err2 := copy.Kind(b.ID)
			su, _ := src.User(b.ID)
			cu, _ := copy.User(b.ID)
			sz, _ := src.Sleeping(b.ID)
			cz, _ := copy.Sleeping(b.ID)
			ss, _ = src.Shapes(b.ID, ss)
			cs, _ = copy.Shapes(b.ID, cs)
			if err1 != nil || err2 != nil || sk != ck || su != cu || sz != cz || !sameShapeList(ss, cs) {
				t.Fatalf("body %d: source %v %v asleep %v %+v, copy %v %v asleep %v %+v (%v, %v)", b.ID, sk, su, sz, ss, ck, cu, cz, cs, err1, err2)
			}
		}
	}
}

func sameShapeList(a, b []physics.Shape) bool {
	return slices.EqualFunc(a, b, func(x, y physics.Shape) bool {
		if !slices.Equal(x.Verts, y.Verts) {
			return false
		}
		x.Verts, y.Verts = nil, nil
		return x.Kind == y.Kind && x.Radius == y.Radius && x.Offset == y.Offset && x.Half == y.Half && x.A == y.A && x.B == y.B &&
			x.Friction == y.Friction && x.Restitution == y.Restitution && x.Density == y.Density && x.Sensor == y.Sensor && x.Filter == y.Filter
	})
}
