package lobby

import (
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"net/http"
	"time"
)

// msgBusy is every refusal for load: the lobby's, never the player's
// doing (a player sharing an address with a flooder did nothing).
const msgBusy = "the lobby is busy; try again in a minute"

func (s *Server) malformed(w http.ResponseWriter, err error) {
	s.count(func(st *Stats) { st.Malformed++ })
	refuse(w, http.StatusBadRequest, reasonBad, err.Error())
}

// join puts the requester in the room, creating it if asked and allowed.
func (s *Server) join(w http.ResponseWriter, _ *http.Request, addr string, body []byte) {
	j, err := decodeJoin(body)
	if errors.Is(err, errVersion) {
		s.count(func(st *Stats) { st.RefusedVersion++ })
		refuse(w, http.StatusBadRequest, reasonVersion, err.Error())
		return
	}
	if err != nil {
		s.malformed(w, err)
		return
	}
	now := s.cfg.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	as := s.holdersLocked(addr, now)
	if over(as, s.cfg.MaxMembersPerAddr, func(a *addrState) int { return a.members }) {
		s.stats.RefusedMembers++
		refuse(w, http.StatusTooManyRequests, reasonBusy, msgBusy)
		return
	}
	r, code, reason, msg := s.roomFor(j, addr, as, now)
	if r == nil {
		refuse(w, code, reason, msg)
		return
	}
	m := &member{token: newToken(), room: r, slot: r.freeSlot(j.watch), inst: j.inst, addr: addr, lastSeen: now, renew: now.Add(s.cfg.TURNTTL / 2)}
	r.slots[m.slot] = m
	r.underway = r.underway || r.playersIn()
	r.lone, r.mixed = lonely(r, now), mixed(r)
	r.changed(true)
	s.members[m.token] = m
	for _, a := range as {
		a.members++
	}
	s.stats.Joins++
	if m.slot >= r.players {
		s.stats.GuestJoins++
	}
	if j.watch {
		s.stats.WatchJoins++
	}
	writeJSON(w, http.StatusOK, joinReply{Member: m.token, Slot: m.slot, Servers: s.cfg.iceServers(now, addr), Status: r.status()})
}

// roomFor finds or makes the room j asks for, with a free slot; or says
// why not (HTTP code, reason, message). s.mu is held.
func (s *Server) roomFor(j join, addr string, as []*addrState, now time.Time) (*room, int, string, string) {
	r := s.rooms[j.room]
	if r != nil && r.alone && j.create { // (never a watcher's: decodeJoin)
		// Closed with its host alone: hosting again with the code, or a
		// friend arriving late, starts a room afresh instead of being
		// told the game already started.
		s.deleteRoomLocked(r)
		r = nil
	}
	if r == nil {
		return s.newRoomLocked(j, addr, as, now)
	}
	return s.enterRoomLocked(r, j)
}

// newRoomLocked makes the room j asks for, which does not exist, when j
// creates and the limits allow; or says why not (HTTP code, reason,
// message). s.mu is held.
func (s *Server) newRoomLocked(j join, addr string, as []*addrState, now time.Time) (*room, int, string, string) {
	switch {
	case !j.create:
		s.stats.UnknownRoom++
		return nil, http.StatusNotFound, reasonUnknown, "no room with this code"
	case over(as, s.cfg.MaxRoomsPerAddr, func(a *addrState) int { return a.rooms }):
		s.stats.RefusedRoomsPerAddr++
		return nil, http.StatusTooManyRequests, reasonBusy, msgBusy
	case len(s.rooms) >= s.cfg.MaxRooms && !s.evictRoomLocked(as, now):
		s.stats.RefusedRooms++
		return nil, http.StatusServiceUnavailable, reasonBusy, msgBusy
	}
	players := j.players
	if players == 0 {
		players = 2
	}
	r := newRoom(j.room, players, s.cfg.MaxGuests, addr, now, now.Add(s.cfg.RoomTTL))
	r.verifier, r.holders = j.verifier, as
	s.rooms[j.room] = r
	for _, a := range as {
		a.rooms++
	}
	s.stats.RoomsCreated++
	s.stats.RoomsMax = max(s.stats.RoomsMax, len(s.rooms))
	return r, 0, "", ""
}

// enterRoomLocked checks that j may take a slot in r: its proof of the
// code, the room open, its player count and a free slot; or says why not
// (HTTP code, reason, message). s.mu is held.
func (s *Server) enterRoomLocked(r *room, j join) (*room, int, string, string) {
	switch {
	case r.verifier != nil && j.proof == nil:
		return nil, http.StatusConflict, reasonProve, "show the join proof"
	case r.verifier != nil && subtle.ConstantTimeCompare(sha256Of(j.proof), r.verifier[:]) != 1:
		s.stats.UnknownRoom++
		return nil, http.StatusNotFound, reasonUnknown, "no room with this code"
	case !r.closed.IsZero():
		return nil, http.StatusGone, reasonClosed, "its room is closed"
	case j.players != 0 && j.players != r.players:
		s.stats.Full++
		return nil, http.StatusConflict, reasonFull, "the room was made for another number of players"
	case r.freeSlot(j.watch) < 0:
		s.stats.Full++
		s.stats.RefusedGuests++
		return nil, http.StatusConflict, reasonGuests, "the room is full: every guest seat is taken (and every player seat, unless watching)"
	}
	return r, 0, "", ""
}

// memberLocked finds the member a token names, or refuses. s.mu is held.
func (s *Server) memberLocked(w http.ResponseWriter, token string) *member {
	m := s.members[token]
	if m == nil {
		s.stats.UnknownRoom++
		refuse(w, http.StatusNotFound, reasonUnknown, "no such member (it expired, or the room ended)")
		return nil
	}
	if !m.room.closed.IsZero() {
		refuse(w, http.StatusGone, reasonClosed, "the room has ended (it expired, or its host left)")
		return nil
	}
	return m
}

// send queues a sealed box for another member of the sender's room.
func (s *Server) send(w http.ResponseWriter, _ *http.Request, addr string, body []byte) {
	req, err := decodeSend(body)
	if err != nil {
		s.malformed(w, err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.memberLocked(w, req.Member)
	if m == nil {
		return
	}
	var to *member
	if req.To < len(m.room.slots) {
		to = m.room.slots[req.To]
	}
	if to == nil || to == m {
		refuse(w, http.StatusNotFound, reasonAbsent, "no other member in that slot")
		return
	}
	now := s.cfg.Now()
	msg := msgWire{Seq: to.seq + 1, From: m.slot, Box: req.Box, sender: addr}
	n := queuedBytes(msg)
	as := s.holdersLocked(addr, now)
	if len(to.queue) >= s.cfg.MaxQueue || over(as, s.cfg.MaxQueuedPerAddr, func(a *addrState) int { return a.queued + n - 1 }) ||
		s.queued+n > s.cfg.MaxQueuedBytes && !s.dropQueuesLocked(m.room, n) {
		s.stats.RefusedQueue++
		refuse(w, http.StatusTooManyRequests, reasonBusy, msgBusy)
		return
	}
	m.lastSeen = now // a message taken, not a refused one, shows the member is there
	to.seq++
	to.queue = append(to.queue, msg)
	s.queued += n
	m.room.queued += n
	for _, a := range as {
		a.queued += n
	}
	s.stats.Forwarded++
	m.room.changed(false)
	w.WriteHeader(http.StatusNoContent)
}

// leave removes the member; the host leaving closes the room.
func (s *Server) leave(w http.ResponseWriter, _ *http.Request, _ string, body []byte) {
	req, err := decodeLeave(body)
	if err != nil {
		s.malformed(w, err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.members[req.Member]
	if m == nil {
		s.stats.UnknownRoom++
		refuse(w, http.StatusNotFound, reasonUnknown, "no such member")
		return
	}
	s.dropMemberLocked(m, s.cfg.Now())
	w.WriteHeader(http.StatusNoContent)
}

func sha256Of(b *[32]byte) []byte {
	h := sha256.Sum256(b[:])
	return h[:]
}
