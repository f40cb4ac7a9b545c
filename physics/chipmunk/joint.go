package chipmunk

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

// joint is one constraint and the bodies it holds (nil for Ground).
type joint struct {
	id   physics.JointID
	kind physics.JointKind
	a, b *body
	cp   *cp.Constraint
}

// dragErrorBias makes a Drag joint close most of its gap within a fraction
// of a second (15% of it every 1/60 s), so a grabbed body follows the
// pointer without overshooting.
func dragErrorBias() float64 { return math.Pow(1-0.15, 60) }

// AddJoint adds a joint described by d and returns its ID. It goes away
// with either of its bodies.
func (w *World) AddJoint(d physics.JointDef) (physics.JointID, error) {
	if err := w.usable("add joint"); err != nil {
		return 0, err
	}
	if w.busy {
		return 0, fmt.Errorf("chipmunk: add %v joint: %w; %s", d.Kind, physics.ErrBusy, check.Later)
	}
	if d.Kind == physics.Drag {
		d.A = physics.Ground
	}
	a, b, err := w.checkJoint(&d)
	if err != nil {
		return 0, fmt.Errorf("chipmunk: add %v joint between bodies %d and %d: %w", d.Kind, d.A, d.B, err)
	}
	if w.lastJoint == math.MaxUint32 {
		return 0, fmt.Errorf("chipmunk: add joint: all joint IDs are used: %w; rebuild the world", physics.ErrInvalid)
	}
	ca, cb := w.space.StaticBody, w.space.StaticBody
	if a != nil {
		ca = a.cp
	}
	if b != nil {
		cb = b.cp
	}
	aa, ab := vec(d.AnchorA), vec(d.AnchorB)
	var c *cp.Constraint
	switch d.Kind {
	case physics.Pin:
		c = cp.NewPinJoint(ca, cb, aa, ab)
	case physics.Pivot, physics.Drag:
		c = cp.NewPivotJoint2(ca, cb, aa, ab)
	case physics.Slide:
		c = cp.NewSlideJoint(ca, cb, aa, ab, d.Min, d.Max)
	case physics.Spring:
		c = cp.NewDampedSpring(ca, cb, aa, ab, d.RestLength, d.Stiffness, d.Damping)
	}
	if d.MaxForce > 0 {
		c.SetMaxForce(d.MaxForce)
	}
	if d.Kind == physics.Drag {
		c.SetErrorBias(dragErrorBias())
	}
	c.SetCollideBodies(d.Collide)
	w.space.AddConstraint(c)
	j := &joint{id: w.lastJoint + 1, kind: d.Kind, a: a, b: b, cp: c}
	w.lastJoint = j.id
	w.joints.Add(j.id, j)
	for _, b := range [2]*body{a, b} {
		if b != nil {
			b.joints.Add(j.id, j)
		}
	}
	return j.id, nil
}

// RemoveJoint removes the joint with id. Joints removed with their bodies
// are gone already and report physics.ErrNoJoint.
func (w *World) RemoveJoint(id physics.JointID) error {
	if err := w.usable("remove joint"); err != nil {
		return err
	}
	if w.busy {
		return fmt.Errorf("chipmunk: remove joint %d: %w; %s", id, physics.ErrBusy, check.Later)
	}
	j := w.joints.Get(id)
	if j == nil {
		return fmt.Errorf("chipmunk: remove joint %d: %w (removed twice, removed with one of its bodies, or never added)", id, physics.ErrNoJoint)
	}
	w.dropJoint(j, nil)
	return nil
}

// dropJoint removes j from cp and from the lists that hold it: the world's
// and its bodies', but for gone, a body being removed whose list the
// caller is walking.
func (w *World) dropJoint(j *joint, gone *body) {
	w.space.RemoveConstraint(j.cp)
	w.joints.Remove(j.id)
	for _, b := range [2]*body{j.a, j.b} {
		if b != nil && b != gone {
			b.joints.Remove(j.id)
		}
	}
}

// DragTo moves the world point a Drag joint pulls its body towards.
func (w *World) DragTo(id physics.JointID, target mgl64.Vec2) error {
	if err := w.usable("drag joint"); err != nil {
		return err
	}
	j := w.joints.Get(id)
	if j == nil {
		return fmt.Errorf("chipmunk: drag joint %d: %w (removed, removed with its body, or never added)", id, physics.ErrNoJoint)
	}
	if j.kind != physics.Drag {
		return fmt.Errorf("chipmunk: drag joint %d: it is a %v joint: %w; only Drag joints have a target", id, j.kind, physics.ErrInvalid)
	}
	if err := w.rng.Vec("target", target); err != nil {
		return fmt.Errorf("chipmunk: drag joint %d: %w", id, err)
	}
	j.cp.Class.(*cp.PivotJoint).AnchorA = vec(target)
	j.b.cp.Activate()
	return nil
}

// anchorWorld is where an anchor in b's coordinates is in the world (b nil:
// Ground, whose coordinates are the world's).
func anchorWorld(b *body, anchor mgl64.Vec2) mgl64.Vec2 {
	if b == nil {
		return anchor
	}
	return gvec(b.cp.LocalToWorld(vec(anchor)))
}

// checkJoint validates d (physics.JointDef.Validate, then what cp needs
// of its bodies) and resolves its bodies (nil for Ground).
func (w *World) checkJoint(d *physics.JointDef) (a, b *body, err error) {
	if err := w.rng.Joint(d); err != nil {
		return nil, nil, err
	}
	if d.A != physics.Ground {
		if a = w.find(d.A); a == nil {
			return nil, nil, fmt.Errorf("body A: %w", physics.ErrNoBody)
		}
	}
	if d.B != physics.Ground {
		if b = w.find(d.B); b == nil {
			return nil, nil, fmt.Errorf("body B: %w", physics.ErrNoBody)
		}
	}
	if d.Kind == physics.Drag && (b == nil || b.kind != physics.Dynamic) {
		return nil, nil, fmt.Errorf("body B must be dynamic to be dragged: %w", physics.ErrInvalid)
	}
	// cp's solver divides by the bodies' combined inverse mass along the
	// joint: with no dynamic body, or a rod or spring of zero length, that
	// is 0 and the step fills both bodies with NaN.
	if (a == nil || a.kind != physics.Dynamic) && (b == nil || b.kind != physics.Dynamic) {
		return nil, nil, fmt.Errorf("neither body is dynamic: %w; a joint must hold at least one dynamic body", physics.ErrInvalid)
	}
	if d.Kind == physics.Pin || d.Kind == physics.Spring || (d.Kind == physics.Slide && d.Min > 0) {
		if anchorWorld(a, d.AnchorA) == anchorWorld(b, d.AnchorB) {
			return nil, nil, fmt.Errorf("the anchors start on the same point %v: %w; use a Pivot joint to hold two points together", anchorWorld(a, d.AnchorA), physics.ErrInvalid)
		}
	}
	return a, b, nil
}
