package chipmunk

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// TestRemovingEveryBodyMovesLinearWork adds n bodies, each pinned to the
// one before, and removes them all in a random order (or first-added or
// last-added first) without a step, over 60 seeds: our lists move at most
// 2n entries each, where the slices the wrapper kept shifted n²/2 (and
// filtered every joint for each body). cp's own removal still searches
// its list of bodies, O(n) a body: see Clear.
func TestRemovingEveryBodyMovesLinearWork(t *testing.T) {
	for seed := range uint64(60) {
		r := rand.New(rand.NewPCG(seed, 3))
		n := 100 << (seed % 4)
		w := mustWorld(t, physics.Config{})
		ids := make([]physics.BodyID, n)
		for i := range ids {
			ids[i] = mustAdd(t, w, physics.BodyDef{Pos: mgl64.Vec2{float64(i) * 3, 0}, Mass: 1, Shapes: []physics.Shape{physics.CircleShape(1)}})
			if i > 0 {
				if _, err := w.AddJoint(physics.JointDef{Kind: physics.Pin, A: ids[i-1], B: ids[i]}); err != nil {
					t.Fatal(err)
				}
			}
		}
		order := r.Perm(n)
		if seed%3 > 0 {
			for i := range order {
				order[i] = i
				if seed%3 == 2 {
					order[i] = n - 1 - i
				}
			}
		}
		for _, i := range order {
			if err := w.RemoveBody(ids[i]); err != nil {
				t.Fatal(err)
			}
		}
		if b, j := w.bodies.Moved(), w.joints.Moved(); b > 2*n || j > 2*n || w.Len() != 0 {
			t.Fatalf("seed %d: removing %d bodies moved %d and %d entries in the body and joint lists; want at most %d each", seed, n, b, j, 2*n)
		}
	}
}
