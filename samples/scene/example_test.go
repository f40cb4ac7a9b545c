package scene_test

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
	"github.com/lockstep-engine/lockstep/samples/scene"
)

// drop is a scene: one ball falling onto a floor.
type drop struct{}

func (drop) Name() string { return "drop" }

func (drop) Build(w physics.World, seed uint64) (scene.View, error) {
	floor := physics.SegmentShape(mgl64.Vec2{-5, 0}, mgl64.Vec2{5, 0}, 0.1)
	if _, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{floor}}); err != nil {
		return scene.View{}, err
	}
	ball := physics.CircleShape(0.5)
	ball.Restitution = 0.6
	_, err := w.AddBody(physics.BodyDef{Pos: mgl64.Vec2{0, 4}, Mass: 1, Shapes: []physics.Shape{ball}})
	return scene.View{Camera: sdl2.Camera{Center: mgl64.Vec2{0, 2}, Zoom: 60}}, err
}

// A sample is a Scene and a main of one line; it gets the whole command
// line, the window, the HUD, recordings and both physics engines.
func Example() {
	scene.Main(drop{})
}
