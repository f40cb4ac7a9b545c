package chipmunk

import (
	"runtime/debug"
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/physicstest"
)

func TestSnapshotAndBlendAllocateNothing(t *testing.T) {
	w := newPile(500, 1).world(t, physics.Config{})
	prev, cur := w.Snapshot(nil), w.Snapshot(nil)
	blended := physics.Blend(nil, prev, cur, 0.5)
	if n := testing.AllocsPerRun(100, func() { cur = w.Snapshot(cur) }); n != 0 {
		t.Errorf("Snapshot into a big enough slice allocated %v times a call, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { blended = physics.Blend(blended, prev, cur, 0.5) }); n != 0 {
		t.Errorf("Blend allocated %v times a call, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { physics.Hash(cur) }); n != 0 {
		t.Errorf("Hash allocated %v times a call, want 0", n)
	}
}

// cp allocates on every step (per colliding pair, and arbiters come from a
// sync.Pool that each GC empties). With the GC off, identical scenes make
// identical allocations, so any difference is the wrapper's. Both are
// measured once the pile has settled, when the contact log's slices have
// grown to the number of touching pairs.
func TestStepAllocatesNoMoreThanRawCp(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	scene := newPile(300, 5)
	tests := []struct {
		name string
		cfg  physics.Config
	}{
		{"plain", physics.Config{}},
		{"reporting contacts", physics.Config{OnContact: func(physics.Contact) error { return nil }}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := scene.world(t, tt.cfg)
			space, _ := scene.raw()
			for range 300 {
				if err := w.Step(tick); err != nil {
					t.Fatal(err)
				}
				space.Step(tick.Seconds())
			}
			wrapped := physicstest.AllocsPerStep(t, w, 200)
			raw := testing.AllocsPerRun(200, func() { space.Step(tick.Seconds()) })
			t.Logf("allocations per step: wrapper %v, raw cp %v", wrapped, raw)
			if wrapped != raw {
				t.Fatalf("World.Step made %v allocations a step, raw cp %v: the wrapper adds %v", wrapped, raw, wrapped-raw)
			}
		})
	}
}
