package chipmunk

import (
	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/ids"
)

// copyJoints makes w's joint records those of src, in ID order, after
// copyBodies: a joint w holds under the same ID keeps its record when cp
// models it with the same constraint type; other records are kept for
// joints to come.
func (w *World) copyJoints(s *World) {
	srcs := s.joints.Values()
	var pairs []*joint
	pairs, w.copy.freeJoints = ids.Match(w.joints.Values(), srcs, jointID, sameJointClass, w.copy.jpairs[:0], w.copy.freeJoints)
	w.joints.Clear()
	for k, sj := range srcs {
		j := pairs[k]
		if j == nil {
			j = w.spareJoint(sj)
		}
		w.copyJoint(j, sj)
		w.joints.Add(j.id, j)
		for _, b := range [2]*body{j.a, j.b} {
			if b != nil {
				b.joints.Add(j.id, j)
			}
		}
	}
	clear(pairs)
	w.copy.jpairs = pairs[:0]
}

// sameJointClass reports whether old's record can be reused for src:
// cp models both with the same constraint type.
func sameJointClass(old, src *joint) bool { return sameClass(old.kind, src.kind) }

// sameClass reports whether cp models joints of kinds a and b with the
// same constraint type.
func sameClass(a, b physics.JointKind) bool {
	class := func(k physics.JointKind) physics.JointKind {
		if k == physics.Drag {
			return physics.Pivot
		}
		return k
	}
	return class(a) == class(b)
}

// spareJoint returns an unused record whose cp constraint has the type
// sj's has, or a new one.
func (w *World) spareJoint(sj *joint) *joint {
	free := w.copy.freeJoints
	for k := len(free) - 1; k >= 0; k-- {
		if j := free[k]; sameClass(j.kind, sj.kind) {
			free[k] = free[len(free)-1]
			free[len(free)-1] = nil
			w.copy.freeJoints = free[:len(free)-1]
			return j
		}
	}
	g := w.space.StaticBody
	var c *cp.Constraint
	switch sj.kind {
	case physics.Pin:
		c = cp.NewPinJoint(g, g, cp.Vector{}, cp.Vector{})
	case physics.Pivot, physics.Drag:
		c = cp.NewPivotJoint2(g, g, cp.Vector{}, cp.Vector{})
	case physics.Slide:
		c = cp.NewSlideJoint(g, g, cp.Vector{}, cp.Vector{}, 0, 0)
	default:
		c = cp.NewDampedSpring(g, g, cp.Vector{}, cp.Vector{}, 0, 0, 0)
	}
	return &joint{kind: sj.kind, cp: c}
}

// copyJoint makes record j a copy of src's record sj, its cp constraint a
// copy of sj's (settings and accumulated impulses), between w's bodies
// with sj's IDs, linked into nothing yet (see linkJoints).
func (w *World) copyJoint(j, sj *joint) {
	j.id, j.kind = sj.id, sj.kind
	j.a, j.b = w.mirror(sj.a), w.mirror(sj.b)
	c, class := j.cp, j.cp.Class
	*c = *sj.cp
	c.Class = class
	switch d := class.(type) {
	case *cp.PinJoint:
		*d = *sj.cp.Class.(*cp.PinJoint)
		d.Constraint = c
	case *cp.PivotJoint:
		*d = *sj.cp.Class.(*cp.PivotJoint)
		d.Constraint = c
	case *cp.SlideJoint:
		*d = *sj.cp.Class.(*cp.SlideJoint)
		d.Constraint = c
	case *cp.DampedSpring:
		*d = *sj.cp.Class.(*cp.DampedSpring)
		d.Constraint = c
	}
	l := w.copy.layout
	*field[*cp.Space](c, l.jointSpace) = w.space
	*field[*cp.Body](c, l.jointA) = w.cpBody(j.a)
	*field[*cp.Body](c, l.jointB) = w.cpBody(j.b)
	*field[*cp.Constraint](c, l.nextA) = nil
	*field[*cp.Constraint](c, l.nextB) = nil
}

// mirror returns w's record of the body sb is in src (nil for Ground).
func (w *World) mirror(sb *body) *body {
	if sb == nil {
		return nil
	}
	return w.find(sb.id)
}

// cpBody is b's cp body, or the space's static body for Ground.
func (w *World) cpBody(b *body) *cp.Body {
	if b == nil {
		return w.space.StaticBody
	}
	return b.cp
}

// linkJoints threads every joint onto its bodies' constraint lists, as
// cp's AddConstraint does, in ID order, and lists in the space those whose
// bodies are awake (cp keeps a sleeping group's joints off its list until
// the group wakes).
func (w *World) linkJoints() {
	l := w.copy.layout
	list := field[[]*cp.Constraint](w.space, l.constraints)
	for _, j := range w.joints.Values() {
		c := j.cp
		a, b := w.cpBody(j.a), w.cpBody(j.b)
		headA, headB := field[*cp.Constraint](a, l.constraintList), field[*cp.Constraint](b, l.constraintList)
		*field[*cp.Constraint](c, l.nextA) = *headA
		*headA = c
		*field[*cp.Constraint](c, l.nextB) = *headB
		*headB = c
		owner := a
		if a.GetType() == cp.BODY_STATIC {
			owner = b
		}
		if !owner.IsSleeping() {
			*list = append(*list, c)
		}
	}
}
