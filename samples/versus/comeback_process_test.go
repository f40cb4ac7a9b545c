package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// hostAndJoiner starts a host of a session of ticks ticks with code and
// a joiner, each a bot of its own seed, and returns them, and the host's
// address, once the joiner's session started.
func hostAndJoiner(ctx context.Context, t *testing.T, bin, code, ticks string, seeds [2]int) (host, joiner *peerRun, addr string) {
	t.Helper()
	host = startPeer(ctx, t, bin, "-host", "127.0.0.1:0", "-ticks", ticks, "-code", code, "-bot", fmt.Sprint(seeds[0]))
	addr = waitHost(t, host).String()
	joiner = startPeer(ctx, t, bin, "-join", addr, "-code", code, "-bot", fmt.Sprint(seeds[1]))
	waitLog(t, joiner, "netplay: session started")
	return host, joiner, addr
}

// named is a peer and what a failure calls it.
type named struct {
	name string
	p    *peerRun
}

// endAll waits for every peer to end and fails, with each one's log,
// unless every one ended with status 0.
func endAll(t *testing.T, peers ...named) {
	t.Helper()
	var failed strings.Builder
	for _, n := range peers {
		if err := n.p.cmd.Wait(); err != nil {
			fmt.Fprintf(&failed, "%s: %v\n%s\n", n.name, err, n.p.stderr.String())
		}
	}
	if failed.Len() > 0 {
		t.Fatal(failed.String())
	}
}

// A spectator (-spectate) that comes at about tick 300 replays the
// session so far beyond the tick rate, follows it and ends on the
// players' last tick and hash; what it recorded (-record) replays alone
// to that hash; the players never waited for it.
func TestASpectatorAtTick300EndsOnThePlayersHashAndItsRecordingReplaysToIt(t *testing.T) {
	bin := realTime(t, "builds versus and runs four processes", build)
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	const code = "spectate-test-code"
	host, joiner, addr := hostAndJoiner(ctx, t, bin, code, "900", [2]int{5, 6})
	time.Sleep(5 * time.Second) // about 300 ticks
	rec := filepath.Join(t.TempDir(), "watched.tape")
	watcher := startPeer(ctx, t, bin, "-join", addr, "-code", code, "-spectate", "-record", rec)
	endAll(t, named{"host", host}, named{"joiner", joiner}, named{"spectator", watcher})
	hs, js, ws := host.summary(t), joiner.summary(t), watcher.summary(t)
	for _, s := range []desktop.Summary{js, ws} {
		if s.Ticks != 900 || s.StateHash != hs.StateHash {
			t.Fatalf("host: %d ticks, hash %s; joiner %d, %s; spectator %d, %s: want 900 and one hash", hs.Ticks, hs.StateHash, js.Ticks, js.StateHash, ws.Ticks, ws.StateHash)
		}
	}
	if ws.Netplay == nil || !ws.Netplay.Watching || ws.Netplay.CaughtUp < 150 || hs.Netplay.Spectators != 1 {
		t.Fatalf("spectator's netplay %+v, host's %+v: want it watching, caught up most of the ~300 ticks before it came, counted by the host", ws.Netplay, hs.Netplay)
	}
	if hs.Netplay.MaxStallMS > 3000 {
		t.Fatalf("the host held a tick %.0f ms: the players must never wait for a spectator", hs.Netplay.MaxStallMS)
	}
	replayMatches(ctx, t, bin, hs, "-replay", rec)
	t.Logf("host uploaded %d B, the spectator received %d B over %d ticks", hs.Netplay.WireBytesSent, ws.Netplay.WireBytesReceived, ws.Ticks)
}

// A player's game stopped (SIGSTOP) long enough for its place to fall
// vacant, and started again meanwhile, ends when it resumes: it says the
// new copy took its place and ends with status 1 and `replaced`; the
// host and the new copy play on to one tick and hash.
func TestAStoppedGameWhosePlayerStartedItAgainIsToldItWasReplaced(t *testing.T) {
	bin := realTime(t, "builds versus and runs three processes", build)
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	const code = "replaced-test-code"
	host, old, addr := hostAndJoiner(ctx, t, bin, code, "900", [2]int{3, 4})
	time.Sleep(2 * time.Second)
	if err := old.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	waitLog(t, host, "netplay: waiting for a silent player")
	again := startPeer(ctx, t, bin, "-join", addr, "-code", code, "-bot", "4")
	waitLog(t, host, "transport: a player came back")
	if err := old.cmd.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	oerr := old.cmd.Wait()
	if exitStatus(oerr) != 1 || !strings.Contains(old.stderr.String(), "started again with the same code") {
		t.Fatalf("the stopped game: %v, want status 1 saying it was started again:\n%s", oerr, old.stderr.String())
	}
	if os := old.summary(t); os.Netplay == nil || os.Netplay.End != "replaced" {
		t.Fatalf("the stopped game's summary says %+v, want it ended as replaced", os.Netplay)
	}
	endAll(t, named{"host", host}, named{"new copy", again})
	if hs, as := host.summary(t), again.summary(t); hs.Ticks != 900 || as.Ticks != 900 || hs.StateHash != as.StateHash {
		t.Fatalf("host: %d ticks, hash %s; new copy: %d, %s: want 900 and equal", hs.Ticks, hs.StateHash, as.Ticks, as.StateHash)
	}
}
