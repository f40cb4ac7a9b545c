package physicstest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
)

// copySeeds is how many scenes the copy cases draw.
const copySeeds = 50

// copyConfig is the config of copy case number seed: odd seeds sleep.
func copyConfig(seed uint64) physics.Config {
	return physics.Config{Gravity: g, Sleep: seed%2 == 1}
}

// rng is the random source of a case's seed and purpose.
func rng(seed, purpose uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, purpose)) }

// scene opens a world of copyConfig(seed) holding a mixed scene from seed,
// stepped a few seconds with actions so that bodies touch, rest, sleep
// (when the config lets them) and were added and removed.
func scene(t *testing.T, open Opener, seed uint64, steps int) *world {
	t.Helper()
	w := newWorld(t, open, copyConfig(seed))
	mixedScene(w, rng(seed, 1))
	r := rng(seed, 2)
	var buf []physics.BodyState
	for range steps {
		act(w, r, buf)
		w.step(1)
	}
	return w
}

// stepAlike steps worlds with the same actions for n ticks, failing t at
// the first tick their snapshots differ.
func stepAlike(t *testing.T, seed uint64, n int, ws ...*world) {
	t.Helper()
	rs := make([]*rand.Rand, len(ws))
	for i := range ws {
		rs[i] = rng(seed, 3)
	}
	var first, other []physics.BodyState
	for tick := range n {
		for i, w := range ws {
			act(w, rs[i], nil)
			w.step(1)
		}
		first = ws[0].Snapshot(first)
		for i, w := range ws[1:] {
			other = w.Snapshot(other)
			sameSnapshots(t, fmt.Sprintf("tick %d of copy %d", tick+1, i+2), first, other)
		}
	}
}

// copyInto copies src into w, failing t on error.
func copyInto(t *testing.T, w, src *world) {
	t.Helper()
	if err := w.CopyFrom(src.World); err != nil {
		t.Fatalf("CopyFrom: %v", err)
	}
}

// testCopySteps copies one state into a fresh world, into worlds that
// held another scene and a larger pile, and into a copy of a copy, over copySeeds scenes:
// right after the copy each holds what the source holds, bit for bit, and
// stepped with the same actions they stay equal to each other bit for bit.
func testCopySteps(t *testing.T, open Opener) {
	for seed := range uint64(copySeeds) {
		src := scene(t, open, seed, 60+int(seed%10)*20)
		fresh := newWorld(t, open, copyConfig(seed))
		used := scene(t, open, seed+1000, 90)      // another scene; the same config, as 1000 is even
		big := newWorld(t, open, copyConfig(seed)) // a larger world before
		if err := Pile(big, 80, seed); err != nil {
			t.Fatal(err)
		}
		big.step(20)
		again := newWorld(t, open, copyConfig(seed))
		copyInto(t, fresh, src)
		copyInto(t, used, src)
		copyInto(t, big, src)
		copyInto(t, again, fresh)
		sameContents(t, src, fresh, used, big, again)
		stepAlike(t, seed, 60, fresh, used, big, again)
	}
}
