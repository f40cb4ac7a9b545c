package exact_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/exact"
	"github.com/lockstep-engine/lockstep/physics/physicstest"
)

// restoreScene is seed's scene: a pile, a chain of pivots and pins, a
// spring and a drag joint; odd seeds sleep.
func restoreScene(t *testing.T, seed uint64) *exact.World {
	t.Helper()
	cfg := physics.Config{Gravity: down, Sleep: seed%2 == 1}
	w, err := exact.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := physicstest.Pile(w, 30+int(seed%20), seed); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 11))
	snap := w.Snapshot(nil)
	for k := range 8 {
		a, b := snap[r.IntN(len(snap))].ID, snap[r.IntN(len(snap))].ID
		if k, _ := w.Kind(a); a == b || k == physics.Static {
			continue
		}
		kinds := []physics.JointKind{physics.Pin, physics.Pivot, physics.Slide, physics.Spring}
		d := physics.JointDef{Kind: kinds[k%4], A: a, B: b, Max: 3, RestLength: 1, Stiffness: 30, Damping: 0.5}
		if _, err := w.AddJoint(d); err != nil && !errors.Is(err, physics.ErrInvalid) {
			t.Fatal(err)
		}
	}
	if _, err := w.AddJoint(physics.JointDef{Kind: physics.Drag, B: snap[len(snap)-1].ID, AnchorA: mgl64.Vec2{2, 12}, MaxForce: 100}); err != nil {
		t.Fatal(err)
	}
	return w
}

// stepSame steps both worlds n ticks with the same impulses, failing at
// the first tick their states or contacts differ.
func stepSame(t *testing.T, seed uint64, n int, a, b *exact.World, logs *[2][]physics.Contact) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 12))
	var sa, sb []physics.BodyState
	for i := range n {
		logs[0], logs[1] = logs[0][:0], logs[1][:0]
		sa = a.Snapshot(sa)
		id := sa[3+r.IntN(len(sa)-3)].ID
		imp := mgl64.Vec2{r.Float64() - 0.5, r.Float64()}
		for _, w := range []*exact.World{a, b} {
			if err := w.ApplyImpulse(id, imp, sa[3].Pos); err != nil {
				t.Fatal(err)
			}
			if err := w.Step(tick); err != nil {
				t.Fatal(err)
			}
		}
		sa, sb = a.Snapshot(sa), b.Snapshot(sb)
		if !slices.Equal(sa, sb) {
			t.Fatalf("seed %d: %d ticks after the restore the worlds differ: %v against %v", seed, i+1, physics.Hash(sa), physics.Hash(sb))
		}
		if !slices.Equal(logs[0], logs[1]) {
			t.Fatalf("seed %d: %d ticks after the restore the contacts differ: %+v against %+v", seed, i+1, logs[0], logs[1])
		}
	}
}

// TestRestoreContinuesBitForBit saves a world mid-run over 50 seeds and
// restores it into a fresh world and into one that held another scene:
// both then step exactly as the original does, states and contact
// reports, for 120 ticks.
func TestRestoreContinuesBitForBit(t *testing.T) {
	for seed := range uint64(50) {
		src := restoreScene(t, seed)
		for range 90 + int(seed%7)*10 {
			if err := src.Step(tick); err != nil {
				t.Fatal(err)
			}
		}
		var saved exact.Saved
		if err := src.Save(&saved); err != nil {
			t.Fatal(err)
		}
		// A fresh world and one that held another scene, each with a
		// twin restored from the same save, all reporting contacts.
		for held := range 2 {
			var logs [2][]physics.Contact
			twin, into := newLike(t, seed, 0, &logs[0]), newLike(t, seed, held, &logs[1])
			for _, w := range []*exact.World{twin, into} {
				if err := w.Restore(&saved); err != nil {
					t.Fatal(err)
				}
			}
			stepSame(t, seed, 120, twin, into, &logs)
			if len(logs[0]) == 0 && seed%2 == 0 {
				t.Fatalf("seed %d: no contacts reported in the last tick: the case needs them", seed)
			}
		}
		// And the source itself continues as a copy of it does.
		var logs [2][]physics.Contact
		other := newLike(t, seed, 0, nil)
		if err := other.CopyFrom(src); err != nil {
			t.Fatal(err)
		}
		stepSame(t, seed, 60, src, other, &logs)
	}
}

// newLike is an empty world of seed's config, or (held = 1) one that
// already holds another scene, logging its contacts to log if not nil.
func newLike(t *testing.T, seed uint64, held int, log *[]physics.Contact) *exact.World {
	t.Helper()
	cfg := physics.Config{Gravity: down, Sleep: seed%2 == 1}
	if log != nil {
		cfg.OnContact = func(c physics.Contact) error { *log = append(*log, c); return nil }
	}
	w, err := exact.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if held == 1 {
		if err := physicstest.Pile(w, 70, seed+100); err != nil {
			t.Fatal(err)
		}
		for range 30 {
			if err := w.Step(tick); err != nil {
				t.Fatal(err)
			}
		}
	}
	return w
}

// TestRestoreRefuses: an empty Saved, a world of another config, and a
// closed world are refused with ErrInvalid.
func TestRestoreRefuses(t *testing.T) {
	w, _ := exact.New(physics.Config{Gravity: down})
	var empty exact.Saved
	if err := w.Restore(&empty); !errors.Is(err, physics.ErrInvalid) {
		t.Errorf("restore of an empty Saved: %v, want ErrInvalid", err)
	}
	var s exact.Saved
	if err := w.Save(&s); err != nil {
		t.Fatal(err)
	}
	other, _ := exact.New(physics.Config{Gravity: mgl64.Vec2{0, -9}})
	if err := other.Restore(&s); !errors.Is(err, physics.ErrInvalid) {
		t.Errorf("restore into another config: %v, want ErrInvalid", err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Save(&s); !errors.Is(err, physics.ErrInvalid) {
		t.Errorf("save of a closed world: %v, want ErrInvalid", err)
	}
}
