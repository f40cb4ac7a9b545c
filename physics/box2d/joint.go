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

// joint is what the Go side knows of a joint: its handle in the shim, and
// its bodies (nil for Ground), whose lists of joints hold it too.
type joint struct {
	h    *C.lsJoint
	id   physics.JointID
	kind physics.JointKind
	a, b *body
}

// AddJoint adds a joint described by d and returns its ID. It goes away with
// either of its bodies. The joints map onto Box2D's as the package comment
// describes; only Drag honours MaxForce, since Box2D's other joints have no
// force cap.
func (w *World) AddJoint(d physics.JointDef) (physics.JointID, error) {
	if err := w.enter("add joint"); err != nil {
		return 0, err
	}
	defer w.leave()
	if w.busy.Load() {
		return 0, fmt.Errorf("box2d: add %v joint: %w; %s", d.Kind, physics.ErrBusy, check.Later)
	}
	if w.c == nil {
		return 0, errClosed("add joint")
	}
	if d.Kind == physics.Drag {
		d.A = physics.Ground
	}
	a, b, err := w.checkJoint(&d)
	if err != nil {
		return 0, fmt.Errorf("box2d: add %v joint between bodies %d and %d: %w", d.Kind, d.A, d.B, err)
	}
	if w.lastJoint == math.MaxUint32 {
		return 0, fmt.Errorf("box2d: add joint: all joint IDs are used: %w; rebuild the world", physics.ErrInvalid)
	}
	jd := C.lsJointDef{
		kind: C.int(d.Kind), a: handle(a), b: handle(b),
		ax: C.double(d.AnchorA[0]), ay: C.double(d.AnchorA[1]),
		bx: C.double(d.AnchorB[0]), by: C.double(d.AnchorB[1]),
	}
	if d.Collide {
		jd.collide = 1
	}
	switch d.Kind {
	case physics.Pin:
		l := w.worldPoint(a, d.AnchorA).Sub(w.worldPoint(b, d.AnchorB)).Len()
		jd.length, jd.minLength, jd.maxLength = C.double(l), C.double(l), C.double(l)
	case physics.Slide:
		// Box2D's distance joint without stiffness is a rope between
		// minLength and maxLength.
		l := w.worldPoint(a, d.AnchorA).Sub(w.worldPoint(b, d.AnchorB)).Len()
		jd.length = C.double(min(max(l, d.Min), d.Max))
		jd.minLength, jd.maxLength = C.double(d.Min), C.double(d.Max)
	case physics.Spring:
		// No limits: the shim leaves a spring's length free.
		jd.length = C.double(d.RestLength)
		jd.stiffness, jd.damping = C.double(d.Stiffness), C.double(d.Damping)
		if d.Stiffness == 0 && d.Damping > 0 {
			// Box2D applies a distance joint's damping only with some
			// stiffness; the smallest float makes a pure damper.
			jd.stiffness = C.double(math.SmallestNonzeroFloat32)
		}
	case physics.Drag:
		jd.maxForce = C.double(d.MaxForce) // 0: no cap
	}
	j := &joint{h: C.lsAddJoint(w.c, jd), id: w.lastJoint + 1, kind: d.Kind, a: a, b: b}
	w.lastJoint = j.id
	w.joints.Add(j.id, j)
	for _, b := range [2]*body{a, b} {
		if b != nil {
			b.joints.Add(j.id, j)
		}
	}
	return j.id, nil
}

// handle is b's handle in the shim, nil for Ground.
func handle(b *body) *C.lsBody {
	if b == nil {
		return nil
	}
	return b.h
}

// forgetJoint drops j from the Go side's lists, but for gone's, a body
// being removed whose list the caller is walking. The shim's joint goes
// with its body, or is removed by the caller.
func (w *World) forgetJoint(j *joint, gone *body) {
	w.joints.Remove(j.id)
	for _, b := range [2]*body{j.a, j.b} {
		if b != nil && b != gone {
			b.joints.Remove(j.id)
		}
	}
}

// worldPoint is the world position of a point given in the coordinates of
// body b (nil: the ground, whose coordinates are the world's).
func (w *World) worldPoint(b *body, p mgl64.Vec2) mgl64.Vec2 {
	if b == nil {
		return p
	}
	s := C.lsGetState(w.c, b.h)
	return mgl64.Rotate2D(float64(s.angle)).Mul2x1(p).Add(mgl64.Vec2{float64(s.px), float64(s.py)})
}

// RemoveJoint removes the joint with id and wakes its bodies. Joints removed
// with their bodies are gone already and report physics.ErrNoJoint.
func (w *World) RemoveJoint(id physics.JointID) error {
	if err := w.enter("remove joint"); err != nil {
		return err
	}
	defer w.leave()
	if w.busy.Load() {
		return fmt.Errorf("box2d: remove joint %d: %w; %s", id, physics.ErrBusy, check.Later)
	}
	j := w.joints.Get(id)
	if j == nil {
		return fmt.Errorf("box2d: remove joint %d: %w (removed twice, removed with one of its bodies, or never added)", id, physics.ErrNoJoint)
	}
	w.forgetJoint(j, nil)
	C.lsRemoveJoint(w.c, j.h)
	return nil
}

// DragTo moves the world point a Drag joint pulls its body towards, and
// wakes the body.
func (w *World) DragTo(id physics.JointID, target mgl64.Vec2) error {
	if err := w.enter("drag joint"); err != nil {
		return err
	}
	defer w.leave()
	j := w.joints.Get(id)
	if j == nil {
		return fmt.Errorf("box2d: drag joint %d: %w (removed, removed with its body, or never added)", id, physics.ErrNoJoint)
	}
	if k := j.kind; k != physics.Drag {
		return fmt.Errorf("box2d: drag joint %d: it is a %v joint: %w; only Drag joints have a target", id, k, physics.ErrInvalid)
	}
	if err := w.u.Vec("target", target); err != nil {
		return fmt.Errorf("box2d: drag joint %d: %w", id, err)
	}
	C.lsDragTo(w.c, j.h, C.double(target[0]), C.double(target[1]))
	return nil
}

// checkJoint validates d (the shared ranges, then its bodies and Box2D's
// force caps) and returns its bodies (nil for Ground).
func (w *World) checkJoint(d *physics.JointDef) (a, b *body, err error) {
	if err := w.u.Joint(d); err != nil {
		return nil, nil, err
	}
	if d.A != physics.Ground {
		if a = w.bodies.Get(d.A); a == nil {
			return nil, nil, fmt.Errorf("body A: %w", physics.ErrNoBody)
		}
	}
	if d.B != physics.Ground {
		if b = w.bodies.Get(d.B); b == nil {
			return nil, nil, fmt.Errorf("body B: %w", physics.ErrNoBody)
		}
	}
	if d.Kind == physics.Drag && (b == nil || b.kind != physics.Dynamic) {
		return nil, nil, fmt.Errorf("body B must be dynamic to be dragged: %w", physics.ErrInvalid)
	}
	if d.MaxForce > 0 && d.Kind != physics.Drag {
		return nil, nil, fmt.Errorf("max force %v on a %v joint: %w; Box2D caps the force of Drag joints only: use 0", d.MaxForce, d.Kind, physics.ErrInvalid)
	}
	return a, b, nil
}
