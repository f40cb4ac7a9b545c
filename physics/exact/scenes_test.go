package exact_test

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/exact"
	"github.com/lockstep-engine/lockstep/physics/physicstest"
)

// tick is the step every scene here takes.
const tick = time.Second / 60

// goldenScene builds a world and acts on it each tick, as a game would.
type goldenScene struct {
	name  string
	cfg   physics.Config
	build func(w physics.World) error
	act   func(w physics.World, tick int) error // nil: nothing
}

var down = mgl64.Vec2{0, -10}

// goldenScenes covers every shape, body kind and joint, friction,
// restitution, damping, sensors, filters, sleep, and a game's calls.
func goldenScenes() []goldenScene {
	return []goldenScene{
		{name: "pile", cfg: physics.Config{Gravity: down}, build: func(w physics.World) error { return physicstest.Pile(w, 150, 1) }},
		{name: "pyramid", cfg: physics.Config{Gravity: down}, build: func(w physics.World) error { return pyramid(w, 12) }},
		{name: "joints", cfg: physics.Config{Gravity: down}, build: joints, act: dragAround},
		{name: "polygons", cfg: physics.Config{Gravity: down, Sleep: true}, build: polygons, act: platform},
		{name: "bounce", cfg: physics.Config{Gravity: down, Damping: 0.9, Iterations: 6}, build: bounce, act: kick},
	}
}

// pyramid stacks rows of unit boxes, n at the bottom, on a static floor.
func pyramid(w physics.World, rows int) error {
	floor := physics.BoxShape(200, 1)
	floor.Friction = 0.6
	if _, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{0, -0.5}, Shapes: []physics.Shape{floor}}); err != nil {
		return err
	}
	for row := range rows {
		for i := range rows - row {
			s := physics.BoxShape(1, 1)
			s.Density, s.Friction = 1, 0.6
			x := float64(i) - float64(rows-row-1)/2 // products below are rounded, as the engine's are, so the scene is the same on every CPU
			if _, err := w.AddBody(physics.BodyDef{Pos: mgl64.Vec2{float64(x * 1.05), 0.5 + float64(row)}, Shapes: []physics.Shape{s}}); err != nil {
				return err
			}
		}
	}
	return nil
}

// joints hangs a chain of pivots from the ground, a pinned pendulum, a
// slide and a spring, and a box held by a drag joint.
func joints(w physics.World) error {
	ball := func(p mgl64.Vec2, r float64) (physics.BodyID, error) {
		s := physics.CircleShape(r)
		s.Density, s.Friction = 1, 0.5
		return w.AddBody(physics.BodyDef{Pos: p, Shapes: []physics.Shape{s}})
	}
	prev := physics.Ground
	for i := range 15 {
		id, err := ball(mgl64.Vec2{float64(i) * 0.6, 12}, 0.25)
		if err != nil {
			return err
		}
		d := physics.JointDef{Kind: physics.Pivot, A: prev, B: id, AnchorB: mgl64.Vec2{-0.6, 0}}
		if prev == physics.Ground {
			d.AnchorA = mgl64.Vec2{-0.6, 12}
		}
		if _, err := w.AddJoint(d); err != nil {
			return err
		}
		prev = id
	}
	defs := []physics.JointDef{
		{Kind: physics.Pin, AnchorA: mgl64.Vec2{-5, 10}},
		{Kind: physics.Slide, AnchorA: mgl64.Vec2{-8, 10}, Min: 1, Max: 3},
		{Kind: physics.Spring, AnchorA: mgl64.Vec2{-11, 10}, RestLength: 2, Stiffness: 40, Damping: 1},
	}
	for i, d := range defs {
		id, err := ball(mgl64.Vec2{-3 - float64(3*float64(i)), 8}, 0.4)
		if err != nil {
			return err
		}
		d.B = id
		if _, err := w.AddJoint(d); err != nil {
			return err
		}
	}
	box := physics.PolygonShape(mgl64.Vec2{-0.5, -0.3}, mgl64.Vec2{0.5, -0.3}, mgl64.Vec2{0.6, 0.3}, mgl64.Vec2{-0.4, 0.4})
	box.Density = 2
	id, err := w.AddBody(physics.BodyDef{Pos: mgl64.Vec2{4, 4}, Shapes: []physics.Shape{box}})
	if err != nil {
		return err
	}
	_, err = w.AddJoint(physics.JointDef{Kind: physics.Drag, B: id, AnchorA: mgl64.Vec2{4, 4}, AnchorB: mgl64.Vec2{0.3, 0.1}, MaxForce: 300})
	return err
}

// dragAround moves the drag joint's target in a circle.
func dragAround(w physics.World, tick int) error {
	if tick%5 != 0 {
		return nil
	}
	k := tick / 5
	return w.DragTo(19, mgl64.Vec2{1 + float64(k%7), 3 + float64(k%5)/2})
}

// polygons drops triangles, hexagons, boxes and capsules with filters on
// a slope and a floor, past a sensor, beside a kinematic platform.
func polygons(w physics.World) error {
	r := rand.New(rand.NewPCG(5, 5))
	slope := physics.BoxShape(20, 1)
	slope.Friction = 0.4
	floor := physics.SegmentShape(mgl64.Vec2{-20, 0}, mgl64.Vec2{20, 0}, 0.2)
	floor.Friction = 0.8
	zone := physics.BoxShape(6, 3)
	zone.Sensor = true
	plat := physics.BoxShape(4, 0.4)
	for _, d := range []physics.BodyDef{
		{Kind: physics.Static, Pos: mgl64.Vec2{-6, 6}, Angle: -0.3, Shapes: []physics.Shape{slope}},
		{Kind: physics.Static, Shapes: []physics.Shape{floor}},
		{Kind: physics.Static, Pos: mgl64.Vec2{4, 3}, Shapes: []physics.Shape{zone}},
		{Kind: physics.Kinematic, Pos: mgl64.Vec2{10, 2}, Vel: mgl64.Vec2{1, 0}, Shapes: []physics.Shape{plat}},
	} {
		if _, err := w.AddBody(d); err != nil {
			return err
		}
	}
	for i := range 60 {
		size := 0.25 + float64(r.Float64()*0.3)
		var s physics.Shape
		switch i % 4 {
		case 0:
			s = physics.PolygonShape(mgl64.Vec2{-size, -size}, mgl64.Vec2{size, -size}, mgl64.Vec2{0, size})
		case 1:
			h := float64(size * (math.Sqrt(3) / 2))
			s = physics.PolygonShape(mgl64.Vec2{size, 0}, mgl64.Vec2{size / 2, h}, mgl64.Vec2{-size / 2, h},
				mgl64.Vec2{-size, 0}, mgl64.Vec2{-size / 2, -h}, mgl64.Vec2{size / 2, -h})
		case 2:
			s = physics.BoxShape(2*size, size)
		default:
			s = physics.SegmentShape(mgl64.Vec2{-size, 0}, mgl64.Vec2{size, 0}, size/2)
		}
		s.Density, s.Friction, s.Restitution = 1, 0.3+float64(r.Float64()*0.5), r.Float64()*0.3
		s.Filter = physics.Filter{Categories: 1 << r.IntN(3), Mask: 0xffff &^ (uint16(r.IntN(2)) << 2), Group: int16(r.IntN(3))}
		d := physics.BodyDef{Pos: mgl64.Vec2{-12 + float64(float64(i%12)*2), 10 + float64(float64(i/12)*1.5)}, Angle: r.Float64() * 3, Shapes: []physics.Shape{s}}
		if _, err := w.AddBody(d); err != nil {
			return err
		}
	}
	return nil
}

// platform turns the kinematic platform back every two seconds.
func platform(w physics.World, tick int) error {
	if tick%120 != 0 {
		return nil
	}
	return w.SetVelocity(4, mgl64.Vec2{float64(1 - 2*(tick/120%2)), 0}, 0)
}

// bounce throws lively balls and fast small bullets in a box of thin
// walls.
func bounce(w physics.World) error {
	for _, wall := range [][2]mgl64.Vec2{{{-10, 0}, {10, 0}}, {{-10, 0}, {-10, 20}}, {{10, 0}, {10, 20}}, {{-10, 20}, {10, 20}}} {
		s := physics.SegmentShape(wall[0], wall[1], 0.05)
		s.Restitution, s.Friction = 1, 0.2
		if _, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{s}}); err != nil {
			return err
		}
	}
	r := rand.New(rand.NewPCG(9, 9))
	for i := range 40 {
		s := physics.CircleShape(0.2 + float64(r.Float64()*0.4))
		s.Density, s.Restitution, s.Friction = 1, 0.5+float64(r.Float64()*0.5), 0.3
		v := mgl64.Vec2{float64(r.Float64()*20) - 10, float64(r.Float64()*20) - 10}
		if i%8 == 0 { // a bullet: small and fast
			s.Radius, v = 0.1, v.Mul(6)
		}
		d := physics.BodyDef{Pos: mgl64.Vec2{-8 + float64(float64(i%8)*2), 2 + float64(float64(i/8)*3)}, Vel: v, Bullet: i%8 == 0, Shapes: []physics.Shape{s}}
		if _, err := w.AddBody(d); err != nil {
			return err
		}
	}
	return nil
}

// kick gives a ball an impulse, a force, and now and then a teleport.
func kick(w physics.World, tick int) error {
	id := physics.BodyID(5 + tick%40)
	if err := w.ApplyImpulse(id, mgl64.Vec2{0.3, 0.5}, mgl64.Vec2{0, 0}); err != nil {
		return err
	}
	if err := w.ApplyForce(id, mgl64.Vec2{-2, 1}, mgl64.Vec2{1, 1}); err != nil {
		return err
	}
	if tick%300 == 0 {
		return w.Teleport(id, mgl64.Vec2{0, 15}, 0.5)
	}
	return nil
}

// runScene builds sc and steps it n ticks, calling at after each tick
// with the snapshot.
func runScene(tb testing.TB, sc goldenScene, n int, at func(tick int, snap []physics.BodyState)) {
	tb.Helper()
	w, err := exact.New(sc.cfg)
	if err != nil {
		tb.Fatal(err)
	}
	if err := sc.build(w); err != nil {
		tb.Fatalf("%s: build: %v", sc.name, err)
	}
	var snap []physics.BodyState
	for i := 1; i <= n; i++ {
		if sc.act != nil {
			if err := sc.act(w, i); err != nil {
				tb.Fatalf("%s: tick %d: %v", sc.name, i, err)
			}
		}
		if err := w.Step(tick); err != nil {
			tb.Fatalf("%s: tick %d: %v", sc.name, i, err)
		}
		snap = w.Snapshot(snap)
		at(i, snap)
	}
}
