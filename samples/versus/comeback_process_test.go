package main

import (
	"context"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"
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

// A player's game stopped (SIGSTOP) long enough for its place to fall
// vacant, and started again meanwhile, ends when it resumes: it says the
// new copy took its place and ends with status 1 and `replaced`; the
// host and the new copy play on to one tick and hash.
//
// It must be a process test: it stops and continues a process (SIGSTOP,
// SIGCONT) and reads its exit status and the summary the binary writes.
// The session is 420 ticks (900 until issue 42): the host holds its ticks
// while the player is stopped, so the 300 left after 2 s of play are the
// new copy's to play to the end.
func TestAStoppedGameWhosePlayerStartedItAgainIsToldItWasReplaced(t *testing.T) {
	bin := realTime(t, "builds versus and runs three processes", build)
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	const code = "replaced-test-code"
	host, old, addr := hostAndJoiner(ctx, t, bin, code, "420", [2]int{3, 4})
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
	if hs, as := host.summary(t), again.summary(t); hs.Ticks != 420 || as.Ticks != 420 || hs.StateHash != as.StateHash {
		t.Fatalf("host: %d ticks, hash %s; new copy: %d, %s: want 420 and equal", hs.Ticks, hs.StateHash, as.Ticks, as.StateHash)
	}
}
