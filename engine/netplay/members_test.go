package netplay_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// outage makes the link of joiner j lose everything in both directions
// from frame `from` of the host to the first frame after `length`, and
// records when the host first said it waited for j.
type outage struct {
	j              int
	from           int
	length         time.Duration
	cutAt, shownAt time.Duration
	cutTick        uint64 // the host's next tick at the cut
	cut, restored  bool
}

func (o *outage) install(w *world, cond netsim.Conditions) {
	hp := w.peers[0]
	prev := hp.onFrame
	hp.onFrame = func(p *simPeer) {
		if prev != nil {
			prev(p)
		}
		h, c := w.ends[2*(o.j-1)], w.ends[2*(o.j-1)+1]
		switch {
		case p.frameN == o.from:
			o.cutAt, o.cut, o.cutTick = p.w.now, true, p.session.Tick()
			h.Cut()
		case o.cut && !o.restored && p.w.now-o.cutAt >= o.length:
			o.restored = true
			h.SetConditions(cond)
			c.SetConditions(cond)
		}
		if o.cut && o.shownAt == 0 {
			var conns [host.MaxPlayers]engine.Connection
			p.session.Connections(conns[:])
			if conns[o.j].Waiting > 0 {
				o.shownAt = p.w.now
			}
		}
	}
}

// A link that comes back within the rejoin window resumes: a 5 s and a
// 20 s outage of one joiner both end with every peer on the session's
// last tick with the same hashes, the outage shown on the host after
// the notice (0.75 s).
func TestOutagesWithinTheRejoinWindowResume(t *testing.T) {
	cond := netsim.Conditions{Latency: 20 * time.Millisecond, Jitter: 10 * time.Millisecond, Loss: 0.05}
	for _, length := range []time.Duration{5 * time.Second, 20 * time.Second} {
		for seed := range propertySeeds() {
			t.Run(fmt.Sprintf("%v/seed%d", length, seed), func(t *testing.T) {
				players := 2 + int(seed%2)
				const ticks = 900
				w := newWorld(setup{players: players, ticks: ticks, cond: cond, seed: seed, delay: 3, rollback: int(seed % 3 * 4)})
				o := &outage{j: players - 1, from: 200 + int(seed), length: length}
				o.install(w, cond)
				if !w.run(ticks) {
					t.Fatal("the peers did not finish")
				}
				sameRun(t, w, ticks)
				if !o.restored {
					t.Fatal("the outage never ended: the session ran past it without waiting")
				}
				if d := o.shownAt - o.cutAt; o.shownAt == 0 || d < netplay.DefaultWarnAfter || d > netplay.DefaultWarnAfter+200*time.Millisecond {
					t.Fatalf("the host showed it waited %v after the cut, want just after %v", d, netplay.DefaultWarnAfter)
				}
				for _, p := range w.peers {
					for i, m := range p.game.members {
						if m != (engine.Member{}) {
							t.Fatalf("peer %d ended with slot %d %+v, want every slot playing", p.i, i, m)
						}
					}
				}
			})
		}
	}
}

// Past the rejoin window the host gives the silent slot up: every peer
// that stayed sees it Gone on one tick, the last, and ends cleanly there
// with the same hashes; the silent one gives up on its own.
func TestASlotSilentPastTheWindowIsGoneAndTheOthersEndOnOneTick(t *testing.T) {
	cond := netsim.Conditions{Latency: 20 * time.Millisecond, Jitter: 10 * time.Millisecond, Loss: 0.05}
	for seed := range propertySeeds() {
		players := 2 + int(seed%3)
		w := newWorld(setup{players: players, cond: cond, seed: seed, delay: 3, drop: 2 * time.Second, rollback: int(seed % 2 * 8)})
		gone := 1 + int(seed)%(players-1)
		o := &outage{j: gone, from: 300, length: time.Hour}
		o.install(w, cond)
		if !w.run(0) {
			t.Fatalf("seed %d: the peers did not finish", seed)
		}
		stayed := stayers(w, gone)
		checkStayers(t, seed, stayed, true)
		last := uint64(len(stayed[0].game.hashes)) - 1
		for _, p := range stayed {
			if m := p.game.members[gone]; m != (engine.Member{Presence: engine.Gone, Since: last}) {
				t.Fatalf("seed %d: peer %d's last tick %d saw slot %d %+v, want gone since then", seed, p.i, last, gone, m)
			}
		}
		var silent *netplay.SilentError
		if p := w.peers[gone]; !errors.As(p.err, &silent) {
			t.Fatalf("seed %d: the cut peer ended with %v, want it to give up on the silent host", seed, p.err)
		}
		if st := w.peers[0].session.Stats(); st.GaveUp != 1 {
			t.Fatalf("seed %d: the host gave up %d slots, want 1", seed, st.GaveUp)
		}
	}
}

// With PlayOn the others play on without the slot given up, its input
// idle, to the session's last tick.
func TestPlayOnKeepsTheSessionGoingWithoutAGoneSlot(t *testing.T) {
	cond := netsim.Conditions{Latency: 20 * time.Millisecond, Jitter: 10 * time.Millisecond, Loss: 0.05}
	for seed := range propertySeeds() {
		const ticks = 1200
		w := newWorld(setup{players: 3, ticks: ticks, cond: cond, seed: seed, delay: 3, drop: 2 * time.Second, playOn: true, rollback: int(seed % 2 * 8)})
		o := &outage{j: 2, from: 200, length: time.Hour}
		o.install(w, cond)
		recs := recordAll(t, w, 3)
		if !w.run(ticks) {
			t.Fatalf("seed %d: the peers did not finish", seed)
		}
		stayed := stayers(w, 2)
		checkStayers(t, seed, stayed, false)
		if seed < 10 { // recordings of the session replay to its states, the slot gone on its tick
			replaysTo(t, recs[1], w.peers[1], w.peers[1].game.hashes)
		}
		for _, p := range stayed {
			if len(p.game.hashes) != ticks {
				t.Fatalf("seed %d: peer %d ran %d ticks, want %d", seed, p.i, len(p.game.hashes), ticks)
			}
			if m := p.game.members[2]; m.Presence != engine.Gone || m.Since < o.cutTick || m.Since > o.cutTick+10 {
				t.Fatalf("seed %d: peer %d ended with slot 2 %+v, want gone since soon after the cut", seed, p.i, m)
			}
		}
	}
}

// stayers are the peers but gone.
func stayers(w *world, gone int) []*simPeer {
	var ps []*simPeer
	for _, p := range w.peers {
		if p.i != gone {
			ps = append(ps, p)
		}
	}
	return ps
}

// checkStayers checks that ps ended cleanly on one tick with one history
// of states, and settled when settled says they must (a session ended by
// -ticks need not: a peer that stops first may not hear the other's last
// acknowledgement, as without a slot given up).
func checkStayers(t *testing.T, seed uint64, ps []*simPeer, settled bool) {
	t.Helper()
	ref := ps[0].game.hashes
	for _, p := range ps {
		if p.err != nil {
			t.Fatalf("seed %d: peer %d ended with %v, want a clean end", seed, p.i, p.err)
		}
		if len(p.game.hashes) != len(ref) {
			t.Fatalf("seed %d: peer %d ran %d ticks, peer %d %d", seed, p.i, len(p.game.hashes), ps[0].i, len(ref))
		}
		for n, h := range p.game.hashes {
			if h != ref[n] {
				t.Fatalf("seed %d: peer %d's state differs after tick %d", seed, p.i, n)
			}
		}
		if settled && !p.session.Settled() {
			t.Fatalf("seed %d: peer %d did not settle", seed, p.i)
		}
	}
}

// A player whose link comes back after the host gave their slot up is
// told so and ends, while the others play on.
func TestAPlayerBackAfterTheWindowIsToldTheirPlaceWasGivenUp(t *testing.T) {
	cond := netsim.Conditions{Latency: 20 * time.Millisecond}
	w := newWorld(setup{players: 3, ticks: 1200, cond: cond, seed: 3, delay: 3, drop: 2 * time.Second, playOn: true})
	var err error // the player's own window is longer than the host's
	p2 := w.peers[2]
	if p2.session, err = netplay.New(netplay.Config{Terms: netplay.Terms{Players: 3, InputDelay: 3}, Local: netplay.Local{DropAfter: 10 * time.Second}, Slot: 2, Peers: p2.ends}); err != nil {
		t.Fatal(err)
	}
	o := &outage{j: 2, from: 200, length: 3 * time.Second}
	o.install(w, cond)
	if !w.run(1200) {
		t.Fatal("the peers did not finish")
	}
	checkStayers(t, 3, stayers(w, 2), false)
	var left *netplay.LeftError
	if p := w.peers[2]; !errors.As(p.err, &left) || left.Tick != w.peers[0].game.members[2].Since {
		t.Fatalf("the player back late ended with %v, want told of tick %d", p.err, w.peers[0].game.members[2].Since)
	}
}
