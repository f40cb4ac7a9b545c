package netplay

import (
	"math/rand/v2"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
)

// randomRecords makes n records of one slot as a player makes them: long
// stretches of one held input, a change now and then, a quit and a
// presence change somewhere.
func randomRecords(rng *rand.Rand, n int) []record {
	recs := make([]record, n)
	var in engine.Input
	in.WindowWidth, in.WindowHeight, in.MouseX = 1280, 720, 100.25
	pres := engine.Playing
	goneAt, quitAt := rng.IntN(n+n/2), rng.IntN(2*n)
	for i := range recs {
		in = in.Held()
		switch r := rng.IntN(10); {
		case r == 0:
			k := engine.Key(4 + rng.IntN(6))
			if in.Down.Has(k) {
				in.Down.Remove(k)
				in.Released.Add(k)
			} else {
				in.Down.Add(k)
				in.Pressed.Add(k)
			}
		case r == 1:
			in.MouseX += float64(rng.IntN(9)) - 4
		}
		if i == goneAt {
			pres = engine.Gone
		}
		recs[i] = record{in: in, presence: pres, quit: i == quitAt}
	}
	return recs
}

// Blocks go through a Session's encoder and the decoder unchanged: held
// runs, a quit, a presence change, against the zero Input or a base
// record, over 100 seeds.
func TestBlocksRoundTripWithRunsAndABase(t *testing.T) {
	s, _, _, _ := pair(t)
	for seed := range uint64(100) {
		rng := rand.New(rand.NewPCG(seed, 34))
		n := 1 + rng.IntN(maxBlock)
		all := randomRecords(rng, n+1)
		recs, held := all[1:], &fixedBases{in: all[0].in}
		var base *engine.Input
		if seed%2 == 0 {
			base = &held.in
		}
		sw := writer{buf: make([]byte, 0, MaxDatagram)}
		count, quit := s.putRecords(&sw, recs, base)
		if count != n {
			t.Fatalf("seed %d: %d of %d records went", seed, count, n)
		}
		w := writer{buf: make([]byte, 0, MaxDatagram)}
		(&datagram{seq: 1, tick: 100}).encodeHeader(&w)
		w.byte(1 << 1)
		w.varint(-3)
		word := uint64(count) << blockFlagBits
		if quit >= 0 {
			word |= blockQuit
		}
		marks := marksOf(recs)
		if marks > 0 {
			word |= blockMarks
		}
		if base != nil {
			word |= blockBase
		}
		w.uvarint(word)
		if quit >= 0 {
			w.uvarint(uint64(quit))
		}
		if marks > 0 {
			putMarks(&w, recs)
		}
		w.bytes(sw.buf)
		var d datagram
		if err := d.decode(w.buf, held); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		b := &d.blocks[0]
		if d.nBlocks != 1 || b.n != n || b.first != 97 || b.base != (base != nil) {
			t.Fatalf("seed %d: %d blocks, %d records from %d (base %v), want 1, %d from 97", seed, d.nBlocks, b.n, b.first, b.base, n)
		}
		for i := range recs {
			if b.recs[i] != recs[i] {
				t.Fatalf("seed %d: record %d came back %+v, want %+v", seed, i, b.recs[i], recs[i])
			}
		}
	}
	// A key held for a whole block against the input before: two bytes.
	var in engine.Input
	in.Down.Add(engine.KeyA)
	recs := make([]record, maxBlock)
	for i := range recs {
		recs[i].in = in
	}
	sw := writer{buf: make([]byte, 0, MaxDatagram)}
	if count, _ := s.putRecords(&sw, recs, &in); count != maxBlock || len(sw.buf) != 2 {
		t.Fatalf("%d held records took %d bytes (%d went), want all in 2", maxBlock, len(sw.buf), count)
	}
}
