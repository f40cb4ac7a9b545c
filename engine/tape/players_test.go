package tape_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/tape"
)

// sumState hashes as the sum of what the ticks saw, so a replay that feeds
// other input fails at its next checkpoint.
type sumState struct{ h uint64 }

func (s *sumState) StateHash() uint64 { return s.h }

func (s *sumState) step(players []engine.Input) {
	for i, p := range players {
		if p.Down.Has(engine.KeyA) {
			s.h = s.h*31 + uint64(i) + 1
		}
		s.h = s.h*7 + uint64(p.MouseX)
	}
}

func playersInput(n uint64, slot int) engine.Input {
	var in engine.Input
	if (n/7+uint64(slot))%3 == 0 {
		in.Down.Add(engine.KeyA)
	}
	in.MouseX = float64(n % 5 * uint64(slot+1))
	return in
}

func recordPlayers(t *testing.T, players int, ticks uint64) ([]byte, uint64) {
	t.Helper()
	var buf bytes.Buffer
	rec, err := tape.NewRecorder(&buf, tape.Header{Scene: "p", TPS: 60, Players: players, Interval: tape.PlayersInterval(players), Platform: "x"})
	if err != nil {
		t.Fatal(err)
	}
	var st sumState
	ps := make([]engine.Input, players)
	for n := range ticks {
		for i := range ps {
			ps[i] = playersInput(n, i)
		}
		if err := rec.TickPlayers(n, ps, &st); err != nil {
			t.Fatal(err)
		}
		st.step(ps)
	}
	if err := rec.Close(st.h); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), st.h
}

func TestEveryPlayersInputReplays(t *testing.T) {
	for _, players := range []int{1, 2, 3, 8} {
		b, final := recordPlayers(t, players, 500)
		if b[8] != tape.Version {
			t.Fatalf("%d players: written as version %d, want %d", players, b[8], tape.Version)
		}
		tp, err := tape.Read(b)
		if err != nil {
			t.Fatal(err)
		}
		if tp.Players != players || tp.Ticks != 500 {
			t.Fatalf("read %d players, %d ticks: want %d and 500", tp.Players, tp.Ticks, players)
		}
		r := tape.NewReplayer(tp)
		var st sumState
		ps := make([]engine.Input, players)
		for n := uint64(0); ; n++ {
			err := r.TickPlayers(n, ps, &st)
			if errors.Is(err, engine.ErrQuit) {
				break
			}
			if err != nil {
				t.Fatalf("%d players, tick %d: %v", players, n, err)
			}
			for i := range ps {
				if ps[i] != playersInput(n, i) {
					t.Fatalf("%d players, tick %d slot %d: replayed %+v", players, n, i, ps[i])
				}
			}
			st.step(ps)
		}
		if err := r.Close(st.h); err != nil || st.h != final || r.Ran() != 500 {
			t.Fatalf("%d players: close %v, final %x (recorded %x), ran %d", players, err, st.h, final, r.Ran())
		}
	}
}

func TestOnePlayerRecordingsAreWrittenAsThisVersion(t *testing.T) {
	var buf bytes.Buffer
	rec, err := tape.NewRecorder(&buf, tape.Header{Scene: "p", TPS: 60, Platform: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.Close(0); err != nil {
		t.Fatal(err)
	}
	if v := buf.Bytes()[8]; v != tape.Version {
		t.Fatalf("a recording without players is version %d, want %d (the one encoding of inputs)", v, tape.Version)
	}
}

func TestPlayersRecordingsRefuseTheWrongGame(t *testing.T) {
	b, _ := recordPlayers(t, 2, 10)
	tp, err := tape.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	var in engine.Input
	if err := tape.NewReplayer(tp).Tick(0, &in, &sumState{}); err == nil || !strings.Contains(err.Error(), "2 players") {
		t.Fatalf("Tick on a 2-player recording: %v", err)
	}
	if err := tape.NewReplayer(tp).TickPlayers(0, make([]engine.Input, 3), &sumState{}); err == nil || !strings.Contains(err.Error(), "3 slots") {
		t.Fatalf("TickPlayers with 3 slots on a 2-player recording: %v", err)
	}
	_, err = tape.NewRecorder(&bytes.Buffer{}, tape.Header{Scene: "p", TPS: 60, Players: 2, Interval: 59, Platform: "x"})
	if err == nil || !strings.Contains(err.Error(), "multiple") {
		t.Fatalf("interval 59 for 2 players: %v, want it refused", err)
	}
}
