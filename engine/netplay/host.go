package netplay

import (
	"fmt"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
)

// host is slot 0's role: it relays every slot's input between the
// joiners and keeps the slots. It gives up a slot whose player is silent
// past DropAfter or lagging, fills a slot given up, takes a player back
// or a newcomer (rejoin), and sends its watchers, which are the links
// after its players' (Session.players), what they need within a budget.
type hostRole struct {
	s *Session
	// givenUp[slot] is the tick from which the host gave slot up (its
	// peer silent past DropAfter, or empty from the start); none while
	// a player holds it.
	givenUp [host.MaxPlayers]optTick
}

func newHost(s *Session) (*hostRole, error) {
	c := &s.cfg
	switch {
	case c.LateJoin && !c.PlayOn:
		return nil, fmt.Errorf("netplay: LateJoin without PlayOn: a player can join only a session that plays on without the one who left")
	case len(c.Empty) > 0 && !c.LateJoin:
		return nil, fmt.Errorf("netplay: empty slots %v without LateJoin: a session may start with a slot empty only when a newcomer can take it", c.Empty)
	case c.Rejoin:
		return nil, fmt.Errorf("netplay: Rejoin on slot %d with Rollback %d: only a joiner rejoins, in lockstep (Rollback 0)", c.Slot, c.Rollback)
	}
	if err := c.checkJoinerLinks(); err != nil {
		return nil, err
	}
	return &hostRole{s: s}, nil
}

// sends: every slot but p's own (unless p was taken back and its own
// input has not resumed).
func (h *hostRole) sends(p *peer, slot int) bool {
	return (slot != p.Slot || h.s.sendsOwn(p)) && slot < h.s.cfg.Players
}

// receives: only p's own slot.
func (h *hostRole) receives(p *peer, slot int) bool { return slot == p.Slot }

func (h *hostRole) gone(slot int) bool { return h.givenUp[slot].ok() }
func (h *hostRole) first() uint64      { return uint64(h.s.cfg.InputDelay) }
func (h *hostRole) leaves() bool       { return false }
func (h *hostRole) makesOwn() bool     { return true }
func (h *hostRole) catchingUp() bool   { return false }
func (h *hostRole) told(*datagram)     {}

func (h *hostRole) replaysOwn(int) bool { return false }
func (h *hostRole) ownUntil() uint64    { return 0 }

// start reserves the history, and gives up the slots nobody holds at the
// start (Terms.Empty) from tick 0, each with a peer of its own that
// links nowhere until rejoin gives it to a newcomer. fill writes the
// ticks after; the history keeps them.
func (h *hostRole) start(d uint64) {
	s := h.s
	s.hist.reserve(s.cfg.Players)
	for _, slot := range s.cfg.Empty {
		h.givenUp[slot] = someTick(0)
		p := peer{dropped: true} // sent nothing, never silent: isGone
		p.setLink(Peer{Slot: slot, Link: nowhere{}})
		for j := range s.cfg.Players {
			p.acked[j], p.sentUpTo[j] = d, d
		}
		s.peers = append(s.peers, p)
	}
	s.seated = len(s.peers)
}

// watchers are the links the host's spectators came over.
func (h *hostRole) watchers() []peer { return h.s.peers[h.s.seated:] }

// frame refills the watchers' budgets and counts the held frames.
func (h *hostRole) frame(dt time.Duration) {
	h.refillBudgets(dt)
	h.s.noteStalls()
}

// tend is Frame's care of each watcher still sent to: input when nothing
// went out to it this frame, more while it is far behind; it is dropped
// when stuck, ended or silent for DropAfter (never waited for).
func (h *hostRole) tend(now time.Duration) {
	s := h.s
	for i := range h.watchers() {
		p := &h.watchers()[i]
		if p.dropped {
			continue
		}
		if !p.sent {
			h.sendWatcher(p)
		}
		h.catchUpWatcher(p)
		p.sent = false
		if h.stuck(p) || p.ends != nil && p.ends.Ended() || now-p.lastHeard > s.cfg.DropAfter && s.err == nil {
			h.dropWatcher(p)
		}
	}
}

// sendWatchers sends every watcher a datagram, within its budget.
func (h *hostRole) sendWatchers() {
	for i := range h.watchers() {
		h.sendWatcher(&h.watchers()[i])
	}
}

// sendWatcher sends watcher p a datagram while its budget lasts.
func (h *hostRole) sendWatcher(p *peer) {
	if p.budget <= 0 {
		p.sent = true
		return
	}
	n := h.s.send(p)
	p.budget -= int64(n)
	h.s.stats.bytesToWatchers += uint64(n)
}

// catchUpWatcher sends watcher p a few more datagrams a frame while it
// lacks more than a block of a slot's input: one that follows is sent as
// a player is (and is never waited for).
func (h *hostRole) catchUpWatcher(p *peer) {
	if !p.catchUp || p.dropped || !h.s.farBehind(p) {
		return
	}
	for range catchUpBurst {
		h.sendWatcher(p)
	}
}

// fill is the host's: with PlayOn, a slot given up plays on with the
// zero Input, as far ahead as the host's own input.
func (h *hostRole) fill() {
	s := h.s
	if !s.cfg.PlayOn {
		return
	}
	own := s.slots[0].next
	for slot := 1; slot < s.cfg.Players; slot++ {
		if !h.gone(slot) {
			continue
		}
		ring := &s.slots[slot]
		for limit := min(own, s.floor(slot)+ringSize); ring.next < limit; ring.next++ {
			*ring.at(ring.next) = record{presence: engine.Gone}
		}
	}
}

// ran adds tick n to the history, the first time it runs.
func (h *hostRole) ran(n uint64) {
	if s := h.s; n == s.hist.ticks {
		s.hist.add(s.slots[:s.cfg.Players])
	}
}

// giveUp gives slot up: its peer has been silent for DropAfter, or is
// lagging, so its slot is Gone from the first tick whose input the host
// lacks, the same tick on every peer as the host relays it in the slot's
// input. Without PlayOn, the slot's input of the tick after carries a
// quit, so every peer that stayed ends the session there, cleanly. When
// the ring has no room for that yet, the next Frame tries again.
func (h *hostRole) giveUp(slot int) {
	s := h.s
	ring := &s.slots[slot]
	t, need := ring.next, uint64(2)
	if s.cfg.PlayOn {
		need = 1
	}
	if t+need > s.floor(slot)+ringSize {
		return
	}
	*ring.at(t) = record{presence: engine.Gone}
	if !s.cfg.PlayOn {
		*ring.at(t + 1) = record{presence: engine.Gone, quit: true}
	}
	ring.next = t + need
	h.givenUp[slot] = someTick(t)
	s.stats.gaveUp++
}

// silent gives the slot of a player silent for DropAfter up.
func (h *hostRole) silent(p *peer, _ time.Duration) { h.giveUp(p.Slot) }

// lagging gives a lagging player's slot up, as a silent one's (the
// session's usual end, or the slot's rejoin window).
func (h *hostRole) lagging(slot int, _ time.Duration) {
	h.giveUp(slot)
	h.s.lag[slot], h.s.crawl[slot] = 0, 0
}

// holdsFor: any slot the host waits for holds it.
func (h *hostRole) holdsFor(int) bool { return true }

// knows: the host knows a slot given up, or taken by a newcomer (still
// Gone in members while it catches up).
func (h *hostRole) knows(slot int) bool { return !h.gone(slot) }

// peerOf returns slot's own link.
func (h *hostRole) peerOf(slot int) *peer {
	ps := h.s.players()
	for i := range ps {
		if ps[i].Slot == slot {
			return &ps[i]
		}
	}
	return nil
}

// header says the delay change in force, the tick from which p's slot
// was given up, and where the input of a player taken back resumes.
func (h *hostRole) header(p *peer, d *datagram) {
	if c := h.s.change; c.at != 0 {
		d.delayAt, d.delay = c.at, uint64(c.delay)
	}
	if h.s.isGone(p) {
		d.left = h.givenUp[p.Slot]
	}
	if p.ownUntil != 0 {
		d.resume = someTick(p.ownUntil)
	}
}

// took keeps the depth a joiner said it draws ahead at.
func (h *hostRole) took(p *peer, d *datagram) {
	if d.depth != 0 {
		p.depth = int(d.depth)
	}
}

// adapt chooses the input delay, when the session adapts it.
func (h *hostRole) adapt(n uint64) {
	if h.s.cfg.AdaptDelay {
		h.s.chooseDelay(n)
	}
}

// settled reports whether every watcher still sent to has the last
// ticks.
func (h *hostRole) settled() bool {
	for i := range h.watchers() {
		if p := &h.watchers()[i]; !p.dropped && !h.s.watcherHasAll(p) {
			return false
		}
	}
	return true
}

// rejoin is Session.Rejoin's.
func (h *hostRole) rejoin(slot int, link Link) error {
	s := h.s
	if s.hist.full {
		return &RejoinError{Slot: slot, Why: fmt.Sprintf("the session's input history passed its bound (%d bytes) at tick %d", s.cfg.MaxHistory, s.hist.ticks)}
	}
	p := h.peerOf(slot)
	switch {
	case p == nil:
		return fmt.Errorf("netplay: no player in slot %d to take back", slot)
	case h.gone(slot) && !s.cfg.LateJoin:
		return &RejoinError{Slot: slot, Why: "the place was given up"}
	case h.gone(slot):
		h.givenUp[slot] = 0 // the newcomer's input, Playing, from ring.next on
		s.stats.joinedLate++
	}
	*p = peer{lastHeard: s.now, catchUp: true, ownUntil: s.slots[slot].next, srtt: p.srtt, rtt: p.rtt, rttvar: p.rttvar}
	p.setLink(Peer{Slot: slot, Link: link})
	s.stats.rejoined++
	return nil
}

// vacant is Session.Vacant's.
func (h *hostRole) vacant() (slot int, ok bool) {
	s := h.s
	var longest time.Duration
	for i := range s.players() {
		p := &s.players()[i]
		if h.gone(p.Slot) {
			continue
		}
		if silent := s.now - p.lastHeard; silent > s.cfg.WarnAfter && silent > longest {
			slot, longest, ok = p.Slot, silent, true
		}
	}
	if ok || !s.cfg.LateJoin {
		return slot, ok
	}
	for i := 1; i < s.cfg.Players; i++ {
		if h.gone(i) {
			return i, true
		}
	}
	return 0, false
}

// isVacant is Session.IsVacant's.
func (h *hostRole) isVacant(slot int) bool {
	s := h.s
	if slot <= 0 || slot >= s.cfg.Players {
		return false
	}
	if h.gone(slot) {
		return s.cfg.LateJoin
	}
	if p := h.peerOf(slot); p != nil {
		return s.now-p.lastHeard > s.cfg.WarnAfter
	}
	return false
}

// silentFor is Session.Silent's.
func (h *hostRole) silentFor(slot int) (silent time.Duration, held bool) {
	s := h.s
	if slot <= 0 || slot >= s.cfg.Players || h.gone(slot) {
		return 0, false
	}
	if p := h.peerOf(slot); p != nil {
		return s.now - p.lastHeard, true
	}
	return 0, false
}
