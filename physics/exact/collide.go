package exact

import (
	"math"

	"github.com/lockstep-engine/lockstep/physics"
)

// mpoint is one point of a manifold.
type mpoint struct {
	id     uint32  // which features met, to carry impulses between steps
	p      vec     // midway between the surfaces, in the world
	sep    float64 // distance between the surfaces; negative when overlapping
	rA, rB vec     // from each body's centre of gravity to p
	nImp   float64 // accumulated normal impulse
	tImp   float64 // accumulated friction impulse
	nMass  float64
	tMass  float64
	bounce float64 // normal velocity to reach by restitution
}

// manifold is the contact between two shapes: a normal from A to B and up
// to two points.
type manifold struct {
	key         uint64 // pairKey of the shapes
	a, b        int32  // their bodies
	n           vec
	count       int32
	pts         [2]mpoint
	friction    float64
	restitution float64
	sensor      bool
}

// touching reports whether the shapes overlap or touch, not merely near.
func (m *manifold) touching() bool {
	for i := range m.count {
		if m.pts[i].sep <= slop {
			return true
		}
	}
	return false
}

// geom is a shape placed in the world for collision: a circle (one
// vertex), a segment (two) or a polygon, rounded by radius.
type geom struct {
	v, n   []vec
	radius float64
}

// place fills g with s on its body, using buf for the vertices.
func (w *World) place(s *shape, buf *[]vec, nbuf *[]vec) geom {
	b := &w.st.bodies[s.body]
	if s.def.Kind == physics.Circle {
		*buf = append((*buf)[:0], transform(b.pos, b.rot, s.p0))
		return geom{v: *buf, radius: s.radius}
	}
	vs, ns := w.st.verts[s.v0:s.v0+s.nv], w.st.norms[s.v0:s.v0+s.nv]
	v, n := (*buf)[:0], (*nbuf)[:0]
	for i := range vs {
		v = append(v, transform(b.pos, b.rot, vs[i]))
		n = append(n, b.rot.apply(ns[i]))
	}
	*buf, *nbuf = v, n
	return geom{v: v, n: n, radius: s.radius}
}

// collideGeoms finds the contact of a and b if their surfaces are within
// margin, setting m's normal (from a to b), points and count.
func collideGeoms(a, b geom, margin float64, m *manifold) {
	m.count = 0
	switch {
	case len(a.v) == 1 && len(b.v) == 1:
		collideCircles(a.v[0], a.radius, b.v[0], b.radius, margin, m)
	case len(b.v) == 1:
		collidePolyCircle(a, b.v[0], b.radius, margin, m)
	case len(a.v) == 1:
		collidePolyCircle(b, a.v[0], a.radius, margin, m)
		m.n = m.n.neg()
	default:
		collidePolys(a, b, margin, m)
	}
}

func collideCircles(ca vec, ra float64, cb vec, rb, margin float64, m *manifold) {
	n, d := normalize(cb.sub(ca))
	if d == 0 {
		n = vec{0, 1}
	}
	sep := d - ra - rb
	if sep > margin {
		return
	}
	m.n, m.count = n, 1
	m.pts[0] = mpoint{p: ca.madd(n, ra+sep/2), sep: sep}
}

// collidePolyCircle collides a polygon or segment with a circle, the
// normal from the polygon to the circle.
func collidePolyCircle(a geom, c vec, r, margin float64, m *manifold) {
	if len(a.v) == 2 {
		q := closestOnSegment(a.v[0], a.v[1], c)
		n, d := normalize(c.sub(q))
		if d == 0 {
			n = a.n[0]
		}
		addCirclePoint(m, n, c, d-a.radius-r, r, margin, 0)
		return
	}
	best, bi := math.Inf(-1), 0
	for i := range a.v {
		if s := dot(a.n[i], c.sub(a.v[i])); s > best {
			best, bi = s, i
		}
	}
	if best-a.radius-r > margin {
		return
	}
	v1, v2 := a.v[bi], a.v[(bi+1)%len(a.v)]
	if best > 0 { // outside: the nearest point may be a corner
		q := closestOnSegment(v1, v2, c)
		n, d := normalize(c.sub(q))
		if d > 0 {
			addCirclePoint(m, n, c, d-a.radius-r, r, margin, uint32(bi))
			return
		}
	}
	addCirclePoint(m, a.n[bi], c, best-a.radius-r, r, margin, uint32(bi))
}

func addCirclePoint(m *manifold, n, c vec, sep, r, margin float64, id uint32) {
	if sep > margin {
		return
	}
	m.n, m.count = n, 1
	m.pts[0] = mpoint{id: id, p: c.madd(n, -(r + sep/2)), sep: sep}
}

// closestOnSegment is the point of segment ab nearest to p.
func closestOnSegment(a, b, p vec) vec {
	e := b.sub(a)
	ee := dot(e, e)
	if ee == 0 {
		return a
	}
	t := dot(p.sub(a), e) / ee
	t = min(max(t, 0), 1)
	return a.madd(e, t)
}

// maxSeparation returns the edge of a along whose normal b lies farthest
// out, and how far (of the unrounded shapes).
func maxSeparation(a, b geom) (int, float64) {
	best, bi := math.Inf(-1), 0
	for i, n := range a.n {
		v := a.v[i]
		s := math.Inf(1)
		for _, u := range b.v {
			s = min(s, dot(n, u.sub(v)))
		}
		if s > best {
			best, bi = s, i
		}
	}
	return bi, best
}

// collidePolys collides two polygons or segments by separating axes: the
// reference face is the edge of greater separation, and the incident edge
// of the other, clipped to the reference face's sides, gives up to two
// points.
func collidePolys(a, b geom, margin float64, m *manifold) {
	ea, sa := maxSeparation(a, b)
	eb, sb := maxSeparation(b, a)
	radii := a.radius + b.radius
	if max(sa, sb)-radii > margin {
		return
	}
	ref, inc, edge, flip := a, b, ea, uint32(0)
	if sb > sa+0.1*slop {
		ref, inc, edge, flip = b, a, eb, 1
	}
	nr := ref.n[edge]
	// The incident edge: the one facing the reference normal most.
	ie, low := 0, math.Inf(1)
	for i, n := range inc.n {
		if d := dot(n, nr); d < low {
			low, ie = d, i
		}
	}
	r1, r2 := ref.v[edge], ref.v[(edge+1)%len(ref.v)]
	i1, i2 := inc.v[ie], inc.v[(ie+1)%len(inc.v)]
	t, _ := normalize(r2.sub(r1))
	// Clip [i1, i2] to the slab between r1 and r2 along t.
	lo, hi := 0.0, 1.0
	d1, d2 := dot(t, i1.sub(r1)), dot(t, i2.sub(r1))
	l := dot(t, r2.sub(r1))
	if d1 != d2 {
		for _, bound := range [2]float64{0, l} {
			s := (bound - d1) / (d2 - d1)
			if (bound == 0) == (d2 > d1) {
				lo = max(lo, s)
			} else {
				hi = min(hi, s)
			}
		}
	}
	if lo > hi {
		lo, hi = 0.5, 0.5 // the edges only touch at their ends: keep one point
	}
	e := i2.sub(i1)
	n := nr
	if flip == 1 {
		n = nr.neg()
	}
	m.n = n
	for k, s := range [2]float64{lo, hi} {
		if k == 1 && hi == lo {
			break
		}
		p := i1.madd(e, s)
		sep := dot(nr, p.sub(r1)) - radii
		if sep > margin {
			continue
		}
		id := flip<<31 | uint32(edge&0x7fff)<<16 | uint32(ie&0x7fff)<<1 | uint32(k)
		m.pts[m.count] = mpoint{id: id, p: p.madd(nr, -(inc.radius + sep/2)), sep: sep}
		m.count++
	}
}
