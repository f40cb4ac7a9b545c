package chipmunk

import (
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
)

// The wrapper adds nothing to cp's arithmetic: the same scene built with cp
// alone ends bit for bit alike. (Same seed, same run, is a conformance
// case in physicstest.)
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
