package lobby

import "time"

// roomLoad is how much of the room table the units as count for: the
// most rooms any of them holds, scaled to one address's share (an IPv6
// /48 holding 16 rooms loads it as an address holding one). In
// sixteenths, so that it stays an integer.
func roomLoad(as []*addrState) int {
	load := 0
	for _, a := range as {
		load = max(load, 16*a.rooms/a.scale)
	}
	return load
}

// evictRoomLocked makes room in a full table for a room created by the
// units as: it deletes a room of the creator that loads the table most,
// if that is more than as does (an ended room first, then one with a
// single member, then the oldest), and reports whether it did. A flood
// of rooms from many addresses then churns its own rooms instead of
// keeping every new player out. s.mu is held.
func (s *Server) evictRoomLocked(as []*addrState, now time.Time) bool {
	mine := roomLoad(as)
	var victim *room
	victimLoad := mine
	for _, r := range s.rooms {
		load := roomLoad(r.holders)
		if load > victimLoad || load == victimLoad && victim != nil && evictsBefore(r, victim) {
			victim, victimLoad = r, load
		}
	}
	if victim == nil {
		return false
	}
	s.deleteRoomLocked(victim)
	s.stats.EvictedRooms++
	return true
}

// evictsBefore orders the rooms of equal load: ended ones, then ones
// whose members all come from one address (lone, or filled by its
// creator's own guests), by age, then the others by expiry. A room its
// creator paired with itself is no more a meeting than a lone one: a
// flood whose rooms each hold a guest from the same address once made
// every new room evict a real host waiting alone for a friend, while its
// own stayed.
func evictsBefore(a, b *room) bool {
	ra, rb := evictRank(a), evictRank(b)
	switch {
	case ra != rb:
		return ra < rb
	case ra == 1:
		return a.created.Before(b.created)
	}
	return a.expires.Before(b.expires)
}

func evictRank(r *room) int {
	switch {
	case !r.closed.IsZero():
		return 0
	case !r.mixed:
		return 1
	}
	return 2
}

// mixed reports whether r's members come from more than one address (an
// IPv6 /48 counts as one, as the limits count it).
func mixed(r *room) bool {
	first := ""
	for _, m := range r.slots {
		if m == nil {
			continue
		}
		ps := prefixes(m.addr)
		switch u := ps[len(ps)-1].key; {
		case first == "":
			first = u
		case u != first:
			return true
		}
	}
	return false
}

// dropQueuesLocked makes room for n bytes from a member of mine in a
// full MaxQueuedBytes: it drops every message waiting in the room that
// holds most, if that is more than mine would with them, and reports
// whether it did. A pair exchanging its few KiB of ICE then always gets
// through, however many addresses fill the budget with messages nobody
// takes (the per-address share bounds each; this bounds all of them).
// s.mu is held.
func (s *Server) dropQueuesLocked(mine *room, n int) bool {
	var victim *room
	for _, r := range s.rooms {
		if r.queued > mine.queued+n && (victim == nil || r.queued > victim.queued) {
			victim = r
		}
	}
	if victim == nil {
		return false
	}
	for _, m := range victim.slots {
		if m != nil {
			s.ackLocked(m, m.seq)
		}
	}
	s.stats.DroppedQueues++
	return true
}
