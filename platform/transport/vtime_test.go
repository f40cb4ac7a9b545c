package transport

import (
	"context"
	"net"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/quic-go/quic-go/testutils/simnet"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/netplay"
)

// Sessions in virtual time: two peers in this process, each an engine
// loop over its own QUIC connection, on quic-go's simulated packet
// network (simnet, through Options.packetConn) inside a synctest bubble,
// whose clock jumps whenever every goroutine waits. A 20 s outage takes
// no real time, and runs the same on a busy machine as on a quiet one.

// cutRouter delivers every datagram at once, but loses those from and to
// the addresses that are cut off.
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

// simPair is a host and a joiner on a simulated network, each behind a
// link of latency one way.
type simPair struct {
	router         *cutRouter
	host, joiner   *net.UDPAddr
	hostOpts, join Options
	stop           func()
}

func newSimPair(host, joiner Options, latency time.Duration) *simPair {
	r := &cutRouter{cut: map[string]bool{}}
	n := &simnet.Simnet{Router: r}
	p := &simPair{router: r, host: &net.UDPAddr{IP: net.IPv4(10, 0, 0, 1), Port: 7777},
		joiner: &net.UDPAddr{IP: net.IPv4(10, 0, 0, 2), Port: 40000}, hostOpts: host, join: joiner}
	link := simnet.NodeBiDiLinkSettings{Latency: latency}
	hc, jc := n.NewEndpoint(p.host, link), n.NewEndpoint(p.joiner, link)
	p.hostOpts.packetConn = func(*net.UDPAddr) (net.PacketConn, error) { return hc, nil }
	p.join.packetConn = func(*net.UDPAddr) (net.PacketConn, error) { return jc, nil }
	_ = n.Start()
	p.stop = func() { _ = n.Close() }
	return p
}

// connect runs Host and Join over the simulated network.
func (p *simPair) connect(ctx context.Context, t *testing.T) (h, j *Joined) {
	t.Helper()
	var herr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		h, herr = Host(ctx, p.host.String(), p.hostOpts, nil)
	}()
	j, jerr := Join(ctx, p.host.String(), p.join)
	<-done
	if herr != nil || jerr != nil {
		t.Fatalf("host: %v, join: %v", herr, jerr)
	}
	return h, j
}

// watchedSession is a session that remembers whether it ever waited for a
// silent player, as desktop's log says it does.
type watchedSession struct {
	*netplay.Session
	waited bool
}

func (w *watchedSession) Frame(now time.Duration, quit bool) error {
	err := w.Session.Frame(now, quit)
	if _, _, ok := w.Waiting(); ok {
		w.waited = true
	}
	return err
}

// stallPlatform is keyPlatform that, at frame at, calls stall.
type stallPlatform struct {
	keyPlatform
	at    int
	stall func()
}

func (p *stallPlatform) PollEvents(e engine.EventSink) {
	p.keyPlatform.PollEvents(e)
	if p.n == p.at && p.stall != nil {
		p.stall()
	}
}

// peerEnd is what one peer's loop ended with.
type peerEnd struct {
	rep     engine.Report
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

// play runs j's loop at 60 frames a second for the session's ticks,
// drawing ahead by 8 ticks as desktop's -rollback does by default, with
// its default rejoin window of a minute.
func play(ctx context.Context, t *testing.T, j *Joined, pf engine.Platform) *peerEnd {
	s, err := netplay.New(j.Config(netplay.Local{Rollback: 8, DropAfter: netplay.DefaultDropAfter}))
	if err != nil {
		t.Error(err)
		return &peerEnd{err: err}
	}
	end := &peerEnd{s: &watchedSession{Session: s}}
	g := &predictingChain{}
	clock := engine.NewSystemClock(engine.WaitSleep) // time.Sleep: the bubble's clock
	end.rep, end.err = engine.Run(ctx, engine.Config{Mode: engine.ModeCap, FPS: 60, Ticks: j.Terms.Ticks, Players: j.Terms.Players},
		g.parts(), engine.Wiring{Lockstep: end.s, Platform: pf, Clock: clock})
	end.settled = s.Settle(clock, 3*time.Second)
	end.state = g.state
	return end
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
	p := newSimPair(ticks(opts(testCode), n), opts(testCode), 10*time.Millisecond)
	defer p.stop()
	h, j := p.connect(ctx, t)
	defer j.Close()
	defer h.Close()
	// A second of play at 60 frames a second, then the pause.
	joinerPF := &stallPlatform{keyPlatform: keyPlatform{slot: j.Slot}, at: 60}
	joinerPF.stall = func() {
		p.router.setCut(p.joiner, true)
		if stopped {
			time.Sleep(pause)
			p.router.setCut(p.joiner, false)
			return
		}
		time.AfterFunc(pause, func() { p.router.setCut(p.joiner, false) })
	}
	var ends [2]*peerEnd
	var wg sync.WaitGroup
	wg.Go(func() { ends[0] = play(ctx, t, h, &keyPlatform{slot: h.Slot}) })
	wg.Go(func() { ends[1] = play(ctx, t, j, joinerPF) })
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
	if !ends[0].s.waited {
		t.Fatal("the host never waited for a silent player")
	}
	if ends[0].rep.Prediction.Rollback == 0 {
		t.Fatalf("the host's prediction %+v: want it drawing ahead, as versus does by default", ends[0].rep.Prediction)
	}
	t.Logf("host held %v (longest %v), joiner %v", ends[0].rep.Held.Stalled, ends[0].rep.Held.Longest, ends[1].rep.Held.Stalled)
}
