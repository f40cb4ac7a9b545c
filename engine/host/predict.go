package host

import (
	"errors"
	"fmt"

	"github.com/lockstep-engine/lockstep/engine"

	"github.com/HdrHistogram/hdrhistogram-go"

	"github.com/lockstep-engine/lockstep/physics"
)

// Predicting is a Lockstep that lets the loop run ahead of the confirmed
// input: the present tick, whose input this machine gives (Local), may be
// up to Rollback ticks past the verified tick, whose input is every
// player's (Inputs). The ticks between are drawn from a copy of the game
// ticked with Guess's input. engine/netplay's Session is one when its
// Config.Rollback is set.
type Predicting interface {
	Lockstep
	// Rollback returns the most ticks the present may run ahead of the
	// verified tick; 0 turns prediction off (Inputs takes the local input,
	// as a plain Lockstep).
	Rollback() int
	// Local is called once for each present tick p, in order, with this
	// machine's input for it (read only: the loop keeps its own). false
	// holds the present tick (the Lockstep cannot take more input yet).
	// With prediction on, Inputs ignores its local argument.
	Local(p uint64, local *engine.Input) (bool, error)
	// Guess fills players (one zeroed Input per slot) with tick n's input
	// as far as it is known: the confirmed input of each slot that has it,
	// a prediction for the others.
	Guess(n uint64, players []engine.Input)
}

// PredictionStats say what drawing ahead of the verified timeline did.
type PredictionStats struct {
	// Rollback is the most ticks the drawn timeline may run ahead; 0 when
	// the loop did not predict.
	Rollback int
	// Frames counts the frames drawn from a predicted copy (the present
	// ahead of the verified tick).
	Frames uint64
	// Resimulated counts the predicted ticks run over all frames, and
	// MaxResimulated the most in one frame: one a tick while the guesses
	// are right, the whole depth in a frame that copies.
	Resimulated    uint64
	MaxResimulated int
	// Copies counts the frames that copied the verified game and ticked
	// the copy on from it (a new stretch of prediction, a wrong guess, or
	// a rebase); Rebases those made only because the copy had run
	// copyLimit ticks since its last copy.
	Copies, Rebases uint64
	// Depth is how far ahead the last frame drawn was, in ticks.
	Depth int
	// Cost is the time a predicted frame spent copying the game and
	// ticking the copy (per frame drawn from prediction).
	Cost Percentiles
	// Jump is the farthest a body's drawn position moved when a new
	// verified state corrected a tick the frame before had predicted: how
	// far a misprediction made a body jump, in world units.
	Jump float64
	// Drift is the farthest a body's drawn position moved at a rebase, in
	// world units: how far a copy ticked on by itself for copyLimit ticks
	// strayed from a fresh copy of the verified game given the same input.
	Drift float64
	// Limit is the most ticks the present may run ahead at the end, at
	// most Rollback: the depth falls when a frame that copies the game
	// and ticks the copy that deep would not fit the frame period (a
	// heavy scene), and rises back a tick a second while a deeper one
	// fits. At 0 the loop draws the verified game. LimitLowest is the
	// lowest it fell to, Lowered how often it fell (a probe that did not
	// fit falls too; see Probes).
	Limit, LimitLowest int
	Lowered            uint64
	// Probes counts the times the depth went from 0 to 1 to measure a
	// copy again (see Limit): at depth 0, while a tick fits but not with
	// a copy, one is tried again 2 s later, then after twice as long each
	// time, up to 32 s. 0: none (the depth never stayed at 0 for 2 s
	// with the copy alone keeping it there).
	Probes uint64
}

// copyLimit is the most ticks a predicted copy runs after it was copied
// from the verified game (or twice the rollback, when more) before it is
// copied again.
const copyLimit = 30

// Prediction returns what the loop's predicted timeline did so far.
func (l *Loop) Prediction() PredictionStats {
	p := l.pred
	if p == nil {
		return PredictionStats{}
	}
	st := p.stats
	st.Cost = percentiles(p.cost)
	return st
}

// Present returns the present tick: the tick this machine's input goes
// to next, ahead of Stats().Ticks (the verified ticks run) while the loop
// predicts, equal to it otherwise.
func (l *Loop) Present() uint64 {
	if l.pred != nil {
		return l.pred.present
	}
	return l.stats.Ticks
}

// prediction is the loop's predicted timeline.
type prediction struct {
	src      Predicting
	main     engine.Predictor // the game, verified
	fork     engine.Parts     // the copy ticked and drawn ahead
	world    physics.Stepper
	rollback uint64
	present  uint64 // the next present tick
	tick     engine.Tick
	players  []engine.Input
	prev     []physics.BodyState
	cur      []physics.BodyState
	scratch  []physics.BodyState
	last     []physics.BodyState // during a copy, the state the frame before drew
	lastAt   uint64              // 2 + the tick whose state last is after, 0 none
	into     *float64            // where the move from last is kept: Jump or Drift
	// valid: the copy holds the state of tick forkAt, copied from the
	// verified game at tick base and ticked on with the input in used
	// (by tick, a row of len(players) a tick); wrong: a tick verified
	// since ran with other input.
	valid, wrong bool
	base, forkAt uint64
	limit        uint64
	used         []engine.Input
	local        engine.Input
	stats        PredictionStats
	cost         *hdrhistogram.Histogram
	depth        uint64 // the most ticks the present may run ahead now, at most rollback
	load         predictLoad
	// checked: this frame's verified ticks ran as far as their input
	// goes, and the present is held at the depth (advance).
	checked bool
}

// initPrediction turns prediction on when the Lockstep predicts and the
// game can be forked; a Lockstep that predicts for a game that cannot be
// is refused, since its input delay assumes drawing ahead.
func (l *Loop) initPrediction() error {
	src, ok := l.mp.lockstep.(Predicting)
	if !ok || src.Rollback() <= 0 {
		return nil
	}
	if l.game.Fork == nil {
		return fmt.Errorf("engine: the Lockstep predicts %d ticks ahead but the game cannot be copied (no engine.Predictor): set its rollback to 0", src.Rollback())
	}
	fork, err := l.game.Fork()
	if err != nil {
		return fmt.Errorf("engine: fork the game for prediction: %w", err)
	}
	p := &prediction{src: src, main: l.game.Predictor, fork: fork, rollback: uint64(src.Rollback()),
		players: make([]engine.Input, len(l.mp.players)), cost: hdrhistogram.New(1, histMax, 3)}
	if err := checkParts(&fork, "the game's fork", true); err != nil {
		return errors.Join(err, p.close())
	}
	p.limit = uint64(max(copyLimit, 2*src.Rollback()))
	p.used = make([]engine.Input, (p.limit+1)*uint64(len(p.players)))
	p.stats.Rollback = src.Rollback()
	p.depth = p.rollback
	p.stats.Limit, p.stats.LimitLowest = src.Rollback(), src.Rollback()
	p.tick.DT = l.ts.dt
	p.world = worldOf(&fork)
	if (p.world == nil) != (l.world == nil) {
		return errors.Join(errors.New("engine: the game has a world but its fork has none, or the other way round"), p.close())
	}
	l.pred = p
	return nil
}

// close closes the fork; nil without prediction.
func (p *prediction) close() error {
	if p == nil || p.fork.Close == nil {
		return nil
	}
	if err := p.fork.Close(); err != nil {
		return fmt.Errorf("engine: close the predicted copy: %w", err)
	}
	return nil
}

// advance runs the present on by one tick: it takes this machine's input
// for it and hands it to the Lockstep, unless the present is the depth
// ahead of the verified tick (one at depth 0, a tick the verified one
// runs once its input is there) or the Lockstep cannot take it.
func (p *prediction) advance(l *Loop) (held bool, err error) {
	if p.present-l.stats.Ticks >= max(p.depth, 1) {
		// The verified ticks whose input is there run first: a slow
		// frame that must run several ticks to keep the pace would run
		// one at a shallow depth (a heavy scene's) otherwise.
		if err := l.verifyTimed(); err != nil || l.stopping {
			return true, err
		}
		if p.present-l.stats.Ticks >= max(p.depth, 1) {
			p.checked = true
			return true, nil
		}
	}
	// The input is taken only when the Lockstep takes it: a held tick
	// leaves its edges pending for the next, as in lockstep.
	ok, err := p.src.Local(p.present, &l.input.pending)
	if err != nil || !ok {
		return !ok, err
	}
	l.input.takeTick(&p.local)
	p.present++
	return false, nil
}

// verifyTimed is verify, its ticks' cost taken in for the depth.
func (l *Loop) verifyTimed() error {
	from, start := l.stats.Ticks, l.clock.Now()
	if err := l.verify(); err != nil {
		return err
	}
	l.pred.load.verified(l.stats.Ticks-from, l.clock.Now()-start)
	return nil
}

// verify runs every verified tick whose input is all there, up to the
// present.
func (l *Loop) verify() error {
	for l.stats.Ticks < l.pred.present {
		if l.cancelled() {
			l.stopping = true
			return nil
		}
		l.phases.enter(PhaseTick)
		l.tick.N = l.stats.Ticks
		clear(l.mp.players)
		ready, err := l.mp.lockstep.Inputs(l.tick.N, &l.pred.local, l.mp.players, l)
		if err != nil || !ready {
			return err
		}
		l.mp.ready(l)
		l.pred.confirmed(l.tick.N, l.mp.players)
		if err := l.stepTick(); err != nil {
			return err
		}
	}
	return nil
}
