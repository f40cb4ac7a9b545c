package chipmunk

import (
	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
)

// buildSpace fills w's emptied space with its copied bodies and joints:
// src's sleeping groups, the bodies in ID order, their shapes inserted in
// ID order under shape hash IDs counted from 1 as a new space's, and the
// joints. Everything that decides the order of a later step then depends
// on src alone.
func (w *World) buildSpace(s *World) {
	l, sp := w.copy.layout, w.space
	w.mirrorSleep(s)
	n := 0
	for _, b := range w.bodies.Values() {
		n += len(b.shapes)
		switch {
		case b.kind == physics.Static:
			*field[[]*cp.Body](sp, l.staticBodies) = append(*field[[]*cp.Body](sp, l.staticBodies), b.cp)
		case !b.cp.IsSleeping():
			*field[[]*cp.Body](sp, l.dynamicBodies) = append(*field[[]*cp.Body](sp, l.dynamicBodies), b.cp)
		}
	}
	dyn := (*field[*cp.SpatialIndex](sp, l.dynamicShapes)).GetTree()
	static := (*field[*cp.SpatialIndex](sp, l.staticShapes)).GetTree()
	w.resetLeaves(dyn, n)
	w.resetLeaves(static, n)
	id := uint(1)
	order := w.copy.shapes[:0]
	for _, b := range w.bodies.Values() {
		for _, s := range b.shapes {
			s.SetHashId(cp.HashValue(id))
			id++
			s.SetSpace(sp)
			s.CacheBB()
			order = append(order, s)
		}
	}
	// Inserted in ID order, the shapes of a scene laid out in rows (most
	// are) make a deep, lopsided tree that is slow to build and to
	// query; a fixed stride through them spreads every stretch of the
	// tree over the scene, and depends on the count alone.
	stride := spread(len(order))
	for k := range order {
		s := order[(k*stride)%len(order)]
		tree := dyn
		if b := s.Body(); b.GetType() == cp.BODY_STATIC || b.IsSleeping() {
			tree = static
		}
		tree.Insert(s, s.HashId())
	}
	clear(order)
	w.copy.shapes = order[:0]
	*field[uint](sp, l.shapeIDCounter) = id
	w.linkJoints()
	*field[float64](sp, l.currDt) = *field[float64](s.space, l.currDt)
}

// mirrorSleep puts w's copies of src's sleeping bodies to sleep in the
// same groups, each group's bodies chained in src's order, and lists the
// groups in src's order.
func (w *World) mirrorSleep(s *World) {
	l := w.copy.layout
	groups := field[[]*cp.Body](w.space, l.sleepingComponents)
	for _, root := range *field[[]*cp.Body](s.space, l.sleepingComponents) {
		mine := w.mirrorCP(root)
		*groups = append(*groups, mine)
		for item := root; item != nil; {
			next := *field[*cp.Body](item, l.sleepingNext)
			m := w.mirrorCP(item)
			*field[*cp.Body](m, l.sleepingRoot) = mine
			*field[*cp.Body](m, l.sleepingNext) = w.mirrorCP(next)
			item = next
		}
	}
}

// mirrorCP returns w's cp body for the body src's cp body c belongs to
// (nil for nil).
func (w *World) mirrorCP(c *cp.Body) *cp.Body {
	if c == nil {
		return nil
	}
	return w.find(c.UserData.(*body).id).cp
}

// spread returns a stride coprime to n near n/φ, so that k·stride mod n
// visits 0 to n−1 once each, far apart.
func spread(n int) int {
	if n < 3 {
		return 1
	}
	s := int(float64(n) * 0.6180339887)
	for gcd(s, n) != 1 {
		s++
	}
	return s
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
