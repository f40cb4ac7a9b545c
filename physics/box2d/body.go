//go:build box2d && cgo

package box2d

// #include "shim.h"
import "C"

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

// AddBody adds a body described by d and returns its ID, which is greater
// than every ID the world has handed out before. Box and polygon shapes
// must be at least 2.5 cm across (see the package comment), in world units
// 0.025 × Config.UnitsPerMeter.
func (w *World) AddBody(d physics.BodyDef) (physics.BodyID, error) {
	if err := w.enter("add body"); err != nil {
		return 0, err
	}
	defer w.leave()
	if w.busy.Load() {
		return 0, fmt.Errorf("box2d: add body: %w; %s", physics.ErrBusy, check.Later)
	}
	if w.c == nil {
		return 0, errClosed("add body")
	}
	if err := w.u.bodyDef(&d); err != nil {
		return 0, fmt.Errorf("box2d: add %v body: %w", d.Kind, err)
	}
	if w.lastBody == math.MaxUint32 {
		return 0, fmt.Errorf("box2d: add body: all %d body IDs are used: %w; rebuild the world", uint32(math.MaxUint32), physics.ErrInvalid)
	}
	b := &body{id: w.lastBody + 1, kind: d.Kind, bullet: d.Bullet, user: d.User}
	b.fixed = d.Kind == physics.Dynamic && (d.FixedRotation || math.IsInf(d.Moment, 1))
	pieces, shapeOf, err := w.piecesOfBody(b, &d)
	if err != nil {
		return 0, fmt.Errorf("box2d: add %v body: %w", d.Kind, err)
	}
	var mass, moment float64
	var centre mgl64.Vec2
	if d.Kind == physics.Dynamic {
		if mass, centre, moment, err = w.u.bodyMass(&d, b.shapes); err != nil {
			return 0, fmt.Errorf("box2d: add %v body: %w", d.Kind, err)
		}
	}
	b.h = C.lsAddBody(w.c, cBodyDef(b, &d, w.damping))
	for i := range pieces {
		s := &b.shapes[shapeOf[i]]
		if code := C.lsAddPiece(w.c, b.h, cPiece(&pieces[i], s, shapeOf[i])); code != C.lsOK {
			C.lsRemoveBody(w.c, b.h)
			return 0, fmt.Errorf("box2d: add %v body: shape %d (%v): Box2D would reject piece %d (%s): %w; please report this shape",
				d.Kind, shapeOf[i], s.Kind, i, codeText(code), physics.ErrInvalid)
		}
	}
	if d.Kind == physics.Dynamic {
		if code := C.lsSetMass(w.c, b.h, C.double(mass), C.double(centre[0]), C.double(centre[1]), C.double(moment)); code != C.lsOK {
			C.lsRemoveBody(w.c, b.h)
			return 0, fmt.Errorf("box2d: add %v body: mass %g at (%g, %g) with moment %g (%s): %w; Box2D's single precision loses the moment this far from the body's origin: put the origin nearer the shapes, or give a larger Moment",
				d.Kind, mass, centre[0], centre[1], moment, codeText(code), physics.ErrInvalid)
		}
	}
	if b.bullet {
		w.bullets++
		C.lsSetContinuous(w.c, 1)
	}
	w.lastBody = b.id
	w.bodies.Add(b.id, b)
	return b.id, nil
}

// piecesOfBody copies d's shapes into b (polygons as their hull) and
// returns the Box2D fixtures they make, with the index of the shape each
// belongs to.
func (w *World) piecesOfBody(b *body, d *physics.BodyDef) (pieces []piece, shapeOf []int, err error) {
	b.shapes = b.shape1[:0]
	if len(d.Shapes) > 1 {
		b.shapes = make([]physics.Shape, 0, len(d.Shapes))
	}
	for i, s := range d.Shapes {
		if s.Kind == physics.Polygon {
			hull, err := hullOf(s.Verts)
			if err == nil {
				err = w.u.Hull(s.Verts, hull)
			}
			if err != nil {
				return nil, nil, fmt.Errorf("shape %d (polygon): %w", i, err)
			}
			s.Verts = hull
		} else {
			s.Verts = nil // not the caller's to keep
		}
		n := len(pieces)
		if pieces, err = w.u.piecesOf(pieces, &s); err != nil {
			return nil, nil, fmt.Errorf("shape %d (%v): %w", i, s.Kind, err)
		}
		for range len(pieces) - n {
			shapeOf = append(shapeOf, i)
		}
		b.shapes = append(b.shapes, s)
	}
	return pieces, shapeOf, nil
}

// cBodyDef is d as the shim takes it, for body b.
func cBodyDef(b *body, d *physics.BodyDef, damping float64) C.lsBodyDef {
	bd := C.lsBodyDef{
		id: C.uint32_t(b.id), kind: C.int(d.Kind),
		px: C.double(d.Pos[0]), py: C.double(d.Pos[1]), angle: C.double(d.Angle),
		vx: C.double(d.Vel[0]), vy: C.double(d.Vel[1]), av: C.double(d.AngVel),
		damping: C.double(damping),
	}
	if d.FixedRotation || math.IsInf(d.Moment, 1) {
		bd.fixedRotation = 1
	}
	if d.Bullet {
		bd.bullet = 1
	}
	return bd
}

// codeText names a code lsAddPiece or lsSetMass returned.
func codeText(code C.int) string {
	switch code {
	case C.lsBadCircle:
		return "a circle without a positive radius in single precision"
	case C.lsBadPolygon:
		return "a polygon of welded points or without area in single precision"
	case C.lsBadEdge:
		return "an edge shorter than Box2D's slop"
	case C.lsBadKind:
		return "a piece of no kind Box2D has"
	case C.lsBadMass:
		return "a mass or moment single precision makes non-positive"
	}
	return fmt.Sprintf("code %d", int(code))
}

// cPiece is p as the shim takes it, with the surface of shape s (index i).
func cPiece(p *piece, s *physics.Shape, i int) C.lsPiece {
	c := C.lsPiece{
		kind: C.int(p.kind), count: C.int(p.n), radius: C.double(p.radius),
		friction: C.double(s.Friction), restitution: C.double(s.Restitution),
		filter: cFilter(s.Filter), shape: C.uint32_t(i),
	}
	for j := 0; j < p.n; j++ {
		c.x[j], c.y[j] = C.double(p.verts[j][0]), C.double(p.verts[j][1])
	}
	if s.Sensor {
		c.sensor = 1
	}
	return c
}

// cFilter is f as Box2D holds it: zeros resolved, and a group that never
// collides with itself as Box2D's negative group index.
func cFilter(f physics.Filter) C.lsFilter {
	f = f.Resolved()
	return C.lsFilter{categories: C.uint16_t(f.Categories), mask: C.uint16_t(f.Mask), group: C.int16_t(-f.Group)}
}

// RemoveBody removes the body with id and every joint attached to it, in
// one call into Box2D, and wakes what touched it. Its ID is never handed out
// again. Our bookkeeping costs O(1) amortised; Box2D's own removal searches
// its list of bodies moved since the last step, so removing many bodies
// added in the same tick costs O(n) each: Clear empties a world in one go.
func (w *World) RemoveBody(id physics.BodyID) error {
	if err := w.enter("remove body"); err != nil {
		return err
	}
	defer w.leave()
	if w.busy.Load() {
		return fmt.Errorf("box2d: remove body %d: %w; %s", id, physics.ErrBusy, check.Later)
	}
	b := w.bodies.Remove(id)
	if b == nil {
		return fmt.Errorf("box2d: remove body %d: %w (removed twice, or never added to this world)", id, physics.ErrNoBody)
	}
	for _, j := range b.joints.Values() {
		w.forgetJoint(j, b)
	}
	b.joints.Clear()
	C.lsRemoveBody(w.c, b.h)
	b.h = nil
	if b.bullet {
		if w.bullets--; w.bullets == 0 {
			C.lsSetContinuous(w.c, 0)
		}
	}
	return nil
}

// Teleport moves the body with id to pos and angle by hand, keeping its
// velocity, and wakes it. The next snapshot marks it Teleported so the jump
// is not drawn as motion.
func (w *World) Teleport(id physics.BodyID, pos mgl64.Vec2, angle float64) error {
	b, err := w.enterBody("teleport", id)
	if err != nil {
		return err
	}
	defer w.leave()
	if err := w.u.Place(pos, angle); err != nil {
		return fmt.Errorf("box2d: teleport body %d: %w", id, err)
	}
	C.lsTeleport(w.c, b.h, C.double(pos[0]), C.double(pos[1]), C.double(angle))
	return nil
}

// enterBody claims the world (see enter) and finds the body with id for
// op; on success the caller must leave.
func (w *World) enterBody(op string, id physics.BodyID) (*body, error) {
	if err := w.enter(op); err != nil {
		return nil, err
	}
	b, err := w.lookup(op, id)
	if err != nil {
		w.leave()
		return nil, err
	}
	return b, nil
}

// SetVelocity sets the linear and angular velocity of a dynamic or
// kinematic body; angVel must be 0 for a body that never rotates
// (FixedRotation). Box2D moves a body at most 2 m a step: see
// physics.Config.UnitsPerMeter.
func (w *World) SetVelocity(id physics.BodyID, vel mgl64.Vec2, angVel float64) error {
	b, err := w.enterBody("set velocity of", id)
	if err != nil {
		return err
	}
	defer w.leave()
	// Box2D keeps a fixed-rotation body's angular velocity as given and
	// turns it at that rate forever, so it must stay 0 (check.Velocity).
	if err := w.u.Velocity(b.kind, b.fixed, vel, angVel); err != nil {
		return fmt.Errorf("box2d: set velocity of body %d: %w", id, err)
	}
	C.lsSetVelocity(w.c, b.h, C.double(vel[0]), C.double(vel[1]), C.double(angVel))
	return nil
}

// ApplyImpulse changes a dynamic body's momentum at once by impulse, applied
// at the world point at (off its centre of mass, it also spins the body).
func (w *World) ApplyImpulse(id physics.BodyID, impulse, at mgl64.Vec2) error {
	b, err := w.dynamic(id, "apply impulse to", impulse, at)
	if err != nil {
		return err
	}
	defer w.leave()
	C.lsApplyImpulse(w.c, b.h, C.double(impulse[0]), C.double(impulse[1]), C.double(at[0]), C.double(at[1]))
	return nil
}

// ApplyForce pushes a dynamic body with force at the world point at during
// the next step only; call it every tick for a steady push.
func (w *World) ApplyForce(id physics.BodyID, force, at mgl64.Vec2) error {
	b, err := w.dynamic(id, "apply force to", force, at)
	if err != nil {
		return err
	}
	defer w.leave()
	C.lsApplyForce(w.c, b.h, C.double(force[0]), C.double(force[1]), C.double(at[0]), C.double(at[1]))
	return nil
}

// dynamic claims the world, finds a body that responds to forces and
// checks their vectors; on success the caller must leave.
func (w *World) dynamic(id physics.BodyID, op string, v, at mgl64.Vec2) (*body, error) {
	b, err := w.enterBody(op, id)
	if err != nil {
		return nil, err
	}
	if err := w.checkDynamic(b, op, v, at); err != nil {
		w.leave()
		return nil, err
	}
	return b, nil
}

func (w *World) checkDynamic(b *body, op string, v, at mgl64.Vec2) error {
	if err := w.u.Push(b.kind, v, at); err != nil {
		return fmt.Errorf("box2d: %s body %d: %w", op, b.id, err)
	}
	return nil
}

// Wake wakes the body with id; what it touches wakes in the next step.
// Waking a static body does nothing.
func (w *World) Wake(id physics.BodyID) error {
	b, err := w.enterBody("wake", id)
	if err != nil {
		return err
	}
	defer w.leave()
	C.lsWake(w.c, b.h)
	return nil
}

// Sleeping reports whether the body with id is asleep. Static bodies never
// are.
func (w *World) Sleeping(id physics.BodyID) (bool, error) {
	b, err := w.enterBody("sleeping of", id)
	if err != nil {
		return false, err
	}
	defer w.leave()
	return C.lsSleeping(w.c, b.h) != 0, nil
}

// State returns the current state of the body with id, as Snapshot would
// report it (without consuming its Teleported mark).
func (w *World) State(id physics.BodyID) (physics.BodyState, error) {
	b, err := w.enterBody("state of", id)
	if err != nil {
		return physics.BodyState{}, err
	}
	defer w.leave()
	s := C.lsGetState(w.c, b.h)
	return physics.BodyState{
		ID:         id,
		Pos:        mgl64.Vec2{float64(s.px), float64(s.py)},
		Angle:      float64(s.angle),
		Vel:        mgl64.Vec2{float64(s.vx), float64(s.vy)},
		AngVel:     float64(s.av),
		Teleported: s.teleported != 0,
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

// User returns the value the body with id was given as BodyDef.User.
func (w *World) User(id physics.BodyID) (any, error) {
	b, err := w.lookup("user value of", id)
	if err != nil {
		return nil, err
	}
	return b.user, nil
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
	return append(dst[:0], b.shapes...), nil
}
