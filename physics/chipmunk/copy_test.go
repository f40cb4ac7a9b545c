package chipmunk

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// TestCopyWarmStarts: a copy carries the source's cached contacts, so its
// first step moves every body exactly as the source's does, and after 8
// steps a settled pile is still within 1e-4 of the source (copies that
// started their contacts cold were 0.06 apart).
func TestCopyWarmStarts(t *testing.T) {
	src := newPile(300, 1).world(t, physics.Config{})
	for range 600 {
		if err := src.Step(tick); err != nil {
			t.Fatal(err)
		}
	}
	c, err := New(physics.Config{Gravity: mgl64.Vec2{0, -10}})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.CopyFrom(src); err != nil {
		t.Fatal(err)
	}
	for n := range 8 {
		if err := src.Step(tick); err != nil {
			t.Fatal(err)
		}
		if err := c.Step(tick); err != nil {
			t.Fatal(err)
		}
		a, b := src.Snapshot(nil), c.Snapshot(nil)
		worst := 0.0
		for i := range a {
			worst = max(worst, a[i].Pos.Sub(b[i].Pos).Len())
		}
		if worst > 1e-4 || (n == 0 && worst != 0) {
			t.Fatalf("step %d after the copy: bodies up to %g from the source's", n+1, worst)
		}
	}
}
