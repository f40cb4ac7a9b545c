package chipmunk

import (
	"fmt"
	"slices"

	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
	"github.com/lockstep-engine/lockstep/physics/internal/ids"
)

// copyState is what CopyFrom keeps between calls so that, once warm, a copy
// allocates nothing: records of bodies and joints the source no longer
// holds, for the next ones it adds, and scratch lists.
type copyState struct {
	layout *cpLayout
	putArb func(*cp.Arbiter) bool // w.poolArbiter, made once

	free       []*body     // records with a cp body and shapes, unused
	freeJoints []*joint    // records with a cp constraint, unused
	pairs      []*body     // the receiver's record for each source body
	jpairs     []*joint    // the receiver's record for each source joint
	shapes     []*cp.Shape // the shapes to insert in cp's trees
	arb        arbCopy     // copyArbiters' state
	spareArbs  []*cp.Arbiter
}

// CopyFrom makes w hold what src holds (see physics.Copier): the same
// bodies, shapes, joints and IDs, each cp body's whole state (position,
// angle, velocities, pending force and torque, the solver's bias
// velocities, idle time), the accumulated impulses of its joints, the
// sleeping groups and the cached contacts with their impulses, in a space
// rebuilt in ID order. Only cp's broad phase is not copied (its tree is
// rebuilt), so the copy solves its contacts in another order and drifts
// from src, slowly (a settled pile of 300 bodies by about 1e-5 after 8
// steps), while two copies of one state stay equal.
func (w *World) CopyFrom(src physics.World) error {
	s, err := w.copyable(src)
	if err != nil || s == w {
		return err
	}
	if w.copy.layout == nil {
		l, err := newLayout()
		if err != nil {
			return fmt.Errorf("chipmunk: copy: %w", err)
		}
		w.copy.layout, w.copy.putArb = l, w.poolArbiter
	}
	w.resetSpace()
	w.copyBodies(s)
	w.copyJoints(s)
	w.buildSpace(s)
	w.lastBody, w.lastJoint, w.steps = s.lastBody, s.lastJoint, s.steps
	w.contacts.prev = w.contacts.prev[:0]
	if w.onContact != nil {
		w.contacts.prev = append(w.contacts.prev, s.contacts.prev...)
	}
	return nil
}

// copyable checks that w can copy src and returns src as a *World.
func (w *World) copyable(src physics.World) (*World, error) {
	s, ok := src.(*World)
	if !ok || s == nil {
		return nil, fmt.Errorf("chipmunk: copy from a %T: %w; copy from a world made by chipmunk.New", src, physics.ErrInvalid)
	}
	if err := w.usable("copy"); err != nil {
		return nil, err
	}
	if s.closed {
		return nil, fmt.Errorf("chipmunk: copy from a closed world: %w; copy from a world still open", physics.ErrInvalid)
	}
	if w.busy || s.busy {
		return nil, fmt.Errorf("chipmunk: copy: %w; %s", physics.ErrBusy, check.Later)
	}
	if err := check.SameConfig(&w.cfg, &s.cfg); err != nil {
		return nil, fmt.Errorf("chipmunk: copy: the worlds' configs differ: %w; make the receiving world with the source's Config", err)
	}
	return s, nil
}

// poolArbiter keeps a cached arbiter of w's space for copyArbiter to
// reuse, for cachedArbiters.Filter, which keeps none. The copy's own
// spares, not cp's sync.Pool, which a garbage collection (or the race
// detector, at random) empties, so that a warm copy allocates nothing.
func (w *World) poolArbiter(arb *cp.Arbiter) bool {
	w.copy.spareArbs = append(w.copy.spareArbs, arb)
	return false
}

// resetSpace empties w's space and leaves nothing of its history that
// could decide the order of a later step: cp's trees give their nodes and
// pairs back to cp's pools, cached contacts are kept as spares for
// copyArbiter, and the space's lists are emptied (keeping their memory).
func (w *World) resetSpace() {
	l, sp := w.copy.layout, w.space
	dyn := (*field[*cp.SpatialIndex](sp, l.dynamicShapes)).GetTree()
	static := (*field[*cp.SpatialIndex](sp, l.staticShapes)).GetTree()
	for _, b := range w.bodies.Values() {
		for _, s := range b.shapes {
			switch h := s.HashId(); {
			case dyn.Contains(s, h):
				dyn.Remove(s, h)
			case static.Contains(s, h):
				static.Remove(s, h)
			}
			s.SetSpace(nil)
		}
	}
	(*field[*cp.HashSet[cp.ShapePair, *cp.Arbiter]](sp, l.cachedArbiters)).Filter(w.copy.putArb)
	truncate(field[[]*cp.Arbiter](sp, l.arbiters))
	for _, list := range [...]uintptr{l.dynamicBodies, l.staticBodies, l.rousedBodies, l.sleepingComponents} {
		truncate(field[[]*cp.Body](sp, list))
	}
	truncate(field[[]*cp.Constraint](sp, l.constraints))
	*field[*cp.Arbiter](sp.StaticBody, l.arbiterList) = nil
	*field[*cp.Constraint](sp.StaticBody, l.constraintList) = nil
}

// truncate empties a list, keeping its memory and dropping its pointers.
func truncate[T any](list *[]T) {
	clear(*list)
	*list = (*list)[:0]
}

// resetLeaves gives an empty tree's leaf set a size that depends only on
// n, the number of shapes about to be inserted, so that cp's walk over its
// leaves (which decides the order its broad phase refits them in) follows
// the shapes' IDs, not what the set held before.
func (w *World) resetLeaves(t *cp.BBTree, n int) {
	l := w.copy.layout
	set := *field[*leafSet](t, l.leaves)
	size := uint(8)
	for size <= uint(n) {
		size *= 2
	}
	table := field[[]*cp.HashSetBin[*cp.Node]](set, l.setTable)
	if uint(cap(*table)) < size {
		*table = make([]*cp.HashSetBin[*cp.Node], size)
	} else {
		*table = (*table)[:size]
		clear(*table)
	}
	*field[uint](set, l.setSize) = size
	*field[uint](set, l.setEntries) = 0
}

// copyBodies makes w's records of bodies those of src, in ID order: a body
// w holds under the same ID keeps its record, cp body and (when they are
// the same) cp shapes; records of bodies src does not hold are kept for
// the bodies src has that w does not.
func (w *World) copyBodies(s *World) {
	srcs := s.bodies.Values()
	var pairs []*body
	pairs, w.copy.free = ids.Match(w.bodies.Values(), srcs, bodyID, ids.Always, w.copy.pairs[:0], w.copy.free)
	w.bodies.Clear()
	for k, sb := range srcs {
		b := pairs[k]
		if b == nil {
			b = w.spareBody(sb)
		}
		w.copyBody(b, sb)
		w.bodies.Add(b.id, b)
	}
	clear(pairs)
	w.copy.pairs = pairs[:0]
}

// spareBody returns an unused record for a copy of sb: one with the same
// shapes if there is one; else a new one, so that records of bodies that
// come and go alternately (a source and the world it is copied from
// between frames) each find theirs; but past maxSpare unused records, the
// oldest, to be given new shapes.
func (w *World) spareBody(sb *body) *body {
	free := w.copy.free
	k := -1
	for j := len(free) - 1; j >= 0; j-- {
		if sameShapes(free[j].defs, sb.defs) {
			k = j
			break
		}
	}
	if k < 0 && len(free) <= maxSpare {
		b := w.nextBody()
		w.slab = w.slab[1:]
		return b
	}
	if k < 0 {
		k = 0
	}
	b := free[k]
	copy(free[k:], free[k+1:])
	free[len(free)-1] = nil
	w.copy.free = free[:len(free)-1]
	return b
}

// maxSpare is how many unused records of bodies a world keeps for copies.
const maxSpare = 256

// copyBody makes record b a copy of src's record sb, its cp body a copy of
// sb's (every field, then its links pointed at w's objects: no shapes in a
// tree yet, no contacts, no joints, awake).
func (w *World) copyBody(b, sb *body) {
	if b.cp == nil || !sameShapes(b.defs, sb.defs) {
		w.rebuildShapes(b, sb)
	}
	b.id, b.kind, b.fixed, b.user, b.teleported = sb.id, sb.kind, sb.fixed, sb.user, sb.teleported
	b.joints.Clear()
	l := w.copy.layout
	own := (*field[[]*cp.Shape](b.cp, l.shapeList))[:0]
	*b.cp = *sb.cp
	b.cp.UserData = b
	*field[*cp.Space](b.cp, l.bodySpace) = w.space
	*field[[]*cp.Shape](b.cp, l.shapeList) = append(own, b.shapes...)
	*field[*cp.Arbiter](b.cp, l.arbiterList) = nil
	*field[*cp.Constraint](b.cp, l.constraintList) = nil
	*field[*cp.Body](b.cp, l.sleepingRoot) = nil
	*field[*cp.Body](b.cp, l.sleepingNext) = nil
}

// rebuildShapes gives b new cp shapes for sb's definitions, on a cp body
// detached from everything (made new if b has none).
func (w *World) rebuildShapes(b, sb *body) {
	l := w.copy.layout
	if b.cp == nil {
		b.cp = cp.NewBody(1, 1)
	}
	b.cp.UserData = b
	*field[*cp.Space](b.cp, l.bodySpace) = nil
	*field[*cp.Arbiter](b.cp, l.arbiterList) = nil
	*field[*cp.Constraint](b.cp, l.constraintList) = nil
	*field[*cp.Body](b.cp, l.sleepingRoot) = nil
	*field[*cp.Body](b.cp, l.sleepingNext) = nil
	b.defs = append(b.def1[:0:1], sb.defs...)
	b.shapes = b.shape1[:0:1]
	for i := range b.defs {
		b.shapes = append(b.shapes, newShape(b.cp, &b.defs[i]))
	}
}

// sameShapes reports whether two bodies were given the same shapes, so a
// record's cp shapes can serve a copy of the other.
func sameShapes(a, b []physics.Shape) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if !slices.Equal(x.Verts, y.Verts) {
			return false
		}
		x.Verts, y.Verts = nil, nil
		if x.Kind != y.Kind || x.Radius != y.Radius || x.Offset != y.Offset || x.Half != y.Half || x.A != y.A || x.B != y.B ||
			x.Friction != y.Friction || x.Restitution != y.Restitution || x.Density != y.Density || x.Sensor != y.Sensor || x.Filter != y.Filter {
			return false
		}
	}
	return true
}

// bodyID and jointID key records for ids.Match.
func bodyID(b *body) physics.BodyID    { return b.id }
func jointID(j *joint) physics.JointID { return j.id }
