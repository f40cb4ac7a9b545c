package netplay

import (
	"encoding/hex"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/internal/inputcodec"
)

// goldenDatagram is a datagram as this wire version sends it, every
// optional field on: peers of other builds of the same version read it,
// so no change of the writer's code may change it.
const goldenDatagram = "b67f808080808020858080808080808040ef07094003010209068101820102050885020180808080023703cd01efcdab8967452301"

func TestADatagramsBytesAreTheWireVersions(t *testing.T) {
	var in engine.Input
	in.Down.Add(engine.KeyZ)
	in.MouseX, in.WheelY = -3.5, -2
	d := datagram{seq: 1 << 40, tick: 1<<62 + 5, desync: 9, echo: 0xef, echoAge: 7, delayAt: 64, delay: 3, left: 1, resume: 2, depth: 9, nAcks: 2, nHashes: 1}
	d.acks[0], d.acks[1] = ack{slot: 1, next: 1<<62 - 60}, ack{slot: 2, next: 1<<62 + 70}
	d.hashes[0] = hashNote{tick: 1<<62 - 200, hash: 0x0123456789abcdef}
	d.setFlags(true)
	w := writer{buf: make([]byte, 0, MaxDatagram)}
	d.encodeHeader(&w)
	w.byte(1 << 1) // one block: slot 1, from 3 ticks back, one record
	w.varint(-3)
	w.uvarint(1 << blockFlagBits)
	if !putInput(&w, &in, &engine.Input{}, make([]byte, inputcodec.MaxLen)) {
		t.Fatal("a record did not fit an empty datagram")
	}
	d.encodeHash(&w)
	if got := hex.EncodeToString(w.buf); got != goldenDatagram {
		t.Fatalf("the datagram's bytes changed:\n%s\nwant\n%s", got, goldenDatagram)
	}
	var back datagram
	if err := back.decode(w.buf, zeroBases); err != nil || back.seq != d.seq || back.tick != d.tick || back.acks[1] != d.acks[1] || back.hashes[0] != d.hashes[0] || back.depth != d.depth {
		t.Fatalf("decoded %v: %+v", err, back)
	}
}
