package main

import (
	"context"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// Three stress processes drawing ahead of the confirmed input, one of the
// joiners through a relay that loses everything for 5 s mid-session: every
// peer ends on the last tick with one state, and each one's summary says
// it stalled for about the outage with its longest stall at most the
// time it stalled in all (with prediction on, a peer said 40 ms after a
// 5 s outage; with 3 players, 0; in lockstep more than its total).
func TestThreePredictingProcessesReportTheOutageAsTheirLongestStall(t *testing.T) {
	bin := realTime(t, "builds stress and runs three processes", buildStress)
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	const ticks, outage = 900, 5 * time.Second
	common := []string{"-players", "3", "-bodies", "100", "-code", "stall-code"}
	host := startPeer(ctx, t, bin, append([]string{"-host", "127.0.0.1:0", "-ticks", strconv.Itoa(ticks), "-bot", "1"}, common...)...)
	addr := waitHost(t, host)
	direct := startPeer(ctx, t, bin, append([]string{"-join", addr.String(), "-bot", "2"}, common...)...)
	waitLog(t, host, "transport: player joined")
	r := newRelay(t, addr, 0)
	relayed := startPeer(ctx, t, bin, append([]string{"-join", r.front.LocalAddr().(*net.UDPAddr).String(), "-bot", "3"}, common...)...)
	waitLog(t, relayed, "netplay: session started")
	time.Sleep(time.Second)
	r.mu.Lock()
	r.loss = 1
	r.mu.Unlock()
	time.Sleep(outage)
	r.mu.Lock()
	r.loss = 0
	r.mu.Unlock()
	peers := []*peerRun{host, direct, relayed}
	var sums []desktop.Summary
	for i, p := range peers {
		if err := p.cmd.Wait(); err != nil {
			t.Fatalf("peer %d: %v\n%s", i, err, p.stderr.String())
		}
		sums = append(sums, p.summary(t))
	}
	for i, s := range sums {
		n := s.Netplay
		if s.Ticks != ticks || s.StateHash != sums[0].StateHash || n == nil || n.End != "ended" || n.Prediction.Rollback == 0 {
			t.Fatalf("peer %d: %d ticks, hash %s, netplay %+v: want %d ticks, the host's hash %s, a normal end, prediction on",
				i, s.Ticks, s.StateHash, n, ticks, sums[0].StateHash)
		}
		t.Logf("peer %d: stalled %.0f ms, longest %.0f ms", i, n.MSStalled, n.MaxStallMS)
		if n.MaxStallMS > n.MSStalled || n.MaxStallMS < float64(outage.Milliseconds())*6/10 {
			t.Errorf("peer %d: longest stall %.0f ms of %.0f ms stalled: want at most the total and about the %v outage", i, n.MaxStallMS, n.MSStalled, outage)
		}
	}
}
