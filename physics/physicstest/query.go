package physicstest

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// rayScene holds, without gravity: a 2×2 static box at (5, 0), a circle of
// radius 1 at (5, 3), a 1×1 sensor at (2, 0), a 2×2 box in category 2 at
// (8, 0) that does not collide with category 8, and a dynamic ball of
// radius 0.5 at (0, −5).
type rayScene struct {
	box, circle, sensor, far, ball physics.BodyID
}

func newRayScene(w *world) rayScene {
	var s rayScene
	static := func(pos mgl64.Vec2, sh physics.Shape) physics.BodyID {
		return w.add(physics.BodyDef{Kind: physics.Static, Pos: pos, Shapes: []physics.Shape{sh}})
	}
	s.box = static(mgl64.Vec2{5, 0}, physics.BoxShape(2, 2))
	s.circle = static(mgl64.Vec2{5, 3}, physics.CircleShape(1))
	sensor := physics.BoxShape(1, 1)
	sensor.Sensor = true
	s.sensor = static(mgl64.Vec2{2, 0}, sensor)
	far := physics.BoxShape(2, 2)
	far.Filter = physics.Filter{Categories: 2, Mask: 0xffff &^ 8}
	s.far = static(mgl64.Vec2{8, 0}, far)
	s.ball = w.ball(mgl64.Vec2{0, -5}, 0.5, 0, 0)
	return s
}

// testRayCast: exact hit points, normals and fractions (1e-5 covers
// float32), misses, filters, sensors skipped, no hit on the shape a ray
// starts in, and none for a ray of no length.
func testRayCast(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{})
	s := newRayScene(w)
	w.step(1)
	tests := []struct {
		name string
		a, b mgl64.Vec2
		f    physics.Filter
		hit  bool
		want physics.RayHit
	}{
		{"through the sensor to the box", mgl64.Vec2{0, 0}, mgl64.Vec2{10, 0}, physics.Filter{}, true,
			physics.RayHit{Body: s.box, Point: mgl64.Vec2{4, 0}, Normal: mgl64.Vec2{-1, 0}, Fraction: 0.4}},
		{"the circle from the side", mgl64.Vec2{0, 3}, mgl64.Vec2{10, 3}, physics.Filter{}, true,
			physics.RayHit{Body: s.circle, Point: mgl64.Vec2{4, 3}, Normal: mgl64.Vec2{-1, 0}, Fraction: 0.4}},
		{"the circle from above", mgl64.Vec2{5, 6}, mgl64.Vec2{5, 0}, physics.Filter{}, true,
			physics.RayHit{Body: s.circle, Point: mgl64.Vec2{5, 4}, Normal: mgl64.Vec2{0, 1}, Fraction: 1.0 / 3}},
		{"the circle at 45°", mgl64.Vec2{2, 0}, mgl64.Vec2{5, 3}, physics.Filter{Mask: 1}, true,
			physics.RayHit{Body: s.circle, Point: mgl64.Vec2{5 - math.Sqrt2/2, 3 - math.Sqrt2/2}, Normal: mgl64.Vec2{-math.Sqrt2 / 2, -math.Sqrt2 / 2}, Fraction: (3*math.Sqrt2 - 1) / (3 * math.Sqrt2)}},
		{"backwards into the far box", mgl64.Vec2{10, 0}, mgl64.Vec2{0, 0}, physics.Filter{}, true,
			physics.RayHit{Body: s.far, Point: mgl64.Vec2{9, 0}, Normal: mgl64.Vec2{1, 0}, Fraction: 0.1}},
		{"the dynamic ball", mgl64.Vec2{-5, -5}, mgl64.Vec2{5, -5}, physics.Filter{}, true,
			physics.RayHit{Body: s.ball, Point: mgl64.Vec2{-0.5, -5}, Normal: mgl64.Vec2{-1, 0}, Fraction: 0.45}},
		{"starting inside the box, out to the far one", mgl64.Vec2{5, 0}, mgl64.Vec2{10, 0}, physics.Filter{}, true,
			physics.RayHit{Body: s.far, Point: mgl64.Vec2{7, 0}, Normal: mgl64.Vec2{-1, 0}, Fraction: 0.4}},
		{"a mask of category 2 only sees the far box", mgl64.Vec2{0, 0}, mgl64.Vec2{10, 0}, physics.Filter{Mask: 2}, true,
			physics.RayHit{Body: s.far, Point: mgl64.Vec2{7, 0}, Normal: mgl64.Vec2{-1, 0}, Fraction: 0.7}},
		{"a category the far box's mask takes", mgl64.Vec2{6.5, 0}, mgl64.Vec2{10, 0}, physics.Filter{Categories: 4}, true,
			physics.RayHit{Body: s.far, Point: mgl64.Vec2{7, 0}, Normal: mgl64.Vec2{-1, 0}, Fraction: 0.5 / 3.5}},
		{"a category the far box's mask leaves out", mgl64.Vec2{6.5, 0}, mgl64.Vec2{10, 0}, physics.Filter{Categories: 8}, false, physics.RayHit{}},
		{"over everything", mgl64.Vec2{0, 10}, mgl64.Vec2{10, 10}, physics.Filter{}, false, physics.RayHit{}},
		{"stopping short", mgl64.Vec2{0, 0}, mgl64.Vec2{3.9, 0}, physics.Filter{}, false, physics.RayHit{}},
		{"only through the sensor", mgl64.Vec2{2, -2}, mgl64.Vec2{2, 2}, physics.Filter{}, false, physics.RayHit{}},
		{"starting inside the box, ending in it", mgl64.Vec2{4.5, 0}, mgl64.Vec2{5.5, 0}, physics.Filter{}, false, physics.RayHit{}},
		{"of no length, outside", mgl64.Vec2{0, 0}, mgl64.Vec2{0, 0}, physics.Filter{}, false, physics.RayHit{}},
		{"of no length, inside the box", mgl64.Vec2{5, 0}, mgl64.Vec2{5, 0}, physics.Filter{}, false, physics.RayHit{}},
	}
	for _, tt := range tests {
		got, ok, err := w.RayCast(tt.a, tt.b, tt.f)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if ok != tt.hit {
			t.Errorf("%s: ray %v→%v hit %v (%+v), want %v", tt.name, tt.a, tt.b, ok, got, tt.hit)
			continue
		}
		if ok && (got.Body != tt.want.Body || !nearVec(got.Point, tt.want.Point, 1e-5) || !nearVec(got.Normal, tt.want.Normal, 1e-5) || !near(got.Fraction, tt.want.Fraction, 1e-5)) {
			t.Errorf("%s: ray %v→%v hit %+v, want %+v", tt.name, tt.a, tt.b, got, tt.want)
		}
	}
}

// queryScene holds, without gravity: a 2×2 static box at the origin, a
// dynamic circle of radius 1 at (3, 0), a 2×2 dynamic box turned 45° at
// (6, 0) (a diamond reaching √2 from its centre), a static segment from
// (10, −1) to (10, 1) of radius 0.1, a 2×2 sensor over the first box and
// a 1×1 box in category 2 at (0, 5).
type queryScene struct {
	box, circle, diamond, segment, sensor, cat2 physics.BodyID
}

func newQueryScene(w *world) queryScene {
	var s queryScene
	s.box = w.add(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{physics.BoxShape(2, 2)}})
	s.circle = w.ball(mgl64.Vec2{3, 0}, 1, 0, 0)
	d := physics.BoxShape(2, 2)
	d.Density = 1
	s.diamond = w.add(physics.BodyDef{Pos: mgl64.Vec2{6, 0}, Angle: math.Pi / 4, Shapes: []physics.Shape{d}})
	s.segment = w.add(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{physics.SegmentShape(mgl64.Vec2{10, -1}, mgl64.Vec2{10, 1}, 0.1)}})
	sensor := physics.BoxShape(2, 2)
	sensor.Sensor = true
	s.sensor = w.add(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{sensor}})
	c2 := physics.BoxShape(1, 1)
	c2.Filter.Categories = 2
	s.cat2 = w.add(physics.BodyDef{Kind: physics.Static, Pos: mgl64.Vec2{0, 5}, Shapes: []physics.Shape{c2}})
	return s
}

func ids(v ...physics.BodyID) []physics.BodyID { return v }

// testQueryPoint: a point finds the shapes it is in, not merely their
// bounding boxes, never sensors, as the filter says, in ID order.
func testQueryPoint(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{})
	s := newQueryScene(w)
	w.step(1)
	tests := []struct {
		name string
		p    mgl64.Vec2
		f    physics.Filter
		want []physics.BodyID
	}{
		{"inside the box, not the sensor over it", mgl64.Vec2{0.5, 0.5}, physics.Filter{}, ids(s.box)},
		{"inside the circle", mgl64.Vec2{3.5, 0}, physics.Filter{}, ids(s.circle)},
		{"in the circle's corner of its bounding box", mgl64.Vec2{3.9, 0.9}, physics.Filter{}, nil},
		{"inside the diamond", mgl64.Vec2{6.5, 0.5}, physics.Filter{}, ids(s.diamond)},
		{"in the diamond's corner of its bounding box", mgl64.Vec2{6.9, 0.9}, physics.Filter{}, nil},
		{"inside the segment's rounding", mgl64.Vec2{10.05, 0}, physics.Filter{}, ids(s.segment)},
		{"inside category 2", mgl64.Vec2{0, 5}, physics.Filter{}, ids(s.cat2)},
		{"inside category 2, masked out", mgl64.Vec2{0, 5}, physics.Filter{Mask: 1}, nil},
		{"nowhere", mgl64.Vec2{20, 20}, physics.Filter{}, nil},
	}
	dst := make([]physics.BodyID, 0, 8)
	for _, tt := range tests {
		got, err := w.QueryPoint(tt.p, tt.f, dst)
		checkFound(t, fmt.Sprintf("%s: QueryPoint(%v)", tt.name, tt.p), got, err, tt.want, dst)
	}
}

// checkFound fails t unless a query (call) found want, in ID order, into
// dst's storage, which had room for it.
func checkFound(t *testing.T, call string, got []physics.BodyID, err error, want, dst []physics.BodyID) {
	t.Helper()
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("%s = %v, %v; want %v", call, got, err, want)
	}
	if len(got) > 0 && &got[:1][0] != &dst[:1][0] {
		t.Errorf("%s did not reuse dst, which had room", call)
	}
}

// testQueryBox: a box finds the shapes it overlaps, not merely their
// bounding boxes (margins of 0.05 or more, past any skin), never
// sensors, as the filter says, in ID order.
func testQueryBox(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{})
	s := newQueryScene(w)
	w.step(1)
	tests := []struct {
		name   string
		lo, hi mgl64.Vec2
		f      physics.Filter
		want   []physics.BodyID
	}{
		{"everything", mgl64.Vec2{-20, -20}, mgl64.Vec2{20, 20}, physics.Filter{}, ids(s.box, s.circle, s.diamond, s.segment, s.cat2)},
		{"everything in category 1", mgl64.Vec2{-20, -20}, mgl64.Vec2{20, 20}, physics.Filter{Mask: 1}, ids(s.box, s.circle, s.diamond, s.segment)},
		{"between the box and the circle", mgl64.Vec2{0.9, -0.1}, mgl64.Vec2{2.1, 0.1}, physics.Filter{}, ids(s.box, s.circle)},
		{"the circle's bounding box only", mgl64.Vec2{3.8, 0.8}, mgl64.Vec2{4.5, 1.5}, physics.Filter{}, nil},
		{"the diamond's bounding box only", mgl64.Vec2{6.8, 0.8}, mgl64.Vec2{7.5, 1.5}, physics.Filter{}, nil},
		{"the diamond's tip", mgl64.Vec2{7.3, -0.1}, mgl64.Vec2{7.5, 0.1}, physics.Filter{}, ids(s.diamond)},
		{"the segment's rounding", mgl64.Vec2{10.03, 1.03}, mgl64.Vec2{10.5, 1.5}, physics.Filter{}, ids(s.segment)},
		{"past the segment's rounding", mgl64.Vec2{10.2, -0.5}, mgl64.Vec2{10.5, 0.5}, physics.Filter{}, nil},
		{"inside the box", mgl64.Vec2{-0.1, -0.1}, mgl64.Vec2{0.1, 0.1}, physics.Filter{}, ids(s.box)},
	}
	dst := make([]physics.BodyID, 0, 8)
	for _, tt := range tests {
		// Any two opposite corners make the same box, in either order.
		lo, hi := tt.lo, tt.hi
		for _, c := range [][2]mgl64.Vec2{{lo, hi}, {hi, lo}, {{lo[0], hi[1]}, {hi[0], lo[1]}}, {{hi[0], lo[1]}, {lo[0], hi[1]}}} {
			got, err := w.QueryBox(c[0], c[1], tt.f, dst)
			checkFound(t, fmt.Sprintf("%s: QueryBox(%v, %v)", tt.name, c[0], c[1]), got, err, tt.want, dst)
		}
	}
}

// testBodyAt: the nearest body within a radius, never a sensor, static
// ones skipped on request.
func testBodyAt(t *testing.T, open Opener) {
	w := newWorld(t, open, physics.Config{})
	s := newQueryScene(w)
	w.step(1)
	tests := []struct {
		name        string
		p           mgl64.Vec2
		radius      float64
		dynamicOnly bool
		want        physics.BodyID
		ok          bool
	}{
		{"inside the circle", mgl64.Vec2{3.5, 0}, 0, false, s.circle, true},
		{"beside the circle, radius 0", mgl64.Vec2{3.9, 0.9}, 0, false, 0, false},
		{"beside the circle, radius 0.5", mgl64.Vec2{3.9, 0.9}, 0.5, false, s.circle, true},
		{"nearer the diamond than the circle", mgl64.Vec2{4.4, 0}, 0.5, false, s.diamond, true},
		{"inside the box under the sensor", mgl64.Vec2{0.5, 0.5}, 0, false, s.box, true},
		{"inside the box, dynamic only", mgl64.Vec2{0.5, 0.5}, 0, true, 0, false},
		{"far away", mgl64.Vec2{20, 20}, 1, false, 0, false},
	}
	for _, tt := range tests {
		got, ok, err := w.BodyAt(tt.p, tt.radius, tt.dynamicOnly)
		if err != nil || got != tt.want || ok != tt.ok {
			t.Errorf("%s: BodyAt(%v, %v, %v) = %d, %v, %v; want %d, %v", tt.name, tt.p, tt.radius, tt.dynamicOnly, got, ok, err, tt.want, tt.ok)
		}
	}
}
