package tape_test

import (
	"bytes"
	"fmt"
	"io"
	"log"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/tape"
	"github.com/lockstep-engine/lockstep/physics"
)

// A recording made tick by tick, then played back from a stream (a file,
// or a pipe) with its settings and its state hashes.
func ExampleNewPlayer() {
	var rec bytes.Buffer
	w, err := tape.NewWriter(&rec, tape.Header{Scene: "stress", Seed: 1, TPS: 60, Interval: 2,
		Settings: []tape.Setting{{Name: "bodies", Value: "50"}, {Name: "physics", Value: "chipmunk"}}})
	if err != nil {
		log.Fatal(err)
	}
	state := physics.Digest(100) // stands for the world's hash
	for tick := range 3 {
		if w.Due() {
			if err := w.Check(state); err != nil {
				log.Fatal(err)
			}
		}
		in := engine.Input{MouseX: float64(tick)}
		if err := w.Tick(&in); err != nil {
			log.Fatal(err)
		}
		state++
	}
	if err := w.Close(state); err != nil {
		log.Fatal(err)
	}

	p, err := tape.NewPlayer(&rec)
	if err != nil {
		log.Fatal(err)
	}
	bodies, _ := p.Setting("bodies")
	fmt.Printf("scene %s, %s bodies\n", p.Scene, bodies)
	var in engine.Input
	for {
		want, check, err := p.Next(&in)
		if check {
			fmt.Printf("before tick %d the state must hash to %v\n", p.Ran()-1, uint64(want))
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
	}
	ticks, final, _ := p.End()
	fmt.Printf("%d ticks, final hash %v\n", ticks, uint64(final))
	// Output:
	// scene stress, 50 bodies
	// before tick 0 the state must hash to 100
	// before tick 2 the state must hash to 102
	// 3 ticks, final hash 103
}
