package netplay_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
)

// drawTrace is the tick each frame of a peer drew (the present one when
// drawing ahead).
type drawTrace []uint64

// trace records what p draws from now on.
func (tr *drawTrace) trace(p *simPeer) {
	p.game.draw = func(_ *botGame, f *engine.Frame) { *tr = append(*tr, host.LoopOf(f).Present()) }
}

// runs are the stretches of frames that drew the tick the frame before
// drew, up to the last tick (where the present waits for the verified
// one at the session's end, and nothing is due).
func (tr drawTrace) runs(last uint64) []uint64 {
	var runs []uint64
	n := uint64(0)
	for i := 1; i < len(tr); i++ {
		if tr[i] == tr[i-1] && tr[i] < last {
			n++
			continue
		}
		if n > 0 {
			runs = append(runs, n)
		}
		n = 0
	}
	if n > 0 {
		runs = append(runs, n)
	}
	return runs
}

// stalled is the time a loop gave up, from the trace of a peer whose
// frames come exactly a tick apart: each frame owes one tick more; a
// frame that drew fewer ticks on than it owed was held, keeps one tick
// owed and gives the rest up.
func (tr drawTrace) stalled(dt time.Duration) time.Duration {
	var owed, given uint64
	for i := 1; i < len(tr); i++ {
		owed++
		if ran := tr[i] - tr[i-1]; ran < owed {
			given += owed - ran - 1
			owed = 1
		} else {
			owed -= ran
		}
	}
	return time.Duration(given) * dt
}

// What the summary says a player saw is what a trace of the ticks drawn
// shows: on peers whose frames come exactly a tick apart (so every
// frame is due one tick), every frame that drew the tick the frame
// before drew is a repeated frame, the longest run of them is
// RepeatedRun, and the time stalled is what the frames that drew fewer
// ticks than they owed gave up beyond the one tick a held frame keeps
// owed (so a lone repeated frame gives up nothing: the frame after
// draws two ticks). In lockstep and drawing ahead, with two and three
// players over a lossy link with an outage.
func TestRepeatedFramesAndStallsAgreeWithTheTicksDrawn(t *testing.T) {
	dt := time.Second / 60
	for seed := range uint64(8) {
		players, rollback := 2+int(seed%2), 8*int(seed/2%2)
		name := fmt.Sprintf("seed%d/%dplayers/rollback%d", seed, players, rollback)
		t.Run(name, func(t *testing.T) {
			const ticks = 1200
			w := newWorld(setup{players: players, ticks: ticks, cond: lossy, seed: seed, delay: 2, rollback: rollback})
			traces := make([]drawTrace, players)
			down := lossy
			down.Loss = 1
			for i, p := range w.peers {
				p.period, p.jitter = dt, 0
				traces[i].trace(p)
				p.onFrame = func(p *simPeer) { // a half-second outage: every peer repeats frames
					switch p.frameN {
					case 400:
						w.setConditions(down)
					case 430:
						w.setConditions(lossy)
					}
				}
			}
			if !w.run(ticks) {
				t.Fatal("the peers did not finish")
			}
			sameRun(t, w, ticks)
			some := false
			for i, p := range w.peers {
				runs := traces[i].runs(ticks)
				var repeated, longest uint64
				for _, r := range runs {
					repeated += r
					longest = max(longest, r)
				}
				stalled := traces[i].stalled(dt)
				h := p.rep.Held
				if h.Repeated != repeated || h.RepeatedRun != longest {
					t.Fatalf("peer %d: summary says %d repeated frames, %d at most in a row; the trace shows %d and %d", i, h.Repeated, h.RepeatedRun, repeated, longest)
				}
				if d := h.Stalled - stalled; d < -dt || d > dt {
					t.Fatalf("peer %d: stalled %v; the trace of its %d frames gives %v", i, h.Stalled, len(traces[i]), stalled)
				}
				some = some || repeated > 0
			}
			if !some {
				t.Fatal("no peer repeated a frame over an outage: the test shows nothing")
			}
		})
	}
}
