package netplay

import (
	"math/rand/v2"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/internal/inputcodec"
)

// benchInputs is a player's input over n ticks: the pointer moving most
// ticks (in whole and quarter pixels), a key pressed or released every
// 8th tick, a pad's stick moving every 3rd.
func benchInputs(n int) []record {
	r := rand.New(rand.NewPCG(7, 1))
	out := make([]record, n)
	var held engine.Input
	held.Pads[0].Connected = true
	for i := range out {
		in := held.Held()
		if r.IntN(4) != 0 {
			in.MouseX, in.MouseY = float64(r.IntN(1280))+float64(r.IntN(4))/4, float64(r.IntN(720))
		}
		if i%8 == 0 {
			k := engine.Key(4 + r.IntN(40))
			if in.Down.Has(k) {
				in.Down.Remove(k)
				in.Released.Add(k)
			} else {
				in.Down.Add(k)
				in.Pressed.Add(k)
			}
		}
		if i%3 == 0 {
			in.Pads[0].Axes[gamepad.LeftX] = int16(r.IntN(65536) - 32768)
		}
		out[i].in, held = in, in
	}
	return out
}

// BenchmarkBlockOf8 encodes and decodes a block of 8 ticks' records, as
// a datagram at 8 ticks of round trip carries: "B/tick" is what a tick
// costs on the wire.
func BenchmarkBlockOf8(b *testing.B) {
	recs := benchInputs(8 * 64)
	buf := make([]byte, 0, MaxDatagram)
	var got [8]record
	var dec inputcodec.Decoder
	scratch := make([]byte, inputcodec.MaxLen)
	i, size := 0, 0
	b.ReportAllocs()
	for b.Loop() {
		block := recs[i%64*8:][:8]
		w := writer{buf: buf[:0]}
		prev := &engine.Input{}
		for j := range block {
			putInput(&w, &block[j].in, prev, scratch)
			prev = &block[j].in
		}
		size += len(w.buf)
		rd := reader{buf: w.buf}
		prev = &engine.Input{}
		for j := range got {
			getInput(&rd, &dec, &got[j].in, prev)
			prev = &got[j].in
		}
		if rd.err != nil || got[7] != block[7] {
			b.Fatalf("block %d did not round-trip: %v", i, rd.err)
		}
		i++
	}
	b.ReportMetric(float64(size)/float64(8*i), "B/tick")
}
