package netplay_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// sameRun checks that every peer ran ticks ticks and saw the same states.
func sameRun(t *testing.T, w *world, ticks uint64) {
	t.Helper()
	ref := w.peers[0].game.hashes
	for _, p := range w.peers {
		if p.err != nil {
			t.Fatalf("peer %d: %v", p.i, p.err)
		}
		if uint64(len(p.game.hashes)) != ticks {
			t.Fatalf("peer %d ran %d ticks, want %d", p.i, len(p.game.hashes), ticks)
		}
		for n, h := range p.game.hashes {
			if h != ref[n] {
				t.Fatalf("peer %d's state differs from peer 0's after tick %d", p.i, n)
			}
		}
	}
}

func TestPeersReachTheSameHashesOverLossyLinks(t *testing.T) {
	for _, players := range []int{2, 3} {
		for _, loss := range []float64{0, 0.05, 0.10, 0.20} {
			t.Run(fmt.Sprintf("%dpeers/loss%.0f%%", players, loss*100), func(t *testing.T) {
				const ticks = 10000
				cond := netsim.Conditions{Latency: 30 * time.Millisecond, Jitter: 15 * time.Millisecond,
					Loss: loss, Duplicate: 0.02, Reorder: 0.05, Bandwidth: 64 << 10}
				w := newWorld(setup{players: players, ticks: ticks, cond: cond, seed: 7, delay: 4})
				if !w.run(ticks) {
					t.Fatal("the peers did not finish")
				}
				sameRun(t, w, ticks)
				for _, p := range w.peers {
					st := p.session.Stats()
					if st.HashesChecked == 0 || st.Desync != nil {
						t.Fatalf("peer %d checked %d hashes, desync %v: want some checked, none differing", p.i, st.HashesChecked, st.Desync)
					}
				}
			})
		}
	}
}

func TestPeersAgreeOverManySeeds(t *testing.T) {
	for seed := range propertySeeds() {
		players := 2 + int(seed%2)
		cond := netsim.Conditions{Latency: time.Duration(seed%5) * 20 * time.Millisecond, Jitter: 10 * time.Millisecond,
			Loss: float64(seed%5) * 0.05, Duplicate: 0.05, Reorder: 0.1}
		w := newWorld(setup{players: players, ticks: 600, cond: cond, seed: seed, delay: 1 + int(seed%6)})
		if !w.run(600) {
			t.Fatalf("seed %d: the peers did not finish", seed)
		}
		sameRun(t, w, 600)
	}
}
