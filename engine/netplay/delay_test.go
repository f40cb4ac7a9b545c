package netplay_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// TestRoundTripIsMeasuredFromDatagramTimestamps runs peers drawing a
// frame every 16.7 ms over a link of 1 ms each way: the round trip they
// report must be the link's, not a frame's.
func TestRoundTripIsMeasuredFromDatagramTimestamps(t *testing.T) {
	cond := netsim.Conditions{Latency: time.Millisecond}
	w := newWorld(setup{players: 2, ticks: 600, cond: cond, seed: 1, delay: 2})
	if !w.run(600) {
		t.Fatal("the peers did not finish")
	}
	sameRun(t, w, 600)
	for _, p := range w.peers {
		st := p.session.Stats()
		if st.RTT50 < 2*time.Millisecond || st.RTT99 > 3*time.Millisecond {
			t.Fatalf("peer %d measured a round trip of p50 %v, p99 %v: want 2 ms to 3 ms (the link's 2 ms)", p.i, st.RTT50, st.RTT99)
		}
	}
}

// delaySeen records, for every tick a peer was about to run at the start
// of a frame, the input delay its session had in force then.
type delaySeen map[uint64]int

// TestInputDelayFollowsTheRoundTripOnATickEveryPeerAgrees raises the
// link's latency mid-session and lowers it again: the host changes the
// input delay each time, every peer changes it on the same tick, and the
// states stay equal.
func TestInputDelayFollowsTheRoundTripOnATickEveryPeerAgrees(t *testing.T) {
	for seed := range propertySeeds() {
		players := 2 + int(seed%2)
		fast := netsim.Conditions{Latency: 5 * time.Millisecond, Jitter: 2 * time.Millisecond, Loss: float64(seed%3) * 0.05, Reorder: 0.05}
		slow := fast
		slow.Latency = 90 * time.Millisecond
		const ticks = 2400
		w := newWorld(setup{players: players, ticks: ticks, cond: fast, seed: seed, delay: 1, adapt: true})
		seen := delaySeen{}
		conflict := ""
		for _, p := range w.peers {
			p.onFrame = func(p *simPeer) {
				switch p.frameN {
				case 600:
					w.setConditions(slow)
				case 1500:
					w.setConditions(fast)
				}
				n, d := p.session.Tick(), p.session.Stats().InputDelay
				if old, ok := seen[n]; ok && old != d && conflict == "" {
					conflict = fmt.Sprintf("tick %d: delay %d and %d", n, old, d)
				}
				seen[n] = d
			}
		}
		if !w.run(ticks) {
			t.Fatalf("seed %d: the peers did not finish", seed)
		}
		sameRun(t, w, ticks)
		if conflict != "" {
			t.Fatalf("seed %d: peers disagree on the input delay at %s", seed, conflict)
		}
		lo, hi, end := 99, 0, w.peers[0].session.Stats().InputDelay
		for _, d := range seen {
			lo, hi = min(lo, d), max(hi, d)
		}
		hops := players - 1 // a joiner's input reaches another through the host
		want := netplay.PathDelay(time.Duration(hops)*180*time.Millisecond, hops, 60, 0)
		// Lowered only with a quarter tick to spare: the path and half a tick.
		back := netplay.PathDelay(time.Duration(hops)*16*time.Millisecond+time.Second/120, hops, 60, 0)
		if hi < want || end > back {
			t.Fatalf("seed %d: the delay went from %d up to %d and ended at %d: want it to reach %d on the slow link and fall back to %d or less", seed, lo, hi, end, want, back)
		}
		for _, p := range w.peers {
			if st := p.session.Stats(); st.DelayChanges < 2 {
				t.Fatalf("seed %d: peer %d changed its delay %d times: want at least 2", seed, p.i, st.DelayChanges)
			}
		}
	}
}

// Over a 100 ms round trip with 10% jitter and 2% loss, on peers whose
// frames come up to 10 ms late (a busy machine), the host settles the
// delay at PathDelay's for the path and keeps it there: the datagrams'
// round trips, timed from their own timestamps, do not ratchet it up.
func TestInputDelayComesFromTheMedianRoundTripAndDoesNotRatchet(t *testing.T) {
	for seed := range propertySeeds() {
		players := 2 + int(seed%2)
		cond := netsim.Conditions{Latency: 25 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.02}
		if players == 2 {
			cond.Latency = 50 * time.Millisecond
		}
		const ticks = 1800
		w := newWorld(setup{players: players, ticks: ticks, cond: cond, seed: seed, delay: 1, adapt: true})
		hi := 0
		for _, p := range w.peers {
			p.jitter = 10 * time.Millisecond
			p.onFrame = func(p *simPeer) {
				if p.frameN > 120 {
					hi = max(hi, p.session.Stats().InputDelay)
				}
			}
		}
		if !w.run(ticks) {
			t.Fatalf("seed %d: the peers did not finish", seed)
		}
		sameRun(t, w, ticks)
		// The path an input takes is 100 to 110 ms there and back, host
		// to joiner or joiner to joiner (2 hops): half is 3 ticks and a
		// bit, 4 whole ones, a tick for each hop's frame and one more.
		hops := players - 1
		want := netplay.PathDelay(100*time.Millisecond, hops, 60, 0)
		if most := netplay.PathDelay(110*time.Millisecond, hops, 60, 0); most != want {
			t.Fatalf("PathDelay gives %d for a 100 ms path of %d hops, %d for 110 ms: the test wants one", want, hops, most)
		}
		end := w.peers[0].session.Stats()
		if end.InputDelay != want || hi > want || end.DelayChanges > 2 {
			t.Fatalf("seed %d (%d players): the delay ended at %d after %d changes, at most %d: want %d, no higher, in at most 2 changes",
				seed, players, end.InputDelay, end.DelayChanges, hi, want)
		}
	}
}

// Drawing ahead, the input delay follows the round trip too, from the
// depth's point of view (PathDelay): 0 while the path fits the 8 ticks
// drawn ahead, 3 over a 280 ms round trip (4 over two hops of 140 ms:
// past the 2 PredictedDelayFor stops at), 0 again once it is short; peers that change it with their
// presents ahead of their verified ticks (the input of a few ticks
// carried or held, never lost) still reach the same states.
func TestInputDelayDrawingAheadFollowsTheRoundTrip(t *testing.T) {
	for seed := range propertySeeds() {
		players := 2 + int(seed%2)
		fast := netsim.Conditions{Latency: 5 * time.Millisecond, Jitter: 2 * time.Millisecond, Loss: float64(seed%3) * 0.02}
		slow := fast
		slow.Latency = 140 * time.Millisecond
		if players == 3 { // a joiner's input reaches the other through the host: twice the link
			slow.Latency = 70 * time.Millisecond
		}
		const ticks = 2400
		w := newWorld(setup{players: players, ticks: ticks, cond: fast, seed: seed, delay: 0, rollback: netplay.DefaultRollback, adapt: true})
		hi := 0
		for _, p := range w.peers {
			p.onFrame = func(p *simPeer) {
				switch p.frameN {
				case 600:
					w.setConditions(slow)
				case 1500:
					w.setConditions(fast)
				}
				hi = max(hi, p.session.Stats().InputDelay)
			}
		}
		if !w.run(ticks) {
			t.Fatalf("seed %d: the peers did not finish", seed)
		}
		sameRun(t, w, ticks)
		end := w.peers[0].session.Stats()
		if want := netplay.PathDelay(282*time.Millisecond, players-1, 60, netplay.DefaultRollback); hi != want || end.InputDelay != 0 || end.DelayChanges < 2 {
			t.Fatalf("seed %d (%d players): the delay rose to %d and ended at %d after %d changes: want %d on the slow link, 0 after",
				seed, players, hi, end.InputDelay, end.DelayChanges, want)
		}
	}
}

// DelayForDepth gives what the depth leaves of the one-way trip and two
// ticks, lockstep's delay at depth 0 and never more, and at the default
// depth PredictedDelayFor's.
func TestDelayForDepthGivesWhatTheDepthLeavesOfTheTrip(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		rtt         time.Duration
		depth, want int
	}{
		{100 * ms, 0, 4}, {100 * ms, 1, 4}, {100 * ms, 3, 2}, {100 * ms, 5, 0}, {100 * ms, 8, 0},
		{200 * ms, 0, 7}, {200 * ms, 4, 4}, {200 * ms, 8, 0}, {210 * ms, 8, 1},
		{300 * ms, 7, 4}, {300 * ms, 8, 2}, {0, 0, 1}, {0, 1, 1}, {0, 3, 0},
	} {
		if got := netplay.DelayForDepth(c.rtt, 60, c.depth); got != c.want {
			t.Errorf("DelayForDepth(%v, 60, %d) = %d, want %d", c.rtt, c.depth, got, c.want)
		}
	}
	for rtt := time.Duration(0); rtt < time.Second; rtt += 7 * ms {
		if p, d := netplay.PredictedDelayFor(rtt, 60), netplay.DelayForDepth(rtt, 60, netplay.DefaultRollback); p != d {
			t.Fatalf("at %v PredictedDelayFor is %d, DelayForDepth at the default depth %d", rtt, p, d)
		}
	}
}
