package netplay_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// restart kills joiner j at the host's frame `at` (it never runs again,
// its link lost) and starts it again `after` later: a new process with a
// new link, which the host takes back.
func restart(t *testing.T, w *world, j, at int, after time.Duration, cond netsim.Conditions, seed uint64, ticks uint64) (rejoined *simPeer) {
	host := w.peers[0]
	var killedAt time.Duration
	host.onFrame = func(p *simPeer) {
		switch {
		case p.frameN == at:
			killedAt = p.w.now
			old := w.peers[j]
			old.dead = true
			for _, e := range old.ends {
				e.Link.(*netsim.End).Cut()
			}
		case killedAt != 0 && rejoined == nil && p.w.now-killedAt >= after:
			h, c := w.net.Pipe(cond, cond)
			old := w.peers[j]
			np := &simPeer{w: w, i: j, period: old.period, jitter: old.jitter,
				rng: rand.New(rand.NewPCG(seed, 100+uint64(j))), game: &botGame{players: old.game.players, seed: old.game.seed},
				ends: []netplay.Peer{{Slot: 0, Link: c}}, wake: p.w.now}
			var err error
			// As a transport does: the slot the host names, the terms it
			// runs now.
			slot, ok := p.session.Vacant()
			if !ok || slot != j {
				t.Errorf("the host names slot %d (%v) vacant, want %d, silent since its process died", slot, ok, j)
				return
			}
			for k := range p.session.Terms().Players + 1 { // the host's, the players', one past them
				if got, want := p.session.IsVacant(k), k == j; got != want {
					t.Errorf("IsVacant(%d) = %v while slot %d is the one silent: want %v", k, got, j, want)
				}
			}
			np.session, err = netplay.New(netplay.Config{Terms: p.session.Terms(), Local: netplay.Local{Rejoin: true}, Slot: j, Peers: np.ends})
			if err != nil {
				t.Error(err)
				return
			}
			if err := p.session.Rejoin(j, h); err != nil {
				t.Error(err)
				return
			}
			rejoined = np
			w.peers[j] = np
		}
	}
	return nil
}

// A joiner whose process died and is started again gets its slot back:
// it replays the session from tick 0 at full speed (no state is sent),
// then plays on, and every peer ends on the session's last tick with the
// same states, the rejoined one's from tick 0 on.
func TestAPeerStartedAgainRejoinsByReplayingTheSession(t *testing.T) {
	cond := netsim.Conditions{Latency: 20 * time.Millisecond, Jitter: 10 * time.Millisecond, Loss: 0.05}
	for seed := range propertySeeds() {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			players := 2 + int(seed%2)
			const ticks = 2400
			w := newWorld(setup{players: players, ticks: ticks, cond: cond, seed: seed, delay: 3})
			j := 1 + int(seed)%(players-1)
			restart(t, w, j, 600+int(seed), 3*time.Second, cond, seed, ticks)
			if !w.run(ticks) {
				t.Fatal("the peers did not finish")
			}
			sameRun(t, w, ticks)
			if st := w.peers[0].session.Stats(); st.Rejoined != 1 {
				t.Fatalf("the host took back %d players, want 1", st.Rejoined)
			}
			if w.peers[j].rep.Held.CaughtUp < 300 {
				t.Fatalf("the rejoined peer caught up %d ticks beyond the tick rate, want the ~600 it missed", w.peers[j].rep.Held.CaughtUp)
			}
		})
	}
}

// Peers that draw ahead of the confirmed input (Rollback) take back a
// peer started again as well: it replays the session in lockstep at the
// delay the host runs now (0 becomes 1 without prediction), and every
// peer ends on the last tick with the same states. While everyone is
// heard from, the host names no slot vacant.
func TestAPeerStartedAgainRejoinsPeersThatDrawAhead(t *testing.T) {
	cond := netsim.Conditions{Latency: 15 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.03}
	for seed := range propertySeeds() {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			players := 2 + int(seed%2)
			const ticks = 1800
			delay := int(seed % 3) // 0: a player sees their own input in the next frame
			w := newWorld(setup{players: players, ticks: ticks, cond: cond, seed: seed, delay: delay, rollback: netplay.DefaultRollback})
			j := 1 + int(seed)%(players-1)
			restart(t, w, j, 500+int(seed), 2*time.Second, cond, seed, ticks)
			kill := w.peers[0].onFrame
			var vacantEarly, shownCatchingUp bool
			conns := make([]engine.Connection, players)
			w.peers[0].onFrame = func(p *simPeer) {
				if p.frameN > 60 && p.frameN < 500 {
					_, ok := p.session.Vacant()
					vacantEarly = vacantEarly || ok
				}
				kill(p)
				p.session.Connections(conns)
				shownCatchingUp = shownCatchingUp || conns[j].CatchingUp
			}
			if !w.run(ticks) {
				t.Fatal("the peers did not finish")
			}
			if vacantEarly {
				t.Fatal("the host named a slot vacant while every player was heard from")
			}
			if w.peers[0].session.Connections(conns); !shownCatchingUp || conns[j].CatchingUp {
				t.Fatalf("the host's connections showed player %d catching up: %v, and at the end %v; want true, then false", j, shownCatchingUp, conns[j].CatchingUp)
			}
			t.Logf("caught up %d", w.peers[j].rep.Held.CaughtUp)
			sameRun(t, w, ticks)
			if st := w.peers[0].session.Stats(); st.Rejoined != 1 {
				t.Fatalf("the host took back %d players, want 1", st.Rejoined)
			}
		})
	}
}

// A peer that rejoins in lockstep a session whose players draw ahead with
// an input delay that followed the round trip down to 0 replays that
// change with the rest and still plays on: in lockstep a delay is never
// below one tick (at 0 its own input for a tick would wait for itself).
func TestAPeerRejoiningInLockstepPlaysOnAfterTheDelayFellTo0(t *testing.T) {
	cond := netsim.Conditions{Latency: 5 * time.Millisecond}
	for seed := range propertySeeds() {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			const ticks = 1500
			w := newWorld(setup{players: 2 + int(seed%2), ticks: ticks, cond: cond, seed: seed, delay: 3, rollback: netplay.DefaultRollback, adapt: true})
			restart(t, w, 1, 400+int(seed), 2*time.Second, cond, seed, ticks)
			if !w.run(ticks) {
				t.Fatal("the peers did not finish")
			}
			sameRun(t, w, ticks)
			if st := w.peers[0].session.Stats(); st.DelayChanges == 0 {
				t.Fatal("the delay never changed: the test needs it lowered before the rejoin")
			}
		})
	}
}
