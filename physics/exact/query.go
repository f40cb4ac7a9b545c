package exact

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

// Queries walk every shape in ID order: they are not on the step's path,
// and a walk keeps their answers in the order the API promises.

// queryable reports whether a query with filter f sees shape s.
func queryable(s *shape, f physics.Filter) bool {
	return !s.def.Sensor && f.Collides(s.def.Filter)
}

// local is world point p in the coordinates of s's body.
func (w *World) local(s *shape, p vec) vec {
	b := &w.st.bodies[s.body]
	return b.rot.inv(p.sub(b.pos))
}

// distance is how far body-local point p is outside s (0 inside).
func (w *World) distance(s *shape, p vec) float64 {
	switch s.def.Kind {
	case physics.Circle:
		return max(0, length(p.sub(s.p0))-s.radius)
	case physics.Segment:
		return max(0, length(p.sub(closestOnSegment(s.p0, s.p1, p)))-s.radius)
	}
	vs, ns := w.st.verts[s.v0:s.v0+s.nv], w.st.norms[s.v0:s.v0+s.nv]
	inside := true
	for i := range vs {
		if dot(ns[i], p.sub(vs[i])) > 0 {
			inside = false
		}
	}
	if inside {
		return 0
	}
	d := math.Inf(1)
	for i := range vs {
		d = min(d, length(p.sub(closestOnSegment(vs[i], vs[(i+1)%len(vs)], p))))
	}
	return d
}

// QueryPoint returns the bodies with a shape containing p, in ID order.
func (w *World) QueryPoint(p mgl64.Vec2, f physics.Filter, dst []physics.BodyID) ([]physics.BodyID, error) {
	if err := w.queryArgs("query point", f, p); err != nil {
		return nil, err
	}
	dst = dst[:0]
	for i := range w.st.shapes {
		s := &w.st.shapes[i]
		if queryable(s, f) && w.distance(s, w.local(s, v2(p))) == 0 {
			dst = appendBody(dst, w.st.bodies[s.body].id)
		}
	}
	return dst, nil
}

// appendBody appends id unless it is already last: shapes come grouped by
// body.
func appendBody(dst []physics.BodyID, id physics.BodyID) []physics.BodyID {
	if len(dst) > 0 && dst[len(dst)-1] == id {
		return dst
	}
	return append(dst, id)
}

func (w *World) queryArgs(op string, f physics.Filter, pts ...mgl64.Vec2) error {
	if err := w.usable(op); err != nil {
		return err
	}
	if err := f.Validate(); err != nil {
		return fmt.Errorf("exact: %s: %w", op, err)
	}
	for _, p := range pts {
		if err := w.rng.Vec("point", p); err != nil {
			return fmt.Errorf("exact: %s: %w", op, err)
		}
	}
	return nil
}

// QueryBox returns the bodies with a shape overlapping the box with
// corners lo and hi, in ID order.
func (w *World) QueryBox(lo, hi mgl64.Vec2, f physics.Filter, dst []physics.BodyID) ([]physics.BodyID, error) {
	if err := w.queryArgs("query box", f, lo, hi); err != nil {
		return nil, err
	}
	l, h := vmin(v2(lo), v2(hi)), vmax(v2(lo), v2(hi))
	dst = dst[:0]
	for i := range w.st.shapes {
		s := &w.st.shapes[i]
		if queryable(s, f) && w.overlapsBox(s, l, h) {
			dst = appendBody(dst, w.st.bodies[s.body].id)
		}
	}
	return dst, nil
}

// overlapsBox reports whether s overlaps the world box [lo, hi], exactly.
func (w *World) overlapsBox(s *shape, lo, hi vec) bool {
	b := &w.st.bodies[s.body]
	slo, shi := w.shapeBox(s, b)
	if slo.x > hi.x || slo.y > hi.y || shi.x < lo.x || shi.y < lo.y {
		return false
	}
	switch s.def.Kind {
	case physics.Circle:
		c := transform(b.pos, b.rot, s.p0)
		return length(c.sub(vmax(lo, vmin(c, hi)))) <= s.radius
	case physics.Segment:
		return segBoxDistance(transform(b.pos, b.rot, s.p0), transform(b.pos, b.rot, s.p1), lo, hi) <= s.radius
	}
	// Separating axes: the box's (its bounds, tested above) and the
	// polygon's normals.
	vs, ns := w.st.verts[s.v0:s.v0+s.nv], w.st.norms[s.v0:s.v0+s.nv]
	corners := [4]vec{lo, {hi.x, lo.y}, hi, {lo.x, hi.y}}
	for i := range vs {
		n, v := b.rot.apply(ns[i]), transform(b.pos, b.rot, vs[i])
		least := math.Inf(1)
		for _, c := range corners {
			least = min(least, dot(n, c.sub(v)))
		}
		if least > 0 {
			return false
		}
	}
	return true
}

// segBoxDistance is the distance between segment pq and box [lo, hi].
func segBoxDistance(p, q, lo, hi vec) float64 {
	if segHitsBox(p, q, lo, hi) {
		return 0
	}
	d := math.Inf(1)
	for _, e := range [2]vec{p, q} {
		d = min(d, length(e.sub(vmax(lo, vmin(e, hi)))))
	}
	for _, c := range [4]vec{lo, {hi.x, lo.y}, hi, {lo.x, hi.y}} {
		d = min(d, length(c.sub(closestOnSegment(p, q, c))))
	}
	return d
}

// segHitsBox reports whether segment pq crosses box [lo, hi] (slab
// clipping).
func segHitsBox(p, q, lo, hi vec) bool {
	t0, t1 := 0.0, 1.0
	d := q.sub(p)
	for _, ax := range [2][3]float64{{p.x, d.x, 0}, {p.y, d.y, 1}} {
		l, h := lo.x, hi.x
		if ax[2] == 1 {
			l, h = lo.y, hi.y
		}
		if ax[1] == 0 {
			if ax[0] < l || ax[0] > h {
				return false
			}
			continue
		}
		a, b := (l-ax[0])/ax[1], (h-ax[0])/ax[1]
		t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
	}
	return t0 <= t1
}

// BodyAt returns the body with a shape nearest to p within radius.
func (w *World) BodyAt(p mgl64.Vec2, radius float64, dynamicOnly bool) (physics.BodyID, bool, error) {
	if err := w.queryArgs("body at", physics.Filter{}, p); err != nil {
		return 0, false, err
	}
	if err := check.Finite("radius", radius); err != nil {
		return 0, false, fmt.Errorf("exact: body at: %w", err)
	}
	if err := w.rng.NonNegative("radius", radius, check.Length); err != nil {
		return 0, false, fmt.Errorf("exact: body at: %w", err)
	}
	best, found := math.Inf(1), physics.BodyID(0)
	for i := range w.st.shapes {
		s := &w.st.shapes[i]
		b := &w.st.bodies[s.body]
		if s.def.Sensor || (dynamicOnly && b.kind != physics.Dynamic) {
			continue
		}
		if d := w.distance(s, w.local(s, v2(p))); d <= radius && d < best {
			best, found = d, b.id
		}
	}
	return found, found != 0, nil
}
