package physics_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// Drawing a frame between two ticks.
func ExampleBlend() {
	prev := []physics.BodyState{{ID: 1, Pos: mgl64.Vec2{0, 0}, Angle: 3}}
	cur := []physics.BodyState{{ID: 1, Pos: mgl64.Vec2{2, 4}, Angle: -3}}
	var draw []physics.BodyState
	draw = physics.Blend(draw, prev, cur, 0.25)
	fmt.Printf("pos %.2f, angle %.3f\n", draw[0].Pos, draw[0].Angle)
	// Output: pos [0.50 1.00], angle 3.071
}
