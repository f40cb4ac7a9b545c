package chipmunk

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
)

// AddBody adds a body described by d and returns its ID, which is greater
// than every ID the world has handed out before.
func (w *World) AddBody(d physics.BodyDef) (physics.BodyID, error) {
	if w.busy {
		return 0, fmt.Errorf("chipmunk: add body: %w; add it after Step has returned", physics.ErrBusy)
	}
	if err := checkBodyDef(&d); err != nil {
		return 0, fmt.Errorf("chipmunk: add %v body: %w", d.Kind, err)
	}
	if w.lastBody == math.MaxUint32 {
		return 0, fmt.Errorf("chipmunk: add body: all %d body IDs are used: %w; rebuild the world", uint32(math.MaxUint32), physics.ErrInvalid)
	}
	// The record is taken from the slab only once the body is in: a
	// polygon that fails below leaves it for the next body.
	b := w.nextBody()
	b.id, b.kind = w.lastBody+1, d.Kind
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

	switch d.Kind {
	case physics.Dynamic:
		moment := d.Moment
		if moment == 0 {
			moment = momentOf(d.Mass, b.defs)
		}
		b.cp = cp.NewBody(d.Mass, moment)
	case physics.Kinematic:
		b.cp = cp.NewKinematicBody()
	case physics.Static:
		b.cp = cp.NewStaticBody()
	}
	b.cp.UserData = b
	b.cp.SetPosition(vec(d.Pos))
	b.cp.SetAngle(d.Angle)
	if d.Kind != physics.Static {
		b.cp.SetVelocityVector(vec(d.Vel))
		b.cp.SetAngularVelocity(d.AngVel)
	}
	w.space.AddBody(b.cp)
	b.shapes = b.shape1[:0:1]
	if len(b.defs) > 1 {
		b.shapes = make([]*cp.Shape, 0, len(b.defs))
	}
	b.shapes = b.shapes[:len(b.defs)]
	for i := range b.defs {
		b.shapes[i] = w.space.AddShape(newShape(b.cp, &b.defs[i]))
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

// RemoveBody removes the body with id and every joint attached to it. Its ID
// is never handed out again.
func (w *World) RemoveBody(id physics.BodyID) error {
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
	i, _ := slices.BinarySearchFunc(w.bodies, id, func(b *body, id physics.BodyID) int {
		return cmp.Compare(b.id, id)
	})
	w.bodies = slices.Delete(w.bodies, i, i+1)
	return nil
}

// Teleport moves the body with id to pos and angle by hand, keeping its
// velocity. The next snapshot marks it Teleported so the jump is not drawn
// as motion.
func (w *World) Teleport(id physics.BodyID, pos mgl64.Vec2, angle float64) error {
	b := w.find(id)
	if b == nil {
		return fmt.Errorf("chipmunk: teleport body %d: %w", id, physics.ErrNoBody)
	}
	if err := checkVec("position", pos); err != nil {
		return fmt.Errorf("chipmunk: teleport body %d: %w", id, err)
	}
	if err := checkNum("angle", angle); err != nil {
		return fmt.Errorf("chipmunk: teleport body %d: %w", id, err)
	}
	b.cp.SetAngle(angle)
	b.cp.SetPosition(vec(pos))
	if b.kind == physics.Static {
		// Static shapes are indexed once; moving them needs a reindex.
		for _, s := range b.shapes {
			w.space.ReindexShape(s)
		}
	}
	b.teleported = true
	return nil
}

// SetVelocity sets the linear and angular velocity of a dynamic or
// kinematic body.
func (w *World) SetVelocity(id physics.BodyID, vel mgl64.Vec2, angVel float64) error {
	b, err := w.moving(id, "set velocity of")
	if err != nil {
		return err
	}
	if err := checkVec("velocity", vel); err != nil {
		return fmt.Errorf("chipmunk: set velocity of body %d: %w", id, err)
	}
	if err := checkNum("angular velocity", angVel); err != nil {
		return fmt.Errorf("chipmunk: set velocity of body %d: %w", id, err)
	}
	b.cp.SetVelocityVector(vec(vel))
	b.cp.SetAngularVelocity(angVel)
	return nil
}

// ApplyImpulse changes a dynamic body's momentum at once by impulse, applied
// at the world point at (off its centre, it also spins the body).
func (w *World) ApplyImpulse(id physics.BodyID, impulse, at mgl64.Vec2) error {
	b, err := w.dynamic(id, "apply impulse to", impulse, at)
	if err != nil {
		return err
	}
	b.cp.ApplyImpulseAtWorldPoint(vec(impulse), vec(at))
	return nil
}

// ApplyForce pushes a dynamic body with force at the world point at during
// the next step only; call it every tick for a steady push.
func (w *World) ApplyForce(id physics.BodyID, force, at mgl64.Vec2) error {
	b, err := w.dynamic(id, "apply force to", force, at)
	if err != nil {
		return err
	}
	b.cp.ApplyForceAtWorldPoint(vec(force), vec(at))
	return nil
}

// State returns the current state of the body with id, as Snapshot would
// report it (without consuming its Teleported mark).
func (w *World) State(id physics.BodyID) (physics.BodyState, error) {
	b := w.find(id)
	if b == nil {
		return physics.BodyState{}, fmt.Errorf("chipmunk: state of body %d: %w", id, physics.ErrNoBody)
	}
	c := b.cp
	return physics.BodyState{
		ID: id, Pos: gvec(c.Position()), Angle: c.Angle(),
		Vel: gvec(c.Velocity()), AngVel: c.AngularVelocity(), Teleported: b.teleported,
	}, nil
}

// Kind returns how the body with id moves.
func (w *World) Kind(id physics.BodyID) (physics.BodyKind, error) {
	b := w.find(id)
	if b == nil {
		return 0, fmt.Errorf("chipmunk: kind of body %d: %w", id, physics.ErrNoBody)
	}
	return b.kind, nil
}

// Shapes overwrites dst with the shapes of the body with id, in the order
// they were added, and returns it; it allocates only when dst is too small.
// A polygon's Verts is its convex hull, shared with the world: read it, do
// not modify it.
func (w *World) Shapes(id physics.BodyID, dst []physics.Shape) ([]physics.Shape, error) {
	b := w.find(id)
	if b == nil {
		return dst[:0], fmt.Errorf("chipmunk: shapes of body %d: %w", id, physics.ErrNoBody)
	}
	return append(dst[:0], b.defs...), nil
}

// moving finds a body that can be given a velocity.
func (w *World) moving(id physics.BodyID, op string) (*body, error) {
	b := w.find(id)
	if b == nil {
		return nil, fmt.Errorf("chipmunk: %s body %d: %w", op, id, physics.ErrNoBody)
	}
	if b.kind == physics.Static {
		return nil, fmt.Errorf("chipmunk: %s body %d: it is static: %w; make it kinematic to move it", op, id, physics.ErrInvalid)
	}
	return b, nil
}

// dynamic finds a body that responds to forces and checks their vectors.
func (w *World) dynamic(id physics.BodyID, op string, v, at mgl64.Vec2) (*body, error) {
	b := w.find(id)
	if b == nil {
		return nil, fmt.Errorf("chipmunk: %s body %d: %w", op, id, physics.ErrNoBody)
	}
	if b.kind != physics.Dynamic {
		return nil, fmt.Errorf("chipmunk: %s body %d: it is %v: %w; only dynamic bodies respond to forces, set a kinematic body's velocity instead", op, id, b.kind, physics.ErrInvalid)
	}
	if err := checkVec("vector", v); err != nil {
		return nil, fmt.Errorf("chipmunk: %s body %d: %w", op, id, err)
	}
	if err := checkVec("point", at); err != nil {
		return nil, fmt.Errorf("chipmunk: %s body %d: %w", op, id, err)
	}
	return b, nil
}
