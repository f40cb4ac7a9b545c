package host

import (
	"context"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"

	"github.com/lockstep-engine/lockstep/physics"
)

// worldHasher is a Simulator whose StateHash is its own world's hash, as
// a game that fingerprints "everything" may write it.
type worldHasher struct {
	recorder
	w *nanWorld
}

func (g *worldHasher) World() physics.Stepper { return g.w }
func (g *worldHasher) StateHash() uint64 {
	return uint64(physics.Hash(g.w.Snapshot(nil)))
}

func TestAGameHashingItsOwnWorldDoesNotCancelTheStateHash(t *testing.T) {
	run := func(g game) uint64 {
		t.Helper()
		c := &fakeClock{}
		p := &fakePlatform{clock: c, work: every(tick60)}
		sum, err := Run(context.Background(), engine.Config{Mode: engine.ModeUncapped, Ticks: 20}, partsOf(g), Wiring{Platform: p, Clock: c})
		if err != nil {
			t.Fatal(err)
		}
		return sum.StateHash
	}
	newWorld := func(x float64) *nanWorld {
		return &nanWorld{divergeAt: 1 << 30, state: []physics.BodyState{{ID: 1, Pos: [2]float64{x, 0}}}}
	}
	a := run(&worldHasher{w: newWorld(0)})
	b := run(&worldHasher{w: newWorld(1)})
	if a == 0 || b == 0 || a == b {
		t.Fatalf("state hashes %016x and %016x of two different worlds: want two different, non-zero hashes", a, b)
	}
	if alone := run(&simulator{w: newWorld(0)}); alone == a {
		t.Fatalf("a world alone hashes %016x, as with the game's hash mixed in", alone)
	}
}

func TestXORStateHashIsTheOldCombination(t *testing.T) {
	c := &fakeClock{}
	p := &fakePlatform{clock: c, work: every(tick60)}
	g := &worldHasher{w: &nanWorld{divergeAt: 1 << 30, state: []physics.BodyState{{ID: 1}}}}
	var xor uint64
	g.onUpdate = func(f *engine.Frame) error {
		xor = LoopOf(f).XORStateHash()
		return nil
	}
	if _, err := Run(context.Background(), engine.Config{Mode: engine.ModeUncapped, Ticks: 5, MaxFrame: time.Second}, partsOf(g), Wiring{Platform: p, Clock: c}); err != nil {
		t.Fatal(err)
	}
	if xor != 0 {
		t.Fatalf("XORStateHash = %016x, want 0: the world's hash XOR itself", xor)
	}
}
