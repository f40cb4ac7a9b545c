package netplay

import (
	"errors"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// backRig is a host and a joiner over queue links, 10 ms frames on a
// fake clock, whose joiner can be killed and started again (Rejoin).
type backRig struct {
	t        *testing.T
	host, j  *Session
	hl, jl   *queueLink
	now      time.Duration
	hn, jn   uint64 // each one's next tick
	players  []engine.Input
	cut      bool // the joiner's process is dead: its datagrams go nowhere
	jTicks   bool // the joiner's loop asks for ticks (false: it only talks)
	hostErr  error
	noticed  time.Duration // when the host's Lagging first named slot 1
	rejoined time.Duration
}

func newBackRig(t *testing.T) *backRig {
	h, j, hl, jl := pair(t)
	return &backRig{t: t, host: h, j: j, hl: hl, jl: jl, players: make([]engine.Input, 2), jTicks: true}
}

// frame runs one 10 ms frame of both peers and moves their datagrams.
func (r *backRig) frame() {
	r.now += 10 * time.Millisecond
	if !r.cut {
		_ = r.j.Frame(r.now, false)
		if r.jTicks {
			if ok, _ := r.j.Inputs(r.jn, &engine.Input{}, r.players, constHash(1)); ok {
				r.jn++
			}
		}
	}
	if r.hostErr == nil {
		r.hostErr = r.host.Frame(r.now, false)
	}
	if r.hostErr == nil {
		ok, err := r.host.Inputs(r.hn, &engine.Input{}, r.players, constHash(1))
		r.hostErr = err
		if ok {
			r.hn++
		}
	}
	if slot, _, ok := r.host.Lagging(); ok && slot == 1 && r.noticed == 0 {
		r.noticed = r.now
	}
	if r.cut {
		r.hl.sent, r.jl.sent = nil, nil
		return
	}
	r.hl.in, r.jl.sent = append(r.hl.in, r.jl.sent...), nil
	r.jl.in, r.hl.sent = append(r.jl.in, r.hl.sent...), nil
}

// restart kills the joiner once the host is at tick at, waits until the
// host names its slot vacant, and starts it again over new links.
func (r *backRig) restart(at uint64) {
	for i := 0; r.hn < at; i++ {
		if r.frame(); i > 10000 || r.hostErr != nil {
			r.t.Fatalf("the session did not reach tick %d (at %d): %v", at, r.hn, r.hostErr)
		}
	}
	r.cut = true
	for i := 0; !r.host.IsVacant(1); i++ {
		if r.frame(); i > 1000 {
			r.t.Fatal("the dead joiner's slot never fell vacant")
		}
	}
	hl, jl := &queueLink{}, &queueLink{}
	j, err := New(Config{Terms: r.host.Terms(), Local: Local{Rejoin: true}, Slot: 1, Peers: []Peer{{Slot: 0, Link: jl}}})
	if err != nil {
		r.t.Fatal(err)
	}
	if err := r.host.Rejoin(1, hl); err != nil {
		r.t.Fatal(err)
	}
	r.j, r.hl, r.jl, r.jn, r.cut, r.rejoined = j, hl, jl, 0, false, r.now
}

// runUntilGivenUp runs frames until the host ends (it gave slot 1 up,
// and the session ends there) or for at most d.
func (r *backRig) runUntilGivenUp(d time.Duration) time.Duration {
	from := r.now
	for r.hostErr == nil && r.now-from < d {
		r.frame()
	}
	return r.now - from
}

// givenUpAsLagging checks the host ended its session by giving slot 1
// up as lagging, within the lag bound and a second of it, after a
// notice.
func (r *backRig) givenUpAsLagging(took time.Duration, what string) {
	r.t.Helper()
	st := r.host.Stats()
	switch {
	case !errors.Is(r.hostErr, engine.ErrQuit) || st.Lagging != 1 || st.GaveUp != 1:
		r.t.Fatalf("%s: after %v the host has %v (lagging %d, gave up %d, at tick %d): want slot 1 given up as lagging and the session's end",
			what, took, r.hostErr, st.Lagging, st.GaveUp, r.hn)
	case took > DefaultLagAfter+time.Second:
		r.t.Fatalf("%s: given up after %v, want within the lag bound %v and a second", what, took, DefaultLagAfter)
	case r.noticed == 0 || r.noticed-r.rejoined < 0:
		r.t.Fatalf("%s: the host's Lagging never named player 1 before giving it up", what)
	}
}

// A player who rejoined and caught up was never held to the lag bound
// again (the host skipped every slot with a rejoin mark): one that then
// stops sending input, while it still answers, held the host at one
// tick for good. Once its own input resumes it is a player as any other:
// given up as lagging after LagAfter, with the notice before.
func TestARejoinedPlayerThatStopsSendingInputIsLagging(t *testing.T) {
	r := newBackRig(t)
	r.restart(300)
	caughtUp := false
	for i := 0; r.hostErr == nil && !caughtUp; i++ {
		r.frame()
		caughtUp = !r.host.backPending(&r.host.peers[0]) && !r.host.peers[0].catchUp && r.hn > r.host.peers[0].ownUntil+120
		if i > 3000 {
			t.Fatalf("the rejoined joiner never caught up: host at tick %d, its own input from %d: %v", r.hn, r.host.peers[0].ownUntil, r.hostErr)
		}
	}
	if r.hostErr != nil {
		t.Fatalf("the host ended while the rejoined joiner caught up: %v", r.hostErr)
	}
	r.jTicks, r.noticed, r.rejoined = false, 0, r.now // it talks, sends no input
	took := r.runUntilGivenUp(30 * time.Second)
	r.givenUpAsLagging(took, "a rejoined player that stopped sending input")
}

// A player taken back that never catches up (it talks, acknowledges
// what it can hold and never runs a tick) held the session at the tick
// its own input resumes on for good: catching up was exempt from every
// bound. Its progress is judged now: its acknowledgements stop rising,
// and it is given up as lagging after LagAfter.
func TestAPlayerTakenBackThatNeverCatchesUpIsLagging(t *testing.T) {
	r := newBackRig(t)
	r.restart(300)
	r.jTicks, r.noticed = false, 0
	took := r.runUntilGivenUp(30 * time.Second)
	r.givenUpAsLagging(took, "a player taken back that never catches up")
}
