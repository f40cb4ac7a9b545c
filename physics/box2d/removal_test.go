//go:build box2d && cgo

package box2d

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// TestRemovingEveryBodyMovesLinearWork adds n bodies, each pinned to the
// one before, and removes them all in a random order (or first-added or
// last-added first) without a step, over 60 seeds: the bookkeeping on both
// sides of cgo moves at most 2n entries for each list, where the shim's
// and Go's mirrored vectors used to shift n²/2. (Box2D's own removal of a
// body added since the last step is still O(n): see Clear.)
func TestRemovingEveryBodyMovesLinearWork(t *testing.T) {
	for seed := range uint64(60) {
		r := rand.New(rand.NewPCG(seed, 3))
		n := 200 << (seed % 4)
		w, err := New(physics.Config{})
		if err != nil {
			t.Fatal(err)
		}
		ids := make([]physics.BodyID, n)
		for i := range ids {
			ids[i], err = w.AddBody(physics.BodyDef{Pos: mgl64.Vec2{float64(i) * 3, 0}, Mass: 1, Shapes: []physics.Shape{physics.CircleShape(1)}})
			if err != nil {
				t.Fatal(err)
			}
			if i > 0 {
				if _, err := w.AddJoint(physics.JointDef{Kind: physics.Pin, A: ids[i-1], B: ids[i]}); err != nil {
					t.Fatal(err)
				}
			}
		}
		order := r.Perm(n)
		switch seed % 3 {
		case 1:
			order = nil
			for i := range n {
				order = append(order, i)
			}
		case 2:
			order = nil
			for i := range n {
				order = append(order, n-1-i)
			}
		}
		for _, i := range order {
			if err := w.RemoveBody(ids[i]); err != nil {
				t.Fatal(err)
			}
		}
		shim, bodies, joints := w.shimMoved(), w.bodies.Moved(), w.joints.Moved()
		if shim > 2*n || bodies > 2*n || joints > 2*n || w.Len() != 0 {
			t.Fatalf("seed %d: removing %d bodies moved %d entries in the shim, %d and %d in Go's body and joint lists; want at most %d each", seed, n, shim, bodies, joints, 2*n)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestACallFromAnotherGoroutineDuringAStepIsRefused holds the world as a
// Step does while inside Box2D, and calls every method that reaches Box2D
// as another goroutine would: each is refused with ErrBusy naming the
// cause, where Box2D would abort the process (IsLocked) or race.
func TestACallFromAnotherGoroutineDuringAStepIsRefused(t *testing.T) {
	w, err := New(physics.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	id, err := w.AddBody(physics.BodyDef{Mass: 1, Shapes: []physics.Shape{physics.CircleShape(1)}})
	if err != nil {
		t.Fatal(err)
	}
	other, err := New(physics.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if err := w.enter("step"); err != nil { // what Step does around lsStep
		t.Fatal(err)
	}
	calls := map[string]func() error{
		"CopyFrom":            func() error { return w.CopyFrom(other) },
		"CopyFrom, as source": func() error { return other.CopyFrom(w) },
		"AddBody": func() error {
			_, err := w.AddBody(physics.BodyDef{Mass: 1, Shapes: []physics.Shape{physics.CircleShape(1)}})
			return err
		},
		"RemoveBody":  func() error { return w.RemoveBody(id) },
		"Step":        func() error { return w.Step(tick) },
		"Teleport":    func() error { return w.Teleport(id, mgl64.Vec2{}, 0) },
		"SetVelocity": func() error { return w.SetVelocity(id, mgl64.Vec2{}, 0) },
		"Wake":        func() error { return w.Wake(id) },
		"Clear":       w.Clear,
		"Close":       w.Close,
		"AddJoint": func() error {
			_, err := w.AddJoint(physics.JointDef{Kind: physics.Pivot, B: id})
			return err
		},
		"QueryPoint": func() error { _, err := w.QueryPoint(mgl64.Vec2{}, physics.Filter{}, nil); return err },
		"State":      func() error { _, err := w.State(id); return err },
	}
	done := make(chan map[string]error)
	go func() {
		got := map[string]error{}
		for name, call := range calls {
			got[name] = call()
		}
		done <- got
	}()
	got := <-done
	for name, err := range got {
		if !errors.Is(err, physics.ErrBusy) || !strings.Contains(err.Error(), "another goroutine") {
			t.Errorf("%s while another goroutine steps: %v, want ErrBusy naming the other goroutine", name, err)
		}
	}
	w.leave()
	if err := w.Step(tick); err != nil {
		t.Fatalf("Step once the world is free: %v", err)
	}
	if w.Len() != 1 {
		t.Fatalf("the refused calls changed the world: %d bodies", w.Len())
	}
}

// BenchmarkGuard is the cost of a cheap call into Box2D, which now claims
// the world first (one compare-and-swap): compare with the parent commit.
func BenchmarkGuard(b *testing.B) {
	w, err := New(physics.Config{})
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	id, err := w.AddBody(physics.BodyDef{Mass: 1, Shapes: []physics.Shape{physics.CircleShape(1)}})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := w.Wake(id); err != nil {
			b.Fatal(err)
		}
	}
}
