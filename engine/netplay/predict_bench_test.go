package netplay_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// heldPlayer holds a random set of arrow keys for a third of a second at
// a time, as a player steering does, and slot 0's player taps Z once a
// second, noting when.
func heldPlayer(p *simPeer, e host.EventSink) {
	if p.frameN%20 == 0 {
		for _, k := range []engine.Key{engine.KeyLeft, engine.KeyRight, engine.KeyUp, engine.KeyDown} {
			e.Key(k, p.rng.IntN(3) == 0)
		}
	}
	if pr := p.game.pred; p.i == 0 && pr != nil {
		switch p.frameN % 60 {
		case 30:
			e.Key(engine.KeyZ, true)
			pr.pressed = append(pr.pressed, p.w.now)
		case 33:
			e.Key(engine.KeyZ, false)
		}
	}
}

// BenchmarkPrediction runs two peers for a minute over links of several
// round trips, in lockstep and predicting 8 ticks, on fake clocks, and
// reports the input latency slot 0's player sees (from a key press to
// the first frame drawn with it), the share of predicted frames drawn
// from a state the verified timeline did not reach, and the ticks run on
// copies per frame.
func BenchmarkPrediction(b *testing.B) {
	for _, rtt := range []time.Duration{0, 50 * time.Millisecond, 100 * time.Millisecond, 200 * time.Millisecond} {
		for _, rollback := range []int{0, netplay.DefaultRollback} {
			b.Run(fmt.Sprintf("rtt%v/rollback%d", rtt, rollback), func(b *testing.B) {
				for b.Loop() {
					benchSession(b, rtt, rollback)
				}
			})
		}
	}
}

func benchSession(b *testing.B, rtt time.Duration, rollback int) {
	const ticks = 3600
	delay := netplay.DelayFor(rtt, 60)
	if rollback > 0 {
		delay = netplay.PredictedDelayFor(rtt, 60)
	}
	w := newWorld(setup{players: 2, ticks: ticks, cond: conditions(rtt, 0.02), seed: 1, delay: delay, rollback: rollback})
	for _, p := range w.peers {
		p.events = heldPlayer
		p.game.pred = &predicted{main: p.game, now: func() time.Duration { return w.now }}
	}
	if !w.run(ticks) {
		b.Fatal("the peers did not finish")
	}
	pr := w.peers[0].game.pred
	if pr.shown == 0 {
		b.Fatal("no press of Z was ever drawn")
	}
	wrong, all := pr.wrongFrames()
	rep := w.peers[0].rep
	b.ReportMetric(float64(pr.latency.Microseconds())/1000/float64(pr.shown), "latency_ms")
	b.ReportMetric(float64(delay), "delay_ticks")
	b.ReportMetric(100*float64(wrong)/float64(max(rep.Frames, 1)), "%frames_mispredicted")
	b.ReportMetric(100*float64(all)/float64(max(rep.Frames, 1)), "%frames_predicted")
	b.ReportMetric(float64(rep.Prediction.Resimulated)/float64(max(rep.Frames, 1)), "resim_ticks/frame")
}
