package main

import (
	"math/rand/v2"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/enginetest"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// player starts games, serves, pauses now and then and steers at
// random, drawn from the tick alone.
func player(n uint64, in []engine.Input) {
	r := rand.New(rand.NewPCG(9, n/15))
	p := &in[0]
	switch {
	case n%97 == 5:
		p.Pressed.Add(engine.KeySpace)
	case n%400 == 200:
		p.Pressed.Add(engine.KeyEnter) // pause, and resume 400 ticks on
	}
	switch r.IntN(3) {
	case 0:
		p.Down.Add(engine.KeyLeft)
	case 1:
		p.Down.Add(engine.KeyRight)
	}
}

// The sync test: copies of Breakout ticked alike agree bit for bit.
func TestBreakoutCopiesAreWhole(t *testing.T) { testCopiesAreWhole(t, backend.Chipmunk) }

func testCopiesAreWhole(t *testing.T, e backend.Engine) {
	s := newSim(t, e, 3, 40)
	s.engine = e
	if err := enginetest.SyncTest(desktop.PartsOf(s.game, nil), enginetest.Config{Ticks: 1500, Check: 8, Input: player}); err != nil {
		t.Fatal(err)
	}
}
