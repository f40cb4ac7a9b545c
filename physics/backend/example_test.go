package backend_test

import (
	"flag"
	"fmt"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/backend"
)

// A -physics flag picks the engine; the rest of the program sees only
// physics.World.
func ExampleNew() {
	fs := flag.NewFlagSet("game", flag.ContinueOnError)
	var engine backend.Engine
	fs.TextVar(&engine, "physics", backend.Chipmunk, "physics engine: "+backend.Usage())
	if err := fs.Parse([]string{"-physics", "chipmunk"}); err != nil {
		fmt.Println(err)
		return
	}

	w, err := backend.New(engine, physics.Config{Gravity: mgl64.Vec2{0, -10}})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer w.Close()
	ball, err := w.AddBody(physics.BodyDef{Pos: mgl64.Vec2{0, 10}, Mass: 1, Shapes: []physics.Shape{physics.CircleShape(0.5)}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for range 60 {
		if err := w.Step(time.Second / 60); err != nil {
			fmt.Println(err)
			return
		}
	}
	s, _ := w.State(ball)
	fmt.Printf("%v: after 1 s the ball has fallen %.0f m\n", engine, 10-s.Pos.Y())
	// Output: chipmunk: after 1 s the ball has fallen 5 m
}
