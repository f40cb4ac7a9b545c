package main

import (
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// startedOn returns a versus game built on the named physics engine, as
// a run's Start builds it.
func startedOn(t *testing.T, name string) *game {
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

// twoBots is both players played by bots of different seeds.
func twoBots(n uint64, in []engine.Input) {
	(&game{bot: 5}).botInput(n, &in[0])
	(&game{bot: 6}).botInput(n, &in[1])
}

// The sync test: copies of versus ticked alike agree bit for bit, on
// every physics engine this binary has, so its predicted frames are
// reproducible.
func TestVersusCopiesAreWhole(t *testing.T) {
	for _, name := range engines {
		t.Run(name, func(t *testing.T) {
			g := startedOn(t, name)
			err := engine.SyncTest(g, engine.SyncTestConfig{Ticks: 900, Check: 8, Players: 2, Input: twoBots})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
