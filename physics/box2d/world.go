//go:build box2d && cgo

package box2d

/*
#cgo CXXFLAGS: -std=c++17 -O2
#cgo LDFLAGS: -lbox2d
#include "shim.h"
*/
import "C"

import (
	"fmt"
	"math"
	"runtime"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
	"github.com/lockstep-engine/lockstep/physics/internal/ids"
)

// World is a physics.World simulated by Box2D. Make one with New and free
// it with Close.
type World struct {
	c       *C.lsWorld // nil once closed
	cleanup runtime.Cleanup

	// bodies and joints are in ascending ID order, each with the shim's
	// handle to it: a lookup is a binary search, and removal leaves a hole
	// closed later, so removing n bodies costs our side O(n).
	bodies    ids.List[physics.BodyID, body]
	joints    ids.List[physics.JointID, joint]
	lastBody  physics.BodyID
	lastJoint physics.JointID

	// inC is set while a call is inside Box2D: Box2D asserts (aborting the
	// process) when its world is changed during a step, so a call from
	// another goroutine meanwhile is refused with physics.ErrBusy instead.
	// One compare-and-swap a call (BenchmarkGuard).
	inC atomic.Bool

	u         units
	damping   float64 // Box2D's damping rate for dynamic bodies
	bullets   int     // bodies with Bullet set: continuous collision is on while there are any
	onContact func(physics.Contact) error
	busy      atomic.Bool // inside onContact
	steps     uint64

	// touching holds the pairs reported by the last step, and next the
	// pairs of the step being reported; they swap after each report.
	touching, next []pair

	cfg  physics.Config // what New was given, for CopyFrom's check
	copy copyState      // CopyFrom's memory
}

// body is what the Go side knows of a body: its handle in the shim, what
// Kind, Shapes and User return, and the joints that go with it.
type body struct {
	h      *C.lsBody
	id     physics.BodyID
	kind   physics.BodyKind
	bullet bool
	fixed  bool            // never rotates: FixedRotation or an infinite Moment
	shapes []physics.Shape // as added, polygons as hulled
	shape1 [1]physics.Shape
	user   any
	joints ids.List[physics.JointID, joint]
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
// Beyond physics.Config.Validate, New refuses gravity beyond Box2D's range
// and a Damping too close to 0 for single precision (the ranges both
// engines share).
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
	w := &World{onContact: cfg.OnContact, u: unitsOf(&cfg), cfg: cfg}
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
	if err := w.enter("close"); err != nil {
		return err
	}
	defer w.leave()
	if w.c == nil {
		return nil
	}
	if w.busy.Load() {
		return fmt.Errorf("box2d: close: %w; %s", physics.ErrBusy, check.Later)
	}
	w.cleanup.Stop()
	C.lsFreeWorld(w.c)
	w.c = nil
	w.bodies, w.joints = ids.List[physics.BodyID, body]{}, ids.List[physics.JointID, joint]{}
	w.touching, w.next = nil, nil
	w.copy = copyState{}
	return nil
}

// enter claims the world for a call into Box2D, or refuses op when another
// goroutine is inside it; leave gives it back.
func (w *World) enter(op string) error {
	if !w.inC.CompareAndSwap(false, true) {
		return fmt.Errorf("box2d: %s: %w; another goroutine is using the world: a World is not safe for concurrent use, call it from one goroutine (the game's tick)", op, physics.ErrBusy)
	}
	return nil
}

func (w *World) leave() { w.inC.Store(false) }

// Clear removes every body and joint at once, in time linear in what the
// world held, by starting over with an empty Box2D world of the same
// settings: the way to empty a level. Body by body, Box2D searches its
// list of bodies moved since the last step for each one removed, which
// makes removing bodies added in the same tick cost O(n) each. IDs go on
// growing; contacts of the bodies removed are reported Ended at the next
// step.
func (w *World) Clear() error {
	if err := w.enter("clear"); err != nil {
		return err
	}
	defer w.leave()
	if w.busy.Load() {
		return fmt.Errorf("box2d: clear: %w; %s", physics.ErrBusy, check.Later)
	}
	if w.c == nil {
		return errClosed("clear")
	}
	C.lsClear(w.c)
	w.bodies.Clear()
	w.joints.Clear()
	return nil
}

// errClosed is the error of an operation on a closed world.
func errClosed(op string) error {
	return fmt.Errorf("box2d: %s: the world is closed: %w; make a new one", op, physics.ErrInvalid)
}

// Len returns the number of bodies in the world.
func (w *World) Len() int { return w.bodies.Len() }

// Steps returns how many steps the world has taken. Errors name a step by
// the number of steps before it, as the engine numbers its ticks: in a
// world stepped once a tick from the start, step n is tick n.
func (w *World) Steps() uint64 { return w.steps }

// Step advances the world by dt, then checks every body for NaN or infinite
// state and, if Config.OnContact is set, reports contacts. After an error
// wrapping physics.ErrDiverged the world is beyond repair: rebuild it.
func (w *World) Step(dt time.Duration) error {
	if w.busy.Load() {
		return fmt.Errorf("box2d: step: %w; %s", physics.ErrBusy, check.Later)
	}
	if err := w.enter("step"); err != nil {
		return err
	}
	if w.c == nil {
		w.leave()
		return errClosed("step")
	}
	if dt <= 0 {
		w.leave()
		return fmt.Errorf("box2d: step by %v: %w; dt must be positive", dt, physics.ErrInvalid)
	}
	n := w.steps
	bad := C.lsStep(w.c, C.double(dt.Seconds()))
	w.steps++
	if bad != 0 {
		s := C.lsGetState(w.c, w.bodies.Get(physics.BodyID(bad)).h)
		w.leave()
		return fmt.Errorf("box2d: step %d: body %d (%v) reached position (%g, %g), angle %g, velocity (%g, %g), angular velocity %g: %w; look for huge forces, impulses or velocities given to it, and rebuild the world",
			n, bad, w.bodies.Get(physics.BodyID(bad)).kind, s.px, s.py, s.angle, s.vx, s.vy, s.av, physics.ErrDiverged)
	}
	if w.onContact == nil {
		w.leave()
		return nil
	}
	cur := w.collectContacts()
	w.leave()
	if err := w.reportContacts(cur); err != nil {
		return fmt.Errorf("box2d: step %d: contact callback: %w", n, err)
	}
	return nil
}

// Snapshot overwrites dst with the state of every body in ascending ID
// order, resized to Len, and returns it. It allocates only when dst is too
// small, and copies all bodies in one call into Box2D's side. A body
// teleported since the last snapshot has Teleported set in this one only.
func (w *World) Snapshot(dst []physics.BodyState) []physics.BodyState {
	if err := w.enter("snapshot"); err != nil {
		panic(err)
	}
	defer w.leave()
	n := w.bodies.Len()
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

// lookup returns the body with id for op, or an error wrapping
// physics.ErrNoBody (a closed world holds none).
func (w *World) lookup(op string, id physics.BodyID) (*body, error) {
	b := w.bodies.Get(id)
	if b == nil {
		return nil, fmt.Errorf("box2d: %s body %d: %w (removed, or never added to this world; Ground is not a body here)", op, id, physics.ErrNoBody)
	}
	return b, nil
}

// shimMoved returns how many entries of its body list the shim has copied
// closing holes, for the test that keeps removal linear.
func (w *World) shimMoved() int { return int(C.lsMoved(w.c)) }
