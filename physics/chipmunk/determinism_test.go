package chipmunk

import (
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
)

func TestSameSeedGivesBitIdenticalRuns(t *testing.T) {
	steps := 10_000
	if testing.Short() {
		steps = 1_000
	}
	scene := newPile(60, 7)
	a := scene.world(t, physics.Config{})
	b := scene.world(t, physics.Config{})
	var sa, sb []physics.BodyState
	for i := range steps {
		if err := a.Step(tick); err != nil {
			t.Fatal(err)
		}
		if err := b.Step(tick); err != nil {
			t.Fatal(err)
		}
		sa, sb = a.Snapshot(sa), b.Snapshot(sb)
		if ha, hb := physics.Hash(sa), physics.Hash(sb); ha != hb {
			t.Fatalf("step %d: hashes %v and %v differ", i+1, ha, hb)
		}
	}
	for i := range sa {
		if sa[i] != sb[i] {
			t.Fatalf("after %d steps body %d differs: %+v vs %+v", steps, sa[i].ID, sa[i], sb[i])
		}
	}
	if other := newPile(60, 8).world(t, physics.Config{}); physics.Hash(other.Snapshot(nil)) == physics.Hash(sa) {
		t.Error("a different seed gave the same state")
	}
}

func TestWrapperSimulatesExactlyLikeRawCp(t *testing.T) {
	scene := newPile(200, 3)
	w := scene.world(t, physics.Config{})
	space, bodies := scene.raw()
	var states []physics.BodyState
	for range 600 {
		if err := w.Step(tick); err != nil {
			t.Fatal(err)
		}
		space.Step(tick.Seconds())
	}
	states = w.Snapshot(states)
	for i, s := range states {
		c := bodies[i]
		if s.Pos != gvec(c.Position()) || s.Angle != c.Angle() || s.Vel != gvec(c.Velocity()) || s.AngVel != c.AngularVelocity() {
			t.Fatalf("body %d: wrapper %+v, raw cp pos %v angle %v", s.ID, s, c.Position(), c.Angle())
		}
	}
}
