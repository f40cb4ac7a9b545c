package netplay_test

import (
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// A two-second outage in the middle of a session shows as one stall of
// about its length on every peer: the longest stall is never more than
// the time stalled in all, with two and three players, in lockstep and
// drawing ahead (a predicting peer counted only the holds its session
// made, not the present held at the rollback limit, and said 40 ms after
// a 5 s outage; a 3-player session said 0).
func TestTheLongestStallIsOneStretchOfTheTimeStalled(t *testing.T) {
	for seed := range uint64(8) {
		players := 2 + int(seed%2)
		rollback := 8 * int(seed/2%2)
		cond := netsim.Conditions{Latency: 15 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.02}
		down := cond
		down.Loss = 1
		const ticks = 900
		w := newWorld(setup{players: players, ticks: ticks, cond: cond, seed: seed, delay: 2, rollback: rollback})
		for _, p := range w.peers {
			p.onFrame = func(p *simPeer) {
				switch p.frameN {
				case 300:
					w.setConditions(down)
				case 420:
					w.setConditions(cond)
				}
			}
		}
		if !w.run(ticks) {
			t.Fatalf("seed %d: the peers did not finish", seed)
		}
		sameRun(t, w, ticks)
		for _, p := range w.peers {
			h := p.rep.Held
			if h.Longest > h.Stalled || h.Longest < 1500*time.Millisecond || h.Longest > 2500*time.Millisecond {
				t.Fatalf("seed %d (%d players, rollback %d): peer %d stalled %v in all, %v at most in one stretch: want at most the total, about the 2 s outage",
					seed, players, rollback, p.i, h.Stalled, h.Longest)
			}
		}
	}
}
