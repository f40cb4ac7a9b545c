package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/platform/desktop"
)

var tankSession = flag.Duration("tank-session", 10*time.Second,
	"how long TestTwoStressProcessesPlayTheTankToOneHash plays (BenchmarkTankSession: -tank-session 60s)")

// playTank plays a session of two stress processes of the 2,000-ball
// tank on engine, both players' mice scripted (-bot), through a relay
// that holds each datagram 50 ms ± 5 ms (a round trip of 100 ms) and
// loses 2% each way, for -tank-session of ticks; mode is added to both
// command lines. Both must end cleanly on the last tick with one hash.
func playTank(t testing.TB, bin, engine string, mode ...string) (hs, js desktop.Summary) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute+20**tankSession)
	defer cancel()
	ticks := uint64(tankSession.Seconds() * 60)
	common := append([]string{"-players", "2", "-bodies", "2000", "-code", "tank-code-" + engine}, mode...)
	host := startPeer(ctx, t, bin, append([]string{"-host", "127.0.0.1:0", "-ticks", strconv.FormatUint(ticks, 10), "-physics", engine, "-bot", "1"}, common...)...)
	r := newJitteryRelay(t, waitHost(t, host), 0.02, 50*time.Millisecond, 5*time.Millisecond)
	joiner := startPeer(ctx, t, bin, append([]string{"-join", r.front.LocalAddr().(*net.UDPAddr).String(), "-bot", "2"}, common...)...)
	herr, jerr := host.cmd.Wait(), joiner.cmd.Wait()
	if herr != nil || jerr != nil {
		t.Fatalf("%s: host: %v\n%s\njoiner: %v\n%s", engine, herr, host.stderr.String(), jerr, joiner.stderr.String())
	}
	hs, js = host.summary(t), joiner.summary(t)
	for _, s := range []desktop.Summary{hs, js} {
		if s.Netplay == nil || s.Netplay.End != "ended" || s.Netplay.Desync != nil || s.Ticks != ticks || s.Bodies < 2000 {
			t.Fatalf("%s: %d ticks of %d bodies, netplay %+v: want %d ticks of the 2,000-ball tank, ended with no desync", engine, s.Ticks, s.Bodies, s.Netplay, ticks)
		}
	}
	if hs.StateHash != js.StateHash {
		t.Fatalf("%s: host hash %s, joiner %s: want one", engine, hs.StateHash, js.StateHash)
	}
	return hs, js
}

// Two players play the 2,000-ball tank as two stress processes through a
// relay of a 100 ms round trip (10% jitter, 2% loss) on each physics
// engine, drawing ahead of the confirmed input: neither is given up as
// silent or lagging, however long its frames, and both end on the last
// tick with one state hash, after scripted grabs and pushes were drawn
// from wrong guesses and copied again. make test plays 10 s; the issue's
// 60 s is -tank-session 60s.
func TestTwoStressProcessesPlayTheTankToOneHash(t *testing.T) {
	bin := realTime(t, "builds stress and runs two processes of 2,000 balls", buildStress)
	for _, engine := range engines {
		t.Run(engine, func(t *testing.T) {
			t.Parallel() // each engine its own processes, relay and code (the peers share one ticket cache)
			hs, js := playTank(t, bin, engine)
			for _, s := range []desktop.Summary{hs, js} {
				if p := s.Netplay.Prediction; p.Rollback == 0 || p.FramesPredicted == 0 || p.Copies < 2 {
					t.Fatalf("%s: prediction %+v: want frames drawn ahead from copies made again after wrong guesses", engine, p)
				}
			}
			t.Logf("%s: host %s\njoiner %s", engine, tankLine(hs), tankLine(js))
		})
	}
}

// BenchmarkTankSession plays the 2,000-ball tank as two stress processes
// at a 100 ms round trip (see playTank) on each physics engine, in
// lockstep and drawing ahead, and reports each peer's frames: the
// interval between presents (p50, ms), the work a frame took (every loop
// phase but the waits, ms; on a busy machine it counts the time other
// processes ran), the process's CPU time a frame, the frames a second,
// and for prediction the lowest depth it fell to. The issue wants prediction's frame time within
// 1.3 times lockstep's. Each session plays -tank-session (10 s unless told):
//
//	go test -tags box2d ./samples/versus -run '^$' -bench TankSession -benchtime 1x -tank-session 60s
func BenchmarkTankSession(b *testing.B) {
	bin := buildStress(b)
	for _, engine := range engines {
		for _, m := range []struct {
			name string
			args []string
		}{{"prediction", nil}, {"lockstep", []string{"-rollback", "0"}}} {
			b.Run(engine+"/"+m.name, func(b *testing.B) {
				var hs, js desktop.Summary
				for b.Loop() {
					hs, js = playTank(b, bin, engine, m.args...)
				}
				for _, s := range []desktop.Summary{hs, js} {
					b.Logf("%s", tankLine(s))
				}
				b.ReportMetric((hs.FrameMS.P50+js.FrameMS.P50)/2, "frame-p50-ms")
				b.ReportMetric((workMS(hs)+workMS(js))/2, "work-ms/frame")
				b.ReportMetric((hs.FPS+js.FPS)/2, "fps")
				b.ReportMetric(1000*(hs.CPUS+js.CPUS)/float64(max(hs.Frames+js.Frames, 1)), "cpu-ms/frame")
				b.ReportMetric(float64(min(hs.Netplay.Prediction.DepthLowest, js.Netplay.Prediction.DepthLowest)), "depth-lowest")
				b.ReportMetric(max(hs.Netplay.MSStalled, js.Netplay.MSStalled), "ms-stalled")
			})
		}
	}
}

// workMS is the mean time a frame of s spent in every loop phase but
// the waits (idle collection and the wait for the frame's deadline).
func workMS(s desktop.Summary) float64 {
	var ms float64
	for name, v := range s.PhaseMS {
		if name != "wait" && name != "idle" {
			ms += v
		}
	}
	return ms / float64(max(s.Frames, 1))
}

// tankLine is a peer's session of the tank in one line, for logs.
func tankLine(s desktop.Summary) string {
	n, p := s.Netplay, s.Netplay.Prediction
	f := float64(max(s.Frames, 1))
	return fmt.Sprintf("slot %d: %d frames, fps %.1f, frame p50 %.1f p99 %.1f ms, work %.2f ms/frame (tick %.1f physics %.1f render %.1f present %.1f), cpu %.1f s, delay %d, stalled %.0f ms (most %.0f), rollback %d depth %d (lowest %d, lowered %d, probes %d), copies %d, copy p50 %.2f p99 %.2f ms, %d ticks re-run",
		n.Slot, s.Frames, s.FPS, s.FrameMS.P50, s.FrameMS.P99, workMS(s), s.PhaseMS["tick"]/f, s.PhaseMS["physics"]/f, s.PhaseMS["render"]/f, s.PhaseMS["present"]/f,
		s.CPUS, n.InputDelay, n.MSStalled, n.MaxStallMS, p.Rollback, p.Depth, p.DepthLowest, p.DepthLowered, p.DepthProbes, p.Copies, p.CopyMS.P50, p.CopyMS.P99, p.TicksResimulated)
}
