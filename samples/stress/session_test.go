package main

import (
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
	"github.com/lockstep-engine/lockstep/engine/predicttest"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/samples/scene"
)

// scripted is a peer's session with a scripted player in place of the
// keyboard and mouse: it grabs a ball, drags it about and lets go, then
// pushes balls with the other button.
type scripted struct {
	*netplay.Session
	slot int
	in   engine.Input
}

// Local is the session's, with the script's input for tick p.
func (s *scripted) Local(p uint64, _ *engine.Input) (bool, error) {
	botInput(uint64(s.slot), p, &s.in)
	return s.Session.Local(p, &s.in)
}

// Inputs is the session's, with the script's input for tick n (read in
// lockstep, ignored while predicting).
func (s *scripted) Inputs(n uint64, _ *engine.Input, players []engine.Input, state engine.StateHasher) (bool, error) {
	botInput(uint64(s.slot), n, &s.in)
	return s.Session.Inputs(n, &s.in, players, state)
}

// peer is one side of an in-process session: its game, loop and session.
type peer struct {
	game    desktop.Game
	session *netplay.Session
	loop    *predicttest.Loop
	done    bool
}

// startPeer builds the 2,000-ball tank on e and starts its loop in a
// session of two, slot slot, over link.
func startPeer(t *testing.T, e backend.Engine, slot int, link netplay.Link, ticks uint64, rollback int) *peer {
	t.Helper()
	g := scene.Game(&stress{bodies: testBodies})
	if err := g.(desktop.Starter).Start(&desktop.Setup{Seed: 1, Physics: e}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = g.(interface{ Close() error }).Close() })
	other := 1 - slot
	s, err := netplay.New(netplay.Config{Terms: netplay.Terms{Players: 2, InputDelay: 1},
		Local: netplay.Local{Rollback: rollback}, Slot: slot, Peers: []netplay.Peer{{Slot: other, Link: link}}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := engine.Config{Players: 2, Ticks: ticks}
	return &peer{game: g, session: s, loop: predicttest.Start(desktop.PartsOf(g, nil), cfg, host.Wiring{Lockstep: &scripted{Session: s, slot: slot}})}
}

// playSession plays a session of two peers of the tank over the
// in-process emulator at a round trip of rtt (a tenth of it jitter, 2%
// loss) for ticks, a frame of each at a time on one fake clock, and
// returns their reports.
func playSession(t *testing.T, e backend.Engine, rtt time.Duration, ticks uint64, rollback int) [2]host.Report {
	t.Helper()
	var now time.Duration
	net := netsim.New(func() time.Duration { return now }, 1)
	cond := netsim.Conditions{Latency: rtt / 2, Jitter: rtt / 20, Loss: 0.02}
	a, b := net.Pipe(cond, cond)
	peers := [2]*peer{startPeer(t, e, 0, a, ticks, rollback), startPeer(t, e, 1, b, ticks, rollback)}
	limit := int(ticks)*8 + 600 // frames: a stalled run is a failure, not a hang
	for f := 0; ; f++ {
		if s0, s1 := peers[0].settled(now), peers[1].settled(now); s0 && s1 {
			break
		}
		if f > limit {
			t.Fatalf("%v: the session did not end in %d frames: %v %v %+v %+v", e, limit, peers[0].done, peers[1].done, peers[0].session.Stats(), peers[1].session.Stats())
		}
		for _, p := range peers {
			if !p.done {
				p.done = !p.loop.Frame()
			}
		}
		now += time.Second / 60
	}
	var reps [2]host.Report
	for i, p := range peers {
		rep, err := p.loop.Stop()
		if err != nil {
			t.Fatalf("%v: peer %d: %v", e, i, err)
		}
		reps[i] = rep
	}
	return reps
}

// settled reports whether p's loop ended and its session has nothing
// left to send, calling its Frame meanwhile as a run's end does.
func (p *peer) settled(now time.Duration) bool {
	if !p.done {
		return false
	}
	_ = p.session.Frame(now, false)
	return p.session.Settled()
}

// Two players play the 2,000-ball tank in a session over the in-process
// emulator at a 100 ms round trip, drawing ahead, on every physics
// engine this binary has: both end on the same state hash, after
// mispredicted grabs and pushes made the copy be copied again.
func TestTwoPlayersPlayTheTankToTheSameHash(t *testing.T) {
	for _, e := range backend.Built() {
		const ticks = 60

		reps := playSession(t, e, 100*time.Millisecond, ticks, netplay.DefaultRollback)
		for i, r := range reps {
			if r.Ticks != ticks {
				t.Fatalf("%v: peer %d ran %d ticks, want %d", e, i, r.Ticks, ticks)
			}
		}
		if reps[0].StateHash != reps[1].StateHash {
			t.Fatalf("%v: the peers ended on hashes %x and %x", e, reps[0].StateHash, reps[1].StateHash)
		}
		p := reps[1].Prediction
		if p.Frames == 0 || p.Copies < 2 {
			t.Fatalf("%v: %d frames drawn ahead, %d copies: want frames drawn from copies made again after wrong guesses", e, p.Frames, p.Copies)
		}
		t.Logf("%v: hash %x, %d frames drawn ahead, %d copies, %d ticks re-run", e, reps[0].StateHash, p.Frames, p.Copies, p.Resimulated)
	}
}

var testBodies = defaultBodies
