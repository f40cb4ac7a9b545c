package chipmunk

import (
	"time"

	"github.com/lockstep-engine/lockstep/physics"
)

// With Config.Sleep, a group of touching or jointed bodies falls asleep
// once every body in it has been idle for sleepTime: moving slower than
// idleSpeed, counting its spin (cp compares v² + ω²·I/m with idleSpeed²).
// Box2D waits the same half second. A settled pile of 1,000 bodies moves
// at under 0.0012 units/s (physicstest.Pile after 20 s), far below
// idleSpeed; a bouncing body stays under it for about 0.01 s at its apex.
// cp's own default, gravity × dt, would be 0 in a world without gravity
// and 0.17 units/s at 60 Hz under gravity 10.
const (
	sleepTime = 500 * time.Millisecond
	idleSpeed = 0.05 // world units per second
)

// Sleeping reports whether the body with id is asleep. Static and
// kinematic bodies never sleep.
func (w *World) Sleeping(id physics.BodyID) (bool, error) {
	b, err := w.lookup("sleeping of", id)
	if err != nil {
		return false, err
	}
	return b.kind == physics.Dynamic && b.cp.IsSleeping(), nil
}

// Wake wakes the body with id and the bodies it touches or is jointed to,
// and restarts its idle time, so it stays awake for at least sleepTime.
// For a static body it wakes what rests on it; nothing touching a
// kinematic body sleeps.
func (w *World) Wake(id physics.BodyID) error {
	b, err := w.lookup("wake", id)
	if err != nil {
		return err
	}
	switch b.kind {
	case physics.Dynamic:
		b.cp.Activate()
	case physics.Static:
		b.cp.ActivateStatic(nil)
	}
	return nil
}
