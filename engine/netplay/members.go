package netplay

import (
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
)

var _ host.Membership = (*Session)(nil)

// haveAll reports whether every slot's input for tick n is here, noting
// since when this peer has waited for each one that is not.
func (s *Session) haveAll(n uint64) bool {
	all := true
	for i := range s.cfg.Players {
		switch {
		case s.slots[i].next > n:
			s.waitFrom[i] = 0 // none
		case !s.waitFrom[i].ok():
			s.waitFrom[i] = someTime(s.now)
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
		if c.Local || !s.role.knows(i) {
			continue
		}
		var waited time.Duration
		if w, ok := s.waitFrom[i].get(); ok {
			waited = s.now - w
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
func (s *Session) peerOf(slot int) *peer { return s.role.peerOf(slot) }
