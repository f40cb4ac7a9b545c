//go:build box2d && cgo

package box2d

// #include "shim.h"
import "C"

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

// Box2D's geometry constants (b2_common.h, b2_settings.h), which its
// assertions and its collision outline depend on, in its meters: units
// gives them in world units. They come from shim.h, whose values shim.cpp
// asserts at compile time are Box2D's own.
const (
	// linearSlop is Box2D's collision tolerance. Polygon points closer
	// than half of it are welded; we keep them a whole one apart.
	linearSlop = C.LS_LINEAR_SLOP
	// skin is the radius Box2D rounds every polygon and edge by. We take
	// it off a polygon's outline before handing it over, so what Box2D
	// collides with is the outline the caller gave (with corners rounded
	// by 1 cm) rather than one 1 cm larger.
	skin = C.LS_POLYGON_RADIUS
	// maxVertices is the most points a Box2D polygon holds; larger convex
	// polygons are split into fans of pieces this size.
	maxVertices = C.LS_MAX_POLYGON_VERTICES
	// minCapsule is the thinnest rounded segment built as a capsule
	// (a rectangle between two circles); thinner segments are Box2D edges,
	// which collide as if their radius were skin.
	minCapsule = skin + linearSlop/2
)

type pieceKind uint8

const (
	circlePiece pieceKind = iota + 1 // shim.h's lsCircle
	polygonPiece
	edgePiece
)

// piece is one Box2D fixture, part of a shape, in world units: the shim
// converts it to Box2D's.
type piece struct {
	kind   pieceKind
	n      int
	verts  [maxVertices]mgl64.Vec2 // polygon core, CCW; edge ends; circle centre
	radius float64                 // circles only
}

// piecesOf appends the fixtures that make up s (checked, polygons hulled)
// to dst.
func (u units) piecesOf(dst []piece, s *physics.Shape) ([]piece, error) {
	switch s.Kind {
	case physics.Circle:
		p := piece{kind: circlePiece, n: 1, radius: s.Radius}
		p.verts[0] = s.Offset
		return append(dst, p), nil
	case physics.Box:
		o, h := s.Offset, s.Half
		box := []mgl64.Vec2{{o[0] - h[0], o[1] - h[1]}, {o[0] + h[0], o[1] - h[1]}, {o[0] + h[0], o[1] + h[1]}, {o[0] - h[0], o[1] + h[1]}}
		return u.polygonPieces(dst, box)
	case physics.Polygon:
		return u.polygonPieces(dst, s.Verts)
	}
	return u.segmentPieces(dst, s)
}

// segmentPieces builds a segment: a Box2D edge when it is thinner than
// minCapsule, otherwise a capsule of a rectangle between two circles, which
// collides, casts rays and answers queries with its exact outline.
func (u units) segmentPieces(dst []piece, s *physics.Shape) ([]piece, error) {
	d := s.B.Sub(s.A)
	l := d.Len()
	if !(u.single(s.B).Sub(u.single(s.A)).Len() >= u.slop()) {
		return dst, fmt.Errorf("segment from %v to %v is %.3g long: %w; Box2D needs at least %.4g: use a Circle for a point", s.A, s.B, l, physics.ErrInvalid, u.slop())
	}
	if s.Radius < u.minCapsule() {
		p := piece{kind: edgePiece, n: 2}
		p.verts[0], p.verts[1] = s.A, s.B
		return append(dst, p), nil
	}
	n := mgl64.Vec2{-d[1], d[0]}.Mul((s.Radius - u.skin()) / l)
	rect := piece{kind: polygonPiece, n: 4}
	rect.verts[0], rect.verts[1], rect.verts[2], rect.verts[3] = s.A.Sub(n), s.B.Sub(n), s.B.Add(n), s.A.Add(n)
	a := piece{kind: circlePiece, n: 1, radius: s.Radius}
	a.verts[0] = s.A
	b := a
	b.verts[0] = s.B
	return append(dst, rect, a, b), nil
}

// polygonPieces insets the convex hull by Box2D's skin and splits it into
// fans of at most maxVertices points.
func (u units) polygonPieces(dst []piece, hull []mgl64.Vec2) ([]piece, error) {
	core, err := u.inset(hull, u.skin())
	if err != nil {
		return dst, err
	}
	// Fan from core[0]: pieces core[0], core[k..k+6] share a diagonal with
	// their neighbours; each is convex as a run of a convex polygon.
	for k := 1; k+1 < len(core); k += maxVertices - 2 {
		p := piece{kind: polygonPiece}
		p.verts[0] = core[0]
		p.n = 1 + copy(p.verts[1:], core[k:min(len(core), k+maxVertices-1)])
		if err := u.checkPiece(&p); err != nil {
			return dst, fmt.Errorf("polygon of %s: %w", check.Points(hull), err)
		}
		dst = append(dst, p)
	}
	return dst, nil
}

// checkPiece refuses a polygon piece that Box2D would weld into fewer than
// three points or find without area (both abort the process), with margin.
func (u units) checkPiece(p *piece) error {
	slop, skin := u.slop(), u.skin()
	for i := 0; i < p.n; i++ {
		for j := i + 1; j < p.n; j++ {
			if u.single(p.verts[i]).Sub(u.single(p.verts[j])).Len() < slop {
				return fmt.Errorf("it is too small or thin for Box2D: %w; its outline less Box2D's %.4g skin has points %v and %v closer than %.4g; make it at least %.4g across, or use a Circle or Segment",
					physics.ErrInvalid, skin, p.verts[i], p.verts[j], slop, 2*skin+slop)
			}
		}
	}
	if a := area(p.verts[:p.n]); !(a >= slop*slop) {
		return fmt.Errorf("it is too thin for Box2D: %w; its outline less Box2D's %.4g skin has area %.3g; make it at least %.4g across", physics.ErrInvalid, skin, a, 2*skin+slop)
	}
	return nil
}

// inset moves every edge of the counter-clockwise convex polygon hull
// inwards by r, or fails if an edge vanishes on the way.
func (u units) inset(hull []mgl64.Vec2, r float64) ([]mgl64.Vec2, error) {
	n := len(hull)
	normals := make([]mgl64.Vec2, n)
	for i := range hull {
		e := hull[(i+1)%n].Sub(hull[i])
		normals[i] = mgl64.Vec2{e[1], -e[0]}.Normalize()
	}
	core := make([]mgl64.Vec2, n)
	for i := range hull {
		// The point r inside both edges that meet at hull[i].
		a, b := normals[(i+n-1)%n], normals[i]
		core[i] = hull[i].Sub(a.Add(b).Mul(r / (1 + a.Dot(b))))
	}
	for i := range core {
		j := (i + 1) % n
		if core[j].Sub(core[i]).Dot(hull[j].Sub(hull[i])) <= 0 {
			return nil, fmt.Errorf("polygon of %s is too thin for Box2D: %w; less Box2D's %.4g skin, its side from %v to %v vanishes; make it at least %.4g across, or use a Segment",
				check.Points(hull), physics.ErrInvalid, r, hull[i], hull[j], 2*r+u.slop())
		}
	}
	return core, nil
}

// hullOf returns the convex hull of verts, counter-clockwise from the
// lowest of the leftmost points, without collinear points; or an error if
// it encloses no area.
func hullOf(verts []mgl64.Vec2) ([]mgl64.Vec2, error) {
	pts := slices.Clone(verts)
	slices.SortFunc(pts, func(a, b mgl64.Vec2) int {
		if c := cmp.Compare(a[0], b[0]); c != 0 {
			return c
		}
		return cmp.Compare(a[1], b[1])
	})
	pts = slices.Compact(pts)
	// Andrew's monotone chain: the lower hull left to right, then the
	// upper hull right to left, each keeping only left turns.
	hull := make([]mgl64.Vec2, 0, len(pts)+1)
	for pass := 0; pass < 2; pass++ {
		start := len(hull)
		for _, p := range pts {
			for len(hull) >= start+2 && cross(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
				hull = hull[:len(hull)-1]
			}
			hull = append(hull, p)
		}
		hull = hull[:len(hull)-1] // the last point starts the other half
		slices.Reverse(pts)
	}
	if len(hull) < 3 || !(area(hull) > 0) {
		return nil, fmt.Errorf("%s enclose no area: %w; use a Segment for a line", check.Points(verts), physics.ErrInvalid)
	}
	return slices.Clip(hull), nil
}

// cross is the z of (b-a)×(c-a): positive when a, b, c turn left.
func cross(a, b, c mgl64.Vec2) float64 {
	return (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
}

// area is the signed area of a polygon, positive counter-clockwise.
func area(p []mgl64.Vec2) float64 {
	var s float64
	for i := 1; i+1 < len(p); i++ {
		s += cross(p[0], p[i], p[i+1])
	}
	return s / 2
}
