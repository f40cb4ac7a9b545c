package exact

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

// shape is one shape of a body. Boxes and polygons are hulls in
// state.verts; circles are a centre and a radius; segments two ends and a
// radius.
type shape struct {
	body   int32 // index in state.bodies
	def    physics.Shape
	filter physics.Filter // def.Filter resolved
	v0, nv int32          // polygon hull in state.verts and state.norms
	radius float64
	p0, p1 vec // circle centre (p0), segment ends, in body coordinates
	lo, hi vec // world bounding box, grown by the body's travel
}

// addShape appends the shape s (with hull, for polygons) to body bi.
func (w *World) addShape(bi int32, s *physics.Shape, hull []vec) {
	st := &w.st
	sh := shape{body: bi, def: *s, filter: s.Filter.Resolved(), v0: int32(len(st.verts))}
	sh.def.Verts = nil
	switch s.Kind {
	case physics.Box:
		o, h := v2(s.Offset), v2(s.Half)
		hull = []vec{{o.x - h.x, o.y - h.y}, {o.x + h.x, o.y - h.y}, {o.x + h.x, o.y + h.y}, {o.x - h.x, o.y + h.y}}
	case physics.Circle:
		sh.radius, sh.p0 = s.Radius, v2(s.Offset)
	case physics.Segment:
		sh.radius, sh.p0, sh.p1 = s.Radius, v2(s.A), v2(s.B)
		hull = []vec{sh.p0, sh.p1}
	}
	for i, v := range hull {
		n, _ := normalize(perp(hull[(i+1)%len(hull)].sub(v)).neg())
		st.verts = append(st.verts, v)
		st.norms = append(st.norms, n)
	}
	sh.nv = int32(len(hull))
	st.shapes = append(st.shapes, sh)
	st.order = append(st.order, int32(len(st.shapes)-1))
}

// hullOf returns the convex hull of verts, counter-clockwise from the
// lowest, leftmost point (Andrew's monotone chain), or an error if it
// encloses no area.
func hullOf(verts []mgl64.Vec2) ([]vec, error) {
	pts := make([]vec, len(verts))
	for i, v := range verts {
		pts[i] = v2(v)
	}
	slices.SortFunc(pts, func(a, b vec) int {
		switch {
		case a.x < b.x || (a.x == b.x && a.y < b.y):
			return -1
		case a == b:
			return 0
		}
		return 1
	})
	pts = slices.Compact(pts)
	hull := make([]vec, 0, 2*len(pts))
	turn := func(o, a, b vec) float64 { return cross(a.sub(o), b.sub(o)) }
	for _, p := range pts { // lower chain
		for len(hull) >= 2 && turn(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, p)
	}
	low := len(hull) + 1
	for i := len(pts) - 2; i >= 0; i-- { // upper chain
		p := pts[i]
		for len(hull) >= low && turn(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, p)
	}
	if len(hull) > 1 {
		hull = hull[:len(hull)-1]
	}
	if len(hull) < 3 || polyArea(hull) <= 0 {
		return nil, fmt.Errorf("%s enclose no area: %w; use a Segment for a line", check.Points(verts), physics.ErrInvalid)
	}
	return slices.Clip(hull), nil
}

func gvs(vs []vec) []mgl64.Vec2 {
	out := make([]mgl64.Vec2, len(vs))
	for i, v := range vs {
		out[i] = gv(v)
	}
	return out
}

// polyArea is the area of a counter-clockwise polygon.
func polyArea(p []vec) float64 {
	var s float64
	for i := 1; i+1 < len(p); i++ {
		s += cross(p[i].sub(p[0]), p[i+1].sub(p[0]))
	}
	return s / 2
}

// areaOf returns a shape's area and centroid in body coordinates.
func areaOf(s *physics.Shape, hull []vec) (float64, vec) {
	switch s.Kind {
	case physics.Circle:
		return float64(math.Pi * float64(s.Radius*s.Radius)), v2(s.Offset)
	case physics.Box:
		return float64(float64(4*s.Half[0]) * s.Half[1]), v2(s.Offset)
	case physics.Segment:
		a, b := v2(s.A), v2(s.B)
		r := s.Radius
		return float64(float64(2*r)*length(b.sub(a))) + float64(math.Pi*float64(r*r)), a.add(b).mul(0.5)
	}
	var area float64
	var c vec
	for i := 1; i+1 < len(hull); i++ {
		p, q := hull[i].sub(hull[0]), hull[i+1].sub(hull[0])
		a := float64(cross(p, q) / 2)
		area += a
		c = c.madd(p.add(q), a/3)
	}
	return area, hull[0].add(vec{c.x / area, c.y / area})
}

// momentOf returns the moment of a shape of mass m about the point about,
// in body coordinates.
func momentOf(s *physics.Shape, hull []vec, m float64, about vec) float64 {
	_, c := areaOf(s, hull)
	d := c.sub(about)
	shift := float64(m * dot(d, d))
	switch s.Kind {
	case physics.Circle:
		return float64(float64(m*s.Radius)*s.Radius)/2 + shift
	case physics.Box:
		w, h := float64(2*s.Half[0]), float64(2*s.Half[1])
		return float64(m*(float64(w*w)+float64(h*h)))/12 + shift
	case physics.Segment:
		l := length(v2(s.B).sub(v2(s.A)))
		r2 := float64(2 * s.Radius)
		return float64(m*(float64(l*l)+float64(r2*r2)))/12 + shift
	}
	// Triangle fan about the hull's first vertex: each triangle's moment
	// about that vertex, then moved to the centroid.
	var area, inertia float64
	for i := 1; i+1 < len(hull); i++ {
		p, q := hull[i].sub(hull[0]), hull[i+1].sub(hull[0])
		a := float64(cross(p, q) / 2)
		area += a
		inertia += float64(a*(dot(p, p)+dot(p, q)+dot(q, q))) / 6
	}
	rel := c.sub(hull[0])
	density := m / area
	return float64(density*inertia) - float64(m*dot(rel, rel)) + shift
}

// extentOf is the farthest any point of b's shapes is from its centre of
// gravity, to bound how far a turn moves them.
func (w *World) extentOf(b *body) float64 {
	var e float64
	for i := b.shape0; i < b.shape0+b.nshapes; i++ {
		s := &w.st.shapes[i]
		switch s.def.Kind {
		case physics.Circle:
			e = max(e, length(s.p0.sub(b.local))+s.radius)
		default:
			for _, v := range w.st.verts[s.v0 : s.v0+s.nv] {
				e = max(e, length(v.sub(b.local))+s.radius)
			}
		}
	}
	return e
}

// bounds sets every shape's world bounding box, grown by how far its body
// may travel in a step of h and by the speculative margin.
func (w *World) bounds(h float64) {
	st := &w.st
	for i := range st.shapes {
		s := &st.shapes[i]
		b := &st.bodies[s.body]
		lo, hi := w.shapeBox(s, b)
		m := speculative
		if b.kind != physics.Static {
			m += float64(h * (length(b.v) + float64(math.Abs(b.w)*b.extent)))
		}
		s.lo, s.hi = lo.sub(vec{m, m}), hi.add(vec{m, m})
	}
}

// shapeBox is the exact bounding box of s on b where b is now.
func (w *World) shapeBox(s *shape, b *body) (vec, vec) {
	r := vec{s.radius, s.radius}
	if s.def.Kind == physics.Circle {
		c := transform(b.pos, b.rot, s.p0)
		return c.sub(r), c.add(r)
	}
	vs := w.st.verts[s.v0 : s.v0+s.nv]
	lo := transform(b.pos, b.rot, vs[0])
	hi := lo
	for _, v := range vs[1:] {
		p := transform(b.pos, b.rot, v)
		lo, hi = vmin(lo, p), vmax(hi, p)
	}
	return lo.sub(r), hi.add(r)
}
