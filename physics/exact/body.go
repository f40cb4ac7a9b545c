package exact

import (
	"fmt"
	"math"

	"github.com/lockstep-engine/lockstep/physics"
)

// body is one body's whole state.
type body struct {
	id         physics.BodyID
	kind       physics.BodyKind
	fixed      bool // never rotates: FixedRotation or an infinite Moment
	sleeping   bool
	teleported bool
	user       any

	pos   vec     // the body's origin
	angle float64 // unbounded
	rot   rot     // of angle
	local vec     // centre of gravity in body coordinates
	c     vec     // centre of gravity in the world
	v     vec     // of the centre of gravity
	w     float64

	force  vec // to apply during the next step
	torque float64

	invMass, invI float64 // 0 for what does not move or turn
	extent        float64 // farthest shape point from the centre of gravity
	idle          float64 // seconds spent slower than idleSpeed

	shape0, nshapes int32 // its shapes in state.shapes
}

// state is what a snapshot reports of b.
func (b *body) state() physics.BodyState {
	return physics.BodyState{ID: b.id, Pos: gv(b.pos), Angle: b.angle, Vel: gv(b.v), AngVel: b.w, Teleported: b.teleported}
}

// place moves b's origin and angle, keeping its centre of gravity with it.
func (b *body) place(pos vec, angle float64) {
	b.pos, b.angle, b.rot = pos, angle, rotOf(angle)
	b.c = transform(pos, b.rot, b.local)
}

// moves reports whether b is dynamic and awake.
func (b *body) moves() bool { return b.kind == physics.Dynamic && !b.sleeping }

// AddBody adds a body described by d and returns its ID.
func (w *World) AddBody(d physics.BodyDef) (physics.BodyID, error) {
	if err := w.builder("add body"); err != nil {
		return 0, err
	}
	if err := w.rng.BodyDef(&d); err != nil {
		return 0, fmt.Errorf("exact: add body: %w", err)
	}
	hulls, err := w.hulls(&d)
	if err != nil {
		return 0, fmt.Errorf("exact: add body: %w", err)
	}
	b := body{id: w.st.lastBody + 1, kind: d.Kind, user: d.User, v: v2(d.Vel), w: d.AngVel}
	if d.Kind == physics.Dynamic {
		if err := w.setMass(&b, &d, hulls); err != nil {
			return 0, fmt.Errorf("exact: add body: %w", err)
		}
	}
	b.place(v2(d.Pos), d.Angle)
	b.shape0, b.nshapes = int32(len(w.st.shapes)), int32(len(d.Shapes))
	bi := int32(len(w.st.bodies))
	for i := range d.Shapes {
		w.addShape(bi, &d.Shapes[i], hulls[i])
	}
	b.extent = w.extentOf(&b)
	w.st.bodies = append(w.st.bodies, b)
	w.st.lastBody = b.id
	return b.id, nil
}

// hulls returns the hull of each polygon of d (nil for other shapes).
func (w *World) hulls(d *physics.BodyDef) ([][]vec, error) {
	hulls := make([][]vec, len(d.Shapes))
	for i := range d.Shapes {
		s := &d.Shapes[i]
		if s.Kind != physics.Polygon {
			continue
		}
		h, err := hullOf(s.Verts)
		if err == nil {
			err = w.rng.Hull(s.Verts, gvs(h))
		}
		if err != nil {
			return nil, fmt.Errorf("shape %d (%v): %w", i, s.Kind, err)
		}
		hulls[i] = h
	}
	return hulls, nil
}

// setMass gives a dynamic body its mass, moment and centre of gravity
// from d and its shapes.
func (w *World) setMass(b *body, d *physics.BodyDef, hulls [][]vec) error {
	weight, moment, centroid, byArea := spread(d, hulls)
	mass := weight
	if byArea {
		mass = 0
	}
	if d.Mass > 0 { // the shapes' moment, scaled to the given mass
		if weight > 0 {
			moment = float64(moment * (d.Mass / weight))
		}
		mass = d.Mass
	}
	if d.Moment > 0 {
		moment = d.Moment
	}
	if d.FixedRotation {
		moment = math.Inf(1)
	}
	if err := w.rng.Mass(mass, moment); err != nil {
		return err
	}
	b.local, b.invMass = centroid, 1/mass
	if math.IsInf(moment, 1) || moment == 0 {
		b.fixed, b.w = true, 0
	} else {
		b.invI = 1 / moment
	}
	return nil
}

// spread weighs d's shapes (density × area, or the area alone when no
// shape has a density, byArea) and returns their total weight, their
// centroid and their moment about it.
func spread(d *physics.BodyDef, hulls [][]vec) (weight, moment float64, centroid vec, byArea bool) {
	weighOf := func(i int) (float64, vec) {
		a, c := areaOf(&d.Shapes[i], hulls[i])
		if byArea {
			return a, c
		}
		return float64(a * d.Shapes[i].Density), c
	}
	byArea = true
	for i := range d.Shapes {
		if d.Shapes[i].Density > 0 {
			byArea = false
		}
	}
	for i := range d.Shapes {
		m, c := weighOf(i)
		weight += m
		centroid = centroid.madd(c, m)
	}
	if weight > 0 {
		centroid = vec{centroid.x / weight, centroid.y / weight}
	}
	for i := range d.Shapes {
		m, _ := weighOf(i)
		moment += momentOf(&d.Shapes[i], hulls[i], m, centroid)
	}
	return weight, moment, centroid, byArea
}

// RemoveBody removes a body, its shapes, its contacts and every joint
// attached to it. Its contacts are reported Ended at the next step.
func (w *World) RemoveBody(id physics.BodyID) error {
	if err := w.builder("remove body"); err != nil {
		return err
	}
	bi := w.index(id)
	if bi < 0 {
		return fmt.Errorf("exact: remove body %d: %w (removed, or never added to this world; Ground is not a body here)", id, physics.ErrNoBody)
	}
	w.wakeTouching(int32(bi))
	st := &w.st
	b := st.bodies[bi]
	s0, s1 := b.shape0, b.shape0+b.nshapes
	w.removeShapes(s0, s1)
	st.bodies = append(st.bodies[:bi], st.bodies[bi+1:]...)
	for i := bi; i < len(st.bodies); i++ {
		st.bodies[i].shape0 -= b.nshapes
	}
	for i := range st.shapes {
		if st.shapes[i].body > int32(bi) {
			st.shapes[i].body--
		}
	}
	w.removeBodyJoints(int32(bi))
	return nil
}

// removeShapes removes shapes [s0, s1), their vertices, manifolds and
// broad-phase entries, renumbering the rest (their order kept).
func (w *World) removeShapes(s0, s1 int32) {
	st := &w.st
	n := s1 - s0
	if n == 0 {
		return
	}
	v0 := st.shapes[s0].v0
	v1 := st.shapes[s1-1].v0 + st.shapes[s1-1].nv
	nv := v1 - v0
	st.verts = append(st.verts[:v0], st.verts[v1:]...)
	st.norms = append(st.norms[:v0], st.norms[v1:]...)
	st.shapes = append(st.shapes[:s0], st.shapes[s1:]...)
	for i := int(s0); i < len(st.shapes); i++ {
		st.shapes[i].v0 -= nv
	}
	renum := func(s int32) int32 {
		if s >= s1 {
			return s - n
		}
		return s
	}
	k := 0
	for _, m := range st.manifolds {
		a, b := int32(m.key>>32), int32(uint32(m.key))
		if (a >= s0 && a < s1) || (b >= s0 && b < s1) {
			continue
		}
		m.key = pairKey(renum(a), renum(b))
		st.manifolds[k] = m
		k++
	}
	clear(st.manifolds[k:])
	st.manifolds = st.manifolds[:k]
	k = 0
	for _, s := range st.order {
		if s >= s0 && s < s1 {
			continue
		}
		st.order[k] = renum(s)
		k++
	}
	st.order = st.order[:k]
}

// Clear removes every body and joint at once. IDs are not reused;
// contacts of the bodies removed are reported Ended at the next step.
func (w *World) Clear() error {
	if err := w.builder("clear"); err != nil {
		return err
	}
	st := &w.st
	clear(st.bodies)
	st.bodies, st.shapes, st.verts, st.norms = st.bodies[:0], st.shapes[:0], st.verts[:0], st.norms[:0]
	st.joints, st.manifolds, st.order, st.noCollide = st.joints[:0], st.manifolds[:0], st.order[:0], st.noCollide[:0]
	return nil
}

// State returns a body's current state.
func (w *World) State(id physics.BodyID) (physics.BodyState, error) {
	b, err := w.lookup("state of", id)
	if err != nil {
		return physics.BodyState{}, err
	}
	return b.state(), nil
}

// Kind returns how a body moves.
func (w *World) Kind(id physics.BodyID) (physics.BodyKind, error) {
	b, err := w.lookup("kind of", id)
	if err != nil {
		return 0, err
	}
	return b.kind, nil
}

// User returns the value the body was given as BodyDef.User.
func (w *World) User(id physics.BodyID) (any, error) {
	b, err := w.lookup("user value of", id)
	if err != nil {
		return nil, err
	}
	return b.user, nil
}

// Shapes overwrites dst with a body's shapes in the order they were added,
// polygons as their counter-clockwise hull.
func (w *World) Shapes(id physics.BodyID, dst []physics.Shape) ([]physics.Shape, error) {
	b, err := w.lookup("shapes of", id)
	if err != nil {
		return nil, err
	}
	dst = dst[:0]
	for i := b.shape0; i < b.shape0+b.nshapes; i++ {
		s := &w.st.shapes[i]
		var verts []vec
		if s.def.Kind == physics.Polygon {
			verts = w.st.verts[s.v0 : s.v0+s.nv]
		}
		d := s.def
		if verts != nil {
			if len(dst) < cap(dst) { // reuse the vertices of the shape there before
				d.Verts = dst[:len(dst)+1][len(dst)].Verts[:0]
			}
			for _, v := range verts {
				d.Verts = append(d.Verts, gv(v))
			}
		}
		dst = append(dst, d)
	}
	return dst, nil
}
