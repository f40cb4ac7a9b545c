package main

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/lockstep-engine/lockstep/engine"
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

// chasers are both players driving at the puck from behind, each towards
// the other's goal, so that goals are scored: they read g, the game the
// sync test runs, which is the same every run.
func chasers(t testing.TB, g *game) func(n uint64, in []engine.Input) {
	return func(n uint64, in []engine.Input) {
		p, err := g.world.State(g.puck)
		if err != nil {
			t.Fatal(err)
		}
		for i, goal := range [1]float64{halfW} {
			d, err := g.world.State(g.discs[i])
			if err != nil {
				t.Fatal(err)
			}
			behind := p.Pos.Sub(mgl64.Vec2{goal, 0}.Sub(p.Pos).Normalize().Mul(0.5))
			to := behind.Sub(d.Pos)
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
			err := engine.SyncTest(g, engine.SyncTestConfig{Ticks: 2400, Check: 4, Players: 2, Input: chasers(t, g)})
			if err != nil {
				t.Fatal(err)
			}
			if g.serve == 0 {
				t.Fatal("no goal was scored: the test did not cover the score and the serve")
			}
			t.Logf("score %v", g)
		})
	}
}
