package transport

import (
	"context"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// A host of 3 slots with StartWith 2 starts as soon as one joiner is
// there, slot 2 empty from the start in both peers' terms; a newcomer
// who comes later takes slot 2, catches up from tick 0 and ends on the
// host's state.
func TestAHostWithStartWithStartsEarlyAndANewcomerFillsTheEmptySlot(t *testing.T) {
	synctest.Test(t, startWithThenNewcomer)
}

// startWithThenNewcomer is the test, on a simulated network in virtual
// time.
func startWithThenNewcomer(t *testing.T) {
	sim := newSimNet(0, 10*time.Millisecond)
	t.Cleanup(sim.stop)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	o := sim.sockets(opts(testCode))
	o.Terms.Players, o.Terms.InputDelay, o.Terms.PlayOn, o.Terms.LateJoin = 3, 3, true, true
	addr, _, wait := startHostWith(t, ctx, o, HostOptions{StartWith: 2})
	j, err := Join(ctx, addr, sim.sockets(joinAny()), JoinOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	h, err := wait()
	if err != nil {
		t.Fatalf("the host did not start with 2 of 3 players: %v", err)
	}
	defer h.Close()
	if !slices.Equal(h.Terms.Empty, []int{2}) || !slices.Equal(j.Terms.Empty, []int{2}) || len(h.Peers) != 1 {
		t.Fatalf("empty slots: host's %v, joiner's %v, host's links %d; want [2], [2] and 1", h.Terms.Empty, j.Terms.Empty, len(h.Peers))
	}
	start := time.Now()
	clock := func() time.Duration { return time.Since(start) + time.Second }
	host, first := newFoldPeer(t, h), newFoldPeer(t, j)
	if !run([]*foldPeer{host, first}, 120, clock, 20*time.Second) {
		t.Fatalf("ticks before the newcomer: host %d, joiner %d; want 120", host.n, first.n)
	}
	nj := joinWhileRunning(t, ctx, addr, sim.sockets(joinAny()), []*foldPeer{host, first}, clock)
	defer nj.Close()
	if !nj.Rejoin || nj.Slot != 2 {
		t.Fatalf("the newcomer was welcomed as rejoin %v to slot %d, want one catching up in slot 2", nj.Rejoin, nj.Slot)
	}
	ticks := max(host.n, first.n) + 300
	p := newFoldPeer(t, nj)
	if !run([]*foldPeer{host, first, p}, ticks, clock, 50*time.Second) {
		t.Fatalf("ticks: host %d, joiner %d, newcomer %d; want %d", host.n, first.n, p.n, ticks)
	}
	if host.err != nil || first.err != nil || p.err != nil || p.state != host.state || first.state != host.state {
		t.Fatalf("host %v on %x, joiner %v on %x, newcomer %v on %x: want one state", host.err, host.state, first.err, first.state, p.err, p.state)
	}
	if st := host.s.Stats(); st.JoinedLate != 1 || st.GaveUp != 0 {
		t.Fatalf("the host took %d newcomers and gave up %d slots, want 1 and 0", st.JoinedLate, st.GaveUp)
	}
}

// HostOptions.Start starts a late-join host with whoever is there: here the
// host alone, both other slots empty.
func TestStartStartsAHostWithWhoeverIsThere(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	o := opts(testCode)
	o.Terms.Players, o.Terms.PlayOn, o.Terms.LateJoin = 3, true, true
	start := make(chan struct{})
	_, _, wait := startHostWith(t, ctx, o, HostOptions{Start: start})
	close(start)
	h, err := wait()
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if !slices.Equal(h.Terms.Empty, []int{1, 2}) || len(h.Peers) != 0 {
		t.Fatalf("empty slots %v, links %d: want [1 2] and none", h.Terms.Empty, len(h.Peers))
	}
	if _, err := netplay.New(h.Config(netplay.Local{})); err != nil {
		t.Fatalf("a host alone with every other slot empty: %v", err)
	}
}

// StartWith out of range, or below every slot without LateJoin, is
// refused before the host listens.
func TestStartWithIsChecked(t *testing.T) {
	for _, c := range []struct {
		name      string
		startWith int
		lateJoin  bool
	}{{"negative", -1, true}, {"past the players", 4, true}, {"without LateJoin", 2, false}} {
		o := opts(testCode)
		o.Terms.Players, o.Terms.PlayOn, o.Terms.LateJoin = 3, true, c.lateJoin
		if _, err := Host(t.Context(), "127.0.0.1:0", o, HostOptions{StartWith: c.startWith}, nil); err == nil {
			t.Errorf("%s: the host started", c.name)
		}
	}
}
