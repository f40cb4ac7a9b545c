package netplay

import (
	"fmt"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/internal/inputcodec"
)

// ringSize is how many ticks of one slot's input a Session holds: the
// ticks from the oldest one still needed (by this peer's next tick or a
// peer's acknowledgement) on. Input for ticks beyond is dropped as far
// future, so a peer cannot make a Session hold more. It bounds how far
// ahead a peer catching up is sent input each round trip (catchWindow):
// 512 ticks (8.5 s at 60 a second, 200 KB a slot) catch up a 100 ms
// round trip at 4,000 ticks a second, 128 did at 560.
const ringSize = 512

// maxReceives is the most datagrams taken from one link in one frame:
// a flood waits in the link's (bounded) queue instead of taking the frame.
const maxReceives = 256

// slotRing is one slot's input by tick.
type slotRing struct {
	rec  [ringSize]record
	next uint64 // every input below next is here (or was used)
}

func (r *slotRing) at(t uint64) *record { return &r.rec[t%ringSize] }

// peer is what a Session knows about one link.
type peer struct {
	Peer
	aged      AgedLink                // Link, when it is an AgedLink (see setLink)
	ends      EndingLink              // Link, when it is an EndingLink
	acked     [host.MaxPlayers]uint64 // the peer has every input of a slot below this
	ackedAt   time.Duration           // when one of acked last rose
	sentUpTo  [host.MaxPlayers]uint64 // inputs below this were sent at least once
	seqOut    uint64
	sentAt    [sendMemory]sendNote // when the latest datagrams to it went out
	seen      seqWindow
	lastHeard time.Duration
	echo      uint64        // the seq of the latest datagram taken from it, 0 none
	echoAt    time.Duration // when that arrived
	rtt       time.Duration // the latest round trip, 0 until measured
	srtt      time.Duration // smoothed round trip (RFC 6298), 0 until measured
	rttvar    time.Duration // its mean deviation
	window    rttWindow     // the latest round trips, for the input delay
	tick      uint64        // its next tick, as it last said
	tickAt    time.Duration // when it said so
	// movedAt is when it last said it ran on to a tick it could have
	// reached (see take), none never: a peer that runs ticks is busy, not
	// lagging.
	movedAt optTime
	theirs  [8]hashNote // its hashes we could not check yet
	// hashTick is the tick of the hash of ours sent to it last, in
	// hashSends datagrams so far.
	hashTick  optTick
	hashSends int
	sent      bool // a datagram went to it since the last Frame
	// knowsDesync: it said it knows the session desynchronised.
	knowsDesync bool
	// catchUp: it rejoined and is still behind the ring; its input comes
	// from the history and it is not waited for (floor).
	catchUp bool
	// ownUntil is, on the host, the tick a rejoined peer's own input
	// resumes on: its slot's input before is sent to it; 0 otherwise.
	ownUntil uint64
	// caughtTo is, on the host, how far a player taken back (Rejoin)
	// has acknowledged the host's input while it catches up: its
	// progress, which noteCatchUp judges.
	caughtTo uint64
	// dropped: a watcher (Slot watcherSlot) silent for DropAfter, or
	// stuck, no longer sent anything.
	dropped bool
	// budget is, on the host, the bytes a watcher may still be sent now
	// (see refillBudgets).
	budget int64
	// depth is, on the host, 1 + how far the peer's present may run
	// ahead of its verified tick, as it last said (its Rollback, or less
	// for a heavy scene); 0 until it said.
	depth int
}

// Session runs one peer of a lockstep session; it is the engine's
// Lockstep (host.Wiring.Lockstep). Its methods are called from the
// loop's goroutine.
type Session struct {
	cfg   Config
	role  role // host, joiner, rejoiner or watcher
	slots [host.MaxPlayers]slotRing
	// peers are this peer's links: the players' first (seated of them),
	// then a host's watchers.
	peers  []peer
	seated int

	now        time.Duration // the clock as Frame or KeepAlive last gave it
	frameAt    time.Duration // the clock as Frame last gave it
	tick       uint64        // the next tick to run
	quitAsked  bool
	quitSent   bool
	err        error
	desync     optTick // the first tick found differing
	ours       [8]hashNote
	lastHashed optTick // the last tick hashed
	// guessed[slot]: every tick of slot below it whose input had not
	// arrived was drawn from a guess (Guess).
	guessed [host.MaxPlayers]uint64
	// guessBase[slot] is the tick whose input, held, the latest guess of
	// slot was; none: the zero input.
	guessBase [host.MaxPlayers]optTick

	arrived time.Duration // when the datagram being taken in arrived
	delay   int           // the input delay in force
	change  delayChange   // the host's latest delay change; pending until its tick
	want    delayChange   // the host's wish: a delay since a tick (AdaptDelay)
	carried engine.Input  // local input of ticks dropped when the delay fell
	made    uint64        // every tick below made had its local input taken
	depth   int           // how far this peer's present may run ahead now (SetDepth); Rollback until told

	// members is every slot's place as of tick membersAt-1.
	members   [host.MaxPlayers]engine.Member
	membersAt uint64
	// waitFrom[slot] is when this peer began holding a tick for
	// slot's input (Frame's clock); none while it is not.
	waitFrom [host.MaxPlayers]optTime
	// lag[slot] is how long slot's input has kept this peer waiting while
	// its peer talked, net of what drained (noteLag).
	lag [host.MaxPlayers]time.Duration
	// crawl[slot] is how long slot's input has held the session while its
	// peer talked, net of the time it did not (noteCrawl).
	crawl [host.MaxPlayers]time.Duration

	hist     history
	histRecs [maxBlock]record // a block's records, from the history or the ring
	sync     timeSync         // the tick clocks kept in step (keepInStep)
	stalls   stallNote        // on a host that adapts the delay: its held frames (noteStalls)

	in      datagram
	out     [MaxDatagram]byte
	scratch [MaxDatagram]byte
	rec     [inputcodec.MaxLen]byte // one input's record, before it is known to fit
	stats   counters
}

// New starts a session. Every peer starts at tick 0, and the first
// InputDelay ticks of every slot are the zero Input.
func New(cfg Config) (*Session, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	s := &Session{cfg: cfg, peers: make([]peer, len(cfg.Peers)), seated: len(cfg.Peers)}
	if s.role, err = newRole(s); err != nil {
		return nil, err
	}
	cfg = s.cfg // a watcher's slot is its own
	s.hist.limit = cfg.MaxHistory
	d := s.role.first()
	for i := range cfg.Players {
		s.slots[i].next = d
	}
	for i, p := range cfg.Peers {
		s.peers[i].setLink(p)
		for j := range cfg.Players {
			s.peers[i].acked[j], s.peers[i].sentUpTo[j] = d, d
		}
	}
	s.startEmpty(d)
	s.role.start(d)
	s.delay, s.depth = cfg.InputDelay, cfg.Rollback
	return s, nil
}

// startEmpty makes the slots nobody holds at the start (Terms.Empty)
// Gone for the first d ticks, whose records no one sends; the host gives
// the slots themselves up (host.start).
func (s *Session) startEmpty(d uint64) {
	for _, slot := range s.cfg.Empty {
		for t := range d {
			*s.slots[slot].at(t) = record{presence: engine.Gone}
		}
	}
}

// players are the links of the players: a joiner's to the host, the
// host's to every other slot.
func (s *Session) players() []peer { return s.peers[:s.seated] }

// nowhere is the link of a slot empty from the start: it carries nothing.
type nowhere struct{}

func (nowhere) Send([]byte) error       { return nil }
func (nowhere) Receive() ([]byte, bool) { return nil, false }

var (
	_ host.Lockstep     = (*Session)(nil)
	_ host.KeepingAlive = (*Session)(nil)
	_ host.DepthSetter  = (*Session)(nil)
)

// sends reports whether this peer sends slot's input to p: a joiner its
// own, the host every slot but p's own.
func (s *Session) sends(p *peer, slot int) bool { return s.role.sends(p, slot) }

// receives reports whether p may send this peer slot's input: a joiner
// only its own, the host any but ours.
func (s *Session) receives(p *peer, slot int) bool { return s.role.receives(p, slot) }

// floor is the oldest tick of slot still needed: by this peer's next
// tick, or by a player it is sent to that has not acknowledged it (a
// watcher is never waited for).
func (s *Session) floor(slot int) uint64 {
	f := s.tick
	for i := range s.players() {
		if p := &s.peers[i]; s.sends(p, slot) && !s.isGone(p) && !p.catchUp {
			f = min(f, p.acked[slot])
		}
	}
	return f
}

// isGone reports whether the host gave p's slot up, or dropped p, a
// watcher.
func (s *Session) isGone(p *peer) bool {
	return p.dropped || p.Slot != watcherSlot && s.role.gone(p.Slot)
}

// sendAll sends every link a datagram (a watcher's within its budget).
func (s *Session) sendAll() {
	for i := range s.players() {
		s.send(&s.peers[i])
	}
	s.role.sendWatchers()
}

// Frame takes in what arrived, keeps input flowing to peers that got no
// datagram during the last frame, and acts on a peer silent for
// DropAfter: the host gives its slot up (see host.giveUp), a joiner whose
// host is silent ends the session. quit asks to end the session: every
// peer stops before the same tick, InputDelay ticks on; a watcher
// (Spectate) that asks, or whose Quit was called, leaves alone at once
// (engine.ErrQuit).
func (s *Session) Frame(now time.Duration, quit bool) error {
	if s.now == 0 && s.stats.frames == 0 {
		for i := range s.peers {
			s.peers[i].lastHeard = now
		}
	}
	dt := now - s.frameAt
	if s.stats.frames == 0 {
		dt = 0
	}
	s.now, s.frameAt = now, now
	s.stats.frames++
	s.quitAsked = s.quitAsked || quit
	if s.quitAsked && s.role.leaves() {
		return engine.ErrQuit // a watcher leaves alone: no player waits for it
	}
	s.receiveAll()
	s.role.frame(dt)
	for i := range s.players() {
		if p := &s.peers[i]; !p.dropped {
			s.tend(p, now)
		}
	}
	s.role.tend(now)
	s.noteLag(dt)
	s.role.fill()
	return s.err
}

// tend is Frame's care of one player's link still linked, p: it sends
// p input when nothing went out to it this frame, and has the role act
// (the host gives its slot up, a joiner ends the session) when p has
// been silent for DropAfter.
func (s *Session) tend(p *peer, now time.Duration) {
	if !p.sent {
		s.send(p)
	}
	s.catchUpSend(p)
	p.sent = false
	if silent := now - p.lastHeard; silent > s.cfg.DropAfter && s.err == nil && !s.isGone(p) {
		s.role.silent(p, silent)
	}
}

// KeepAlive takes in what arrived and sends every peer a datagram (its
// acknowledgements, its unacknowledged input): the loop calls it between
// the ticks of a long frame (host.KeepingAlive), so that a frame of
// slow ticks never makes this peer look silent, nor its peers look
// silent to it. It judges no peer; Frame does.
func (s *Session) KeepAlive(now time.Duration) error {
	s.now = max(s.now, now)
	s.stats.keepAlives++
	s.receiveAll()
	s.sendAll()
	return s.err
}

// Waiting names the slot the session has waited for longest, when that
// is more than WarnAfter: for a HUD's "waiting for player N".
func (s *Session) Waiting() (slot int, silent time.Duration, ok bool) {
	var conns [host.MaxPlayers]engine.Connection
	s.Connections(conns[:s.cfg.Players])
	for i, c := range conns[:s.cfg.Players] {
		if c.Waiting > silent {
			slot, silent, ok = i, c.Waiting, true
		}
	}
	return slot, silent, ok
}

// Inputs gives tick n every player's input once it has all of it; see
// host.Lockstep.
func (s *Session) Inputs(n uint64, local *engine.Input, players []engine.Input, state engine.StateHasher) (bool, error) {
	s.sync.yielded = false
	if s.err != nil {
		return false, s.err
	}
	s.tick = n
	s.hashTick(n, state)
	if s.err != nil {
		return false, s.err
	}
	if !s.haveAll(n) {
		s.stats.waited++
		return false, nil
	}
	for i := range s.cfg.Players {
		if s.slots[i].at(n).quit {
			return false, engine.ErrQuit
		}
	}
	if err := inputcodec.Check(local); err != nil {
		return false, fmt.Errorf("netplay: tick %d: this player's input cannot be sent (%w): the platform made an input no peer would accept", n, err)
	}
	s.applyDelay(n)
	if n >= s.made && s.keepInStep(n) || !s.produce(n, local) {
		return false, nil
	}
	for i := range players {
		if i < s.cfg.Players {
			players[i] = s.slots[i].at(n).in
		}
	}
	s.noteMembers(n)
	s.role.ran(n)
	s.tick = n + 1
	if s.cfg.Rollback == 0 { // predicting, Local sends as input is taken
		s.sendAll()
	}
	return true, nil
}

// produce puts this peer's input for tick n+delay in its slot; false
// when it would overwrite input a peer has not acknowledged (it holds).
// When the delay rose, the ticks skipped over get the held input of this
// one; when it fell, the input of a tick whose slot was filled already
// is carried into the next one made, edges and all.
func (s *Session) produce(n uint64, local *engine.Input) bool {
	if !s.role.makesOwn() {
		s.made = max(s.made, n+1) // watching, or replaying the session (its own input of these ticks is the host's)
		return true
	}
	own := &s.slots[s.cfg.Slot]
	t := n + uint64(s.delay)
	switch {
	case n < s.made:
		return true // taken already (a tick asked again, or a predicted present's verified tick)
	case t < own.next:
		carry(&s.carried, local)
		s.made = n + 1
		return true
	case t >= s.floor(s.cfg.Slot)+ringSize:
		return false
	}
	quit := s.quitAsked && !s.quitSent
	carry(&s.carried, local)
	for ; own.next <= t; own.next++ {
		r := own.at(own.next) // Playing: the entry may hold a slot given up's
		r.in, r.quit, r.presence = s.carried, quit, engine.Playing
		s.carried, quit = s.carried.Held(), false // edges and the quit go once, in the first
	}
	s.carried = engine.Input{}
	s.quitSent = s.quitSent || s.quitAsked
	s.made = n + 1
	s.role.fill()
	return true
}

// Settled reports whether the session can be left after its last tick:
// every peer has acknowledged every input of this one it needs (the
// quitting tick's included) or has said it reached the same tick. Until
// then keep calling Frame, for at most DropAfter: the peers' last inputs
// may be lost and must be sent again.
func (s *Session) Settled() bool {
	for i := range s.players() {
		p := &s.peers[i]
		if s.isGone(p) {
			continue
		}
		if s.desync.ok() {
			if !p.knowsDesync {
				return false
			}
			continue
		}
		if p.tick >= s.tick && p.tickAt != 0 {
			continue
		}
		for slot := range s.cfg.Players {
			if s.sends(p, slot) && p.acked[slot] < min(s.slots[slot].next, s.tick+1) {
				return false
			}
		}
	}
	return s.role.settled() // a watcher gets the last ticks too, if it can
}

// Tick returns the next tick the session will run.
func (s *Session) Tick() uint64 { return s.tick }

// Quit asks to end the session as a closed window does (see Frame): for
// a game's own quit key.
func (s *Session) Quit() { s.quitAsked = true }
