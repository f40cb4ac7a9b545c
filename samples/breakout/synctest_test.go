package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/enginetest"
	"github.com/lockstep-engine/lockstep/physics/backend"
)

// The recorded games pass -synctest 8: every tick, the state of 8 ticks
// before is copied and simulated again, and the copies agree.
func TestRecordedGamesPassTheSyncTestMode(t *testing.T) {
	testRecordedGamesPassTheSyncTestMode(t, backend.Chipmunk)
}

func testRecordedGamesPassTheSyncTestMode(t *testing.T, e backend.Engine) {
	for _, sc := range scenarios() {
		t.Run(sc.name, func(t *testing.T) {
			sum, err := execute(t, newGame(), racing(), "-headless", "-replay", tapePath(sc.name, e), "-synctest", "8")
			if err != nil {
				t.Fatal(err)
			}
			st := sum.SyncTest
			if st == nil || st.Depth != 8 || st.FirstMismatch != nil || st.Checked != sum.Ticks-7 || sum.Ticks < 100 {
				t.Fatalf("%d ticks, synctest %+v: want depth 8, no mismatch, the state of every tick but the last 7 checked", sum.Ticks, st)
			}
		})
	}
}

// forgetful is Breakout whose CopyFrom misses the score; scoredAt is the
// first tick that starts with a score, on the instance the run ticks.
type forgetful struct {
	*game
	scoredAt uint64
}

func (f *forgetful) Fork() (engine.Predictor, error) {
	p, err := f.game.Fork()
	if err != nil {
		return nil, err
	}
	return &forgetful{game: p.(*game)}, nil
}

func (f *forgetful) CopyFrom(src engine.Predictor) error {
	keep := f.score
	err := f.game.CopyFrom(src.(*forgetful).game)
	f.score = keep
	return err
}

func (f *forgetful) Tick(t *engine.Tick) error {
	err := f.game.Tick(t)
	if f.score != 0 && f.scoredAt == 0 {
		f.scoredAt = t.N + 1
	}
	return err
}

// A Breakout whose copies miss the score fails -synctest at the first
// tick that starts with a score, which the score's hash shows.
func TestTheSyncTestModeNamesTheTickACopyMissesTheScore(t *testing.T) {
	g := &forgetful{game: newGame()}
	sum, err := execute(t, g, racing(), "-headless", "-replay", tapePath("win", backend.Chipmunk), "-synctest", "8")
	var se *enginetest.Error
	if !errors.As(err, &se) || se.After || g.scoredAt == 0 || se.Tick != g.scoredAt {
		t.Fatalf("got %v; want an *enginetest.Error at the start of tick %d, the first with a score", err, g.scoredAt)
	}
	st := sum.SyncTest
	if st == nil || st.FirstMismatch == nil || *st.FirstMismatch != g.scoredAt || !strings.Contains(sum.Error, se.Error()) {
		t.Fatalf("summary: synctest %+v, error %q; want first_mismatch %d", st, sum.Error, g.scoredAt)
	}
}
