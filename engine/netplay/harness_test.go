package netplay_test

import (
	"context"
	"errors"
	"hash/maphash"
	"iter"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/mouse"
	"github.com/lockstep-engine/lockstep/engine/netplay"
	"github.com/lockstep-engine/lockstep/engine/netplay/netsim"
)

// world runs several peers' loops, each host.Run in a coroutine of its
// own (iter.Pull), one at a time in order of their fake clocks: a frame's
// present hands control back to the world, which resumes whichever loop
// is due next, so the run is the same every time and takes no real time.
// A coroutine switch passes control without the scheduler: with a
// goroutine and channels a side, each hand-off woke an idle thread
// (futex calls were 44% of the package's CPU time).
type world struct {
	now    time.Duration
	net    *netsim.Net
	peers  []*simPeer
	ticks  uint64 // each loop's, as run was given
	frames int    // frames left before the run is called stuck
	ends   []*netsim.End
}

// setConditions changes every link, both ways, from now on.
func (w *world) setConditions(c netsim.Conditions) {
	for _, e := range w.ends {
		e.SetConditions(c)
	}
}

// simPeer is one peer: its loop's platform and clock, its session and
// its game.
type simPeer struct {
	w       *world
	i       int
	next    func() (struct{}, bool) // resumes its loop until it hands off; nil until first due
	yield   func(struct{}) bool     // hands off, inside its loop
	wake    time.Duration           // when its next frame starts
	period  time.Duration
	jitter  time.Duration
	rng     *rand.Rand
	session *netplay.Session
	game    *botGame
	ends    []netplay.Peer
	done    bool
	err     error
	rep     host.Report
	tape    host.Tape // records its run when set
	quitAt  int       // frame at which its window is closed; 0 never
	frameN  int
	dead    bool // stops running at all (a vanished peer)
	// capped paces its frames as a process at -mode cap does (the
	// loop's own 60 Hz deadlines, each woken up to jitter late) rather
	// than by period: frames that come at the tick rate, which the loop
	// snaps to whole ticks.
	capped bool
	// ppm is how fast its clock runs against the world's, in parts per
	// million: machines' clocks and displays differ by a few hundredths
	// of a percent (60 Hz and 59.94 Hz are 0.1% apart).
	ppm     int64
	onFrame func(p *simPeer)
	events  func(p *simPeer, e host.EventSink) // the player; nil is botEvents
}

// Now is the world's clock as this peer's runs (ppm).
func (p *simPeer) Now() time.Duration { return p.w.now + p.w.now*time.Duration(p.ppm)/1e6 }

// SleepUntil wakes when this peer's clock reads t, up to jitter late
// when capped (a timer's wake-up on a real machine).
func (p *simPeer) SleepUntil(t time.Duration) {
	if p.capped && p.jitter > 0 {
		t += time.Duration(p.rng.Int64N(int64(p.jitter)))
	}
	if t > p.Now() {
		// The first world time at which this clock reads t or more.
		p.wake = (t*1e6 + time.Duration(1e6+p.ppm) - 1) / time.Duration(1e6+p.ppm)
		p.handOff()
	}
}

// handOff gives control back to the world until this peer is due.
func (p *simPeer) handOff() {
	p.yield(struct{}{})
}

// resume runs this peer's loop until it hands off or ends, starting it
// the first time: a peer added while the world runs (a rejoin, a
// newcomer, a spectator) starts when it is first due.
func (p *simPeer) resume() {
	if p.next == nil {
		p.next, _ = iter.Pull(func(yield func(struct{}) bool) {
			p.yield = yield
			p.main(p.w.ticks)
		})
	}
	p.next()
}

func (p *simPeer) PollEvents(e host.EventSink) {
	p.frameN++
	if p.onFrame != nil {
		p.onFrame(p)
	}
	if p.quitAt > 0 && p.frameN == p.quitAt {
		e.Quit()
	}
	if p.events != nil {
		p.events(p, e)
		return
	}
	botEvents(p.rng, e)
}

func (p *simPeer) Present() error {
	if p.capped {
		return nil // the loop's wait for its deadline paces it (SleepUntil)
	}
	p.wake = p.w.now + p.period
	if p.jitter > 0 {
		p.wake += time.Duration(p.rng.Int64N(int64(p.jitter)))
	}
	p.handOff()
	return nil
}

// botEvents is a random player: keys, the mouse, text and a controller.
func botEvents(rng *rand.Rand, e host.EventSink) {
	switch r := rng.IntN(100); {
	case r < 8:
		e.Key(engine.Key(4+rng.IntN(8)), rng.IntN(2) == 0)
	case r < 12:
		e.Pointer(float64(rng.IntN(800)), float64(rng.IntN(600))+0.5)
	case r < 13:
		e.Text([]byte("hé"))
	case r < 15:
		e.PadConnected(0, true)
		e.PadAxis(0, gamepad.LeftX, int16(rng.IntN(65536)-32768))
	case r < 16:
		e.Button(mouse.Left, rng.IntN(2) == 0)
	}
}

// botGame folds every player's input of every tick into its state, so
// any input that differs between peers makes their hashes differ.
type botGame struct {
	players int
	state   uint64
	seed    maphash.Seed
	hashes  []uint64 // the state after each tick
	skewAt  uint64   // 1 + a tick at which this peer's state goes wrong (desync injection)
	zs      int      // presses of Z by slot 0 so far, for measuring input latency
	// zsBy[slot] counts the presses of Z by each slot so far, for
	// measuring every seat's latency (seats_test).
	zsBy    [host.MaxPlayers]int
	pred    *predicted
	members []engine.Member // the last tick's
	// everyMembers, when logMembers is set, is every tick's Members in
	// turn, players at a time.
	everyMembers []engine.Member
	logMembers   bool
	busy         func(n uint64)                    // called by every tick n (the fork's too): a slow tick
	draw         func(g *botGame, f *engine.Frame) // called by every frame drawn (the fork's too), with the game drawn
}

func (g *botGame) Tick(t *engine.Tick) error {
	var h maphash.Hash
	h.SetSeed(g.seed)
	for i := range t.Players {
		maphash.WriteComparable(&h, t.Players[i])
		maphash.WriteComparable(&h, t.Members[i])
	}
	maphash.WriteComparable(&h, g.state)
	g.members = append(g.members[:0], t.Members...)
	g.state = h.Sum64()
	if t.Players[0].Pressed.Has(engine.KeyZ) {
		g.zs++
	}
	for i := range t.Players {
		if t.Players[i].Pressed.Has(engine.KeyZ) {
			g.zsBy[i]++
		}
	}
	if g.busy != nil {
		g.busy(t.N)
	}
	if g.skewAt != 0 && t.N+1 == g.skewAt {
		g.state++
	}
	if g.pred == nil || g.pred.main == g {
		g.hashes = append(g.hashes, g.state)
		if g.logMembers {
			g.everyMembers = append(g.everyMembers, t.Members...)
		}
	}
	return nil
}

func (g *botGame) Draw(f *engine.Frame) error {
	if g.draw != nil {
		g.draw(g, f)
	}
	if g.pred != nil {
		g.pred.drew(g, f)
	}
	return nil
}

func (g *botGame) StateHash() uint64 { return g.state }

// setup says how a run of the world goes.
type setup struct {
	players int
	ticks   uint64
	cond    netsim.Conditions
	seed    uint64
	delay   int
	drop    time.Duration
	lag     time.Duration // Local.LagAfter
	// rollback is how far each peer draws ahead (0: pure lockstep).
	rollback int
	adapt    bool // the input delay follows the round trip
	playOn   bool // a slot given up plays on idle
	lateJoin bool // a slot given up may go to a newcomer
}

func newWorld(s setup) *world {
	w := &world{frames: int(s.ticks)*8*s.players + 100000}
	w.net = netsim.New(func() time.Duration { return w.now }, s.seed)
	seed := maphash.MakeSeed()
	for i := range s.players {
		p := &simPeer{w: w, i: i, period: time.Second / 60,
			jitter: 2 * time.Millisecond, rng: rand.New(rand.NewPCG(s.seed, uint64(i))),
			game: &botGame{players: s.players, seed: seed}}
		p.period += time.Duration(i) * 37 * time.Microsecond // clocks that drift apart
		w.peers = append(w.peers, p)
	}
	for j := 1; j < s.players; j++ {
		h, c := w.net.Pipe(s.cond, s.cond)
		w.ends = append(w.ends, h, c)
		w.peers[0].ends = append(w.peers[0].ends, netplay.Peer{Slot: j, Link: h})
		w.peers[j].ends = []netplay.Peer{{Slot: 0, Link: c}}
	}
	for i, p := range w.peers {
		var err error
		p.session, err = netplay.New(netplay.Config{Terms: netplay.Terms{Players: s.players, InputDelay: s.delay, AdaptDelay: s.adapt, PlayOn: s.playOn, LateJoin: s.lateJoin},
			Local: netplay.Local{DropAfter: s.drop, LagAfter: s.lag, Rollback: s.rollback}, Slot: i, Peers: p.ends})
		if err != nil {
			panic(err)
		}
	}
	return w
}

// run runs every peer until each has ended its loop and settled, and
// returns false if that took more frames than it should.
func (w *world) run(ticks uint64) bool {
	w.ticks = ticks
	for { // peers may be added or replaced as it runs (rejoin_test, watch_test)
		next := -1
		for i, p := range w.peers {
			if !p.done && !p.dead && (next < 0 || p.wake < w.peers[next].wake) {
				next = i
			}
		}
		if next < 0 {
			return true // only dead peers are left: they never ran again
		}
		p := w.peers[next]
		w.now = max(w.now, p.wake)
		if w.frames--; w.frames < 0 {
			return false
		}
		p.resume()
	}
}

// main is one peer's coroutine: its loop, then its session's last
// datagrams until it settles.
func (p *simPeer) main(ticks uint64) {
	cfg := engine.Config{Mode: engine.ModeUncapped, Ticks: ticks, Players: p.game.players}
	if p.capped {
		cfg.Mode, cfg.FPS = engine.ModeCap, 60
	}
	w := host.Wiring{Platform: p, Clock: p, Lockstep: p.session, Tape: p.tape}
	p.rep, p.err = host.Run(context.Background(), cfg, p.game.parts(), w)
	var silent *netplay.SilentError
	var left *netplay.LeftError
	if !errors.As(p.err, &silent) && !errors.As(p.err, &left) {
		end := p.w.now + time.Second
		for !p.session.Settled() && p.w.now < end {
			_ = p.session.Frame(p.w.now, false)
			p.wake = p.w.now + p.period
			p.handOff()
		}
		// As Session.Settle does, a few more datagrams say this peer's
		// last tick to peers whose acknowledgements crossed ours.
		for range 3 {
			_ = p.session.Frame(p.w.now, false)
			p.wake = p.w.now + p.period
			p.handOff()
		}
	}
	p.done = true
}

// propertySeeds is how many seeds a property test of whole sessions runs:
// 50, or 6 with -short, which the race pass gives (under the race
// detector a session runs about ten times slower; the 50 run in the plain
// pass, and the race pass is there for data races, which 6 seeds show).
func propertySeeds() uint64 {
	if testing.Short() {
		return 6
	}
	return 50
}
