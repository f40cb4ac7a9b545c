package host

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// slotLockstep confirms each slot's input lag[slot] ticks after the
// present gave it, as a session whose peers' inputs arrive at different
// times; Guess gives a slot's confirmed input once it is there and its
// latest confirmed input held before, as netplay.Session does. A slot's
// input is MouseX: the number of times it changed so far, changing at
// the ticks in change.
type slotLockstep struct {
	lag     []int
	change  map[uint64]int // tick: the slot whose input changes then
	present uint64
}

func (s *slotLockstep) Frame(time.Duration, bool) error { return nil }
func (s *slotLockstep) Rollback() int                   { return 8 }

func (s *slotLockstep) Local(p uint64, _ *engine.Input) (bool, error) {
	s.present = p + 1
	return true, nil
}

// arrived is the first tick of slot whose input has not arrived.
func (s *slotLockstep) arrived(slot int) uint64 {
	return max(s.present, uint64(s.lag[slot])) - uint64(s.lag[slot])
}

// truth is slot's input for tick n: how often it changed up to n.
func (s *slotLockstep) truth(slot int, n uint64) float64 {
	var c float64
	for t, sl := range s.change {
		if sl == slot && t <= n {
			c++
		}
	}
	return c
}

func (s *slotLockstep) Inputs(n uint64, _ *engine.Input, players []engine.Input, _ engine.StateHasher) (bool, error) {
	for i := range players {
		if n >= s.arrived(i) {
			return false, nil
		}
	}
	for i := range players {
		players[i].MouseX = s.truth(i, n)
	}
	return true, nil
}

func (s *slotLockstep) Guess(n uint64, players []engine.Input) {
	for i := range players {
		switch a := s.arrived(i); {
		case n < a:
			players[i].MouseX = s.truth(i, n)
		case a > 0:
			players[i].MouseX = s.truth(i, a-1)
		}
	}
}

// The drawn copy is always what a fresh copy of the verified game ticked
// to the present with the input known now would be, over 60 seeds of
// input changes and arrival lags of two and three players, while the
// copy is made again only when a guess was wrong or the copy ran its
// limit: with right guesses a frame ticks the copy once.
func TestThePredictedCopyIsCopiedAgainOnlyWhenAGuessWasWrong(t *testing.T) {
	for seed := range uint64(60) {
		rng := rand.New(rand.NewPCG(seed, 1))
		players := 2 + int(seed%2)
		ls := &slotLockstep{lag: make([]int, players), change: map[uint64]int{}}
		for i := range ls.lag {
			ls.lag[i] = rng.IntN(7)
		}
		ls.lag[0] = 0 // this machine's own
		changes := rng.IntN(6)
		for range changes {
			ls.change[uint64(10+rng.IntN(300))] = 1 + rng.IntN(players-1)
		}
		g := &copyGame{}
		l := startedLoop(t, engine.Config{Mode: engine.ModeUncapped, Players: players, Frames: 400}, g, &fakeClock{}, ls)
		for f := range 400 {
			if err := l.runFrame(); err != nil {
				t.Fatal(err)
			}
			v, p := l.Stats().Ticks, l.Present()
			if p == v {
				continue
			}
			want := g.sum
			guess := make([]engine.Input, players)
			for n := v; n < p; n++ {
				clear(guess)
				ls.Guess(n, guess)
				want += guess[0].MouseX + guess[1].MouseX
			}
			if got := l.pred.fork.Predictor.(*copyGame).sum; got != want {
				t.Fatalf("seed %d frame %d: the copy drawn at ticks %d..%d has sum %v, a fresh copy %v", seed, f, v, p, got, want)
			}
		}
		st := l.Prediction()
		// A change of input makes one copy at most (when it arrives),
		// besides the first and the rebases.
		if most := 1 + uint64(changes) + st.Rebases; st.Copies > most {
			t.Fatalf("seed %d: %d copies for %d input changes and %d rebases, want at most %d", seed, st.Copies, changes, st.Rebases, most)
		}
		if maxLag := ls.lag[1]; players == 2 && maxLag > 0 && st.Frames > 300 {
			perFrame := float64(st.Resimulated) / float64(st.Frames)
			if perFrame > 1.5 {
				t.Fatalf("seed %d: %.2f ticks run on the copy a frame with lag %d, want about 1", seed, perFrame, maxLag)
			}
		}
	}
}
