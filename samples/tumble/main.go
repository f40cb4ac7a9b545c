// Command tumble is the default scene: balls and boxes tumbling into a box
// past a few obstacles. Drag a body with the left mouse button; the right
// button pushes everything near the pointer away.
package main

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/samples/scene"
)

func main() { scene.Main(&tumble{}) }

type tumble struct {
	grab scene.Grab
}

// Name is the scene's name in summaries and window titles.
func (*tumble) Name() string { return "tumble" }

// The arena is 22 by 12 world units (metres), centred on the origin.
const halfW, halfH = 11.0, 6.0

// Build adds the arena, its shelves and pegs, and 120 balls and boxes
// scattered above them by the seed.
func (t *tumble) Build(w physics.World, seed uint64) (scene.View, error) {
	r := rand.New(rand.NewPCG(seed, 0x7a3b1e))
	walls := []physics.Shape{
		physics.SegmentShape(mgl64.Vec2{-halfW, -halfH}, mgl64.Vec2{halfW, -halfH}, 0.1),
		physics.SegmentShape(mgl64.Vec2{-halfW, -halfH}, mgl64.Vec2{-halfW, halfH + 4}, 0.1),
		physics.SegmentShape(mgl64.Vec2{halfW, -halfH}, mgl64.Vec2{halfW, halfH + 4}, 0.1),
		// Obstacles: two shelves and a peg row.
		physics.SegmentShape(mgl64.Vec2{-8, 1}, mgl64.Vec2{-3, -0.5}, 0.15),
		physics.SegmentShape(mgl64.Vec2{8, -1}, mgl64.Vec2{3, -2.5}, 0.15),
	}
	for i := range walls {
		walls[i].Friction, walls[i].Restitution = 0.8, 0.4
	}
	if _, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Shapes: walls}); err != nil {
		return scene.View{}, err
	}
	for i := range 5 {
		peg := physics.CircleShape(0.35)
		peg.Friction, peg.Restitution = 0.5, 0.6
		if _, err := w.AddBody(physics.BodyDef{Kind: physics.Static,
			Pos: mgl64.Vec2{-4 + 2*float64(i), -4}, Shapes: []physics.Shape{peg}}); err != nil {
			return scene.View{}, err
		}
	}
	for i := range 120 {
		pos := mgl64.Vec2{-9 + 18*r.Float64(), 1 + 9*r.Float64()}
		var s physics.Shape
		if i%2 == 0 {
			s = physics.CircleShape(0.2 + 0.25*r.Float64())
		} else {
			s = physics.BoxShape(0.4+0.5*r.Float64(), 0.4+0.5*r.Float64())
		}
		s.Friction, s.Restitution = 0.7, 0.3
		if _, err := w.AddBody(physics.BodyDef{Pos: pos, Angle: r.Float64() * 2 * math.Pi,
			Vel: mgl64.Vec2{r.NormFloat64(), r.NormFloat64()}, Mass: 1, Shapes: []physics.Shape{s}}); err != nil {
			return scene.View{}, err
		}
	}
	return scene.View{Camera: sdl2.Camera{Center: mgl64.Vec2{0, 0.4}, Zoom: 54}}, nil
}

// Tick lets the mouse grab and push bodies.
func (t *tumble) Tick(w physics.World, tk *engine.Tick, v *scene.View) error {
	return t.grab.Tick(w, tk, v)
}
