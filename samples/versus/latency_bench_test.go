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

// BenchmarkProcessLatency measures the input latency players get at
// every seat: 2, 3 or 4 processes of a scripted game (this test binary,
// see latencyGame) play a session on loopback, each joiner through a
// relay of its own to the host that holds each datagram for half the
// round trip ± 10% and loses 2% each way (round trips of 100 and 200 ms,
// and for 2 players 0, 50 and 300 ms too) (a joiner's input reaches
// another joiner through the host, two relay hops), in lockstep and
// predicting (-rollback 0 and the default 8). Each process's player
// changes direction every 400 to 600 ms of wall time, at instants not
// tied to its frames; the latency of a change is from that instant to
// the end of the first frame drawn showing the marker move the new way,
// on the process that pressed (own) and on each other (other). Reported:
// the means and 90th percentiles over every player's changes, the input
// delay in force at the end, the round trip the peers measured (p50),
// the share of the session stalled, and the most bytes QUIC carried a
// second one way (wire-KB/s, from the peers' greeting on); then per seat
// (slot N, 0 the host) its own and the others' latency as it drew them
// (the table adds how many of its own changes were measured), its
// repeated frames (netplay.repeated_frames and repeated_share) and
// ms_stalled, as metrics named seatN-... and as a logged table. Each
// session plays -latency-session (20 s):
//
//	go test ./samples/versus -run '^$' -bench ProcessLatency -benchtime 1x
//	go test ./samples/versus -run '^$' -bench 'ProcessLatency/players=3/rtt=100ms' -benchtime 1x -latency-session 40s -v
//
// The fake-clock BenchmarkPrediction and TestEverySeatAtTheSizesPromised
// in engine/netplay measure the same shape without processes, sockets or
// a busy machine: keep those for regressions, this one for what a
// player sees.
func BenchmarkProcessLatency(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	modes := []struct {
		name string
		args []string
	}{{"prediction", nil}, {"lockstep", []string{"-rollback", "0"}}}
	for players := 2; players <= maxPlayers; players++ {
		rtts := []time.Duration{100 * time.Millisecond, 200 * time.Millisecond}
		if players == 2 { // and the long trip issue 48 names, past what 8 ticks of prediction cover
			rtts = append([]time.Duration{0, 50 * time.Millisecond}, append(rtts, 300*time.Millisecond)...)
		}
		for _, rtt := range rtts {
			for _, m := range modes {
				b.Run(fmt.Sprintf("players=%d/rtt=%v/%s", players, rtt, m.name), func(b *testing.B) {
					all := latencyResult{seats: make([]latencySeat, players)}
					for b.Loop() {
						all.add(playLatency(b, exe, players, rtt, m.args))
					}
					all.report(b)
				})
			}
		}
	}
}

// latencyResult is what sessions of the benchmark measured.
type latencyResult struct {
	skipped      int // changes not measured: the one before had not shown yet
	delay        []int
	rttMS        []float64
	stalledShare []float64
	wireKBps     []float64     // what QUIC sent and received a second, each peer
	seats        []latencySeat // by slot, 0 the host
}

// latencySeat is what one seat (player slot) drew over the sessions.
type latencySeat struct {
	own, other []time.Duration // this player's changes on its screen; the others' on its screen
	presses    int             // this player's changes, measured or not
	repeated   uint64          // netplay.repeated_frames
	frames     uint64          // frames drawn, for the share of repeated ones
	run        uint64          // netplay.repeated_run, the most
	stalledMS  float64         // netplay.ms_stalled
	wallS      float64
}

func (r *latencyResult) add(o latencyResult) {
	r.skipped += o.skipped
	r.delay = append(r.delay, o.delay...)
	r.rttMS = append(r.rttMS, o.rttMS...)
	r.stalledShare = append(r.stalledShare, o.stalledShare...)
	r.wireKBps = append(r.wireKBps, o.wireKBps...)
	for i, s := range o.seats {
		t := &r.seats[i]
		t.own, t.other = append(t.own, s.own...), append(t.other, s.other...)
		t.presses += s.presses
		t.repeated, t.frames, t.run = t.repeated+s.repeated, t.frames+s.frames, max(t.run, s.run)
		t.stalledMS, t.wallS = t.stalledMS+s.stalledMS, t.wallS+s.wallS
	}
}

func (r *latencyResult) report(b *testing.B) {
	var own, other []time.Duration
	for i, s := range r.seats {
		if len(s.own) == 0 || len(s.other) == 0 {
			b.Fatalf("seat %d saw no change of direction (own %d, others' %d)", i, len(s.own), len(s.other))
		}
		own, other = append(own, s.own...), append(other, s.other...)
	}
	b.ReportMetric(ms(mean(own)), "own-ms")
	b.ReportMetric(ms(percentile(own, 0.9)), "own-p90-ms")
	b.ReportMetric(ms(mean(other)), "other-ms")
	b.ReportMetric(ms(percentile(other, 0.9)), "other-p90-ms")
	b.ReportMetric(float64(slices.Max(r.delay)), "delay-ticks")
	b.ReportMetric(slices.Max(r.rttMS), "rtt-p50-ms")
	b.ReportMetric(100*slices.Max(r.stalledShare), "%stalled")
	b.ReportMetric(float64(r.skipped), "unmeasured")
	b.ReportMetric(slices.Max(r.wireKBps), "wire-KB/s")
	var table strings.Builder
	fmt.Fprintf(&table, "seat  own ms: mean (p50 p90)  measured  others ms: mean (p50 p90)  repeated frames      run  stalled ms (share)")
	for i, s := range r.seats {
		share := float64(s.repeated) / float64(max(s.frames, 1))
		b.ReportMetric(ms(mean(s.own)), fmt.Sprintf("seat%d-own-ms", i))
		b.ReportMetric(ms(mean(s.other)), fmt.Sprintf("seat%d-other-ms", i))
		b.ReportMetric(float64(s.repeated), fmt.Sprintf("seat%d-repeated", i))
		b.ReportMetric(100*share, fmt.Sprintf("seat%d-%%repeated", i))
		b.ReportMetric(s.stalledMS, fmt.Sprintf("seat%d-ms-stalled", i))
		fmt.Fprintf(&table, "\n%4d  %6.1f (%6.1f %6.1f)  %3d of %3d  %6.1f (%6.1f %6.1f)  %5d of %6d %5.2f%%  %3d  %6.0f (%.2f%%)", i,
			ms(mean(s.own)), ms(percentile(s.own, 0.5)), ms(percentile(s.own, 0.9)), len(s.own), s.presses,
			ms(mean(s.other)), ms(percentile(s.other, 0.5)), ms(percentile(s.other, 0.9)),
			s.repeated, s.frames, 100*share, s.run, s.stalledMS, s.stalledMS/(10*s.wallS))
	}
	b.Logf("every seat:\n%s", table.String())
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

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

// playLatency plays one session of the benchmark with players peers and
// measures it.
func playLatency(b *testing.B, exe string, players int, rtt time.Duration, mode []string) latencyResult {
	b.Helper()
	ctx, cancel := context.WithTimeout(b.Context(), *latencySession+2*time.Minute)
	defer cancel()
	ticks := strconv.Itoa(int(latencySession.Seconds() * 60))
	host := startLatencyPeer(ctx, b, exe, 1, append([]string{"-host", "127.0.0.1:0", "-code", "latency-bench", "-ticks", ticks, "-players", strconv.Itoa(players)}, mode...)...)
	addr := waitHost(b, host.peerRun)
	peers := []*latencyPeerRun{host}
	for i := 1; i < players; i++ {
		r := newJitteryRelay(b, addr, 0.02, rtt/2, rtt/20)
		peers = append(peers, startLatencyPeer(ctx, b, exe, i+1, append([]string{"-join", r.front.LocalAddr().String(), "-code", "latency-bench"}, mode...)...))
	}
	var failed strings.Builder
	for i, p := range peers {
		if err := p.cmd.Wait(); err != nil {
			fmt.Fprintf(&failed, "peer %d: %v\n%s\n", i, err, p.stderr.String())
		}
	}
	if failed.Len() > 0 {
		b.Fatal(failed.String())
	}
	res := latencyResult{seats: make([]latencySeat, players)}
	seen := make([]latencySeen, players) // by slot
	hash := host.summary(b).StateHash
	for i, p := range peers {
		s := p.summary(b)
		if s.Netplay == nil || s.Netplay.Desync != nil || s.StateHash != hash {
			b.Fatalf("peer %d: netplay %+v, hash %s: want no desync and the host's hash", i, s.Netplay, s.StateHash)
		}
		n := s.Netplay
		res.delay = append(res.delay, n.InputDelay)
		res.rttMS = append(res.rttMS, n.RTTMS.P50)
		res.stalledShare = append(res.stalledShare, n.MSStalled/(1000*s.WallS))
		played := s.WallS - n.ConnectMS/1000 // from the greeting on
		res.wireKBps = append(res.wireKBps, float64(n.WireBytesSent)/1000/played, float64(n.WireBytesReceived)/1000/played)
		b.Logf("slot %d: delay %d (%d changes), rtt p50 %.1f p99 %.1f ms, stalled %.0f ms (most %.0f), repeated %d frames (%.2f%%, most %d in a row), ticks waited %d, slowed %d, fps %.1f, frames predicted %d, mispredicted %d, wire %d B sent %d received in %.1f s",
			n.Slot, n.InputDelay, n.DelayChanges, n.RTTMS.P50, n.RTTMS.P99, n.MSStalled, n.MaxStallMS, n.RepeatedFrames, 100*n.RepeatedShare, n.RepeatedRun, n.TicksWaited, n.Slowed,
			s.FPS, n.Prediction.FramesPredicted, n.Prediction.Mispredicted, n.WireBytesSent, n.WireBytesReceived, played)
		me, err := parseLatency(p.stdout.Bytes(), players)
		if err != nil {
			b.Fatalf("peer %d's record: %v\n%s", i, err, p.stderr.String())
		}
		if me.slot != n.Slot || seen[me.slot].frames != nil {
			b.Fatalf("peer %d printed slot %d, its summary says %d: want one peer a slot", i, me.slot, n.Slot)
		}
		seen[me.slot] = me
		res.seats[me.slot] = latencySeat{repeated: n.RepeatedFrames, frames: uint64(len(me.frames)), run: n.RepeatedRun, stalledMS: n.MSStalled, wallS: s.WallS}
	}
	for i := range seen {
		me, st := &seen[i], &res.seats[i]
		for j := range seen {
			shown, skipped := changesShown(seen[j].presses, me.frames, j)
			if j == i {
				st.own, st.presses = shown, len(seen[j].presses)
				res.skipped += skipped
				continue
			}
			st.other = append(st.other, shown...)
		}
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

// parseLatency reads what latencyPeer printed in a session of players.
func parseLatency(out []byte, players int) (latencySeen, error) {
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
		case len(f) == 2+maxPlayers && f[0] == "frame":
			fr := latencyFrame{at: time.Unix(0, v[1])}
			copy(fr.x[:], v[2:])
			s.frames = append(s.frames, fr)
		default:
			return s, fmt.Errorf("line %d: %q: want slot, press or frame", n, sc.Text())
		}
	}
	if s.slot < 0 || s.slot >= players || len(s.frames) == 0 {
		return s, fmt.Errorf("slot %d, %d frames: want a slot from 0 to %d and frames", s.slot, len(s.frames), players-1)
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
