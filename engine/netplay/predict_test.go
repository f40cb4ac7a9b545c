package netplay_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
	"github.com/lockstep-engine/lockstep/engine/tape"
)

// predicted is what a predicting peer drew: the present tick and the
// state of each frame drawn from its predicted copy.
type predicted struct {
	main    *botGame
	frames  []drawn
	deepest uint64 // the most ticks a frame was drawn ahead
	// pressed are when this peer's player pressed Z; shown how many of
	// those presses a drawn frame showed, latency the time they took.
	pressed []time.Duration
	shown   int
	latency time.Duration
	now     func() time.Duration
}

type drawn struct{ present, state uint64 }

// Fork is the prediction's second instance (engine.Predictor).
func (g *botGame) Fork() (engine.Predictor, error) {
	if g.pred == nil {
		g.pred = &predicted{main: g}
	}
	return &botGame{players: g.players, seed: g.seed, pred: g.pred, busy: g.busy, draw: g.draw}, nil
}

// parts are the game's parts, as platform/desktop's PartsOf finds them.
func (g *botGame) parts() engine.Parts {
	return engine.Parts{Tick: g.Tick, Draw: g.Draw, StateHash: g.StateHash, Predictor: g,
		Fork: func() (engine.Parts, error) {
			f, err := g.Fork()
			return f.(*botGame).parts(), err
		}}
}

// CopyFrom copies the whole state: one word.
func (g *botGame) CopyFrom(src engine.Predictor) error {
	s := src.(*botGame)
	g.state, g.zs, g.zsBy = s.state, s.zs, s.zsBy
	return nil
}

func (p *predicted) drew(g *botGame, f *engine.Frame) {
	l := host.LoopOf(f)
	for ; p.shown < g.zs && p.shown < len(p.pressed); p.shown++ {
		p.latency += p.now() - p.pressed[p.shown]
	}
	ahead := l.Present() - l.Stats().Ticks
	p.deepest = max(p.deepest, ahead)
	if g != p.main {
		p.frames = append(p.frames, drawn{present: l.Present(), state: g.state})
	}
}

// wrongFrames counts the frames drawn from a state the verified
// timeline did not reach at their tick.
func (p *predicted) wrongFrames() (wrong, all int) {
	for _, d := range p.frames {
		if d.present > 0 && d.present <= uint64(len(p.main.hashes)) && p.main.hashes[d.present-1] != d.state {
			wrong++
		}
	}
	return wrong, len(p.frames)
}

// recordAll gives every peer a recorder; the recordings are returned.
func recordAll(t *testing.T, w *world, players int) []*bytes.Buffer {
	t.Helper()
	var bufs []*bytes.Buffer
	for _, p := range w.peers {
		b := &bytes.Buffer{}
		rec, err := tape.NewRecorder(b, tape.Header{Scene: "bot", TPS: 60, Players: players})
		if err != nil {
			t.Fatal(err)
		}
		p.tape = rec
		bufs = append(bufs, b)
	}
	return bufs
}

// stepClock and fastPlatform run a replay offline in no real time: every
// present moves the clock 100 ms on.
type stepClock struct{ now time.Duration }

func (c *stepClock) Now() time.Duration         { return c.now }
func (c *stepClock) SleepUntil(t time.Duration) { c.now = max(c.now, t) }
func (c *stepClock) PollEvents(host.EventSink)  {}
func (c *stepClock) Present() error             { c.now += 100 * time.Millisecond; return nil }

// replaysTo replays a peer's recording alone and checks it reaches want,
// the states the session's ticks reached.
func replaysTo(t *testing.T, rec *bytes.Buffer, p *simPeer, want []uint64) {
	t.Helper()
	if err := p.tape.(*tape.Recorder).Close(p.rep.StateHash); err != nil {
		t.Fatalf("peer %d: close its recording: %v", p.i, err)
	}
	tp, err := tape.Read(rec.Bytes())
	if err != nil {
		t.Fatalf("peer %d: read its recording: %v", p.i, err)
	}
	g := &botGame{players: p.game.players, seed: p.game.seed}
	c := &stepClock{}
	cfg := engine.Config{Mode: engine.ModeUncapped, Players: g.players}
	if _, err := host.Run(context.Background(), cfg, g.parts(), host.Wiring{Platform: c, Clock: c, Tape: tape.NewReplayer(tp)}); err != nil {
		t.Fatalf("peer %d: its recording does not replay: %v", p.i, err)
	}
	if len(g.hashes) != len(want) {
		t.Fatalf("peer %d: replay ran %d ticks, the session %d", p.i, len(g.hashes), len(want))
	}
	for n := range want {
		if g.hashes[n] != want[n] {
			t.Fatalf("peer %d: replay differs from the session after tick %d", p.i, n)
		}
	}
}

// predictedRun runs a predicting session and checks what every test of
// prediction wants: the same verified states on every peer, recordings
// that replay offline to them, frames never drawn more than rollback
// ahead.
func predictedRun(t *testing.T, s setup) *world {
	t.Helper()
	w := newWorld(s)
	recs := recordAll(t, w, s.players)
	if !w.run(s.ticks) {
		t.Fatal("the peers did not finish")
	}
	sameRun(t, w, s.ticks)
	for i, p := range w.peers {
		st := p.session.Stats()
		if st.Desync != nil {
			t.Fatalf("peer %d: desync at tick %d", i, *st.Desync)
		}
		pr := p.game.pred
		if pr == nil || len(pr.frames) == 0 && s.cond.Latency > 0 {
			t.Fatalf("peer %d drew no predicted frame over a %v link", i, s.cond.Latency)
		}
		if pr.deepest > uint64(s.rollback) {
			t.Fatalf("peer %d drew a frame %d ticks ahead: want at most %d", i, pr.deepest, s.rollback)
		}
		replaysTo(t, recs[i], p, w.peers[0].game.hashes)
		wrong, all := pr.wrongFrames()
		t.Logf("peer %d: delay %d, %d of %d frames drawn ahead (deepest %d), %d from a mispredicted state, %d inputs mispredicted, waited %d",
			i, st.InputDelay, all, p.rep.Frames, pr.deepest, wrong, st.Mispredicted, st.TicksWaited)
	}
	return w
}

// conditions is a link of round trip rtt with jitter and loss.
func conditions(rtt time.Duration, loss float64) netsim.Conditions {
	return netsim.Conditions{Latency: rtt / 2, Jitter: rtt / 10, Loss: loss, Duplicate: 0.02, Reorder: 0.05}
}

func TestPredictingPeersAgreeAndReplayOverLongRuns(t *testing.T) {
	for _, players := range []int{2, 3} {
		for _, rtt := range []time.Duration{0, 100 * time.Millisecond, 200 * time.Millisecond} {
			t.Run(fmt.Sprintf("%dpeers/rtt%v", players, rtt), func(t *testing.T) {
				const ticks = 10000
				delay := netplay.PredictedDelayFor(rtt, 60)
				predictedRun(t, setup{players: players, ticks: ticks, cond: conditions(rtt, 0.10), seed: 3,
					delay: delay, rollback: netplay.DefaultRollback})
			})
		}
	}
}

func TestPredictingPeersAgreeOverManySeeds(t *testing.T) {
	rtts := []time.Duration{0, 100 * time.Millisecond, 200 * time.Millisecond}
	for seed := range propertySeeds() {
		players := 2 + int(seed%2)
		rtt := rtts[seed%3]
		loss := float64(seed%11) / 100 // 0 to 10%
		rollback := 1 + int(seed%netplay.DefaultRollback)
		s := setup{players: players, ticks: 300, cond: conditions(rtt, loss), seed: seed,
			delay: netplay.DelayForDepth(rtt, 60, rollback), rollback: rollback}
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) { predictedRun(t, s) })
	}
}
