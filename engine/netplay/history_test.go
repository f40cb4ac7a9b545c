package netplay

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
)

// The history gives back every record it was given, from any tick, and
// stops at its bound, after which no player can rejoin.
func TestTheHistoryReadsBackFromAnyTickAndIsBounded(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	h := history{limit: 1 << 20}
	rings := make([]slotRing, 3)
	var want [3][]record
	for tick := range uint64(1000) {
		for i := range rings {
			r := record{}
			r.in.MouseX = float64(rng.IntN(4))
			if rng.IntN(10) == 0 {
				r.in.Pressed.Add(engine.KeySpace)
			}
			if i == 2 && tick >= 900 {
				r.presence = engine.Gone
			}
			r.quit = tick == 999 && i == 1
			*rings[i].at(tick) = r
			want[i] = append(want[i], r)
		}
		if !h.add(rings) {
			t.Fatalf("tick %d: the history is full at %d bytes", tick, h.size())
		}
	}
	var got [maxBlock]record
	for _, first := range []uint64{0, 1, 63, 64, 500, 990, 999} {
		for i := range rings {
			n := h.read(i, first, got[:])
			if wantN := min(maxBlock, 1000-int(first)); n != wantN {
				t.Fatalf("slot %d from %d: %d records, want %d", i, first, n, wantN)
			}
			for k := range n {
				if got[k] != want[i][first+uint64(k)] {
					t.Fatalf("slot %d tick %d: %+v, want %+v", i, first+uint64(k), got[k], want[i][first+uint64(k)])
				}
			}
		}
	}
	t.Logf("%.2f bytes a tick a player", float64(h.size())/1000/3)
	small := history{limit: 200}
	for range 100 {
		small.add(rings)
	}
	if !small.full || small.size() > 200 {
		t.Fatalf("a history bounded at 200 bytes holds %d (full %v)", small.size(), small.full)
	}
}

func TestAPlayerCannotRejoinOnceTheHistoryIsFull(t *testing.T) {
	h, _, _, _ := pair(t)
	h.hist.full = true
	var re *RejoinError
	if err := h.Rejoin(1, &queueLink{}); !errors.As(err, &re) || re.Slot != 1 {
		t.Fatalf("Rejoin with a full history: %v, want a RejoinError", err)
	}
}
