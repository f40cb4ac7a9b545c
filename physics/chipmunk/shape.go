package chipmunk

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

// hullOf returns the convex hull of verts, counter-clockwise, or an error if
// it encloses no area.
func hullOf(verts []mgl64.Vec2) ([]mgl64.Vec2, error) {
	cv := make([]cp.Vector, len(verts))
	for i, v := range verts {
		cv[i] = vec(v)
	}
	n := cp.ConvexHull(len(cv), cv, nil, 0)
	if n < 3 || cp.AreaForPoly(n, cv, 0) <= 0 {
		return nil, fmt.Errorf("%s enclose no area: %w; use a Segment for a line", check.Points(verts), physics.ErrInvalid)
	}
	hull := make([]mgl64.Vec2, n)
	for i := range hull {
		hull[i] = gvec(cv[i])
	}
	return hull, nil
}

// newShape makes the cp shape for a checked definition (polygons already
// hulled). Friction and restitution of a pair are the products of both
// shapes' values, cp's own rule. A polygon is not rounded: Radius belongs
// to circles and segments.
func newShape(b *cp.Body, s *physics.Shape) *cp.Shape {
	var c *cp.Shape
	switch s.Kind {
	case physics.Circle:
		c = cp.NewCircle(b, s.Radius, vec(s.Offset))
	case physics.Box:
		o, h := s.Offset, s.Half
		c = cp.NewBox2(b, cp.BB{L: o[0] - h[0], B: o[1] - h[1], R: o[0] + h[0], T: o[1] + h[1]}, 0)
	case physics.Polygon:
		c = cp.NewPolyShapeRaw(b, len(s.Verts), cpVerts(s.Verts), 0)
	case physics.Segment:
		c = cp.NewSegment(b, vec(s.A), vec(s.B), s.Radius)
	}
	c.SetFriction(s.Friction)
	c.SetElasticity(s.Restitution)
	c.Filter = cpFilter(s.Filter)
	if s.Sensor {
		c.SetSensor(true)
		// Sensor pairs never reach the arbiter lists reportContacts
		// walks; a handler for this type records them (see contactLog).
		c.SetCollisionType(sensorType)
	}
	return c
}

// sensorType is the cp collision type of sensor shapes; others keep 0.
const sensorType cp.CollisionType = 1

// cpFilter turns a checked filter into cp's, which rejects a pair on the
// same rule: a shared non-zero group, or categories outside a mask.
func cpFilter(f physics.Filter) cp.ShapeFilter {
	f = f.Resolved()
	return cp.ShapeFilter{Group: uint(f.Group), Categories: uint(f.Categories), Mask: uint(f.Mask)}
}

func cpVerts(vs []mgl64.Vec2) []cp.Vector {
	cv := make([]cp.Vector, len(vs))
	for i, v := range vs {
		cv[i] = vec(v)
	}
	return cv
}

// momentOf spreads mass over the shapes in proportion to their area (evenly
// when none has area, as with bare segments) and sums their moments.
func momentOf(mass float64, shapes []physics.Shape) float64 {
	areas := make([]float64, len(shapes))
	var total float64
	for i := range shapes {
		areas[i] = areaOf(&shapes[i])
		total += areas[i]
	}
	var moment float64
	for i := range shapes {
		m := mass / float64(len(shapes))
		if total > 0 {
			m = mass * (areas[i] / total) // exactly mass for one shape
		}
		moment += momentOfShape(m, &shapes[i])
	}
	return moment
}

// massOf is the mass the shapes' densities give.
func massOf(shapes []physics.Shape) float64 {
	var m float64
	for i := range shapes {
		m += shapes[i].Density * areaOf(&shapes[i])
	}
	return m
}

func areaOf(s *physics.Shape) float64 {
	switch s.Kind {
	case physics.Circle:
		return cp.AreaForCircle(0, s.Radius)
	case physics.Box:
		return 4 * s.Half[0] * s.Half[1]
	case physics.Polygon:
		return cp.AreaForPoly(len(s.Verts), cpVerts(s.Verts), 0)
	case physics.Segment:
		return cp.AreaForSegment(vec(s.A), vec(s.B), s.Radius)
	}
	return 0
}

func momentOfShape(m float64, s *physics.Shape) float64 {
	switch s.Kind {
	case physics.Circle:
		return cp.MomentForCircle(m, 0, s.Radius, vec(s.Offset))
	case physics.Box:
		o, h := s.Offset, s.Half
		return cp.MomentForBox2(m, cp.BB{L: o[0] - h[0], B: o[1] - h[1], R: o[0] + h[0], T: o[1] + h[1]})
	case physics.Polygon:
		return cp.MomentForPoly(m, len(s.Verts), cpVerts(s.Verts), cp.Vector{}, 0)
	case physics.Segment:
		return cp.MomentForSegment(m, vec(s.A), vec(s.B), s.Radius)
	}
	return 0
}
