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
		r.lone, r.mixed = lonely(r, now), mixed(r)
		r.changed(true)
	}
}

func (s *Server) forgetMemberLocked(m *member) {
	s.ackLocked(m, m.seq)
	delete(s.members, m.token)
	s.releaseLocked(m.addr, func(a *addrState) { a.members-- })
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
	s.releaseLocked(r.owner, func(a *addrState) { a.rooms-- })
	r.changed(true)
}

// extendLocked keeps a room under way open while its host is there: its
// lifetime runs to RoomTTL past now, never past SessionTTL from its
// creation, and never shortens. The host is there while it polls, or
// polled less than MemberTimeout ago (it is dropped after that). s.mu is
// held.
func (s *Server) extendLocked(r *room, now time.Time) {
	host := r.slots[0]
	if !r.underway || !r.closed.IsZero() || host == nil || host.polling == 0 && now.Sub(host.lastSeen) >= s.cfg.MemberTimeout {
		return
	}
	until := now.Add(s.cfg.RoomTTL)
	if end := r.created.Add(s.cfg.SessionTTL); until.After(end) {
		until = end
	}
	if until.After(r.expires) {
		r.expires = until
	}
}

// Sweep closes rooms past their lifetime (extended for a room under way
// whose host polls) or alone for LoneRoomTTL, drops members silent for
// MemberTimeout, forgets closed rooms a MemberTimeout after they closed
// and idle addresses. Serve calls it every second; tests call it with
// their fake clock's time.
func (s *Server) Sweep() {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.cfg.Now()
	for _, r := range s.rooms {
		s.extendLocked(r, now)
		switch {
		case !r.closed.IsZero() && now.Sub(r.closed) >= s.cfg.MemberTimeout:
			s.deleteRoomLocked(r)
		case r.closed.IsZero() && !now.Before(r.expires):
			r.closed = now
			r.changed(true)
			s.stats.ExpiredRooms++
		case r.closed.IsZero() && !r.lone.IsZero() && now.Sub(r.lone) >= s.cfg.LoneRoomTTL:
			r.closed, r.alone = now, true
			r.changed(true)
			s.stats.ExpiredLoneRooms++
		}
	}
	for _, m := range s.members {
		if m.polling == 0 && m.room.closed.IsZero() && now.Sub(m.lastSeen) >= s.cfg.MemberTimeout {
			s.dropMemberLocked(m, now)
			s.stats.ExpiredMembers++
		}
	}
	for _, a := range s.addrs {
		if !a.holds() && now.Sub(a.lastSeen) >= addrIdle {
			s.forgetAddrLocked(a)
		}
	}
}
