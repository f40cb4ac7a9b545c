package chipmunk

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
)

// BodyAt returns the body with a shape nearest to p, within radius of it
// (0: p must be inside the shape), and whether there is one. Pass
// dynamicOnly to skip walls and platforms, as a mouse grab wants.
func (w *World) BodyAt(p mgl64.Vec2, radius float64, dynamicOnly bool) (physics.BodyID, bool, error) {
	if err := checkVec("point", p); err != nil {
		return 0, false, fmt.Errorf("chipmunk: body at point: %w", err)
	}
	if !(radius >= 0) {
		return 0, false, fmt.Errorf("chipmunk: body at point: radius is %v: %w; use a finite radius >= 0", radius, physics.ErrInvalid)
	}
	var best *body
	bestDist := radius
	bb := cp.NewBBForCircle(vec(p), radius)
	w.space.BBQuery(bb, cp.SHAPE_FILTER_ALL, func(s *cp.Shape, _ any) {
		b, _ := s.Body().UserData.(*body)
		if b == nil || (dynamicOnly && b.kind != physics.Dynamic) {
			return
		}
		d := s.PointQuery(vec(p)).Distance
		if d <= bestDist && (best == nil || d < bestDist || b.id < best.id) {
			best, bestDist = b, d
		}
	}, nil)
	if best == nil {
		return 0, false, nil
	}
	return best.id, true, nil
}
