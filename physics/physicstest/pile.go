package physicstest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// PileConfig is the config Pile's scene is meant for: gravity of 10 down.
func PileConfig() physics.Config { return physics.Config{Gravity: g} }

// Pile adds to w an open box of three static segments and n bodies, a
// third of them boxes and the rest balls, of sizes, positions and
// velocities drawn from seed, in a grid above the floor, so that they fall
// and pile up. Bodies have density 1, friction 0.7 and restitution 0.1.
// The same n and seed build the same scene in every backend.
func Pile(w physics.Builder, n int, seed uint64) error {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	cols := int(math.Ceil(math.Sqrt(float64(n))))
	// Products are rounded before they meet a sum (float64(x*y) + z), so
	// that no compiler fuses them and the scene is the same on every CPU,
	// as physics/exact needs of it; on amd64 without FMA nothing changes.
	width := float64(float64(cols) * 1.2)
	walls := [][2]mgl64.Vec2{
		{{-0.5, 0}, {width + 0.5, 0}},
		{{-0.5, 0}, {-0.5, float64(4 * width)}},
		{{width + 0.5, 0}, {width + 0.5, float64(4 * width)}},
	}
	for _, wall := range walls {
		s := physics.SegmentShape(wall[0], wall[1], 0.1)
		s.Friction, s.Restitution = 1, 0.1
		if _, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{s}}); err != nil {
			return fmt.Errorf("pile: wall: %w", err)
		}
	}
	for i := range n {
		pos := mgl64.Vec2{0.6 + float64(float64(i%cols)*1.2) + float64((r.Float64()-0.5)*0.1), 0.6 + float64(float64(i/cols)*1.2)}
		vel := mgl64.Vec2{float64((r.Float64() - 0.5) * 2), 0}
		size := 0.3 + float64(r.Float64()*0.2) // radius, or half a side
		s := physics.CircleShape(size)
		if r.IntN(3) == 0 {
			s = physics.BoxShape(float64(2*size), float64(2*size))
		}
		s.Density, s.Friction, s.Restitution = 1, 0.7, 0.1
		if _, err := w.AddBody(physics.BodyDef{Pos: pos, Vel: vel, Shapes: []physics.Shape{s}}); err != nil {
			return fmt.Errorf("pile: body %d: %w", i, err)
		}
	}
	return nil
}

// pile opens a world holding a pile.
func pile(tb testing.TB, open Opener, n int, seed uint64) *world {
	tb.Helper()
	w := newWorld(tb, open, PileConfig())
	if err := Pile(w, n, seed); err != nil {
		tb.Fatal(err)
	}
	return w
}
