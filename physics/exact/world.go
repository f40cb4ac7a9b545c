package exact

import (
	"fmt"
	"slices"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

// World is a physics.World whose results are the same bits on every CPU.
// Make one with New.
type World struct {
	cfg physics.Config // as given, for CopyFrom's check and Clear
	rng check.Range
	st  state // everything that decides what the next step does

	onContact func(physics.Contact) error
	busy      bool // inside onContact
	closed    bool

	ground body // Ground: static, at the origin, for joints

	sc scratch // per-step memory, kept between steps so they allocate nothing
}

// state is a world's whole simulation state, in plain values: copying it
// field by field makes a world that continues bit for bit.
type state struct {
	bodies    []body  // ascending ID
	shapes    []shape // grouped by body, in body order
	verts     []vec   // polygon hulls (body coordinates), by shape
	norms     []vec   // their outward edge normals
	joints    []joint // ascending ID
	manifolds []manifold
	order     []int32  // shapes by AABB's left edge: the broad phase's order
	noCollide []uint64 // body ID pairs a joint keeps apart, sorted
	touching  []touch  // body pairs touching after the last step, sorted
	lastBody  physics.BodyID
	lastJoint physics.JointID
	steps     uint64
}

// scratch is memory a step reuses; it carries nothing from one step to
// the next.
type scratch struct {
	pairs     []uint64
	manifolds []manifold
	touches   []touch
	reports   []physics.Contact
	parent    []int32
	islandMin []float64
	va, na    []vec // the placed vertices of a pair's shapes
	vb, nb    []vec
}

var _ physics.World = (*World)(nil)

// Tuning, in world units and seconds.
const (
	// slop is how far shapes may overlap before the solver pushes them
	// apart: a little overlap keeps contacts steady.
	slop = 0.005
	// speculative is how far apart shapes get contacts before they touch,
	// so the solver stops them in the step they would meet.
	speculative = 0.02
	// baumgarte is the fraction of overlap the solver removes each step.
	baumgarte = 0.2
	// maxPush bounds the speed at which overlap is removed.
	maxPush = 3.0
	// bounceSpeed is the approach speed below which nothing bounces.
	bounceSpeed = 0.5
	// sleepTime and idleSpeed: with Config.Sleep, a group of touching or
	// jointed bodies sleeps once each has moved slower than idleSpeed
	// (and turned slower than idleSpin) for sleepTime.
	sleepTime = 0.5
	idleSpeed = 0.05
	idleSpin  = 0.05
)

// New returns an empty world configured by cfg.
func New(cfg physics.Config) (*World, error) {
	if err := check.Config(&cfg); err != nil {
		return nil, fmt.Errorf("exact: new world: %w", err)
	}
	return &World{cfg: cfg, rng: check.RangeOf(&cfg), onContact: cfg.OnContact, ground: body{kind: physics.Static, rot: rot{c: 1}}}, nil
}

// iterations is the number of solver passes a step makes.
func (w *World) iterations() int {
	if w.cfg.Iterations == 0 {
		return 10
	}
	return w.cfg.Iterations
}

// Len returns the number of bodies, the ground excluded.
func (w *World) Len() int { return len(w.st.bodies) }

// Steps returns how many steps the world has taken.
func (w *World) Steps() uint64 { return w.st.steps }

// Step advances the world by dt, checks every body for NaN or infinite
// state and, if Config.OnContact is set, reports contacts.
func (w *World) Step(dt time.Duration) error {
	if err := w.usable("step"); err != nil {
		return err
	}
	if w.busy {
		return fmt.Errorf("exact: step: %w; %s", physics.ErrBusy, check.Later)
	}
	if dt <= 0 {
		return fmt.Errorf("exact: step by %v: %w; dt must be positive", dt, physics.ErrInvalid)
	}
	n := w.st.steps
	w.step(dt.Seconds())
	w.st.steps++
	if err := w.checkBodies(n); err != nil {
		return err
	}
	if err := w.report(); err != nil {
		return fmt.Errorf("exact: step %d: contact callback: %w", n, err)
	}
	return nil
}

// step is one step of the simulation.
func (w *World) step(h float64) {
	w.integrateVelocities(h)
	w.collide(h)
	w.solve(h)
	w.updateTouching()
	if w.cfg.Sleep {
		w.updateSleep(h)
	}
}

// checkBodies names the first body whose state is NaN or infinite after
// step n.
func (w *World) checkBodies(n uint64) error {
	for i := range w.st.bodies {
		b := &w.st.bodies[i]
		if b.kind == physics.Static {
			continue
		}
		if (b.pos.x-b.pos.x)+(b.pos.y-b.pos.y)+(b.v.x-b.v.x)+(b.v.y-b.v.y)+(b.angle-b.angle)+(b.w-b.w) != 0 {
			return fmt.Errorf("exact: step %d: body %d (%v) reached position (%g, %g), angle %g, velocity (%g, %g), angular velocity %g: %w; look for huge forces, impulses or velocities given to it, and rebuild the world",
				n, b.id, b.kind, b.pos.x, b.pos.y, b.angle, b.v.x, b.v.y, b.w, physics.ErrDiverged)
		}
	}
	return nil
}

// Snapshot overwrites dst with the state of every body in ascending ID
// order and returns it; it allocates only when dst is too small.
func (w *World) Snapshot(dst []physics.BodyState) []physics.BodyState {
	bs := w.st.bodies
	if cap(dst) < len(bs) {
		dst = make([]physics.BodyState, len(bs))
	}
	dst = dst[:len(bs)]
	for i := range bs {
		dst[i] = bs[i].state()
		bs[i].teleported = false
	}
	return dst
}

// Close lets the world go. Afterwards Len is 0, Snapshot returns no
// bodies and every other method fails with an error wrapping
// physics.ErrInvalid. Closing twice does nothing; inside OnContact it
// fails with physics.ErrBusy.
func (w *World) Close() error {
	if w.closed {
		return nil
	}
	if w.busy {
		return fmt.Errorf("exact: close: %w; %s", physics.ErrBusy, check.Later)
	}
	w.closed = true
	w.st, w.sc = state{}, scratch{}
	return nil
}

// usable refuses op on a closed world.
func (w *World) usable(op string) error {
	if w.closed {
		return fmt.Errorf("exact: %s: the world is closed: %w; make a new one with New", op, physics.ErrInvalid)
	}
	return nil
}

// builder refuses op on a closed world or inside OnContact.
func (w *World) builder(op string) error {
	if err := w.usable(op); err != nil {
		return err
	}
	if w.busy {
		return fmt.Errorf("exact: %s: %w; %s", op, physics.ErrBusy, check.Later)
	}
	return nil
}

// index returns the index of the body with id, or -1.
func (w *World) index(id physics.BodyID) int {
	i, ok := slices.BinarySearchFunc(w.st.bodies, id, func(b body, id physics.BodyID) int {
		return cmpID(b.id, id)
	})
	if !ok {
		return -1
	}
	return i
}

func cmpID[T ~uint32](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// lookup finds the body with id for op, or says why it cannot.
func (w *World) lookup(op string, id physics.BodyID) (*body, error) {
	if err := w.usable(op); err != nil {
		return nil, err
	}
	i := w.index(id)
	if i < 0 {
		return nil, fmt.Errorf("exact: %s body %d: %w (removed, or never added to this world; Ground is not a body here)", op, id, physics.ErrNoBody)
	}
	return &w.st.bodies[i], nil
}

func v2(v mgl64.Vec2) vec { return vec{v[0], v[1]} }
func gv(v vec) mgl64.Vec2 { return mgl64.Vec2{v.x, v.y} }
