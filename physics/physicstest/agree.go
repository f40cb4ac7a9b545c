package physicstest

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// The cases here pin calls the engines once answered differently, and
// what the API added so a game needs no bookkeeping of its own.

// testCloseInCallback: Close from OnContact is refused with ErrBusy and
// closes nothing; the step's error is the callback's, and the world goes
// on stepping and closes once the step is over.
func testCloseInCallback(t *testing.T, open Opener) {
	var w physics.World
	var inner error
	calls := 0
	w, err := open(physics.Config{Gravity: g, OnContact: func(physics.Contact) error {
		if calls++; calls == 1 {
			inner = w.Close()
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	ww := &world{t, w}
	ww.ground(0, 0)
	ball := ww.ball(mgl64.Vec2{0, 0.6}, 0.5, 0, 0)
	for i := 0; i < 120 && calls == 0; i++ {
		ww.step(1)
	}
	if calls == 0 {
		t.Fatal("no contact was reported")
	}
	if !isWrapped(inner, physics.ErrBusy) {
		t.Fatalf("Close inside OnContact: %v, want a wrapped ErrBusy", inner)
	}
	ww.step(5) // the world was not closed
	if _, err := w.State(ball); err != nil {
		t.Fatalf("State after a refused Close: %v", err)
	}
	if err := w.Close(); err != nil {
		t.Fatalf("Close after the steps: %v", err)
	}
	if err := w.Step(dt); err == nil {
		t.Fatal("Step after Close succeeded")
	}
}

// testHostileShapes: shapes neither engine can simulate are refused by
// both, with a message of bounded size: a million points on a line (the
// message says how many, not which), slivers of polygons, coordinates
// beyond single precision.
func testHostileShapes(t *testing.T, open Opener) {
	line := make([]mgl64.Vec2, 1_000_000)
	for i := range line {
		line[i] = mgl64.Vec2{float64(i) * 1e-3, 0}
	}
	tests := []struct {
		name  string
		verts []mgl64.Vec2
		says  string
	}{
		{"a million points on a line", line, "1000000 vertices"},
		{"a sliver", []mgl64.Vec2{{0, 0}, {1, 0}, {0.5, 1e-30}}, "area"},
		{"a speck", []mgl64.Vec2{{0, 0}, {1e-20, 0}, {0, 1e-20}}, "area"},
		{"coordinates beyond single precision", []mgl64.Vec2{{0, 0}, {1e20, 0}, {0, 1e20}}, "vertex 1"},
		{"a huge triangle", []mgl64.Vec2{{-1e200, -1e200}, {1e200, -1e200}, {0, 1e200}}, "vertex 0"},
	}
	for _, tt := range tests {
		for _, kind := range []physics.BodyKind{physics.Dynamic, physics.Static} {
			w := newWorld(t, open, physics.Config{Gravity: g})
			s := physics.PolygonShape(tt.verts...)
			s.Density = 1
			_, err := w.AddBody(physics.BodyDef{Kind: kind, Shapes: []physics.Shape{s}})
			if !isWrapped(err, physics.ErrInvalid) {
				t.Errorf("%s, %v: AddBody = %v, want ErrInvalid", tt.name, kind, err)
				continue
			}
			if msg := err.Error(); len(msg) > 1000 || !strings.Contains(msg, tt.says) {
				t.Errorf("%s, %v: a %d-byte message, want under 1000 saying %q: %.300s", tt.name, kind, len(msg), tt.says, msg)
			}
			if w.Len() != 0 {
				t.Errorf("%s, %v: the refused body is in the world", tt.name, kind)
			}
		}
	}
}

// testUserValue: a body hands back the value it was given, allocating
// nothing, and forgets it with the body.
func testUserValue(t *testing.T, open Opener) {
	type brick struct{ hits int }
	w := newWorld(t, open, physics.Config{})
	b := &brick{}
	id := w.add(physics.BodyDef{Kind: physics.Static, User: b, Shapes: []physics.Shape{physics.BoxShape(1, 1)}})
	plain := w.ball(mgl64.Vec2{5, 0}, 0.5, 0, 0)
	if got, err := w.User(id); got != b || err != nil {
		t.Fatalf("User(%d) = %v, %v; want the brick it was given", id, got, err)
	}
	if got, err := w.User(plain); got != nil || err != nil {
		t.Fatalf("User of a body given none = %v, %v; want nil", got, err)
	}
	if n := testing.AllocsPerRun(100, func() {
		u, _ := w.User(id)
		u.(*brick).hits++
	}); n != 0 {
		t.Errorf("User allocates %v times a call, want 0", n)
	}
	w.must(w.RemoveBody(id))
	if _, err := w.User(id); !isWrapped(err, physics.ErrNoBody) {
		t.Errorf("User of a removed body: %v, want ErrNoBody", err)
	}
}

// testContactOther: a contact names the other body from either side.
func testContactOther(t *testing.T, open Opener) {
	var r recorder
	w, ground, ball := dropBall(t, open, &r)
	for range 120 {
		for _, c := range r.step(w) {
			if o, ok := c.Other(ball); !ok || o != ground {
				t.Fatalf("%+v: Other(ball) = %d, %v; want the ground, %d", c, o, ok, ground)
			}
			if o, ok := c.Other(ground); !ok || o != ball {
				t.Fatalf("%+v: Other(ground) = %d, %v; want the ball, %d", c, o, ok, ball)
			}
			if _, ok := c.Other(ball + ground + 1); ok {
				t.Fatalf("%+v: Other of a body not in the pair says it is", c)
			}
			return
		}
	}
	t.Fatal("the ball never touched the ground")
}

// testClear: Clear empties the world at once: no bodies, every old ID and
// joint unknown, contacts reported Ended at the next step, new IDs above
// the old, and the world steps on as a fresh one.
func testClear(t *testing.T, open Opener) {
	var r recorder
	w, ground, ball := dropBall(t, open, &r)
	pin := w.joint(physics.JointDef{Kind: physics.Slide, A: physics.Ground, B: ball, AnchorA: mgl64.Vec2{0, 5}, Max: 10})
	touching := false
	for range 60 {
		if len(r.step(w)) > 0 {
			touching = true
			break
		}
	}
	if !touching {
		t.Fatal("the ball never touched the ground")
	}
	w.must(w.Clear())
	if n := w.Len(); n != 0 || len(w.Snapshot(nil)) != 0 {
		t.Fatalf("after Clear: Len %d, want an empty world", n)
	}
	for _, id := range []physics.BodyID{ground, ball} {
		if _, err := w.State(id); !isWrapped(err, physics.ErrNoBody) {
			t.Errorf("State(%d) after Clear: %v, want ErrNoBody", id, err)
		}
	}
	if err := w.RemoveJoint(pin); !isWrapped(err, physics.ErrNoJoint) {
		t.Errorf("RemoveJoint after Clear: %v, want ErrNoJoint", err)
	}
	if got := r.step(w); len(got) != 1 || !got[0].Ended || got[0].A != ground || got[0].B != ball {
		t.Errorf("the step after Clear reported %+v, want the pair Ended", got)
	}
	again := w.ball(mgl64.Vec2{0, 5}, 0.5, 0, 0)
	if again <= ball {
		t.Errorf("a body added after Clear has ID %d, want above %d", again, ball)
	}
	w.step(30)
	if p := w.state(again).Pos; !(p[1] < 5) {
		t.Errorf("a body added after Clear did not fall: %v", p)
	}
}

// testFilterCollides: two overlapping bodies touch exactly when
// Filter.Collides says their filters do, over random filters.
func testFilterCollides(t *testing.T, open Opener) {
	for seed := range uint64(60) {
		r := rand.New(rand.NewPCG(seed, 7))
		filter := func() physics.Filter {
			return physics.Filter{Categories: uint16(r.IntN(4)), Mask: uint16(r.IntN(4)), Group: int16(r.IntN(3))}
		}
		var got []physics.Contact
		w := newWorld(t, open, physics.Config{OnContact: func(c physics.Contact) error { got = append(got, c); return nil }})
		type pair struct {
			a, b physics.BodyID
			want bool
		}
		var pairs []pair
		for i := range 8 {
			fa, fb := filter(), filter()
			x := float64(i) * 10
			sa, sb := physics.CircleShape(1), physics.CircleShape(1)
			sa.Density, sa.Filter, sb.Density, sb.Filter = 1, fa, 1, fb
			a := w.add(physics.BodyDef{Pos: mgl64.Vec2{x, 0}, Shapes: []physics.Shape{sa}})
			b := w.add(physics.BodyDef{Pos: mgl64.Vec2{x + 1, 0}, Shapes: []physics.Shape{sb}})
			pairs = append(pairs, pair{a, b, fa.Collides(fb)})
		}
		w.step(1)
		for _, p := range pairs {
			touched := slices.ContainsFunc(got, func(c physics.Contact) bool { return c.A == p.a && c.B == p.b })
			if touched != p.want {
				t.Errorf("seed %d: bodies %d and %d touched %v, Filter.Collides says %v", seed, p.a, p.b, touched, p.want)
			}
		}
	}
}
