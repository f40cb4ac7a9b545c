package netplay

import (
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
)

var _ host.Membership = (*Session)(nil)

// giveUp is the host's: slot's peer has been silent for DropAfter, so
// its slot is Gone from the first tick whose input the host lacks, the
// same tick on every peer as the host relays it in the slot's input.
// Without PlayOn, the slot's input of the tick after carries a quit, so
// every peer that stayed ends the session there, cleanly. When the ring
// has no room for that yet, the next Frame tries again.
func (s *Session) giveUp(slot int) {
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
	s.gone[slot], s.goneAt[slot] = true, t
	s.stats.gaveUp++
}

// fillGone is the host's, with PlayOn: a slot given up plays on with the
// zero Input, as far ahead as the host's own input.
func (s *Session) fillGone() {
	if s.cfg.Slot != 0 || !s.cfg.PlayOn {
		return
	}
	own := s.slots[0].next
	for slot := 1; slot < s.cfg.Players; slot++ {
		if !s.gone[slot] {
			continue
		}
		ring := &s.slots[slot]
		for limit := min(own, s.floor(slot)+ringSize); ring.next < limit; ring.next++ {
			*ring.at(ring.next) = record{presence: engine.Gone}
		}
	}
}

// haveAll reports whether every slot's input for tick n is here, noting
// since when this peer has waited for each one that is not.
func (s *Session) haveAll(n uint64) bool {
	all := true
	for i := range s.cfg.Players {
		switch {
		case s.slots[i].next > n:
			s.waitFrom[i] = 0
		case s.waitFrom[i] == 0:
			s.waitFrom[i] = s.now + 1
			all = false
		default:
			all = false
		}
	}
	return all
}

// noteMembers updates every slot's place as of tick n, which runs now.
func (s *Session) noteMembers(n uint64) {
	if n < s.membersAt {
		return // asked again
	}
	for i := range s.cfg.Players {
		if p := s.slots[i].at(n).presence; p != s.members[i].Presence {
			s.members[i] = engine.Member{Presence: p, Since: n}
		}
	}
	s.membersAt = n + 1
}

// Members fills members with every slot's place as of tick n, the tick
// Inputs has just made ready; see host.Membership.
func (s *Session) Members(n uint64, members []engine.Member) {
	copy(members, s.members[:s.cfg.Players])
}

// Connections fills conns with how long this peer has waited for each
// slot (its input, or a link silent past WarnAfter) and the round trip
// to the peer each slot's input comes from; see host.Membership.
func (s *Session) Connections(conns []engine.Connection) {
	for i := range min(len(conns), s.cfg.Players) {
		c := &conns[i]
		*c = engine.Connection{Local: i == s.cfg.Slot}
		// The host knows a slot given up, or taken by a newcomer (still Gone
		// in members while it catches up); a joiner only what ticks said.
		if c.Local || s.cfg.Slot == 0 && s.gone[i] || s.cfg.Slot != 0 && s.members[i].Presence == engine.Gone && s.waitFrom[i] == 0 {
			continue
		}
		var waited time.Duration
		if w := s.waitFrom[i]; w != 0 {
			waited = s.now - (w - 1)
		}
		if p := s.peerOf(i); p != nil {
			if p.Slot == i {
				waited = max(waited, s.now-p.lastHeard)
				c.CatchingUp = p.ownUntil != 0 && s.slots[i].next <= p.ownUntil
			}
			c.RTT = p.srtt
		}
		if waited > s.cfg.WarnAfter {
			c.Waiting = waited
		}
	}
}

// peerOf returns the link slot's input comes through: its own on the
// host, the host's on a joiner.
func (s *Session) peerOf(slot int) *peer {
	for i := range s.peers {
		if p := &s.peers[i]; p.Slot == slot || s.cfg.Slot != 0 {
			return p
		}
	}
	return nil
}
