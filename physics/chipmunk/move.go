package chipmunk

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// Teleport moves the body with id to pos and angle by hand, keeping its
// velocity. The next snapshot marks it Teleported so the jump is not drawn
// as motion. Queries see the body at its new place at once. A sleeping
// body wakes, and so do bodies asleep on a static one.
func (w *World) Teleport(id physics.BodyID, pos mgl64.Vec2, angle float64) error {
	b, err := w.lookup("teleport", id)
	if err != nil {
		return err
	}
	if err := w.rng.Place(pos, angle); err != nil {
		return fmt.Errorf("chipmunk: teleport body %d: %w", id, err)
	}
	b.cp.SetAngle(angle)
	b.cp.SetPosition(vec(pos))
	// cp updates a shape's place only when it steps (and a static one
	// never): reindex so queries and the next step's broad phase see it.
	for _, s := range b.shapes {
		w.space.ReindexShape(s)
	}
	if b.kind == physics.Static {
		// Moving a body wakes it, but cp never wakes what sleeps on a
		// static one unless asked.
		b.cp.ActivateStatic(nil)
	}
	b.teleported = true
	return nil
}

// SetVelocity sets the linear and angular velocity of a dynamic or
// kinematic body. A FixedRotation body keeps an angular velocity of 0, so
// angVel must be 0 for it.
func (w *World) SetVelocity(id physics.BodyID, vel mgl64.Vec2, angVel float64) error {
	b, err := w.lookup("set velocity of", id)
	if err != nil {
		return err
	}
	if err := w.rng.Velocity(b.kind, b.fixed, vel, angVel); err != nil {
		return fmt.Errorf("chipmunk: set velocity of body %d: %w", id, err)
	}
	b.cp.SetVelocityVector(vec(vel))
	b.cp.SetAngularVelocity(angVel)
	return nil
}

// ApplyImpulse changes a dynamic body's momentum at once by impulse, applied
// at the world point at (off its centre of gravity, it also spins the
// body).
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

// dynamic finds a body that responds to forces and checks their vectors.
func (w *World) dynamic(id physics.BodyID, op string, v, at mgl64.Vec2) (*body, error) {
	b, err := w.lookup(op, id)
	if err != nil {
		return nil, err
	}
	if err := w.rng.Push(b.kind, v, at); err != nil {
		return nil, fmt.Errorf("chipmunk: %s body %d: %w", op, id, err)
	}
	return b, nil
}
