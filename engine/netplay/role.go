package netplay

import (
	"fmt"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// role is what a Session does as the peer its Config makes it: the host
// (slot 0, which relays and keeps the slots; host), a joiner (joiner), a
// joiner started again in a session under way (rejoiner) or a spectator
// (watcher). New picks it once; every peer speaks the same protocol, and
// the Session's shared code asks its role where they differ.
type role interface {
	// sends reports whether this peer sends slot's input to p.
	sends(p *peer, slot int) bool
	// receives reports whether p may send this peer slot's input.
	receives(p *peer, slot int) bool
	// gone reports whether slot was given up, as this peer decided (only
	// the host decides; a joiner learns it from the ticks).
	gone(slot int) bool
	// first is the tick every slot's input starts at on this peer, which
	// has every slot's ticks before (the zero Input): the input delay,
	// or 0 for a peer that replays the session from its start.
	first() uint64
	// start finishes New's setup, every slot's input from tick d on.
	start(d uint64)
	// leaves reports whether this peer leaves alone at once when its
	// player asks to quit (engine.ErrQuit), no player waiting for it.
	leaves() bool
	// frame is Frame's part before it tends the players' links, dt after
	// the last frame; tend is its part after.
	frame(dt time.Duration)
	tend(now time.Duration)
	// sendWatchers sends each of the host's watchers a datagram.
	sendWatchers()
	// fill writes the ticks of slots given up as far as they go.
	fill()
	// ran is told that tick n ran.
	ran(n uint64)
	// makesOwn reports whether this peer makes its own slot's input now.
	makesOwn() bool
	// catchingUp reports whether this peer replays the session to catch
	// up (host.CatchingUp).
	catchingUp() bool
	// silent acts on player p, silent for DropAfter; lagging on slot's
	// input, which kept the session waiting for lag while its peer
	// talked.
	silent(p *peer, silent time.Duration)
	lagging(slot int, lag time.Duration)
	// holdsFor reports whether this peer, waiting for slot's input, is
	// held by it rather than by another slot's (see Session.holdsFor).
	holdsFor(slot int) bool
	// knows reports whether slot's wait is this peer's to report
	// (Connections): not a slot known to be given up.
	knows(slot int) bool
	// peerOf returns the link slot's input comes through, nil none.
	peerOf(slot int) *peer
	// header fills in what a datagram to p says of this peer's role; told
	// takes in what one from p said, before it is judged plausible, and
	// took once it is.
	header(p *peer, d *datagram)
	told(d *datagram)
	took(p *peer, d *datagram)
	// replaysOwn reports whether slot is this peer's own, taken from the
	// host (a rejoiner's), and ownUntil the tick its input from the host
	// ends at.
	replaysOwn(slot int) bool
	ownUntil() uint64
	// adapt may change the input delay at tick n (the host's).
	adapt(n uint64)
	// settled reports whether this peer's role lets it leave now (the
	// host's watchers have the last ticks).
	settled() bool
	seats
}

// seats are what only the host does: take players back, newcomers and
// watchers (see the Session methods of the same names).
type seats interface {
	rejoin(slot int, link Link) error
	watch(link Link) error
	vacant() (slot int, ok bool)
	isVacant(slot int) bool
	silentFor(slot int) (silent time.Duration, held bool)
}

// newRole checks the role s.cfg asks for and makes it.
func newRole(s *Session) (role, error) {
	c := &s.cfg
	switch {
	case c.Spectate:
		return newWatcher(s)
	case c.Slot == 0:
		return newHost(s)
	case c.Rejoin:
		return newRejoiner(s)
	}
	return newJoiner(s)
}

// joiner is a player's role in a slot but the host's: it sends its own
// slot's input to the host and takes every other slot's from it.
type joiner struct {
	s *Session
	noSeats
	// depthSent is the depth this peer's latest datagrams to the host
	// carried (its Rollback until SetDepth), in depthSends of them.
	depthSent, depthSends int
}

func newJoiner(s *Session) (*joiner, error) {
	c := &s.cfg
	if err := c.checkSlot(); err != nil {
		return nil, err
	}
	if err := c.checkHostLink(); err != nil {
		return nil, err
	}
	return &joiner{s: s, noSeats: noSeats{slot: c.Slot}}, nil
}

func (j *joiner) sends(p *peer, slot int) bool { return slot == j.s.cfg.Slot }

func (j *joiner) receives(p *peer, slot int) bool {
	return slot != j.s.cfg.Slot && slot < j.s.cfg.Players
}

func (j *joiner) gone(int) bool             { return false }
func (j *joiner) first() uint64             { return uint64(j.s.cfg.InputDelay) }
func (j *joiner) start(uint64)              {}
func (j *joiner) leaves() bool              { return false }
func (j *joiner) frame(time.Duration)       {}
func (j *joiner) tend(time.Duration)        {}
func (j *joiner) sendWatchers()             {}
func (j *joiner) fill()                     {}
func (j *joiner) ran(uint64)                {}
func (j *joiner) makesOwn() bool            { return true }
func (j *joiner) catchingUp() bool          { return false }
func (j *joiner) replaysOwn(int) bool       { return false }
func (j *joiner) ownUntil() uint64          { return 0 }
func (j *joiner) adapt(uint64)              {}
func (j *joiner) settled() bool             { return true }
func (j *joiner) took(p *peer, d *datagram) {}

// silent ends the session: the host is gone.
func (j *joiner) silent(p *peer, silent time.Duration) {
	j.s.err = &SilentError{Slot: p.Slot, For: silent}
}

// lagging ends the session: a joiner cannot give a slot up.
func (j *joiner) lagging(slot int, lag time.Duration) {
	j.s.err = &LaggingError{Slot: slot, For: lag}
}

// holdsFor: the host's slot holds a joiner only when every other slot's
// input is there: a host held by another joiner relays nothing, and is
// not the one late.
func (j *joiner) holdsFor(slot int) bool {
	for i := range j.s.cfg.Players {
		if i != slot && j.s.waitFrom[i].ok() {
			return false
		}
	}
	return true
}

// knows: a joiner knows only what ticks said, a slot Gone that it does
// not wait for.
func (j *joiner) knows(slot int) bool {
	return j.s.members[slot].Presence != engine.Gone || j.s.waitFrom[slot].ok()
}

// peerOf is the host's link: every slot's input comes through it.
func (j *joiner) peerOf(int) *peer {
	if len(j.s.peers) == 0 {
		return nil
	}
	return &j.s.peers[0]
}

// header carries this joiner's depth to the host: 1 + the depth while
// fewer than depthRepeats datagrams carried it, counting this one (the
// first ones carry the depth it starts at, its Rollback); 0: none.
func (j *joiner) header(p *peer, d *datagram) {
	if depth := j.s.depth; j.depthSent != depth {
		j.depthSent, j.depthSends = depth, 0
	}
	if j.depthSends < depthRepeats {
		j.depthSends++
		d.depth = uint64(j.depthSent) + 1
	}
}

// told ends the session when the host says this peer's slot was given up.
func (j *joiner) told(d *datagram) {
	if t, ok := d.left.get(); ok && j.s.err == nil {
		// before plausible: the host's acks of this slot are its own now
		j.s.err = &LeftError{Tick: t}
	}
}

// rejoiner is a joiner started again in a session under way
// (Local.Rejoin): it replays every slot's input from tick 0, its own
// slot's from the host up to the tick the host names, and then plays.
type rejoiner struct {
	joiner
	resumeAt optTick // the tick its own input resumes on, as the host said
}

func newRejoiner(s *Session) (*rejoiner, error) {
	if err := s.cfg.checkSlot(); err != nil {
		return nil, err
	}
	if s.cfg.Rollback > 0 {
		return nil, fmt.Errorf("netplay: Rejoin on slot %d with Rollback %d: only a joiner rejoins, in lockstep (Rollback 0)", s.cfg.Slot, s.cfg.Rollback)
	}
	j, err := newJoiner(s)
	if err != nil {
		return nil, err
	}
	return &rejoiner{joiner: *j}, nil
}

// replaying reports whether it still replays ticks whose own input is
// the host's.
func (r *rejoiner) replaying() bool {
	at, ok := r.resumeAt.get()
	return !ok || r.s.slots[r.s.cfg.Slot].next+1 < at+1
}

func (r *rejoiner) receives(p *peer, slot int) bool {
	return (slot != r.s.cfg.Slot || r.replaying()) && slot < r.s.cfg.Players
}

func (r *rejoiner) first() uint64         { return 0 }
func (r *rejoiner) makesOwn() bool        { return !r.replaying() }
func (r *rejoiner) replaysOwn(s int) bool { return s == r.s.cfg.Slot }

func (r *rejoiner) catchingUp() bool {
	at, ok := r.resumeAt.get()
	return !ok || r.s.tick+1 < at+1
}

// ownUntil is the tick its own input from the host ends at; 0 until the
// host said.
func (r *rejoiner) ownUntil() uint64 {
	at, _ := r.resumeAt.get()
	return at
}

// took keeps the tick the host said its own input resumes on.
func (r *rejoiner) took(p *peer, d *datagram) {
	if !r.resumeAt.ok() && d.resume.ok() {
		r.resumeAt = d.resume
	}
}

// watcher is a spectator's role (Local.Spectate): it plays no slot,
// replays every slot's input from tick 0 as it comes from the host, then
// follows the session a little behind.
type watcher struct {
	joiner
}

func newWatcher(s *Session) (*watcher, error) {
	c := &s.cfg
	if c.Rollback > 0 || c.Rejoin {
		return nil, fmt.Errorf("netplay: Spectate with Rollback %d or Rejoin: a watcher follows the verified timeline only", c.Rollback)
	}
	c.Slot = watcherSlot
	if err := c.checkHostLink(); err != nil {
		return nil, err
	}
	return &watcher{joiner: joiner{s: s, noSeats: noSeats{slot: c.Slot}}}, nil
}

func (w *watcher) receives(p *peer, slot int) bool { return slot < w.s.cfg.Players }
func (w *watcher) first() uint64                   { return 0 }
func (w *watcher) leaves() bool                    { return true }
func (w *watcher) makesOwn() bool                  { return false }

// catchingUp: a watcher far enough behind the host catches up.
func (w *watcher) catchingUp() bool {
	return len(w.s.peers) > 0 && w.s.peers[0].tick > w.s.tick+watchBehind
}

// noSeats refuses what only the host does.
type noSeats struct{ slot int }

func (n noSeats) rejoin(int, Link) error {
	return fmt.Errorf("netplay: only the host takes a player back (this is slot %d)", n.slot)
}

func (n noSeats) watch(Link) error { return &WatchError{Why: "only the host takes watchers"} }

func (n noSeats) vacant() (int, bool)                 { return 0, false }
func (n noSeats) isVacant(int) bool                   { return false }
func (n noSeats) silentFor(int) (time.Duration, bool) { return 0, false }
