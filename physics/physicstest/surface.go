package physicstest

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// Backends let touching shapes overlap a little, or keep a skin between
// them, to keep contacts steady: cp lets a landing body sink up to its
// collision slop (0.1 by default) and Box2D keeps polygons about 0.015
// apart. sink and skin bound where a resting body may settle relative to
// the exact surface.
const (
	sink = 0.05
	skin = 0.03
)

// testResting places a box just above the ground and checks that it
// settles on the surface, comes to rest and stays there.
func testResting(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{Gravity: g})
	w.ground(0.5, 0)
	id := w.box(mgl64.Vec2{0, 0.52}, 1, 1, 0.5, 0)
	w.step(120)
	settled := w.state(id)
	if settled.Pos.Y() < 0.5-sink || settled.Pos.Y() > 0.5+skin {
		t.Fatalf("box of height 1 on the ground settled at y = %.4f, want 0.5 (%.2f below to %.2f above)", settled.Pos.Y(), sink, skin)
	}
	lowest, highest := settled.Pos.Y(), settled.Pos.Y()
	for range 240 {
		w.step(1)
		s := w.state(id)
		lowest, highest = min(lowest, s.Pos.Y()), max(highest, s.Pos.Y())
		if s.Vel.Len() > 0.01 || math.Abs(s.AngVel) > 0.01 {
			t.Fatalf("resting box moves at %v, spins at %v", s.Vel, s.AngVel)
		}
	}
	t.Logf("resting box settled at y = %.5f, then between %.6f and %.6f", settled.Pos.Y(), lowest, highest)
	// A body at rest does not creep into the ground: 1 mm over 4 s.
	if highest-lowest > 1e-3 || math.Abs(w.state(id).Angle) > 1e-3 || math.Abs(w.state(id).Pos.X()) > 1e-3 {
		t.Errorf("resting box wandered: y between %.5f and %.5f, final %+v", lowest, highest, w.state(id))
	}
}

// rebound drops a ball of radius 0.5 from 2 units above the ground and
// returns how high its bottom rises after the first bounce, as a fraction
// of the drop.
func rebound(t *testing.T, open Opener, ballE, groundE float64) float64 {
	w := newWorld(t, open, physics.Config{Gravity: g})
	w.ground(0, groundE)
	const r, drop = 0.5, 2.0
	id := w.ball(mgl64.Vec2{0, r + drop}, r, 0, ballE)
	bounced, apex := false, 0.0
	for range 240 {
		w.step(1)
		s := w.state(id)
		if s.Vel.Y() > 0 {
			bounced = true
		}
		if bounced {
			apex = max(apex, s.Pos.Y()-r)
		}
		if bounced && s.Vel.Y() < 0 {
			break
		}
	}
	return apex / drop
}

// testRestitution: the rebound height is e² of the drop for a pair's
// restitution e, the product of both shapes' (not Box2D's default of the
// larger, nor a geometric mean). Discrete steps gain or lose a few percent
// (cp returns 1.000 and 0.235 of the drop, Box2D 1.054 at e = 1), so each
// outcome has a band that the other rules miss: 0.5 × 1 gives e² = 0.25,
// where max would give 1 and sqrt 0.5.
func testRestitution(t *testing.T, open Opener) {
	tests := []struct {
		name            string
		ballE, groundE  float64
		lowest, highest float64
	}{
		{"0 stays down", 0, 0, 0, 0.02},
		{"1 × 1 returns near its height", 1, 1, 0.9, 1.1},
		{"1 × 0.5 bounces a quarter", 1, 0.5, 0.2, 0.3},
		{"0.5 × 1 bounces a quarter", 0.5, 1, 0.2, 0.3},
		{"0.5 × 0 stays down", 0.5, 0, 0, 0.02},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := rebound(t, open, tt.ballE, tt.groundE)
			t.Logf("rebound %.4f", h)
			if h < tt.lowest || h > tt.highest {
				t.Errorf("restitution %v on %v: rebound %.3f of the drop, want %.2f to %.2f", tt.ballE, tt.groundE, h, tt.lowest, tt.highest)
			}
		})
	}
}

// testFrictionFloor slides a box 2 wide and 1 high at 5 units/s on the
// ground. With a pair friction μ it stops after v²/(2μg): 2.5 units at μ =
// 0.5 × 1 (sqrt mixing would give 0.71 and 1.77 units). 10% covers the
// skin and the discrete steps. Without friction it keeps sliding. (A box
// as wide as high would be on the point of tipping at μ = 1, its load all
// on its front edge.)
func testFrictionFloor(t *testing.T, open Opener) {
	tests := []struct {
		name           string
		boxMu, floorMu float64
		distance       float64 // 0: keeps sliding
	}{
		{"frictionless keeps sliding", 0, 1, 0},
		{"ice under a rough box keeps sliding", 1, 0, 0},
		{"0.5 × 1 stops after 2.5", 0.5, 1, 2.5},
		{"1 × 0.5 stops after 2.5", 1, 0.5, 2.5},
		{"1 × 1 stops after 1.25", 1, 1, 1.25},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t, open, physics.Config{Gravity: g})
			w.ground(tt.floorMu, 0)
			id := w.box(mgl64.Vec2{-10, 0.5}, 2, 1, tt.boxMu, 0)
			w.step(1)
			x0 := w.state(id).Pos.X()
			w.must(w.SetVelocity(id, mgl64.Vec2{5, 0}, 0))
			w.step(120)
			s := w.state(id)
			t.Logf("slid %.4f, moving at %.5f", s.Pos.X()-x0, s.Vel.X())
			if tt.distance == 0 {
				if !near(s.Vel.X(), 5, 0.05) || !near(s.Pos.X()-x0, 10, 0.1) {
					t.Errorf("frictionless box after 2 s: slid %.3f at %.3f/s, want 10 at 5/s", s.Pos.X()-x0, s.Vel.X())
				}
				return
			}
			if math.Abs(s.Vel.X()) > 0.01 || !near(s.Pos.X()-x0, tt.distance, tt.distance/10) {
				t.Errorf("box with friction %v × %v after 2 s: slid %.3f, moving at %.4f; want stopped after %.3f ± 10%%", tt.boxMu, tt.floorMu, s.Pos.X()-x0, s.Vel.X(), tt.distance)
			}
		})
	}
}

// testFrictionSlope puts a box on a 20° slope: it sticks when the pair's
// friction exceeds tan 20° = 0.36 and otherwise slides down with
// acceleration g(sin θ − μ cos θ). At μ = 0.2 × 1 that is 1.54 units/s²,
// 0.77 units in the first second; sqrt mixing (0.45) would hold it.
func testFrictionSlope(t *testing.T, open Opener) {
	const theta = 20 * math.Pi / 180
	tests := []struct {
		name     string
		boxMu    float64
		distance float64 // down the slope after 1 s
	}{
		{"0.6 × 1 sticks", 0.6, 0},
		{"0.2 × 1 slides", 0.2, 0.5 * 10 * (math.Sin(theta) - 0.2*math.Cos(theta))},
		{"0 × 1 slides freely", 0, 0.5 * 10 * math.Sin(theta)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t, open, physics.Config{Gravity: g})
			slope := physics.BoxShape(40, 1)
			slope.Friction = 1
			w.add(physics.BodyDef{Kind: physics.Static, Angle: theta, Shapes: []physics.Shape{slope}})
			// On the slope's top face, whose centre is R(θ)·(0, 0.5).
			up := mgl64.Vec2{-math.Sin(theta), math.Cos(theta)}
			s := physics.BoxShape(1, 1)
			s.Density, s.Friction = 1, tt.boxMu
			id := w.add(physics.BodyDef{Pos: up.Mul(1), Angle: theta, Shapes: []physics.Shape{s}})
			p0 := w.state(id).Pos
			w.step(60)
			along := mgl64.Vec2{-math.Cos(theta), -math.Sin(theta)} // down the slope
			moved := w.state(id).Pos.Sub(p0).Dot(along)
			t.Logf("moved %.5f down the slope, want %.4f", moved, tt.distance)
			if tt.distance == 0 {
				if math.Abs(moved) > 0.01 {
					t.Errorf("box with friction %v on a 20° slope moved %.4f in 1 s, want it to stick", tt.boxMu, moved)
				}
				return
			}
			if !near(moved, tt.distance, 0.2*tt.distance) {
				t.Errorf("box with friction %v on a 20° slope slid %.4f in 1 s, want %.4f ± 20%%", tt.boxMu, moved, tt.distance)
			}
		})
	}
}
