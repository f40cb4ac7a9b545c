package exact

import (
	"fmt"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// joint is one joint's definition and solver state. a or b is -1 for
// Ground.
type joint struct {
	id   physics.JointID
	def  physics.JointDef
	a, b int32
	la   vec     // anchor on A in A's body coordinates relative to its centre of gravity (world for Ground)
	lb   vec     // the same on B
	dist float64 // Pin: the length it keeps

	// Solver state: the accumulated impulse (vector for Pivot and Drag,
	// along the axis for the others) and this step's values.
	imp    vec
	rA, rB vec
	axis   vec
	mass   float64
	k      [3]float64 // the 2×2 effective mass's inverse: xx, xy, yy
	bias   vec
}

// AddJoint adds a joint between two bodies (either may be Ground).
func (w *World) AddJoint(d physics.JointDef) (physics.JointID, error) {
	if err := w.builder("add joint"); err != nil {
		return 0, err
	}
	if err := w.rng.Joint(&d); err != nil {
		return 0, fmt.Errorf("exact: add joint: %w", err)
	}
	if d.Kind == physics.Drag {
		d.A = physics.Ground
	}
	j := joint{id: w.st.lastJoint + 1, def: d, a: -1, b: -1}
	for _, side := range []struct {
		id  physics.BodyID
		idx *int32
	}{{d.A, &j.a}, {d.B, &j.b}} {
		if side.id == physics.Ground {
			continue
		}
		i := w.index(side.id)
		if i < 0 {
			return 0, fmt.Errorf("exact: add joint: body %d: %w (removed, or never added to this world)", side.id, physics.ErrNoBody)
		}
		*side.idx = int32(i)
	}
	if d.Kind == physics.Drag && w.st.bodies[j.b].kind != physics.Dynamic {
		return 0, fmt.Errorf("exact: add joint: a drag joint pulls body %d, which is %v: %w; drag a dynamic body", d.B, w.st.bodies[j.b].kind, physics.ErrInvalid)
	}
	j.la, j.lb = w.localAnchor(j.a, v2(d.AnchorA)), w.localAnchor(j.b, v2(d.AnchorB))
	if d.Kind == physics.Pin {
		j.dist = length(w.anchorAt(j.b, j.lb).sub(w.anchorAt(j.a, j.la)))
	}
	w.st.joints = append(w.st.joints, j)
	w.st.lastJoint = j.id
	if !d.Collide && d.A != physics.Ground && d.B != physics.Ground {
		w.rebuildNoCollide()
	}
	w.wakeBody(j.a)
	w.wakeBody(j.b)
	return j.id, nil
}

// localAnchor turns an anchor in body coordinates (world for Ground) into
// one relative to the body's centre of gravity.
func (w *World) localAnchor(bi int32, p vec) vec {
	if bi < 0 {
		return p
	}
	return p.sub(w.st.bodies[bi].local)
}

// anchorAt is where a local anchor of body bi is in the world.
func (w *World) anchorAt(bi int32, l vec) vec {
	if bi < 0 {
		return l
	}
	b := &w.st.bodies[bi]
	return b.c.add(b.rot.apply(l))
}

// rebuildNoCollide lists the body pairs joints keep apart.
func (w *World) rebuildNoCollide() {
	nc := w.st.noCollide[:0]
	for i := range w.st.joints {
		d := &w.st.joints[i].def
		if !d.Collide && d.A != physics.Ground && d.B != physics.Ground {
			nc = append(nc, bodyPair(d.A, d.B))
		}
	}
	slices.Sort(nc)
	w.st.noCollide = nc
}

// findJoint returns the index of the joint with id, or -1.
func (w *World) findJoint(id physics.JointID) int {
	i, ok := slices.BinarySearchFunc(w.st.joints, id, func(j joint, id physics.JointID) int { return cmpID(j.id, id) })
	if !ok {
		return -1
	}
	return i
}

// RemoveJoint removes a joint.
func (w *World) RemoveJoint(id physics.JointID) error {
	if err := w.builder("remove joint"); err != nil {
		return err
	}
	i := w.findJoint(id)
	if i < 0 {
		return fmt.Errorf("exact: remove joint %d: %w (removed, gone with one of its bodies, or never added)", id, physics.ErrNoJoint)
	}
	j := w.st.joints[i]
	w.wakeBody(j.a)
	w.wakeBody(j.b)
	w.st.joints = append(w.st.joints[:i], w.st.joints[i+1:]...)
	w.rebuildNoCollide()
	return nil
}

// removeBodyJoints removes the joints of body bi, which is gone, and
// renumbers the others' bodies.
func (w *World) removeBodyJoints(bi int32) {
	k := 0
	for _, j := range w.st.joints {
		if j.a == bi || j.b == bi {
			w.wakeBody(other(j, bi))
			continue
		}
		if j.a > bi {
			j.a--
		}
		if j.b > bi {
			j.b--
		}
		w.st.joints[k] = j
		k++
	}
	w.st.joints = w.st.joints[:k]
	w.rebuildNoCollide()
}

func other(j joint, bi int32) int32 {
	if j.a == bi {
		if j.b > bi {
			return j.b - 1
		}
		return j.b
	}
	if j.a > bi {
		return j.a - 1
	}
	return j.a
}

// DragTo moves the target of a Drag joint to a world point.
func (w *World) DragTo(id physics.JointID, target mgl64.Vec2) error {
	if err := w.usable("drag"); err != nil {
		return err
	}
	i := w.findJoint(id)
	if i < 0 {
		return fmt.Errorf("exact: drag joint %d: %w (removed, gone with its body, or never added)", id, physics.ErrNoJoint)
	}
	j := &w.st.joints[i]
	if j.def.Kind != physics.Drag {
		return fmt.Errorf("exact: drag joint %d: it is a %v joint: %w; DragTo moves Drag joints only", id, j.def.Kind, physics.ErrInvalid)
	}
	if err := w.rng.Vec("drag target", target); err != nil {
		return fmt.Errorf("exact: drag joint %d: %w", id, err)
	}
	j.la = v2(target)
	j.def.AnchorA = target
	w.wakeBody(j.b)
	return nil
}
