//go:build box2d && cgo

package box2d

// #include "shim.h"
import "C"

import (
	"fmt"
	"unsafe"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

// Queries test the outline Box2D collides with, computed by the shim in
// double precision: a polygon's core plus Box2D's skin (the outline given,
// corners rounded by 1 cm), a thin segment as an edge with the skin's
// radius. Box2D's own shape ray casts ignore the skin; the shim does not.

// BodyAt returns the body with a non-sensor shape nearest to p, within
// radius of it (0: p must be inside the shape), and whether there is one; a
// point inside several shapes is at distance 0 from each, and ties go to the
// lower ID. Pass dynamicOnly to skip walls and platforms, as a mouse grab
// wants.
func (w *World) BodyAt(p mgl64.Vec2, radius float64, dynamicOnly bool) (physics.BodyID, bool, error) {
	if err := w.enter("body at point"); err != nil {
		return 0, false, err
	}
	defer w.leave()
	if w.c == nil {
		return 0, false, errClosed("body at point")
	}
	if err := w.u.Vec("point", p); err != nil {
		return 0, false, fmt.Errorf("box2d: body at point: %w", err)
	}
	if err := w.u.NonNegative("radius", radius, check.Length); err != nil {
		return 0, false, fmt.Errorf("box2d: body at point: %w", err)
	}
	dyn := 0
	if dynamicOnly {
		dyn = 1
	}
	f := C.lsBodyAt(w.c, C.double(p[0]), C.double(p[1]), C.double(radius), C.int(dyn))
	return physics.BodyID(f.body), f.found != 0, nil
}

// QueryPoint appends to dst[:0] the bodies with a non-sensor shape that
// contains p (its outline included) and passes f, in ascending ID order.
func (w *World) QueryPoint(p mgl64.Vec2, f physics.Filter, dst []physics.BodyID) ([]physics.BodyID, error) {
	if err := w.enter("query point"); err != nil {
		return dst[:0], err
	}
	defer w.leave()
	if err := w.checkQuery("query point", f); err != nil {
		return dst[:0], err
	}
	if err := w.u.Vec("point", p); err != nil {
		return dst[:0], fmt.Errorf("box2d: query point: %w", err)
	}
	n := C.lsQueryPoint(w.c, C.double(p[0]), C.double(p[1]), cFilter(f))
	return w.found(dst, int(n)), nil
}

// QueryBox appends to dst[:0] the bodies with a non-sensor shape that
// overlaps the axis-aligned box with corners lo and hi (exactly, not by
// bounding box) and passes f, in ascending ID order. lo and hi may be any
// two opposite corners.
func (w *World) QueryBox(lo, hi mgl64.Vec2, f physics.Filter, dst []physics.BodyID) ([]physics.BodyID, error) {
	if err := w.enter("query box"); err != nil {
		return dst[:0], err
	}
	defer w.leave()
	if err := w.checkQuery("query box", f); err != nil {
		return dst[:0], err
	}
	if err := w.u.Vec("corner lo", lo); err != nil {
		return dst[:0], fmt.Errorf("box2d: query box: %w", err)
	}
	if err := w.u.Vec("corner hi", hi); err != nil {
		return dst[:0], fmt.Errorf("box2d: query box: %w", err)
	}
	lo, hi = mgl64.Vec2{min(lo[0], hi[0]), min(lo[1], hi[1])}, mgl64.Vec2{max(lo[0], hi[0]), max(lo[1], hi[1])}
	n := C.lsQueryBox(w.c, C.double(lo[0]), C.double(lo[1]), C.double(hi[0]), C.double(hi[1]), cFilter(f))
	return w.found(dst, int(n)), nil
}

// RayCast returns where the segment from a to b first enters a non-sensor
// shape passing f, and whether it does. A ray starting inside a shape does
// not hit it, and a ray of no length hits nothing. Of shapes hit at the same
// fraction, the lower body ID wins.
func (w *World) RayCast(a, b mgl64.Vec2, f physics.Filter) (physics.RayHit, bool, error) {
	if err := w.enter("ray cast"); err != nil {
		return physics.RayHit{}, false, err
	}
	defer w.leave()
	if err := w.checkQuery("ray cast", f); err != nil {
		return physics.RayHit{}, false, err
	}
	if err := w.u.Vec("start", a); err != nil {
		return physics.RayHit{}, false, fmt.Errorf("box2d: ray cast: %w", err)
	}
	if err := w.u.Vec("end", b); err != nil {
		return physics.RayHit{}, false, fmt.Errorf("box2d: ray cast: %w", err)
	}
	h := C.lsRayCast(w.c, C.double(a[0]), C.double(a[1]), C.double(b[0]), C.double(b[1]), cFilter(f))
	if h.hit == 0 {
		return physics.RayHit{}, false, nil
	}
	return physics.RayHit{
		Body:     physics.BodyID(h.body),
		Point:    mgl64.Vec2{float64(h.px), float64(h.py)},
		Normal:   mgl64.Vec2{float64(h.nx), float64(h.ny)},
		Fraction: float64(h.fraction),
	}, true, nil
}

func (w *World) checkQuery(op string, f physics.Filter) error {
	if w.c == nil {
		return errClosed(op)
	}
	if err := f.Validate(); err != nil {
		return fmt.Errorf("box2d: %s: %w", op, err)
	}
	return nil
}

// found appends the n body IDs the shim's last query left to dst[:0].
func (w *World) found(dst []physics.BodyID, n int) []physics.BodyID {
	dst = dst[:0]
	if n == 0 {
		return dst
	}
	for _, id := range unsafe.Slice((*uint32)(unsafe.Pointer(C.lsFoundIDs(w.c))), n) {
		dst = append(dst, physics.BodyID(id))
	}
	return dst
}
