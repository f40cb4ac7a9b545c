package exact

import (
	"slices"

	"github.com/lockstep-engine/lockstep/physics"
)

// pairKey names a pair of shapes by their indices, lower first, so that
// sorting keys sorts pairs.
func pairKey(a, b int32) uint64 {
	if a > b {
		a, b = b, a
	}
	return uint64(uint32(a))<<32 | uint64(uint32(b))
}

// bodyPair names a pair of bodies by their IDs, lower first.
func bodyPair(a, b physics.BodyID) uint64 {
	if a > b {
		a, b = b, a
	}
	return uint64(a)<<32 | uint64(b)
}

// sortOrder brings the broad phase's order of shapes up to date: by the
// left edge of their boxes, ties by index. The order is kept between
// steps, where it changes little, so insertion sort costs about a pass.
func (w *World) sortOrder() {
	sh, o := w.st.shapes, w.st.order
	less := func(a, b int32) bool {
		la, lb := sh[a].lo.x, sh[b].lo.x
		return la < lb || (la == lb && a < b)
	}
	for i := 1; i < len(o); i++ {
		x := o[i]
		j := i
		for j > 0 && less(x, o[j-1]) {
			o[j] = o[j-1]
			j--
		}
		o[j] = x
	}
}

// findPairs fills sc.pairs with every pair of shapes whose boxes overlap
// and that may collide, sorted.
func (w *World) findPairs() {
	w.sortOrder()
	sh, o := w.st.shapes, w.st.order
	pairs := w.sc.pairs[:0]
	for i, a := range o {
		sa := &sh[a]
		for _, b := range o[i+1:] {
			sb := &sh[b]
			if sb.lo.x > sa.hi.x {
				break
			}
			if sb.lo.y > sa.hi.y || sa.lo.y > sb.hi.y || !w.mayCollide(sa, sb) {
				continue
			}
			pairs = append(pairs, pairKey(a, b))
		}
	}
	slices.Sort(pairs)
	w.sc.pairs = pairs
}

// mayCollide reports whether two shapes whose boxes overlap are to be
// tested: on different bodies, at least one of them dynamic, their filters
// agreeing and no joint between them keeping them apart.
func (w *World) mayCollide(a, b *shape) bool {
	if a.body == b.body {
		return false
	}
	ba, bb := &w.st.bodies[a.body], &w.st.bodies[b.body]
	if ba.kind != physics.Dynamic && bb.kind != physics.Dynamic {
		return false
	}
	if !a.def.Filter.Collides(b.def.Filter) {
		return false
	}
	if len(w.st.noCollide) > 0 {
		if _, found := slices.BinarySearch(w.st.noCollide, bodyPair(ba.id, bb.id)); found {
			return false
		}
	}
	return true
}
