package netplay

import "time"

// receiveAll takes in what every link has, up to maxReceives a link.
func (s *Session) receiveAll() {
	for i := range s.peers {
		p := &s.peers[i]
		aged, _ := p.Link.(AgedLink)
		for range maxReceives {
			var b []byte
			var age time.Duration
			var ok bool
			if aged != nil {
				b, age, ok = aged.ReceiveAged()
			} else {
				b, ok = p.Link.Receive()
			}
			if !ok {
				break
			}
			s.arrived = s.now - max(age, 0)
			s.stats.received++
			s.stats.bytesReceived += uint64(len(b))
			if s.isGone(p) { // its slot is the host's now
				s.stats.dropped++
				continue
			}
			err := s.in.decode(b)
			if err == nil && s.in.left != 0 && s.cfg.Slot != 0 && s.err == nil {
				// before plausible: the host's acks of this slot are its own now
				s.err = &LeftError{Tick: s.in.left - 1}
			}
			if err != nil || !s.plausible(p, &s.in) {
				s.stats.dropped++
				continue
			}
			s.take(p, &s.in)
		}
	}
}

// plausible checks what decoding cannot: that p sends only the slots it
// may, acknowledges only input it was sent, and is not a replay of a
// datagram already taken in.
func (s *Session) plausible(p *peer, d *datagram) bool {
	for _, a := range d.acks[:d.nAcks] {
		if !s.sends(p, int(a.slot)) || a.next > s.slots[a.slot].next {
			return false
		}
	}
	for _, b := range d.blocks[:d.nBlocks] {
		if !s.receives(p, int(b.slot)) {
			return false
		}
	}
	return p.seen.add(d.seq)
}

// take applies a plausible datagram from p.
func (s *Session) take(p *peer, d *datagram) {
	p.lastHeard = s.now
	for _, a := range d.acks[:d.nAcks] {
		p.acked[a.slot] = max(p.acked[a.slot], a.next)
	}
	for i := range d.blocks[:d.nBlocks] {
		s.takeBlock(&d.blocks[i])
	}
	if d.echo != 0 && d.echoAge < uint64(time.Minute/time.Microsecond) {
		rtt := s.arrived - time.Duration(d.echo-1)*time.Microsecond - time.Duration(d.echoAge)*time.Microsecond
		if rtt >= 0 && rtt < time.Minute {
			p.measure(rtt)
			s.stats.rtt.record(rtt)
		}
	}
	p.echo, p.echoAt = d.sent, s.arrived
	if p.Slot == 0 && d.delayAt != 0 && d.delay != 0 {
		s.announced(d.delayAt, int(d.delay))
	}

	if d.tick >= p.tick {
		p.tick, p.tickAt = d.tick, s.now
	}
	for _, h := range d.hashes[:d.nHashes] {
		s.checkHash(p, h)
	}
	p.knowsDesync = p.knowsDesync || d.desync != 0
	if d.desync != 0 && s.err == nil {
		s.desync = d.desync
		s.err = &DesyncError{Tick: d.desync - 1, Slot: p.Slot, FoundBy: p.Slot}
	}
}

// takeBlock keeps the inputs of b this peer did not have; input for ticks
// too far ahead to hold is dropped and counted.
func (s *Session) takeBlock(b *block) {
	ring := &s.slots[b.slot]
	limit := s.floor(int(b.slot)) + ringSize
	for i := range b.n {
		t := b.first + uint64(i)
		switch {
		case t < ring.next:
			s.stats.duplicate++
		case t > ring.next:
			s.stats.dropped++ // a gap: cannot be sent by a peer that follows acks
			return
		case t >= limit:
			s.stats.farFuture++
			return
		default:
			s.checkGuess(int(b.slot), t, &b.recs[i].in)
			*ring.at(t) = b.recs[i]
			ring.next++
		}
	}
}

// seqWindow remembers which of the last 64 sequence numbers arrived, to
// drop replays and count what never arrived.
type seqWindow struct {
	top  uint64 // the highest seen
	bits uint64 // bit i: top-i arrived
	got  uint64 // distinct datagrams taken
}

// add records seq and reports whether it is new.
func (w *seqWindow) add(seq uint64) bool {
	switch {
	case seq == 0:
		return false
	case seq > w.top:
		shift := seq - w.top
		if shift >= 64 {
			w.bits = 0
		} else {
			w.bits <<= shift
		}
		w.bits |= 1
		w.top = seq
	case w.top-seq >= 64 || w.bits&(1<<(w.top-seq)) != 0:
		return false // too old to tell, or a repeat
	default:
		w.bits |= 1 << (w.top - seq)
	}
	w.got++
	return true
}

// lost is how many datagrams up to the highest seen never arrived (late
// ones that arrive after all are taken back).
func (w *seqWindow) lost() uint64 { return w.top - min(w.got, w.top) }
