package sdl2

import (
	"context"
	"errors"
	"fmt"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/engine/host"
)

// runnable is what these tests run in a window: a tick and a draw onto
// the window's canvas, as a desktop.Game.
type runnable interface {
	Tick(t *engine.Tick) error
	Draw(c *Canvas, f *engine.Frame) error
}

// partsOn returns game's parts drawn onto w's canvas, as
// platform/desktop's PartsOf does: its Update and StateHash when it has
// them.
func partsOn(w *Window, game runnable) engine.Parts {
	c := w.Canvas()
	p := engine.Parts{Tick: game.Tick, Draw: func(f *engine.Frame) error { return game.Draw(c, f) }}
	if u, ok := game.(engine.Updater); ok {
		p.Update = u.Update
	}
	if h, ok := game.(engine.StateHasher); ok {
		p.StateHash = h.StateHash
	}
	return p
}

// runIn opens a window with opts, runs game in it with cfg, wired as wire
// says with the window as its Platform, until the game returns
// engine.ErrQuit, the window is closed, ctx is done or a stop condition
// in cfg is met, and closes the window whatever happened, a panic
// included. It must be called from the main goroutine.
func runIn(ctx context.Context, opts Options, cfg engine.Config, wire host.Wiring, game runnable) (rep host.Report, err error) {
	win, err := Open(opts)
	if err != nil {
		return rep, err
	}
	defer func() {
		if cerr := win.Close(); cerr != nil {
			err = errors.Join(err, fmt.Errorf("sdl2: close window: %w", cerr))
		}
	}()
	wire.Platform = win.Platform()
	rep, err = host.Run(ctx, cfg, partsOn(win, game), wire)
	if lost := win.Err(); lost != nil && !errors.Is(err, ErrDisplayLost) {
		err = errors.Join(err, lost) // hidden or minimised: nothing presented to report it
	}
	return rep, err
}
