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

// Finding what a ray hits and what lies in a box, with a sensor the
// queries do not see.
func ExampleWorld_RayCast() {
	w, err := chipmunk.New(physics.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()
	wall := physics.BoxShape(2, 2)
	zone := physics.BoxShape(1, 1)
	zone.Sensor = true
	for _, d := range []physics.BodyDef{
		{Kind: physics.Static, Pos: mgl64.Vec2{5, 0}, Shapes: []physics.Shape{wall}},
		{Kind: physics.Static, Pos: mgl64.Vec2{2, 0}, Shapes: []physics.Shape{zone}},
		{Kind: physics.Static, Pos: mgl64.Vec2{5, 3}, Shapes: []physics.Shape{physics.CircleShape(1)}},
	} {
		if _, err := w.AddBody(d); err != nil {
			log.Fatal(err)
		}
	}

	hit, ok, err := w.RayCast(mgl64.Vec2{0, 0}, mgl64.Vec2{10, 0}, physics.Filter{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("hit %v: body %d at %.2f, normal %.2f, %.0f%% along\n", ok, hit.Body, hit.Point, hit.Normal, 100*hit.Fraction)

	// The box's corner at (4.2, 2.2) is in the circle's bounding box, but
	// not in the circle.
	in, err := w.QueryBox(mgl64.Vec2{1, -2}, mgl64.Vec2{4.2, 2.2}, physics.Filter{}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("in the box:", in)
	// Output:
	// hit true: body 1 at [4.00 0.00], normal [-1.00 -0.00], 40% along
	// in the box: [1]
}
