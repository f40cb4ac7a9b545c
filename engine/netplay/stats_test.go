package netplay_test

import (
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// TestNumbers logs a session's numbers under a named network; it asserts
// only what must hold (the session ran), the numbers are for reading.
func TestNumbers(t *testing.T) {
	const ticks = 3600
	cond := netsim.Conditions{Latency: 30 * time.Millisecond, Jitter: 15 * time.Millisecond, Loss: 0.05}
	w := newWorld(setup{players: 2, ticks: ticks, cond: cond, seed: 3, delay: netplay.DelayFor(90*time.Millisecond, 60)})
	if !w.run(ticks) {
		t.Fatal("did not finish")
	}
	sameRun(t, w, ticks)
	for _, p := range w.peers {
		st := p.session.Stats()
		t.Logf("peer %d: %+v wall %v held %+v frames %d", p.i, st, p.rep.Wall, p.rep.Held, p.rep.Frames)
	}
	moved := 0
	for _, h := range w.peers[0].game.hashes {
		_ = h
	}
	_ = moved
	_ = engine.Input{}
}
