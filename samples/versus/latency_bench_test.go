package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

var latencySession = flag.Duration("latency-session", 20*time.Second, "how long each session of BenchmarkProcessLatency plays")

// BenchmarkProcessLatency measures the input latency players get: two
// processes of a scripted game (this test binary, see latencyGame) play
// a session on loopback through a relay that holds each datagram for
// half the round trip ± 10% and loses 2% each way, in lockstep and
// predicting (-rollback 0 and the default 8). Each process's player
// changes direction every 400 to 600 ms of wall time, at instants not
// tied to its frames; the latency of a change is from that instant to
// the end of the first frame drawn showing the marker move the new way,
// on the process that pressed (own) and on the other (other). Reported:
// the means and 90th percentiles over both players' changes, the input
// delay in force at the end, the round trip the peers measured (p50) and
// the share of the session stalled, and the most bytes QUIC carried a
// second one way (wire-KB/s, from the peers' greeting on). Each session plays -latency-session
// (20 s):
//
//	go test ./samples/versus -run '^$' -bench ProcessLatency -benchtime 1x
//
// The fake-clock BenchmarkPrediction in engine/netplay measures the same
// shape without processes, sockets or a busy machine: keep that one for
// regressions, this one for what a player sees.
func BenchmarkProcessLatency(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	modes := []struct {
		name string
		args []string
	}{{"prediction", nil}, {"lockstep", []string{"-rollback", "0"}}}
	for _, rtt := range []time.Duration{0, 50 * time.Millisecond, 100 * time.Millisecond, 200 * time.Millisecond} {
		for _, m := range modes {
			b.Run(fmt.Sprintf("rtt=%v/%s", rtt, m.name), func(b *testing.B) {
				var all latencyResult
				for b.Loop() {
					all.add(playLatency(b, exe, rtt, m.args))
				}
				all.report(b)
			})
		}
	}
}

// latencyResult is what sessions of the benchmark measured.
type latencyResult struct {
	own, other   []time.Duration
	skipped      int // changes not measured: the one before had not shown yet
	delay        []int
	rttMS        []float64
	stalledShare []float64
	wireKBps     []float64 // what QUIC sent and received a second, each peer
}

func (r *latencyResult) add(o latencyResult) {
	r.own = append(r.own, o.own...)
	r.other = append(r.other, o.other...)
	r.skipped += o.skipped
	r.delay = append(r.delay, o.delay...)
	r.rttMS = append(r.rttMS, o.rttMS...)
	r.stalledShare = append(r.stalledShare, o.stalledShare...)
	r.wireKBps = append(r.wireKBps, o.wireKBps...)
}

func (r *latencyResult) report(b *testing.B) {
	if len(r.own) == 0 || len(r.other) == 0 {
		b.Fatalf("no change of direction was seen (own %d, other %d)", len(r.own), len(r.other))
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(mean(r.own)), "own-ms")
	b.ReportMetric(ms(percentile(r.own, 0.9)), "own-p90-ms")
	b.ReportMetric(ms(mean(r.other)), "other-ms")
	b.ReportMetric(ms(percentile(r.other, 0.9)), "other-p90-ms")
	b.ReportMetric(float64(slices.Max(r.delay)), "delay-ticks")
	b.ReportMetric(slices.Max(r.rttMS), "rtt-p50-ms")
	b.ReportMetric(100*slices.Max(r.stalledShare), "%stalled")
	b.ReportMetric(float64(r.skipped), "unmeasured")
	b.ReportMetric(slices.Max(r.wireKBps), "wire-KB/s")
}

func mean(ds []time.Duration) time.Duration {
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	return sum / time.Duration(len(ds))
}

func percentile(ds []time.Duration, q float64) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(int(q*float64(len(s))), len(s)-1)]
}

// playLatency plays one session of the benchmark and measures it.
func playLatency(b *testing.B, exe string, rtt time.Duration, mode []string) latencyResult {
	b.Helper()
	ctx, cancel := context.WithTimeout(b.Context(), *latencySession+2*time.Minute)
	defer cancel()
	ticks := strconv.Itoa(int(latencySession.Seconds() * 60))
	host := startLatencyPeer(ctx, b, exe, 1, append([]string{"-host", "127.0.0.1:0", "-code", "latency-bench", "-ticks", ticks}, mode...)...)
	r := newJitteryRelay(b, waitHost(b, host.peerRun), 0.02, rtt/2, rtt/20)
	joiner := startLatencyPeer(ctx, b, exe, 2, append([]string{"-join", r.front.LocalAddr().String(), "-code", "latency-bench"}, mode...)...)
	herr, jerr := host.cmd.Wait(), joiner.cmd.Wait()
	if herr != nil || jerr != nil {
		b.Fatalf("host: %v\n%s\njoiner: %v\n%s", herr, host.stderr.String(), jerr, joiner.stderr.String())
	}
	var res latencyResult
	peers := [2]*latencyPeerRun{host, joiner}
	var seen [2]latencySeen
	for i, p := range peers {
		s := p.summary(b)
		if s.Netplay == nil || s.Netplay.Desync != nil || s.StateHash != peers[0].summary(b).StateHash {
			b.Fatalf("peer %d: netplay %+v, hash %s: want no desync and the host's hash", i, s.Netplay, s.StateHash)
		}
		res.delay = append(res.delay, s.Netplay.InputDelay)
		res.rttMS = append(res.rttMS, s.Netplay.RTTMS.P50)
		res.stalledShare = append(res.stalledShare, s.Netplay.MSStalled/(1000*s.WallS))
		played := s.WallS - s.Netplay.ConnectMS/1000 // from the greeting on
		res.wireKBps = append(res.wireKBps, float64(s.Netplay.WireBytesSent)/1000/played, float64(s.Netplay.WireBytesReceived)/1000/played)
		b.Logf("slot %d: delay %d (%d changes), rtt p50 %.1f p99 %.1f ms, stalled %.0f ms (most %.0f), fps %.1f, frames predicted %d, mispredicted %d, wire %d B sent %d received in %.1f s",
			s.Netplay.Slot, s.Netplay.InputDelay, s.Netplay.DelayChanges, s.Netplay.RTTMS.P50, s.Netplay.RTTMS.P99,
			s.Netplay.MSStalled, s.Netplay.MaxStallMS, s.FPS, s.Netplay.Prediction.FramesPredicted, s.Netplay.Prediction.Mispredicted,
			s.Netplay.WireBytesSent, s.Netplay.WireBytesReceived, played)
		if d := os.Getenv("LATENCY_DUMP"); d != "" { // DEBUG
			_ = os.WriteFile(filepath.Join(d, fmt.Sprintf("peer%d.txt", i)), p.stdout.Bytes(), 0o644)
			_ = os.WriteFile(filepath.Join(d, fmt.Sprintf("peer%d.json", i)), func() []byte { b, _ := os.ReadFile(p.sum); return b }(), 0o644)
		}
		var err error
		if seen[i], err = parseLatency(p.stdout.Bytes()); err != nil {
			b.Fatalf("peer %d's record: %v\n%s", i, err, p.stderr.String())
		}
	}
	for i := range peers {
		me, them := &seen[i], &seen[1-i]
		own, skipped := changesShown(me.presses, me.frames, me.slot)
		other, _ := changesShown(me.presses, them.frames, me.slot)
		res.own, res.other = append(res.own, own...), append(res.other, other...)
		res.skipped += skipped
	}
	return res
}

// latencyPeerRun is one peer process of the benchmark.
type latencyPeerRun struct {
	*peerRun
	stdout bytes.Buffer
}

// startLatencyPeer starts this test binary as a peer of the benchmark,
// its script drawn from seed.
func startLatencyPeer(ctx context.Context, b *testing.B, exe string, seed int, args ...string) *latencyPeerRun {
	p := &latencyPeerRun{peerRun: &peerRun{sum: filepath.Join(b.TempDir(), "sum.json")}}
	p.cmd = exec.CommandContext(ctx, exe, append(args, "-headless", "-mode", "cap", "-stats-json", p.sum)...)
	p.cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=offscreen", "SDL_AUDIODRIVER=dummy", fmt.Sprintf("%s=%d", latencyChild, seed))
	p.cmd.Stderr, p.cmd.Stdout = &p.stderr, &p.stdout
	if err := p.cmd.Start(); err != nil {
		b.Fatal(err)
	}
	return p
}

// latencySeen is a peer's record as it printed it.
type latencySeen struct {
	slot    int
	presses []latencyPress
	frames  []latencyFrame
}

// parseLatency reads what latencyPeer printed.
func parseLatency(out []byte) (latencySeen, error) {
	var s latencySeen
	sc := bufio.NewScanner(bytes.NewReader(out))
	for n := 1; sc.Scan(); n++ {
		f := strings.Fields(sc.Text())
		v := make([]int64, len(f))
		for i := 1; i < len(f); i++ {
			var err error
			if v[i], err = strconv.ParseInt(f[i], 10, 64); err != nil {
				return s, fmt.Errorf("line %d: %w", n, err)
			}
		}
		switch {
		case len(f) == 2 && f[0] == "slot":
			s.slot = int(v[1])
		case len(f) == 3 && f[0] == "press":
			s.presses = append(s.presses, latencyPress{at: time.Unix(0, v[1]), dir: int(v[2])})
		case len(f) == 4 && f[0] == "frame":
			s.frames = append(s.frames, latencyFrame{at: time.Unix(0, v[1]), x: [2]int64{v[2], v[3]}})
		default:
			return s, fmt.Errorf("line %d: %q: want slot, press or frame", n, sc.Text())
		}
	}
	if s.slot < 0 || s.slot > 1 || len(s.frames) == 0 {
		return s, fmt.Errorf("slot %d, %d frames: want slot 0 or 1 and frames", s.slot, len(s.frames))
	}
	return s, sc.Err()
}

// changesShown returns, for each of a player's changes of direction, how
// long after it the first frame of frames was drawn with the player's
// marker (slot) moving the new way. A change made before the one before
// it showed, or never shown, is not measured, and counted in skipped.
func changesShown(presses []latencyPress, frames []latencyFrame, slot int) (shown []time.Duration, skipped int) {
	k := 1             // frames[k-1] to frames[k] is the motion looked at
	var last time.Time // when the change before showed
	for _, p := range presses {
		overlapped := p.at.Before(last)
		from := p.at
		if overlapped {
			from = last
		}
		for k < len(frames) && !frames[k].at.After(from) {
			k++
		}
		for k < len(frames) && int64(p.dir)*(frames[k].x[slot]-frames[k-1].x[slot]) <= 0 {
			k++
		}
		if overlapped || k == len(frames) {
			skipped++
		}
		if k == len(frames) {
			continue
		}
		last = frames[k].at
		if !overlapped {
			shown = append(shown, last.Sub(p.at))
		}
	}
	return shown, skipped
}
