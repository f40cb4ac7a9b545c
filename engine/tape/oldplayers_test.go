package tape_test

import (
	"errors"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/tape"
)

// testdata/v4-players.tape is recordPlayers(3, 300), recorded by the
// writer of commit 8f9990e (format version 4). It must replay for as
// long as this package reads version 4.
func TestAVersion4RecordingStillReplays(t *testing.T) {
	tp, err := tape.ReadFile("testdata/v4-players.tape")
	if err != nil {
		t.Fatal(err)
	}
	if tp.Players != 3 || tp.Ticks != 300 {
		t.Fatalf("%d players, %d ticks: want 3, 300", tp.Players, tp.Ticks)
	}
	r := tape.NewReplayer(tp)
	var st sumState
	ps := make([]engine.Input, 3)
	for n := uint64(0); ; n++ {
		err := r.TickPlayers(n, ps, &st)
		if errors.Is(err, engine.ErrQuit) {
			break
		}
		if err != nil {
			t.Fatalf("tick %d: %v", n, err)
		}
		for i := range ps {
			if ps[i] != playersInput(n, i) {
				t.Fatalf("tick %d slot %d: replayed %+v, want %+v", n, i, ps[i], playersInput(n, i))
			}
		}
		st.step(ps)
	}
	if err := r.Close(st.h); err != nil || r.Ran() != 300 {
		t.Fatalf("close: %v after %d ticks", err, r.Ran())
	}
}
