//go:build box2d && cgo

package box2d

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// Behaviour particular to this backend: what Box2D offers that Chipmunk
// lacks, and what it cannot do.

func TestBulletsDoNotTunnelAndContinuousCollisionGoesWithThem(t *testing.T) {
	// A small ball at 300 units/s moves 5 units a step: without
	// continuous collision it passes a 0.2-unit wall between two steps.
	shoot := func(w *World, bullet bool) float64 {
		t.Helper()
		d := ball(mgl64.Vec2{-3, 0}, 0.1)
		d.Vel, d.Bullet = mgl64.Vec2{300, 0}, bullet
		id := mustAdd(t, w, d)
		mustStep(t, w, 10)
		x := mustState(t, w, id).Pos[0]
		if err := w.RemoveBody(id); err != nil {
			t.Fatal(err)
		}
		return x
	}
	w := newWorld(t, physics.Config{})
	mustAdd(t, w, physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{physics.BoxShape(0.2, 10)}})
	if x := shoot(w, false); x < 0 {
		t.Errorf("without Bullet the ball stopped at x = %v: continuous collision was on", x)
	}
	if x := shoot(w, true); x > 0 {
		t.Errorf("a Bullet passed the wall to x = %v", x)
	}
	// Removing the last bullet turns continuous collision off again.
	if x := shoot(w, false); x < 0 {
		t.Errorf("after the bullet went, a plain ball stopped at x = %v", x)
	}
}

func TestMaxForceIsRefusedOnJointsBox2DCannotCap(t *testing.T) {
	w := newWorld(t, physics.Config{})
	a := mustAdd(t, w, ball(mgl64.Vec2{}, 0.5))
	b := mustAdd(t, w, ball(mgl64.Vec2{2, 0}, 0.5))
	for _, k := range []physics.JointKind{physics.Pin, physics.Pivot, physics.Slide, physics.Spring} {
		d := physics.JointDef{Kind: k, A: a, B: b, Max: 3, MaxForce: 10}
		if _, err := w.AddJoint(d); !errors.Is(err, physics.ErrInvalid) {
			t.Errorf("%v joint with MaxForce: %v; want ErrInvalid", k, err)
		}
	}
	if _, err := w.AddJoint(physics.JointDef{Kind: physics.Drag, B: b, AnchorA: mgl64.Vec2{2, 0}, MaxForce: 10}); err != nil {
		t.Errorf("drag joint with MaxForce: %v", err)
	}
}

func TestASpringWithoutStiffnessStillDamps(t *testing.T) {
	w := newWorld(t, physics.Config{})
	a := mustAdd(t, w, ball(mgl64.Vec2{}, 0.5))
	b := mustAdd(t, w, ball(mgl64.Vec2{3, 0}, 0.5))
	if _, err := w.AddJoint(physics.JointDef{Kind: physics.Spring, A: a, B: b, RestLength: 3, Damping: 5}); err != nil {
		t.Fatal(err)
	}
	if err := w.SetVelocity(b, mgl64.Vec2{4, 0}, 0); err != nil {
		t.Fatal(err)
	}
	mustStep(t, w, 120)
	sa, sb := mustState(t, w, a), mustState(t, w, b)
	if rel := sb.Vel[0] - sa.Vel[0]; math.Abs(rel) > 0.1 {
		t.Errorf("after 2 s the damper left a relative speed of %v of 4", rel)
	}
	// Momentum is kept: both move at half the initial speed.
	if v := sa.Vel[0] + sb.Vel[0]; math.Abs(v-4) > 1e-3 {
		t.Errorf("total velocity %v, want 4", v)
	}
}

func TestContactsAddUpEveryPieceOfAPair(t *testing.T) {
	// A capsule (a rectangle and two circles in Box2D) lying on a box
	// touches it through several fixtures: one report, whose impulse
	// carries the capsule's whole weight.
	var got []physics.Contact
	w := newWorld(t, physics.Config{Gravity: mgl64.Vec2{0, -10}, OnContact: func(c physics.Contact) error {
		got = append(got, c)
		return nil
	}})
	mustAdd(t, w, floor(0))
	s := physics.SegmentShape(mgl64.Vec2{-1, 0}, mgl64.Vec2{1, 0}, 0.25)
	s.Density = 1
	id := mustAdd(t, w, physics.BodyDef{Pos: mgl64.Vec2{0, 0.25}, Shapes: []physics.Shape{s}})
	mustStep(t, w, 60)
	got = got[:0]
	mustStep(t, w, 1)
	if len(got) != 1 || got[0].A != 1 || got[0].B != id || got[0].Began || got[0].Sensor {
		t.Fatalf("reports %+v; want one ongoing contact between 1 and %d", got, id)
	}
	// The floor (A) is pushed down by the capsule's weight for a step.
	mass := 2*0.25*2 + math.Pi*0.25*0.25
	if want := -mass * 10 * tick.Seconds(); math.Abs(got[0].Impulse[1]-want) > 0.02*math.Abs(want) || math.Abs(got[0].Normal[1]-1) > 1e-6 {
		t.Errorf("impulse on the floor %v with normal %v; want (0, %.4f), normal (0, 1)", got[0].Impulse, got[0].Normal, want)
	}
	if p := got[0].Point; math.Abs(p[1]) > linearSlop || math.Abs(p[0]) > 1.25 {
		t.Errorf("contact point %v is not on the floor's top under the capsule", p)
	}
}

func TestMovingOrRemovingABodyWakesWhatSleepsOnIt(t *testing.T) {
	for _, remove := range []bool{false, true} {
		w := newWorld(t, physics.Config{Gravity: mgl64.Vec2{0, -10}, Sleep: true})
		mustAdd(t, w, floor(-5))
		shelf := mustAdd(t, w, physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{physics.BoxShape(2, 0.2)}})
		box := physics.BoxShape(0.5, 0.5)
		box.Density, box.Friction = 1, 1
		id := mustAdd(t, w, physics.BodyDef{Pos: mgl64.Vec2{0, 0.35}, Shapes: []physics.Shape{box}})
		mustStep(t, w, 120)
		if asleep, err := w.Sleeping(id); err != nil || !asleep {
			t.Fatalf("the box on the shelf is not asleep after 2 s: %v, %v", asleep, err)
		}
		var err error
		if remove {
			err = w.RemoveBody(shelf)
		} else {
			err = w.Teleport(shelf, mgl64.Vec2{0, -2}, 0)
		}
		if err != nil {
			t.Fatal(err)
		}
		mustStep(t, w, 30)
		if y := mustState(t, w, id).Pos[1]; y > 0 {
			t.Errorf("remove %v: the box stayed asleep at y = %v when its shelf went", remove, y)
		}
	}
}
