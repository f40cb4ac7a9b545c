package netplay

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/gamepad"
	"github.com/lockstep-engine/lockstep/engine/internal/inputcodec"
)

// queueLink is a Link whose datagrams a test hands in and takes out.
type queueLink struct {
	in      [][]byte
	sent    [][]byte
	discard bool // count what is sent, keep nothing
	n       int
}

func (q *queueLink) Send(b []byte) error {
	q.n++
	if !q.discard {
		q.sent = append(q.sent, append([]byte(nil), b...))
	}
	return nil
}

func (q *queueLink) Receive() ([]byte, bool) {
	if len(q.in) == 0 {
		return nil, false
	}
	b := q.in[0]
	q.in = q.in[1:]
	return b, true
}

type constHash uint64

func (h constHash) StateHash() uint64 { return uint64(h) }

// pair returns a host and a joiner session with the links between them
// left to the test.
func pair(t testing.TB) (host, joiner *Session, hl, jl *queueLink) {
	hl, jl = &queueLink{}, &queueLink{}
	host, err := New(Config{Terms: Terms{Players: 2, InputDelay: 2, HashInterval: 4}, Slot: 0, Peers: []Peer{{Slot: 1, Link: hl}}})
	if err != nil {
		t.Fatal(err)
	}
	joiner, err = New(Config{Terms: Terms{Players: 2, InputDelay: 2, HashInterval: 4}, Slot: 1, Peers: []Peer{{Slot: 0, Link: jl}}})
	if err != nil {
		t.Fatal(err)
	}
	return host, joiner, hl, jl
}

// realDatagrams are what a joiner sends in its first ticks, with input.
func realDatagrams(t testing.TB) [][]byte {
	_, j, _, jl := pair(t)
	players := make([]engine.Input, 2)
	in := engine.Input{MouseX: 10.25, MouseY: 3}
	in.Down.Add(engine.KeyA)
	in.Text.Append([]byte("é!"))
	in.Pads[1].Connected = true
	in.Pads[1].Axes[2] = -300
	_ = j.Frame(time.Millisecond, false)
	for n := range uint64(2) {
		if ok, err := j.Inputs(n, &in, players, constHash(n)); !ok || err != nil {
			t.Fatalf("tick %d: %v %v", n, ok, err)
		}
	}
	return jl.sent
}

// fixedBases is the bases of a decoder outside a session: every slot's
// input of every tick is in.
type fixedBases struct{ in engine.Input }

func (b *fixedBases) base(uint8, uint64) *engine.Input { return &b.in }

// zeroBases is the bases of the first ticks, whose input is the zero one.
var zeroBases = &fixedBases{}

func FuzzDatagram(f *testing.F) {
	for _, b := range realDatagrams(f) {
		f.Add(b)
	}
	f.Add([]byte{wireMark})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		var d datagram
		held := &fixedBases{in: engine.Input{MouseX: 12.5, WindowWidth: 640}}
		held.in.Down.Add(engine.KeyB)
		if d.decode(b, held) != nil && d.decode(b, zeroBases) != nil {
			return
		}
		// What decodes is taken in by a session without a panic, and
		// nothing it holds grows.
		h, _, hl, _ := pair(t)
		hl.in = [][]byte{b, b}
		_ = h.Frame(time.Millisecond, false)
		players := make([]engine.Input, 2)
		for n := range uint64(4) {
			_, _ = h.Inputs(n, &engine.Input{}, players, constHash(1))
		}
		if h.slots[1].next > h.tick+ringSize {
			t.Fatalf("slot 1 holds input up to %d at tick %d", h.slots[1].next, h.tick)
		}
	})
}

func TestForgedDatagramsAreDroppedAndCounted(t *testing.T) {
	good := realDatagrams(t)
	last := good[len(good)-1]
	far := func() []byte { // a block for a tick far in the future
		var d datagram
		if err := d.decode(last, zeroBases); err != nil {
			t.Fatal(err)
		}
		d.seq += 100
		d.nHashes = 0
		d.setFlags(d.flags&hasEcho != 0)
		w := writer{buf: make([]byte, 0, MaxDatagram)}
		d.encodeHeader(&w)
		w.byte(1 << 1)                  // slot 1's block
		w.varint(int64(1<<40 - d.tick)) // from tick 2^40
		w.uvarint(1 << blockFlagBits)   // one record, against the zero Input
		putInput(&w, &engine.Input{}, &engine.Input{}, make([]byte, inputcodec.MaxLen))
		return w.buf
	}()
	for _, tc := range []struct {
		name string
		b    []byte
	}{
		{"truncated", last[:len(last)-3]},
		{"trailing", append(append([]byte(nil), last...), 0)},
		{"bad mark", append([]byte("L"), last[1:]...)},
		{"oversized", make([]byte, MaxDatagram+1)},
		{"replayed", last},
		{"far future", far},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, _, hl, _ := pair(t)
			hl.in = [][]byte{last, tc.b}
			_ = h.Frame(time.Millisecond, false)
			st := h.Stats()
			if st.Dropped != 1 || st.DatagramsReceived != 2 {
				t.Fatalf("dropped %d of %d: want the second dropped", st.Dropped, st.DatagramsReceived)
			}
		})
	}
}

func TestHostRefusesAJoinerSpeakingForAnotherSlot(t *testing.T) {
	good := realDatagrams(t)
	var d datagram
	if err := d.decode(good[len(good)-1], zeroBases); err != nil {
		t.Fatal(err)
	}
	// The same datagram, but as the joiner of slot 2 of a 3-player host.
	hl, hl2 := &queueLink{}, &queueLink{}
	h, err := New(Config{Terms: Terms{Players: 3, InputDelay: 2}, Peers: []Peer{{Slot: 1, Link: hl}, {Slot: 2, Link: hl2}}})
	if err != nil {
		t.Fatal(err)
	}
	hl2.in = [][]byte{good[len(good)-1]}
	_ = h.Frame(time.Millisecond, false)
	if st := h.Stats(); st.Dropped != 1 || h.slots[1].next != 2 {
		t.Fatalf("dropped %d, slot 1 has input to %d: a peer's input for another's slot must be refused", st.Dropped, h.slots[1].next)
	}
}

func TestRecordsRoundTrip(t *testing.T) {
	var a, b engine.Input
	a.Down.Add(engine.KeyZ)
	a.Pressed.Add(engine.Key(500))
	a.MouseX, a.MouseY = 1e300, -0.125
	a.WheelY = -3
	a.WindowWidth = 1920
	a.Text.Append([]byte("日本"))
	a.Pads[3] = gamepad.State{Connected: true, Buttons: 5, Axes: [gamepad.NumAxes]int16{-32768, 32767}}
	b = a
	b.Down.Add(engine.KeyQ)
	b.MouseX = 2
	recs := []record{{in: a}, {in: b, quit: true, presence: engine.Gone}, {in: b, presence: engine.Gone}}
	w := writer{buf: make([]byte, 0, MaxDatagram)}
	(&datagram{seq: 1, tick: 7}).encodeHeader(&w)
	// One block: slot 1, from tick 5 against tick 4's input, 3 records,
	// the second quits and is gone.
	w.byte(1 << 1)
	w.varint(5 - 7)
	w.uvarint(uint64(len(recs))<<blockFlagBits | blockBase | blockMarks | blockQuit)
	w.uvarint(1)
	putMarks(&w, recs)
	held := &fixedBases{in: b}
	prev := &held.in
	for i := range recs {
		if !putInput(&w, &recs[i].in, prev, make([]byte, inputcodec.MaxLen)) {
			t.Fatal("a record did not fit an empty datagram")
		}
		prev = &recs[i].in
	}
	var d datagram
	if err := d.decode(w.buf, held); err != nil {
		t.Fatal(err)
	}
	if d.blocks[0].first != 5 || !d.blocks[0].base {
		t.Fatalf("block from %d (base %v), want 5 against the input before", d.blocks[0].first, d.blocks[0].base)
	}
	if d.nBlocks != 1 || d.blocks[0].n != len(recs) {
		t.Fatalf("%d blocks of %d records, want 1 of %d", d.nBlocks, d.blocks[0].n, len(recs))
	}
	for i := range recs {
		if got := d.blocks[0].recs[i]; got != recs[i] {
			t.Fatalf("record %d came back %+v, want %+v", i, got, recs[i])
		}
	}
}

func TestSessionAllocatesNothingOnceWarm(t *testing.T) {
	h, j, hl, jl := pair(t)
	players := make([]engine.Input, 2)
	var now time.Duration
	var n uint64
	step := func() {
		now += time.Second / 60
		hl.in, jl.in = jl.sent, hl.sent
		jl.sent, hl.sent = jl.sent[:0], hl.sent[:0]
		_ = h.Frame(now, false)
		_ = j.Frame(now, false)
		okH, _ := h.Inputs(n, &engine.Input{}, players, constHash(n))
		okJ, _ := j.Inputs(n, &engine.Input{}, players, constHash(n))
		if okH && okJ {
			n++
		}
	}
	for range 100 {
		step()
	}
	// The joiner's datagrams are handed in again and again (replays,
	// dropped) while the host ticks as far as it can and sends.
	hl.discard = true
	in := append([][]byte(nil), hl.in...)
	sends := hl.n
	allocs := testing.AllocsPerRun(100, func() {
		hl.in = in
		_ = h.Frame(now, false)
		_, _ = h.Inputs(n, &engine.Input{}, players, constHash(n))
	})
	if allocs != 0 || hl.n == sends {
		t.Fatalf("a frame of a session allocates %v times (sent %d), want 0", allocs, hl.n-sends)
	}
	if n < 90 {
		t.Fatalf("only %d ticks ran in 100 frames", n)
	}
}

func TestAFloodIsTakenAtMostMaxReceivesAFrame(t *testing.T) {
	good := realDatagrams(t)
	h, _, hl, _ := pair(t)
	for range 10 * maxReceives {
		hl.in = append(hl.in, good[len(good)-1])
	}
	_ = h.Frame(time.Millisecond, false)
	st := h.Stats()
	if st.DatagramsReceived != maxReceives || len(hl.in) != 9*maxReceives {
		t.Fatalf("took %d datagrams in one frame (%d left), want %d", st.DatagramsReceived, len(hl.in), maxReceives)
	}
	if st.Dropped != maxReceives-1 { // replays of the first
		t.Fatalf("dropped %d, want every replay (%d)", st.Dropped, maxReceives-1)
	}
}

// A local input no peer would accept (here a pointer at NaN) is refused
// where it is made, naming what is wrong, instead of being sent to peers
// that would drop every datagram carrying it.
func TestALocalInputTheCodecCannotCarryIsRefused(t *testing.T) {
	_, j, _, _ := pair(t)
	players := make([]engine.Input, 2)
	before := j.slots[1].next
	_, err := j.Inputs(0, &engine.Input{MouseX: math.NaN()}, players, constHash(0))
	if err == nil || !strings.Contains(err.Error(), "pointer coordinate NaN") {
		t.Fatalf("Inputs with a NaN pointer: %v, want an error naming it", err)
	}
	if j.slots[1].next != before {
		t.Fatalf("the refused input was kept: slot 1 holds input to %d, %d before", j.slots[1].next, before)
	}
}
