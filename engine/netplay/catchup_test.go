package netplay_test

import (
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// A peer that rejoins a session 150 s old catches up many times faster
// than the tick rate: the host sends a window of input ahead of what it
// acknowledged each round trip (448 ticks: what the peer's ring holds
// beyond a block), so the speed follows the round trip (measured: 11,000
// ticks/s at 10 ms, 6,300 at 50 ms, 4,000 at 100 ms; with a ring of 128
// ticks it was 2,100, 930 and 560).
func TestARejoinedPeerCatchesUpManyTimesFasterThanRealTime(t *testing.T) {
	for _, lat := range []time.Duration{5 * time.Millisecond, 25 * time.Millisecond, 50 * time.Millisecond} {
		cond := netsim.Conditions{Latency: lat}
		const ticks = 12000
		w := newWorld(setup{players: 2, ticks: ticks, cond: cond, seed: 1, delay: 3})
		restart(t, w, 1, 9000, time.Second, cond, 1, ticks)
		var start, end time.Duration
		var startTick uint64
		orig := w.peers[1]
		prev := w.peers[0].onFrame
		w.peers[0].onFrame = func(p *simPeer) {
			prev(p)
			r := w.peers[1]
			if r == orig || r.frameN == 0 {
				return
			}
			if start == 0 {
				start, startTick = p.w.now, p.session.Tick()
			}
			if end == 0 && !r.session.CatchingUp() && r.session.Tick() > 100 {
				end = p.w.now
			}
		}
		if !w.run(ticks) {
			t.Fatal("did not finish")
		}
		sameRun(t, w, ticks)
		rate := float64(startTick) / (end - start).Seconds()
		t.Logf("one-way %v: caught up %d ticks in %v: %.0f ticks/s", lat, startTick, end-start, rate)
		// Four fifths of a window each round trip and two frames (the host's
		// and the peer's) of 25 ms.
		if want := 0.8 * 448 / (2*lat + 50*time.Millisecond).Seconds(); end == 0 || rate < want {
			t.Fatalf("one-way %v: caught up at %.0f ticks/s, want at least %.0f", lat, rate, want)
		}
	}
}
