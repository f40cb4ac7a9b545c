package enginetest_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/enginetest"
)

// glider moves at a speed the A key raises; copyVel false is a game
// whose CopyFrom forgets the speed, copyScore false one that forgets the
// score it hashes.
type glider struct {
	pos, vel, score    int64
	copyVel, copyScore bool
}

func (g *glider) Tick(t *engine.Tick) error {
	if t.Input.Down.Has(engine.KeyA) {
		g.vel++
	}
	g.pos += g.vel
	if t.N%7 == 6 {
		g.score++
	}
	return nil
}

func (g *glider) StateHash() uint64 { return uint64(g.pos)*31 + uint64(g.score)*1e9 }

func (g *glider) Fork() (engine.Predictor, error) {
	return &glider{copyVel: g.copyVel, copyScore: g.copyScore}, nil
}

func (g *glider) CopyFrom(src engine.Predictor) error {
	s := src.(*glider)
	g.pos = s.pos
	if g.copyVel {
		g.vel = s.vel
	}
	if g.copyScore {
		g.score = s.score
	}
	return nil
}

// parts are the glider's parts.
func (g *glider) parts() engine.Parts {
	return engine.Parts{Tick: g.Tick, StateHash: g.StateHash, Predictor: g,
		Fork: func() (engine.Parts, error) {
			f, err := g.Fork()
			return f.(*glider).parts(), err
		}}
}

// pressFrom5 holds A from tick 5 on.
func pressFrom5(n uint64, in []engine.Input) {
	if n >= 5 {
		in[0].Down.Add(engine.KeyA)
	}
}

func TestSyncTestPassesAGameThatCopiesEverything(t *testing.T) {
	for _, check := range []int{1, 2, 8} {
		g := &glider{copyVel: true, copyScore: true}
		if err := enginetest.SyncTest(g.parts(), enginetest.Config{Ticks: 300, Check: check, Input: pressFrom5}); err != nil {
			t.Fatalf("check %d: %v", check, err)
		}
	}
}

func TestSyncTestNamesTheFirstTickACopyMissingAFieldDiffers(t *testing.T) {
	tests := []struct {
		name  string
		game  *glider
		tick  uint64
		after bool
	}{
		// The speed is not hashed: the copies part once it matters.
		{"speed", &glider{copyScore: true}, 5, true},
		// The score is hashed: the first copy of a non-zero one differs.
		{"score", &glider{copyVel: true}, 7, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := enginetest.SyncTest(tt.game.parts(), enginetest.Config{Ticks: 300, Check: 2, Input: pressFrom5})
			var se *enginetest.Error
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want an *enginetest.Error", err)
			}
			if se.Tick != tt.tick || se.After != tt.after {
				t.Fatalf("got tick %d (after %v): %v; want tick %d (after %v)", se.Tick, se.After, err, tt.tick, tt.after)
			}
		})
	}
}

func TestSyncTestRefusesABadCheckDistance(t *testing.T) {
	if err := enginetest.SyncTest((&glider{}).parts(), enginetest.Config{Check: 65}); err == nil {
		t.Fatal("a check distance of 65 ticks was taken")
	}
}

// unstarted is a game whose Start (never called here) makes its state.
type unstarted struct{ world *[4]int }

func (g *unstarted) Tick(*engine.Tick) error         { g.world[0]++; return nil }
func (g *unstarted) Fork() (engine.Predictor, error) { return &unstarted{}, nil }
func (g *unstarted) CopyFrom(src engine.Predictor) error {
	*g.world = *src.(*unstarted).world
	return nil
}

// parts are the game's parts.
func (g *unstarted) parts() engine.Parts {
	return engine.Parts{Tick: g.Tick, Predictor: g,
		Fork: func() (engine.Parts, error) {
			f, err := g.Fork()
			return f.(*unstarted).parts(), err
		}}
}

func TestSyncTestOfAGameNotSetUpSaysSoInsteadOfCrashing(t *testing.T) {
	err := enginetest.SyncTest((&unstarted{}).parts(), enginetest.Config{Ticks: 10})
	if err == nil || !strings.Contains(err.Error(), "panicked") || !strings.Contains(err.Error(), "calls no Start") {
		t.Fatalf("SyncTest of a game whose Start was not called: %v, want an error saying it panicked and that Start is not called", err)
	}
}
