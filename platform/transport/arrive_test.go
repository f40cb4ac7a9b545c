package transport

import (
	"cmp"
	"context"
	"errors"
	"hash/maphash"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// foldPeer is a netplay session over loopback driven frame by frame from
// the test's goroutine, its state folding every player's input of every
// tick, so that peers whose inputs differ end on different states.
type foldPeer struct {
	j       *Joined
	s       *netplay.Session
	n       uint64
	in      engine.Input
	players [host.MaxPlayers]engine.Input
	state   foldState
	frame   int
	err     error
}

type foldState uint64

func (f *foldState) StateHash() uint64 { return uint64(*f) }

var foldSeed = maphash.MakeSeed()

func newFoldPeer(t *testing.T, j *Joined) *foldPeer {
	t.Helper()
	return newFoldPeerDropping(t, j, 30*time.Second)
}

// newFoldPeerDropping is newFoldPeer with a rejoin window of drop.
func newFoldPeerDropping(t *testing.T, j *Joined, drop time.Duration) *foldPeer {
	t.Helper()
	s, err := netplay.New(j.Config(netplay.Local{DropAfter: drop}))
	if err != nil {
		t.Fatal(err)
	}
	return &foldPeer{j: j, s: s}
}

// step runs one frame at now: what arrived, the host's arrivals, this
// peer's input (a key now and then) and every ready tick up to ticks, at
// most one beyond the first unless catching up.
func (p *foldPeer) step(now time.Duration, ticks uint64) {
	p.frame++
	if p.frame%(11+p.j.Slot) == 0 {
		if p.in.Down.Has(engine.KeyA) {
			p.in.Down.Remove(engine.KeyA)
		} else {
			p.in.Down.Add(engine.KeyA)
		}
	}
	if err := p.s.Frame(now, false); err != nil && p.err == nil {
		p.err = err
	}
	p.j.Admit(p.s, now)
	for k := 0; p.n < ticks && (k < 2 || p.s.CatchingUp() && k < 4096); k++ {
		players := p.players[:p.j.Terms.Players]
		ok, err := p.s.Inputs(p.n, &p.in, players, &p.state)
		if err != nil && p.err == nil {
			p.err = err
		}
		if !ok {
			return
		}
		var h maphash.Hash
		h.SetSeed(foldSeed)
		maphash.WriteComparable(&h, uint64(p.state))
		for i := range players {
			maphash.WriteComparable(&h, players[i])
		}
		p.state = foldState(h.Sum64())
		p.n++
	}
}

// run steps peers, 60 frames a second of real time, until every one has
// run ticks or the deadline passes; it reports whether they did.
func run(peers []*foldPeer, ticks uint64, clock func() time.Duration, deadline time.Duration) bool {
	for f := 0; clock() < deadline; f++ {
		all := true
		for _, p := range peers {
			p.step(clock(), ticks)
			all = all && p.n >= ticks
		}
		if all {
			return true
		}
		time.Sleep(time.Second / 60)
	}
	return false
}

// A player whose process dies (its session stops, its connection left
// open as a killed process's is until it times out) and is started again
// with the same code and its ticket takes its slot back: the host names it vacant,
// welcomes the new connection as a rejoin, and the new session replays
// the session from tick 0 to the same state as the host's.
func TestAPlayerStartedAgainTakesBackTheirSlotAndEndsOnTheHostsState(t *testing.T) {
	synctest.Test(t, playerStartedAgain)
}

// playerStartedAgain is the test, on a simulated network in virtual time.
func playerStartedAgain(t *testing.T) {
	sim := newSimNet(0, 10*time.Millisecond)
	t.Cleanup(sim.stop)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	o := sim.sockets(opts(testCode))
	o.Terms.Players = 3
	o.Terms.InputDelay = 6 // the test's frames relay a joiner's input to the other one frame late
	addr, log, wait := startHost(t, ctx, o)
	js := make([]*Joined, 2)
	var wg sync.WaitGroup
	for i := range js {
		wg.Go(func() {
			var err error
			if js[i], err = Join(ctx, addr, sim.sockets(joinAny()), JoinOptions{}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	h, err := wait()
	if err != nil || t.Failed() {
		t.Fatalf("host: %v", err)
	}
	defer js[0].Close()
	defer js[1].Close()
	start := time.Now()
	clock := func() time.Duration { return time.Since(start) + time.Second }
	peers := []*foldPeer{newFoldPeer(t, h), newFoldPeer(t, js[0]), newFoldPeer(t, js[1])}
	run(peers, 120, clock, 20*time.Second)
	dead := peers[1]
	if slot, ok := peers[0].s.Vacant(); ok {
		t.Fatalf("slot %d is vacant while every player is heard from", slot)
	}
	again := make(chan *Joined, 1)
	go func() {
		ticket := JoinOptions{Ticket: dead.j.Ticket} // its earlier run's, as a game started again shows it
		j, err := Join(ctx, addr, sim.sockets(joinAny()), ticket)
		if err != nil {
			t.Error(err)
		}
		again <- j
	}()
	var back *Joined
	others := []*foldPeer{peers[0], peers[2]}
	for back == nil && ctx.Err() == nil {
		select {
		case back = <-again:
		default:
			run(others, ^uint64(0), clock, clock()+time.Second/60)
		}
	}
	if back == nil {
		t.Fatal("the player started again was not welcomed")
	}
	defer back.Close()
	t.Logf("welcomed back at %v, host at tick %d", clock(), others[0].n)
	if !back.Rejoin || back.Slot != dead.j.Slot || back.Terms.Players != 3 {
		t.Fatalf("welcomed as rejoin %v to slot %d of %d, want a rejoin to slot %d of 3", back.Rejoin, back.Slot, back.Terms.Players, dead.j.Slot)
	}
	const ticks = 500
	again2 := newFoldPeer(t, back)
	if !run([]*foldPeer{others[0], others[1], again2}, ticks, clock, 50*time.Second) {
		t.Fatalf("ticks: host %d, the other %d, the one back %d; want %d each", others[0].n, others[1].n, again2.n, ticks)
	}
	t.Logf("all at tick %d at %v", ticks, clock())
	checkTookBack(t, others[0], others[1], again2, ticks, log.String())
}

// checkTookBack checks the end of playerStartedAgain: the host, the other
// player and the one back have no error and one state after ticks, and
// the host took one player back and said so in its log.
func checkTookBack(t *testing.T, host, other, back *foldPeer, ticks int, log string) {
	t.Helper()
	for _, p := range []*foldPeer{host, other, back} {
		if p.err != nil {
			t.Fatalf("slot %d: %v", p.j.Slot, p.err)
		}
	}
	if back.state != host.state || other.state != host.state {
		t.Fatalf("states after %d ticks: host %x, other %x, the one back %x: want one", ticks, host.state, other.state, back.state)
	}
	if st := host.s.Stats(); st.Rejoined != 1 {
		t.Fatalf("the host took back %d players, want 1", st.Rejoined)
	}
	if !strings.Contains(log, "a player came back") {
		t.Fatalf("the host's log does not say the player came back:\n%s", log)
	}
}

// joinAny is a joiner's options that take the host's player count.
func joinAny() Options {
	o := opts(testCode)
	o.Terms.Players = 0
	return o
}

// hostWithJoiner starts a host with o and a joiner with jo, and returns
// the host's address and both their places once the session started;
// the joiner's closes at cleanup.
func hostWithJoiner(t *testing.T, ctx context.Context, o, jo Options) (string, *Joined, *Joined) {
	t.Helper()
	addr, _, wait := startHost(t, ctx, o)
	j, err := Join(ctx, addr, jo, JoinOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = j.Close() })
	h, err := wait()
	if err != nil {
		t.Fatal(err)
	}
	return addr, h, j
}

// joinWhileRunning joins the host at addr with jo as a newcomer while
// peers run on clock, and returns its place once it is welcomed.
func joinWhileRunning(t *testing.T, ctx context.Context, addr string, jo Options, peers []*foldPeer, clock func() time.Duration) *Joined {
	t.Helper()
	newcomer := make(chan *Joined, 1)
	go func() {
		j, err := Join(ctx, addr, jo, JoinOptions{})
		if err != nil {
			t.Error(err)
		}
		newcomer <- j
	}()
	var nj *Joined
	for nj == nil && ctx.Err() == nil {
		select {
		case nj = <-newcomer:
		default:
			run(peers, ^uint64(0), clock, clock()+time.Second/60)
		}
	}
	if nj == nil {
		t.Fatal("the newcomer was not welcomed")
	}
	return nj
}

// fakeAdmitter is a session that takes spectators only when told to
// (take), and names a slot vacant only when told to (vacant), which it
// then gives back when told to (back) and else refuses as given up; its
// session has players slots (0: 2).
type fakeAdmitter struct {
	take, vacant, back bool
	players            int
	here               int // a slot whose player is still there: never vacant (0: none)
	// silent is how long every vacant slot's player has been silent;
	// 0: an hour (past TicketGrace).
	silent time.Duration
	// taken counts the spectators taken.
	taken int
}

func (f *fakeAdmitter) Silent(slot int) (time.Duration, bool) {
	if !f.IsVacant(slot) {
		return 0, true
	}
	return cmp.Or(f.silent, time.Hour), true
}

func (f *fakeAdmitter) Vacant() (int, bool) { return 1, f.vacant }

// IsVacant: with vacant, every slot but here is (players went silent).
func (f *fakeAdmitter) IsVacant(slot int) bool { return f.vacant && slot != f.here }
func (f *fakeAdmitter) Rejoin(slot int, _ netplay.Link) error {
	if f.back {
		return nil
	}
	return &netplay.RejoinError{Slot: slot, Why: "the place was given up"}
}
func (f *fakeAdmitter) Terms() netplay.Terms {
	return netplay.Terms{Players: cmp.Or(f.players, 2), InputDelay: 2}
}
func (f *fakeAdmitter) Watch(netplay.Link) error {
	if f.take {
		f.taken++
		return nil
	}
	return &netplay.WatchError{Why: "the session has all the watchers it takes (0)", Full: true}
}

// A flood of handshakes that never finish, once the session is under
// way, holds no more of the host than before the start (the gate's
// bounds: the members no longer count), and a spectator with the code
// still gets in.
func TestAFloodAfterTheStartIsBoundedAsBeforeAndASpectatorStillGetsIn(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	addr, h, _ := hostWithJoiner(t, ctx, opts(testCode), opts(testCode))
	g := h.l.gate
	g.mu.Lock()
	members := g.conns
	g.mu.Unlock()
	if members != 0 {
		t.Fatalf("the gate counts %d connections once the session started, want 0 (its members are not its to bound)", members)
	}
	flood(t, addr, 3000)
	g.mu.Lock()
	conns := g.conns
	g.mu.Unlock()
	if conns > retryAbove {
		t.Fatalf("3,000 handshakes that never finish left the host holding %d connections: want at most %d", conns, retryAbove)
	}
	got := make(chan error, 1)
	go func() {
		w := opts(testCode)
		w.Local.Spectate = true
		sj, err := Join(ctx, addr, w, JoinOptions{})
		if err == nil {
			defer sj.Close()
		}
		got <- err
	}()
	for now := time.Duration(0); ; now += time.Second / 60 {
		h.Admit(&fakeAdmitter{take: true}, now)
		select {
		case err := <-got:
			if err != nil {
				t.Fatalf("a spectator with the code after the flood: %v", err)
			}
			return
		case <-time.After(time.Second / 60):
		}
	}
}

// Spectators (Local.Spectate) are welcomed with no slot: one that comes
// before the start waits for it, one that comes later is taken as the
// session runs; each replays the session to the players' state, and the
// players never wait for them.
func TestSpectatorsBeforeAndAfterTheStartWatchToThePlayersState(t *testing.T) {
	synctest.Test(t, spectatorsBeforeAndAfterTheStart)
}

// spectatorsBeforeAndAfterTheStart is the test, on a simulated network in
// virtual time.
func spectatorsBeforeAndAfterTheStart(t *testing.T) {
	sim := newSimNet(0, 10*time.Millisecond)
	t.Cleanup(sim.stop)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	o := sim.sockets(opts(testCode))
	o.Terms.InputDelay = 3
	addr, _, wait := startHost(t, ctx, o)
	watch := func() <-chan *Joined {
		c := make(chan *Joined, 1)
		go func() {
			w := joinAny()
			w.Local.Spectate = true
			j, err := Join(ctx, addr, sim.sockets(w), JoinOptions{})
			if err != nil {
				t.Error(err)
			}
			c <- j
		}()
		return c
	}
	early := watch()
	time.Sleep(200 * time.Millisecond) // it greets before the player
	j, err := Join(ctx, addr, sim.sockets(joinAny()), JoinOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	h, err := wait()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	clock := func() time.Duration { return time.Since(start) + time.Second }
	players := []*foldPeer{newFoldPeer(t, h), newFoldPeer(t, j)}
	var watchers []*foldPeer
	late := (<-chan *Joined)(nil)
	const ticks = 400
	for len(watchers) < 2 && ctx.Err() == nil {
		run(append(players, watchers...), ticks, clock, clock()+time.Second/60)
		select {
		case w := <-early:
			watchers, early = append(watchers, newFoldPeer(t, w)), nil
			late = watch()
		case w := <-late:
			watchers = append(watchers, newFoldPeer(t, w))
		default:
		}
	}
	if len(watchers) < 2 || watchers[0].j == nil || watchers[1].j == nil {
		t.Fatal("the spectators were not welcomed")
	}
	for _, w := range watchers {
		defer w.j.Close()
		if !w.j.Watching || w.j.Slot != 0 || w.j.Terms.Players != 2 {
			t.Fatalf("a spectator welcomed as watching %v, slot %d of %d", w.j.Watching, w.j.Slot, w.j.Terms.Players)
		}
	}
	if !run(append(players, watchers...), ticks, clock, 50*time.Second) {
		t.Fatalf("ticks: players %d and %d, spectators %d and %d; want %d", players[0].n, players[1].n, watchers[0].n, watchers[1].n, ticks)
	}
	for _, p := range append(players, watchers...) {
		if p.err != nil || p.state != players[0].state {
			t.Fatalf("a peer (slot %d, watching %v) ended with %v on state %x, the host on %x", p.j.Slot, p.j.Watching, p.err, p.state, players[0].state)
		}
	}
	if st := players[0].s.Stats(); st.Watchers != 2 {
		t.Fatalf("the host took %d spectators, want 2", st.Watchers)
	}
}

// A host that lets players join late (PlayOn, LateJoin) gives a slot it
// gave up to a newcomer who comes with the code: welcomed as a peer
// catching up, it replays the session to the host's state and plays on.
func TestANewcomerTakesASlotGivenUpAndEndsOnTheHostsState(t *testing.T) {
	synctest.Test(t, newcomerTakesASlotGivenUp)
}

// newcomerTakesASlotGivenUp is the test, on a simulated network in virtual time.
func newcomerTakesASlotGivenUp(t *testing.T) {
	sim := newSimNet(0, 10*time.Millisecond)
	t.Cleanup(sim.stop)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	o := sim.sockets(opts(testCode))
	o.Terms.InputDelay, o.Terms.PlayOn, o.Terms.LateJoin = 4, true, true
	addr, h, j := hostWithJoiner(t, ctx, o, sim.sockets(joinAny()))
	start := time.Now()
	clock := func() time.Duration { return time.Since(start) + time.Second }
	host := newFoldPeerDropping(t, h, 2*time.Second)
	run([]*foldPeer{host, newFoldPeer(t, j)}, 60, clock, 20*time.Second)
	for host.s.Stats().GaveUp == 0 && clock() < 30*time.Second { // the joiner is gone: given up after 2 s
		run([]*foldPeer{host}, ^uint64(0), clock, clock()+time.Second/60)
	}
	nj := joinWhileRunning(t, ctx, addr, sim.sockets(joinAny()), []*foldPeer{host}, clock)
	defer nj.Close()
	if !nj.Rejoin || nj.Slot != 1 {
		t.Fatalf("the newcomer was welcomed as rejoin %v to slot %d, want one catching up in slot 1", nj.Rejoin, nj.Slot)
	}
	ticks := host.n + 300
	p := newFoldPeer(t, nj)
	if !run([]*foldPeer{host, p}, ticks, clock, 50*time.Second) {
		t.Fatalf("ticks: host %d, newcomer %d; want %d", host.n, p.n, ticks)
	}
	if host.err != nil || p.err != nil || p.state != host.state {
		t.Fatalf("host %v on %x, newcomer %v on %x: want one state", host.err, host.state, p.err, p.state)
	}
	if st := host.s.Stats(); st.JoinedLate != 1 {
		t.Fatalf("the host took %d newcomers, want 1", st.JoinedLate)
	}
}

// A player the session under way cannot take back (the place they came
// for was given up) is told why, as ErrUnderWay, not as another build.
func TestAPlayerTheSessionCannotTakeBackIsToldWhy(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	addr, h, _ := hostWithJoiner(t, ctx, opts(testCode), opts(testCode))
	errs := make(chan error, 1)
	go func() {
		_, err := Join(ctx, addr, opts(testCode), JoinOptions{})
		errs <- err
	}()
	var err error
	for now := time.Duration(0); ; now += time.Second / 60 {
		h.Admit(&fakeAdmitter{vacant: true}, now)
		select {
		case err = <-errs:
		case <-time.After(time.Second / 60):
			continue
		}
		break
	}
	if !errors.Is(err, ErrRefused) || !errors.Is(err, ErrUnderWay) || errors.Is(err, ErrFull) || !strings.Contains(err.Error(), "given up") {
		t.Fatalf("join of a place given up: %v, want ErrRefused and ErrUnderWay saying it was given up", err)
	}
}

// A player whose place a new connection took while its own was still
// open (cut off, then started again elsewhere) learns it from Replaced;
// the new connection and the host do not.
func TestAPlayerWhosePlaceANewConnectionTookIsToldItWasReplaced(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	addr, h, old := hostWithJoiner(t, ctx, opts(testCode), opts(testCode))
	if err := old.Replaced(); err != nil {
		t.Fatalf("before anyone took its place: %v, want nil", err)
	}
	got := make(chan *Joined, 1)
	go func() {
		j, err := Join(ctx, addr, opts(testCode), JoinOptions{})
		if err != nil {
			t.Error(err)
		}
		got <- j
	}()
	var nj *Joined
	for now := time.Duration(0); nj == nil; now += time.Second / 60 {
		h.Admit(&fakeAdmitter{vacant: true, back: true}, now)
		select {
		case nj = <-got:
		case <-time.After(time.Second / 60):
		}
	}
	if nj == nil {
		t.FailNow()
	}
	defer nj.Close()
	for end := time.Now().Add(5 * time.Second); old.Replaced() == nil && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	if err := old.Replaced(); !errors.Is(err, ErrReplaced) {
		t.Fatalf("the old connection after a new one took its place: %v, want ErrReplaced", err)
	}
	if nj.Replaced() != nil || h.Replaced() != nil {
		t.Fatalf("the new connection says %v and the host %v: want nil", nj.Replaced(), h.Replaced())
	}
}

// A player started again that shows the ticket its earlier run was
// welcomed with takes back that run's slot at once, not the one the
// session names vacant (another player's, silent longer), and with a new
// ticket; a ticket the host never gave is not looked at.
func TestATicketTakesBackItsOwnSlotNotTheLongestSilent(t *testing.T) {
	synctest.Test(t, ticketTakesBackItsOwnSlot)
}

// ticketTakesBackItsOwnSlot is the test, on a simulated network in virtual
// time.
func ticketTakesBackItsOwnSlot(t *testing.T) {
	sim := newSimNet(0, 10*time.Millisecond)
	t.Cleanup(sim.stop)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	o := sim.sockets(opts(testCode))
	o.Terms.Players = 3
	addr, _, wait := startHost(t, ctx, o)
	var firsts [2]*Joined
	var errs [2]error
	var wg sync.WaitGroup
	for i := range firsts {
		wg.Go(func() { firsts[i], errs[i] = Join(ctx, addr, sim.sockets(joinAny()), JoinOptions{}) })
	}
	wg.Wait()
	for i, j := range firsts {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		defer j.Close()
	}
	h, err := wait()
	if err != nil {
		t.Fatal(err)
	}
	second := firsts[0]
	if firsts[1].Slot == 2 {
		second = firsts[1]
	}
	if second.Slot != 2 || second.Ticket == "" || firsts[0].Ticket == firsts[1].Ticket {
		t.Fatalf("joiners in slots %d and %d with tickets %q and %q: want slots 1 and 2, each its own ticket", firsts[0].Slot, firsts[1].Slot, firsts[0].Ticket, firsts[1].Ticket)
	}
	adm := &fakeAdmitter{vacant: true, back: true, players: 3} // the session names slot 1 vacant
	come := func(ticket string) *Joined {
		t.Helper()
		got := make(chan *Joined, 1)
		go func() {
			j, err := Join(ctx, addr, sim.sockets(joinAny()), JoinOptions{Ticket: ticket})
			if err != nil {
				t.Error(err)
			}
			got <- j
		}()
		for now := time.Duration(0); ; now += time.Second / 60 {
			h.Admit(adm, now)
			select {
			case j := <-got:
				if j == nil {
					t.FailNow()
				}
				t.Cleanup(func() { _ = j.Close() })
				return j
			case <-time.After(time.Second / 60):
			}
		}
	}
	back := come(second.Ticket)
	if back.Slot != 2 || !back.Rejoin || back.Ticket == "" || back.Ticket == second.Ticket {
		t.Fatalf("a player back with slot 2's ticket got slot %d (rejoin %v) and ticket %q: want slot 2 back with a new ticket", back.Slot, back.Rejoin, back.Ticket)
	}
	if other := come("not-a-ticket-the-host-gave"); other.Slot != 1 {
		t.Fatalf("a player with an unknown ticket got slot %d: want the vacant one, 1", other.Slot)
	}
	// A ticket of a place whose player is still there (two players of
	// one machine share a ticket file) waits for it, then takes the
	// vacant one: it never takes a place from a player who is there.
	adm.here = 2
	if shared := come(back.Ticket); shared.Slot != 1 {
		t.Fatalf("a ticket of slot 2, whose player is there, got slot %d: want the vacant one, 1", shared.Slot)
	}
}
