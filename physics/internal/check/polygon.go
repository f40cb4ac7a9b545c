package check

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// Hull refuses a polygon's convex hull (counter-clockwise) with a side
// shorter than MinPositive meters or an area below MinPositive square
// meters: such a sliver has area in float64, but its normals and the
// inverse of its mass are noise, and a body touching it steps into NaN.
// verts is the outline given, for the message.
func (r Range) Hull(verts, hull []mgl64.Vec2) error {
	if a := area(hull); !(a >= r.Of(Inertia, MinPositive)) {
		return fmt.Errorf("%s enclose an area of %g: %w; a polygon needs at least %.4g (use a Segment for a line)", Points(verts), a, physics.ErrInvalid, r.Of(Inertia, MinPositive))
	}
	for i := range hull {
		a, b := hull[i], hull[(i+1)%len(hull)]
		if l := b.Sub(a).Len(); !(l >= r.Of(Length, MinPositive)) {
			return fmt.Errorf("%s have a hull side from (%g, %g) to (%g, %g) only %g long: %w; keep vertices at least %.4g apart", Points(verts), a[0], a[1], b[0], b[1], l, physics.ErrInvalid, r.Of(Length, MinPositive))
		}
	}
	return nil
}

// area is the signed area of a polygon, positive counter-clockwise.
func area(p []mgl64.Vec2) float64 {
	var s float64
	for i := 1; i+1 < len(p); i++ {
		a, b := p[i].Sub(p[0]), p[i+1].Sub(p[0])
		s += a[0]*b[1] - a[1]*b[0]
	}
	return s / 2
}

// maxListed is how many vertices an error message lists; beyond it,
// Points says how many there are and where, not which: a refused polygon
// of a million points once made a 41 MB message.
const maxListed = 8

// Points describes a polygon's vertices for an error message: "vertices
// [...]" when there are few, else their number and bounding box.
func Points(verts []mgl64.Vec2) string {
	if len(verts) <= maxListed {
		return fmt.Sprintf("vertices %v", verts)
	}
	lo := mgl64.Vec2{math.Inf(1), math.Inf(1)}
	hi := lo.Mul(-1)
	for _, v := range verts {
		lo = mgl64.Vec2{min(lo[0], v[0]), min(lo[1], v[1])}
		hi = mgl64.Vec2{max(hi[0], v[0]), max(hi[1], v[1])}
	}
	return fmt.Sprintf("%d vertices within (%g, %g) to (%g, %g)", len(verts), lo[0], lo[1], hi[0], hi[1])
}
