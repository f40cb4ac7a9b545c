package netplay_test

import (
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// A peer whose frames take seconds for a while (its ticks 250 ms each,
// a heavy scene on a slow machine: frames of 2 s in lockstep, more when
// a predicted copy is ticked again) is neither silent nor lagging to
// the other, with the silence and lag bounds at 1 s: its long frames
// take in and send datagrams between ticks (KeepAlive), and a peer
// that runs on to new ticks is busy, not withholding its input. Without
// it the other gave its slot up after 1 s of silence.
func TestAPeerWhoseFramesTakeSecondsIsNeitherSilentNorLagging(t *testing.T) {
	for seed := range uint64(4) {
		rollback := 8 * int(seed%2)
		const ticks = 600
		cond := netsim.Conditions{Latency: 25 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.02}
		w := newWorld(setup{players: 2, ticks: ticks, cond: cond, seed: seed, delay: 3, rollback: rollback,
			drop: time.Second, lag: time.Second})
		slow := w.peers[1+int(seed/2%2)-1] // the host, then a joiner
		var longest, last time.Duration
		slow.onFrame = func(p *simPeer) {
			if last != 0 {
				longest = max(longest, w.now-last)
			}
			last = w.now
		}
		slow.game.busy = func(n uint64) {
			if n >= 200 && n < 260 {
				slow.wake = w.now + 250*time.Millisecond
				slow.handOff()
			}
		}
		if !w.run(ticks) {
			t.Fatalf("seed %d: the peers did not finish", seed)
		}
		sameRun(t, w, ticks)
		for _, p := range w.peers {
			st := p.session.Stats()
			if st.GaveUp != 0 || st.Lagging != 0 {
				t.Fatalf("seed %d (rollback %d): peer %d gave up %d slots, found %d lagging, with peer %d's frames up to %v long",
					seed, rollback, p.i, st.GaveUp, st.Lagging, slow.i, longest)
			}
		}
		if st := slow.session.Stats(); longest < 1500*time.Millisecond || st.KeepAlives == 0 {
			t.Fatalf("seed %d: the slow peer's longest frame took %v, with %d keep-alives: want 1.5 s or more, and some", seed, longest, st.KeepAlives)
		}
		t.Logf("seed %d rollback %d: slow peer %d, longest frame %v, %d keep-alives", seed, rollback, slow.i, longest, slow.session.Stats().KeepAlives)
	}
}
