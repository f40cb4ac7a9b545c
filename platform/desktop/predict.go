package desktop

import (
	"errors"
	"fmt"
	"io"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

var (
	_ engine.Predictor = (*runner)(nil)
	_ engine.Predictor = (*forkRunner)(nil)
)

// Fork is engine.Predictor's, for a game that is one: a runner of the
// game's fork that draws with this runner's HUD and overlays and plays
// its ticks' sounds as predicted. Nil when the game cannot be copied.
func (r *runner) Fork() (engine.Predictor, error) {
	p, ok := r.game.(engine.Predictor)
	if !ok {
		return nil, nil
	}
	f, err := p.Fork()
	if err != nil || f == nil {
		return nil, err
	}
	g, ok := f.(sdl2.Runnable)
	if !ok {
		return nil, fmt.Errorf("desktop: %T.Fork returned %T, which is no desktop.Game: return another instance of the game", r.game, f)
	}
	r.forks = append(r.forks, g)
	return &forkRunner{parent: r, game: g}, nil
}

// closeForks closes the forks that are io.Closers (their worlds), as the
// run closes the game.
func (r *runner) closeForks() error {
	var errs []error
	for _, f := range r.forks {
		if c, ok := f.(io.Closer); ok {
			if err := c.Close(); err != nil {
				errs = append(errs, fmt.Errorf("close the predicted copy: %w", err))
			}
		}
	}
	r.forks = nil
	return errors.Join(errs...)
}

// CopyFrom copies the game src runs into this runner's game.
func (r *runner) CopyFrom(src engine.Predictor) error { return copyGame(r.game, src) }

// forkRunner runs the fork of a runner's game: the predicted copy the
// loop ticks ahead and draws.
type forkRunner struct {
	parent *runner
	game   sdl2.Runnable
}

// Tick runs a predicted tick of the copy.
func (f *forkRunner) Tick(t *engine.Tick) error {
	return f.parent.sound.predictedTick(t, f.game.Tick)
}

// Draw draws the copy as the runner draws its game.
func (f *forkRunner) Draw(c *sdl2.Canvas, fr *engine.Frame) error {
	return f.parent.drawWith(f.game, c, fr)
}

// Unwrap returns the copy: the window finds its world there.
func (f *forkRunner) Unwrap() sdl2.Runnable { return f.game }

// CopyFrom copies the game src runs into the copy.
func (f *forkRunner) CopyFrom(src engine.Predictor) error { return copyGame(f.game, src) }

// copyGame copies into dst the game that src, a runner or a fork's,
// runs.
func copyGame(dst sdl2.Runnable, src engine.Predictor) error {
	var from sdl2.Runnable
	switch s := src.(type) {
	case *runner:
		from = s.game
	case *forkRunner:
		from = s.game
	default:
		return fmt.Errorf("desktop: copy from %T: want a runner's game", src)
	}
	d, ok := dst.(engine.Predictor)
	f, ok2 := from.(engine.Predictor)
	if !ok || !ok2 {
		return fmt.Errorf("desktop: copy %T from %T: both must be engine.Predictors", dst, from)
	}
	return d.CopyFrom(f)
}

// Fork makes another copy, as the runner's Fork does.
func (f *forkRunner) Fork() (engine.Predictor, error) { return f.parent.Fork() }
