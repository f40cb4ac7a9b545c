package netplay_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

var lossy = netsim.Conditions{Latency: 30 * time.Millisecond, Jitter: 15 * time.Millisecond, Loss: 0.1, Reorder: 0.05}

func TestInjectedDesyncIsFoundWithinOneHashInterval(t *testing.T) {
	for _, players := range []int{2, 3} {
		w := newWorld(setup{players: players, ticks: 5000, cond: lossy, seed: 11, delay: 4})
		w.peers[players-1].game.skewAt = 1001 // its state goes wrong in tick 1000
		if !w.run(5000) {
			t.Fatal("the peers did not finish")
		}
		for _, p := range w.peers {
			var d *netplay.DesyncError
			if !errors.As(p.err, &d) {
				t.Fatalf("%d players: peer %d ended with %v, want a desync", players, p.i, p.err)
			}
			if d.Tick != 1020 { // the first hashed tick after 1000 (every 60)
				t.Fatalf("%d players: peer %d names tick %d, want 1020: %v", players, p.i, d.Tick, d)
			}
			if st := p.session.Stats(); st.Desync == nil || *st.Desync != 1020 {
				t.Fatalf("peer %d's stats say desync %v, want 1020", p.i, st.Desync)
			}
			if len(p.game.hashes) > 1020+60 {
				t.Fatalf("peer %d ran on to tick %d after the desync", p.i, len(p.game.hashes))
			}
		}
	}
}

func TestQuitEndsEveryPeerOnTheSameTick(t *testing.T) {
	for _, players := range []int{2, 3} {
		w := newWorld(setup{players: players, ticks: 0, cond: lossy, seed: 5, delay: 3})
		w.peers[players-1].quitAt = 700
		if !w.run(0) {
			t.Fatal("the peers did not finish")
		}
		n := len(w.peers[0].game.hashes)
		if n < 300 || n > 700 { // the quit comes at frame 700: fewer ticks run by then
			t.Fatalf("the session ended at tick %d: want it where the quit came", n)
		}
		sameRun(t, w, uint64(n))
		for _, p := range w.peers {
			if !p.session.Settled() {
				t.Fatalf("peer %d did not settle", p.i)
			}
		}
	}
}

// A joiner gives up on a host silent for DropAfter; the host gives the
// joiner's slot up and ends cleanly (members_test.go has the rest).
func TestSilentPeerIsShownThenGivenUp(t *testing.T) {
	w := newWorld(setup{players: 2, ticks: 0, cond: lossy, seed: 9, delay: 3, drop: 2 * time.Second})
	var cutAt, warnedAt time.Duration
	w.peers[1].quitAt = -1
	host := w.peers[0]
	w.peers[1].onFrame = func(p *simPeer) {
		if p.frameN == 300 {
			cutAt = p.w.now
			host.ends[0].Link.(*netsim.End).Cut()
		}
	}
	host.onFrame = func(p *simPeer) {
		if _, _, ok := p.session.Waiting(); ok && warnedAt == 0 {
			warnedAt = p.w.now
		}
	}
	if !w.run(0) {
		t.Fatal("the peers did not finish")
	}
	if host.err != nil || host.session.Stats().GaveUp != 1 {
		t.Fatalf("the host ended with %v having given up %d slots, want a clean end giving up 1", host.err, host.session.Stats().GaveUp)
	}
	var s *netplay.SilentError
	if p := w.peers[1]; !errors.As(p.err, &s) {
		t.Fatalf("the joiner ended with %v, want it to find the host silent", p.err)
	}
	if s.For < 2*time.Second || s.For > 2*time.Second+100*time.Millisecond {
		t.Fatalf("the joiner gave up after %v of silence, want 2 s", s.For)
	}
	if warnedAt == 0 || warnedAt-cutAt < 750*time.Millisecond || warnedAt-cutAt > 950*time.Millisecond {
		t.Fatalf("the host showed the silence %v after the cut, want just after 0.75 s", warnedAt-cutAt)
	}
}

func TestAPeerAheadSlowsDownForTheOther(t *testing.T) {
	w := newWorld(setup{players: 2, ticks: 1200, cond: netsim.Conditions{Latency: 40 * time.Millisecond}, seed: 2, delay: 6})
	w.peers[1].wake = 200 * time.Millisecond // starts 12 ticks later
	if !w.run(1200) {
		t.Fatal("the peers did not finish")
	}
	sameRun(t, w, 1200)
	if st := w.peers[0].session.Stats(); st.Slowed == 0 {
		t.Fatalf("the peer that started first never slowed down: %+v", st)
	}
}

func TestDesyncMessageNamesTheTickAndTheUsualCauses(t *testing.T) {
	for _, e := range []*netplay.DesyncError{
		{Tick: 120, Slot: 1, Ours: 1, Theirs: 2},
		{Tick: 120, FoundBy: 1},
	} {
		msg := e.Error()
		for _, want := range []string{"tick 120", "wall clock", "map iteration order", "local files", "flags", "recordings"} {
			if !strings.Contains(msg, want) {
				t.Fatalf("%q does not say %q", msg, want)
			}
		}
	}
}
