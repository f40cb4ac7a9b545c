package physicstest

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// anchorAt is where a point in body coordinates is in the world.
func anchorAt(s physics.BodyState, local mgl64.Vec2) mgl64.Vec2 {
	return s.Pos.Add(mgl64.Rotate2D(s.Angle).Mul2x1(local))
}

// testPin swings a ball on a rod of length 3 from a point: the distance
// holds to 0.05 every step of the swing, whose speed reaches 7.7 units/s
// (cp's rod, corrected softly, stretches 0.026 at the bottom; a missing
// rod lets the ball fall metres).
func testPin(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{Gravity: g})
	pivot := mgl64.Vec2{0, 5}
	id := w.ball(mgl64.Vec2{3, 5}, 0.25, 0, 0)
	w.joint(physics.JointDef{Kind: physics.Pin, A: physics.Ground, B: id, AnchorA: pivot})
	lowest, worst := math.Inf(1), 0.0
	for i := range 180 {
		w.step(1)
		s := w.state(id)
		lowest = min(lowest, s.Pos.Y())
		d := s.Pos.Sub(pivot).Len()
		worst = max(worst, math.Abs(d-3))
		if !near(d, 3, 0.05) {
			t.Fatalf("step %d: pinned ball %.4f from the pin, want 3 ± 0.05", i+1, d)
		}
	}
	t.Logf("pin of 3: off by at most %.5f", worst)
	if lowest > 2.2 {
		t.Errorf("the pendulum never swung down (lowest y %.3f, want near 2)", lowest)
	}
}

// testPivot swings a bar about one end: that end stays on the pivot to
// 0.03 every step (cp's drifts up to 0.017 in the fastest part of the
// swing).
func testPivot(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{Gravity: g})
	pivot := mgl64.Vec2{0, 5}
	id := w.box(mgl64.Vec2{1, 5}, 2, 0.25, 0, 0)
	end := mgl64.Vec2{-1, 0}
	w.joint(physics.JointDef{Kind: physics.Pivot, A: physics.Ground, B: id, AnchorA: pivot, AnchorB: end})
	turned, worst := 0.0, 0.0
	for i := range 180 {
		w.step(1)
		s := w.state(id)
		turned = max(turned, math.Abs(s.Angle))
		p := anchorAt(s, end)
		worst = max(worst, p.Sub(pivot).Len())
		if !nearVec(p, pivot, 0.03) {
			t.Fatalf("step %d: the bar's pivoted end is at %v, want %v ± 0.03", i+1, p, pivot)
		}
	}
	t.Logf("pivot: end off by at most %.5f", worst)
	if turned < 1 {
		t.Errorf("the bar turned at most %.3f rad, want it to swing", turned)
	}
}

// testSlide pushes a ball at 3 units/s towards and away from a point it is
// held to between 1 and 2 units. A backend may act on a limit only once it
// is crossed (cp does), letting the ball past by one step's motion, 0.05,
// so both limits hold to 0.06; the ball must reach each.
func testSlide(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{})
	anchor := mgl64.Vec2{0, 5}
	id := w.ball(mgl64.Vec2{0, 3.5}, 0.25, 0, 0)
	w.joint(physics.JointDef{Kind: physics.Slide, A: physics.Ground, B: id, AnchorA: anchor, Min: 1, Max: 2})
	shortest, longest := math.Inf(1), 0.0
	for _, push := range []struct {
		vel   float64
		limit float64
	}{{3, 1}, {-3, 2}} {
		w.must(w.SetVelocity(id, mgl64.Vec2{0, push.vel}, 0))
		for i := range 60 {
			w.step(1)
			d := w.state(id).Pos.Sub(anchor).Len()
			shortest, longest = min(shortest, d), max(longest, d)
			if d < 1-0.06 || d > 2+0.06 {
				t.Fatalf("moving at %v: step %d: %.4f from the anchor, want 1 to 2", push.vel, i+1, d)
			}
		}
	}
	t.Logf("slide of 1 to 2 ranged %.4f to %.4f", shortest, longest)
	if shortest > 1.02 || longest < 1.98 {
		t.Errorf("the ball ranged %.4f to %.4f from the anchor, want it pushed to both limits, 1 and 2", shortest, longest)
	}
}

// testSpring releases a ball stretched 1 unit beyond a spring's rest
// length of 2, without damping: it swings through the rest length again
// and again (period 2π√(m/k) = 0.89 s), reaching well past it each way,
// and averages near it.
func testSpring(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{})
	anchor := mgl64.Vec2{0, 5}
	id := w.add(physics.BodyDef{Pos: mgl64.Vec2{0, 2}, Mass: 1, Shapes: []physics.Shape{physics.CircleShape(0.25)}})
	w.joint(physics.JointDef{Kind: physics.Spring, A: physics.Ground, B: id, AnchorA: anchor, RestLength: 2, Stiffness: 50})
	const n = 240 // 4 s, 4.5 periods
	shortest, longest, sum, crossings := math.Inf(1), 0.0, 0.0, 0
	prev := 3.0
	for i := range n {
		w.step(1)
		d := w.state(id).Pos.Sub(anchor).Len()
		shortest, sum = min(shortest, d), sum+d
		if i > 30 {
			longest = max(longest, d)
		}
		if (prev-2)*(d-2) < 0 {
			crossings++
		}
		prev = d
	}
	t.Logf("spring: %.4f to %.4f, %d crossings, average %.4f", shortest, longest, crossings, sum/n)
	if shortest > 1.5 || longest < 2.5 {
		t.Errorf("spring swung between %.3f and %.3f, want past 1.5 and 2.5 (undamped: 1 to 3)", shortest, longest)
	}
	if crossings < 6 {
		t.Errorf("spring crossed its rest length %d times in 4 s, want about 9", crossings)
	}
	if avg := sum / n; !near(avg, 2, 0.15) {
		t.Errorf("spring length averaged %.3f, want 2 ± 0.15", avg)
	}
}

// testDampedSpring: with critical damping (2√(k·m) = 14.1) the same
// spring settles at its rest length within 3 s.
func testDampedSpring(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{})
	anchor := mgl64.Vec2{0, 5}
	id := w.add(physics.BodyDef{Pos: mgl64.Vec2{0, 2}, Mass: 1, Shapes: []physics.Shape{physics.CircleShape(0.25)}})
	w.joint(physics.JointDef{Kind: physics.Spring, A: physics.Ground, B: id, AnchorA: anchor, RestLength: 2, Stiffness: 50, Damping: 14})
	w.step(180)
	s := w.state(id)
	t.Logf("damped spring after 3 s: length %.5f, speed %.5f", s.Pos.Sub(anchor).Len(), s.Vel.Len())
	if d := s.Pos.Sub(anchor).Len(); !near(d, 2, 0.02) || s.Vel.Len() > 0.05 {
		t.Errorf("critically damped spring after 3 s: length %.4f moving at %.4f, want 2 at rest", d, s.Vel.Len())
	}
}

// testDrag pulls a ball to a target against gravity; it arrives within 0.1
// in 90 ticks, stays there while the target is still, and follows when the
// target moves.
func testDrag(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{Gravity: g})
	id := w.add(physics.BodyDef{Mass: 1, Shapes: []physics.Shape{physics.CircleShape(0.25)}})
	j := w.joint(physics.JointDef{Kind: physics.Drag, B: id, MaxForce: 1000})
	for _, target := range []mgl64.Vec2{{2, 3}, {2, 3}, {-2, 1}} {
		w.must(w.DragTo(j, target))
		w.step(90)
		t.Logf("drag to %v: %.4f away after 90 ticks", target, w.state(id).Pos.Sub(target).Len())
		if p := w.state(id).Pos; !nearVec(p, target, 0.1) {
			t.Errorf("dragged ball at %v after 90 ticks, want within 0.1 of %v", p, target)
		}
	}
}

// testJointCollide overlaps two boxes held by a loose slide joint: by
// default they pass through each other, with Collide they push apart (to
// 1 less what the backend lets shapes overlap: cp's slop of 0.1) and
// report the contact.
func testJointCollide(t *testing.T, open Opener) {
	for _, collide := range []bool{false, true} {
		touched := false
		var a, b physics.BodyID
		w := newWorld(t, open, physics.Config{OnContact: func(c physics.Contact) error {
			if c.A == a && c.B == b && !c.Ended {
				touched = true
			}
			return nil
		}})
		a = w.box(mgl64.Vec2{0, 0}, 1, 1, 0, 0)
		b = w.box(mgl64.Vec2{0.5, 0}, 1, 1, 0, 0)
		w.joint(physics.JointDef{Kind: physics.Slide, A: a, B: b, Max: 5, Collide: collide})
		w.step(30)
		gap := w.state(b).Pos.X() - w.state(a).Pos.X()
		t.Logf("Collide %v: boxes ended %.4f apart", collide, gap)
		if collide && (!touched || gap < 0.85) {
			t.Errorf("Collide: boxes 0.5 apart reported touching %v and ended %.3f apart, want touching and pushed to about 1", touched, gap)
		}
		if !collide && (touched || !near(gap, 0.5, 1e-6)) {
			t.Errorf("without Collide: boxes 0.5 apart reported touching %v and ended %.3f apart, want untouched at 0.5", touched, gap)
		}
	}
}
