package chipmunk

import (
	"errors"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

func ball(x, y float64) physics.BodyDef {
	return physics.BodyDef{Pos: mgl64.Vec2{x, y}, Mass: 1, Shapes: []physics.Shape{physics.CircleShape(0.5)}}
}

func mustWorld(t *testing.T, cfg physics.Config) *World {
	t.Helper()
	w, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func mustAdd(t *testing.T, w *World, d physics.BodyDef) physics.BodyID {
	t.Helper()
	id, err := w.AddBody(d)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestSnapshotIsInAscendingIDOrderAndIDsAreNeverReused(t *testing.T) {
	w := mustWorld(t, physics.Config{})
	var ids []physics.BodyID
	for i := range 5 {
		ids = append(ids, mustAdd(t, w, ball(float64(i)*2, 0)))
	}
	if err := w.RemoveBody(ids[1]); err != nil {
		t.Fatal(err)
	}
	if err := w.RemoveBody(ids[4]); err != nil {
		t.Fatal(err)
	}
	next := mustAdd(t, w, ball(20, 0))
	if next <= ids[4] {
		t.Fatalf("new body got ID %d, want above every earlier ID (last %d)", next, ids[4])
	}
	got := w.Snapshot(nil)
	want := []physics.BodyID{ids[0], ids[2], ids[3], next}
	if len(got) != len(want) {
		t.Fatalf("snapshot has %d bodies, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].ID != want[i] {
			t.Errorf("snapshot[%d].ID = %d, want %d", i, got[i].ID, want[i])
		}
	}
}

func TestTeleportMarksOnlyTheNextSnapshot(t *testing.T) {
	w := mustWorld(t, physics.Config{})
	id := mustAdd(t, w, ball(0, 0))
	if err := w.Teleport(id, mgl64.Vec2{10, 5}, 1); err != nil {
		t.Fatal(err)
	}
	if err := w.Step(tick); err != nil {
		t.Fatal(err)
	}
	first := w.Snapshot(nil)
	if !first[0].Teleported || first[0].Pos != (mgl64.Vec2{10, 5}) || first[0].Angle != 1 {
		t.Fatalf("after teleport: %+v, want Teleported at (10, 5) angle 1", first[0])
	}
	if err := w.Step(tick); err != nil {
		t.Fatal(err)
	}
	if second := w.Snapshot(nil); second[0].Teleported {
		t.Fatal("second snapshot after a teleport is still marked Teleported")
	}
}

func TestGravityMovesDynamicBodiesOnly(t *testing.T) {
	w := mustWorld(t, physics.Config{Gravity: mgl64.Vec2{0, -10}})
	dyn := mustAdd(t, w, ball(0, 10))
	kin := mustAdd(t, w, physics.BodyDef{Kind: physics.Kinematic, Pos: mgl64.Vec2{5, 10}, Vel: mgl64.Vec2{1, 0}, Shapes: []physics.Shape{physics.BoxShape(1, 1)}})
	for range 60 {
		if err := w.Step(tick); err != nil {
			t.Fatal(err)
		}
	}
	d, _ := w.State(dyn)
	k, _ := w.State(kin)
	if !(d.Pos.Y() < 6) {
		t.Errorf("dynamic body fell to y=%v after 1 s of g=10, want below 6", d.Pos.Y())
	}
	if k.Pos.Y() != 10 || !(k.Pos.X() > 5.9 && k.Pos.X() < 6.1) {
		t.Errorf("kinematic body at %v after 1 s at (1, 0), want about (6, 10)", k.Pos)
	}
}

func TestContactsAreReportedOncePerPairWithBeganOnTheFirstStep(t *testing.T) {
	var got []physics.Contact
	w := mustWorld(t, physics.Config{
		Gravity:   mgl64.Vec2{0, -10},
		OnContact: func(c physics.Contact) error { got = append(got, c); return nil },
	})
	floor := mustAdd(t, w, physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{physics.SegmentShape(mgl64.Vec2{-10, 0}, mgl64.Vec2{10, 0}, 0)}})
	b := mustAdd(t, w, ball(0, 0.6))
	began, touching := 0, 0
	for range 120 {
		got = got[:0]
		if err := w.Step(tick); err != nil {
			t.Fatal(err)
		}
		if len(got) > 1 {
			t.Fatalf("one touching pair reported %d times in a step", len(got))
		}
		for _, c := range got {
			touching++
			if c.Began {
				began++
			}
			if c.A != floor || c.B != b {
				t.Fatalf("contact between %d and %d, want %d and %d", c.A, c.B, floor, b)
			}
			if c.Normal.Y() < 0.99 {
				t.Fatalf("normal %v, want up, from the floor to the ball", c.Normal)
			}
		}
	}
	if touching < 60 || began != 1 {
		t.Fatalf("ball resting on the floor: touching in %d steps with %d starts, want most of 120 steps and 1 start", touching, began)
	}
	if last := got[0]; !(last.Impulse.Y() < 0) {
		t.Errorf("impulse on the floor under a resting ball is %v, want downwards", last.Impulse)
	}
}

func TestDragJointPullsABodyToItsTarget(t *testing.T) {
	w := mustWorld(t, physics.Config{})
	id := mustAdd(t, w, ball(0, 0))
	j, err := w.AddJoint(physics.JointDef{Kind: physics.Drag, B: id, AnchorA: mgl64.Vec2{0, 0}, MaxForce: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.DragTo(j, mgl64.Vec2{3, 4}); err != nil {
		t.Fatal(err)
	}
	for range 240 {
		if err := w.Step(tick); err != nil {
			t.Fatal(err)
		}
	}
	s, _ := w.State(id)
	if s.Pos.Sub(mgl64.Vec2{3, 4}).Len() > 0.05 {
		t.Fatalf("dragged body at %v, want near (3, 4)", s.Pos)
	}
}

func TestJointsGoAwayWithTheirBodies(t *testing.T) {
	w := mustWorld(t, physics.Config{})
	a := mustAdd(t, w, ball(0, 0))
	b := mustAdd(t, w, ball(2, 0))
	kinds := []physics.JointDef{
		{Kind: physics.Pin, A: a, B: b},
		{Kind: physics.Pivot, A: physics.Ground, B: a, AnchorA: mgl64.Vec2{0, 0}},
		{Kind: physics.Slide, A: a, B: b, Min: 1, Max: 3},
		{Kind: physics.Spring, A: a, B: b, RestLength: 2, Stiffness: 10, Damping: 1},
	}
	var ids []physics.JointID
	for _, d := range kinds {
		id, err := w.AddJoint(d)
		if err != nil {
			t.Fatalf("%v joint: %v", d.Kind, err)
		}
		ids = append(ids, id)
	}
	if err := w.Step(tick); err != nil {
		t.Fatal(err)
	}
	if err := w.RemoveBody(a); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if err := w.RemoveJoint(id); !errors.Is(err, physics.ErrNoJoint) {
			t.Errorf("removing joint %d after its body: %v, want ErrNoJoint", id, err)
		}
	}
	if err := w.Step(tick); err != nil {
		t.Fatal(err)
	}
}

func TestShapesDescribeWhatWasAdded(t *testing.T) {
	w := mustWorld(t, physics.Config{})
	tri := physics.PolygonShape(mgl64.Vec2{0, 0}, mgl64.Vec2{1, 0}, mgl64.Vec2{0.2, 0.2}, mgl64.Vec2{0, 1})
	id := mustAdd(t, w, physics.BodyDef{Mass: 1, Shapes: []physics.Shape{physics.CircleShape(1), tri}})
	got, err := w.Shapes(id, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Kind != physics.Circle || got[0].Radius != 1 || got[1].Kind != physics.Polygon {
		t.Fatalf("shapes %+v, want a circle of radius 1 and a polygon", got)
	}
	if len(got[1].Verts) != 3 {
		t.Errorf("polygon has %d vertices %v, want its hull's 3", len(got[1].Verts), got[1].Verts)
	}
}

func TestATeleportedBodyIsQueriedAtItsNewPlace(t *testing.T) {
	for _, kind := range []physics.BodyKind{physics.Dynamic, physics.Kinematic, physics.Static} {
		w := mustWorld(t, physics.Config{})
		d := ball(0, 0)
		d.Kind = kind
		id := mustAdd(t, w, d)
		if err := w.Step(tick); err != nil {
			t.Fatal(err)
		}
		if err := w.Teleport(id, mgl64.Vec2{10, 0}, 0); err != nil {
			t.Fatal(err)
		}
		// No step: cp would only move the shape's bounding box then.
		at, _ := w.QueryPoint(mgl64.Vec2{10, 0}, physics.Filter{}, nil)
		was, _ := w.QueryPoint(mgl64.Vec2{0, 0}, physics.Filter{}, nil)
		if len(at) != 1 || at[0] != id || len(was) != 0 {
			t.Errorf("%v body teleported from (0, 0) to (10, 0): found there %v, at its old place %v", kind, at, was)
		}
	}
}

func TestSensorsBetweenBodiesThatCannotMoveAreNotReported(t *testing.T) {
	var got []physics.Contact
	w := mustWorld(t, physics.Config{OnContact: func(c physics.Contact) error { got = append(got, c); return nil }})
	zone := physics.BoxShape(2, 2)
	zone.Sensor = true
	mustAdd(t, w, physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{zone}})
	mustAdd(t, w, physics.BodyDef{Kind: physics.Kinematic, Shapes: []physics.Shape{physics.BoxShape(1, 1)}})
	dyn := mustAdd(t, w, ball(0.5, 0))
	if err := w.Step(tick); err != nil {
		t.Fatal(err)
	}
	// The kinematic box overlaps the static sensor too; cp would report
	// that pair, Box2D would not, and neither reports solid pairs of
	// bodies that cannot move.
	for _, c := range got {
		if c.B != dyn {
			t.Errorf("reported %+v between bodies that cannot move", c)
		}
	}
	if len(got) != 2 {
		t.Errorf("reports %+v, want the dynamic ball with the sensor and with the kinematic box", got)
	}
}

func TestTeleportingAFloorWakesWhatSleepsOnIt(t *testing.T) {
	w := mustWorld(t, physics.Config{Gravity: mgl64.Vec2{0, -10}, Sleep: true})
	floor := mustAdd(t, w, physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{physics.BoxShape(10, 1)}})
	b := mustAdd(t, w, ball(0, 1))
	for range 120 {
		if err := w.Step(tick); err != nil {
			t.Fatal(err)
		}
	}
	if asleep, _ := w.Sleeping(b); !asleep {
		t.Fatal("the ball on the floor did not fall asleep in 2 s")
	}
	if err := w.Teleport(floor, mgl64.Vec2{0, -5}, 0); err != nil {
		t.Fatal(err)
	}
	for range 30 {
		if err := w.Step(tick); err != nil {
			t.Fatal(err)
		}
	}
	if s, _ := w.State(b); s.Pos.Y() > 0 {
		t.Errorf("the ball stayed at y = %.3f after its floor dropped 5 units away", s.Pos.Y())
	}
}
