package engine

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

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
	run := func(g Game) uint64 {
		t.Helper()
		c := &fakeClock{}
		p := &fakePlatform{clock: c, work: every(tick60)}
		sum, err := Run(context.Background(), Config{Mode: ModeUncapped, Platform: p, Clock: c, Ticks: 20}, g)
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

func TestCombinedHashesDependOnBothAndKeepEitherAlone(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		w, g := r.Uint64(), r.Uint64()
		both := combineHashes(w, g, true, true)
		if combineHashes(w, w, true, true) == 0 || both == w^g {
			t.Fatalf("combineHashes(%x, %x) cancels or is their XOR", w, g)
		}
		if both == combineHashes(g, w, true, true) {
			t.Fatalf("combineHashes(%x, %x) does not tell the world's hash from the game's", w, g)
		}
		if both == combineHashes(w^1, g, true, true) || both == combineHashes(w, g^1<<63, true, true) {
			t.Fatalf("combineHashes(%x, %x) misses a flipped bit", w, g)
		}
		if combineHashes(w, 0, true, false) != w || combineHashes(0, g, false, true) != g || combineHashes(0, 0, false, false) != 0 {
			t.Fatal("one hash alone is not kept as it is")
		}
	}
}

func TestXORStateHashIsTheOldCombination(t *testing.T) {
	c := &fakeClock{}
	p := &fakePlatform{clock: c, work: every(tick60)}
	g := &worldHasher{w: &nanWorld{divergeAt: 1 << 30, state: []physics.BodyState{{ID: 1}}}}
	var xor uint64
	g.onUpdate = func(f *Frame) error {
		xor = f.Loop.XORStateHash()
		return nil
	}
	if _, err := Run(context.Background(), Config{Mode: ModeUncapped, Platform: p, Clock: c, Ticks: 5, MaxFrame: time.Second}, g); err != nil {
		t.Fatal(err)
	}
	if xor != 0 {
		t.Fatalf("XORStateHash = %016x, want 0: the world's hash XOR itself", xor)
	}
}
