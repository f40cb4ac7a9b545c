package physicstest

import (
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
)

// testDeterminism steps two piles built from the same seed side by side
// for 10,000 steps (1,000 with -short): their hashes agree after every
// step, bit for bit. A pile from another seed differs (at once: its
// bodies start elsewhere).
func testDeterminism(t *testing.T, open Opener) {
	steps := 10_000
	if testing.Short() {
		steps = 1_000
	}
	a, b := pile(t, open, 60, 7), pile(t, open, 60, 7)
	var sa, sb []physics.BodyState
	for i := range steps {
		a.step(1)
		b.step(1)
		sa, sb = a.Snapshot(sa), b.Snapshot(sb)
		if ha, hb := physics.Hash(sa), physics.Hash(sb); ha != hb {
			t.Fatalf("step %d: same seed, hashes %v and %v", i+1, ha, hb)
		}
	}
	a0, other := pile(t, open, 60, 7), pile(t, open, 60, 8)
	if physics.Hash(other.Snapshot(nil)) == physics.Hash(a0.Snapshot(nil)) {
		t.Error("piles from seeds 7 and 8 ended in the same state")
	}
}
