package desktop

import (
	"fmt"
	"io"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// PartsOf returns game as the loop runs it: its Tick, its Draw onto c,
// and each optional method the package documentation lists that the
// loop calls (engine.Updater, engine.Simulator, engine.StateHasher,
// engine.Seater, engine.Predictor, io.Closer), found once. Run finds a
// game's parts this way; a game's tests can hand them to
// engine/enginetest's SyncTest or engine/predicttest. With c nil, Draw
// draws nothing: a loop run without a window (engine/predicttest's)
// ticks the game, and its copies, alone. The parts of a fork are
// another game's: its Fork must return a desktop.Game.
func PartsOf(game Game, c *sdl2.Canvas) engine.Parts {
	return partsOf(game, &c)
}

// partsOf is PartsOf drawing onto *c as it is when a frame draws: a run
// finds the parts before its window opens.
func partsOf(game Game, c **sdl2.Canvas) engine.Parts {
	p := engine.Parts{Tick: game.Tick, Draw: func(f *engine.Frame) error {
		if *c == nil {
			return nil // no window: PartsOf's with a nil canvas
		}
		return game.Draw(*c, f)
	}}
	if u, ok := game.(engine.Updater); ok {
		p.Update = u.Update
	}
	if s, ok := game.(engine.Simulator); ok {
		p.World = s.World
	}
	if h, ok := game.(engine.StateHasher); ok {
		p.StateHash = h.StateHash
	}
	if s, ok := game.(engine.Seater); ok {
		p.Seat = s.Seat
	}
	if cl, ok := game.(io.Closer); ok {
		p.Close = cl.Close
	}
	if pr, ok := game.(engine.Predictor); ok {
		p.Predictor = pr
		p.Fork = func() (engine.Parts, error) { return forkParts(game, pr, c) }
	}
	return p
}

// forkParts forks game (pr) and returns the parts of the copy, drawn onto
// the same canvas.
func forkParts(game Game, pr engine.Predictor, c **sdl2.Canvas) (engine.Parts, error) {
	f, err := pr.Fork()
	if err != nil {
		return engine.Parts{}, err
	}
	if f == nil {
		return engine.Parts{}, fmt.Errorf("desktop: %T.Fork returned nil: return another instance of the game, or drop Fork and CopyFrom if it cannot be copied", game)
	}
	g, ok := f.(Game)
	if !ok {
		return engine.Parts{}, fmt.Errorf("desktop: %T.Fork returned %T, which is no desktop.Game: return another instance of the game", game, f)
	}
	return partsOf(g, c), nil
}
