package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// Two versus processes that draw ahead of the confirmed input, through a
// relay that loses 5% of the datagrams each way and holds each for 50 ms
// (a round trip of 100 ms): they reach the same state, with an input
// delay of at most 2 ticks, frames drawn from prediction, and recordings
// that replay alone to the same state; the host's -audio-out, the sound
// of the verified timeline, is written again byte for byte by a replay.
//
// It must be a process test: it shows versus's own prediction (its
// physics forked and rolled back by desktop's -rollback) and desktop's
// sound output over a real round trip, in two processes, which the
// in-process sessions of platform/transport (a chain of keys, no sound)
// do not play.
func TestPredictingProcessesOverA100msLossyRelayReachTheSameState(t *testing.T) {
	bin := realTime(t, "builds versus and runs two processes", build)
	for _, engine := range engines {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
			defer cancel()
			code := "predict-test-code-" + engine
			dir := t.TempDir()
			tapes := [2]string{filepath.Join(dir, "host.tape"), filepath.Join(dir, "joiner.tape")}
			wavs := [2]string{filepath.Join(dir, "host.wav"), filepath.Join(dir, "replay.wav")}
			var r *relay
			hs, js := playThrough(ctx, t, bin, 600, func(h *net.UDPAddr) string {
				r = newDelayedRelay(t, h, 0.05, 50*time.Millisecond)
				return r.front.LocalAddr().String()
			}, []string{"-code", code, "-physics", engine, "-bot", "11", "-record", tapes[0], "-audio-out", wavs[0]},
				[]string{"-code", code, "-bot", "22", "-record", tapes[1]})
			for _, s := range []*peerSummary{{"host", hs.Netplay}, {"joiner", js.Netplay}} {
				n := s.net
				if n == nil || n.Desync != nil || n.InputDelay > mostDelay(n) || n.Prediction.Rollback != 8 || n.Prediction.FramesPredicted == 0 {
					t.Fatalf("%s: netplay %+v: want no desync, input delay at most %d, rollback 8 and frames drawn from prediction", s.who, n, mostDelay(n))
				}
			}
			t.Logf("host %s\njoiner %s\nrelay lost %d", fmtNet(hs.Netplay), fmtNet(js.Netplay), r.lost)
			for i, tp := range tapes {
				args := []string{"-replay", tp}
				if i == 0 {
					args = append(args, "-audio-out", wavs[1])
				}
				replayMatches(ctx, t, bin, hs, args...)
			}
			// -audio-out is the verified timeline's: a replay writes it again.
			a, errA := os.ReadFile(wavs[0])
			b, errB := os.ReadFile(wavs[1])
			if errA != nil || errB != nil || len(a) < 44 || !bytes.Equal(a, b) {
				t.Fatalf("the session's -audio-out (%d bytes, %v) and its replay's (%d bytes, %v) differ", len(a), errA, len(b), errB)
			}
		})
	}
}

// mostDelay is the input delay a predicting session over the 100 ms
// relay may end with: 2 ticks, or what the delay's rule gives for the
// longest round trip and the lowest depth the session measured, when a
// busy machine (its processes starved in turn) stretched the trip or
// lowered the depth.
func mostDelay(n *desktop.NetSummary) int {
	if n == nil {
		return 0
	}
	p99 := time.Duration(n.RTTMS.P99 * float64(time.Millisecond))
	return max(2, netplay.DelayForDepth(p99, 60, n.Prediction.DepthLowest))
}

// peerSummary names a peer's netplay summary.
type peerSummary struct {
	who string
	net *desktop.NetSummary
}

// A host that predicts on a fast link picks no input delay, which a
// joiner that plays in pure lockstep (-rollback 0) cannot use: it is
// refused saying what to change, and with -input-delay 1 on the host the
// two play together.
func TestALockstepJoinerOfAHostWithNoInputDelayIsToldWhatToChange(t *testing.T) {
	bin := realTime(t, "builds versus and runs two processes", build)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	const code = "lockstep-joiner-code"
	host := startPeer(ctx, t, bin, "-host", "127.0.0.1:0", "-code", code, "-ticks", "120", "-bot", "1", "-net-timeout", "1s")
	joiner := startPeer(ctx, t, bin, "-join", waitHost(t, host).String(), "-code", code, "-bot", "2", "-rollback", "0")
	if err := joiner.cmd.Wait(); exitStatus(err) != 1 || !strings.Contains(joiner.stderr.String(), "drop -rollback 0") {
		t.Fatalf("joiner: %v, want exit status 1 saying to drop -rollback 0\n%s", err, joiner.stderr.String())
	}
	_ = host.cmd.Wait() // it waited for a peer that left
	host = startPeer(ctx, t, bin, "-host", "127.0.0.1:0", "-code", code, "-ticks", "120", "-bot", "1", "-input-delay", "1")
	joiner = startPeer(ctx, t, bin, "-join", waitHost(t, host).String(), "-code", code, "-bot", "2", "-rollback", "0")
	herr, jerr := host.cmd.Wait(), joiner.cmd.Wait()
	if herr != nil || jerr != nil {
		t.Fatalf("host: %v\n%s\njoiner: %v\n%s", herr, host.stderr.String(), jerr, joiner.stderr.String())
	}
	hs, js := host.summary(t), joiner.summary(t)
	if hs.StateHash != js.StateHash || hs.Netplay.Prediction.Rollback != 8 || js.Netplay.Prediction.Rollback != 0 {
		t.Fatalf("host hash %s rollback %d, joiner hash %s rollback %d: want equal hashes, 8 and 0",
			hs.StateHash, hs.Netplay.Prediction.Rollback, js.StateHash, js.Netplay.Prediction.Rollback)
	}
}
