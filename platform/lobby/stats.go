package lobby

// Stats are the server's counters since it started, as /stats serves
// them and the minute's log line says them. Zero means none happened.
type Stats struct {
	// Requests counts every request that reached the rate limiter.
	Requests uint64 `json:"requests"`
	// Joins counts joins accepted.
	Joins uint64 `json:"joins"`
	// GuestJoins counts the joins that took a guest seat (every player
	// seat taken, or watching), WatchJoins among them.
	GuestJoins uint64 `json:"guest_joins"`
	// WatchJoins counts the joins that came to watch (Options.Watch).
	WatchJoins uint64 `json:"watch_joins"`
	// RoomsCreated counts the rooms those joins made.
	RoomsCreated uint64 `json:"rooms_created"`
	// Rooms is how many rooms are held now, ended ones not yet swept
	// included.
	Rooms int `json:"rooms"`
	// Members is how many memberships are held now.
	Members int `json:"members"`
	// RoomsMax is the most rooms held at once.
	RoomsMax int `json:"rooms_max"`
	// Forwarded counts messages queued for a member.
	Forwarded uint64 `json:"forwarded"`
	// QueuedBytes is what waiting messages hold now.
	QueuedBytes int `json:"queued_bytes"`
	// RefusedRate counts requests over an address's request rate.
	RefusedRate uint64 `json:"refused_rate"`
	// RefusedJoinRate counts joins over an address's join rate.
	RefusedJoinRate uint64 `json:"refused_join_rate"`
	// EvictedAddrs counts addresses that held nothing forgotten to make
	// room for new ones once MaxAddrs were tracked.
	EvictedAddrs uint64 `json:"evicted_addrs"`
	// RefusedRoomsPerAddr counts rooms refused to an address holding
	// MaxRoomsPerAddr.
	RefusedRoomsPerAddr uint64 `json:"refused_rooms_per_addr"`
	// EvictedRooms counts rooms deleted to make room for a new one
	// while MaxRooms were held: one of the address that held most.
	EvictedRooms uint64 `json:"evicted_rooms"`
	// RefusedRooms counts rooms refused while MaxRooms were held and no
	// address held more than the creator's.
	RefusedRooms uint64 `json:"refused_rooms"`
	// RefusedMembers counts joins refused to an address holding
	// MaxMembersPerAddr memberships.
	RefusedMembers uint64 `json:"refused_members"`
	// RefusedQueue counts messages refused because the receiver's queue,
	// or all queues together, were full.
	RefusedQueue uint64 `json:"refused_queue"`
	// DroppedQueues counts rooms whose waiting messages were dropped
	// to make room in MaxQueuedBytes for a room holding fewer.
	DroppedQueues uint64 `json:"dropped_queues"`
	// RefusedConns counts connections closed at once, over MaxConns or
	// MaxConnsPerAddr with no idle connection to close instead.
	RefusedConns uint64 `json:"refused_conns"`
	// ClosedIdle counts idle connections closed to make room for new
	// ones.
	ClosedIdle uint64 `json:"closed_idle"`
	// UnknownRoom counts joins without create for rooms that do not
	// exist, and requests for members that do not (guessed codes or
	// tokens among them).
	UnknownRoom uint64 `json:"unknown_room"`
	// Full counts joins refused by a full room or another room size.
	Full uint64 `json:"full"`
	// RefusedGuests counts the joins among Full refused because every
	// guest seat was taken too (every player seat was, or they came to
	// watch).
	RefusedGuests uint64 `json:"refused_guests"`
	// RefusedVersion counts joins in another protocol version (a game
	// to update), not counted as Malformed.
	RefusedVersion uint64 `json:"refused_version"`
	// Malformed counts requests that did not decode.
	Malformed uint64 `json:"malformed"`
	// Oversized counts request bodies over the size limit.
	Oversized uint64 `json:"oversized"`
	// ExpiredRooms counts rooms closed by age (a room under way whose
	// host polls, at SessionTTL).
	ExpiredRooms uint64 `json:"expired_rooms"`
	// ExpiredLoneRooms counts rooms closed after LoneRoomTTL with one
	// member.
	ExpiredLoneRooms uint64 `json:"expired_lone_rooms"`
	// ExpiredMembers counts members dropped for silence.
	ExpiredMembers uint64 `json:"expired_members"`
}

// Stats returns a copy of the counters.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.stats
	st.Rooms, st.Members, st.QueuedBytes = len(s.rooms), len(s.members), s.queued
	return st
}
