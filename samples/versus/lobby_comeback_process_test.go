package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/platform/desktop"
	"github.com/lockstep-engine/lockstep/platform/lobby"
)

// startLobby serves a lobby on loopback for the test and returns its
// address; it stops at cleanup.
func startLobby(t *testing.T) string {
	t.Helper()
	s, err := lobby.NewServer(lobby.ServerConfig{JoinRate: 100, Rate: 1000, MaxRoomsPerAddr: 100})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Serve(ln, "", "") }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = s.Shutdown(ctx)
		if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("lobby: %v", err)
		}
	})
	return ln.Addr().String()
}

// Through a lobby the players come and go as over -join: the host stays
// in its room for the whole session, so a joiner killed (SIGKILL) and
// started again with the same -lobby and -code takes its slot back and
// catches up, and a spectator that comes later (-lobby -code -spectate)
// replays the session and ends on the players' last tick and hash, its
// recording replaying alone to it; everyone ends with status 0.
//
// It must be a process test: it kills a process (SIGKILL), and it is the
// run of the shipped binary's -spectate -record; the spectator's bounds
// (it comes 5 s in, catches up 150 ticks and more, the players never
// wait for it) are platform/transport's
// TestASpectatorAtTick300EndsOnThePlayersStateAndItsRecordingReplaysToItInVirtualTime.
// The session is 900 ticks (1,500 until issue 42): the host holds its
// ticks while the joiner is gone, so about 700 are left once it is back,
// over 11 s for the spectator to arrive in over loopback.
func TestThroughALobbyAPlayerComesBackAndASpectatorWatches(t *testing.T) {
	bin := realTime(t, "builds versus and runs four processes", build)
	addr := startLobby(t)
	ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute)
	defer cancel()
	const code = "lobby-comeback-code"
	host := startPeer(ctx, t, bin, "-lobby", addr, "-code", code, "-ticks", "900", "-bot", "3")
	waitLog(t, host, `role=hosting`)
	join := func() *peerRun { return startPeer(ctx, t, bin, "-lobby", addr, "-code", code, "-bot", "4") }
	joiner := join()
	waitLog(t, joiner, "netplay: session started")
	time.Sleep(3 * time.Second) // about 180 ticks of play, then the process is gone
	if err := joiner.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = joiner.cmd.Wait()
	waitLog(t, host, "netplay: waiting for a silent player")
	again := join()
	waitLog(t, again, "netplay: session started")
	rec := filepath.Join(t.TempDir(), "watched.tape")
	watcher := startPeer(ctx, t, bin, "-lobby", addr, "-code", code, "-spectate", "-record", rec)
	endAll(t, named{"host", host}, named{"joiner started again", again}, named{"spectator", watcher})
	hs, as, ws := host.summary(t), again.summary(t), watcher.summary(t)
	for _, s := range []desktop.Summary{as, ws} {
		if s.Ticks != 900 || s.StateHash != hs.StateHash {
			t.Fatalf("host: %d ticks, hash %s; joiner started again %d, %s; spectator %d, %s: want 900 and one hash", hs.Ticks, hs.StateHash, as.Ticks, as.StateHash, ws.Ticks, ws.StateHash)
		}
	}
	if hs.Netplay.TakenBack != 1 || !as.Netplay.Rejoined || as.Netplay.Slot != 1 || as.Netplay.CaughtUp < 100 {
		t.Fatalf("host took back %d; the joiner started again: rejoined %v, slot %d, caught up %d ticks beyond the tick rate: want 1, true, 1 and most of what it missed",
			hs.Netplay.TakenBack, as.Netplay.Rejoined, as.Netplay.Slot, as.Netplay.CaughtUp)
	}
	if !ws.Netplay.Watching || ws.Netplay.CaughtUp < 100 || hs.Netplay.Spectators != 1 {
		t.Fatalf("spectator's netplay %+v, host's %+v: want it watching, caught up, counted by the host", ws.Netplay, hs.Netplay)
	}
	replayMatches(ctx, t, bin, hs, "-replay", rec)
	waitLog(t, host, "ticket=true") // the player's own slot by its ticket
}
