package lobby

import (
	"encoding/json"
	"net/http"
	"time"
)

// poll answers with the messages waiting for the member and the room's
// status, holding the request up to PollWait while there is no news.
// The reply is encoded under the lock and written after it: a client
// that reads slowly holds its own request, never the server.
func (s *Server) poll(w http.ResponseWriter, hr *http.Request, _ string, body []byte) {
	req, err := decodePoll(body)
	if err != nil {
		s.malformed(w, err)
		return
	}
	timer := time.NewTimer(s.cfg.PollWait)
	defer timer.Stop()
	s.mu.Lock()
	m := s.memberLocked(w, req.Member)
	if m == nil {
		s.mu.Unlock()
		return
	}
	m.polling++
	m.lastSeen = s.cfg.Now()
	s.extendLocked(m.room, m.lastSeen)
	s.ackLocked(m, req.Ack)
	for len(m.queue) == 0 && m.room.ver == req.Ver && m.room.closed.IsZero() && s.members[m.token] == m {
		wake := m.room.wake
		s.mu.Unlock()
		waited := false
		select {
		case <-wake:
		case <-timer.C:
			waited = true
		case <-hr.Context().Done():
			waited = true
		}
		s.mu.Lock()
		if waited {
			break
		}
	}
	m.polling--
	m.lastSeen = s.cfg.Now()
	s.extendLocked(m.room, m.lastSeen)
	if s.memberLocked(w, req.Member) == nil {
		s.mu.Unlock()
		return
	}
	reply, err := json.Marshal(s.pollReplyLocked(m))
	s.mu.Unlock()
	if err != nil {
		refuse(w, http.StatusInternalServerError, reasonBad, "encoding failed")
		return
	}
	writeBody(w, http.StatusOK, reply)
}

// pollReplyLocked is what a poll answers: the first messages waiting,
// the room's status, and new TURN credentials when the member's are past
// half their life (a peer may wait in a room longer than they last, and
// its relay must still be granted when the others arrive).
func (s *Server) pollReplyLocked(m *member) pollReply {
	rep := pollReply{Msgs: m.queue[:min(len(m.queue), maxBatch)], Status: m.room.status()}
	if now := s.cfg.Now(); len(s.cfg.TURN) > 0 && !now.Before(m.renew) {
		rep.Servers, m.renew = s.cfg.iceServers(now, m.addr), now.Add(s.cfg.TURNTTL/2)
	}
	return rep
}

// ackLocked drops the messages the member has received. s.mu is held.
func (s *Server) ackLocked(m *member, ack uint64) {
	n := 0
	for n < len(m.queue) && m.queue[n].Seq <= ack {
		q := queuedBytes(m.queue[n])
		s.queued -= q
		m.room.queued -= q
		s.releaseLocked(m.queue[n].sender, func(a *addrState) { a.queued -= q })
		n++
	}
	if n > 0 {
		m.queue = append(m.queue[:0], m.queue[n:]...)
	}
}
