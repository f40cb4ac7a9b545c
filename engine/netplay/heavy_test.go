package netplay_test

import (
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// heavySession plays 600 ticks between two peers at a 100 ms round trip
// (5 ms of jitter, 2% loss), the input delay following the round trip
// from its first pick; the ticks of the peers heavy names take 6 ms each
// (a 2,000-body scene on a slow machine), so that a copy and a tick
// more do not fit a frame. It returns the time the session took.
func heavySession(t *testing.T, seed uint64, rollback int, heavy ...int) (time.Duration, *world) {
	t.Helper()
	const ticks = 600
	cond := netsim.Conditions{Latency: 50 * time.Millisecond, Jitter: 5 * time.Millisecond, Loss: 0.02}
	delay := netplay.DelayFor(100*time.Millisecond, 60)
	if rollback > 0 {
		delay = netplay.PredictedDelayFor(100*time.Millisecond, 60)
	}
	w := newWorld(setup{players: 2, ticks: ticks, cond: cond, seed: seed, delay: delay, rollback: rollback, adapt: true})
	for _, i := range heavy {
		p := w.peers[i]
		p.game.busy = func(uint64) {
			p.wake = w.now + 6*time.Millisecond
			p.handOff()
		}
	}
	if !w.run(ticks) {
		t.Fatalf("seed %d, rollback %d: the peers did not finish", seed, rollback)
	}
	sameRun(t, w, ticks)
	return w.now, w
}

// A heavy scene drawn ahead keeps the session's pace: its frames cannot
// afford a copy and the ticks after it, so the prediction's depth falls
// (to 0: frames drawn from the verified game), the joiner tells the host
// its depth, and the host raises the input delay to what the depth no
// longer covers (DelayForDepth), so the session plays in about the time
// it takes in lockstep, whether both peers are heavy or only the joiner.
// Before, the delay stayed prediction's 0 and the present waited a round
// trip for most ticks: 2.6 times lockstep's time.
func TestAHeavySceneDrawnAheadKeepsTheSessionsPace(t *testing.T) {
	for seed := range propertySeeds() {
		heavy := []int{0, 1}
		if seed%2 == 1 {
			heavy = []int{1}
		}
		lock, _ := heavySession(t, seed, 0, heavy...)
		pred, w := heavySession(t, seed, netplay.DefaultRollback, heavy...)
		if pred > lock*6/5 {
			t.Fatalf("seed %d, heavy peers %v: drawing ahead the session took %v, in lockstep %v: want at most 1.2 times", seed, heavy, pred, lock)
		}
		for _, i := range heavy {
			p := w.peers[i]
			if p.rep.Prediction.LimitLowest >= netplay.DefaultRollback {
				t.Fatalf("seed %d: heavy peer %d's depth never fell: %+v", seed, i, p.rep.Prediction)
			}
		}
		st := w.peers[0].session.Stats()
		if st.DelayChanges == 0 || st.InputDelay < 2 {
			t.Fatalf("seed %d, heavy peers %v: the host's delay is %d after %d changes: want it raised for the lowered depth", seed, heavy, st.InputDelay, st.DelayChanges)
		}
		if seed < 2 {
			t.Logf("seed %d, heavy peers %v: lockstep %v, drawing ahead %v (delay %d, depth lowest %d)", seed, heavy, lock, pred,
				st.InputDelay, w.peers[heavy[0]].rep.Prediction.LimitLowest)
		}
	}
}
