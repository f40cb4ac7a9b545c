package chipmunk_test

import (
	"fmt"
	"log"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/chipmunk"
)

// A ball dropped on a floor, with a contact report, stepped for two seconds.
func Example() {
	landed := 0
	w, err := chipmunk.New(physics.Config{
		Gravity: mgl64.Vec2{0, -9.8},
		OnContact: func(c physics.Contact) error {
			if c.Began {
				landed++
			}
			return nil
		},
	})
	if err != nil {
		log.Fatal(err)
	}

	floor := physics.SegmentShape(mgl64.Vec2{-10, 0}, mgl64.Vec2{10, 0}, 0.1)
	floor.Friction = 1
	if _, err := w.AddBody(physics.BodyDef{Kind: physics.Static, Shapes: []physics.Shape{floor}}); err != nil {
		log.Fatal(err)
	}

	ball := physics.CircleShape(0.5)
	ball.Friction, ball.Restitution = 0.5, 0.2
	id, err := w.AddBody(physics.BodyDef{Pos: mgl64.Vec2{0, 3}, Mass: 1, Shapes: []physics.Shape{ball}})
	if err != nil {
		log.Fatal(err)
	}

	var states []physics.BodyState // reused every tick: no allocation
	for range 120 {
		if err := w.Step(time.Second / 60); err != nil {
			log.Fatal(err)
		}
		states = w.Snapshot(states)
	}
	fmt.Printf("%d bodies; body %d rests at y=%.1f; landed %d time(s)\n", len(states), id, states[1].Pos.Y(), landed)
	// Output: 2 bodies; body 2 rests at y=0.5; landed 1 time(s)
}
