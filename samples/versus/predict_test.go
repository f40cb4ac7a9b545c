package main

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/enginetest"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// startedOn returns a versus game built on the named physics engine, as
// a run's Start builds it.
func startedOn(t testing.TB, name string) *game {
	t.Helper()
	var e backend.Engine
	if err := e.UnmarshalText([]byte(name)); err != nil {
		t.Fatal(err)
	}
	g := &game{goals: 99}
	if err := g.Start(&desktop.Setup{Seed: 3, Physics: e}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = g.Close() })
	return g
}

// chasers are the left player driving at the puck from behind towards
// the right goal, so that goals are scored, and now and then both
// players at random: they read g, the game the sync test runs, which is
// the same every run.
func chasers(t testing.TB, g *game) func(n uint64, in []engine.Input) {
	return func(n uint64, in []engine.Input) {
		if n%600 >= 400 { // now and then a random player frees a puck stuck in a corner
			(&game{bot: 5}).botInput(n, &in[0])
			(&game{bot: 6}).botInput(n, &in[1])
			return
		}
		p, err := g.world.State(g.puck)
		if err != nil {
			t.Fatal(err)
		}
		for i, goal := range [1]float64{halfW} {
			d, err := g.world.State(g.discs[i])
			if err != nil {
				t.Fatal(err)
			}
			behind := p.Pos.Sub(mgl64.Vec2{goal, 0}.Sub(p.Pos).Normalize().Mul(1.0))
			to := behind.Sub(d.Pos)
			if to.Len() < 0.3 { // behind it: push it
				to = p.Pos.Sub(d.Pos)
			}
			keys := [4]engine.Key{engine.KeyRight, engine.KeyLeft, engine.KeyUp, engine.KeyDown}
			for axis := range 2 {
				switch {
				case to[axis] > 0.1:
					in[i].Down.Add(keys[2*axis])
				case to[axis] < -0.1:
					in[i].Down.Add(keys[2*axis+1])
				}
			}
		}
	}
}

// The sync test: copies of versus ticked alike agree bit for bit, on
// every physics engine this binary has, so its predicted frames are
// reproducible.
func TestVersusCopiesAreWhole(t *testing.T) {
	for _, name := range engines {
		t.Run(name, func(t *testing.T) {
			g := startedOn(t, name)
			g.score, g.serve = [2]int{2, 3}, 5 // mid-match: a copy must carry the score and the serve
			err := enginetest.SyncTest(desktop.PartsOf(g, nil), enginetest.Config{Ticks: 2400, Check: 4, Players: 2, Input: chasers(t, g)})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("score %v", g)
		})
	}
}
