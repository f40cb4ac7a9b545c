package netplay

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// withSeq returns b, a datagram a session wrote, with its sequence
// number replaced.
func withSeq(t testing.TB, b []byte, seq uint64) []byte {
	var d datagram
	if err := d.decode(b, zeroBases); err != nil {
		t.Fatal(err)
	}
	w := writer{buf: make([]byte, 0, MaxDatagram)}
	d.seq = seq
	d.encodeHeader(&w)
	rest := b[len(b)-len(afterHeader(t, b)):]
	return append(w.buf, rest...)
}

// afterHeader is what follows the header and acks of b.
func afterHeader(t testing.TB, b []byte) []byte {
	var d datagram
	if err := d.decode(b, zeroBases); err != nil {
		t.Fatal(err)
	}
	w := writer{buf: make([]byte, 0, MaxDatagram)}
	d.encodeHeader(&w)
	return b[len(w.buf):]
}

// One datagram claiming sequence 2^64−1 (a hostile or broken peer) is
// dropped; the peer's later datagrams are still taken, the session does
// not end blaming a silent peer, and lost counts what never came.
func TestASequenceJumpIsDroppedAndLaterDatagramsAreTaken(t *testing.T) {
	h, j, hl, jl := pair(t)
	players := make([]engine.Input, 2)
	now := time.Duration(0)
	frame := func() {
		now += 10 * time.Millisecond
		if err := j.Frame(now, false); err != nil {
			t.Fatalf("joiner: %v", err)
		}
		hl.in = append(hl.in, jl.sent...)
		jl.sent = nil
		if err := h.Frame(now, false); err != nil {
			t.Fatalf("host at %v: %v", now, err)
		}
		jl.in, hl.sent = append(jl.in, hl.sent...), nil
	}
	frame()
	hl.in = append(hl.in, withSeq(t, realDatagrams(t)[0], math.MaxUint64))
	var hn, jn uint64 // the next tick each runs: it advances once it has every input
	for range 400 {
		frame()
		if ok, _ := j.Inputs(jn, &engine.Input{}, players, constHash(1)); ok {
			jn++
		}
		if ok, _ := h.Inputs(hn, &engine.Input{}, players, constHash(1)); ok {
			hn++
		}
	}
	st := h.Stats()
	if hn < 390 {
		t.Fatalf("the host ran %d ticks in 400 frames after the jump: later datagrams were dropped", hn)
	}
	if st.Lost != 0 || st.Dropped != 1 {
		t.Fatalf("lost %d, dropped %d: want none lost (every datagram arrived) and the jump dropped", st.Lost, st.Dropped)
	}
}

// A datagram that arrived but was dropped (it did not decode) is not
// counted lost: lost is for what the network did not deliver.
func TestADroppedDatagramIsNotCountedLost(t *testing.T) {
	h, _, hl, _ := pair(t)
	good := realDatagrams(t)
	garbled := append([]byte("XS"), good[1][2:]...)
	hl.in = [][]byte{good[0], garbled, withSeq(t, good[1], 3)}
	_ = h.Frame(time.Millisecond, false)
	if st := h.Stats(); st.Lost != 0 || st.Dropped != 1 {
		t.Fatalf("lost %d, dropped %d: want the garbled one dropped, none lost", st.Lost, st.Dropped)
	}
}

// A datagram arriving more than the window's 64 behind the highest is
// dropped (too old to tell from a repeat) but was delivered: lost does
// not count it.
func TestADatagramArrivingTooLateIsDroppedButNotLost(t *testing.T) {
	var w seqWindow
	for seq := uint64(1); seq <= 200; seq++ {
		if seq != 100 {
			w.add(seq)
		}
	}
	if w.lost() != 1 {
		t.Fatalf("lost %d with datagram 100 missing, want 1", w.lost())
	}
	if w.add(100) {
		t.Fatal("datagram 100, 100 behind the highest, was taken: too old to tell from a repeat")
	}
	if w.lost() != 0 {
		t.Errorf("lost %d after datagram 100 arrived late, want 0", w.lost())
	}
}

// Property over seeds: whatever sequence numbers arrive, the window keeps
// taking the next one after the highest it took, lost never exceeds the
// highest, and nothing wraps.
func TestSeqWindowKeepsTakingAfterAnyArrivals(t *testing.T) {
	for seed := range uint64(64) {
		rng := rand.New(rand.NewPCG(seed, 7))
		var w seqWindow
		for range 500 {
			var seq uint64
			switch rng.IntN(4) {
			case 0:
				seq = rng.Uint64()
			case 1:
				seq = w.top + rng.Uint64N(100)
			default:
				seq = w.top - min(w.top, rng.Uint64N(80))
			}
			w.add(seq)
			checkWindow(t, &w)
		}
	}
}

func checkWindow(t *testing.T, w *seqWindow) {
	t.Helper()
	if w.top > math.MaxUint64-maxSeqJump {
		t.Fatalf("top %d: within a jump of wrapping", w.top)
	}
	if l := w.lost(); l > w.top {
		t.Fatalf("lost %d beyond the highest seq %d", l, w.top)
	}
	next := *w
	if !next.add(w.top + 1) {
		t.Fatalf("after top %d the next datagram %d is refused", w.top, w.top+1)
	}
}

func FuzzSeqWindow(f *testing.F) {
	f.Add(binary.BigEndian.AppendUint64(nil, math.MaxUint64))
	f.Add(binary.BigEndian.AppendUint64(binary.BigEndian.AppendUint64(nil, 5), 1<<40))
	f.Fuzz(func(t *testing.T, b []byte) {
		var w seqWindow
		for len(b) >= 8 {
			w.add(binary.BigEndian.Uint64(b))
			b = b[8:]
			checkWindow(t, &w)
		}
	})
}
