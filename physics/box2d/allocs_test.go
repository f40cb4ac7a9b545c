//go:build box2d && cgo

package box2d

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/physicstest"
)

// The per-tick path allocates nothing once warm: stepping with contact
// reports, snapshots and queries into reused buffers.
func TestTheTickPathAllocatesNothingOnceWarm(t *testing.T) {
	reports := 0
	cfg := physicstest.PileConfig()
	cfg.OnContact = func(c physics.Contact) error { reports++; return nil }
	w := newWorld(t, cfg)
	if err := physicstest.Pile(w, 300, 1); err != nil {
		t.Fatal(err)
	}
	mustStep(t, w, 120) // the pile lands: buffers reach their size
	snap := w.Snapshot(nil)
	ids := make([]physics.BodyID, 0, 400)
	inBox := make([]physics.BodyID, 0, 400)
	lo, hi := mgl64.Vec2{0, 0}, mgl64.Vec2{10, 3}
	for _, tc := range []struct {
		name string
		run  func()
	}{
		{"Step", func() {
			if err := w.Step(tick); err != nil {
				t.Fatal(err)
			}
		}},
		{"Snapshot", func() { snap = w.Snapshot(snap) }},
		{"QueryBox", func() { inBox, _ = w.QueryBox(lo, hi, physics.Filter{}, inBox) }},
		{"QueryPoint", func() { ids, _ = w.QueryPoint(mgl64.Vec2{3, 0.5}, physics.Filter{}, ids) }},
		{"RayCast", func() { _, _, _ = w.RayCast(mgl64.Vec2{-1, 1}, mgl64.Vec2{30, 1}, physics.Filter{}) }},
		{"BodyAt", func() { _, _, _ = w.BodyAt(mgl64.Vec2{3, 0.5}, 0.5, true) }},
		{"State", func() { _, _ = w.State(10) }},
	} {
		if n := testing.AllocsPerRun(100, tc.run); n != 0 {
			t.Errorf("%s: %v allocations per call, want 0", tc.name, n)
		}
	}
	if reports == 0 || len(inBox) == 0 {
		t.Errorf("%d contact reports, %d bodies in the box: the pile tested nothing", reports, len(inBox))
	}
}
