package netplay_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// BenchmarkSession runs two peers for a minute of virtual time over
// networks of several round trips, with the input delay chosen from the
// round trip as a host would, and reports what a player would notice:
//
//	delay_ms      input latency the session adds (input delay × tick)
//	stalled_%     share of the run's time given up waiting for input
//	held_%        share of ticks that were held at least one frame
//	B/s_each_way  datagram payload a second, one direction
//	rtt_p99_ms    the round trip the session measured from datagram times
//
// Run with -benchtime 1x: the numbers come from virtual time, so one run
// is exact and the wall time is only the CPU's.
func BenchmarkSession(b *testing.B) {
	for _, c := range []struct {
		rtt, jitter time.Duration
		loss        float64
	}{
		{0, 0, 0}, {50 * time.Millisecond, 0, 0}, {100 * time.Millisecond, 0, 0}, {200 * time.Millisecond, 0, 0},
		{60 * time.Millisecond, 30 * time.Millisecond, 0.05}, // 30±15 ms each way, 5% loss
	} {
		name := fmt.Sprintf("rtt=%v/jitter=%v/loss=%.0f%%", c.rtt, c.jitter, c.loss*100)
		b.Run(name, func(b *testing.B) {
			const ticks = 3600
			cond := netsim.Conditions{Latency: c.rtt/2 - c.jitter/2, Jitter: c.jitter, Loss: c.loss}
			// A host measures the round trip while joining; the frame
			// the datagram waits for adds up to one more tick each way.
			delay := netplay.DelayFor(c.rtt+c.jitter+2*time.Second/60, 60)
			for b.Loop() {
				w := newWorld(setup{players: 2, ticks: ticks, cond: cond, seed: 3, delay: delay})
				if !w.run(ticks) {
					b.Fatal("did not finish")
				}
				p := w.peers[0]
				st := p.session.Stats()
				wall := p.rep.Wall.Seconds()
				b.ReportMetric(float64(delay)*1000/60, "delay_ms")
				b.ReportMetric(100*p.rep.Held.Stalled.Seconds()/wall, "stalled_%")
				b.ReportMetric(100*float64(p.rep.Held.Frames)/ticks, "held_%")
				b.ReportMetric(float64(st.BytesSent)/wall, "B/s_each_way")
				b.ReportMetric(float64(st.RTT99)/1e6, "rtt_p99_ms")
			}
		})
	}
}

// BenchmarkDetection reports how long after the fact a desync and a
// vanished peer are found, in virtual time.
func BenchmarkDetection(b *testing.B) {
	b.Run("desync", func(b *testing.B) {
		for b.Loop() {
			w := newWorld(setup{players: 2, ticks: 3000, cond: lossy, seed: 11, delay: 4})
			w.peers[1].game.skewAt = 1001
			var at time.Duration
			w.peers[1].onFrame = func(p *simPeer) {
				if at == 0 && len(p.game.hashes) >= 1001 {
					at = p.w.now
				}
			}
			w.run(3000)
			b.ReportMetric(float64(w.now-at)/1e6, "ms_to_both_ended")
		}
	})
	b.Run("silent", func(b *testing.B) {
		for b.Loop() {
			w := newWorld(setup{players: 2, ticks: 0, cond: lossy, seed: 9, delay: 3})
			var cut time.Duration
			w.peers[1].onFrame = func(p *simPeer) {
				if p.frameN == 300 {
					cut = p.w.now
					w.peers[0].ends[0].Link.(*netsim.End).Cut()
				}
			}
			w.run(0)
			b.ReportMetric(float64(w.now-cut)/1e6, "ms_to_both_ended")
		}
	})
}
