package chipmunk

import (
	"fmt"
	"math"

	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

// AddBody adds a body described by d and returns its ID, which is greater
// than every ID the world has handed out before. A dynamic body with Mass
// 0 takes its mass, centre of gravity and moment from its shapes' Density
// (cp's own mass accumulation); with a positive Mass, its centre of gravity
// is its origin and its Moment, when 0, spreads Mass over the shapes'
// area.
func (w *World) AddBody(d physics.BodyDef) (physics.BodyID, error) {
	if err := w.usable("add body"); err != nil {
		return 0, err
	}
	if w.busy {
		return 0, fmt.Errorf("chipmunk: add body: %w; %s", physics.ErrBusy, check.Later)
	}
	if err := w.rng.BodyDef(&d); err != nil {
		return 0, fmt.Errorf("chipmunk: add %v body: %w", d.Kind, err)
	}
	if w.lastBody == math.MaxUint32 {
		return 0, fmt.Errorf("chipmunk: add body: all %d body IDs are used: %w; rebuild the world", uint32(math.MaxUint32), physics.ErrInvalid)
	}
	// The record is taken from the slab only once the body is in: a
	// definition that fails below leaves it for the next body.
	b := w.nextBody()
	b.id, b.kind, b.user = w.lastBody+1, d.Kind, d.User
	b.fixed = d.Kind == physics.Dynamic && (d.FixedRotation || math.IsInf(d.Moment, 1))
	if err := w.defsOf(b, &d); err != nil {
		*b = body{}
		return 0, fmt.Errorf("chipmunk: add %v body: %w", d.Kind, err)
	}
	byDensity := d.Kind == physics.Dynamic && d.Mass == 0
	b.cp = newBody(&d, b.defs, byDensity)
	b.cp.UserData = b
	b.cp.SetPosition(vec(d.Pos))
	b.cp.SetAngle(d.Angle)
	// Velocity before the shapes: cp's broad phase stretches a shape's
	// bounding box by its body's velocity when it is inserted, so this
	// order keeps a scene bit for bit the same as one built with cp alone.
	if d.Kind != physics.Static {
		b.cp.SetVelocityVector(vec(d.Vel))
		if !b.fixed {
			b.cp.SetAngularVelocity(d.AngVel)
		}
	}
	w.space.AddBody(b.cp)
	b.shapes = b.shape1[:0:1]
	if len(b.defs) > 1 {
		b.shapes = make([]*cp.Shape, 0, len(b.defs))
	}
	b.shapes = b.shapes[:len(b.defs)]
	for i := range b.defs {
		s := newShape(b.cp, &b.defs[i])
		if byDensity {
			s.SetDensity(b.defs[i].Density)
		}
		b.shapes[i] = w.space.AddShape(s)
	}
	if d.Kind == physics.Dynamic {
		if b.fixed {
			b.cp.SetMoment(math.Inf(1))
		} else if byDensity && d.Moment > 0 {
			b.cp.SetMoment(d.Moment)
		}
	}
	w.lastBody = b.id
	w.bodies.Add(b.id, b)
	w.slab = w.slab[1:] // b is taken
	return b.id, nil
}

// defsOf copies d's shapes into b, polygons as their hull, and refuses a
// dynamic body whose mass or moment, given or from its shapes, is beyond
// the shared range: a sliver of a polygon has area, but too little to
// simulate (cp would step it into NaN).
func (w *World) defsOf(b *body, d *physics.BodyDef) error {
	b.defs = b.def1[:0:1]
	if len(d.Shapes) > 1 {
		b.defs = make([]physics.Shape, 0, len(d.Shapes))
	}
	b.defs = b.defs[:len(d.Shapes)]
	for i, s := range d.Shapes {
		b.defs[i] = s
		if s.Kind == physics.Polygon {
			hull, err := hullOf(s.Verts)
			if err == nil {
				err = w.rng.Hull(s.Verts, hull)
			}
			if err != nil {
				return fmt.Errorf("shape %d (polygon): %w", i, err)
			}
			b.defs[i].Verts = hull
		}
	}
	if d.Kind != physics.Dynamic {
		return nil
	}
	mass, moment := d.Mass, d.Moment
	if mass == 0 {
		mass = massOf(b.defs)
	}
	if moment == 0 && !d.FixedRotation {
		moment = momentOf(mass, b.defs)
	}
	if d.FixedRotation {
		moment = 0
	}
	return w.rng.Mass(mass, moment)
}

// newBody makes the cp body for d. A body weighed by its shapes' density
// starts with neither mass nor moment: its shapes accumulate both.
func newBody(d *physics.BodyDef, defs []physics.Shape, byDensity bool) *cp.Body {
	switch d.Kind {
	case physics.Kinematic:
		return cp.NewKinematicBody()
	case physics.Static:
		return cp.NewStaticBody()
	}
	switch {
	case byDensity:
		return cp.NewBody(0, 0)
	case d.Moment == 0:
		return cp.NewBody(d.Mass, momentOf(d.Mass, defs))
	}
	return cp.NewBody(d.Mass, d.Moment)
}

// nextBody returns the zeroed record the next body will use, from a slab;
// AddBody takes it out of the slab once the body is added, so a body that
// fails to be added uses none. Allocating records (with room for one
// shape) in blocks keeps them from interleaving with cp's own bodies and
// shapes in memory, which made cp's step measurably slower than on a
// scene built with cp alone. A removed body's record stays allocated until
// its whole slab is unused.
func (w *World) nextBody() *body {
	if len(w.slab) == 0 {
		w.slab = make([]body, slabSize)
	}
	return &w.slab[0]
}

const slabSize = 64

// RemoveBody removes the body with id, its shapes and every joint attached
// to it. Its ID is never handed out again. Contacts it had are reported
// Ended at the next step. Our bookkeeping costs O(1) amortised, but cp's
// own removal searches its list of bodies (and its cached contacts), so
// removing many bodies at once costs O(n) each: Clear empties a world in
// one go.
func (w *World) RemoveBody(id physics.BodyID) error {
	if err := w.usable("remove body"); err != nil {
		return err
	}
	if w.busy {
		return fmt.Errorf("chipmunk: remove body %d: %w; %s", id, physics.ErrBusy, check.Later)
	}
	b := w.bodies.Remove(id)
	if b == nil {
		return fmt.Errorf("chipmunk: remove body %d: %w (removed twice, or never added to this world)", id, physics.ErrNoBody)
	}
	for _, j := range b.joints.Values() {
		w.dropJoint(j, b)
	}
	b.joints.Clear()
	for _, s := range b.shapes {
		w.space.RemoveShape(s)
	}
	w.space.RemoveBody(b.cp)
	b.cp.UserData = nil
	return nil
}

// Clear removes every body and joint at once, in time linear in what the
// world held, by starting over with a new cp space: the way to empty a
// level, which body by body costs cp O(n) a body. IDs go on growing from
// where they were. Contacts of the bodies removed are reported Ended at the
// next step.
func (w *World) Clear() error {
	if err := w.usable("clear"); err != nil {
		return err
	}
	if w.busy {
		return fmt.Errorf("chipmunk: clear: %w; %s", physics.ErrBusy, check.Later)
	}
	for _, b := range w.bodies.Values() {
		b.cp.UserData = nil
	}
	w.bodies.Clear()
	w.joints.Clear()
	w.slab = nil
	w.space = newSpace(&w.cfg)
	if w.onContact != nil {
		w.contacts.start(w)
	}
	return nil
}

// User returns the value the body with id was given as BodyDef.User.
func (w *World) User(id physics.BodyID) (any, error) {
	b, err := w.lookup("user value of", id)
	if err != nil {
		return nil, err
	}
	return b.user, nil
}

// State returns the current state of the body with id, as Snapshot would
// report it (without consuming its Teleported mark).
func (w *World) State(id physics.BodyID) (physics.BodyState, error) {
	b, err := w.lookup("state of", id)
	if err != nil {
		return physics.BodyState{}, err
	}
	c := b.cp
	return physics.BodyState{
		ID: id, Pos: gvec(c.Position()), Angle: c.Angle(),
		Vel: gvec(c.Velocity()), AngVel: c.AngularVelocity(), Teleported: b.teleported,
	}, nil
}

// Kind returns how the body with id moves.
func (w *World) Kind(id physics.BodyID) (physics.BodyKind, error) {
	b, err := w.lookup("kind of", id)
	if err != nil {
		return 0, err
	}
	return b.kind, nil
}

// Shapes overwrites dst with the shapes of the body with id, in the order
// they were added, and returns it; it allocates only when dst is too small.
// A polygon's Verts is its convex hull, shared with the world: read it, do
// not modify it.
func (w *World) Shapes(id physics.BodyID, dst []physics.Shape) ([]physics.Shape, error) {
	b, err := w.lookup("shapes of", id)
	if err != nil {
		return dst[:0], err
	}
	return append(dst[:0], b.defs...), nil
}
