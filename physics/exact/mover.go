package exact

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// Teleport moves a body to pos and angle by hand, keeping its velocity;
// the next snapshot marks it Teleported.
func (w *World) Teleport(id physics.BodyID, pos mgl64.Vec2, angle float64) error {
	b, err := w.lookup("teleport", id)
	if err != nil {
		return err
	}
	if err := w.rng.Place(pos, angle); err != nil {
		return fmt.Errorf("exact: teleport body %d: %w", id, err)
	}
	b.place(v2(pos), angle)
	b.teleported = true
	w.wakeBody(int32(w.index(id)))
	return nil
}

// SetVelocity sets a dynamic or kinematic body's velocity.
func (w *World) SetVelocity(id physics.BodyID, vel mgl64.Vec2, angVel float64) error {
	b, err := w.lookup("set velocity of", id)
	if err != nil {
		return err
	}
	if err := w.rng.Velocity(b.kind, b.fixed, vel, angVel); err != nil {
		return fmt.Errorf("exact: set velocity of body %d: %w", id, err)
	}
	b.v, b.w = v2(vel), angVel
	w.wakeBody(int32(w.index(id)))
	return nil
}

// dynamicFor finds a dynamic body for op and checks its vector arguments.
func (w *World) dynamicFor(op string, id physics.BodyID, v, at mgl64.Vec2) (*body, error) {
	b, err := w.lookup(op, id)
	if err != nil {
		return nil, err
	}
	if err := w.rng.Push(b.kind, v, at); err != nil {
		return nil, fmt.Errorf("exact: %s body %d: %w", op, id, err)
	}
	return b, nil
}

// ApplyImpulse changes a dynamic body's momentum at once by impulse
// applied at the world point at.
func (w *World) ApplyImpulse(id physics.BodyID, impulse, at mgl64.Vec2) error {
	b, err := w.dynamicFor("apply impulse to", id, impulse, at)
	if err != nil {
		return err
	}
	w.wakeBody(int32(w.index(id)))
	p := v2(impulse)
	b.v = b.v.madd(p, b.invMass)
	b.w += float64(b.invI * cross(v2(at).sub(b.c), p))
	return nil
}

// ApplyForce pushes a dynamic body with force at the world point at during
// the next step only.
func (w *World) ApplyForce(id physics.BodyID, force, at mgl64.Vec2) error {
	b, err := w.dynamicFor("apply force to", id, force, at)
	if err != nil {
		return err
	}
	w.wakeBody(int32(w.index(id)))
	f := v2(force)
	b.force = b.force.add(f)
	b.torque += cross(v2(at).sub(b.c), f)
	return nil
}
