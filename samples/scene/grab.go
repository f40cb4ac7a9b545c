package scene

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/mouse"
	"github.com/lockstep-engine/lockstep/physics"
)

// Grab lets the mouse move bodies: the left button drags the body under
// the pointer on a spring-like joint, the right button pushes bodies near
// the pointer away. Scenes call its Tick from theirs; it reads only the
// tick's input, so replays reproduce it.
type Grab struct {
	joint   physics.JointID
	holding bool
}

// Push is the impulse, in mass·units/s, the right button gives a body at
// the pointer; it falls off linearly to nothing at PushRadius.
const (
	Push       = 6.0
	PushRadius = 2.5
)

// Tick applies the tick's mouse input to w.
func (g *Grab) Tick(w physics.World, t *engine.Tick, v *View) error {
	return g.Apply(w, &t.Input, v)
}

// Apply applies one player's mouse input to w: a game with player slots
// keeps a Grab a player and applies each to its slot's input.
func (g *Grab) Apply(w physics.World, in *engine.Input, v *View) error {
	// The window's size comes with the input, so a replay maps the
	// recorded pointer into the world exactly as the recorded run did.
	p := v.Camera.ToWorld(in.MouseX, in.MouseY, int(in.WindowWidth), int(in.WindowHeight))
	switch {
	case in.ButtonsPressed.Has(mouse.Left) && !g.holding:
		id, ok, err := w.BodyAt(p, 0.1, true)
		if err != nil || !ok {
			return err
		}
		st, err := w.State(id)
		if err != nil {
			return fmt.Errorf("grab body %d: %w", id, err)
		}
		// The joint holds the body by the point under the pointer, given
		// in the body's own coordinates as JointDef says: that point, not
		// the body's origin, is what stays under a still pointer.
		local := mgl64.Rotate2D(-st.Angle).Mul2x1(p.Sub(st.Pos))
		j, err := w.AddJoint(physics.JointDef{Kind: physics.Drag, A: physics.Ground, B: id,
			AnchorA: p, AnchorB: local, MaxForce: 2000})
		if err != nil {
			return fmt.Errorf("grab body %d: %w", id, err)
		}
		g.joint, g.holding = j, true
	case g.holding && !in.Buttons.Has(mouse.Left):
		g.holding = false
		if err := w.RemoveJoint(g.joint); err != nil {
			return fmt.Errorf("release grab: %w", err)
		}
	case g.holding:
		if err := w.DragTo(g.joint, p); err != nil {
			return fmt.Errorf("drag: %w", err)
		}
	}
	if in.Buttons.Has(mouse.Right) {
		return g.push(w, p)
	}
	return nil
}

func (g *Grab) push(w physics.World, p mgl64.Vec2) error {
	id, ok, err := w.BodyAt(p, PushRadius, true)
	if err != nil || !ok {
		return err
	}
	st, err := w.State(id)
	if err != nil {
		return err
	}
	d := st.Pos.Sub(p)
	n := d.Len()
	if n < 1e-6 {
		return nil
	}
	k := Push * (1 - min(n/PushRadius, 1))
	return w.ApplyImpulse(id, d.Mul(k/n), st.Pos)
}
