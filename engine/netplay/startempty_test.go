package netplay_test

import (
	"fmt"
	"hash/maphash"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// emptyWorld is a world of players slots whose host starts with the
// first held of them (itself included): the others are Terms.Empty, and
// their simPeers are placeholders that never run until a newcomer
// replaces them (arrive).
func emptyWorld(t *testing.T, players, held int, s setup) *world {
	t.Helper()
	w := &world{frames: int(s.ticks)*8*players + 100000}
	w.net = netsim.New(func() time.Duration { return w.now }, s.seed)
	seed := maphash.MakeSeed()
	var empty []int
	for i := range players {
		p := &simPeer{w: w, i: i, period: time.Second/60 + time.Duration(i)*37*time.Microsecond,
			jitter: 2 * time.Millisecond, rng: rand.New(rand.NewPCG(s.seed, uint64(i))),
			game: &botGame{players: players, seed: seed, logMembers: true}, dead: i >= held}
		w.peers = append(w.peers, p)
		if i >= held {
			empty = append(empty, i)
		}
	}
	for j := 1; j < held; j++ {
		h, c := w.net.Pipe(s.cond, s.cond)
		w.ends = append(w.ends, h, c)
		w.peers[0].ends = append(w.peers[0].ends, netplay.Peer{Slot: j, Link: h})
		w.peers[j].ends = []netplay.Peer{{Slot: 0, Link: c}}
	}
	terms := netplay.Terms{Players: players, InputDelay: s.delay, PlayOn: true, LateJoin: true, Empty: empty}
	for _, p := range w.peers[:held] {
		var err error
		p.session, err = netplay.New(netplay.Config{Terms: terms, Local: netplay.Local{DropAfter: s.drop, Rollback: s.rollback}, Slot: p.i, Peers: p.ends})
		if err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// arrive makes the host take a newcomer at its tick `at`, as a transport
// does: into the slot it names vacant, with the terms it runs now. The
// newcomer replaces the placeholder of that slot, which must be want.
func arrive(t *testing.T, w *world, at uint64, want int, cond netsim.Conditions, seed, ticks uint64) {
	host := w.peers[0]
	prev := host.onFrame
	done := false
	host.onFrame = func(p *simPeer) {
		if prev != nil {
			prev(p)
		}
		if done || p.session.Tick() < at {
			return
		}
		done = true
		slot, ok := p.session.Vacant()
		if !ok || slot != want {
			t.Errorf("at tick %d the host names slot %d (%v) vacant, want %d", p.session.Tick(), slot, ok, want)
			return
		}
		h, c := w.net.Pipe(cond, cond)
		old := w.peers[slot]
		np := &simPeer{w: w, i: slot, period: old.period, jitter: old.jitter,
			rng: rand.New(rand.NewPCG(seed, 100+uint64(slot))), game: &botGame{players: old.game.players, seed: old.game.seed, logMembers: true},
			ends: []netplay.Peer{{Slot: 0, Link: c}}, wake: p.w.now}
		var err error
		if np.session, err = netplay.New(netplay.Config{Terms: p.session.Terms(), Local: netplay.Local{Rejoin: true}, Slot: slot, Peers: np.ends}); err != nil {
			t.Error(err)
			return
		}
		if err := p.session.Rejoin(slot, h); err != nil {
			t.Error(err)
			return
		}
		w.peers[slot] = np
	}
}

// A 4-slot session whose host starts with 2 players: slots 2 and 3 are
// Gone from tick 0 on every peer; a newcomer takes slot 2 and another,
// later, slot 3, each replaying the session from tick 0; a spectator
// comes between them. Every peer (newcomers and the spectator included)
// ends on the last tick with the same state after every tick and the same
// Members at every tick, each empty slot Gone from 0 and Playing from
// one tick on; the host's recording replays to the same states.
func TestASessionStartedWithSlotsEmptyFillsThemWithNewcomers(t *testing.T) {
	cond := netsim.Conditions{Latency: 20 * time.Millisecond, Jitter: 10 * time.Millisecond, Loss: 0.03}
	for seed := range propertySeeds() {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			const ticks = 1500
			w := emptyWorld(t, 4, 2, setup{ticks: ticks, cond: cond, seed: seed, delay: 2 + int(seed%3), drop: 2 * time.Second, rollback: int(seed % 2 * 8)})
			recs := recordAll(t, w, 4)
			early := -1 // the host's peers at tick 100, before anyone came
			w.peers[0].onFrame = func(p *simPeer) {
				if early < 0 && p.session.Tick() >= 100 {
					early = p.session.Stats().Peers
				}
			}
			arrive(t, w, 200+seed*3, 2, cond, seed, ticks)
			arrive(t, w, 700+seed*5, 3, cond, seed, ticks)
			var watcher *simPeer
			addWatcher(t, w, 500, cond, seed, ticks, nil, func(p *simPeer) { watcher = p; p.game.logMembers = true })
			if !w.run(ticks) {
				t.Fatal("the peers did not finish")
			}
			sameRun(t, w, ticks)
			if watcher == nil {
				t.Fatal("no spectator was taken")
			}
			ref := w.peers[0].game.everyMembers
			for _, p := range w.peers {
				if !slices.Equal(p.game.everyMembers, ref) {
					t.Fatalf("peer %d's Members differ from the host's at some tick", p.i)
				}
			}
			checkSlotsFilled(t, ref, [4]uint64{0, 0, 200 + seed*3, 700 + seed*5}, ticks)
			checkNewcomersCounted(t, w, watcher, early)
			if seed < 10 {
				replaysTo(t, recs[0], w.peers[0], w.peers[0].game.hashes)
			}
		})
	}
}

// checkSlotsFilled checks every tick's Members, ref, of a 4-slot session
// started with slots 2 and 3 empty: slots 0 and 1 Playing at tick 0, and
// each empty one Gone then, and Playing once, from the tick its newcomer
// came (came[slot]) on, before the last tick.
func checkSlotsFilled(t *testing.T, ref []engine.Member, came [4]uint64, ticks uint64) {
	t.Helper()
	for slot, since := range came {
		joined := membersOf(ref, 4, slot)
		if joined.first != engine.Playing && slot < 2 || joined.first != engine.Gone && slot >= 2 {
			t.Fatalf("slot %d at tick 0 is %v", slot, joined.first)
		}
		if slot >= 2 && (joined.playing < since || joined.playing >= ticks || joined.changes != 1) {
			t.Fatalf("slot %d Playing from tick %d after %d changes: want one change, at or after tick %d (when it came)", slot, joined.playing, joined.changes, since)
		}
	}
}

// checkNewcomersCounted checks the host's counts of w's session filled
// by two newcomers and watched by watcher: none given up, two taken in
// late, and its peers (early: at tick 100) those who came, never the
// empty slots.
func checkNewcomersCounted(t *testing.T, w *world, watcher *simPeer, early int) {
	t.Helper()
	st := w.peers[0].session.Stats()
	if st.GaveUp != 0 || st.Rejoined != 2 || st.JoinedLate != 2 {
		t.Fatalf("the host gave up %d slots, took %d players in, %d late: want 0, 2, 2", st.GaveUp, st.Rejoined, st.JoinedLate)
	}
	// The empty slots' placeholders were never peers; the
	// newcomers and the spectator are.
	if early != 1 || st.Peers != 4 || w.peers[1].session.Stats().Peers != 1 || watcher.session.Stats().Peers != 1 {
		t.Fatalf("peers: the host's %d at tick 100 and %d at the end, the first joiner's %d, the spectator's %d: want 1, 4 (3 players and the spectator), 1 and 1",
			early, st.Peers, w.peers[1].session.Stats().Peers, watcher.session.Stats().Peers)
	}
}

// slotLife is how one slot's Members went over a session.
type slotLife struct {
	first   engine.Presence
	playing uint64 // the first tick it was Playing after being Gone
	changes int
}

// membersOf follows slot through log, players Members a tick.
func membersOf(log []engine.Member, players, slot int) slotLife {
	var l slotLife
	for n := 0; n*players < len(log); n++ {
		m := log[n*players+slot]
		switch {
		case n == 0:
			l.first = m.Presence
		case m.Presence != log[(n-1)*players+slot].Presence:
			l.changes++
			if m.Presence == engine.Playing && l.playing == 0 {
				l.playing = uint64(n)
			}
			if m.Since != uint64(n) {
				l.changes = 100 // Since must be the tick it changed on
			}
		}
	}
	return l
}

// An empty slot needs LateJoin on the host, and names a joiner's slot
// once; the host links to the held slots only.
func TestEmptySlotsAreChecked(t *testing.T) {
	w := newWorld(setup{players: 3, ticks: 1, seed: 1})
	one := w.peers[0].ends[:1]
	for _, c := range []struct {
		name string
		cfg  netplay.Config
	}{
		{"without LateJoin", netplay.Config{Terms: netplay.Terms{Players: 3, PlayOn: true, Empty: []int{2}}, Peers: one}},
		{"the host's slot", netplay.Config{Terms: netplay.Terms{Players: 3, PlayOn: true, LateJoin: true, Empty: []int{0}}, Peers: one}},
		{"past the players", netplay.Config{Terms: netplay.Terms{Players: 3, PlayOn: true, LateJoin: true, Empty: []int{3}}, Peers: one}},
		{"twice", netplay.Config{Terms: netplay.Terms{Players: 3, PlayOn: true, LateJoin: true, Empty: []int{2, 2}}, Peers: one[:0]}},
		{"a link to an empty slot", netplay.Config{Terms: netplay.Terms{Players: 3, PlayOn: true, LateJoin: true, Empty: []int{1}}, Peers: one}},
		{"a link too many", netplay.Config{Terms: netplay.Terms{Players: 3, PlayOn: true, LateJoin: true, Empty: []int{2}}, Peers: w.peers[0].ends}},
	} {
		if _, err := netplay.New(c.cfg); err == nil {
			t.Errorf("%s: a host was made", c.name)
		}
	}
	if _, err := netplay.New(netplay.Config{Terms: netplay.Terms{Players: 3, PlayOn: true, LateJoin: true, Empty: []int{1, 2}}}); err != nil {
		t.Errorf("a host alone with both joiners' slots empty: %v", err)
	}
}
