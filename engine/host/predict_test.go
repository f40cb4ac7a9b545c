package host

import (
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"

	"github.com/lockstep-engine/lockstep/physics"
)

// laggyLockstep confirms every player's input lag ticks after this
// machine gave its own: the loop draws lag ticks ahead.
type laggyLockstep struct {
	lag, rollback int
	present       uint64 // 1 + the last present tick given
	guesses       int
	wrong         bool // Guess predicts input other than Inputs gives
}

func (s *laggyLockstep) Frame(time.Duration, bool) error { return nil }
func (s *laggyLockstep) Rollback() int                   { return s.rollback }

func (s *laggyLockstep) Inputs(n uint64, _ *engine.Input, players []engine.Input, _ engine.StateHasher) (bool, error) {
	if n+uint64(s.lag) >= s.present {
		return false, nil
	}
	for i := range players {
		players[i].MouseX = float64(n)
	}
	return true, nil
}

func (s *laggyLockstep) Local(p uint64, _ *engine.Input) (bool, error) {
	s.present = p + 1
	return true, nil
}

func (s *laggyLockstep) Guess(n uint64, players []engine.Input) {
	s.guesses++
	for i := range players {
		players[i].MouseX = float64(n)
		if s.wrong {
			players[i].MouseX++
		}
	}
}

// copyGame is a game for two players whose state is a sum of its input and,
// with a world, the world's bodies; its fork copies both. Draw notes
// which instance drew.
type copyGame struct {
	sum   float64
	world *movingWorld
	main  *copyGame // nil on the game itself
	drawn *copyGame // the instance that drew the last frame
	load  *gameLoad // how long its ticks and copies take; nil no time
}

// gameLoad makes a copyGame's ticks and copies take time on a fake
// clock, shared by the game and its fork.
type gameLoad struct {
	clock            *fakeClock
	tick, copy, draw time.Duration
	firstCopy        time.Duration // what the fork's first copy takes more
	copies           int
}

func (g *copyGame) Tick(t *engine.Tick) error {
	if g.load != nil {
		g.load.clock.now += g.load.tick
	}
	g.sum += t.Players[0].MouseX + t.Players[1].MouseX
	if g.world != nil { // the input pushes the first body along
		g.world.bodies[0].Pos[1] += t.Players[0].MouseX / 1000
	}
	return nil
}

func (g *copyGame) Draw(*engine.Frame) error {
	if g.load != nil {
		g.load.clock.now += g.load.draw
	}
	if g.main != nil {
		g.main.drawn = g
	} else {
		g.drawn = g
	}
	return nil
}

func (g *copyGame) World() physics.Stepper {
	if g.world == nil {
		return nil
	}
	return g.world
}

func (g *copyGame) Fork() (engine.Predictor, error) {
	f := &copyGame{main: g, load: g.load}
	if g.world != nil {
		f.world = newMovingWorld(len(g.world.bodies))
	}
	return f, nil
}

func (g *copyGame) CopyFrom(src engine.Predictor) error {
	s := src.(*copyGame)
	if g.load != nil {
		g.load.clock.now += g.load.copy
		if g.load.copies++; g.load.copies == 1 {
			g.load.clock.now += g.load.firstCopy
		}
	}
	g.sum = s.sum
	if g.world != nil {
		copy(g.world.bodies, s.world.bodies)
	}
	return nil
}

// predictingLoop is a warm loop that draws a game lag ticks ahead.
func predictingLoop(tb testing.TB, g *copyGame, lag, rollback int) (*Loop, *laggyLockstep) {
	return guessingLoop(tb, g, &laggyLockstep{lag: lag, rollback: rollback})
}

// startedLoop is a loop of cfg (its defaults filled in) drawing g with
// ls on c's time, its players seated and its prediction made, started as
// Run starts it.
func startedLoop(tb testing.TB, cfg engine.Config, g *copyGame, c *fakeClock, ls Lockstep) *Loop {
	tb.Helper()
	cfg, err := WithDefaults(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	w := Wiring{Platform: &fakePlatform{clock: c, work: every(time.Second / 60)}, Clock: c, Lockstep: ls}
	l := newLoop(cfg, partsOf(g), w.withDefaults())
	if err := l.mp.init(cfg, &l.wire, l.game.Seat); err != nil {
		tb.Fatal(err)
	}
	if err := l.initPrediction(); err != nil {
		tb.Fatal(err)
	}
	l.start = l.clock.Now()
	l.last, l.lastPresent = l.start, l.start
	return l
}

// guessingLoop is a warm loop that draws a game with ls.
func guessingLoop(tb testing.TB, g *copyGame, ls *laggyLockstep) (*Loop, *laggyLockstep) {
	tb.Helper()
	l := startedLoop(tb, engine.Config{Mode: engine.ModeUncapped, Players: 2}, g, &fakeClock{}, ls)
	if l.world != nil {
		l.cur = l.world.Snapshot(l.cur)
		l.prev = append(l.prev[:0], l.cur...)
	}
	for range 120 {
		if err := l.runFrame(); err != nil {
			tb.Fatal(err)
		}
	}
	return l, ls
}

func TestLoopDrawsThePredictedCopyAheadOfTheVerifiedTicks(t *testing.T) {
	for _, tc := range []struct{ lag, rollback, depth int }{{0, 8, 0}, {3, 8, 3}, {5, 8, 5}, {12, 8, 8}} {
		g := &copyGame{world: newMovingWorld(3)}
		l, _ := predictingLoop(t, g, tc.lag, tc.rollback)
		ahead := int(l.Present() - l.Stats().Ticks)
		if ahead != tc.depth || l.Prediction().Depth != tc.depth {
			t.Fatalf("lag %d: present %d ticks ahead (stats %d), want %d", tc.lag, ahead, l.Prediction().Depth, tc.depth)
		}
		wantDrawn := g
		if tc.depth > 0 {
			wantDrawn = l.pred.fork.Predictor.(*copyGame)
		}
		if g.drawn != wantDrawn {
			t.Fatalf("lag %d: the frame was drawn by the wrong instance", tc.lag)
		}
		// The copy ran the ticks from the verified one to the present
		// with the guessed input: its sum is the game's plus theirs.
		var want float64
		for n := l.Stats().Ticks; n < l.Present(); n++ {
			want += 2 * float64(n)
		}
		if f := l.pred.fork.Predictor.(*copyGame); tc.depth > 0 && f.sum != g.sum+want {
			t.Fatalf("lag %d: the copy's sum is %v, want %v", tc.lag, f.sum, g.sum+want)
		}
		if got := len(l.frame.Bodies); got != 3 {
			t.Fatalf("lag %d: the frame has %d bodies, want 3", tc.lag, got)
		}
	}
}

func TestPredictedFrameAllocatesNothingOnceWarm(t *testing.T) {
	for _, tc := range []struct {
		name string
		game *copyGame
	}{{"noworld", &copyGame{}}, {"world1000", &copyGame{world: newMovingWorld(1000)}}} {
		t.Run(tc.name, func(t *testing.T) {
			l, _ := predictingLoop(t, tc.game, 6, 8)
			allocs := testing.AllocsPerRun(200, func() {
				if err := l.runFrame(); err != nil {
					t.Fatal(err)
				}
			})
			if allocs != 0 || l.Prediction().Frames == 0 {
				t.Fatalf("a predicted frame allocates %v times (%d predicted), want 0", allocs, l.Prediction().Frames)
			}
		})
	}
}

func TestALockstepThatPredictsNeedsAGameThatCopies(t *testing.T) {
	c := &fakeClock{}
	cfg, w := engine.Config{Ticks: 10, Players: 2}, Wiring{Platform: &fakePlatform{clock: c}, Clock: c, Lockstep: &laggyLockstep{rollback: 8}}
	if _, err := Run(t.Context(), cfg, partsOf(noopGame{}), w); err == nil {
		t.Fatal("a predicting Lockstep ran a game that cannot be copied")
	}
}

// A body drawn from a wrong guess jumps when the verified input corrects
// it, by as far as the guess moved it; right guesses never move it.
func TestAWrongGuessShowsAsABodysJump(t *testing.T) {
	for _, wrong := range []bool{false, true} {
		g := &copyGame{world: newMovingWorld(3)}
		l, _ := guessingLoop(t, g, &laggyLockstep{lag: 4, rollback: 8, wrong: wrong})
		jump := l.Prediction().Jump
		switch {
		case !wrong && jump != 0:
			t.Fatalf("right guesses: a body jumped %v, want 0", jump)
		case wrong && !(jump > 0.0009 && jump < 0.0041):
			t.Fatalf("wrong guesses (1/1000 a tick): a body jumped %v, want 1/1000 for each wrong tick, 1 to 4", jump)
		}
	}
}

// stingyLockstep takes no input in frames 10, 11 and 21 (a ring full of
// unacknowledged input, say) and counts the presses of Q in the input it
// takes.
type stingyLockstep struct {
	laggyLockstep
	frames  int // Frame calls so far
	presses int
}

func (s *stingyLockstep) Frame(time.Duration, bool) error {
	s.frames++
	return nil
}

func (s *stingyLockstep) Local(p uint64, in *engine.Input) (bool, error) {
	if f := s.frames - 1; f == 10 || f == 11 || f == 21 {
		return false, nil
	}
	if in.Pressed.Has(engine.KeyQ) {
		s.presses++
	}
	return s.laggyLockstep.Local(p, in)
}

// A present tick the Lockstep holds keeps its input's edges for the
// tick that takes it: no press is lost, none is seen twice.
func TestAHeldPresentTickLosesNoPress(t *testing.T) {
	ls := &stingyLockstep{laggyLockstep: laggyLockstep{lag: 2, rollback: 8}}
	c := &fakeClock{}
	events := func(frame int, in EventSink) {
		switch frame {
		case 10, 21: // frames whose present tick is held
			in.Key(engine.KeyQ, true)
		case 12, 24:
			in.Key(engine.KeyQ, false)
		}
	}
	cfg, w := engine.Config{Mode: engine.ModeUncapped, Players: 2, Frames: 60}, Wiring{Platform: &fakePlatform{clock: c, work: every(time.Second / 60), events: events}, Clock: c, Lockstep: ls}
	if _, err := Run(t.Context(), cfg, partsOf(&copyGame{}), w); err != nil {
		t.Fatal(err)
	}
	if ls.presses != 2 {
		t.Fatalf("the Lockstep took %d presses of Q, want 2", ls.presses)
	}
}
