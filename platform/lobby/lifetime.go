package lobby

import "time"

// dropMemberLocked takes the member out of its room; the host leaving
// closes the room, the last member leaving removes it. s.mu is held.
func (s *Server) dropMemberLocked(m *member, now time.Time) {
	r := m.room
	s.forgetMemberLocked(m)
	r.slots[m.slot] = nil
	switch {
	case !r.closed.IsZero():
		if r.empty() {
			s.deleteRoomLocked(r)
		}
	case m.slot == 0:
		r.closed = now
		r.changed(true)
	case r.empty():
		s.deleteRoomLocked(r)
	default:
		r.changed(true)
	}
}

func (s *Server) forgetMemberLocked(m *member) {
	s.ackLocked(m, m.seq)
	delete(s.members, m.token)
	if a := s.addrs[m.addr]; a != nil {
		a.members--
	}
}

// deleteRoomLocked forgets the room and whoever is still in it.
func (s *Server) deleteRoomLocked(r *room) {
	for i, m := range r.slots {
		if m != nil {
			s.forgetMemberLocked(m)
			r.slots[i] = nil
		}
	}
	delete(s.rooms, r.id)
	if a := s.addrs[r.owner]; a != nil {
		a.rooms--
	}
	r.changed(true)
}

// Sweep closes rooms past their lifetime, drops members silent for
// MemberTimeout, forgets closed rooms a MemberTimeout after they closed
// and idle addresses. Serve calls it every second; tests call it with
// their fake clock's time.
func (s *Server) Sweep() {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.cfg.Now()
	for _, r := range s.rooms {
		switch {
		case !r.closed.IsZero() && now.Sub(r.closed) >= s.cfg.MemberTimeout:
			s.deleteRoomLocked(r)
		case r.closed.IsZero() && !now.Before(r.expires):
			r.closed = now
			r.changed(true)
			s.stats.ExpiredRooms++
		}
	}
	for _, m := range s.members {
		if m.polling == 0 && m.room.closed.IsZero() && now.Sub(m.lastSeen) >= s.cfg.MemberTimeout {
			s.dropMemberLocked(m, now)
			s.stats.ExpiredMembers++
		}
	}
	for k, a := range s.addrs {
		if a.rooms == 0 && a.members == 0 && now.Sub(a.lastSeen) >= addrIdle {
			delete(s.addrs, k)
		}
	}
}
