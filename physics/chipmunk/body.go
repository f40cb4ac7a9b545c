package chipmunk

import (
	"fmt"
	"math"
	"slices"

	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
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
		return 0, fmt.Errorf("chipmunk: add body: %w; add it after Step has returned", physics.ErrBusy)
	}
	if err := d.Validate(); err != nil {
		return 0, fmt.Errorf("chipmunk: add %v body: %w", d.Kind, err)
	}
	if w.lastBody == math.MaxUint32 {
		return 0, fmt.Errorf("chipmunk: add body: all %d body IDs are used: %w; rebuild the world", uint32(math.MaxUint32), physics.ErrInvalid)
	}
	// The record is taken from the slab only once the body is in: a
	// polygon that fails below leaves it for the next body.
	b := w.nextBody()
	b.id, b.kind = w.lastBody+1, d.Kind
	b.fixed = d.Kind == physics.Dynamic && (d.FixedRotation || math.IsInf(d.Moment, 1))
	b.defs = b.def1[:0:1]
	if len(d.Shapes) > 1 {
		b.defs = make([]physics.Shape, 0, len(d.Shapes))
	}
	b.defs = b.defs[:len(d.Shapes)]
	for i, s := range d.Shapes {
		b.defs[i] = s
		if s.Kind == physics.Polygon {
			hull, err := hullOf(s.Verts)
			if err != nil {
				*b = body{}
				return 0, fmt.Errorf("chipmunk: add %v body: shape %d (polygon): %w", d.Kind, i, err)
			}
			b.defs[i].Verts = hull
		}
	}
	byDensity := d.Kind == physics.Dynamic && d.Mass == 0
	if byDensity {
		if m := massOf(b.defs); !(m > 0) || math.IsInf(m, 0) {
			*b = body{}
			return 0, fmt.Errorf("chipmunk: add dynamic body: mass 0 and its shapes' density × area is %v: %w; give a Mass > 0 or shapes with a Density > 0", m, physics.ErrInvalid)
		}
	}

	switch d.Kind {
	case physics.Dynamic:
		switch {
		case byDensity:
			b.cp = cp.NewBody(0, 0) // the shapes accumulate both below
		case d.Moment == 0:
			b.cp = cp.NewBody(d.Mass, momentOf(d.Mass, b.defs))
		default:
			b.cp = cp.NewBody(d.Mass, d.Moment)
		}
	case physics.Kinematic:
		b.cp = cp.NewKinematicBody()
	case physics.Static:
		b.cp = cp.NewStaticBody()
	}
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
	w.bodies = append(w.bodies, b)
	w.slab = w.slab[1:] // b is taken
	return b.id, nil
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
// Ended at the next step.
func (w *World) RemoveBody(id physics.BodyID) error {
	if err := w.usable("remove body"); err != nil {
		return err
	}
	if w.busy {
		return fmt.Errorf("chipmunk: remove body %d: %w; remove it after Step has returned", id, physics.ErrBusy)
	}
	b := w.find(id)
	if b == nil {
		return fmt.Errorf("chipmunk: remove body %d: %w (removed twice, or never added to this world)", id, physics.ErrNoBody)
	}
	w.joints = slices.DeleteFunc(w.joints, func(j *joint) bool {
		if j.a == b || j.b == b {
			w.space.RemoveConstraint(j.cp)
			return true
		}
		return false
	})
	for _, s := range b.shapes {
		w.space.RemoveShape(s)
	}
	w.space.RemoveBody(b.cp)
	b.cp.UserData = nil
	i, _ := slices.BinarySearchFunc(w.bodies, id, byBodyID)
	w.bodies = slices.Delete(w.bodies, i, i+1)
	return nil
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
