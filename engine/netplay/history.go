package netplay

import (
	"fmt"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/internal/inputcodec"
)

// Limits of the input history a host keeps for peers that rejoin.
const (
	// histEvery is how often a slot's history starts a record afresh
	// (against the zero Input), so reading from any tick decodes at most
	// this many records first.
	histEvery = 64
	// DefaultMaxHistory is the most bytes of input history a session
	// keeps (every slot's): about 2 bytes a tick a player when input is
	// steady, so 8 players at 60 ticks a second for an hour take about
	// 7 MB. Past it the session stops keeping history, and a peer can no
	// longer rejoin (RejoinError).
	DefaultMaxHistory = 64 << 20
)

// history is the session's confirmed input, every slot's from tick 0,
// as compact records: a flags byte (bit 0 quit, bits 1-2 presence) and
// the input coded against the slot's record before (the zero Input at
// every histEvery-th tick). It grows as ticks run, up to a bound.
type history struct {
	ticks uint64 // ticks held: 0 to ticks-1
	full  bool   // it reached its bound and keeps nothing more
	limit int
	slots [host.MaxPlayers]slotHistory
	prev  [host.MaxPlayers]engine.Input
	dec   inputcodec.Decoder
	buf   [inputcodec.MaxLen]byte
}

// slotHistory is one slot's records and where each histEvery-th starts.
type slotHistory struct {
	b     []byte
	index []int
}

// histReserve is the bytes of records a host reserves for each slot's
// history when a session starts: about nine minutes of steady input, so
// that taking ticks in allocates nothing until then (and then once a
// slot each time a slot's history doubles).
const histReserve = 64 << 10

// reserve makes room for the first histReserve bytes of players' slots.
func (h *history) reserve(players int) {
	for i := range h.slots[:players] {
		h.slots[i].b = make([]byte, 0, histReserve)
		h.slots[i].index = make([]int, 0, histReserve/2/histEvery)
	}
}

// size is the bytes the history holds.
func (h *history) size() int {
	n := 0
	for i := range h.slots {
		n += len(h.slots[i].b) + 8*len(h.slots[i].index)
	}
	return n
}

// add appends tick h.ticks: every slot's record from rings. It reports
// false once the history is full.
func (h *history) add(rings []slotRing) bool {
	if h.full {
		return false
	}
	if h.size()+len(rings)*(1+inputcodec.MaxLen) > h.limit {
		h.full = true
		return false
	}
	t := h.ticks
	for i := range rings {
		s, r := &h.slots[i], rings[i].at(t)
		if t%histEvery == 0 {
			s.index = append(s.index, len(s.b))
			h.prev[i] = engine.Input{}
		}
		flags := byte(r.presence) << 1
		if r.quit {
			flags |= 1
		}
		s.b = append(s.b, flags)
		s.b = append(s.b, inputcodec.Append(h.buf[:0], &r.in, &h.prev[i])...)
		h.prev[i] = r.in
	}
	h.ticks++
	return true
}

// read decodes slot's records from tick first on into recs, at most
// len(recs) and none past h.ticks; it returns how many.
func (h *history) read(slot int, first uint64, recs []record) int {
	if first >= h.ticks {
		return 0
	}
	s := &h.slots[slot]
	off := s.index[first/histEvery]
	var prev engine.Input
	var r record
	n := 0
	for t := first / histEvery * histEvery; t < h.ticks && n < len(recs); t++ {
		if t%histEvery == 0 {
			prev = engine.Input{} // add starts each chunk afresh
		}
		flags := s.b[off]
		k, err := h.dec.Decode(s.b[off+1:], &r.in, &prev)
		if err != nil {
			return n // cannot happen: it wrote these
		}
		off += 1 + k
		r.quit, r.presence = flags&1 != 0, engine.Presence(flags>>1)
		prev = r.in
		if t >= first {
			recs[n] = r
			n++
		}
	}
	return n
}

// sendsOwn reports whether the host sends p its own slot's input: p
// rejoined and its own input has not begun to arrive.
func (s *Session) sendsOwn(p *peer) bool {
	return p.ownUntil != 0 && s.slots[p.Slot].next <= p.ownUntil && p.acked[p.Slot] < p.ownUntil
}

// backPending reports, on the host, whether p was taken back (Rejoin)
// and its own input has not resumed yet: the session waits for it to
// replay the ticks it missed.
func (s *Session) backPending(p *peer) bool {
	return p.ownUntil != 0 && s.slots[p.Slot].next <= p.ownUntil
}

// CatchingUp reports whether this peer rejoined and is still replaying
// the session to where its own input resumes: the loop then runs ticks
// as fast as their input arrives (host.CatchingUp).
func (s *Session) CatchingUp() bool { return s.role.catchingUp() }

// firstFor is the first tick of slot to send p: the oldest it has not
// acknowledged, which for a peer catching up comes from the history; a
// window of catchWindow ticks is sent on before going back to it.
func (s *Session) firstFor(p *peer, slot int) uint64 {
	if !p.catchUp {
		return max(p.acked[slot], s.floor(slot))
	}
	end := s.slots[slot].next
	if slot == p.Slot {
		end = min(end, p.ownUntil)
	}
	if a, u := p.acked[slot], p.sentUpTo[slot]; u > a && u < a+catchWindow && u < end {
		return u
	}
	return p.acked[slot]
}

// catchWindow is how far ahead of a catching-up peer's acknowledgements
// the host sends before going back to the oldest: what the peer's ring
// can hold beyond the tick it runs.
const catchWindow = ringSize - maxBlock

// catchUpBurst is how many datagrams a frame sends a peer catching up.
const catchUpBurst = 2

// blockRecs gathers slot's records from first on for p, up to maxBlock:
// from the history below the ring's oldest, else from the ring; a
// rejoined peer's own slot stops where its own input resumes.
func (s *Session) blockRecs(p *peer, slot int, first uint64) []record {
	ring := &s.slots[slot]
	end := min(ring.next, first+maxBlock)
	if slot == p.Slot && p.ownUntil != 0 {
		end = min(end, p.ownUntil)
	}
	if first >= end {
		return nil
	}
	if p.catchUp && first < s.floor(slot) {
		return s.histRecs[:s.hist.read(slot, first, s.histRecs[:end-first])]
	}
	n := 0
	for t := first; t < end; t++ {
		s.histRecs[n] = *ring.at(t)
		n++
	}
	return s.histRecs[:n]
}

// catchUpSend sends a player catching up a few more datagrams a frame,
// and lets it be waited for again once it has every input the ring
// holds (a watcher's is host.catchUpWatcher).
func (s *Session) catchUpSend(p *peer) {
	if !p.catchUp || p.dropped {
		return
	}
	for range catchUpBurst {
		s.send(p)
	}
	for slot := range s.cfg.Players {
		if s.sends(p, slot) && slot != p.Slot && p.acked[slot] < s.floor(slot) {
			return
		}
	}
	p.catchUp = false
}

// farBehind reports whether p lacks more than a block of some slot's
// input this peer has.
func (s *Session) farBehind(p *peer) bool {
	for slot := range s.cfg.Players {
		if s.sends(p, slot) && p.acked[slot]+maxBlock < s.slots[slot].next {
			return true
		}
	}
	return false
}

// Rejoin gives slot back to a peer started again (netplay.Config.Rejoin)
// over link, on the host: the slot's old link is dropped, the peer is
// sent every slot's confirmed input from tick 0 (its own up to the first
// tick whose input the host lacks, where its own input resumes), and the
// session waits for it as before, within bounds: while it catches up,
// its acknowledgements must keep pace with the session (each tick it
// acknowledges pays for a tick's wait), or it is lagging after LagAfter;
// once its own input resumes, the lag and crawl bounds hold it as any
// player. A slot given up goes to a newcomer
// only with Terms.LateJoin: it is Playing again from that first tick.
// It fails for a slot given up otherwise, or when the history is full
// (MaxHistory).
func (s *Session) Rejoin(slot int, link Link) error { return s.role.rejoin(slot, link) }

// RejoinError refuses to take a player back.
type RejoinError struct {
	Slot int    // the slot asked for
	Why  string // why not
}

// Error says which player could not come back and why.
func (e *RejoinError) Error() string {
	return fmt.Sprintf("netplay: player %d cannot rejoin: %s", e.Slot, e.Why)
}

// Vacant names the slot a peer started again may take back (Rejoin), on
// the host: of the players not given up, the one whose link has been
// silent longest, when that is past WarnAfter; else, with
// Terms.LateJoin, the first slot given up, for a newcomer. false on a
// joiner, and while every player is heard from and no slot is free.
func (s *Session) Vacant() (slot int, ok bool) { return s.role.vacant() }

// IsVacant reports whether slot may be taken back now, on the host: its
// player, not given up, has been silent past WarnAfter, or, with
// Terms.LateJoin, it was given up (or started empty). A player started
// again who can show which slot was theirs takes it only then, never a
// player's who is still there.
func (s *Session) IsVacant(slot int) bool { return s.role.isVacant(slot) }

// Silent reports, on the host, how long slot's player has been silent,
// and whether the session still holds the slot for them: false for a
// slot given up or empty from the start (a newcomer's, with
// Terms.LateJoin), on a joiner, and for a slot no player has. A
// transport keeps a slot held for the player who can show it is theirs
// (a ticket) for a while of silence before it gives it to another.
func (s *Session) Silent(slot int) (silent time.Duration, held bool) {
	return s.role.silentFor(slot)
}

// Terms returns the session's terms with the input delay in force now:
// what a peer that comes while it is under way (Rejoin, Watch) starts
// its own Session with.
func (s *Session) Terms() Terms {
	t := s.cfg.Terms
	t.InputDelay = s.delay
	return t
}
