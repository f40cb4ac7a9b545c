package physicstest

import (
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// testRemoval removes a body with joints: it leaves snapshots, its joints
// go with it, every method refuses its ID, and the rest simulate on.
func testRemoval(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{Gravity: g})
	a := w.ball(mgl64.Vec2{0, 5}, 0.5, 0, 0)
	b := w.ball(mgl64.Vec2{2, 5}, 0.5, 0, 0)
	pin := w.joint(physics.JointDef{Kind: physics.Pin, A: a, B: b})
	pivot := w.joint(physics.JointDef{Kind: physics.Pivot, A: physics.Ground, B: a, AnchorA: mgl64.Vec2{0, 5}})
	drag := w.joint(physics.JointDef{Kind: physics.Drag, B: a, AnchorA: mgl64.Vec2{0, 5}, MaxForce: 100})
	keep := w.joint(physics.JointDef{Kind: physics.Pin, A: physics.Ground, B: b, AnchorA: mgl64.Vec2{2, 6}})
	w.step(10)
	w.must(w.RemoveBody(a))
	if got := w.Snapshot(nil); len(got) != 1 || got[0].ID != b || w.Len() != 1 {
		t.Fatalf("after removing body %d: snapshot %+v, Len %d; want only body %d", a, got, w.Len(), b)
	}
	for _, j := range []physics.JointID{pin, pivot, drag} {
		if err := w.RemoveJoint(j); !isWrapped(err, physics.ErrNoJoint) {
			t.Errorf("RemoveJoint(%d), a joint of the removed body: %v, want ErrNoJoint", j, err)
		}
	}
	if err := w.DragTo(drag, mgl64.Vec2{}); !isWrapped(err, physics.ErrNoJoint) {
		t.Errorf("DragTo on the removed body's drag joint: %v, want ErrNoJoint", err)
	}
	calls := map[string]error{
		"RemoveBody":   w.RemoveBody(a),
		"Teleport":     w.Teleport(a, mgl64.Vec2{}, 0),
		"SetVelocity":  w.SetVelocity(a, mgl64.Vec2{}, 0),
		"ApplyImpulse": w.ApplyImpulse(a, mgl64.Vec2{1, 0}, mgl64.Vec2{}),
		"ApplyForce":   w.ApplyForce(a, mgl64.Vec2{1, 0}, mgl64.Vec2{}),
		"Wake":         w.Wake(a),
	}
	_, calls["State"] = w.State(a)
	_, calls["Kind"] = w.Kind(a)
	_, calls["Shapes"] = w.Shapes(a, nil)
	_, calls["Sleeping"] = w.Sleeping(a)
	_, calls["AddJoint"] = w.AddJoint(physics.JointDef{Kind: physics.Pin, A: a, B: b})
	for name, err := range calls {
		if !isWrapped(err, physics.ErrNoBody) {
			t.Errorf("%s on the removed body: %v, want ErrNoBody", name, err)
		}
	}
	w.step(30)
	if p := w.state(b).Pos; !near(p.Sub(mgl64.Vec2{2, 6}).Len(), 1, 0.02) {
		t.Errorf("the other ball is %v, want 1 from its own pin at (2, 6)", p)
	}
	w.must(w.RemoveJoint(keep))
}

// testSleep: with Config.Sleep a box at rest on the ground falls asleep
// after about half a second (both cp and Box2D wait 0.5 s), keeps its
// place, wakes on Wake, and wakes when something lands on it.
func testSleep(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{Gravity: g, Sleep: true})
	ground := w.ground(1, 0)
	box := w.box(mgl64.Vec2{0, 0.5}, 1, 1, 1, 0)
	waitSleep := func(what string) int {
		t.Helper()
		for i := range 180 {
			w.step(1)
			asleep, err := w.Sleeping(box)
			w.must(err)
			if asleep {
				return i + 1
			}
		}
		t.Fatalf("%s: the box at rest did not fall asleep in 3 s", what)
		return 0
	}
	n := waitSleep("placed on the ground")
	t.Logf("fell asleep after %d steps", n)
	if n < 30 {
		t.Errorf("the box fell asleep after %d steps, want at least 30 (0.5 s)", n)
	}
	before := w.state(box)
	w.step(60)
	// Box2D zeroes a sleeper's velocity; cp keeps the last, below its idle
	// speed, but does not move the body.
	if after := w.state(box); after.Pos != before.Pos || after.Angle != before.Angle || after.Vel.Len() > 0.05 {
		t.Errorf("sleeping box moved from %+v to %+v", before, after)
	}
	if asleep, err := w.Sleeping(ground); asleep || err != nil {
		t.Errorf("Sleeping(static ground) = %v, %v; want false", asleep, err)
	}
	w.must(w.Wake(box))
	if asleep, _ := w.Sleeping(box); asleep {
		t.Fatal("the box still sleeps after Wake")
	}
	if n := waitSleep("after Wake"); n < 30 {
		t.Errorf("after Wake the box slept again after %d steps, want at least 30", n)
	}
	w.ball(mgl64.Vec2{0, 3}, 0.25, 1, 0)
	for range 60 {
		w.step(1)
		if asleep, _ := w.Sleeping(box); !asleep {
			return
		}
	}
	t.Error("a ball dropped on the sleeping box did not wake it in 1 s")
}

// testNoSleep: without Config.Sleep the same box stays awake.
func testNoSleep(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{Gravity: g})
	w.ground(1, 0)
	box := w.box(mgl64.Vec2{0, 0.5}, 1, 1, 1, 0)
	for i := range 180 {
		w.step(1)
		if asleep, err := w.Sleeping(box); asleep || err != nil {
			t.Fatalf("step %d: Sleeping = %v, %v in a world without Config.Sleep", i+1, asleep, err)
		}
	}
}

// testSnapshotOrder adds and removes bodies: snapshots list them in
// ascending ID order, new IDs exceed all earlier ones, and a snapshot
// reuses a buffer with room.
func testSnapshotOrder(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{})
	var added []physics.BodyID
	for i := range 5 {
		id := w.ball(mgl64.Vec2{2 * float64(i), 0}, 0.5, 0, 0)
		if len(added) > 0 && id <= added[len(added)-1] {
			t.Fatalf("AddBody gave ID %d after %d", id, added[len(added)-1])
		}
		added = append(added, id)
	}
	w.must(w.RemoveBody(added[1]))
	w.must(w.RemoveBody(added[4]))
	next := w.ball(mgl64.Vec2{20, 0}, 0.5, 0, 0)
	if next <= added[4] {
		t.Fatalf("AddBody after removals gave ID %d, want above every earlier ID (%d)", next, added[4])
	}
	want := []physics.BodyID{added[0], added[2], added[3], next}
	buf := make([]physics.BodyState, 0, 10)
	got := w.Snapshot(buf)
	var gotIDs []physics.BodyID
	for _, s := range got {
		gotIDs = append(gotIDs, s.ID)
	}
	if !slices.Equal(gotIDs, want) || w.Len() != len(want) {
		t.Fatalf("snapshot IDs %v, Len %d; want %v", gotIDs, w.Len(), want)
	}
	if &got[0] != &buf[:1][0] {
		t.Error("Snapshot did not reuse a buffer with room")
	}
	for _, s := range got {
		if st := w.state(s.ID); st != s {
			t.Errorf("State(%d) = %+v, snapshot has %+v", s.ID, st, s)
		}
	}
}

// testInspect: Kind, Shapes and Len describe what was added; a polygon
// comes back as its counter-clockwise hull.
func testInspect(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{})
	// Clockwise, with (0.2, 0.2) inside the hull.
	poly := physics.PolygonShape(mgl64.Vec2{0, 0}, mgl64.Vec2{0, 1}, mgl64.Vec2{0.2, 0.2}, mgl64.Vec2{1, 0})
	poly.Density = 1
	circle := physics.Shape{Kind: physics.Circle, Radius: 0.5, Offset: mgl64.Vec2{0, 2}, Friction: 0.3, Restitution: 0.4, Density: 2, Filter: physics.Filter{Categories: 2, Mask: 5, Group: 1}}
	dyn := w.add(physics.BodyDef{Shapes: []physics.Shape{circle, poly}})
	kin := w.add(physics.BodyDef{Kind: physics.Kinematic, Shapes: []physics.Shape{physics.BoxShape(1, 2)}})
	stat := w.add(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{physics.SegmentShape(mgl64.Vec2{0, 0}, mgl64.Vec2{1, 0}, 0.1)}})
	for id, want := range map[physics.BodyID]physics.BodyKind{dyn: physics.Dynamic, kin: physics.Kinematic, stat: physics.Static} {
		if k, err := w.Kind(id); k != want || err != nil {
			t.Errorf("Kind(%d) = %v, %v; want %v", id, k, err, want)
		}
	}
	if w.Len() != 3 {
		t.Errorf("Len = %d, want 3", w.Len())
	}
	shapes, err := w.Shapes(dyn, nil)
	if err != nil || len(shapes) != 2 {
		t.Fatalf("Shapes = %+v, %v; want 2 shapes", shapes, err)
	}
	c := shapes[0]
	if c.Kind != circle.Kind || c.Radius != circle.Radius || c.Offset != circle.Offset || c.Friction != circle.Friction ||
		c.Restitution != circle.Restitution || c.Density != circle.Density || c.Filter != circle.Filter || c.Sensor {
		t.Errorf("first shape %+v, want the circle as added, %+v", c, circle)
	}
	checkHull(t, shapes[1])
}

// checkHull checks that p is testInspect's polygon as its hull: the
// triangle (0, 0), (1, 0), (0, 1), counter-clockwise.
func checkHull(t *testing.T, p physics.Shape) {
	t.Helper()
	if p.Kind != physics.Polygon || len(p.Verts) != 3 {
		t.Fatalf("second shape %+v, want the polygon's hull of 3 vertices", p)
	}
	area := 0.0
	for i := range p.Verts {
		a, b := p.Verts[i], p.Verts[(i+1)%len(p.Verts)]
		area += a.X()*b.Y() - b.X()*a.Y()
	}
	if !near(area/2, 0.5, 1e-6) {
		t.Errorf("hull %v has signed area %v, want +0.5 (counter-clockwise)", p.Verts, area/2)
	}
	for _, v := range []mgl64.Vec2{{0, 0}, {1, 0}, {0, 1}} {
		if !slices.ContainsFunc(p.Verts, func(u mgl64.Vec2) bool { return nearVec(u, v, 1e-6) }) {
			t.Errorf("hull %v lacks %v", p.Verts, v)
		}
	}
}

// testDiverged gives a body a velocity of 1e300 and other numbers beyond
// the range both engines share (what Box2D's single precision holds):
// both refuse them at once, rather than one stepping into NaN later
// (Chipmunk once took SetVelocity(1e308) and diverged 107 steps on).
func testDiverged(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{})
	id := w.ball(mgl64.Vec2{}, 0.5, 0, 0)
	huge := mgl64.Vec2{1e300, 0}
	calls := map[string]error{
		"SetVelocity(1e300)":        w.SetVelocity(id, huge, 0),
		"SetVelocity(1e308)":        w.SetVelocity(id, mgl64.Vec2{0, 1e308}, 0),
		"SetVelocity angular 1e300": w.SetVelocity(id, mgl64.Vec2{}, 1e300),
		"ApplyImpulse(MaxFloat64)":  w.ApplyImpulse(id, mgl64.Vec2{math.MaxFloat64, 0}, mgl64.Vec2{}),
		"ApplyForce(1e300)":         w.ApplyForce(id, huge, mgl64.Vec2{}),
		"ApplyForce at 1e20":        w.ApplyForce(id, mgl64.Vec2{1, 0}, mgl64.Vec2{1e20, 0}),
		"Teleport to 1e20":          w.Teleport(id, mgl64.Vec2{1e20, 0}, 0),
		"Teleport to angle 1e300":   w.Teleport(id, mgl64.Vec2{}, 1e300),
	}
	_, calls["AddBody at 1e20"] = w.AddBody(physics.BodyDef{Pos: mgl64.Vec2{0, 1e20}, Mass: 1, Shapes: []physics.Shape{physics.CircleShape(1)}})
	_, calls["AddBody of mass 1e300"] = w.AddBody(physics.BodyDef{Mass: 1e300, Shapes: []physics.Shape{physics.CircleShape(1)}})
	_, calls["AddBody of radius 1e-300"] = w.AddBody(physics.BodyDef{Shapes: []physics.Shape{{Kind: physics.Circle, Radius: 1e-300, Density: 1}}})
	_, calls["AddJoint anchored at 1e20"] = w.AddJoint(physics.JointDef{Kind: physics.Pivot, B: id, AnchorA: mgl64.Vec2{1e20, 0}})
	_, _, calls["BodyAt radius 1e300"] = w.BodyAt(mgl64.Vec2{}, 1e300, false)
	_, _, calls["RayCast to 1e20"] = w.RayCast(mgl64.Vec2{}, mgl64.Vec2{1e20, 0}, physics.Filter{})
	_, calls["QueryBox to 1e20"] = w.QueryBox(mgl64.Vec2{}, mgl64.Vec2{1e20, 1}, physics.Filter{}, nil)
	for name, err := range calls {
		if !isWrapped(err, physics.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
	if _, err := open(physics.Config{Gravity: mgl64.Vec2{0, -1e300}}); !isWrapped(err, physics.ErrInvalid) {
		t.Errorf("a world with gravity 1e300: %v, want ErrInvalid", err)
	}
	w.step(120)
	if s := w.state(id); s.Pos != (mgl64.Vec2{}) || s.Vel != (mgl64.Vec2{}) {
		t.Errorf("after the refused calls the ball moved: %+v", s)
	}
}

// testClose: Close is safe twice, and a closed world refuses work with an
// error rather than crashing.
func testClose(t *testing.T, open Opener) {
	w, err := open(physics.Config{Gravity: g})
	if err != nil {
		t.Fatal(err)
	}
	id, err := w.AddBody(physics.BodyDef{Mass: 1, Shapes: []physics.Shape{physics.CircleShape(1)}})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Step(dt); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := w.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if err := w.Step(dt); err == nil {
		t.Error("Step after Close succeeded")
	}
	if _, err := w.AddBody(physics.BodyDef{Mass: 1, Shapes: []physics.Shape{physics.CircleShape(1)}}); err == nil {
		t.Error("AddBody after Close succeeded")
	}
	if _, err := w.State(id); err == nil {
		t.Error("State after Close succeeded")
	}
	if _, _, err := w.RayCast(mgl64.Vec2{}, mgl64.Vec2{1, 0}, physics.Filter{}); err == nil {
		t.Error("RayCast after Close succeeded")
	}
	if got := w.Snapshot(nil); len(got) != 0 {
		t.Errorf("Snapshot after Close has %d bodies, want none", len(got))
	}
}
