//go:build box2d && cgo

package box2d

// #include "shim.h"
import "C"

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// joint is what the Go side knows of a joint; the shim's joint list is in
// the same order.
type joint struct {
	id   physics.JointID
	kind physics.JointKind
	a, b physics.BodyID // Ground for the world
}

// AddJoint adds a joint described by d and returns its ID. It goes away with
// either of its bodies. The joints map onto Box2D's as the package comment
// describes; only Drag honours MaxForce, since Box2D's other joints have no
// force cap.
func (w *World) AddJoint(d physics.JointDef) (physics.JointID, error) {
	if w.busy {
		return 0, fmt.Errorf("box2d: add %v joint: %w; add it after Step has returned", d.Kind, physics.ErrBusy)
	}
	if w.c == nil {
		return 0, errClosed("add joint")
	}
	if d.Kind == physics.Drag {
		d.A = physics.Ground
	}
	ia, ib, err := w.checkJoint(&d)
	if err != nil {
		return 0, fmt.Errorf("box2d: add %v joint between bodies %d and %d: %w", d.Kind, d.A, d.B, err)
	}
	if w.lastJoint == math.MaxUint32 {
		return 0, fmt.Errorf("box2d: add joint: all joint IDs are used: %w; rebuild the world", physics.ErrInvalid)
	}
	jd := C.lsJointDef{
		kind: C.int(d.Kind), a: C.int(ia), b: C.int(ib),
		ax: C.double(d.AnchorA[0]), ay: C.double(d.AnchorA[1]),
		bx: C.double(d.AnchorB[0]), by: C.double(d.AnchorB[1]),
	}
	if d.Collide {
		jd.collide = 1
	}
	switch d.Kind {
	case physics.Pin:
		l := w.worldPoint(ia, d.AnchorA).Sub(w.worldPoint(ib, d.AnchorB)).Len()
		jd.length, jd.minLength, jd.maxLength = C.double(l), C.double(l), C.double(l)
	case physics.Slide:
		// Box2D's distance joint without stiffness is a rope between
		// minLength and maxLength.
		l := w.worldPoint(ia, d.AnchorA).Sub(w.worldPoint(ib, d.AnchorB)).Len()
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
	C.lsAddJoint(w.c, jd)
	j := joint{id: w.lastJoint + 1, kind: d.Kind, a: d.A, b: d.B}
	w.lastJoint = j.id
	w.joints = append(w.joints, j)
	return j.id, nil
}

// worldPoint is the world position of a point given in the coordinates of
// the body at index i (-1: the ground, whose coordinates are the world's).
func (w *World) worldPoint(i int, p mgl64.Vec2) mgl64.Vec2 {
	if i < 0 {
		return p
	}
	s := C.lsGetState(w.c, C.int(i))
	return mgl64.Rotate2D(float64(s.angle)).Mul2x1(p).Add(mgl64.Vec2{float64(s.px), float64(s.py)})
}

// RemoveJoint removes the joint with id and wakes its bodies. Joints removed
// with their bodies are gone already and report physics.ErrNoJoint.
func (w *World) RemoveJoint(id physics.JointID) error {
	if w.busy {
		return fmt.Errorf("box2d: remove joint %d: %w; remove it after Step has returned", id, physics.ErrBusy)
	}
	i, ok := w.jointIndex(id)
	if !ok {
		return fmt.Errorf("box2d: remove joint %d: %w (removed twice, removed with one of its bodies, or never added)", id, physics.ErrNoJoint)
	}
	C.lsRemoveJoint(w.c, C.int(i))
	w.joints = slices.Delete(w.joints, i, i+1)
	return nil
}

// DragTo moves the world point a Drag joint pulls its body towards, and
// wakes the body.
func (w *World) DragTo(id physics.JointID, target mgl64.Vec2) error {
	i, ok := w.jointIndex(id)
	if !ok {
		return fmt.Errorf("box2d: drag joint %d: %w", id, physics.ErrNoJoint)
	}
	if k := w.joints[i].kind; k != physics.Drag {
		return fmt.Errorf("box2d: drag joint %d: it is a %v joint: %w; only Drag joints have a target", id, k, physics.ErrInvalid)
	}
	if err := w.u.Vec("target", target); err != nil {
		return fmt.Errorf("box2d: drag joint %d: %w", id, err)
	}
	C.lsDragTo(w.c, C.int(i), C.double(target[0]), C.double(target[1]))
	return nil
}

func (w *World) jointIndex(id physics.JointID) (int, bool) {
	return slices.BinarySearchFunc(w.joints, id, func(j joint, id physics.JointID) int {
		return cmp.Compare(j.id, id)
	})
}

// checkJoint validates d (physics.JointDef.Validate, then its bodies,
// Box2D's range and its force caps) and returns the indexes of its bodies
// (-1 for Ground).
func (w *World) checkJoint(d *physics.JointDef) (ia, ib int, err error) {
	if err := w.u.Joint(d); err != nil {
		return 0, 0, err
	}
	ia, ib = -1, -1
	var ok bool
	if d.A != physics.Ground {
		if ia, ok = w.index(d.A); !ok {
			return 0, 0, fmt.Errorf("body A: %w", physics.ErrNoBody)
		}
	}
	if d.B != physics.Ground {
		if ib, ok = w.index(d.B); !ok {
			return 0, 0, fmt.Errorf("body B: %w", physics.ErrNoBody)
		}
	}
	if d.Kind == physics.Drag && (ib < 0 || w.bodies[ib].kind != physics.Dynamic) {
		return 0, 0, fmt.Errorf("body B must be dynamic to be dragged: %w", physics.ErrInvalid)
	}
	if d.MaxForce > 0 && d.Kind != physics.Drag {
		return 0, 0, fmt.Errorf("max force %v on a %v joint: %w; Box2D caps the force of Drag joints only: use 0", d.MaxForce, d.Kind, physics.ErrInvalid)
	}
	return ia, ib, nil
}
