package sdl2

import (
	"context"
	"errors"
	"fmt"

	"github.com/lockstep-engine/lockstep/engine"
)

// runIn opens a window with opts, runs game in it with cfg (whose Platform
// it sets to the window) until the game returns engine.ErrQuit, the window
// is closed, ctx is done or a stop condition in cfg is met, and closes the
// window whatever happened, a panic included. It must be called from the
// main goroutine.
func runIn(ctx context.Context, opts Options, cfg engine.Config, game Runnable) (rep engine.Report, err error) {
	win, err := Open(opts)
	if err != nil {
		return rep, err
	}
	defer func() {
		if cerr := win.Close(); cerr != nil {
			err = errors.Join(err, fmt.Errorf("sdl2: close window: %w", cerr))
		}
	}()
	cfg.Platform = win.Platform()
	rep, err = engine.Run(ctx, cfg, win.Adapt(game))
	if lost := win.Err(); lost != nil && !errors.Is(err, ErrDisplayLost) {
		err = errors.Join(err, lost) // hidden or minimised: nothing presented to report it
	}
	return rep, err
}
