package exact

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// RayCast returns the first shape the segment from a to b crosses. A ray
// starting inside a shape does not hit it; a ray of no length hits
// nothing.
func (w *World) RayCast(a, b mgl64.Vec2, f physics.Filter) (physics.RayHit, bool, error) {
	if err := w.queryArgs("ray cast", f, a, b); err != nil {
		return physics.RayHit{}, false, err
	}
	var hit physics.RayHit
	if a == b {
		return hit, false, nil
	}
	best, found := math.Inf(1), false
	for i := range w.st.shapes {
		s := &w.st.shapes[i]
		if !queryable(s, f) {
			continue
		}
		body := &w.st.bodies[s.body]
		p, q := w.local(s, v2(a)), w.local(s, v2(b))
		t, n, ok := w.rayShape(s, p, q)
		if ok && t < best {
			best, found = t, true
			hit = physics.RayHit{Body: body.id, Normal: gv(body.rot.apply(n)), Fraction: t,
				Point: gv(v2(a).madd(v2(b).sub(v2(a)), t))}
		}
	}
	return hit, found, nil
}

// rayShape casts body-local p→q at s: the fraction where it enters s and
// the outward normal there.
func (w *World) rayShape(s *shape, p, q vec) (float64, vec, bool) {
	switch s.def.Kind {
	case physics.Circle:
		return rayCircle(p, q, s.p0, s.radius)
	case physics.Segment:
		return rayCapsule(p, q, s.p0, s.p1, s.radius)
	}
	return rayPolygon(p, q, w.st.verts[s.v0:s.v0+s.nv], w.st.norms[s.v0:s.v0+s.nv])
}

func rayCircle(p, q, c vec, r float64) (float64, vec, bool) {
	d, m := q.sub(p), p.sub(c)
	cc := dot(m, m) - float64(r*r)
	if cc <= 0 {
		return 0, vec{}, false // starts inside
	}
	aa, bb := dot(d, d), dot(m, d)
	disc := float64(bb*bb) - float64(aa*cc)
	if bb >= 0 || disc < 0 {
		return 0, vec{}, false
	}
	t := (-bb - math.Sqrt(disc)) / aa
	if t < 0 || t > 1 {
		return 0, vec{}, false
	}
	n, _ := normalize(p.madd(d, t).sub(c))
	return t, n, true
}

// rayPolygon clips p→q against each edge's half plane (Cyrus–Beck).
func rayPolygon(p, q vec, vs, ns []vec) (float64, vec, bool) {
	d := q.sub(p)
	enter, exit, edge := math.Inf(-1), math.Inf(1), -1
	for i := range vs {
		num := dot(ns[i], vs[i].sub(p)) // >= 0: p is inside this edge
		den := dot(ns[i], d)
		switch {
		case den == 0:
			if num < 0 {
				return 0, vec{}, false
			}
		case den < 0: // entering
			if t := num / den; t > enter {
				enter, edge = t, i
			}
		default:
			exit = min(exit, num/den)
		}
	}
	if edge < 0 || enter < 0 || enter > exit || enter > 1 {
		return 0, vec{}, false
	}
	return enter, ns[edge], true
}

// rayCapsule casts at the segment ab rounded by r: its two sides and two
// end caps.
func rayCapsule(p, q, a, b vec, r float64) (float64, vec, bool) {
	if length(p.sub(closestOnSegment(a, b, p))) < r {
		return 0, vec{}, false
	}
	u, _ := normalize(b.sub(a))
	n := perp(u).neg()
	best, bn, ok := math.Inf(1), vec{}, false
	try := func(t float64, nn vec, hit bool) {
		if hit && t < best {
			best, bn, ok = t, nn, true
		}
	}
	for _, side := range [2]vec{n, n.neg()} {
		o := side.mul(r)
		try(raySide(p, q, a.add(o), b.add(o), side))
	}
	if r > 0 {
		try(rayCircle(p, q, a, r))
		try(rayCircle(p, q, b, r))
	}
	return best, bn, ok
}

// raySide crosses p→q with the segment ab from the side its normal n
// faces.
func raySide(p, q, a, b, n vec) (float64, vec, bool) {
	d := q.sub(p)
	den := dot(n, d)
	if den >= 0 {
		return 0, vec{}, false
	}
	t := dot(n, a.sub(p)) / den
	if t < 0 || t > 1 {
		return 0, vec{}, false
	}
	x := p.madd(d, t)
	e := b.sub(a)
	s := dot(x.sub(a), e)
	if s < 0 || s > dot(e, e) {
		return 0, vec{}, false
	}
	return t, n, true
}
