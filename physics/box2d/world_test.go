//go:build box2d && cgo

package box2d

import (
	"errors"
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

const tick = time.Second / 60

// newWorld returns a world closed when the test ends.
func newWorld(t testing.TB, cfg physics.Config) *World {
	t.Helper()
	w, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := w.Close(); err != nil {
			t.Error(err)
		}
	})
	return w
}

func mustAdd(t testing.TB, w *World, d physics.BodyDef) physics.BodyID {
	t.Helper()
	id, err := w.AddBody(d)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func mustStep(t testing.TB, w *World, n int) {
	t.Helper()
	for range n {
		if err := w.Step(tick); err != nil {
			t.Fatal(err)
		}
	}
}

func mustState(t testing.TB, w *World, id physics.BodyID) physics.BodyState {
	t.Helper()
	s, err := w.State(id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func ball(pos mgl64.Vec2, r float64) physics.BodyDef {
	s := physics.CircleShape(r)
	s.Density = 1
	return physics.BodyDef{Pos: pos, Shapes: []physics.Shape{s}}
}

func floor(y float64) physics.BodyDef {
	s := physics.BoxShape(40, 1)
	s.Friction = 1
	return physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{0, y - 0.5}, Shapes: []physics.Shape{s}}
}

func TestFreeFallFollowsTheClosedFormOfBox2DsIntegrator(t *testing.T) {
	g := -9.8
	w := newWorld(t, physics.Config{Gravity: mgl64.Vec2{0, g}})
	id := mustAdd(t, w, ball(mgl64.Vec2{0, 100}, 0.5))
	const n = 60
	mustStep(t, w, n)
	s := mustState(t, w, id)
	// Symplectic Euler: v_n = n·g·h, y_n = y_0 + g·h²·n(n+1)/2.
	h := tick.Seconds()
	wantV := n * g * h
	wantY := 100 + g*h*h*n*(n+1)/2
	if math.Abs(s.Vel[1]-wantV) > 1e-4 || math.Abs(s.Pos[1]-wantY) > 1e-3 {
		t.Errorf("after %d steps: y %v, vy %v; want %v, %v", n, s.Pos[1], s.Vel[1], wantY, wantV)
	}
}

func TestBodiesRestOnTheOutlineGivenNotOnBox2DsSkin(t *testing.T) {
	for _, tc := range []struct {
		name   string
		shape  physics.Shape
		height float64 // of the body's origin above the floor at rest
	}{
		{"circle", physics.CircleShape(0.5), 0.5},
		{"box", physics.BoxShape(1, 0.6), 0.3},
		{"polygon", physics.PolygonShape(mgl64.Vec2{-0.5, 0}, mgl64.Vec2{0.5, 0}, mgl64.Vec2{0, 0.8}), 0},
		{"capsule", physics.SegmentShape(mgl64.Vec2{-0.5, 0}, mgl64.Vec2{0.5, 0}, 0.2), 0.2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, physics.Config{Gravity: mgl64.Vec2{0, -9.8}})
			mustAdd(t, w, floor(0))
			s := tc.shape
			s.Density, s.Friction = 1, 1
			id := mustAdd(t, w, physics.BodyDef{Pos: mgl64.Vec2{0, tc.height + 0.2}, Shapes: []physics.Shape{s}})
			mustStep(t, w, 180)
			st := mustState(t, w, id)
			// Box2D lets a resting body sink by up to its linear slop.
			if d := st.Pos[1] - tc.height; d > 0.001 || d < -linearSlop-0.001 {
				t.Errorf("rests at %v, %+.4f from %v", st.Pos[1], d, tc.height)
			}
		})
	}
}

func TestSnapshotMatchesStateForEveryBodyInIDOrder(t *testing.T) {
	w := newWorld(t, physics.Config{Gravity: mgl64.Vec2{0, -9.8}})
	mustAdd(t, w, floor(0))
	var ids []physics.BodyID
	for i := range 20 {
		d := ball(mgl64.Vec2{float64(i%5) - 2, 1 + float64(i/5)}, 0.3)
		d.AngVel = float64(i)
		ids = append(ids, mustAdd(t, w, d))
	}
	if err := w.RemoveBody(ids[3]); err != nil {
		t.Fatal(err)
	}
	if err := w.Teleport(ids[7], mgl64.Vec2{5, 5}, 1); err != nil {
		t.Fatal(err)
	}
	mustStep(t, w, 30)
	snap := w.Snapshot(nil)
	if len(snap) != w.Len() || w.Len() != 20 {
		t.Fatalf("snapshot of %d bodies, Len %d; want 20", len(snap), w.Len())
	}
	for i, s := range snap {
		if i > 0 && snap[i-1].ID >= s.ID {
			t.Errorf("snapshot[%d] is body %d after body %d", i, s.ID, snap[i-1].ID)
		}
		want := mustState(t, w, s.ID)
		want.Teleported = s.ID == ids[7]
		if s != want {
			t.Errorf("snapshot[%d] = %+v, State = %+v", i, s, want)
		}
	}
	if again := w.Snapshot(snap); again[7].Teleported || &again[0] != &snap[0] {
		t.Errorf("second snapshot: teleported %v, reused buffer %v", again[7].Teleported, &again[0] == &snap[0])
	}
}

func TestCloseFreesTheWorldAndIsSafeTwice(t *testing.T) {
	w, err := New(physics.Config{})
	if err != nil {
		t.Fatal(err)
	}
	id := mustAdd(t, w, ball(mgl64.Vec2{}, 1))
	for range 2 {
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Step(tick); !errors.Is(err, physics.ErrInvalid) {
		t.Errorf("Step after Close: %v; want ErrInvalid", err)
	}
	if _, err := w.AddBody(ball(mgl64.Vec2{}, 1)); !errors.Is(err, physics.ErrInvalid) {
		t.Errorf("AddBody after Close: %v; want ErrInvalid", err)
	}
	if _, err := w.State(id); !errors.Is(err, physics.ErrNoBody) {
		t.Errorf("State after Close: %v; want ErrNoBody", err)
	}
	if s := w.Snapshot(nil); len(s) != 0 {
		t.Errorf("Snapshot after Close has %d bodies", len(s))
	}
	if _, _, err := w.RayCast(mgl64.Vec2{}, mgl64.Vec2{1, 1}, physics.Filter{}); !errors.Is(err, physics.ErrInvalid) {
		t.Errorf("RayCast after Close: %v; want ErrInvalid", err)
	}
}
