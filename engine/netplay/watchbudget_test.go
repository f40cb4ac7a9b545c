package netplay

import (
	"errors"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// watchRig is a host and a joiner playing over queue links, 10 ms frames
// on a fake clock, with input that changes every tick, and spectators
// whose loops only talk: they take in what comes, acknowledge what their
// ring holds and never run a tick, so their acknowledgements stop.
type watchRig struct {
	t        *testing.T
	host, j  *Session
	hl, jl   *queueLink
	now      time.Duration
	hn, jn   uint64
	players  []engine.Input
	watchers []*watcherEnd
}

// watcherEnd is a spectator's session and both ends of its link.
type watcherEnd struct {
	s      *Session
	hl, wl *queueLink
	closed bool
	plays  bool   // its loop runs ticks: an honest spectator
	n      uint64 // its next tick
}

// Close is the host's end's: a dropped watcher's link is closed.
func (w *watcherEnd) Close() error { w.closed = true; return nil }

// hostEnd is the host's end of a watcher's link, which it may close.
type hostEnd struct {
	*queueLink
	w *watcherEnd
}

func (h hostEnd) Close() error { return h.w.Close() }

func newWatchRig(t *testing.T) *watchRig {
	h, j, hl, jl := pair(t)
	return &watchRig{t: t, host: h, j: j, hl: hl, jl: jl, players: make([]engine.Input, 2)}
}

// watch makes the host take a talking-only spectator; its error is
// Watch's.
func (r *watchRig) watch() error {
	w := &watcherEnd{hl: &queueLink{}, wl: &queueLink{}}
	if err := r.host.Watch(hostEnd{w.hl, w}); err != nil {
		return err
	}
	var err error
	if w.s, err = New(Config{Terms: r.host.Terms(), Local: Local{Spectate: true}, Peers: []Peer{{Slot: 0, Link: w.wl}}}); err != nil {
		r.t.Fatal(err)
	}
	r.watchers = append(r.watchers, w)
	return nil
}

// frame runs one frame of everyone and moves the datagrams.
func (r *watchRig) frame() {
	r.now += 10 * time.Millisecond
	for _, p := range []struct {
		s *Session
		n *uint64
	}{{r.host, &r.hn}, {r.j, &r.jn}} {
		if err := p.s.Frame(r.now, false); err != nil {
			r.t.Fatal(err)
		}
		in := engine.Input{MouseX: float64(*p.n%1000) + 0.5, MouseY: float64(*p.n % 7)} // new every tick
		ok, err := p.s.Inputs(*p.n, &in, r.players, constHash(1))
		if err != nil {
			r.t.Fatal(err)
		}
		if ok {
			*p.n++
		}
	}
	for _, w := range r.watchers {
		if !w.closed {
			_ = w.s.Frame(r.now, false)
		}
		for w.plays && !w.closed { // as many ticks as have come: catching up
			if ok, err := w.s.Inputs(w.n, &engine.Input{}, r.players, constHash(1)); !ok || err != nil {
				break
			}
			w.n++
		}
		w.hl.in, w.wl.sent = append(w.hl.in, w.wl.sent...), nil
		w.wl.in, w.hl.sent = append(w.wl.in, w.hl.sent...), nil
	}
	r.hl.in, r.jl.sent = append(r.hl.in, r.jl.sent...), nil
	r.jl.in, r.hl.sent = append(r.jl.in, r.hl.sent...), nil
}

// Spectators whose acknowledgements stop (16 of them, on a session far
// past what their rings hold) drew the catch-up burst every frame for
// good, 9 Mbit/s of the host's upload, and were never dropped since they
// kept talking; the spectator limit counted every spectator a session
// ever had, so once they were gone a 17th was still refused. Now each is
// dropped once its acknowledgements have not risen for LagAfter (its
// link closed), the host's upload to them stays within the budget
// (SpectatorsUpload, shared), and spectators are counted while they
// watch: a 17th is refused while 16 watch and taken once they are gone.
func TestStuckSpectatorsAreDroppedWithinTheUploadBudgetAndFreeTheirPlaces(t *testing.T) {
	r := newWatchRig(t)
	for r.hn < 1500 {
		r.frame()
	}
	for range DefaultMaxSpectators {
		if err := r.watch(); err != nil {
			t.Fatal(err)
		}
	}
	var we *WatchError
	if err := r.watch(); !errors.As(err, &we) || !we.Full {
		t.Fatalf("a 17th spectator while 16 watch: %v, want a refusal saying the session is full", err)
	}
	from, bytesFrom := r.now, r.host.Stats().BytesToWatchers
	var allDropped time.Duration
	for r.now-from < 30*time.Second {
		r.frame()
		if allDropped == 0 && r.host.Stats().WatchersDropped == DefaultMaxSpectators {
			allDropped = r.now - from
		}
	}
	sent := r.host.Stats().BytesToWatchers - bytesFrom
	took := 30 * time.Second
	if allDropped != 0 {
		took = allDropped
	}
	// What the budget allows over the time they were sent to: the shared
	// rate, plus each one's saved-up burst and a datagram of debt.
	allowed := uint64(SpectatorsUpload*took.Seconds()) + DefaultMaxSpectators*uint64(budgetBurst(SpectatorsUpload/DefaultMaxSpectators)+MaxDatagram)
	t.Logf("16 stuck spectators: all dropped after %v; sent them %d B (%.2f Mbit/s over that time; allowed %d B)", allDropped, sent, float64(sent)*8/took.Seconds()/1e6, allowed)
	switch {
	case allDropped == 0 || allDropped > DefaultLagAfter+2*time.Second:
		t.Fatalf("%d of 16 stuck spectators dropped in 30 s (all after %v), want all within the lag bound %v and 2 s", r.host.Stats().WatchersDropped, allDropped, DefaultLagAfter)
	case sent > allowed:
		t.Fatalf("the host sent stuck spectators %d B in %v, over the budget's %d B", sent, took, allowed)
	}
	for i, w := range r.watchers {
		if !w.closed {
			t.Fatalf("spectator %d was dropped but its link left open", i)
		}
	}
	if err := r.watch(); err != nil {
		t.Fatalf("a spectator after the 16 were dropped: %v, want it taken (spectators count while they watch)", err)
	}
	if n := len(r.host.peers); n > 1+DefaultMaxSpectators {
		t.Fatalf("the host keeps %d peers after 17 spectators came and 16 went: want at most %d (a dropped one's place is taken again)", n, 1+DefaultMaxSpectators)
	}
}

// endingLink is a watcher's link whose connection can end.
type endingLink struct {
	queueLink
	ended bool
}

func (l *endingLink) Ended() bool { return l.ended }

// A spectator whose connection closed kept its place among the
// MaxSpectators until DropAfter of silence, so a few throwaway
// connections kept every other spectator out for a minute: one whose
// link ended (EndingLink) is dropped at the next frame, its place free.
func TestASpectatorWhoseLinkEndedIsDroppedAtOnce(t *testing.T) {
	r := newWatchRig(t)
	for r.hn < 100 {
		r.frame()
	}
	links := make([]*endingLink, DefaultMaxSpectators)
	for i := range links {
		links[i] = &endingLink{}
		if err := r.host.Watch(links[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.host.Watch(&endingLink{}); err == nil {
		t.Fatal("a 17th spectator was taken while 16 watch")
	}
	for _, l := range links {
		l.ended = true
	}
	r.frame()
	if err := r.host.Watch(&endingLink{}); err != nil {
		t.Fatalf("a spectator a frame after 16 left: %v, want it taken", err)
	}
	if st := r.host.Stats(); st.WatchersDropped != DefaultMaxSpectators || st.Watchers != DefaultMaxSpectators+1 {
		t.Fatalf("the host dropped %d spectators and took %d: want 16 and 17", st.WatchersDropped, st.Watchers)
	}
}

// What a spectator who knows the code can do in a session, and no more:
// watch. The datagrams it sends are taken only as a watcher's (its
// acknowledgements and its tick): a player's input in them, for any
// slot (a joiner's real datagrams, replayed), is refused and counted,
// and no slot's input moves; the players never wait for it. (Taking a
// player's place is the transport's to refuse: see transport's
// TicketGrace.)
func TestASpectatorCannotSendAnyPlayersInput(t *testing.T) {
	host, _, _, _ := pair(t)
	wl := &queueLink{}
	if err := host.Watch(wl); err != nil {
		t.Fatal(err)
	}
	forged := 0 // those of a joiner's real datagrams that carry slot 1's input
	for _, b := range realDatagrams(t) {
		var d datagram
		if err := d.decode(b, zeroBases); err != nil {
			t.Fatal(err)
		}
		if d.nBlocks > 0 {
			wl.in = append(wl.in, b)
			forged++
		}
	}
	if forged == 0 {
		t.Fatal("the joiner sent no input to forge")
	}
	before := host.slots[1].next
	if err := host.Frame(10*time.Millisecond, false); err != nil {
		t.Fatal(err)
	}
	if host.slots[1].next != before || host.Stats().Dropped != uint64(forged) {
		t.Fatalf("a spectator's forged datagrams: slot 1's input now up to tick %d (was %d), %d dropped: want none taken, all %d dropped",
			host.slots[1].next, before, host.Stats().Dropped, forged)
	}
	players := make([]engine.Input, 2)
	if ok, err := host.Inputs(0, &engine.Input{}, players, constHash(1)); !ok || err != nil {
		t.Fatalf("the host's first tick with a spectator that sent forged input: %v %v, want it run (the zero input of the delay)", ok, err)
	}
}

// Sixteen honest spectators who come at tick 6,000 of a session whose
// input changes every tick catch up within the upload budget: the
// budget slows a late spectator's catch-up (the history over its share
// of SpectatorsUpload), never stops it, and the host's upload to them
// stays within it.
func TestLateSpectatorsCatchUpWithinTheUploadBudget(t *testing.T) {
	r := newWatchRig(t)
	for r.hn < 6000 {
		r.frame()
	}
	for range DefaultMaxSpectators {
		if err := r.watch(); err != nil {
			t.Fatal(err)
		}
		r.watchers[len(r.watchers)-1].plays = true
	}
	from, bytesFrom := r.now, r.host.Stats().BytesToWatchers
	var caughtUp time.Duration
	for caughtUp == 0 && r.now-from < 5*time.Minute {
		r.frame()
		all := true
		for _, w := range r.watchers {
			all = all && w.n+watchBehind+maxBlock >= r.hn
		}
		if all {
			caughtUp = r.now - from
		}
	}
	sent := r.host.Stats().BytesToWatchers - bytesFrom
	history := r.host.Stats().HistoryBytes
	t.Logf("16 spectators at tick 6000 (history %d B): all caught up after %v, sent %d B (%.2f Mbit/s; budget %.2f)", history, caughtUp, sent,
		float64(sent)*8/caughtUp.Seconds()/1e6, float64(SpectatorsUpload)*8/1e6)
	allowed := uint64(SpectatorsUpload*caughtUp.Seconds()) + DefaultMaxSpectators*uint64(budgetBurst(SpectatorsUpload/DefaultMaxSpectators)+MaxDatagram)
	switch {
	case caughtUp == 0:
		t.Fatal("the spectators had not caught up after 5 minutes")
	case r.host.Stats().WatchersDropped != 0:
		t.Fatalf("%d honest spectators dropped while they caught up", r.host.Stats().WatchersDropped)
	case sent > allowed:
		t.Fatalf("the host sent them %d B in %v, over the budget's %d B", sent, caughtUp, allowed)
	}
}
