package netplay

import "time"

// setLink makes pp the peer's, its Link asserted as an AgedLink once here
// rather than at each receive: an assertion to an interface that misses
// the runtime's cache allocates now and then, which a frame must not.
func (p *peer) setLink(pp Peer) {
	p.Peer = pp
	p.aged, _ = pp.Link.(AgedLink)
	p.ends, _ = pp.Link.(EndingLink)
}

// receiveAll takes in what every link has, up to maxReceives a link.
func (s *Session) receiveAll() {
	for i := range s.peers {
		p := &s.peers[i]
		aged := p.aged
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
			if err := s.in.decode(b, s); err != nil {
				s.stats.dropped++
				p.seen.undecoded = satAdd(p.seen.undecoded, 1)
				continue
			}
			s.role.told(&s.in)
			if !p.seen.add(s.in.seq) || !s.plausible(p, &s.in) {
				s.stats.dropped++
				continue
			}
			s.take(p, &s.in)
		}
	}
}

// plausible checks what decoding cannot: that p sends only the slots it
// may and acknowledges only input it was sent. (Replays and sequence
// jumps are refused before, by p.seen.)
func (s *Session) plausible(p *peer, d *datagram) bool {
	for _, a := range d.acks[:d.nAcks] {
		own := s.role.replaysOwn(int(a.slot)) // the host may have more of it than this peer
		if !s.sends(p, int(a.slot)) || a.next > s.slots[a.slot].next && !own {
			return false
		}
	}
	// By index: a block holds maxBlock records of whole inputs, and a
	// copy of each one a datagram brings was 11% of a session's CPU.
	for i := range d.blocks[:d.nBlocks] {
		slot := int(d.blocks[i].slot)
		// A peer that rejoined takes its own slot's input from the host
		// until it resumes, and ignores what of it comes after.
		if !s.receives(p, slot) && !s.role.replaysOwn(slot) {
			return false
		}
	}
	return true
}

// take applies a plausible datagram from p.
func (s *Session) take(p *peer, d *datagram) {
	p.lastHeard = s.now
	s.role.took(p, d)
	for _, a := range d.acks[:d.nAcks] {
		if a.next > p.acked[a.slot] {
			p.acked[a.slot], p.ackedAt = a.next, s.now
		}
	}
	for i := range d.blocks[:d.nBlocks] {
		s.takeBlock(&d.blocks[i])
	}
	s.echoed(p, d)
	p.echo, p.echoAt = d.seq, s.arrived
	if p.Slot == 0 && d.delayAt != 0 { // 0 is a delay too, drawing ahead
		s.announced(d.delayAt, int(d.delay))
	}
	if d.tick > p.tick && d.tick <= s.reachable(p) {
		p.movedAt = someTime(s.now)
	}
	if d.tick >= p.tick {
		p.tick, p.tickAt = d.tick, s.now
	}
	if p.Slot == watcherSlot { // a watcher's state is its own business
		return
	}
	for _, h := range d.hashes[:d.nHashes] {
		s.checkHash(p, h)
	}
	p.knowsDesync = p.knowsDesync || d.desync.ok()
	if t, ok := d.desync.get(); ok && s.err == nil {
		s.desync = d.desync
		s.err = &DesyncError{Tick: t, Slot: p.Slot, FoundBy: p.Slot}
	}
}

// takeBlock keeps the inputs of b this peer did not have; input for ticks
// too far ahead to hold is dropped and counted.
func (s *Session) takeBlock(b *block) {
	ring := &s.slots[b.slot]
	limit := s.floor(int(b.slot)) + ringSize
	if int(b.slot) == s.cfg.Slot { // a rejoined peer's own, from the host, up to where it resumes
		limit = min(limit, s.role.ownUntil())
	}
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

// echoed measures the round trip from the echo in d: the datagram of ours
// it names went out at a time we kept, and p held it echoAge.
func (s *Session) echoed(p *peer, d *datagram) {
	if d.flags&hasEcho == 0 || d.echoAge >= uint64(time.Minute/echoUnit) {
		return
	}
	seq := p.seqOut - uint64(uint8(p.seqOut)-d.echo) // the latest of ours with those low bits
	sent := &p.sentAt[seq%sendMemory]
	if seq == 0 || sent.seq != seq {
		return // never sent
	}
	rtt := s.arrived - sent.at - time.Duration(d.echoAge)*echoUnit
	if rtt >= 0 && rtt < time.Minute {
		p.measure(rtt)
		s.stats.rtt.record(rtt)
	}
}

// reachable is the furthest tick p can have run: it needs every slot's
// input, and it has acknowledged this peer's of each slot it is sent up
// to a tick. A peer cannot claim to run on past it (to keep from looking
// lagging) without the input this peer sends.
func (s *Session) reachable(p *peer) uint64 {
	r := ^uint64(0)
	for slot := range s.cfg.Players {
		if s.sends(p, slot) {
			r = min(r, p.acked[slot])
		}
	}
	return r
}
