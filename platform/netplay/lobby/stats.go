package lobby

// Stats are the server's counters since it started, as /stats serves
// them and the minute's log line says them.
type Stats struct {
	// Requests counts every request that reached the rate limiter.
	Requests uint64 `json:"requests"`
	// Joins counts joins accepted; RoomsCreated the rooms they made.
	Joins        uint64 `json:"joins"`
	RoomsCreated uint64 `json:"rooms_created"`
	// Rooms and Members are held now; RoomsMax is the most rooms held
	// at once.
	Rooms    int `json:"rooms"`
	Members  int `json:"members"`
	RoomsMax int `json:"rooms_max"`
	// Forwarded counts messages queued for a member; QueuedBytes is what
	// waits now.
	Forwarded   uint64 `json:"forwarded"`
	QueuedBytes int    `json:"queued_bytes"`
	// Refused*: requests refused by a limit: the request rate, the join
	// rate, too many addresses tracked, rooms per address, rooms in all,
	// memberships per address, a full queue, connections (per address or
	// in all).
	RefusedRate         uint64 `json:"refused_rate"`
	RefusedJoinRate     uint64 `json:"refused_join_rate"`
	RefusedAddrs        uint64 `json:"refused_addrs"`
	RefusedRoomsPerAddr uint64 `json:"refused_rooms_per_addr"`
	RefusedRooms        uint64 `json:"refused_rooms"`
	RefusedMembers      uint64 `json:"refused_members"`
	RefusedQueue        uint64 `json:"refused_queue"`
	RefusedConns        uint64 `json:"refused_conns"`
	// UnknownRoom counts joins without create and requests for members
	// that do not exist (guessed codes or tokens among them); Full the
	// joins refused by a full room or another room size.
	UnknownRoom uint64 `json:"unknown_room"`
	Full        uint64 `json:"full"`
	// Malformed and Oversized count requests that did not decode or
	// were too large.
	Malformed uint64 `json:"malformed"`
	Oversized uint64 `json:"oversized"`
	// ExpiredRooms and ExpiredMembers count rooms closed by age and
	// members dropped for silence.
	ExpiredRooms   uint64 `json:"expired_rooms"`
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
