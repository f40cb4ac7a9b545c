package netplay

import (
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// Drawing ahead, the delay is 0 until the one-way trip and two ticks
// pass the default rollback of 8 ticks (133 ms), then at most 2.
func TestPredictedDelayIsZeroToTwoTicksFromTheRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		rtt  time.Duration
		want int
	}{{0, 0}, {50 * time.Millisecond, 0}, {100 * time.Millisecond, 0}, {150 * time.Millisecond, 0}, {180 * time.Millisecond, 0}, {200 * time.Millisecond, 0},
		{210 * time.Millisecond, 1}, {220 * time.Millisecond, 1}, {250 * time.Millisecond, 2}, {2 * time.Second, 2}} {
		if got := PredictedDelayFor(tc.rtt, 60); got != tc.want {
			t.Errorf("round trip %v: delay %d, want %d", tc.rtt, got, tc.want)
		}
	}
}

// predictingPair is a host and a joiner drawing 8 ticks ahead with no
// input delay.
func predictingPair(t *testing.T) (host, joiner *Session, hl, jl *queueLink) {
	hl, jl = &queueLink{}, &queueLink{}
	host, err := New(Config{Terms: Terms{Players: 2}, Local: Local{Rollback: 8}, Slot: 0, Peers: []Peer{{Slot: 1, Link: hl}}})
	if err != nil {
		t.Fatal(err)
	}
	joiner, err = New(Config{Terms: Terms{Players: 2}, Local: Local{Rollback: 8}, Slot: 1, Peers: []Peer{{Slot: 0, Link: jl}}})
	if err != nil {
		t.Fatal(err)
	}
	if host.cfg.InputDelay != 0 || host.Rollback() != 8 {
		t.Fatalf("delay %d, rollback %d: want 0 and 8", host.cfg.InputDelay, host.Rollback())
	}
	return host, joiner, hl, jl
}

// local has this joiner take input in for present tick p and the host
// receive what it sent.
func local(t *testing.T, h, j *Session, hl, jl *queueLink, p uint64, in engine.Input) {
	t.Helper()
	if ok, err := j.Local(p, &in); !ok || err != nil {
		t.Fatalf("present tick %d: %v %v", p, ok, err)
	}
	hl.in, jl.sent = append(hl.in, jl.sent...), jl.sent[:0]
	_ = h.Frame(time.Duration(p+1)*time.Millisecond, false)
}

func TestGuessIsTheLastInputHeldAndWrongGuessesAreCounted(t *testing.T) {
	h, j, hl, jl := predictingPair(t)
	var a, b engine.Input
	a.Down.Add(engine.KeyA)
	a.Pressed.Add(engine.KeyA)
	a.Text.Append([]byte("a"))
	b.Down.Add(engine.KeyB)
	local(t, h, j, hl, jl, 0, a)
	players := make([]engine.Input, 2)
	h.Guess(0, players)
	if players[1] != a {
		t.Fatalf("tick 0 of slot 1 is %+v, want the input it sent", players[1])
	}
	clear(players)
	h.Guess(3, players) // ticks 1 to 3 are guessed: a held
	if want := a.Held(); players[1] != want || players[1].Pressed.Has(engine.KeyA) {
		t.Fatalf("tick 3 of slot 1 is guessed %+v, want %+v: held, without presses or text", players[1], want)
	}
	local(t, h, j, hl, jl, 1, a.Held()) // as guessed
	if n := h.Stats().Mispredicted; n != 0 {
		t.Fatalf("%d mispredicted after a right guess, want 0", n)
	}
	local(t, h, j, hl, jl, 2, b) // not a, held: wrong
	local(t, h, j, hl, jl, 3, b) // guessed a held too: wrong
	local(t, h, j, hl, jl, 4, b) // never guessed
	if n := h.Stats().Mispredicted; n != 2 {
		t.Fatalf("%d mispredicted, want 2 (ticks 2 and 3)", n)
	}
	clear(players)
	h.Guess(4, players)
	if players[1] != b {
		t.Fatalf("tick 4 of slot 1 is %+v, want the input that arrived", players[1])
	}
}
