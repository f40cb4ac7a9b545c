package sdl2

import (
	"math"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

// Follow moves a Camera after a target: smoothly, within limits, and
// shaking when asked. Call Update once a frame from the game's Update with
// the frame's time and the target's drawn position, then draw through
// Camera(). It is the player's view, not the simulation: keep it out of
// Tick. The shake is a function of Seed and the updates made, so a replay
// drawn at the same frame times shakes the same.
type Follow struct {
	Zoom float64 // pixels (canvas units) per world unit; 0 means 1
	// Smooth is how long the camera takes to close about 63% of the way to
	// its target (a time constant, the same at any frame rate); 0 snaps.
	Smooth time.Duration
	// Min and Max bound what the camera shows, in world units: the view
	// stays inside them, centred on them when it is larger. Equal Min and
	// Max: no bounds.
	Min, Max mgl64.Vec2
	// MaxShake is the largest offset a full Shake gives, in world units;
	// 0 means half a world unit.
	MaxShake float64
	Seed     uint64 // the shake's randomness

	pos    mgl64.Vec2
	placed bool
	trauma float64 // 0 to 1; shake is trauma²
	n      uint64  // updates made, for the shake
	shake  mgl64.Vec2
}

// Snap puts the camera on p at once (a new level, a teleport).
func (f *Follow) Snap(p mgl64.Vec2) { f.pos, f.placed = p, true }

// Shake adds amount (0 to 1) of shake, which fades over about a second.
func (f *Follow) Shake(amount float64) { f.trauma = min(1, f.trauma+max(0, amount)) }

// Update moves the camera dt toward target, for a view of width×height
// canvas units (Canvas.Size).
func (f *Follow) Update(target mgl64.Vec2, dt time.Duration, width, height int) {
	if !f.placed || f.Smooth <= 0 {
		f.Snap(target)
	} else {
		k := 1 - math.Exp(-dt.Seconds()/f.Smooth.Seconds())
		f.pos = f.pos.Add(target.Sub(f.pos).Mul(k))
	}
	f.pos = f.bounded(f.pos, width, height)
	f.n++
	f.trauma = max(0, f.trauma-dt.Seconds())
	s := f.trauma * f.trauma * cmpOr(f.MaxShake, 0.5)
	f.shake = mgl64.Vec2{s * noise(f.Seed, f.n, 0), s * noise(f.Seed, f.n, 1)}
}

// bounded keeps a view centred on p inside Min..Max.
func (f *Follow) bounded(p mgl64.Vec2, width, height int) mgl64.Vec2 {
	if f.Min == f.Max {
		return p
	}
	z := f.zoom()
	half := mgl64.Vec2{float64(width) / z / 2, float64(height) / z / 2}
	for i := range 2 {
		lo, hi := f.Min[i]+half[i], f.Max[i]-half[i]
		if lo > hi {
			p[i] = (f.Min[i] + f.Max[i]) / 2
		} else {
			p[i] = min(max(p[i], lo), hi)
		}
	}
	return p
}

// Camera returns the camera to draw through: where Update left it, plus
// the shake.
func (f *Follow) Camera() Camera {
	return Camera{Center: f.pos.Add(f.shake), Zoom: f.zoom()}
}

func (f *Follow) zoom() float64 { return cmpOr(f.Zoom, 1) }

func cmpOr(v, d float64) float64 {
	if v == 0 {
		return d
	}
	return v
}

// noise is a number in [-1, 1) from seed, n and axis: a mixing hash
// (splitmix64's finaliser), the same on every machine.
func noise(seed, n, axis uint64) float64 {
	x := seed ^ (n*2+axis)*0x9e3779b97f4a7c15
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return float64(x>>11)/float64(1<<52) - 1
}
