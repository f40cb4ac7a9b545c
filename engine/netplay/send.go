package netplay

import (
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// send sends p one datagram: acknowledgements, every input it has not
// acknowledged (as many as fit), and this peer's latest state hash.
func (s *Session) send(p *peer) {
	p.sent = true
	if p.dropped {
		return
	}
	d := &s.in // the receive buffer is free between receives
	p.seqOut++
	*d = datagram{seq: p.seqOut, sent: uint64(s.now/time.Microsecond) + 1, tick: s.tick, desync: s.desync}
	if p.echo != 0 {
		d.echo, d.echoAge = p.echo, uint64(max(s.now-p.echoAt, 0)/time.Microsecond)
	}
	if s.cfg.Slot == 0 && s.change.at != 0 {
		d.delayAt, d.delay = s.change.at, uint64(s.change.delay)
	}
	if s.cfg.Slot == 0 && p.Slot != watcherSlot && s.gone[p.Slot] {
		d.left = s.goneAt[p.Slot] + 1
	}
	if s.cfg.Slot == 0 && p.ownUntil != 0 {
		d.resume = p.ownUntil + 1
	}
	for slot := range s.cfg.Players {
		if s.receives(p, slot) {
			d.acks[d.nAcks] = ack{slot: uint8(slot), next: s.slots[slot].next}
			d.nAcks++
		}
	}
	w := writer{buf: s.out[:0]}
	d.encodeHeader(&w)
	s.putBlocks(&w, p)
	s.putHashes(&w)
	if w.full {
		s.stats.overfull++ // cannot happen: putBlocks leaves room
		return
	}
	s.stats.sent++
	s.stats.bytesSent += uint64(len(w.buf))
	if err := p.Link.Send(w.buf); err != nil {
		s.stats.sendErrors++
	}
}

// putBlocks writes one block per slot sent to p, oldest input first,
// leaving room for the hashes.
func (s *Session) putBlocks(w *writer, p *peer) {
	nAt := len(w.buf)
	w.byte(0) // the block count, at most MaxPlayers: one byte as a varint
	n := 0
	// A block's marks take one byte, three with the one presence change a
	// slot makes in a session (its index is below maxBlock: one byte).
	room := MaxDatagram - 3 - maxHashes*(binaryMaxVarint+8) - engine.MaxPlayers*3
	for slot := range s.cfg.Players {
		if !s.sends(p, slot) {
			continue
		}
		first := s.firstFor(p, slot)
		recs := s.blockRecs(p, slot, first)
		if len(recs) == 0 {
			continue
		}
		sw := writer{buf: s.scratch[: 0 : room-len(w.buf)]}
		var zero engine.Input
		prev := &zero
		count, quit := 0, 0
		for i := range recs {
			r := &recs[i]
			if !putInput(&sw, &r.in, prev, s.rec[:]) {
				break
			}
			if r.quit {
				quit = count + 1
			}
			prev = &r.in
			count++
		}
		if count == 0 {
			continue
		}
		w.byte(byte(slot))
		w.uvarint(first)
		w.uvarint(uint64(count))
		w.uvarint(uint64(quit))
		if !putMarks(w, recs[:count]) {
			w.uvarint(0) // cannot happen: a slot's presence changes at most once a session
		}
		w.bytes(sw.buf)
		n++
		end := first + uint64(count)
		if end > p.sentUpTo[slot] {
			s.stats.resent += p.sentUpTo[slot] - first
			p.sentUpTo[slot] = end
		} else {
			s.stats.resent += uint64(count)
		}
	}
	w.buf[nAt] = byte(n)
}

// binaryMaxVarint is the longest varint of a tick.
const binaryMaxVarint = 10

// putHashes writes this peer's latest state hash while it is recent
// (within a quarter of the interval): each is sent many times, so a
// lost datagram does not delay the check.
func (s *Session) putHashes(w *writer) {
	h := s.latestHash()
	if h == nil || s.tick > h.tick+max(s.cfg.HashInterval/4, 4) {
		w.byte(0)
		return
	}
	w.byte(1)
	w.uvarint(h.tick)
	w.u64(h.hash)
}
