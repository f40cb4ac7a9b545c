//go:build box2d && cgo

package box2d

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

// Masses are worked out here rather than by Box2D's fixture densities:
// Box2D would weigh the outline it collides with (polygons less their
// skin, capsules as overlapping pieces), not the one the caller described.

// massOf describes a shape's mass for unit density: its area, centroid and
// squared radius of gyration about the centroid (moment per unit mass). A
// segment without radius has no area but keeps a thin rod's gyration, so a
// body of bare segments given a Mass still turns.
func massOf(s *physics.Shape) (a float64, c mgl64.Vec2, k2 float64) {
	switch s.Kind {
	case physics.Circle:
		return math.Pi * s.Radius * s.Radius, s.Offset, s.Radius * s.Radius / 2
	case physics.Box:
		h := s.Half
		return 4 * h[0] * h[1], s.Offset, (h[0]*h[0] + h[1]*h[1]) / 3
	case physics.Polygon:
		return polygonMass(s.Verts)
	}
	return capsuleMass(s.A, s.B, s.Radius)
}

// polygonMass sums the triangles fanned from the first vertex, in
// coordinates relative to it so that far-off polygons keep their precision.
func polygonMass(v []mgl64.Vec2) (a float64, c mgl64.Vec2, k2 float64) {
	o := v[0]
	var moment float64 // about o
	for i := 1; i+1 < len(v); i++ {
		p, q := v[i].Sub(o), v[i+1].Sub(o)
		t := (p[0]*q[1] - p[1]*q[0]) / 2
		a += t
		c = c.Add(p.Add(q).Mul(t / 3))
		moment += t * (p.Dot(p) + p.Dot(q) + q.Dot(q)) / 6
	}
	c = c.Mul(1 / a)
	return a, o.Add(c), moment/a - c.Dot(c)
}

// capsuleMass is a rectangle of length l and width 2r between two half
// discs.
func capsuleMass(p, q mgl64.Vec2, r float64) (a float64, c mgl64.Vec2, k2 float64) {
	l := q.Sub(p).Len()
	c = p.Add(q).Mul(0.5)
	if r == 0 {
		return 0, c, l * l / 12
	}
	rect := 2 * r * l
	half := math.Pi * r * r / 2
	d := 4 * r / (3 * math.Pi) // a half disc's centroid from its flat side
	moment := rect*(l*l+4*r*r)/12 + 2*(math.Pi*r*r*r*r/4-half*d*d+half*(l/2+d)*(l/2+d))
	a = rect + 2*half
	return a, c, moment / a
}

// bodyMass works out a dynamic body's mass, centre of mass (body
// coordinates) and moment about it, as physics.BodyDef describes: a given
// Mass sits at the body's origin, spread over the shapes by area for the
// moment; otherwise the shapes' Density gives both. A moment of 0 means the
// body does not rotate.
func (u units) bodyMass(d *physics.BodyDef, shapes []physics.Shape) (mass float64, centre mgl64.Vec2, moment float64, err error) {
	var total float64 // area
	for i := range shapes {
		a, _, _ := massOf(&shapes[i])
		total += a
	}
	if d.Mass > 0 {
		mass = d.Mass
		for i := range shapes {
			a, c, k2 := massOf(&shapes[i])
			m := mass / float64(len(shapes))
			if total > 0 {
				m = mass * a / total
			}
			moment += m * (k2 + c.Dot(c))
		}
	} else {
		var weighted mgl64.Vec2
		for i := range shapes {
			a, c, _ := massOf(&shapes[i])
			m := shapes[i].Density * a
			mass += m
			weighted = weighted.Add(c.Mul(m))
		}
		if !(mass >= check.MinPositive && mass <= check.Limit) {
			return 0, centre, 0, fmt.Errorf("mass from the shapes' Density × area is %v: %w; give a Mass, or shapes with Density and area that weigh %g to %g", mass, physics.ErrInvalid, check.MinPositive, float64(check.Limit))
		}
		centre = weighted.Mul(1 / mass)
		for i := range shapes {
			a, c, k2 := massOf(&shapes[i])
			m := shapes[i].Density * a
			moment += m * (k2 + c.Sub(centre).Dot(c.Sub(centre)))
		}
	}
	switch {
	case d.FixedRotation || math.IsInf(d.Moment, 1):
		moment = 0
	case d.Moment > 0:
		moment = d.Moment
	default:
		if err := u.Positive("moment computed from the shapes", moment, check.Inertia); err != nil {
			return 0, centre, 0, fmt.Errorf("%w; give a Moment", err)
		}
	}
	return mass, centre, moment, nil
}
