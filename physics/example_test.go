package physics_test

import (
	"fmt"
	"time"

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

// The loop's idle-time hook, between presenting a frame and the next
// deadline.
func ExampleIdleGC() {
	gc := physics.NewIdleGC(physics.IdleGCConfig{})
	defer gc.Stop()

	deadline := time.Now().Add(10 * time.Millisecond) // the next frame's
	const renderMargin = time.Millisecond
	gc.Collect(time.Until(deadline) - renderMargin)
}
