//go:build box2d && cgo

package box2d

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

func TestHullIsCounterClockwiseFromTheLowestLeftmostPoint(t *testing.T) {
	for _, tc := range []struct {
		name  string
		verts []mgl64.Vec2
		want  []mgl64.Vec2
	}{
		{"square in any order", []mgl64.Vec2{{1, 1}, {0, 0}, {0, 1}, {1, 0}}, []mgl64.Vec2{{0, 0}, {1, 0}, {1, 1}, {0, 1}}},
		{"inner point dropped", []mgl64.Vec2{{0, 0}, {2, 0}, {1, 0.5}, {2, 2}, {0, 2}}, []mgl64.Vec2{{0, 0}, {2, 0}, {2, 2}, {0, 2}}},
		{"collinear and repeated points dropped", []mgl64.Vec2{{0, 0}, {1, 0}, {2, 0}, {2, 0}, {1, 1}}, []mgl64.Vec2{{0, 0}, {2, 0}, {1, 1}}},
		{"clockwise triangle turned", []mgl64.Vec2{{0, 0}, {0, 1}, {1, 0}}, []mgl64.Vec2{{0, 0}, {1, 0}, {0, 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := hullOf(tc.verts)
			if err != nil || !slices.Equal(got, tc.want) {
				t.Errorf("hullOf(%v) = %v, %v; want %v", tc.verts, got, err, tc.want)
			}
		})
	}
	for _, flat := range [][]mgl64.Vec2{{{0, 0}, {1, 1}, {2, 2}}, {{1, 1}, {1, 1}, {1, 1}}, {{0, 0}, {1, 0}}} {
		if _, err := hullOf(flat); !errors.Is(err, physics.ErrInvalid) {
			t.Errorf("hullOf(%v): %v; want ErrInvalid", flat, err)
		}
	}
}

func TestInsetMovesEveryEdgeInByTheSkin(t *testing.T) {
	tri := []mgl64.Vec2{{0, 0}, {4, 0}, {0, 3}}
	core, err := units{check.Range{PerMeter: 1}}.inset(tri, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range tri {
		j := (i + 1) % len(tri)
		e := tri[j].Sub(tri[i])
		n := mgl64.Vec2{e[1], -e[0]}.Normalize()
		for _, p := range []mgl64.Vec2{core[i], core[j]} {
			if d := tri[i].Sub(p).Dot(n); math.Abs(d-0.1) > 1e-12 {
				t.Errorf("core point %v is %v inside edge %d, want 0.1", p, d, i)
			}
		}
	}
	if _, err := (units{check.Range{PerMeter: 1}}).inset([]mgl64.Vec2{{0, 0}, {1, 0}, {1, 0.015}, {0, 0.015}}, skin); !errors.Is(err, physics.ErrInvalid) {
		t.Errorf("a 1.5 cm thin box inset by the skin: %v; want ErrInvalid", err)
	}
}

func TestLargePolygonsAreSplitIntoFansOfEightPoints(t *testing.T) {
	for _, n := range []int{3, 8, 9, 14, 15, 40} {
		ring := make([]mgl64.Vec2, n)
		for i := range ring {
			a := 2 * math.Pi * float64(i) / float64(n)
			ring[i] = mgl64.Vec2{math.Cos(a), math.Sin(a)}
		}
		hull, err := hullOf(ring)
		if err != nil || len(hull) != n {
			t.Fatalf("%d-gon: hull of %d points, %v", n, len(hull), err)
		}
		pieces, err := units{check.Range{PerMeter: 1}}.polygonPieces(nil, hull)
		if err != nil {
			t.Fatalf("%d-gon: %v", n, err)
		}
		core, _ := units{check.Range{PerMeter: 1}}.inset(hull, skin)
		var sum float64
		corners := 0
		for _, p := range pieces {
			if p.n < 3 || p.n > maxVertices {
				t.Errorf("%d-gon: a piece of %d points", n, p.n)
			}
			sum += area(p.verts[:p.n])
			corners += p.n - 2 // triangles in the piece
		}
		if want := area(core); math.Abs(sum-want) > 1e-12 || corners != n-2 {
			t.Errorf("%d-gon: pieces cover %v of the core's %v in %d triangles, want %d", n, sum, want, corners, n-2)
		}
	}
}

func TestBodyMassFollowsTheBodyDef(t *testing.T) {
	box := physics.Shape{Kind: physics.Box, Half: mgl64.Vec2{1, 0.5}, Offset: mgl64.Vec2{2, 0}, Density: 3}
	tri := physics.Shape{Kind: physics.Polygon, Verts: []mgl64.Vec2{{0, 0}, {3, 0}, {0, 3}}, Density: 2}
	capsule := physics.Shape{Kind: physics.Segment, A: mgl64.Vec2{-1, 0}, B: mgl64.Vec2{1, 0}, Radius: 0.5, Density: 1}
	for _, tc := range []struct {
		name   string
		def    physics.BodyDef
		mass   float64
		centre mgl64.Vec2
		moment float64
	}{
		{"density: centroid and parallel axis", physics.BodyDef{Shapes: []physics.Shape{box}}, 6, mgl64.Vec2{2, 0}, 6 * (4 + 1) / 12.0},
		{"mass at the origin spreads by area", physics.BodyDef{Mass: 6, Shapes: []physics.Shape{box}}, 6, mgl64.Vec2{}, 6*(4+1)/12.0 + 6*4},
		// A triangle's moment about its centroid is m(a²+b²+c²)/36.
		{"triangle", physics.BodyDef{Shapes: []physics.Shape{tri}}, 9, mgl64.Vec2{1, 1}, 9 * (9 + 9 + 18) / 36.0},
		// A 2×1 rectangle between two half discs of radius 0.5: area
		// 2 + π/4; its moment is the rectangle's plus the discs'.
		{"capsule", physics.BodyDef{Shapes: []physics.Shape{capsule}}, 2 + math.Pi/4, mgl64.Vec2{}, capsuleMoment(2, 0.5)},
		{"given moment", physics.BodyDef{Moment: 7, Shapes: []physics.Shape{box}}, 6, mgl64.Vec2{2, 0}, 7},
		{"fixed rotation", physics.BodyDef{FixedRotation: true, Shapes: []physics.Shape{box}}, 6, mgl64.Vec2{2, 0}, 0},
		{"infinite moment", physics.BodyDef{Moment: math.Inf(1), Shapes: []physics.Shape{box}}, 6, mgl64.Vec2{2, 0}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, c, i, err := units{check.Range{PerMeter: 1}}.bodyMass(&tc.def, tc.def.Shapes)
			if err != nil || math.Abs(m-tc.mass) > 1e-12 || c.Sub(tc.centre).Len() > 1e-12 || math.Abs(i-tc.moment) > 1e-6*max(1, tc.moment) {
				t.Errorf("mass %v at %v, moment %v, %v; want %v at %v, %v", m, c, i, err, tc.mass, tc.centre, tc.moment)
			}
		})
	}
	if _, _, _, err := (units{check.Range{PerMeter: 1}}).bodyMass(&physics.BodyDef{}, []physics.Shape{{Kind: physics.Circle, Radius: 1}}); !errors.Is(err, physics.ErrInvalid) {
		t.Errorf("no mass and no density: %v; want ErrInvalid", err)
	}
}

// capsuleMoment integrates a capsule's moment about its centre numerically,
// for unit density: length l between the end centres, radius r.
func capsuleMoment(l, r float64) float64 {
	const steps = 100000
	var m float64
	h := (l + 2*r) / steps
	for i := range steps {
		x := -l/2 - r + (float64(i)+0.5)*h
		half := r // half height of the slice at x
		if d := math.Abs(x) - l/2; d > 0 {
			half = math.Sqrt(max(0, r*r-d*d))
		}
		// A slice of width h and height 2·half: x² + y² over it.
		m += h * (2*half*x*x + 2*half*half*half/3)
	}
	return m
}

func TestShapesBox2DCannotBuildAreRefused(t *testing.T) {
	for _, tc := range []struct {
		name  string
		shape physics.Shape
	}{
		{"box thinner than twice the skin", physics.BoxShape(1, 0.02)},
		{"polygon of 1 cm", physics.PolygonShape(mgl64.Vec2{0, 0}, mgl64.Vec2{0.01, 0}, mgl64.Vec2{0, 0.01})},
		{"sliver polygon", physics.PolygonShape(mgl64.Vec2{0, 0}, mgl64.Vec2{10, 0}, mgl64.Vec2{5, 0.001})},
		{"rounded box", physics.Shape{Kind: physics.Box, Half: mgl64.Vec2{1, 1}, Radius: 0.1}},
		{"rounded polygon", physics.Shape{Kind: physics.Polygon, Verts: []mgl64.Vec2{{0, 0}, {1, 0}, {0, 1}}, Radius: 0.1}},
		{"segment of 1 mm", physics.SegmentShape(mgl64.Vec2{0, 0}, mgl64.Vec2{0.001, 0}, 0.5)},
		{"coordinate beyond single precision's comfort", physics.SegmentShape(mgl64.Vec2{0, 0}, mgl64.Vec2{1e16, 0}, 0)},
		{"segment whose ends single precision merges", physics.SegmentShape(mgl64.Vec2{1e9, 0}, mgl64.Vec2{1e9 + 1, 0}, 0)},
		{"box single precision flattens", physics.Shape{Kind: physics.Box, Offset: mgl64.Vec2{1e12, 0}, Half: mgl64.Vec2{1, 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, physics.Config{})
			_, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{tc.shape}})
			if !errors.Is(err, physics.ErrInvalid) {
				t.Errorf("AddBody: %v; want ErrInvalid", err)
			}
			// The shim's own last guard must not be what caught it.
			if err != nil && strings.Contains(err.Error(), "please report") {
				t.Errorf("the Go checks let it through to the shim: %v", err)
			}
			if w.Len() != 0 {
				t.Errorf("a refused body left %d bodies", w.Len())
			}
		})
	}
}

func TestALargePolygonCollidesAlongItsWholeOutline(t *testing.T) {
	// A 20-gon of radius 2 resting on the floor: its lowest side is at
	// the polygon's apothem below its centre, and the floor's top at 0.
	const n, r = 20, 2.0
	ring := make([]mgl64.Vec2, n)
	for i := range ring {
		a := 2*math.Pi*float64(i)/n + math.Pi/n // a side at the bottom
		ring[i] = mgl64.Vec2{r * math.Cos(a), r * math.Sin(a)}
	}
	apothem := r * math.Cos(math.Pi/n)
	w := newWorld(t, physics.Config{Gravity: mgl64.Vec2{0, -10}})
	mustAdd(t, w, floor(0))
	s := physics.PolygonShape(ring...)
	s.Density, s.Friction = 1, 1
	id := mustAdd(t, w, physics.BodyDef{Pos: mgl64.Vec2{0, apothem + 0.05}, Shapes: []physics.Shape{s}})
	mustStep(t, w, 120)
	st := mustState(t, w, id)
	if d := st.Pos[1] - apothem; d > 0.001 || d < -linearSlop-0.001 {
		t.Errorf("20-gon rests with its centre at %v, %+.4f from its apothem %v", st.Pos[1], d, apothem)
	}
	// Every piece answers queries: points just inside each vertex.
	got, err := w.Shapes(id, nil)
	if err != nil || len(got) != 1 || len(got[0].Verts) != n {
		t.Fatalf("Shapes: %v, %v; want the 20-point hull", got, err)
	}
	rot := mgl64.Rotate2D(st.Angle)
	for _, v := range got[0].Verts {
		p := st.Pos.Add(rot.Mul2x1(v.Mul(0.98)))
		if ids, err := w.QueryPoint(p, physics.Filter{}, nil); err != nil || !slices.Contains(ids, id) {
			t.Errorf("QueryPoint near vertex %v: %v, %v", v, ids, err)
		}
	}
}

func TestThinSegmentsCollideWithBox2DsSkinAndThickOnesExactly(t *testing.T) {
	for _, tc := range []struct {
		radius, rest float64 // the segment's, and the ball centre's height at rest
	}{
		{0, 0.5 + skin},
		{0.005, 0.5 + skin},
		{0.05, 0.55},
	} {
		w := newWorld(t, physics.Config{Gravity: mgl64.Vec2{0, -10}})
		seg := physics.SegmentShape(mgl64.Vec2{-5, 0}, mgl64.Vec2{5, 0}, tc.radius)
		mustAdd(t, w, physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{seg}})
		id := mustAdd(t, w, ball(mgl64.Vec2{0, 1}, 0.5))
		mustStep(t, w, 120)
		if y := mustState(t, w, id).Pos[1]; y > tc.rest+0.001 || y < tc.rest-linearSlop-0.001 {
			t.Errorf("ball of radius 0.5 on a segment of radius %v rests at %.4f, want %.4f", tc.radius, y, tc.rest)
		}
	}
}
