package physicstest

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// testFreeFall drops a thrown ball for one second and compares it with
// y = y0 + v0·t + g·t²/2. A fixed-step integrator updates velocity and
// position in some order: position first (cp) lands g·dt·t/2 short of the
// closed form, velocity first (Box2D) as far beyond, so the tolerance is
// exactly that half step, 0.083 m here, and the height must also match
// one of the two orders to 2 mm (float32 rounding over 60 steps at 100 m
// is under 1 mm). A wrong gravity or dt misses by metres.
func testFreeFall(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{Gravity: g})
	y0, v0 := mgl64.Vec2{0, 100}, mgl64.Vec2{3, 5}
	id := w.add(physics.BodyDef{Pos: y0, Vel: v0, Mass: 1, Shapes: []physics.Shape{physics.CircleShape(0.5)}})
	const n = 60
	w.step(n)
	s := w.state(id)
	tt, h, gy := seconds(n), dt.Seconds(), g.Y()

	closed := y0.Y() + v0.Y()*tt + gy*tt*tt/2
	halfStep := math.Abs(gy) * h * tt / 2
	positionFirst := y0.Y() + n*v0.Y()*h + gy*h*h*n*(n-1)/2
	velocityFirst := y0.Y() + n*v0.Y()*h + gy*h*h*n*(n+1)/2
	t.Logf("free fall: y %.6f, closed form %.6f, position first %.6f, velocity first %.6f", s.Pos.Y(), closed, positionFirst, velocityFirst)
	if !near(s.Pos.Y(), closed, halfStep+1e-3) {
		t.Errorf("after %v s: y = %.6f, closed form %.6f ± %.4f", tt, s.Pos.Y(), closed, halfStep)
	}
	if !near(s.Pos.Y(), positionFirst, 2e-3) && !near(s.Pos.Y(), velocityFirst, 2e-3) {
		t.Errorf("after %d steps: y = %.6f, want %.6f (position first) or %.6f (velocity first)", n, s.Pos.Y(), positionFirst, velocityFirst)
	}
	// Velocity is exact in either order: v0 + n·g·dt.
	if want := v0.Y() + gy*tt; !near(s.Vel.Y(), want, 1e-4) {
		t.Errorf("vertical velocity %.6f, want %.6f", s.Vel.Y(), want)
	}
	if want := v0.X() * tt; !near(s.Pos.X(), want, 1e-4) || !near(s.Vel.X(), v0.X(), 1e-5) {
		t.Errorf("horizontal: x = %.6f at %.6f/s, want %.6f at %v/s", s.Pos.X(), s.Vel.X(), want, v0.X())
	}
}

// testFastBody launches a ball of 20 units at 500 units a second through
// empty space in a world whose Config.UnitsPerMeter (100) says how large
// that is: a 20 cm ball at 5 m/s. After one second it must have gone 500
// units. An engine tuned to a size (Box2D moves a body at most 2 of its
// meters a step) would stop it at 120 units a second if it took the units
// for meters; an engine without tuning ignores the setting.
func testFastBody(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{UnitsPerMeter: 100})
	id := w.add(physics.BodyDef{Vel: mgl64.Vec2{500, 0}, Mass: 1, Shapes: []physics.Shape{physics.CircleShape(10)}})
	w.step(60)
	if s := w.state(id); !nearVec(s.Pos, mgl64.Vec2{500, 0}, 0.01) || !nearVec(s.Vel, mgl64.Vec2{500, 0}, 1e-3) {
		t.Errorf("a ball launched at 500 units/s is at %v moving %v after 1 s; want (500, 0) moving (500, 0)", s.Pos, s.Vel)
	}
}

// testDamping: Config.Damping is the fraction of velocity kept after one
// second. Backends may apply it in per-step factors that compound a little
// differently (Box2D's 1/(1+h·c) keeps 0.502 of it where pow(d, dt) keeps
// 0.500), so 2% is allowed; no damping would keep all, damping per step
// almost none.
func testDamping(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{Damping: 0.5})
	id := w.add(physics.BodyDef{Vel: mgl64.Vec2{8, 0}, Mass: 1, Shapes: []physics.Shape{physics.CircleShape(0.5)}})
	w.step(60)
	t.Logf("damping 0.5: %.5f of 8 left after 1 s", w.state(id).Vel.X())
	if v := w.state(id).Vel.X(); !near(v, 4, 0.08) {
		t.Errorf("after 1 s at damping 0.5 velocity is %.4f, want 4 ± 0.08", v)
	}
}

// testImpulseAndForce checks the units of ApplyImpulse (Δv = J/m, Δω =
// r×J/I) and ApplyForce (Δv = F·dt/m, for one step only). float32
// backends round at about 1e-7 relative, hence 1e-5.
func testImpulseAndForce(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{})
	box := physics.BoxShape(2, 2)
	box.Density = 1 // mass 4, moment m(w²+h²)/12 = 8/3
	id := w.add(physics.BodyDef{Shapes: []physics.Shape{box}})
	w.must(w.ApplyImpulse(id, mgl64.Vec2{8, 0}, mgl64.Vec2{0, 0}))
	if s := w.state(id); !nearVec(s.Vel, mgl64.Vec2{2, 0}, 1e-5) || s.AngVel != 0 {
		t.Fatalf("impulse (8, 0) at the centre of a 4 kg box: velocity %v, spin %v; want (2, 0), 0", s.Vel, s.AngVel)
	}
	w.must(w.ApplyForce(id, mgl64.Vec2{24, 0}, mgl64.Vec2{0, 0}))
	w.step(1)
	if v := w.state(id).Vel.X(); !near(v, 2+24*dt.Seconds()/4, 1e-5) {
		t.Fatalf("force 24 N for one step: velocity %.6f, want %.6f", v, 2+24*dt.Seconds()/4)
	}
	w.step(1)
	if v := w.state(id).Vel.X(); !near(v, 2.1, 1e-5) {
		t.Fatalf("a step after the force: velocity %.6f, want it to stay 2.1", v)
	}
	p := w.state(id).Pos
	w.must(w.ApplyImpulse(id, mgl64.Vec2{0, 1}, p.Add(mgl64.Vec2{1, 0})))
	if av := w.state(id).AngVel; !near(av, 1/(8.0/3), 1e-5) {
		t.Errorf("impulse (0, 1) one unit right of the centre: spin %.6f, want r×J/I = %.6f", av, 1/(8.0/3))
	}
}

// testDensity: a dynamic body with Mass 0 weighs the sum of density ×
// area, with its centre of gravity at the shapes' centroid; a positive
// Mass overrides the density.
func testDensity(t *testing.T, open Opener) {
	tests := []struct {
		name   string
		def    physics.BodyDef
		mass   float64
		moment float64 // about the centre of gravity
	}{
		{"one box", physics.BodyDef{Shapes: []physics.Shape{{Kind: physics.Box, Half: mgl64.Vec2{1, 0.5}, Density: 3}}}, 6, 6 * (4 + 1) / 12.0},
		{"two boxes side by side", physics.BodyDef{Shapes: []physics.Shape{
			{Kind: physics.Box, Half: mgl64.Vec2{0.5, 0.5}, Offset: mgl64.Vec2{-1, 0}, Density: 2},
			{Kind: physics.Box, Half: mgl64.Vec2{0.5, 0.5}, Offset: mgl64.Vec2{1, 0}, Density: 2},
		}}, 4, 2 * (2*(1+1)/12.0 + 2*1)},
		{"a circle", physics.BodyDef{Shapes: []physics.Shape{{Kind: physics.Circle, Radius: 1, Density: 2}}}, 2 * math.Pi, 2 * math.Pi / 2},
		{"mass overrides density", physics.BodyDef{Mass: 2, Shapes: []physics.Shape{{Kind: physics.Box, Half: mgl64.Vec2{1, 0.5}, Density: 3}}}, 2, 2 * (4 + 1) / 12.0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t, open, physics.Config{})
			id := w.add(tt.def)
			w.must(w.ApplyImpulse(id, mgl64.Vec2{6, 0}, mgl64.Vec2{0, 0}))
			s := w.state(id)
			if !nearVec(s.Vel, mgl64.Vec2{6 / tt.mass, 0}, 1e-5*6/tt.mass) || !near(s.AngVel, 0, 1e-6) {
				t.Errorf("impulse (6, 0) at the centroid: velocity %v, spin %v; want (%.6f, 0) for mass %.4f and no spin", s.Vel, s.AngVel, 6/tt.mass, tt.mass)
			}
			w.must(w.ApplyImpulse(id, mgl64.Vec2{0, 1}, mgl64.Vec2{1, 0}))
			if av := w.state(id).AngVel; !near(av, 1/tt.moment, 1e-5/tt.moment) {
				t.Errorf("impulse (0, 1) one unit from the centroid: spin %.6f, want %.6f for moment %.4f", av, 1/tt.moment, tt.moment)
			}
		})
	}
}

// testFixedRotation hits two boxes off centre and drops them on a corner:
// the one with FixedRotation keeps angle 0, the other turns (so the test
// can tell).
func testFixedRotation(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{Gravity: g})
	ledge := physics.BoxShape(2, 1)
	w.add(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{-1, -0.5}, Shapes: []physics.Shape{ledge}})
	w.add(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{9, -0.5}, Shapes: []physics.Shape{ledge}})
	fixed := w.add(physics.BodyDef{Pos: mgl64.Vec2{0.2, 1}, FixedRotation: true, Shapes: []physics.Shape{{Kind: physics.Box, Half: mgl64.Vec2{0.5, 0.5}, Density: 1}}})
	free := w.box(mgl64.Vec2{10.2, 1}, 1, 1, 0, 0)
	for _, id := range []physics.BodyID{fixed, free} {
		p := w.state(id).Pos
		w.must(w.ApplyImpulse(id, mgl64.Vec2{0, 0.5}, p.Add(mgl64.Vec2{0.5, 0})))
	}
	w.step(60)
	if s := w.state(fixed); s.Angle != 0 || s.AngVel != 0 {
		t.Errorf("FixedRotation box: angle %v, spin %v; want exactly 0", s.Angle, s.AngVel)
	}
	if s := w.state(free); math.Abs(s.Angle) < 0.1 {
		t.Errorf("the same box without FixedRotation turned only %v rad; the scene does not test rotation", s.Angle)
	}
}

// testKinematic: a kinematic body ignores gravity, keeps its velocity and
// shoves a dynamic body out of its way; a static one never moves.
func testKinematic(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{Gravity: g})
	wall := w.add(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{0, 10}, Shapes: []physics.Shape{physics.BoxShape(1, 1)}})
	w.ground(0, 0)
	pusher := w.add(physics.BodyDef{Kind: physics.Kinematic, Pos: mgl64.Vec2{-3, 1}, Vel: mgl64.Vec2{2, 0}, Shapes: []physics.Shape{physics.BoxShape(1, 2)}})
	pushed := w.box(mgl64.Vec2{0, 0.5}, 1, 1, 0, 0)
	w.step(120)
	k := w.state(pusher)
	if !nearVec(k.Pos, mgl64.Vec2{1, 1}, 1e-4) || !nearVec(k.Vel, mgl64.Vec2{2, 0}, 1e-6) {
		t.Errorf("kinematic body after 2 s at (2, 0)/s from (-3, 1): at %v moving %v; want (1, 1) moving (2, 0)", k.Pos, k.Vel)
	}
	// The pusher's front reaches x = 1.5 after 2 s, so the pushed box's
	// centre is at 2, less what the backend lets shapes overlap (cp up to
	// its 0.1 collision slop).
	t.Logf("pushed box at x = %.4f", w.state(pushed).Pos.X())
	if d := w.state(pushed); d.Pos.X() < 1.8 {
		t.Errorf("dynamic box in the kinematic body's way is at x = %.3f, want pushed ahead of its front at 1.5", d.Pos.X())
	}
	if s := w.state(wall); s.Pos != (mgl64.Vec2{0, 10}) || s.Vel != (mgl64.Vec2{}) {
		t.Errorf("static body moved to %v at %v", s.Pos, s.Vel)
	}
}
