package netplay_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
	"github.com/lockstep-engine/lockstep/engine/tape"
)

// addWatcher makes the host take a spectator over a new link at its
// frame `at`, with cond both ways; the watcher is returned once made.
func addWatcher(t *testing.T, w *world, at int, cond netsim.Conditions, seed, ticks uint64, rec *bytes.Buffer, made func(*simPeer)) {
	host := w.peers[0]
	prev := host.onFrame
	host.onFrame = func(p *simPeer) {
		if prev != nil {
			prev(p)
		}
		if p.frameN != at {
			return
		}
		h, c := w.net.Pipe(cond, cond)
		np := &simPeer{w: w, i: len(w.peers), period: time.Second / 60, jitter: time.Millisecond,
			rng: rand.New(rand.NewPCG(seed, 200+uint64(len(w.peers)))), game: &botGame{players: p.game.players, seed: p.game.seed},
			ends: []netplay.Peer{{Slot: 0, Link: c}}, wake: p.w.now}
		var err error
		np.session, err = netplay.New(netplay.Config{Terms: p.session.Terms(), Local: netplay.Local{Spectate: true}, Peers: np.ends})
		if err != nil {
			t.Error(err)
			return
		}
		if err := p.session.Watch(h); err != nil {
			t.Error(err)
			return
		}
		if rec != nil {
			if np.tape, err = tape.NewRecorder(rec, tape.Header{Scene: "bot", TPS: 60, Players: p.game.players}); err != nil {
				t.Error(err)
				return
			}
		}
		w.peers = append(w.peers, np)
		made(np)
	}
}

// A spectator who comes at tick ~300 replays the session so far at full
// speed, follows it a little behind and ends on the players' last tick
// and hash; one whose link dies is dropped, and neither makes the
// players wait.
func TestSpectatorsCatchUpEndOnThePlayersHashAndNeverStallThem(t *testing.T) {
	cond := netsim.Conditions{Latency: 20 * time.Millisecond, Jitter: 10 * time.Millisecond, Loss: 0.05}
	for seed := range propertySeeds() {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			players := 2 + int(seed%2)
			const ticks = 1500
			w := newWorld(setup{players: players, ticks: ticks, cond: cond, seed: seed, delay: 3, drop: 5 * time.Second})
			var watcher, lost *simPeer
			var rec bytes.Buffer
			addWatcher(t, w, 300+int(seed), cond, seed, ticks, &rec, func(p *simPeer) { watcher = p })
			addWatcher(t, w, 320, cond, seed, ticks, nil, func(p *simPeer) {
				lost = p
				p.onFrame = func(p *simPeer) {
					if p.frameN == 100 { // its network dies for good
						p.ends[0].Link.(*netsim.End).Cut()
						p.dead = true
					}
				}
			})
			if !w.run(ticks) {
				t.Fatal("the peers did not finish")
			}
			if watcher == nil || lost == nil {
				t.Fatal("no watcher was taken")
			}
			if watcher.err != nil || len(watcher.game.hashes) != ticks {
				t.Fatalf("the watcher ended with %v after %d ticks, want %d", watcher.err, len(watcher.game.hashes), ticks)
			}
			for n, h := range w.peers[0].game.hashes {
				if watcher.game.hashes[n] != h {
					t.Fatalf("the watcher's state differs from the players' after tick %d", n)
				}
			}
			for _, p := range w.peers[:players] {
				if p.err != nil || len(p.game.hashes) != ticks {
					t.Fatalf("player %d ended with %v after %d ticks", p.i, p.err, len(p.game.hashes))
				}
			}
			if seed < 10 { // its recording replays offline to the players' states
				replaysTo(t, &rec, watcher, w.peers[0].game.hashes)
			}
			if watcher.rep.Held.CaughtUp < 150 {
				t.Fatalf("the watcher caught up %d ticks beyond the tick rate, want most of the ~270 before it came", watcher.rep.Held.CaughtUp)
			}
			if st := w.peers[0].session.Stats(); st.Watchers != 2 || st.WatchersDropped != 1 {
				t.Fatalf("the host took %d watchers and dropped %d, want 2 and 1", st.Watchers, st.WatchersDropped)
			}
		})
	}
}

// Players who draw ahead of the confirmed input (Rollback) are watched
// the same way: the spectator follows the verified timeline to the
// players' hashes, and the players never wait for it.
func TestSpectatorsWatchPlayersWhoDrawAhead(t *testing.T) {
	cond := netsim.Conditions{Latency: 15 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.03}
	for seed := range propertySeeds() {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			players := 2 + int(seed%2)
			const ticks = 1200
			w := newWorld(setup{players: players, ticks: ticks, cond: cond, seed: seed, delay: int(seed % 3), rollback: netplay.DefaultRollback})
			var watcher *simPeer
			addWatcher(t, w, 300+int(seed), cond, seed, ticks, nil, func(p *simPeer) { watcher = p })
			if !w.run(ticks) {
				t.Fatal("the peers did not finish")
			}
			if watcher == nil {
				t.Fatal("no watcher was taken")
			}
			if watcher.err != nil || len(watcher.game.hashes) != ticks {
				t.Fatalf("the watcher ended with %v after %d ticks, want %d", watcher.err, len(watcher.game.hashes), ticks)
			}
			for n, h := range w.peers[0].game.hashes {
				if watcher.game.hashes[n] != h {
					t.Fatalf("the watcher's state differs from the players' after tick %d", n)
				}
			}
			for _, p := range w.peers[:players] {
				if p.err != nil || len(p.game.hashes) != ticks {
					t.Fatalf("player %d ended with %v after %d ticks", p.i, p.err, len(p.game.hashes))
				}
			}
		})
	}
}

// A spectator that closes its window leaves at once, cleanly, on its own:
// no player's session waits for it or ends with it.
func TestASpectatorThatQuitsLeavesAloneAndThePlayersPlayOn(t *testing.T) {
	cond := netsim.Conditions{Latency: 10 * time.Millisecond, Jitter: 5 * time.Millisecond}
	for seed := range propertySeeds() {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			const ticks = 900
			w := newWorld(setup{players: 2, ticks: ticks, cond: cond, seed: seed, delay: 2, drop: 5 * time.Second})
			var watcher *simPeer
			addWatcher(t, w, 100, cond, seed, ticks, nil, func(p *simPeer) {
				watcher = p
				p.quitAt = 150 + int(seed)
			})
			if !w.run(ticks) {
				t.Fatal("the peers did not finish")
			}
			if watcher == nil {
				t.Fatal("no watcher was taken")
			}
			if watcher.err != nil || len(watcher.game.hashes) == 0 || len(watcher.game.hashes) >= ticks {
				t.Fatalf("the watcher that quit ended with %v after %d ticks, want a clean end before %d", watcher.err, len(watcher.game.hashes), ticks)
			}
			sameRun(t, &world{peers: w.peers[:2]}, ticks)
		})
	}
}

// A spectator that follows the session costs the host about what a
// player does: a datagram a tick or so, carrying every slot's input
// instead of all but one, not the catch-up's extra datagrams every frame
// (which tripled its datagrams once: 10,318 to the joiner's 3,602).
func TestAFollowingSpectatorCostsTheHostAboutWhatAPlayerDoes(t *testing.T) {
	cond := netsim.Conditions{Latency: 20 * time.Millisecond, Jitter: 5 * time.Millisecond}
	for _, rollback := range []int{0, netplay.DefaultRollback} {
		const ticks = 3600
		w := newWorld(setup{players: 2, ticks: ticks, cond: cond, seed: 3, delay: 3, rollback: rollback})
		var watcher *simPeer
		addWatcher(t, w, 30, cond, 3, ticks, nil, func(p *simPeer) { watcher = p })
		if !w.run(ticks) {
			t.Fatal("the peers did not finish")
		}
		if watcher == nil {
			t.Fatal("no watcher was taken")
		}
		ws, js := watcher.session.Stats(), w.peers[1].session.Stats()
		t.Logf("rollback %d: the spectator received %d datagrams, %d B; the joiner %d, %d B", rollback, ws.DatagramsReceived, ws.BytesReceived, js.DatagramsReceived, js.BytesReceived)
		if ws.DatagramsReceived > js.DatagramsReceived*5/4 || ws.BytesReceived > js.BytesReceived*3 {
			t.Fatalf("rollback %d: the spectator received %d datagrams, %d B; the joiner %d, %d B: want at most 1.25 times the datagrams and 3 times the bytes (two slots' input to one)",
				rollback, ws.DatagramsReceived, ws.BytesReceived, js.DatagramsReceived, js.BytesReceived)
		}
	}
}
