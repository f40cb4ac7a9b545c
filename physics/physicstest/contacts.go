package physicstest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// recorder keeps the contact reports of the last step.
type recorder struct{ got []physics.Contact }

func (r *recorder) config(cfg physics.Config) physics.Config {
	cfg.OnContact = func(c physics.Contact) error { r.got = append(r.got, c); return nil }
	return cfg
}

// step steps w once and returns that step's reports.
func (r *recorder) step(w *world) []physics.Contact {
	w.t.Helper()
	r.got = r.got[:0]
	w.step(1)
	return r.got
}

// testTeleport: a teleported body is where it was put, with its velocity,
// and only the next snapshot says it was teleported.
func testTeleport(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{})
	id := w.add(physics.BodyDef{Vel: mgl64.Vec2{1, 0}, Mass: 1, Shapes: []physics.Shape{physics.CircleShape(0.5)}})
	other := w.add(physics.BodyDef{Pos: mgl64.Vec2{5, 5}, Mass: 1, Shapes: []physics.Shape{physics.CircleShape(0.5)}})
	w.step(1)
	var snap []physics.BodyState
	snap = w.Snapshot(snap)
	if snap[0].Teleported || snap[1].Teleported {
		t.Fatalf("snapshot before any teleport: %+v", snap)
	}
	w.must(w.Teleport(id, mgl64.Vec2{10, 5}, 1))
	w.step(1)
	snap = w.Snapshot(snap)
	want := mgl64.Vec2{10 + seconds(1), 5}
	if s := snap[0]; !s.Teleported || !nearVec(s.Pos, want, 1e-5) || !near(s.Angle, 1, 1e-6) || !nearVec(s.Vel, mgl64.Vec2{1, 0}, 1e-6) {
		t.Fatalf("after teleporting to (10, 5) angle 1 and a step at (1, 0)/s: %+v; want Teleported at %v", s, want)
	}
	if snap[1].Teleported {
		t.Fatalf("body %d was not teleported but is marked so", other)
	}
	w.step(1)
	if snap = w.Snapshot(snap); snap[0].Teleported {
		t.Fatal("the second snapshot after a teleport is still marked Teleported")
	}
}

// dropBall makes a world with the ground (ID 1) and a ball of radius 0.5
// (ID 2) whose bottom is 0.5 above it.
func dropBall(t *testing.T, open Opener, r *recorder) (*world, physics.BodyID, physics.BodyID) {
	w := newWorld(t, open, r.config(physics.Config{Gravity: g}))
	ground := w.ground(0.5, 0)
	ball := w.ball(mgl64.Vec2{0, 1}, 0.5, 0.5, 0)
	return w, ground, ball
}

// testContactLifetime drops a ball on the ground, lets it rest, lifts it
// away: Began on the first step it touches, a report every step while it
// does, Ended once on the first step it does not.
func testContactLifetime(t *testing.T, open Opener) {
	var r recorder
	w, ground, ball := dropBall(t, open, &r)
	want := physics.Contact{A: ground, B: ball}
	began, touching := 0, 0
	for i := range 120 {
		got := r.step(w)
		if len(got) == 0 {
			if touching > 0 {
				t.Fatalf("step %d: no report for the ball resting on the ground", i+1)
			}
			continue
		}
		if len(got) != 1 || got[0].A != want.A || got[0].B != want.B || got[0].Ended || got[0].Sensor {
			t.Fatalf("step %d: reports %+v, want one for bodies %d and %d", i+1, got, ground, ball)
		}
		if got[0].Began {
			began++
			if touching > 0 {
				t.Fatalf("step %d: Began again after %d steps touching", i+1, touching)
			}
		} else if touching == 0 {
			t.Fatalf("step %d: first report without Began: %+v", i+1, got[0])
		}
		touching++
	}
	if began != 1 || touching < 60 {
		t.Fatalf("ball dropped 0.5 on the ground: Began %d times, touching %d of 120 steps; want once, and every step after landing (~100)", began, touching)
	}
	w.must(w.Teleport(ball, mgl64.Vec2{0, 20}, 0))
	w.must(w.SetVelocity(ball, mgl64.Vec2{}, 0))
	got := r.step(w)
	if len(got) != 1 || got[0] != (physics.Contact{A: ground, B: ball, Ended: true}) {
		t.Fatalf("the step after lifting the ball away: reports %+v, want one Ended with nothing else set", got)
	}
	for i := range 10 {
		if got := r.step(w); len(got) != 0 {
			t.Fatalf("step %d after the end: reports %+v, want none", i+2, got)
		}
	}
}

// testContactDetails checks a resting contact's report: the point on the
// ground's surface under the ball, the normal from A (ground) to B (ball),
// and the impulse on A, which holds the ball up: its weight times dt,
// m·g·dt = 0.131 for a ball of radius 0.5 and density 1, pushing the
// ground down. The skin and solver iterations leave a few percent.
func testContactDetails(t *testing.T, open Opener) {
	var r recorder
	w, _, _ := dropBall(t, open, &r)
	w.step(119)
	got := r.step(w)
	if len(got) != 1 {
		t.Fatalf("resting ball: %d reports, want 1", len(got))
	}
	c := got[0]
	t.Logf("resting contact: %+v", c)
	if !nearVec(c.Point, mgl64.Vec2{0, 0}, 0.05) {
		t.Errorf("contact point %v, want on the ground's surface under the ball, (0, 0) ± 0.05", c.Point)
	}
	if !nearVec(c.Normal, mgl64.Vec2{0, 1}, 1e-3) {
		t.Errorf("normal %v, want (0, 1), from the ground to the ball", c.Normal)
	}
	weight := 0.25 * 3.141592653589793 * 10 * dt.Seconds()
	if !nearVec(c.Impulse, mgl64.Vec2{0, -weight}, 0.1*weight) {
		t.Errorf("impulse on the ground %v, want (0, %.4f) ± 10%%: the ball's weight × dt, downwards", c.Impulse, -weight)
	}
}

// testContactOrder rests four boxes on the ground and a fifth on the
// first, the first box with two shapes touching the ground: each step
// reports every pair once, sorted by A then B.
func testContactOrder(t *testing.T, open Opener) {
	var r recorder
	w := newWorld(t, open, r.config(physics.Config{Gravity: g}))
	ground := w.ground(1, 0)
	var boxes []physics.BodyID
	twin := []physics.Shape{
		{Kind: physics.Box, Half: mgl64.Vec2{0.25, 0.5}, Offset: mgl64.Vec2{-0.25, 0}, Density: 1, Friction: 1},
		{Kind: physics.Box, Half: mgl64.Vec2{0.25, 0.5}, Offset: mgl64.Vec2{0.25, 0}, Density: 1, Friction: 1},
	}
	boxes = append(boxes, w.add(physics.BodyDef{Pos: mgl64.Vec2{0, 0.5}, Shapes: twin}))
	for i := 1; i < 4; i++ {
		boxes = append(boxes, w.box(mgl64.Vec2{2 * float64(i), 0.5}, 1, 1, 1, 0))
	}
	boxes = append(boxes, w.box(mgl64.Vec2{0, 1.5}, 1, 1, 1, 0))
	w.step(60)
	got := r.step(w)
	want := []physics.Contact{{A: ground, B: boxes[0]}, {A: ground, B: boxes[1]}, {A: ground, B: boxes[2]}, {A: ground, B: boxes[3]}, {A: boxes[0], B: boxes[4]}}
	if len(got) != len(want) {
		t.Fatalf("reports %s, want pairs %s", pairs(got), pairs(want))
	}
	for i := range want {
		if got[i].A != want[i].A || got[i].B != want[i].B || got[i].Began || got[i].Ended {
			t.Fatalf("reports %s, want pairs %s, none beginning or ending", pairs(got), pairs(want))
		}
	}
}

func pairs(cs []physics.Contact) string {
	s := ""
	for _, c := range cs {
		s += fmt.Sprintf("(%d,%d) ", c.A, c.B)
	}
	return s
}

// testContactRemoval: removing a body reports its contacts Ended at the
// next step, once.
func testContactRemoval(t *testing.T, open Opener) {
	var r recorder
	w, ground, ball := dropBall(t, open, &r)
	w.step(60)
	w.must(w.RemoveBody(ball))
	if got := r.step(w); len(got) != 1 || got[0] != (physics.Contact{A: ground, B: ball, Ended: true}) {
		t.Fatalf("the step after removing the resting ball: reports %+v, want one Ended for %d and %d", got, ground, ball)
	}
	if got := r.step(w); len(got) != 0 {
		t.Fatalf("two steps after removing the ball: reports %+v, want none", got)
	}
}

// testSensor drops a ball through a sensor zone: it is reported with
// Sensor, Began once and Ended once, with no point, normal or impulse, and
// falls exactly like a twin that meets nothing.
func testSensor(t *testing.T, open Opener) {
	var r recorder
	w := newWorld(t, open, r.config(physics.Config{Gravity: g}))
	zone := physics.BoxShape(4, 1)
	zone.Sensor = true
	sensor := w.add(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{0, 5}, Shapes: []physics.Shape{zone}})
	ball := w.ball(mgl64.Vec2{0, 7}, 0.25, 0.5, 0.5)
	twin := w.ball(mgl64.Vec2{50, 7}, 0.25, 0.5, 0.5)
	began, inside, ended := 0, 0, 0
	for i := range 90 {
		for _, c := range r.step(w) {
			if c.A != sensor || c.B != ball || !c.Sensor || c.Point != (mgl64.Vec2{}) || c.Normal != (mgl64.Vec2{}) || c.Impulse != (mgl64.Vec2{}) {
				t.Fatalf("step %d: report %+v, want a Sensor report for %d and %d with nothing else", i+1, c, sensor, ball)
			}
			switch {
			case c.Began:
				began++
			case c.Ended:
				ended++
			default:
				inside++
			}
		}
		b, tw := w.state(ball), w.state(twin)
		if b.Pos.Y() != tw.Pos.Y() || b.Vel != tw.Vel || b.Pos.X() != 0 || b.AngVel != 0 {
			t.Fatalf("step %d: ball through the sensor %+v, twin %+v: the sensor pushed it", i+1, b, tw)
		}
	}
	// The ball overlaps the zone from y = 5.75 to 4.25: 0.5 s to 0.74 s
	// into its fall, about 14 steps.
	t.Logf("sensor: inside %d steps", inside)
	if began != 1 || ended != 1 || inside < 10 || inside > 18 {
		t.Errorf("ball through a sensor: Began %d, inside %d steps, Ended %d; want 1, about 14, 1", began, inside, ended)
	}
}

// testCallbackRules: inside OnContact, Mover and Querier methods work and
// Builder methods and Step are refused with ErrBusy; an error returned by
// the callback ends Step, wrapped.
func testCallbackRules(t *testing.T, open Opener) {
	stop := errors.New("stop")
	var w *world
	var inner map[string]error
	var ball physics.BodyID
	var joint physics.JointID
	w = newWorld(t, open, physics.Config{Gravity: g, OnContact: func(c physics.Contact) error {
		if inner != nil {
			return nil
		}
		_, addErr := w.AddBody(physics.BodyDef{Mass: 1, Shapes: []physics.Shape{physics.CircleShape(1)}})
		_, jointErr := w.AddJoint(physics.JointDef{Kind: physics.Pivot, A: physics.Ground, B: ball})
		_, queryErr := w.QueryPoint(mgl64.Vec2{}, physics.Filter{}, nil)
		inner = map[string]error{
			"Step":         w.Step(dt),
			"AddBody":      addErr,
			"RemoveBody":   w.RemoveBody(ball),
			"AddJoint":     jointErr,
			"RemoveJoint":  w.RemoveJoint(joint),
			"SetVelocity":  w.SetVelocity(ball, mgl64.Vec2{0, 1}, 0),
			"ApplyImpulse": w.ApplyImpulse(ball, mgl64.Vec2{1, 0}, w.state(ball).Pos),
			"Wake":         w.Wake(ball),
			"QueryPoint":   queryErr,
		}
		return stop
	}})
	w.ground(0, 0)
	ball = w.ball(mgl64.Vec2{0, 0.6}, 0.5, 0, 0)
	joint = w.joint(physics.JointDef{Kind: physics.Slide, A: physics.Ground, B: ball, AnchorA: mgl64.Vec2{0, 5}, Max: 10})
	var err error
	for range 30 {
		if err = w.Step(dt); err != nil {
			break
		}
	}
	if !errors.Is(err, stop) {
		t.Fatalf("Step returned %v, want it to wrap the callback's error", err)
	}
	for name, err := range inner {
		busy := name == "Step" || name == "AddBody" || name == "RemoveBody" || name == "AddJoint" || name == "RemoveJoint"
		if busy && !isWrapped(err, physics.ErrBusy) {
			t.Errorf("%s inside OnContact: %v, want a wrapped ErrBusy", name, err)
		}
		if !busy && err != nil {
			t.Errorf("%s inside OnContact: %v, want it allowed", name, err)
		}
	}
	if len(inner) == 0 {
		t.Fatal("no contact was reported")
	}
	if w.Len() != 2 {
		t.Errorf("after refused calls inside OnContact the world holds %d bodies, want 2", w.Len())
	}
	if err := w.RemoveJoint(joint); err != nil {
		t.Errorf("the joint a busy RemoveJoint refused is gone: %v", err)
	}
}

// testSleepingContacts lets a box fall asleep on the ground inside a
// sensor zone: both its contacts go on being reported every step, neither
// Ended, though the backend no longer tests them.
func testSleepingContacts(t *testing.T, open Opener) {
	var r recorder
	w := newWorld(t, open, r.config(physics.Config{Gravity: g, Sleep: true}))
	ground := w.ground(1, 0)
	zone := physics.BoxShape(4, 4)
	zone.Sensor = true
	sensor := w.add(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{0, 1}, Shapes: []physics.Shape{zone}})
	box := w.box(mgl64.Vec2{0, 0.5}, 1, 1, 1, 0)
	asleep := false
	for range 180 {
		r.step(w)
		var err error
		if asleep, err = w.Sleeping(box); err != nil || asleep {
			break
		}
	}
	if !asleep {
		t.Fatal("the box did not fall asleep in 3 s")
	}
	want := []physics.Contact{{A: ground, B: box}, {A: sensor, B: box, Sensor: true}}
	for i := range 60 {
		got := r.step(w)
		if len(got) != 2 {
			t.Fatalf("step %d asleep: reports %s, want %s", i+1, pairs(got), pairs(want))
		}
		for j := range want {
			if got[j].A != want[j].A || got[j].B != want[j].B || got[j].Sensor != want[j].Sensor || got[j].Began || got[j].Ended {
				t.Fatalf("step %d asleep: report %+v, want %+v still touching", i+1, got[j], want[j])
			}
		}
	}
}
