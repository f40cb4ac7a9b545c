package netplay

import (
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
)

// sendMemory is how many of its latest datagrams to a peer a Session
// remembers the sending time of, for the round trip their echoes
// measure: four seconds of them at 60 a second. An echo names one by
// the low 8 bits of its seq: the latest sent with those bits.
const sendMemory = 256

// sendNote is when the datagram seq went out.
type sendNote struct {
	seq uint64
	at  time.Duration
}

// send sends p one datagram: acknowledgements, every input it has not
// acknowledged (as many as fit), and this peer's latest state hash. It
// returns the datagram's bytes, 0 when it sent none.
func (s *Session) send(p *peer) int {
	p.sent = true
	if p.dropped {
		return 0
	}
	d := &s.in // the receive buffer is free between receives; only its header is set here
	p.seqOut++
	p.sentAt[p.seqOut%sendMemory] = sendNote{seq: p.seqOut, at: s.now}
	d.seq, d.tick, d.desync = p.seqOut, s.tick, s.desync
	d.echo, d.echoAge = uint8(p.echo), uint64((max(s.now-p.echoAt, 0)+echoUnit/2)/echoUnit)
	d.delayAt, d.delay, d.left, d.resume, d.depth = 0, 0, 0, 0, 0
	s.role.header(p, d)
	d.nAcks = 0
	for slot := range s.cfg.Players {
		if s.receives(p, slot) {
			d.acks[d.nAcks] = ack{slot: uint8(slot), next: s.slots[slot].next}
			d.nAcks++
		}
	}
	d.nHashes = 0
	if h := s.hashToSend(p); h != nil {
		d.hashes[0], d.nHashes = *h, 1
	}
	d.setFlags(p.echo != 0)
	w := writer{buf: s.out[:0]}
	d.encodeHeader(&w)
	s.putBlocks(&w, p)
	d.encodeHash(&w)
	if w.full {
		s.stats.overfull++ // cannot happen: putBlocks leaves room
		return 0
	}
	s.stats.sent++
	s.stats.bytesSent += uint64(len(w.buf))
	if err := p.Link.Send(w.buf); err != nil {
		s.stats.sendErrors++
	}
	return len(w.buf)
}

// Room putBlocks leaves: for the hash (a tick difference and 8 bytes),
// and for each block's header (its first tick, count word, quit index
// and marks).
const (
	hashRoom        = binaryMaxVarint + 8
	blockHeaderRoom = binaryMaxVarint + 2 + 1 + 1 + 2*maxMarks
)

// putBlocks writes one block per slot sent to p, oldest input first,
// leaving room for the hash.
func (s *Session) putBlocks(w *writer, p *peer) {
	maskAt := len(w.buf)
	w.byte(0) // the slots' mask, filled in below
	var mask byte
	room := MaxDatagram - hashRoom - host.MaxPlayers*blockHeaderRoom
	for slot := range s.cfg.Players {
		if !s.sends(p, slot) {
			continue
		}
		first := s.firstFor(p, slot)
		recs := s.blockRecs(p, slot, first)
		if len(recs) == 0 {
			continue
		}
		base := s.baseFor(p, slot, first)
		sw := writer{buf: s.scratch[: 0 : room-len(w.buf)]}
		count, quit := s.putRecords(&sw, recs, base)
		if count == 0 {
			continue
		}
		word := uint64(count) << blockFlagBits
		marks := marksOf(recs[:count])
		for _, f := range [...]struct {
			on  bool
			bit uint64
		}{{quit >= 0, blockQuit}, {marks > 0, blockMarks}, {base != nil, blockBase}} {
			if f.on {
				word |= f.bit
			}
		}
		w.varint(int64(first - s.tick))
		w.uvarint(word)
		if quit >= 0 {
			w.uvarint(uint64(quit))
		}
		if marks > 0 {
			putMarks(w, recs[:count])
		}
		w.bytes(sw.buf)
		mask |= 1 << slot
		s.noteSent(p, slot, first, count)
	}
	w.buf[maskAt] = mask
}

// putRecords codes recs into w, the first against base (nil: the zero
// Input), as many as fit and keep within maxMarks presence changes; it
// returns how many, and the index of the one that quits (-1: none).
func (s *Session) putRecords(w *writer, recs []record, base *engine.Input) (count, quit int) {
	var zero engine.Input
	prev := &zero
	if base != nil {
		prev = base
	}
	quit = -1
	marks, pres := 0, engine.Playing
	for count < len(recs) {
		r := &recs[count]
		if r.presence != pres {
			if marks == maxMarks {
				break // cannot happen: a slot's presence changes at most once a session
			}
			marks, pres = marks+1, r.presence
		}
		at := len(w.buf)
		if !putInput(w, &r.in, prev, s.rec[:]) {
			break
		}
		n := 0
		if r.in == prev.Held() { // held: the records after it that are the same go as a count
			n = heldRun(recs[count+1:], &r.in, pres, maxMarks-marks)
			if !w.uvarintFits(uint64(n)) {
				w.buf = w.buf[:at]
				break
			}
			w.uvarint(uint64(n))
		}
		for end := count + 1 + n; count < end; count++ {
			if q := &recs[count]; q.quit {
				quit = count
			}
			if q := recs[count].presence; q != pres {
				marks, pres = marks+1, q
			}
		}
		prev = &recs[count-1].in
	}
	return count, quit
}

// heldRun counts the records at the start of recs whose input is in,
// within marksLeft presence changes from pres.
func heldRun(recs []record, in *engine.Input, pres engine.Presence, marksLeft int) int {
	n := 0
	for i := range recs {
		if recs[i].in != *in {
			break
		}
		if recs[i].presence != pres {
			if marksLeft == 0 {
				break
			}
			marksLeft, pres = marksLeft-1, recs[i].presence
		}
		n++
	}
	return n
}

// baseFor returns what p's block of slot from first is coded against:
// slot's input of tick first-1, when p acknowledged having it and still
// holds it (its ring is no further on than this peer's), else nil (the
// zero Input).
func (s *Session) baseFor(p *peer, slot int, first uint64) *engine.Input {
	ring := &s.slots[slot]
	if first == 0 || p.catchUp || slot == p.Slot || first != p.acked[slot] || ring.next-(first-1) > ringSize {
		return nil
	}
	return &ring.at(first - 1).in
}

// base is bases for this peer's decoder: slot's input of tick t while
// its ring still holds it.
func (s *Session) base(slot uint8, t uint64) *engine.Input {
	r := &s.slots[slot]
	if t >= r.next || r.next-t > ringSize {
		return nil
	}
	return &r.at(t).in
}

// noteSent counts the inputs of slot from first sent to p again.
func (s *Session) noteSent(p *peer, slot int, first uint64, count int) {
	end := first + uint64(count)
	if end > p.sentUpTo[slot] {
		s.stats.resent += p.sentUpTo[slot] - min(first, p.sentUpTo[slot])
		p.sentUpTo[slot] = end
	} else {
		s.stats.resent += uint64(count)
	}
}

// binaryMaxVarint is the longest varint of a tick.
const binaryMaxVarint = 10

// hashRepeats is how many datagrams to a peer carry each state hash: a
// hash is lost only with all of them (at 5% loss, 6 in a million), and
// then the next one, an interval on, finds any difference.
const hashRepeats = 4

// depthRepeats is how many datagrams to the host carry each depth a
// joiner's loop set: all of them are lost at 5% loss 6 times in a
// million, and the host then keeps the delay of the depth before.
const depthRepeats = 4

// hashToSend is this peer's latest state hash while fewer than
// hashRepeats datagrams to p carried it, counting this one; nil: none.
func (s *Session) hashToSend(p *peer) *hashNote {
	h := s.latestHash()
	if h == nil || h.tick > s.tick {
		return nil
	}
	if !p.hashTick.is(h.tick) {
		p.hashTick, p.hashSends = someTick(h.tick), 0
	}
	if p.hashSends >= hashRepeats {
		return nil
	}
	p.hashSends++
	return h
}
