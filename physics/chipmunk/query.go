package chipmunk

import (
	"fmt"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

// queryState holds cp's query callbacks, made once as method values so a
// query makes no closure, and what they gather. cp's queries allocate
// inside cp all the same: on a pile of 1,000 bodies QueryPoint made 5
// allocations, BodyAt 9, a ray across the pile 8 and a 2×2 QueryBox 56,
// most for cp's collision test of each candidate (BenchmarkQueries).
type queryState struct {
	nearFn  func(*cp.Shape, any)
	pointFn func(*cp.Shape, any)
	boxFn   func(*cp.Shape, *cp.ContactPointSet)
	rayFn   func(*cp.Shape, cp.Vector, cp.Vector, float64, any)

	p   cp.Vector        // the point of BodyAt and QueryPoint, the start of RayCast
	ids []physics.BodyID // QueryPoint's and QueryBox's results

	// BodyAt
	best        *body
	bestDist    float64
	dynamicOnly bool

	// QueryBox tests candidates against this box, on a body outside the
	// space that stays at the origin.
	box *cp.Shape

	// RayCast
	hit      *body
	hitInfo  cp.SegmentQueryInfo
	hitFound bool
}

func (q *queryState) start(w *World) {
	q.nearFn = w.nearShape
	q.pointFn = w.pointShape
	q.boxFn = w.boxShape
	q.rayFn = w.rayShape
	q.box = cp.NewBox2(cp.NewStaticBody(), cp.BB{R: 1, T: 1}, 0)
}

// BodyAt returns the body with a shape nearest to p, within radius of it
// (0: p must be inside the shape), and whether there is one; ties go to
// the lower ID. Pass dynamicOnly to skip walls and platforms, as a mouse
// grab wants. Sensors are not found.
func (w *World) BodyAt(p mgl64.Vec2, radius float64, dynamicOnly bool) (physics.BodyID, bool, error) {
	if err := w.usable("body at point"); err != nil {
		return 0, false, err
	}
	if err := w.rng.Vec("point", p); err != nil {
		return 0, false, fmt.Errorf("chipmunk: body at point: %w", err)
	}
	if err := w.rng.NonNegative("radius", radius, check.Length); err != nil {
		return 0, false, fmt.Errorf("chipmunk: body at point: %w", err)
	}
	q := &w.query
	q.p, q.best, q.bestDist, q.dynamicOnly = vec(p), nil, radius, dynamicOnly
	w.space.BBQuery(cp.NewBBForCircle(q.p, radius), cp.SHAPE_FILTER_ALL, q.nearFn, nil)
	best := q.best
	q.best = nil
	if best == nil {
		return 0, false, nil
	}
	return best.id, true, nil
}

func (w *World) nearShape(s *cp.Shape, _ any) {
	q := &w.query
	b, _ := s.Body().UserData.(*body)
	if b == nil || s.Sensor() || (q.dynamicOnly && b.kind != physics.Dynamic) {
		return
	}
	d := s.PointQuery(q.p).Distance
	if d <= q.bestDist && (q.best == nil || d < q.bestDist || b.id < q.best.id) {
		q.best, q.bestDist = b, d
	}
}

// QueryPoint appends to dst[:0] the bodies with a shape containing p (its
// outline included), in ascending ID order, each once. Sensors and shapes
// f does not collide with are left out.
func (w *World) QueryPoint(p mgl64.Vec2, f physics.Filter, dst []physics.BodyID) ([]physics.BodyID, error) {
	if err := w.usable("query point"); err != nil {
		return dst[:0], err
	}
	if err := w.rng.Vec("point", p); err != nil {
		return dst[:0], fmt.Errorf("chipmunk: query point: %w", err)
	}
	if err := f.Validate(); err != nil {
		return dst[:0], fmt.Errorf("chipmunk: query point: %w", err)
	}
	q := &w.query
	q.p, q.ids = vec(p), dst[:0]
	w.space.BBQuery(cp.NewBBForCircle(q.p, 0), cpFilter(f), q.pointFn, nil)
	return q.results(), nil
}

func (w *World) pointShape(s *cp.Shape, _ any) {
	q := &w.query
	if b, _ := s.Body().UserData.(*body); b != nil && !s.Sensor() && s.PointQuery(q.p).Distance <= 0 {
		q.ids = append(q.ids, b.id)
	}
}

// QueryBox appends to dst[:0] the bodies with a shape overlapping the
// axis-aligned box from lo to hi, in ascending ID order, each once. The
// test is cp's own collision test against the box, so a shape counts
// when its outline reaches the box, not merely its bounding box. Sensors
// and shapes f does not collide with are left out. lo and hi may be any
// two opposite corners, as in Box2D.
func (w *World) QueryBox(lo, hi mgl64.Vec2, f physics.Filter, dst []physics.BodyID) ([]physics.BodyID, error) {
	if err := w.usable("query box"); err != nil {
		return dst[:0], err
	}
	if err := w.rng.Vec("corner lo", lo); err != nil {
		return dst[:0], fmt.Errorf("chipmunk: query box: %w", err)
	}
	if err := w.rng.Vec("corner hi", hi); err != nil {
		return dst[:0], fmt.Errorf("chipmunk: query box: %w", err)
	}
	lo, hi = mgl64.Vec2{min(lo[0], hi[0]), min(lo[1], hi[1])}, mgl64.Vec2{max(lo[0], hi[0]), max(lo[1], hi[1])}
	if err := f.Validate(); err != nil {
		return dst[:0], fmt.Errorf("chipmunk: query box: %w", err)
	}
	q := &w.query
	q.ids = dst[:0]
	q.box.Class.(*cp.PolyShape).SetVerts(4, []cp.Vector{{X: hi[0], Y: lo[1]}, {X: hi[0], Y: hi[1]}, {X: lo[0], Y: hi[1]}, {X: lo[0], Y: lo[1]}})
	q.box.Filter = cpFilter(f)
	w.space.ShapeQuery(q.box, q.boxFn)
	return q.results(), nil
}

func (w *World) boxShape(s *cp.Shape, _ *cp.ContactPointSet) {
	q := &w.query
	if b, _ := s.Body().UserData.(*body); b != nil && !s.Sensor() {
		q.ids = append(q.ids, b.id)
	}
}

// results sorts and deduplicates what a query gathered and hands it over.
func (q *queryState) results() []physics.BodyID {
	ids := q.ids
	q.ids = nil
	slices.Sort(ids)
	return slices.Compact(ids)
}

// RayCast returns the first shape the segment from a to b crosses, and
// whether there is one. A ray starting inside or on a shape does not hit
// it, and a ray of no length hits nothing; sensors and shapes f does not
// collide with are not hit.
func (w *World) RayCast(a, b mgl64.Vec2, f physics.Filter) (physics.RayHit, bool, error) {
	if err := w.usable("ray cast"); err != nil {
		return physics.RayHit{}, false, err
	}
	if err := w.rng.Vec("start", a); err != nil {
		return physics.RayHit{}, false, fmt.Errorf("chipmunk: ray cast: %w", err)
	}
	if err := w.rng.Vec("end", b); err != nil {
		return physics.RayHit{}, false, fmt.Errorf("chipmunk: ray cast: %w", err)
	}
	if err := f.Validate(); err != nil {
		return physics.RayHit{}, false, fmt.Errorf("chipmunk: ray cast: %w", err)
	}
	if a == b {
		// cp would divide by the length; a ray of none crosses nothing.
		return physics.RayHit{}, false, nil
	}
	// cp's first-hit query prunes everything beyond its best hit so far,
	// so it visits few shapes; but a ray starting inside a shape makes
	// that shape its hit at fraction 0. Only then is every shape along the
	// ray visited, leaving out the ones the ray starts in.
	info := w.space.SegmentQueryFirst(vec(a), vec(b), 0, cpFilter(f))
	if info.Shape == nil {
		return physics.RayHit{}, false, nil
	}
	if info.Alpha == 0 {
		q := &w.query
		q.p, q.hit, q.hitFound = vec(a), nil, false
		w.space.SegmentQuery(q.p, vec(b), 0, cpFilter(f), q.rayFn, nil)
		info, q.hit, q.hitInfo = q.hitInfo, nil, cp.SegmentQueryInfo{}
		if !q.hitFound {
			return physics.RayHit{}, false, nil
		}
	}
	hb, _ := info.Shape.Body().UserData.(*body)
	return physics.RayHit{Body: hb.id, Point: gvec(info.Point), Normal: gvec(info.Normal), Fraction: info.Alpha}, true, nil
}

// rayShape keeps the nearest hit of a ray that starts inside a shape. cp
// reports such a ray as a hit at fraction exactly 0 (and only such a ray);
// Box2D and the API do not count it.
func (w *World) rayShape(s *cp.Shape, point, normal cp.Vector, alpha float64, _ any) {
	q := &w.query
	b, _ := s.Body().UserData.(*body)
	if b == nil || s.Sensor() || alpha == 0 {
		return
	}
	if q.hitFound && alpha >= q.hitInfo.Alpha {
		return
	}
	q.hit, q.hitFound = b, true
	q.hitInfo = cp.SegmentQueryInfo{Shape: s, Point: point, Normal: normal, Alpha: alpha}
}
