//go:build box2d && cgo

package box2d

/*
#cgo CXXFLAGS: -std=c++17 -O2
#cgo LDFLAGS: -lbox2d
#include "shim.h"
*/
import "C"

import (
	"cmp"
	"fmt"
	"math"
	"runtime"
	"slices"
	"time"
	"unsafe"

	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

// World is a physics.World simulated by Box2D. Make one with New and free
// it with Close.
type World struct {
	c       *C.lsWorld // nil once closed
	cleanup runtime.Cleanup

	// bodies and joints are in ascending ID order, the same order as the
	// shim's lists: an ID's index found by binary search is the shim's
	// index too, so no C++ pointer is kept on the Go side.
	bodies    []*body
	joints    []joint
	lastBody  physics.BodyID
	lastJoint physics.JointID

	u         units
	damping   float64 // Box2D's damping rate for dynamic bodies
	bullets   int     // bodies with Bullet set: continuous collision is on while there are any
	onContact func(physics.Contact) error
	busy      bool // inside onContact
	steps     uint64

	// touching holds the pairs reported by the last step, and next the
	// pairs of the step being reported; they swap after each report.
	touching, next []pair
}

// body is what the Go side knows of a body: what Kind and Shapes return.
type body struct {
	id     physics.BodyID
	kind   physics.BodyKind
	bullet bool
	fixed  bool            // never rotates: FixedRotation or an infinite Moment
	shapes []physics.Shape // as added, polygons as hulled
	shape1 [1]physics.Shape
}

var _ physics.World = (*World)(nil)

// Box2D's solver makes velocityIterations passes per step as Config's
// Iterations says (10 by default), and positionIterations passes to pull
// overlapping bodies apart, Box2D's recommended 3.
const (
	defaultIterations  = 10
	positionIterations = 3
)

// New returns an empty world configured by cfg. Config.Damping becomes
// Box2D's per-body damping rate −ln(Damping), which keeps that fraction of
// velocity after a second to within 0.1% at 60 steps a second.
// Config.UnitsPerMeter scales every length, velocity, force and impulse
// between the world's units and Box2D's meters (see the package comment).

func New(cfg physics.Config) (*World, error) {
	if err := check.Config(&cfg); err != nil {
		return nil, fmt.Errorf("box2d: new world: %w", err)
	}
	iterations := cfg.Iterations
	if iterations == 0 {
		iterations = defaultIterations
	}
	sleep := 0
	if cfg.Sleep {
		sleep = 1
	}
	w := &World{onContact: cfg.OnContact, u: unitsOf(&cfg)}
	w.c = C.lsNewWorld(C.double(w.u.PerMeter), C.double(cfg.Gravity[0]), C.double(cfg.Gravity[1]), C.int(sleep), C.int(iterations), positionIterations)
	w.damping = dampingRate(cfg.Damping)
	// A world dropped without Close still frees Box2D's memory.
	w.cleanup = runtime.AddCleanup(w, func(c *C.lsWorld) { C.lsFreeWorld(c) }, w.c)
	return w, nil
}

func dampingRate(keep float64) float64 {
	if keep == 0 || keep == 1 {
		return 0
	}
	return -math.Log(keep)
}

// Close frees Box2D's world. The World holds no bodies afterwards: Step
// and AddBody fail, and every ID is unknown. Closing twice is safe.
func (w *World) Close() error {
	if w.c == nil {
		return nil
	}
	if w.busy {
		return fmt.Errorf("box2d: close: %w; close the world after Step has returned", physics.ErrBusy)
	}
	w.cleanup.Stop()
	C.lsFreeWorld(w.c)
	w.c = nil
	w.bodies, w.joints, w.touching, w.next = nil, nil, nil, nil
	return nil
}

// errClosed is the error of an operation on a closed world.
func errClosed(op string) error {
	return fmt.Errorf("box2d: %s: the world is closed: %w; make a new one", op, physics.ErrInvalid)
}

// Len returns the number of bodies in the world.
func (w *World) Len() int { return len(w.bodies) }

// Steps returns how many steps the world has taken.
func (w *World) Steps() uint64 { return w.steps }

// Step advances the world by dt, then checks every body for NaN or infinite
// state and, if Config.OnContact is set, reports contacts. After an error
// wrapping physics.ErrDiverged the world is beyond repair: rebuild it.
func (w *World) Step(dt time.Duration) error {
	if w.busy {
		return fmt.Errorf("box2d: step: %w; step after Step has returned", physics.ErrBusy)
	}
	if w.c == nil {
		return errClosed("step")
	}
	if dt <= 0 {
		return fmt.Errorf("box2d: step by %v: %w; dt must be positive", dt, physics.ErrInvalid)
	}
	bad := C.lsStep(w.c, C.double(dt.Seconds()))
	w.steps++
	if bad >= 0 {
		s := C.lsGetState(w.c, bad)
		b := w.bodies[bad]
		return fmt.Errorf("box2d: step %d: body %d (%v) reached position (%v, %v), angle %v, velocity (%v, %v), angular velocity %v: %w; look for huge forces, impulses or velocities given to it, and rebuild the world",
			w.steps, b.id, b.kind, s.px, s.py, s.angle, s.vx, s.vy, s.av, physics.ErrDiverged)
	}
	if w.onContact != nil {
		if err := w.reportContacts(); err != nil {
			return fmt.Errorf("box2d: step %d: contact callback: %w", w.steps, err)
		}
	}
	return nil
}

// Snapshot overwrites dst with the state of every body in ascending ID
// order, resized to Len, and returns it. It allocates only when dst is too
// small, and copies all bodies in one call into Box2D's side. A body
// teleported since the last snapshot has Teleported set in this one only.
func (w *World) Snapshot(dst []physics.BodyState) []physics.BodyState {
	n := len(w.bodies)
	if cap(dst) < n {
		dst = make([]physics.BodyState, n)
	}
	dst = dst[:n]
	if n > 0 {
		C.lsSnapshot(w.c, (*C.lsState)(unsafe.Pointer(&dst[0])))
	}
	return dst
}

// The shim writes lsState values straight into a []physics.BodyState (its
// side of the check is a static_assert): these fail to compile unless each
// field is at the offset lsState has it.
var (
	_ = [1]struct{}{}[unsafe.Offsetof(physics.BodyState{}.ID)]
	_ = [1]struct{}{}[unsafe.Offsetof(physics.BodyState{}.Pos)-8]
	_ = [1]struct{}{}[unsafe.Offsetof(physics.BodyState{}.Angle)-24]
	_ = [1]struct{}{}[unsafe.Offsetof(physics.BodyState{}.Vel)-32]
	_ = [1]struct{}{}[unsafe.Offsetof(physics.BodyState{}.AngVel)-48]
	_ = [1]struct{}{}[unsafe.Offsetof(physics.BodyState{}.Teleported)-56]
	_ = [1]struct{}{}[unsafe.Sizeof(physics.BodyState{})-64]
)

// index returns the position of the body with id in w.bodies, and whether
// there is one.
func (w *World) index(id physics.BodyID) (int, bool) {
	return slices.BinarySearchFunc(w.bodies, id, func(b *body, id physics.BodyID) int {
		return cmp.Compare(b.id, id)
	})
}
