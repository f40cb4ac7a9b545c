package netplay

import (
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/engine/internal/inputcodec"
)

// A datagram is, in order (varints unless said; "±" a zigzag varint of
// the difference from tick, so a tick near the sender's costs a byte):
//
//	mark byte           wireMark: this version (older ones began "LS" and
//	                    their version byte)
//	flags byte          which optional fields follow (hasEcho …); the
//	                    other bits are 0
//	seq                 the sender's count of datagrams on this link
//	tick                the sender's next tick, for tick-clock alignment
//	echo byte, echoAge  if hasEcho: the low 8 bits of the last seq the
//	                    sender took from us, and how long it held
//	                    it (units of echoUnit, from its arrival to now):
//	                    we kept when we sent it, so one round trip
//	desync              if hasDesync: 1 + the first tick the sender found
//	                    differing
//	delayAt, delay      if hasDelay: the host's latest input delay change:
//	                    from tick delayAt on, every peer's input is delay
//	                    ticks late
//	left                if hasLeft: (from the host) 1 + the tick from which
//	                    the host gave up the receiver's slot: it was
//	                    silent past the host's DropAfter
//	resume              if hasResume: (from the host, to a peer that
//	                    rejoined) 1 + the tick its own input resumes on:
//	                    the host sends it its own slot's input before
//	depth               if hasDepth: (from a joiner) 1 + how far its
//	                    present may run ahead of its verified tick now,
//	                    at most MaxRollback, for the host's input delay
//	acks: slot mask byte, then per slot, lowest first, ± next: the sender
//	                    has every input of the slot below next
//	blocks: slot mask byte, then per slot, lowest first, ± first tick,
//	                    count<<3 | base<<2 | marks<<1 | quit, [quit index],
//	                    [marks], records: count in all, a record that is
//	                    the one before it held (its mask 0, one byte) then
//	                    followed by how many more are the same
//	                    quit: the index of the record whose player asked
//	                    to end the session
//	                    marks: m, 1 ≤ m ≤ maxMarks, then m × (index,
//	                    presence byte): from the record at index on, the
//	                    slot's engine.Presence is that (indexes rising;
//	                    the records before the first mark are Playing)
//	hash                if hasHash: tick minus the hashed tick, then the
//	                    hash (u64, LE): the sender's state hash at the
//	                    start of that tick
//
// A record is an Input as engine/internal/inputcodec codes it (the
// recordings' encoding too), against the record before it in its block;
// the first against the zero Input, or with base, against the slot's
// input of the tick before the block, which the receiver acknowledged
// having (a receiver that no longer holds it drops the datagram). Nothing
// in a datagram is trusted: a decoder that finds anything out of place
// drops all of it. Version 2 took the records from that codec and the
// quit flag out of them; version 3 added left and the marks (who is in
// the session), version 4 resume; version 5 made it compact (one mark
// byte, flags, ticks as differences, the echo by sequence number, the
// base record, runs of held records), about half the bytes; version 6
// added depth.
const (
	// wireMark begins a datagram of version 6: a byte no datagram of an
	// older version begins with (version 5's was 0xB5), so each refuses
	// the other's.
	wireMark = 0xB6

	// MaxDatagram is the largest datagram a Session sends or accepts:
	// under the 1,200 bytes QUIC may carry in one.
	MaxDatagram = 1100
	// maxBlock is the most records one block carries.
	maxBlock = 64
	// maxMarks is the most presence changes one block carries; a sender
	// ends a block before one more.
	maxMarks = 4
	// echoUnit is the unit of echoAge (rounded to the nearest): one byte
	// holds a frame's 16.7 ms and more, 32 ms.
	echoUnit = 256 * time.Microsecond
)

// The header's flags.
const (
	hasEcho = 1 << iota
	hasDesync
	hasDelay
	hasLeft
	hasResume
	hasHash
	hasDepth
	flagsKnown = hasDepth<<1 - 1
)

// A block's flags, the low blockFlagBits bits of its count word.
const (
	blockQuit = 1 << iota
	blockMarks
	blockBase
	blockFlagBits = 3
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
	base  bool // the first record is coded against the slot's input of tick first-1
	recs  [maxBlock]record
}

type hashNote struct {
	tick, hash uint64
}

// bases is where a decoder finds the record a block's first is coded
// against: the receiving Session's input of slot for tick t, nil when it
// does not hold it.
type bases interface {
	base(slot uint8, t uint64) *engine.Input
}

// datagram is one decoded datagram, held in place so that decoding
// allocates nothing.
type datagram struct {
	seq, tick      uint64
	desync         optTick // the first tick the sender found differing
	echo           uint8   // with hasEcho: the low bits of a seq of ours
	echoAge        uint64  // in echoUnit
	delayAt, delay uint64
	left, resume   optTick // the host's: see the layout above
	depth          uint64  // 1 + the sender's depth, 0 none
	flags          byte

	nAcks   int
	acks    [host.MaxPlayers]ack
	nBlocks int
	blocks  [host.MaxPlayers]block
	nHashes int // 0 or 1
	hashes  [1]hashNote

	codec inputcodec.Decoder
}

// setFlags sets the flags of the optional fields that are not zero.
func (d *datagram) setFlags(echo bool) {
	d.flags = 0
	for _, f := range [...]struct {
		on  bool
		bit byte
	}{{echo, hasEcho}, {d.desync.ok(), hasDesync}, {d.delayAt != 0 || d.delay != 0, hasDelay},
		{d.left.ok(), hasLeft}, {d.resume.ok(), hasResume}, {d.nHashes != 0, hasHash}, {d.depth != 0, hasDepth}} {
		if f.on {
			d.flags |= f.bit
		}
	}
}

// encodeHeader writes everything but the blocks and the hash (whose
// presence d.flags says).
func (d *datagram) encodeHeader(w *writer) {
	w.byte(wireMark)
	w.byte(d.flags)
	w.uvarint(d.seq)
	w.uvarint(d.tick)
	if d.flags&hasEcho != 0 {
		w.byte(d.echo)
		w.uvarint(d.echoAge)
	}
	for _, f := range [...]struct {
		bit byte
		v   []uint64
	}{{hasDesync, []uint64{uint64(d.desync)}}, {hasDelay, []uint64{d.delayAt, d.delay}}, {hasLeft, []uint64{uint64(d.left)}}, {hasResume, []uint64{uint64(d.resume)}}, {hasDepth, []uint64{d.depth}}} {
		if d.flags&f.bit != 0 {
			for _, v := range f.v {
				w.uvarint(v)
			}
		}
	}
	var mask byte
	for _, a := range d.acks[:d.nAcks] {
		mask |= 1 << a.slot
	}
	w.byte(mask)
	for _, a := range d.acks[:d.nAcks] {
		w.varint(int64(a.next - d.tick))
	}
}

// encodeHash writes the hash when d has one.
func (d *datagram) encodeHash(w *writer) {
	if d.nHashes != 0 {
		w.uvarint(d.tick - d.hashes[0].tick)
		w.u64(d.hashes[0].hash)
	}
}

// decode parses b into d, or says it is malformed; a block's base record
// comes from bs. Counts and slots are bounded before use, so no input
// makes it index out of range or loop long.
func (d *datagram) decode(b []byte, bs bases) error {
	if len(b) > MaxDatagram {
		return errMalformed
	}
	r := reader{buf: b}
	if r.byte() != wireMark {
		return errMalformed
	}
	d.flags = r.byte()
	if d.flags&^flagsKnown != 0 {
		return errMalformed
	}
	d.seq, d.tick = r.uvarint(), r.uvarint()
	d.echo, d.echoAge = 0, 0
	if d.flags&hasEcho != 0 {
		d.echo = r.byte()
		d.echoAge = r.uvarint()
	}
	d.desync, d.delayAt, d.delay, d.left, d.resume = 0, 0, 0, 0, 0
	if d.flags&hasDesync != 0 {
		d.desync = optTick(r.uvarint()) // the wire's optional tick is 1 + the tick, as optTick's
	}
	if d.flags&hasDelay != 0 {
		d.delayAt, d.delay = r.uvarint(), r.uvarintMax(MaxInputDelay)
	}
	if d.flags&hasLeft != 0 {
		d.left = optTick(r.uvarint())
	}
	if d.flags&hasResume != 0 {
		d.resume = optTick(r.uvarint())
	}
	d.depth = 0
	if d.flags&hasDepth != 0 {
		if d.depth = r.uvarintMax(MaxRollback + 1); d.depth == 0 {
			r.fail()
		}
	}
	d.nAcks = 0
	mask := r.byte()
	for slot := range uint8(host.MaxPlayers) {
		if mask&(1<<slot) != 0 {
			d.acks[d.nAcks] = ack{slot: slot, next: d.tick + uint64(r.varint())}
			d.nAcks++
		}
	}
	d.nBlocks = 0
	mask = r.byte()
	for slot := range uint8(host.MaxPlayers) {
		if mask&(1<<slot) != 0 {
			d.decodeBlock(&r, &d.blocks[d.nBlocks], slot, bs)
			d.nBlocks++
		}
	}
	d.nHashes = 0
	if d.flags&hasHash != 0 {
		back := r.uvarintMax(d.tick)
		d.hashes[0] = hashNote{tick: d.tick - back, hash: r.u64()}
		d.nHashes = 1
	}
	if r.err == nil && len(r.buf) != 0 {
		return errMalformed // trailing bytes: not a datagram we wrote
	}
	return r.err
}

// decodeBlock reads slot's block into bl.
func (d *datagram) decodeBlock(r *reader, bl *block, slot uint8, bs bases) {
	bl.slot, bl.first = slot, d.tick+uint64(r.varint())
	word := r.uvarintMax(maxBlock<<blockFlagBits | (1<<blockFlagBits - 1))
	bl.n, bl.base = int(word>>blockFlagBits), word&blockBase != 0
	if bl.n == 0 {
		r.fail()
		return
	}
	quit := -1
	if word&blockQuit != 0 {
		quit = int(r.uvarintMax(uint64(bl.n - 1)))
	}
	getMarks(r, bl, word&blockMarks != 0)
	var zero engine.Input
	prev := &zero
	if bl.base && r.err == nil {
		if bl.first != 0 {
			prev = bs.base(slot, bl.first-1)
		}
		if bl.first == 0 || prev == nil {
			r.fail() // not held (any more): dropped, as a gap would be
			return
		}
	}
	for j := 0; j < bl.n && r.err == nil; {
		rec := &bl.recs[j]
		getInput(r, &d.codec, &rec.in, prev)
		j++
		if rec.in == prev.Held() { // a run of held records
			more := int(r.uvarintMax(uint64(bl.n - j)))
			for range more {
				bl.recs[j].in = rec.in
				j++
			}
		}
		prev = &bl.recs[j-1].in
	}
	for j := range bl.n {
		bl.recs[j].quit = quit == j
	}
}

// getMarks reads a block's presence marks, when it has them, into its
// records' presence: indexes must rise and lie inside the block,
// presences be known ones.
func getMarks(r *reader, bl *block, has bool) {
	next, last, p := 0, -1, engine.Playing
	if has {
		m := int(r.uvarintMax(maxMarks))
		if m == 0 {
			r.fail()
			return
		}
		for range m {
			at := int(r.uvarintMax(uint64(bl.n - 1)))
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
	}
	for ; next < bl.n; next++ {
		bl.recs[next].presence = p
	}
}

// marksOf counts the presence changes of recs.
func marksOf(recs []record) int {
	m, p := 0, engine.Playing
	for i := range recs {
		if q := recs[i].presence; q != p {
			m, p = m+1, q
		}
	}
	return m
}

// putMarks writes the presence marks of recs, which change at least once
// and at most maxMarks times (marksOf).
func putMarks(w *writer, recs []record) {
	w.uvarint(uint64(marksOf(recs)))
	p := engine.Playing
	for i := range recs {
		if q := recs[i].presence; q != p {
			w.uvarint(uint64(i))
			w.byte(byte(q))
			p = q
		}
	}
}
