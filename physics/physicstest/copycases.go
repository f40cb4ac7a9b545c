package physicstest

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// testCopyQueries: right after a copy, every query answers in the copy as
// in the source, over copySeeds scenes and random queries.
func testCopyQueries(t *testing.T, open Opener) {
	for seed := range uint64(copySeeds) {
		src := scene(t, open, seed, 40)
		c := newWorld(t, open, copyConfig(seed))
		copyInto(t, c, src)
		r := rng(seed, 4)
		var a, b []physics.BodyID
		for q := range 40 {
			p := mgl64.Vec2{r.Float64()*30 - 15, r.Float64() * 12}
			p2 := p.Add(mgl64.Vec2{r.Float64()*8 - 4, r.Float64()*8 - 4})
			f := physics.Filter{Categories: uint16(r.IntN(8)), Mask: uint16(r.IntN(8))}
			var err1, err2 error
			a, err1 = src.QueryBox(p, p2, f, a)
			b, err2 = c.QueryBox(p, p2, f, b)
			agree(t, seed, q, "QueryBox", slices.Equal(a, b), a, b, err1, err2)
			a, err1 = src.QueryPoint(p, f, a)
			b, err2 = c.QueryPoint(p, f, b)
			agree(t, seed, q, "QueryPoint", slices.Equal(a, b), a, b, err1, err2)
			ha, oka, err1 := src.RayCast(p, p2, f)
			hb, okb, err2 := c.RayCast(p, p2, f)
			agree(t, seed, q, "RayCast", ha == hb && oka == okb, ha, hb, err1, err2)
			rad := r.Float64()
			ia, oka, err1 := src.BodyAt(p, rad, q%2 == 0)
			ib, okb, err2 := c.BodyAt(p, rad, q%2 == 0)
			agree(t, seed, q, "BodyAt", ia == ib && oka == okb, ia, ib, err1, err2)
		}
	}
}

// agree fails t when a query's answers differ between source and copy.
func agree(t *testing.T, seed uint64, q int, what string, same bool, a, b any, err1, err2 error) {
	t.Helper()
	if err1 != nil || err2 != nil || !same {
		t.Fatalf("seed %d, query %d: %s gave %v in the source and %v in the copy (%v, %v)", seed, q, what, a, b, err1, err2)
	}
}

// testCopyFollowsSource copies a source into the same world after each of
// a series of changes (bodies and joints added and removed, bodies moved,
// put to sleep and woken, the world cleared): each copy holds what the
// source holds then, and IDs the source no longer has are gone from it.
func testCopyFollowsSource(t *testing.T, open Opener) {
	for seed := range uint64(copySeeds / 5) {
		src := scene(t, open, seed, 30)
		c := newWorld(t, open, copyConfig(seed))
		r := rng(seed, 5)
		var buf []physics.BodyState
		for round := range 30 {
			for range r.IntN(4) {
				act(src, r, buf)
				src.step(1)
			}
			if round == 20 {
				src.must(src.Clear())
				mixedScene(src, r)
			}
			copyInto(t, c, src)
			sameContents(t, src, c)
			if c.Len() != src.Len() {
				t.Fatalf("round %d: copy holds %d bodies, source %d", round, c.Len(), src.Len())
			}
			for id := physics.BodyID(1); id <= physics.BodyID(src.Len()+40); id++ {
				_, e1 := src.State(id)
				_, e2 := c.State(id)
				if (e1 == nil) != (e2 == nil) {
					t.Fatalf("round %d: body %d: source says %v, copy %v", round, id, e1, e2)
				}
			}
		}
	}
}

// testCopyIDs: a body or joint added to a copy gets the ID the source
// gives the same body or joint, also after the source removed its newest
// ones, and stored IDs of joints work in the copy.
func testCopyIDs(t *testing.T, open Opener) {
	src := scene(t, open, 3, 30)
	held := src.add(physics.BodyDef{Pos: mgl64.Vec2{-2, 20}, Shapes: []physics.Shape{{Kind: physics.Circle, Radius: 0.5, Density: 1}}})
	drag := src.joint(physics.JointDef{Kind: physics.Drag, B: held, AnchorA: mgl64.Vec2{-2, 20}, MaxForce: 100})
	last := src.add(physics.BodyDef{Pos: mgl64.Vec2{0, 20}, Shapes: []physics.Shape{{Kind: physics.Circle, Radius: 0.5, Density: 1}}})
	j := src.joint(physics.JointDef{Kind: physics.Pivot, A: physics.Ground, B: last, AnchorA: mgl64.Vec2{0, 20}})
	src.must(src.RemoveBody(last)) // the newest body and joint are gone, their IDs used
	c := newWorld(t, open, copyConfig(3))
	copyInto(t, c, src)
	d := physics.BodyDef{Pos: mgl64.Vec2{1, 20}, Shapes: []physics.Shape{{Kind: physics.Circle, Radius: 0.5, Density: 1}}}
	b1, b2 := src.add(d), c.add(d)
	if b1 != b2 || b1 <= last {
		t.Fatalf("a body added after the copy got ID %d in the source and %d in the copy, want the same, above %d", b1, b2, last)
	}
	jd := physics.JointDef{Kind: physics.Pivot, A: physics.Ground, B: b1, AnchorA: mgl64.Vec2{1, 20}}
	j1, j2 := src.joint(jd), c.joint(jd)
	if j1 != j2 || j1 <= j {
		t.Fatalf("a joint added after the copy got ID %d in the source and %d in the copy, want the same, above %d", j1, j2, j)
	}
	if err := c.RemoveJoint(j); !errors.Is(err, physics.ErrNoJoint) {
		t.Errorf("removing joint %d, gone in the source, from the copy: %v, want ErrNoJoint", j, err)
	}
	if err := c.RemoveJoint(1); err != nil {
		t.Errorf("removing joint 1 of the source from the copy: %v", err)
	}
	if err := c.DragTo(drag, mgl64.Vec2{2, 9}); err != nil {
		t.Errorf("moving drag joint %d of the source in the copy: %v", drag, err)
	}
}

// testCopyJoints: the joints of a chain and its filters work in a copy as
// in the source: the pivot holds, the pin keeps its length, the grabbed
// body follows its target, a body falls through a shelf of its group and
// rests on one of another.
func testCopyJoints(t *testing.T, open Opener) {
	src := newWorld(t, open, physics.Config{Gravity: g})
	ball := func(pos mgl64.Vec2, group int16) physics.BodyID {
		s := physics.CircleShape(0.3)
		s.Density, s.Filter.Group = 1, group
		return src.add(physics.BodyDef{Pos: pos, Shapes: []physics.Shape{s}})
	}
	a, b := ball(mgl64.Vec2{0, 5}, 1), ball(mgl64.Vec2{2, 5}, 1)
	src.joint(physics.JointDef{Kind: physics.Pivot, A: physics.Ground, B: a, AnchorA: mgl64.Vec2{0, 5}})
	src.joint(physics.JointDef{Kind: physics.Pin, A: a, B: b})
	shelf := physics.BoxShape(4, 1)
	shelf.Filter.Group = 1
	src.add(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{10, 0}, Shapes: []physics.Shape{shelf}})
	ghost, rest := ball(mgl64.Vec2{9, 1}, 1), ball(mgl64.Vec2{11, 1}, 0)
	grab := ball(mgl64.Vec2{-3, 0}, 0)
	drag := src.joint(physics.JointDef{Kind: physics.Drag, B: grab, AnchorA: mgl64.Vec2{-3, 0}, MaxForce: 1000})
	src.step(30)
	c := newWorld(t, open, physics.Config{Gravity: g})
	copyInto(t, c, src)
	c.must(c.DragTo(drag, mgl64.Vec2{-6, 2}))
	c.step(120)
	pa, pb := c.state(a).Pos, c.state(b).Pos
	if d := pa.Sub(pb).Len(); !near(d, 2, 0.05) {
		t.Errorf("the copy's pin joint is %v long, want 2", d)
	}
	if !nearVec(pa, mgl64.Vec2{0, 5}, 0.05) {
		t.Errorf("the copy's pivot let its body go to %v", pa)
	}
	if p := c.state(grab).Pos; !nearVec(p, mgl64.Vec2{-6, 2}, 0.2) {
		t.Errorf("the copy's grabbed body is at %v, its target at (-6, 2)", p)
	}
	if y := c.state(ghost).Pos.Y(); y > -10 {
		t.Errorf("a body fell onto a shelf of its own group in the copy and stopped at y %v", y)
	}
	if y := c.state(rest).Pos.Y(); !near(y, 0.8, 0.05) {
		t.Errorf("a body of no group fell onto the shelf in the copy and is at y %v, want it resting at 0.8", y)
	}
	testCopyDrag(t, open)
}

// testCopyDrag: a body grabbed off its centre and pulled towards a target
// far away moves in a copy as in the source (near, not bit for bit: the
// engines' solvers start afresh in a copy).
func testCopyDrag(t *testing.T, open Opener) {
	src := newWorld(t, open, physics.Config{})
	s := physics.BoxShape(1, 1)
	s.Density = 1
	box := src.add(physics.BodyDef{Shapes: []physics.Shape{s}})
	drag := src.joint(physics.JointDef{Kind: physics.Drag, B: box, AnchorA: mgl64.Vec2{0.4, 0.4}, MaxForce: 50})
	src.step(5)
	src.must(src.DragTo(drag, mgl64.Vec2{6, -3}))
	src.step(5)
	c := newWorld(t, open, physics.Config{})
	copyInto(t, c, src)
	for range 20 {
		src.step(1)
		c.step(1)
	}
	a, b := src.state(box), c.state(box)
	if !nearVec(a.Pos, b.Pos, 1e-3) || !near(a.Angle, b.Angle, 1e-3) {
		t.Errorf("a dragged body 20 steps after the copy is at %v turned %v in the source, %v turned %v in the copy", a.Pos, a.Angle, b.Pos, b.Angle)
	}
}

// testCopySleep: sleeping bodies are asleep in the copy, stay where they
// are while it steps, and wake as in the source.
func testCopySleep(t *testing.T, open Opener) {
	cfg := physics.Config{Gravity: g, Sleep: true}
	src := newWorld(t, open, cfg)
	src.ground(0.8, 0)
	var ids []physics.BodyID
	for i := range 5 {
		ids = append(ids, src.box(mgl64.Vec2{float64(i) * 2, 0.5}, 1, 1, 0.8, 0))
	}
	src.step(120)
	for _, id := range ids {
		if z, _ := src.Sleeping(id); !z {
			t.Fatalf("body %d is awake in the source after 2 s at rest: the case needs it asleep", id)
		}
	}
	c := newWorld(t, open, cfg)
	copyInto(t, c, src)
	before := c.Snapshot(nil)
	c.step(30)
	sameSnapshots(t, "sleeping bodies after 30 steps of the copy", before, c.Snapshot(nil))
	for _, id := range ids {
		if z, err := c.Sleeping(id); !z || err != nil {
			t.Fatalf("body %d is awake in the copy (%v)", id, err)
		}
	}
	c.must(c.Wake(ids[0]))
	c.must(c.ApplyImpulse(ids[0], mgl64.Vec2{0, 5}, c.state(ids[0]).Pos))
	c.step(1)
	if z, _ := c.Sleeping(ids[0]); z {
		t.Error("a woken body of the copy is asleep")
	}
	if c.state(ids[0]).Pos.Y() <= before[1].Pos.Y() {
		t.Error("a woken body of the copy did not rise from an impulse up")
	}
}

// testCopyContacts: copies made with OnContact report the same contacts,
// in the same order, step after step.
func testCopyContacts(t *testing.T, open Opener) {
	for seed := range uint64(copySeeds / 5) {
		src := scene(t, open, seed, 60)
		var logs [2][]string
		cs := make([]*world, 2)
		for i := range cs {
			cfg := copyConfig(seed)
			cfg.OnContact = func(c physics.Contact) error {
				logs[i] = append(logs[i], fmt.Sprintf("%+v", c))
				return nil
			}
			cs[i] = newWorld(t, open, cfg)
		}
		cs[1].must(Pile(cs[1], 10, seed))
		cs[1].step(10)
		logs[1] = nil
		for _, c := range cs {
			copyInto(t, c, src)
		}
		stepAlike(t, seed, 60, cs...)
		if !slices.Equal(logs[0], logs[1]) || len(logs[0]) == 0 {
			t.Fatalf("seed %d: the copies reported %d and %d contacts, differently", seed, len(logs[0]), len(logs[1]))
		}
	}
}

// testCopyNearSource: a copy of a settled pile carries what its engine
// warm starts with, so for the 8 steps of a prediction it stays within
// 5e-3 of its source (a copy that started its contacts cold was 0.07
// apart on both engines).
func testCopyNearSource(t *testing.T, open Opener) {
	src := pile(t, open, 150, 2)
	src.step(400)
	c := newWorld(t, open, PileConfig())
	copyInto(t, c, src)
	var a, b []physics.BodyState
	for n := range 8 {
		src.step(1)
		c.step(1)
		a, b = src.Snapshot(a), c.Snapshot(b)
		for i := range a {
			if d := a[i].Pos.Sub(b[i].Pos).Len(); d > 5e-3 {
				t.Fatalf("step %d after the copy: body %d is %g from its place in the source", n+1, a[i].ID, d)
			}
		}
	}
}

// testCopyChain: a copy of a swinging chain carries its joints'
// accumulated impulses, so for the 8 steps of a prediction it follows its
// source within 1e-6 (without them it was 0.03 away).
func testCopyChain(t *testing.T, open Opener) {
	src := newWorld(t, open, physics.Config{Gravity: g})
	prev := physics.Ground
	for i := range 12 {
		s := physics.CircleShape(0.2)
		s.Density = 1
		id := src.add(physics.BodyDef{Pos: mgl64.Vec2{float64(i) * 0.5, 10}, Shapes: []physics.Shape{s}})
		d := physics.JointDef{Kind: physics.Pivot, A: prev, B: id, AnchorB: mgl64.Vec2{-0.5, 0}}
		if prev == physics.Ground {
			d.AnchorA = mgl64.Vec2{-0.5, 10}
		}
		src.joint(d)
		prev = id
	}
	src.step(90)
	c := newWorld(t, open, physics.Config{Gravity: g})
	copyInto(t, c, src)
	src.step(8)
	c.step(8)
	a, b := src.Snapshot(nil), c.Snapshot(nil)
	for i := range a {
		if d := a[i].Pos.Sub(b[i].Pos).Len(); d > 1e-6 {
			t.Fatalf("8 steps after the copy, link %d of the chain is %g from its place in the source", a[i].ID, d)
		}
	}
}

// testCopyIdle: a copy carries how long bodies have been idle, so a box
// coming to rest falls asleep in the copy on the tick it does in the
// source.
func testCopyIdle(t *testing.T, open Opener) {
	cfg := physics.Config{Gravity: g, Sleep: true}
	build := func() (*world, physics.BodyID) {
		w := newWorld(t, open, cfg)
		w.ground(0.8, 0)
		return w, w.box(mgl64.Vec2{0, 0.6}, 1, 1, 0.8, 0)
	}
	probe, id := build()
	asleep := 0
	for asleep = 1; asleep < 600; asleep++ {
		probe.step(1)
		if z, _ := probe.Sleeping(id); z {
			break
		}
	}
	if asleep == 600 {
		t.Fatal("the box never fell asleep: the case needs it to")
	}
	src, _ := build()
	src.step(asleep - 5)
	c := newWorld(t, open, cfg)
	copyInto(t, c, src)
	for tick := asleep - 4; tick <= asleep; tick++ {
		src.step(1)
		c.step(1)
		zs, _ := src.Sleeping(id)
		zc, _ := c.Sleeping(id)
		if zs != zc {
			t.Fatalf("tick %d: asleep %v in the source, %v in the copy", tick, zs, zc)
		}
	}
}
