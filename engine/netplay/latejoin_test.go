package netplay_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// With LateJoin (and PlayOn) a slot given up goes to a newcomer: the host
// names it vacant once no player's place is held, the newcomer replays
// the session from tick 0 and plays on; every peer sees the slot Gone,
// then Playing again from one tick, and ends on the last tick with the
// same states (the newcomer's from tick 0 on), which a recording of the
// host's replays.
func TestANewcomerTakesASlotGivenUpAndEveryPeerSeesThemArriveOnOneTick(t *testing.T) {
	cond := netsim.Conditions{Latency: 20 * time.Millisecond, Jitter: 10 * time.Millisecond, Loss: 0.03}
	for seed := range propertySeeds() {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			const ticks = 1500
			w := newWorld(setup{players: 3, ticks: ticks, cond: cond, seed: seed, delay: 3, drop: 2 * time.Second,
				playOn: true, lateJoin: true, rollback: int(seed % 2 * 8)})
			recs := recordAll(t, w, 3)
			restart(t, w, 2, 300+int(seed), 4*time.Second, cond, seed, ticks) // past the 2 s window: given up, then taken
			if !w.run(ticks) {
				t.Fatal("the peers did not finish")
			}
			sameRun(t, w, ticks)
			st := w.peers[0].session.Stats()
			if st.GaveUp != 1 || st.Rejoined != 1 || st.JoinedLate != 1 {
				t.Fatalf("the host gave up %d slots, took %d players in, %d of them late: want 1, 1, 1", st.GaveUp, st.Rejoined, st.JoinedLate)
			}
			back := w.peers[0].game.members[2]
			for _, p := range w.peers {
				if m := p.game.members[2]; m != back || m.Presence != engine.Playing || m.Since < 300 || m.Since >= ticks {
					t.Fatalf("peer %d ended with slot 2 %+v (the host's %+v): want Playing since the newcomer's tick", p.i, m, back)
				}
			}
			if seed < 10 {
				replaysTo(t, recs[0], w.peers[0], w.peers[0].game.hashes)
			}
		})
	}
}

// Without LateJoin a slot given up stays given up: the host names no slot
// vacant for a newcomer and refuses one that asks for it.
func TestWithoutLateJoinASlotGivenUpIsNotVacant(t *testing.T) {
	cond := netsim.Conditions{Latency: 10 * time.Millisecond}
	w := newWorld(setup{players: 3, ticks: 900, cond: cond, seed: 1, delay: 3, drop: 2 * time.Second, playOn: true})
	o := &outage{j: 2, from: 100, length: time.Hour}
	o.install(w, cond)
	host := w.peers[0]
	var vacant bool
	var refused error
	prev := host.onFrame
	host.onFrame = func(p *simPeer) {
		if prev != nil {
			prev(p)
		}
		if p.session.Stats().GaveUp == 1 && refused == nil {
			_, vacant = p.session.Vacant()
			h, _ := w.net.Pipe(cond, cond)
			refused = p.session.Rejoin(2, h)
		}
	}
	if !w.run(900) {
		t.Fatal("the peers did not finish")
	}
	if vacant || refused == nil {
		t.Fatalf("a slot given up without LateJoin: vacant %v, a newcomer's Rejoin %v; want not vacant and refused", vacant, refused)
	}
	if _, err := netplay.New(netplay.Config{Terms: netplay.Terms{Players: 2, LateJoin: true}, Peers: w.peers[0].ends[:1]}); err == nil {
		t.Fatal("a host with LateJoin but not PlayOn was made")
	}
}
