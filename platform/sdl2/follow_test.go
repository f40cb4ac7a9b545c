package sdl2

import (
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

func TestFollowClosesOnItsTargetAtAnyFrameRate(t *testing.T) {
	target := mgl64.Vec2{10, 0}
	var at [2]float64
	for i, fps := range []int{30, 240} {
		f := Follow{Smooth: 100 * time.Millisecond}
		f.Snap(mgl64.Vec2{})
		dt := time.Second / time.Duration(fps)
		for range fps / 10 { // 100 ms
			f.Update(target, dt, 100, 100)
		}
		at[i] = f.Camera().Center[0]
	}
	want := 10 * (1 - math.Exp(-1))
	for i, x := range at {
		if math.Abs(x-want) > 1e-6 {
			t.Errorf("after one time constant at %d fps: x %v, want %v", []int{30, 240}[i], x, want)
		}
	}
}

func TestFollowKeepsTheViewInsideItsLimits(t *testing.T) {
	f := Follow{Zoom: 10, Min: mgl64.Vec2{0, 0}, Max: mgl64.Vec2{100, 8}}
	for _, tt := range []struct{ target, want mgl64.Vec2 }{
		{mgl64.Vec2{50, 4}, mgl64.Vec2{50, 4}},   // inside; taller view than the limits: centred in y
		{mgl64.Vec2{-20, 4}, mgl64.Vec2{5, 4}},   // a 10-unit-wide view stops 5 from the edge
		{mgl64.Vec2{200, 40}, mgl64.Vec2{95, 4}}, //
	} {
		f.Update(tt.target, time.Second/60, 100, 200)
		if got := f.Camera().Center; got != tt.want {
			t.Errorf("target %v: camera at %v, want %v", tt.target, got, tt.want)
		}
	}
}

func TestShakeIsDeterministicAndFades(t *testing.T) {
	run := func(seed uint64) []mgl64.Vec2 {
		f := Follow{Seed: seed, MaxShake: 1}
		f.Shake(1)
		var out []mgl64.Vec2
		for range 90 {
			f.Update(mgl64.Vec2{}, time.Second/60, 100, 100)
			out = append(out, f.Camera().Center)
		}
		return out
	}
	a, b, c := run(1), run(1), run(2)
	moved := 0
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("frame %d: the same seed shook to %v and %v", i, a[i], b[i])
		}
		if a[i] != c[i] {
			moved++
		}
		if a[i].Len() > math.Sqrt2 {
			t.Fatalf("frame %d: shaken %v, more than MaxShake", i, a[i])
		}
	}
	if moved < 50 || a[0].Len() == 0 || a[89] != (mgl64.Vec2{}) {
		t.Errorf("seeds differed on %d frames, first offset %v, after 1.5 s %v; want most, some, none", moved, a[0], a[89])
	}
}
