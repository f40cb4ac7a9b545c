package main

import (
	"context"
	"net"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A peer whose process is stopped for 10 s (SIGSTOP) is waited for
// within the rejoin window, then plays on: both peers end on the
// session's last tick with one state, status 0, the wait shown on the
// other. A process test for the signal: a whole process stopped, its
// sockets and timers with it, as only the kernel stops one. The session
// side of it, and the 5 s and 20 s link outages this test also played
// here in real time, run in virtual time in platform/transport
// (TestAnOutageOrAStoppedPeerWithinTheRejoinWindowResumesInVirtualTime).
// The session is 420 ticks (900 until issue 42): a second of play before
// the stop and six after it show it resumed, and the host holds its ticks
// while the joiner is stopped, so the stop itself needs none of them.
func TestAStoppedPeerWithinTheRejoinWindowResumes(t *testing.T) {
	bin := realTime(t, "builds versus and runs two processes", build)
	for _, tc := range []struct {
		name  string
		pause time.Duration
		cut   func(r *relay, joiner *peerRun, on bool) error
	}{
		{"SIGSTOP 10s", 10 * time.Second, func(_ *relay, joiner *peerRun, on bool) error {
			if on {
				return joiner.cmd.Process.Signal(syscall.SIGSTOP)
			}
			return joiner.cmd.Process.Signal(syscall.SIGCONT)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
			defer cancel()
			code := "rejoin-test-" + strings.ReplaceAll(tc.name, " ", "-")
			host := startPeer(ctx, t, bin, "-host", "127.0.0.1:0", "-ticks", "420", "-code", code, "-bot", "3")
			r := newRelay(t, waitHost(t, host), 0)
			joiner := startPeer(ctx, t, bin, "-join", r.front.LocalAddr().(*net.UDPAddr).String(), "-code", code, "-bot", "4")
			waitLog(t, joiner, "netplay: session started")
			time.Sleep(time.Second)
			if err := tc.cut(r, joiner, true); err != nil {
				t.Fatal(err)
			}
			time.Sleep(tc.pause)
			if err := tc.cut(r, joiner, false); err != nil {
				t.Fatal(err)
			}
			herr, jerr := host.cmd.Wait(), joiner.cmd.Wait()
			if herr != nil || jerr != nil {
				t.Fatalf("host: %v\n%s\njoiner: %v\n%s", herr, host.stderr.String(), jerr, joiner.stderr.String())
			}
			hs, js := host.summary(t), joiner.summary(t)
			if hs.Ticks != 420 || js.Ticks != 420 || hs.StateHash != js.StateHash {
				t.Fatalf("host: %d ticks, hash %s; joiner: %d ticks, hash %s: want 420 and equal", hs.Ticks, hs.StateHash, js.Ticks, js.StateHash)
			}
			if hs.Netplay == nil || hs.Netplay.End != "ended" || hs.Netplay.MSStalled < float64(tc.pause.Milliseconds())/2 {
				t.Fatalf("host's netplay %+v: want it ended normally after holding for the pause", hs.Netplay)
			}
			waitLog(t, host, "netplay: waiting for a silent player")
		})
	}
}
