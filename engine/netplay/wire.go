package netplay

import (
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/internal/inputcodec"
)

// A datagram is, in order (varints unless said):
//
//	magic "LS", version byte
//	seq                 the sender's count of datagrams on this link
//	sent, echo, echoAge the sender's clock (µs, +1), the last sent it received
//	                    from us and how long it held it (µs, from its
//	                    arrival to now): one round trip
//	tick                the sender's next tick, for tick-clock alignment
//	desync              0, or 1 + the first tick the sender found differing
//	delayAt, delay      the host's latest input delay change: from tick
//	                    delayAt on, every peer's input is delay ticks late
//	                    (0, 0 before the first; joiners send 0, 0)
//	left                0, or (from the host) 1 + the tick from which the
//	                    host gave up the receiver's slot: it was silent
//	                    past the host's DropAfter
//	resume              0, or (from the host, to a peer that rejoined) 1 +
//	                    the tick its own input resumes on: the host sends
//	                    it its own slot's input before
//	acks: n, then n × (slot byte, next tick)  the sender has every input
//	                    of slot below next
//	blocks: n, then n × (slot byte, first tick, count, quit, marks,
//	                    count × record)
//	                    quit: 0, or 1 + the index of the record whose
//	                    player asked to end the session
//	                    marks: m ≤ maxMarks, then m × (index, presence
//	                    byte): from the record at index on, the slot's
//	                    engine.Presence is that (indexes rising; the
//	                    records before the first mark are Playing)
//	hashes: n, then n × (tick, hash u64)      the sender's state hash at
//	                    the start of tick
//
// A record is an Input as engine/internal/inputcodec codes it (the
// recordings' encoding too), against the record before it in its block,
// the first against the zero Input. Nothing in a datagram is trusted: a
// decoder that finds anything out of place drops all of it. Version 2
// took the records from that codec and the quit flag out of them;
// version 3 added left and the marks (who is in the session), version 4
// resume.
const (
	magic0, magic1 = 'L', 'S'
	wireVersion    = 4

	// MaxDatagram is the largest datagram a Session sends or accepts:
	// under the 1,200 bytes QUIC may carry in one.
	MaxDatagram = 1100
	// maxBlock is the most records one block carries.
	maxBlock = 64
	// maxHashes is the most hash notes one datagram carries.
	maxHashes = 4
	// maxMarks is the most presence changes one block carries; a sender
	// ends a block before one more.
	maxMarks = 4
)

// record is one player's input for one tick.
type record struct {
	in       engine.Input
	quit     bool            // the player asked to end the session: it ends before this tick
	presence engine.Presence // whether the slot's player is in the session at this tick
}

type ack struct {
	slot uint8
	next uint64
}

type block struct {
	slot  uint8
	first uint64
	n     int
	recs  [maxBlock]record
}

type hashNote struct {
	tick, hash uint64
}

// datagram is one decoded datagram, held in place so that decoding
// allocates nothing.
type datagram struct {
	seq, sent, echo, echoAge, tick, desync uint64
	delayAt, delay, left, resume           uint64

	nAcks   int
	acks    [engine.MaxPlayers]ack
	nBlocks int
	blocks  [engine.MaxPlayers]block
	nHashes int
	hashes  [maxHashes]hashNote

	codec inputcodec.Decoder
}

// encodeHeader writes everything but the blocks and hashes.
func (d *datagram) encodeHeader(w *writer) {
	w.byte(magic0)
	w.byte(magic1)
	w.byte(wireVersion)
	for _, v := range [...]uint64{d.seq, d.sent, d.echo, d.echoAge, d.tick, d.desync, d.delayAt, d.delay, d.left, d.resume} {
		w.uvarint(v)
	}
	w.uvarint(uint64(d.nAcks))
	for _, a := range d.acks[:d.nAcks] {
		w.byte(a.slot)
		w.uvarint(a.next)
	}
}

// decode parses b into d, or says it is malformed. Counts and slots are
// bounded before use, so no input makes it index out of range or loop long.
func (d *datagram) decode(b []byte) error {
	if len(b) > MaxDatagram {
		return errMalformed
	}
	r := reader{buf: b}
	if r.byte() != magic0 || r.byte() != magic1 || r.byte() != wireVersion {
		return errMalformed
	}
	for _, p := range [...]*uint64{&d.seq, &d.sent, &d.echo, &d.echoAge, &d.tick, &d.desync} {
		*p = r.uvarint()
	}
	d.delayAt, d.delay = r.uvarint(), r.uvarintMax(MaxInputDelay)
	d.left, d.resume = r.uvarint(), r.uvarint()
	d.nAcks = int(r.uvarintMax(engine.MaxPlayers))
	for i := range d.nAcks {
		d.acks[i] = ack{slot: getSlot(&r), next: r.uvarint()}
	}
	d.nBlocks = int(r.uvarintMax(engine.MaxPlayers))
	for i := range d.nBlocks {
		bl := &d.blocks[i]
		bl.slot, bl.first = getSlot(&r), r.uvarint()
		bl.n = int(r.uvarintMax(maxBlock))
		quit := r.uvarintMax(uint64(bl.n))
		getMarks(&r, bl)
		var zero engine.Input
		prev := &zero
		for j := range bl.n {
			rec := &bl.recs[j]
			getInput(&r, &d.codec, &rec.in, prev)
			rec.quit = quit == uint64(j+1)
			prev = &rec.in
		}
	}
	d.nHashes = int(r.uvarintMax(maxHashes))
	for i := range d.nHashes {
		d.hashes[i] = hashNote{tick: r.uvarint(), hash: r.u64()}
	}
	if r.err == nil && len(r.buf) != 0 {
		return errMalformed // trailing bytes: not a datagram we wrote
	}
	return r.err
}

func getSlot(r *reader) uint8 {
	s := r.byte()
	if s >= engine.MaxPlayers {
		r.fail()
	}
	return s
}

// getMarks reads a block's presence marks into its records' presence:
// indexes must rise and lie inside the block, presences be known ones.
func getMarks(r *reader, bl *block) {
	m := int(r.uvarintMax(maxMarks))
	next, last, p := 0, -1, engine.Playing
	if m > 0 && bl.n == 0 {
		r.fail()
		return
	}
	for range m {
		at := int(r.uvarintMax(uint64(max(bl.n-1, 0))))
		q := engine.Presence(r.byte())
		if at <= last || q > engine.Gone || r.err != nil {
			r.fail()
			return
		}
		for ; next < at; next++ {
			bl.recs[next].presence = p
		}
		p, last = q, at
	}
	for ; next < bl.n; next++ {
		bl.recs[next].presence = p
	}
}

// putMarks writes the presence marks of recs; false when they change
// more than maxMarks times (the sender then sends fewer records).
func putMarks(w *writer, recs []record) bool {
	m, p := 0, engine.Playing
	for i := range recs {
		if q := recs[i].presence; q != p {
			m, p = m+1, q
		}
	}
	if m > maxMarks {
		return false
	}
	w.uvarint(uint64(m))
	p = engine.Playing
	for i := range recs {
		if q := recs[i].presence; q != p {
			w.uvarint(uint64(i))
			w.byte(byte(q))
			p = q
		}
	}
	return true
}
