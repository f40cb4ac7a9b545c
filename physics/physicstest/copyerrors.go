package physicstest

import (
	"errors"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// otherWorld stands for a world of another backend.
type otherWorld struct{ physics.World }

// testCopyErrors: a copy from a world of another backend or config, from
// or into a closed world, or from inside OnContact is refused with the
// right error, leaving the receiver as it was; a copy into itself does
// nothing; OnContact may differ.
func testCopyErrors(t *testing.T, open Opener) {
	src := scene(t, open, 1, 20)
	c := newWorld(t, open, copyConfig(1))
	c.must(Pile(c, 5, 1))
	before := c.Snapshot(nil)
	refuse := func(what string, err, want error) {
		t.Helper()
		if !isWrapped(err, want) {
			t.Errorf("copy %s: %v, want an error wrapping %v", what, err, want)
		}
		sameSnapshots(t, "the receiver after a refused copy "+what, before, c.Snapshot(nil))
	}
	refuse("from another backend", c.CopyFrom(otherWorld{}), physics.ErrInvalid)
	refuse("from nil", c.CopyFrom(nil), physics.ErrInvalid)
	for _, change := range []func(*physics.Config){
		func(c *physics.Config) { c.Gravity[1] = -9 },
		func(c *physics.Config) { c.Sleep = !c.Sleep },
		func(c *physics.Config) { c.Damping = 0.5 },
		func(c *physics.Config) { c.Iterations = 3 },
		func(c *physics.Config) { c.UnitsPerMeter = 4 },
	} {
		cfg := copyConfig(1)
		change(&cfg)
		refuse("from a world of another config", c.CopyFrom(newWorld(t, open, cfg).World), physics.ErrInvalid)
	}
	closed := newWorld(t, open, copyConfig(1))
	closed.must(closed.Close())
	refuse("from a closed world", c.CopyFrom(closed.World), physics.ErrInvalid)
	if err := closed.CopyFrom(src.World); !isWrapped(err, physics.ErrInvalid) {
		t.Errorf("copy into a closed world: %v, want ErrInvalid", err)
	}
	if err := c.CopyFrom(c.World); err != nil {
		t.Errorf("copy into itself: %v", err)
	}
	sameSnapshots(t, "a world copied into itself", before, c.Snapshot(nil))
	cfg := copyConfig(1)
	cfg.Iterations, cfg.Damping = 10, 1 // the defaults spelled out
	cfg.OnContact = func(physics.Contact) error { return nil }
	alike := newWorld(t, open, cfg)
	copyInto(t, alike, src)
	sameContents(t, src, alike)
	testCopyBusy(t, open)
}

// testCopyBusy: from inside a world's OnContact, copying into it or from
// it is refused with ErrBusy.
func testCopyBusy(t *testing.T, open Opener) {
	other := newWorld(t, open, physics.Config{Gravity: g})
	var w *world
	var into, from error
	cfg := physics.Config{Gravity: g, OnContact: func(physics.Contact) error {
		if into == nil {
			into, from = w.CopyFrom(other.World), other.CopyFrom(w.World)
		}
		return nil
	}}
	w = newWorld(t, open, cfg)
	w.ground(1, 0)
	w.box(mgl64.Vec2{0, 0.5}, 1, 1, 1, 0)
	w.step(2)
	if !isWrapped(into, physics.ErrBusy) || !errors.Is(from, physics.ErrBusy) {
		t.Errorf("inside OnContact, copy into the world: %v; from it: %v; want errors wrapping ErrBusy", into, from)
	}
}
