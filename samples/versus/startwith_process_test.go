package main

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// A host of 3 players with -late-join -play-on -start-with 2 starts as
// soon as one joiner is there, slot 2 an idle disc; a third player who
// joins under way takes slot 2, replays the session from tick 0 beyond
// the tick rate, and all three end on the session's last tick with one
// state, status 0; the host's recording replays alone to it.
//
// It must be a process test for what only the shipped binary shows: the
// three flags through desktop's command line to the transport, versus's
// idle disc in a slot nobody plays yet, and its recording of members who
// come late, replayed by another process. The session's bounds (the
// third 4 s in, catching up 100 ticks and more of the ~240 it missed)
// are platform/transport's
// TestAHostStartedWithTwoOfThreeTakesTheThirdPlayerLateInVirtualTime,
// which plays them in virtual time; here the third starts as soon as the
// session has, so no real time is slept waiting for ticks.
func TestAHostStartedWithTwoOfThreeTakesTheThirdPlayerLate(t *testing.T) {
	bin := realTime(t, "builds versus and runs four processes", build)
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	const code = "start-with-test-code"
	rec := filepath.Join(t.TempDir(), "host.tape")
	host := startPeer(ctx, t, bin, "-host", "127.0.0.1:0", "-players", "3", "-late-join", "-play-on", "-start-with", "2",
		"-ticks", strconv.Itoa(lateTicks), "-code", code, "-bot", "3", "-record", rec)
	addr := waitHost(t, host).String()
	first := startPeer(ctx, t, bin, "-join", addr, "-code", code, "-bot", "4")
	waitLog(t, first, "netplay: session started")
	waitLog(t, host, "netplay: session started")
	third := startPeer(ctx, t, bin, "-join", addr, "-code", code, "-bot", "5")
	herr, ferr, terr := host.cmd.Wait(), first.cmd.Wait(), third.cmd.Wait()
	if herr != nil || ferr != nil || terr != nil {
		t.Fatalf("host: %v\n%s\nfirst joiner: %v\n%s\nthird player: %v\n%s", herr, host.stderr.String(), ferr, first.stderr.String(), terr, third.stderr.String())
	}
	hs, fs, ts := host.summary(t), first.summary(t), third.summary(t)
	lateJoinEnded(t, hs, fs, ts)
	replayMatches(ctx, t, bin, hs, "-replay", rec)
	if hs.Netplay.Players != 3 || hs.Netplay.Peers != 2 || ts.Netplay.Players != 3 || ts.Netplay.Peers != 1 {
		t.Fatalf("the host's summary: %d players, %d peers; the third's: %d, %d: want 3 players, with the host's 2 peers and the others' 1",
			hs.Netplay.Players, hs.Netplay.Peers, ts.Netplay.Players, ts.Netplay.Peers)
	}
	t.Logf("the third player caught up %d ticks; host stalled %.0f ms at most", ts.Netplay.CaughtUp, hs.Netplay.MaxStallMS)
}

// lateTicks is the late-join session's length: 10 s (15 s until issue
// 42), time for the third process, started as soon as the session has, to
// start and join while it runs (it joined within 2 s).
const lateTicks = 600

// lateJoinEnded checks the summaries of the host (hs), the first joiner
// (fs) and the third player (ts): one state at the session's last tick,
// every one ended normally, the third taken in late in slot 2 and caught
// up beyond the tick rate.
func lateJoinEnded(t *testing.T, hs, fs, ts desktop.Summary) {
	t.Helper()
	for _, s := range []desktop.Summary{fs, ts} {
		if hs.Ticks != lateTicks || s.Ticks != lateTicks || s.StateHash != hs.StateHash {
			t.Fatalf("host: %d ticks, hash %s; first joiner %d, %s; third player %d, %s: want %d and one hash",
				hs.Ticks, hs.StateHash, fs.Ticks, fs.StateHash, ts.Ticks, ts.StateHash, lateTicks)
		}
	}
	if hs.Netplay == nil || fs.Netplay == nil || ts.Netplay == nil || hs.Netplay.End != "ended" || fs.Netplay.End != "ended" || ts.Netplay.End != "ended" {
		t.Fatalf("host's netplay %+v, third player's %+v: want every one ended normally", hs.Netplay, ts.Netplay)
	}
	if hs.Netplay.TakenBack != 1 || !ts.Netplay.Rejoined || ts.Netplay.Slot != 2 || ts.Netplay.CaughtUp == 0 {
		t.Fatalf("host took in %d; the third player: rejoined %v, slot %d, caught up %d ticks beyond the tick rate: want 1, true, 2 and the ticks it missed",
			hs.Netplay.TakenBack, ts.Netplay.Rejoined, ts.Netplay.Slot, ts.Netplay.CaughtUp)
	}
}
