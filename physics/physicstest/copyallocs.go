package physicstest

import (
	"testing"

	"github.com/lockstep-engine/lockstep/physics"
)

// CopyAllocs returns the average number of heap allocations of one
// CopyFrom into a warm world, alternating between two sources that differ
// the way a source does between two frames of a session and more: bodies
// moved, added, removed and put to sleep, a joint removed. It fails tb if
// a copy fails.
func CopyAllocs(tb testing.TB, open Opener, n int) float64 {
	tb.Helper()
	cfg := physics.Config{Gravity: g, Sleep: true}
	a, b := newWorld(tb, open, cfg), newWorld(tb, open, cfg)
	for _, w := range []*world{a, b} {
		w.must(Pile(w, n, 1))
		mixedScene(w, rng(1, 1))
		w.step(60)
	}
	b.step(200) // settled further: more asleep
	b.must(b.RemoveBody(10))
	b.must(b.RemoveJoint(1))
	b.add(randomBody(rng(2, 2), 0))
	c := newWorld(tb, open, cfg)
	var err error
	copyBoth := func() {
		if e := c.CopyFrom(a.World); e != nil && err == nil {
			err = e
		}
		if e := c.CopyFrom(b.World); e != nil && err == nil {
			err = e
		}
	}
	copyBoth() // warm up
	allocs := testing.AllocsPerRun(50, copyBoth) / 2
	if err != nil {
		tb.Fatalf("CopyFrom: %v", err)
	}
	return allocs
}

// testCopyAllocs: once warm, copying allocates nothing.
func testCopyAllocs(t *testing.T, open Opener) {
	if n := CopyAllocs(t, open, 100); n != 0 {
		t.Errorf("CopyFrom into a warm world made %v allocations a copy, want 0", n)
	}
}
