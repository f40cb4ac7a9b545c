package chipmunk

import (
	"fmt"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
	"github.com/lockstep-engine/lockstep/physics/internal/ids"
)

// World is a physics.World simulated by cp. Make one with New.
type World struct {
	space *cp.Space

	// bodies and joints are kept in ascending ID order: a snapshot is a
	// straight walk, a lookup a binary search, and removal leaves a hole
	// closed later, so removing n bodies costs our side O(n). Walking our
	// own slice is also faster than cp's EachBody.
	bodies    ids.List[physics.BodyID, body]
	joints    ids.List[physics.JointID, joint]
	lastBody  physics.BodyID
	lastJoint physics.JointID

	cfg physics.Config // what New made the space from, for Clear
	rng check.Range    // the ranges both backends share

	slab []body // records for bodies to come; see nextBody

	onContact func(physics.Contact) error
	busy      bool // inside onContact
	closed    bool
	steps     uint64

	contacts contactLog
	query    queryState
	copy     copyState // CopyFrom's memory
}

// body is what cp's Body.UserData points at.
type body struct {
	id         physics.BodyID
	kind       physics.BodyKind
	fixed      bool // FixedRotation: angular velocity stays 0
	user       any  // BodyDef.User
	cp         *cp.Body
	joints     ids.List[physics.JointID, joint] // attached to it, to go with it
	shapes     []*cp.Shape
	defs       []physics.Shape // as added, polygons as hulled, for Shapes
	teleported bool

	// Storage for defs and shapes when the body has one shape, the usual
	// case, saving two allocations per body.
	def1   [1]physics.Shape
	shape1 [1]*cp.Shape
}

var _ physics.World = (*World)(nil)

// New returns an empty world configured by cfg. With cfg.Sleep, bodies
// whose speed stays under idleSpeed for sleepTime fall asleep.
func New(cfg physics.Config) (*World, error) {
	if err := check.Config(&cfg); err != nil {
		return nil, fmt.Errorf("chipmunk: new world: %w", err)
	}
	w := &World{cfg: cfg, rng: check.RangeOf(&cfg), onContact: cfg.OnContact}
	w.space = newSpace(&cfg)
	if w.onContact != nil {
		w.contacts.start(w)
	}
	w.query.start(w)
	return w, nil
}

// newSpace makes the cp space cfg describes, empty.
func newSpace(cfg *physics.Config) *cp.Space {
	s := cp.NewSpace()
	s.SetGravity(vec(cfg.Gravity))
	if cfg.Damping != 0 {
		s.SetDamping(cfg.Damping)
	}
	if cfg.Iterations != 0 {
		s.Iterations = uint(cfg.Iterations)
	}
	if cfg.Sleep {
		s.SleepTimeThreshold = sleepTime.Seconds()
		s.IdleSpeedThreshold = idleSpeed
	}
	return s
}

// Len returns the number of bodies in the world, the ground excluded.
func (w *World) Len() int { return w.bodies.Len() }

// Steps returns how many steps the world has taken. Errors name a step by
// the number of steps before it, as the engine numbers its ticks: in a
// world stepped once a tick from the start, step n is tick n.
func (w *World) Steps() uint64 { return w.steps }

// Step advances the world by dt, then checks every body for NaN or infinite
// state and, if Config.OnContact is set, reports contacts. After an error
// wrapping physics.ErrDiverged the world is beyond repair: rebuild it.
func (w *World) Step(dt time.Duration) error {
	if err := w.usable("step"); err != nil {
		return err
	}
	if w.busy {
		return fmt.Errorf("chipmunk: step: %w; %s", physics.ErrBusy, check.Later)
	}
	if dt <= 0 {
		return fmt.Errorf("chipmunk: step by %v: %w; dt must be positive", dt, physics.ErrInvalid)
	}
	if w.onContact != nil {
		w.contacts.beforeStep(w)
	}
	n := w.steps
	w.space.Step(dt.Seconds())
	w.steps++
	if err := w.checkBodies(n); err != nil {
		return err
	}
	if w.onContact != nil {
		if err := w.reportContacts(); err != nil {
			return fmt.Errorf("chipmunk: step %d: contact callback: %w", n, err)
		}
	}
	return nil
}

// checkBodies returns an error naming the first body whose state is NaN or
// infinite after step n (numbered from 0, as the engine numbers ticks). It
// is all Step adds to cp's step when nothing listens for contacts
// (BenchmarkCheckBodies).
func (w *World) checkBodies(n uint64) error {
	for _, b := range w.bodies.Values() {
		if b.kind == physics.Static {
			continue
		}
		c := b.cp
		p, v := c.Position(), c.Velocity()
		a, av := c.Angle(), c.AngularVelocity()
		// x-x is 0 for every finite x and NaN for NaN and ±Inf, so one
		// comparison tests all six numbers.
		if (p.X-p.X)+(p.Y-p.Y)+(v.X-v.X)+(v.Y-v.Y)+(a-a)+(av-av) != 0 {
			return fmt.Errorf("chipmunk: step %d: body %d (%v) reached position (%g, %g), angle %g, velocity (%g, %g), angular velocity %g: %w; look for huge forces, impulses or velocities given to it, or a spring whose anchors met, and rebuild the world",
				n, b.id, b.kind, p.X, p.Y, a, v.X, v.Y, av, physics.ErrDiverged)
		}
	}
	return nil
}

// Snapshot overwrites dst with the state of every body in ascending ID
// order, resized to Len, and returns it. It allocates only when dst is too
// small. A body teleported since the last snapshot has Teleported set in
// this one only. Pos is the body's origin and Vel the velocity of its
// centre of gravity.
func (w *World) Snapshot(dst []physics.BodyState) []physics.BodyState {
	bodies := w.bodies.Values()
	if cap(dst) < len(bodies) {
		dst = make([]physics.BodyState, len(bodies))
	}
	dst = dst[:len(bodies)]
	for i, b := range bodies {
		c := b.cp
		p, v := c.Position(), c.Velocity()
		dst[i] = physics.BodyState{
			ID:         b.id,
			Pos:        mgl64.Vec2{p.X, p.Y},
			Angle:      c.Angle(),
			Vel:        mgl64.Vec2{v.X, v.Y},
			AngVel:     c.AngularVelocity(),
			Teleported: b.teleported,
		}
		if b.teleported {
			b.teleported = false
		}
	}
	return dst
}

// Close lets the world go: cp lives in Go's heap, so there is nothing to
// free but references. Afterwards Len is 0, Snapshot returns no bodies and
// every other method fails with an error wrapping physics.ErrInvalid.
// Closing twice does nothing. Inside OnContact it fails with
// physics.ErrBusy, as Box2D's does: the step reporting contacts still
// needs the world.
func (w *World) Close() error {
	if w.closed {
		return nil
	}
	if w.busy {
		return fmt.Errorf("chipmunk: close: %w; %s", physics.ErrBusy, check.Later)
	}
	w.closed = true
	w.space, w.slab = nil, nil
	w.bodies, w.joints = ids.List[physics.BodyID, body]{}, ids.List[physics.JointID, joint]{}
	w.contacts = contactLog{}
	w.query = queryState{}
	w.copy = copyState{}
	return nil
}

// usable refuses op on a closed world.
func (w *World) usable(op string) error {
	if w.closed {
		return fmt.Errorf("chipmunk: %s: the world is closed: %w; make a new one with New", op, physics.ErrInvalid)
	}
	return nil
}

// find returns the body with id, or nil.
func (w *World) find(id physics.BodyID) *body { return w.bodies.Get(id) }

// lookup finds the body with id for op, or says why it cannot.
func (w *World) lookup(op string, id physics.BodyID) (*body, error) {
	if err := w.usable(op); err != nil {
		return nil, err
	}
	b := w.find(id)
	if b == nil {
		return nil, fmt.Errorf("chipmunk: %s body %d: %w (removed, or never added to this world; Ground is not a body here)", op, id, physics.ErrNoBody)
	}
	return b, nil
}

func vec(v mgl64.Vec2) cp.Vector { return cp.Vector{X: v[0], Y: v[1]} }

func gvec(v cp.Vector) mgl64.Vec2 { return mgl64.Vec2{v.X, v.Y} }
