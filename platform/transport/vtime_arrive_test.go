package transport

import (
	"bytes"
	"context"
	"log/slog"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	enginehost "github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/tape"
)

// Peers that come to a session under way, in virtual time: a spectator,
// and a third player taken in late.

// recordPeer gives e a recorder of a game of players slots, as desktop's
// -record does; the recording is returned.
func recordPeer(t *testing.T, e *peerEnd, players int) *bytes.Buffer {
	t.Helper()
	b := &bytes.Buffer{}
	rec, err := tape.NewRecorder(b, tape.Header{Scene: "chain", TPS: 60, Players: players, Interval: tape.PlayersInterval(players)})
	if err != nil {
		t.Fatal(err)
	}
	e.tape = rec
	return b
}

// replayClock runs a replay in no time: each present moves it a frame on.
type replayClock struct{ now time.Duration }

func (c *replayClock) Now() time.Duration              { return c.now }
func (c *replayClock) SleepUntil(t time.Duration)      { c.now = max(c.now, t) }
func (c *replayClock) PollEvents(enginehost.EventSink) {}
func (c *replayClock) Present() error                  { c.now += time.Second / 60; return nil }

// replaysAlone closes e's recording (in rec) on e's last state and
// replays it alone, as versus -replay does: it must run the session's
// ticks and end on that state, its hashes checked on the way.
func replaysAlone(t *testing.T, who string, e *peerEnd, rec *bytes.Buffer, players int) {
	t.Helper()
	if err := e.tape.(*tape.Recorder).Close(e.state); err != nil {
		t.Fatalf("%s: close its recording: %v", who, err)
	}
	tp, err := tape.Read(rec.Bytes())
	if err != nil {
		t.Fatalf("%s: read its recording: %v", who, err)
	}
	g, c, rp := &predictingChain{}, &replayClock{}, tape.NewReplayer(tp)
	rep, err := enginehost.Run(context.Background(), engine.Config{Mode: engine.ModeUncapped, Players: players}, g.parts(),
		enginehost.Wiring{Platform: c, Clock: c, Tape: rp})
	if err == nil {
		err = rp.Close(g.state) // the recording's final hash, as -replay checks it
	}
	if err != nil || rep.Ticks != e.rep.Ticks || g.state != e.state {
		t.Fatalf("%s's recording replays %d ticks to %x (%v): want the session's %d and %x", who, rep.Ticks, g.state, err, e.rep.Ticks, e.state)
	}
}

// The in-process, virtual-time form of samples/versus's
// TestASpectatorAtTick300EndsOnThePlayersHashAndItsRecordingReplaysToIt,
// with its bounds: a spectator that comes 5 s (about 300 ticks) into a
// session of 900 replays the session so far beyond the tick rate (150
// ticks and more), follows it and ends on the players' last tick and
// state; what it recorded replays alone to that state; the host counts
// it, and never held a tick longer than 3 s for it.
func TestASpectatorAtTick300EndsOnThePlayersStateAndItsRecordingReplaysToItInVirtualTime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const n = 900
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
		defer cancel()
		sim := newSimNet(1, 10*time.Millisecond)
		defer sim.stop()
		h, js := sim.connect(ctx, t, ticks(opts(testCode), n), &logBuffer{}, opts(testCode))
		defer h.Close()
		defer js[0].Close()
		ends := [3]*peerEnd{newPeer(t, h), newPeer(t, js[0])}
		var wg sync.WaitGroup
		wg.Go(func() { ends[0].play(ctx, &keyPlatform{slot: h.Slot}) })
		wg.Go(func() { ends[1].play(ctx, &keyPlatform{slot: js[0].Slot}) })
		time.Sleep(5 * time.Second) // about 300 ticks
		wo := joinAny()
		wo.Local.Spectate = true
		w, err := Join(ctx, sim.host.String(), sim.sockets(wo), JoinOptions{})
		if err != nil {
			t.Fatalf("the spectator: %v", err)
		}
		defer w.Close()
		ends[2] = newPeer(t, w)
		rec := recordPeer(t, ends[2], w.Terms.Players)
		wg.Go(func() { ends[2].play(ctx, nil) })
		wg.Wait()
		for i, e := range ends {
			if e.err != nil || e.rep.Ticks != n || !e.settled || e.state != ends[0].state {
				t.Fatalf("peer %d: %d ticks on %x, error %v, settled %v: want %d ticks on the host's %x, no error, settled", i, e.rep.Ticks, e.state, e.err, e.settled, n, ends[0].state)
			}
		}
		caught, watchers := ends[2].rep.Held.CaughtUp, ends[0].s.Stats().Watchers
		if !w.Watching || caught < 150 || watchers != 1 {
			t.Fatalf("the spectator: watching %v, caught up %d ticks; the host counts %d spectators: want it watching, most of the ~300 ticks before it came caught up, counted by the host", w.Watching, caught, watchers)
		}
		if held := ends[0].rep.Held.Longest; held > 3*time.Second {
			t.Fatalf("the host held a tick %v: the players must never wait for a spectator", held)
		}
		replaysAlone(t, "the spectator", ends[2], rec, w.Terms.Players)
		t.Logf("the spectator caught up %d ticks; the host held a tick %v at most", caught, ends[0].rep.Held.Longest)
	})
}

// The in-process, virtual-time form of samples/versus's
// TestAHostStartedWithTwoOfThreeTakesTheThirdPlayerLate, with its
// bounds: a host of 3 players that plays on and takes players late,
// started with 2 of them (HostOptions.StartWith, as -start-with 2),
// starts as soon as one joiner is there, slot 2 empty; a third player
// who joins 4 s (about 240 ticks) in takes slot 2, replays the session
// from tick 0 beyond the tick rate (100 ticks and more), and all three
// end on the session's last tick with one state, normally; the host
// took it in, and its recording replays alone to that state; the host
// played with 3 players and 2 peers, the third with 3 and 1.
func TestAHostStartedWithTwoOfThreeTakesTheThirdPlayerLateInVirtualTime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const n = 1500
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
		defer cancel()
		sim := newSimNet(1, 10*time.Millisecond)
		defer sim.stop()
		o := ticks(opts(testCode), n)
		o.Terms.Players, o.Terms.AdaptDelay, o.Terms.PlayOn, o.Terms.LateJoin = 3, true, true, true
		h, first := startWithTwo(ctx, t, sim, o)
		defer h.Close()
		defer first.Close()
		ends := [3]*peerEnd{newPeer(t, h), newPeer(t, first)}
		rec := recordPeer(t, ends[0], 3)
		var wg sync.WaitGroup
		wg.Go(func() { ends[0].play(ctx, &keyPlatform{slot: h.Slot}) })
		wg.Go(func() { ends[1].play(ctx, &keyPlatform{slot: first.Slot}) })
		time.Sleep(4 * time.Second) // about 240 ticks with slot 2 empty
		third, err := Join(ctx, sim.host.String(), sim.sockets(joinAny()), JoinOptions{})
		if err != nil {
			t.Fatalf("the third player: %v", err)
		}
		defer third.Close()
		ends[2] = newPeer(t, third)
		wg.Go(func() { ends[2].play(ctx, &keyPlatform{slot: third.Slot}) })
		wg.Wait()
		lateJoinEndedInVirtualTime(t, ends, third)
		replaysAlone(t, "the host", ends[0], rec, 3)
		hst, tst := ends[0].s.Stats(), ends[2].s.Stats()
		if h.Terms.Players != 3 || hst.Peers != 2 || third.Terms.Players != 3 || tst.Peers != 1 {
			t.Fatalf("the host: %d players, %d peers; the third: %d, %d: want 3 players, with the host's 2 peers and the others' 1",
				h.Terms.Players, hst.Peers, third.Terms.Players, tst.Peers)
		}
		t.Logf("the third player caught up %d ticks; the host held a tick %v at most", ends[2].rep.Held.CaughtUp, ends[0].rep.Held.Longest)
	})
}

// startWithTwo hosts with o, starting with 2 of its players, and joins
// it from the first joiner's socket; it returns both once started.
func startWithTwo(ctx context.Context, t *testing.T, sim *simNet, o Options) (h, first *Joined) {
	t.Helper()
	o.Logger = slog.New(slog.NewTextHandler(&logBuffer{}, nil))
	var herr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		h, herr = Host(ctx, sim.host.String(), sim.on(0, o), HostOptions{StartWith: 2}, nil)
	}()
	first, err := Join(ctx, sim.host.String(), sim.on(1, joinAny()), JoinOptions{})
	<-done
	if herr != nil || err != nil {
		t.Fatalf("host: %v, first joiner: %v", herr, err)
	}
	return h, first
}

// lateJoinEndedInVirtualTime checks the host's, the first joiner's and
// the third player's ends: one state at the session's last tick, every
// one ended normally, the third taken in late in slot 2 and caught up
// beyond the tick rate.
func lateJoinEndedInVirtualTime(t *testing.T, ends [3]*peerEnd, third *Joined) {
	t.Helper()
	for i, e := range ends {
		if e.err != nil || e.rep.Ticks != 1500 || !e.settled || e.state != ends[0].state || e.s.Stats().GaveUp != 0 {
			t.Fatalf("peer %d: %d ticks on %x, error %v, settled %v, %d given up: want 1500 ticks on the host's %x, a normal end",
				i, e.rep.Ticks, e.state, e.err, e.settled, e.s.Stats().GaveUp, ends[0].state)
		}
	}
	taken, caught := ends[0].s.Stats().Rejoined, ends[2].rep.Held.CaughtUp
	if taken != 1 || !third.Rejoin || third.Slot != 2 || caught < 100 {
		t.Fatalf("host took in %d; the third player: rejoined %v, slot %d, caught up %d ticks beyond the tick rate: want 1, true, 2 and most of the ~240 before it came",
			taken, third.Rejoin, third.Slot, caught)
	}
}
