package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestBlend(t *testing.T) {
	const eps = 1e-12
	st := func(id BodyID, x, y, angle float64) BodyState {
		return BodyState{ID: id, Pos: mgl64.Vec2{x, y}, Angle: angle}
	}
	tests := []struct {
		name      string
		prev, cur []BodyState
		alpha     float64
		want      []BodyState
	}{
		{
			name:  "positions blend linearly",
			prev:  []BodyState{st(1, 0, 0, 0)},
			cur:   []BodyState{st(1, 10, -4, 0)},
			alpha: 0.25,
			want:  []BodyState{st(1, 2.5, -1, 0)},
		},
		{
			name:  "alpha 0 draws prev",
			prev:  []BodyState{st(1, 1, 2, 0.5)},
			cur:   []BodyState{st(1, 3, 4, 1)},
			alpha: 0,
			want:  []BodyState{st(1, 1, 2, 0.5)},
		},
		{
			name:  "angles take the shorter arc across +π",
			prev:  []BodyState{st(1, 0, 0, math.Pi-0.1)},
			cur:   []BodyState{st(1, 0, 0, -math.Pi+0.1)},
			alpha: 0.5,
			want:  []BodyState{st(1, 0, 0, math.Pi)},
		},
		{
			name:  "angles take the shorter arc across -π",
			prev:  []BodyState{st(1, 0, 0, -math.Pi+0.1)},
			cur:   []BodyState{st(1, 0, 0, math.Pi-0.1)},
			alpha: 0.5,
			want:  []BodyState{st(1, 0, 0, -math.Pi)},
		},
		{
			name:  "unbounded angles blend by their difference",
			prev:  []BodyState{st(1, 0, 0, 20*math.Pi+0.2)},
			cur:   []BodyState{st(1, 0, 0, 0.4)},
			alpha: 0.5,
			want:  []BodyState{st(1, 0, 0, 20*math.Pi+0.3)},
		},
		{
			name:  "a teleported body is drawn where it landed",
			prev:  []BodyState{st(1, 0, 0, 0)},
			cur:   []BodyState{{ID: 1, Pos: mgl64.Vec2{100, 0}, Angle: 2, Teleported: true}},
			alpha: 0.5,
			want:  []BodyState{{ID: 1, Pos: mgl64.Vec2{100, 0}, Angle: 2, Teleported: true}},
		},
		{
			name:  "a body added since prev is drawn where cur has it",
			prev:  []BodyState{st(1, 0, 0, 0), st(3, 0, 0, 0)},
			cur:   []BodyState{st(1, 2, 0, 0), st(2, 7, 7, 1), st(3, 4, 0, 0)},
			alpha: 0.5,
			want:  []BodyState{st(1, 1, 0, 0), st(2, 7, 7, 1), st(3, 2, 0, 0)},
		},
		{
			name:  "a body removed since prev is not drawn",
			prev:  []BodyState{st(1, 0, 0, 0), st(2, 5, 5, 0), st(3, 0, 0, 0)},
			cur:   []BodyState{st(1, 2, 0, 0), st(3, 4, 0, 0)},
			alpha: 0.5,
			want:  []BodyState{st(1, 1, 0, 0), st(3, 2, 0, 0)},
		},
		{
			name:  "velocities come from cur",
			prev:  []BodyState{{ID: 1, Vel: mgl64.Vec2{1, 1}, AngVel: 1}},
			cur:   []BodyState{{ID: 1, Vel: mgl64.Vec2{3, 3}, AngVel: 3}},
			alpha: 0.5,
			want:  []BodyState{{ID: 1, Vel: mgl64.Vec2{3, 3}, AngVel: 3}},
		},
		{
			name: "empty cur gives empty",
			prev: []BodyState{st(1, 0, 0, 0)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Blend(nil, tt.prev, tt.cur, tt.alpha)
			if len(got) != len(tt.want) {
				t.Fatalf("got %d bodies, want %d", len(got), len(tt.want))
			}
			for i := range got {
				g, w := got[i], tt.want[i]
				if g.ID != w.ID || g.Teleported != w.Teleported || g.Vel != w.Vel || g.AngVel != w.AngVel ||
					!g.Pos.ApproxEqualThreshold(w.Pos, eps) || math.Abs(g.Angle-w.Angle) > eps {
					t.Errorf("body %d: got %+v, want %+v", i, g, w)
				}
			}
		})
	}
}

func TestBlendReusesDst(t *testing.T) {
	prev := make([]BodyState, 100)
	cur := make([]BodyState, 100)
	for i := range prev {
		prev[i].ID, cur[i].ID = BodyID(i+1), BodyID(i+1)
	}
	dst := make([]BodyState, 0, 100)
	allocs := testing.AllocsPerRun(100, func() { dst = Blend(dst, prev, cur, 0.5) })
	if allocs != 0 {
		t.Fatalf("Blend into a big enough dst allocated %v times a call, want 0", allocs)
	}
}

func TestShortestArcMatchesRemainder(t *testing.T) {
	for _, d := range []float64{0, 1, -1, math.Pi, -math.Pi, math.Nextafter(math.Pi, 4), math.Nextafter(-math.Pi, -4), 3 * math.Pi, -7.5, 100} {
		want := math.Remainder(d, 2*math.Pi)
		if want == -math.Pi {
			want = math.Pi
		}
		if got := shortestArc(0, d); got != want {
			t.Errorf("shortestArc(0, %v) = %v, want %v", d, got, want)
		}
	}
}

func BenchmarkBlend(b *testing.B) {
	const n = 10000
	prev, cur := make([]BodyState, n), make([]BodyState, n)
	for i := range prev {
		prev[i] = BodyState{ID: BodyID(i + 1), Angle: float64(i) * 0.001}
		cur[i] = BodyState{ID: BodyID(i + 1), Pos: mgl64.Vec2{1, 1}, Angle: float64(i) * 0.0011}
	}
	dst := Blend(nil, prev, cur, 0.5)
	b.ReportAllocs()
	for b.Loop() {
		dst = Blend(dst, prev, cur, 0.5)
	}
}

func BenchmarkHash(b *testing.B) {
	s := make([]BodyState, 10000)
	b.ReportAllocs()
	for b.Loop() {
		Hash(s)
	}
}
