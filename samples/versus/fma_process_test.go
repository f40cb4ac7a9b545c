package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/tape"
)

// Go's math.Exp and math.Pow take another path on a processor without
// FMA (GODEBUG=cpu.fma=off plays one), and the physics parts from the
// first ticks (platform/internal/buildid's fma_test). Processes of one
// binary, so of the same code, on either side of that line: a joiner is
// refused before play, and a recording made on one side is refused by
// -replay on the other, both saying why in a player's words; alike, they
// play, and the tape replays.
func TestPeersAndTapesAcrossFMAAreRefusedInAPlayersWords(t *testing.T) {
	if p := tape.Here(); p.Exp != "fma" {
		t.Fatalf("this machine's platform is %s: the test needs a processor with FMA (exp=fma), whose absence GODEBUG=cpu.fma=off then plays", p)
	}
	bin := build(t)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	const code = "fma-test-code-1"
	rec := filepath.Join(t.TempDir(), "plain.tape")
	t.Setenv("GODEBUG", "cpu.fma=off") // startPeer passes this process's environment on
	host := startPeer(ctx, t, bin, "-host", "127.0.0.1:0", "-code", code, "-ticks", "120", "-bot", "1", "-record", rec)
	defer func() { _ = host.cmd.Process.Kill(); _ = host.cmd.Wait() }()
	addr := waitHost(t, host).String()

	t.Setenv("GODEBUG", "")
	fma := startPeer(ctx, t, bin, "-join", addr, "-code", code, "-bot", "2")
	const joinRefusal = "refused to let this peer join: this computer's processor has FMA instructions and the host's lacks"
	if err := fma.cmd.Wait(); exitStatus(err) != 1 || !strings.Contains(fma.stderr.String(), joinRefusal) {
		t.Fatalf("a joiner with FMA of a host without: %v, want status 1 and %q\n%s", err, joinRefusal, fma.stderr.String())
	}

	t.Setenv("GODEBUG", "cpu.fma=off")
	plain := startPeer(ctx, t, bin, "-join", addr, "-code", code, "-bot", "2")
	if err := plain.cmd.Wait(); err != nil {
		t.Fatalf("a joiner without FMA, as the host: %v\n%s", err, plain.stderr.String())
	}
	if err := host.cmd.Wait(); err != nil {
		t.Fatalf("host: %v\n%s", err, host.stderr.String())
	}
	session := host.summary(t)
	if js := plain.summary(t); session.Ticks != 120 || js.Ticks != 120 || js.StateHash != session.StateHash {
		t.Fatalf("host %d ticks to %s, joiner %d to %s: want 120 and one state", session.Ticks, session.StateHash, js.Ticks, js.StateHash)
	}
	replayMatches(ctx, t, bin, session, "-replay", rec)

	t.Setenv("GODEBUG", "")
	rp := startPeer(ctx, t, bin, "-replay", rec)
	const tapeRefusal = "this computer's processor has FMA instructions and the recording computer's lacks"
	if err := rp.cmd.Wait(); err == nil || !strings.Contains(rp.stderr.String(), tapeRefusal) {
		t.Fatalf("replaying a tape made without FMA on a processor with it: %v, want a failure saying %q\n%s", err, tapeRefusal, rp.stderr.String())
	}
}
