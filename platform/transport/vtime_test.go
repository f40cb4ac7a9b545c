package transport

import (
	"context"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/quic-go/quic-go/testutils/simnet"

	"github.com/lockstep-engine/lockstep/engine"
	enginehost "github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// Sessions in virtual time: peers in this process, each an engine loop
// (or a test's frames) over its own QUIC connection, on quic-go's
// simulated packet network (simnet, through Options.packetConn) inside a
// synctest bubble, whose clock jumps whenever every goroutine waits. A
// 20 s outage takes no real time, and runs the same on a busy machine as
// on a quiet one.

// cutRouter passes every datagram on to its link (which holds it for the
// link's latency), but loses those from and to the addresses cut off.
type cutRouter struct {
	simnet.PerfectRouter
	mu  sync.Mutex
	cut map[string]bool
}

func (r *cutRouter) SendPacket(p simnet.Packet) error {
	r.mu.Lock()
	lost := r.cut[p.From.String()] || r.cut[p.To.String()]
	r.mu.Unlock()
	if lost {
		return nil
	}
	return r.PerfectRouter.SendPacket(p)
}

// setCut cuts addr off, or connects it again.
func (r *cutRouter) setCut(addr net.Addr, on bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cut[addr.String()] = on
}

// simNet is a simulated network of sockets, each behind a link of a
// given latency one way: the host's and the joining processes' made up
// front, more on demand (sockets). A process started again takes a new
// socket, as a new port.
type simNet struct {
	router  *cutRouter
	latency time.Duration
	host    *net.UDPAddr
	joiner  []*net.UDPAddr
	conns   []net.PacketConn // the host's, then the joiners'

	mu    sync.Mutex
	ports int // sockets made on demand
	links []*simnet.SimulatedLink
}

func newSimNet(joiners int, latency time.Duration) *simNet {
	s := &simNet{router: &cutRouter{cut: map[string]bool{}}, latency: latency, host: &net.UDPAddr{IP: net.IPv4(10, 0, 0, 1), Port: 7777}}
	s.conns = append(s.conns, s.socket(s.host))
	for i := range joiners {
		a := &net.UDPAddr{IP: net.IPv4(10, 0, 1, byte(1+i)), Port: 40000 + i}
		s.joiner = append(s.joiner, a)
		s.conns = append(s.conns, s.socket(a))
	}
	return s
}

// socket is a new socket at a, or at a new address for nil or port 0.
func (s *simNet) socket(a *net.UDPAddr) net.PacketConn {
	s.mu.Lock()
	defer s.mu.Unlock()
	if a == nil || a.Port == 0 {
		s.ports++
		a = &net.UDPAddr{IP: net.IPv4(10, 0, 2, 1), Port: 20000 + s.ports}
	}
	link := &simnet.SimulatedLink{Latency: s.latency, UploadPacket: s.router}
	c := simnet.NewBlockingSimConn(a, link)
	s.router.AddNode(a, link)
	link.Start()
	s.links = append(s.links, link)
	return c
}

// sockets returns o opening a new socket each time Host or Join asks.
func (s *simNet) sockets(o Options) Options {
	o.packetConn = func(a *net.UDPAddr) (net.PacketConn, error) { return s.socket(a), nil }
	return o
}

// stop ends the links' deliveries.
func (s *simNet) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, l := range s.links {
		_ = l.Close()
	}
}

// on returns o with socket i: 0 the host's, i the i-th joiner's.
func (s *simNet) on(i int, o Options) Options {
	pc := s.conns[i]
	o.packetConn = func(*net.UDPAddr) (net.PacketConn, error) { return pc, nil }
	return o
}

// connect runs Host with o (its log in log) and Join with each of js on
// the joiners' first sockets, at once, and returns their places once the
// session started.
func (s *simNet) connect(ctx context.Context, t *testing.T, o Options, log *logBuffer, js ...Options) (h *Joined, joined []*Joined) {
	t.Helper()
	o.Logger = slog.New(slog.NewTextHandler(log, nil))
	var herr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		h, herr = Host(ctx, s.host.String(), s.on(0, o), HostOptions{}, nil)
	}()
	joined = make([]*Joined, len(js))
	errs := make([]error, len(js))
	var wg sync.WaitGroup
	for i, jo := range js {
		wg.Go(func() { joined[i], errs[i] = Join(ctx, s.host.String(), s.on(1+i, jo), JoinOptions{}) })
	}
	wg.Wait()
	<-done
	if herr != nil || anyErr(errs) {
		t.Fatalf("host: %v, joiners: %v", herr, errs)
	}
	return h, joined
}

// watchedSession is a session that remembers whether it ever waited for a
// silent player, as desktop's log says it does, and on the host, as
// desktop does each frame, places those who come while it runs.
type watchedSession struct {
	*netplay.Session
	j      *Joined
	waited atomic.Bool
}

func (w *watchedSession) Frame(now time.Duration, quit bool) error {
	err := w.Session.Frame(now, quit)
	w.j.Admit(w.Session, now)
	if _, _, ok := w.Waiting(); ok {
		w.waited.Store(true)
	}
	return err
}

// stallPlatform is keyPlatform that, at frame at, calls stall.
type stallPlatform struct {
	keyPlatform
	at    int
	stall func()
}

func (p *stallPlatform) PollEvents(e enginehost.EventSink) {
	p.keyPlatform.PollEvents(e)
	if p.n == p.at && p.stall != nil {
		p.stall()
	}
}

// peerEnd is what one peer's loop ended with.
type peerEnd struct {
	tape    enginehost.Tape // nil: nothing recorded
	rep     enginehost.Report
	err     error
	state   uint64
	s       *watchedSession
	settled bool
}

// predictingChain is chainGame that the loop can draw ahead with.
type predictingChain struct{ chainGame }

func (g *predictingChain) Fork() (engine.Predictor, error) { return &predictingChain{}, nil }

func (g *predictingChain) CopyFrom(src engine.Predictor) error {
	g.state = src.(*predictingChain).state
	return nil
}

func (g *predictingChain) parts() engine.Parts {
	return engine.Parts{Tick: g.Tick, Draw: g.Draw, StateHash: g.StateHash, Predictor: g,
		Fork: func() (engine.Parts, error) { return (&predictingChain{}).parts(), nil }}
}

// newPeer is j's session, drawing ahead by 8 ticks as desktop's
// -rollback does by default, with its default rejoin window of a minute.
func newPeer(t *testing.T, j *Joined) *peerEnd {
	t.Helper()
	s, err := netplay.New(j.Config(netplay.Local{Rollback: 8, DropAfter: netplay.DefaultDropAfter}))
	if err != nil {
		t.Fatal(err)
	}
	return &peerEnd{s: &watchedSession{Session: s, j: j}}
}

// play runs the peer's loop at 60 frames a second for the session's
// ticks, then lets its session settle.
func (e *peerEnd) play(ctx context.Context, pf enginehost.Platform) {
	g := &predictingChain{}
	terms := e.s.j.Terms
	clock := enginehost.NewSystemClock(enginehost.WaitSleep) // time.Sleep: the bubble's clock
	e.rep, e.err = enginehost.Run(ctx, engine.Config{Mode: engine.ModeCap, FPS: 60, Ticks: terms.Ticks, Players: terms.Players},
		g.parts(), enginehost.Wiring{Lockstep: e.s, Platform: pf, Clock: clock, Tape: e.tape})
	e.settled = e.s.Settle(clock, 3*time.Second)
	e.state = g.state
}

// The in-process, virtual-time form of samples/versus's
// TestAnOutageOrAStoppedPeerWithinTheRejoinWindowResumes, with its
// bounds: a joiner whose link is cut for 5 s or 20 s, or whose game is
// stopped for 10 s (its loop held and nothing it sends or is sent
// moving, as under SIGSTOP), a second into play, is waited for within
// the rejoin window, then plays on: both peers end on the session's last
// tick with one state and no error, the session ended normally (no
// player given up), the host held its tick for at least half the pause,
// and it waited for a silent player meanwhile.
func TestAnOutageOrAStoppedPeerWithinTheRejoinWindowResumesInVirtualTime(t *testing.T) {
	for _, tc := range []struct {
		name    string
		pause   time.Duration
		stopped bool // the joiner's loop is held too
	}{
		{"link cut 5s", 5 * time.Second, false},
		{"link cut 20s", 20 * time.Second, false},
		{"stopped 10s", 10 * time.Second, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				outage(t, tc.pause, tc.stopped)
			})
		})
	}
}

func outage(t *testing.T, pause time.Duration, stopped bool) {
	const n = 900
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
	defer cancel()
	sim := newSimNet(1, 10*time.Millisecond)
	defer sim.stop()
	h, js := sim.connect(ctx, t, ticks(opts(testCode), n), &logBuffer{}, opts(testCode))
	j := js[0]
	defer j.Close()
	defer h.Close()
	// A second of play at 60 frames a second, then the pause.
	joinerPF := &stallPlatform{keyPlatform: keyPlatform{slot: j.Slot}, at: 60}
	joinerPF.stall = func() {
		sim.router.setCut(sim.joiner[0], true)
		if stopped {
			time.Sleep(pause)
			sim.router.setCut(sim.joiner[0], false)
			return
		}
		time.AfterFunc(pause, func() { sim.router.setCut(sim.joiner[0], false) })
	}
	ends := [2]*peerEnd{newPeer(t, h), newPeer(t, j)}
	var wg sync.WaitGroup
	wg.Go(func() { ends[0].play(ctx, &keyPlatform{slot: h.Slot}) })
	wg.Go(func() { ends[1].play(ctx, joinerPF) })
	wg.Wait()
	for i, e := range ends {
		if e.err != nil || e.rep.Ticks != n || !e.settled {
			t.Fatalf("peer %d: %d ticks, error %v, settled %v: want %d ticks, no error, settled", i, e.rep.Ticks, e.err, e.settled, n)
		}
		if st := e.s.Stats(); st.GaveUp != 0 {
			t.Fatalf("peer %d gave %d players up: want the session ended normally", i, st.GaveUp)
		}
	}
	if ends[0].state != ends[1].state || ends[0].state == 0 {
		t.Fatalf("host's state %x, joiner's %x: want one state", ends[0].state, ends[1].state)
	}
	if held := ends[0].rep.Held.Stalled; held < pause/2 {
		t.Fatalf("the host held its tick %v in all: want at least half the %v pause", held, pause)
	}
	if !ends[0].s.waited.Load() {
		t.Fatal("the host never waited for a silent player")
	}
	if ends[0].rep.Prediction.Rollback == 0 {
		t.Fatalf("the host's prediction %+v: want it drawing ahead, as versus does by default", ends[0].rep.Prediction)
	}
	t.Logf("host held %v (longest %v), joiner %v", ends[0].rep.Held.Stalled, ends[0].rep.Held.Longest, ends[1].rep.Held.Stalled)
}

// The in-process, virtual-time form of samples/versus's
// TestAJoinerKilledAndStartedAgainTakesItsSlotBack, with its bounds: a
// joiner killed mid-session, about 180 ticks in (its loop gone, its
// connection left open and silent, as a killed process's is), and started
// again with the same code and its ticket takes its slot back: the host
// waits for it, names it vacant and welcomes the new one as a rejoin,
// which replays the session from tick 0 beyond the tick rate (100 ticks
// and more of the ~180 it missed); both end on the session's last tick
// with one state, normally.
func TestAJoinerKilledAndStartedAgainTakesItsSlotBackInVirtualTime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const n = 1200
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
		defer cancel()
		sim := newSimNet(2, 10*time.Millisecond) // the joiner, then the joiner started again
		defer sim.stop()
		log := &logBuffer{}
		h, js := sim.connect(ctx, t, ticks(opts(testCode), n), log, opts(testCode))
		old := js[0]
		defer h.Close()
		defer old.Close()
		oldCtx, kill := context.WithCancel(ctx)
		killed := &stallPlatform{keyPlatform: keyPlatform{slot: old.Slot}, at: 180, stall: func() {
			sim.router.setCut(sim.joiner[0], true) // nothing more comes from it
			kill()
		}}
		ends := [2]*peerEnd{newPeer(t, h)}
		gone := newPeer(t, old)
		var wg sync.WaitGroup
		wg.Go(func() { ends[0].play(ctx, &keyPlatform{slot: h.Slot}) })
		wg.Go(func() { gone.play(oldCtx, killed) })
		for !ends[0].s.waited.Load() { // the host waits for a silent player
			time.Sleep(time.Second / 60)
		}
		again := JoinOptions{Ticket: old.Ticket} // what desktop keeps for the game started again
		back, err := Join(ctx, sim.host.String(), sim.on(2, opts(testCode)), again)
		if err != nil {
			t.Fatalf("the joiner started again: %v", err)
		}
		defer back.Close()
		ends[1] = newPeer(t, back)
		wg.Go(func() { ends[1].play(ctx, &keyPlatform{slot: back.Slot}) })
		wg.Wait()
		for i, e := range ends {
			if e.err != nil || e.rep.Ticks != n || e.s.Stats().GaveUp != 0 {
				t.Fatalf("peer %d: %d ticks, error %v, %d given up: want %d ticks, no error, a normal end", i, e.rep.Ticks, e.err, e.s.Stats().GaveUp, n)
			}
		}
		if ends[0].state != ends[1].state {
			t.Fatalf("host's state %x, the joiner started again %x: want one", ends[0].state, ends[1].state)
		}
		taken, caught := ends[0].s.Stats().Rejoined, ends[1].rep.Held.CaughtUp
		if taken != 1 || !back.Rejoin || back.Slot != old.Slot || caught < 100 {
			t.Fatalf("host took back %d; the joiner started again: rejoined %v, slot %d (was %d), caught up %d ticks beyond the tick rate: want 1, true, its slot and the ~180 it missed",
				taken, back.Rejoin, back.Slot, old.Slot, caught)
		}
		for _, want := range []string{"a player came back", "ticket=true"} { // its own slot by its ticket
			if !strings.Contains(log.String(), want) {
				t.Fatalf("the host's log does not say %q:\n%s", want, log.String())
			}
		}
		t.Logf("caught up %d ticks; host held %v", caught, ends[0].rep.Held.Stalled)
	})
}

// The in-process, virtual-time form of samples/versus's
// TestThreePredictingProcessesReportTheOutageAsTheirLongestStall, with
// its bounds: three peers drawing ahead of the confirmed input, one of
// the joiners cut off for 5 s a second into play: every peer ends on the
// last tick with one state, normally, prediction on, and each one's
// longest stall is at most the time it stalled in all and about the
// outage (with prediction on, a peer once said 40 ms after a 5 s outage;
// with 3 players, 0; in lockstep more than its total).
func TestThreePredictingPeersReportTheOutageAsTheirLongestStallInVirtualTime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const n, outage = 900, 5 * time.Second
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Minute)
		defer cancel()
		sim := newSimNet(2, 10*time.Millisecond)
		defer sim.stop()
		host := ticks(opts(testCode), n)
		host.Terms.Players = 3
		h, js := sim.connect(ctx, t, host, &logBuffer{}, joinAny(), joinAny())
		defer h.Close()
		defer js[0].Close()
		defer js[1].Close()
		cut := &stallPlatform{keyPlatform: keyPlatform{slot: js[1].Slot}, at: 60, stall: func() {
			sim.router.setCut(sim.joiner[1], true)
			time.AfterFunc(outage, func() { sim.router.setCut(sim.joiner[1], false) })
		}}
		ends := []*peerEnd{newPeer(t, h), newPeer(t, js[0]), newPeer(t, js[1])}
		pfs := []enginehost.Platform{&keyPlatform{slot: h.Slot}, &keyPlatform{slot: js[0].Slot}, cut}
		var wg sync.WaitGroup
		for i, e := range ends {
			wg.Go(func() { e.play(ctx, pfs[i]) })
		}
		wg.Wait()
		for i, e := range ends {
			if e.err != nil || e.rep.Ticks != n || e.state != ends[0].state || e.s.Stats().GaveUp != 0 || e.rep.Prediction.Rollback == 0 {
				t.Fatalf("peer %d: %d ticks, state %x, error %v, %d given up, prediction %+v: want %d ticks, the host's state %x, a normal end, prediction on",
					i, e.rep.Ticks, e.state, e.err, e.s.Stats().GaveUp, e.rep.Prediction, n, ends[0].state)
			}
			held := e.rep.Held
			t.Logf("peer %d: stalled %v, longest %v", i, held.Stalled, held.Longest)
			if held.Longest > held.Stalled || held.Longest < outage*6/10 {
				t.Errorf("peer %d: longest stall %v of %v stalled: want at most the total and about the %v outage", i, held.Longest, held.Stalled, outage)
			}
		}
	})
}
