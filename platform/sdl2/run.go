package sdl2

import (
	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
)

// Runnable is what a window runs, the platform's side of a game: a
// fixed-rate tick and a draw onto the window's canvas. Game authors write
// a desktop.Game, which is one; platform/desktop runs it through Adapt.
// Like engine.Game, it may also be an engine.Updater, an engine.Simulator
// and an engine.StateHasher.
type Runnable interface {
	// Tick advances the game by one fixed step of t.DT.
	Tick(t *engine.Tick) error
	// Draw draws the frame onto c, f.Alpha of the way from the last tick
	// to the next. The window presents what it drew.
	Draw(c *Canvas, f *engine.Frame) error
}

// Adapt returns game as an engine.Game whose Draw draws onto w's canvas,
// for running it with engine.Run on a window opened by hand, as
// platform/desktop does. Check w.Err after a run that ended cleanly: a
// lost display ends it with a quit when the window presents nothing.
func (w *Window) Adapt(game Runnable) engine.Game {
	mustMain("Window.Adapt")
	return &windowGame{game: game, win: w}
}

// Wrapper is a Runnable that wraps another one to add to it (hotkeys, an
// overlay), as platform/desktop's runner does. The window looks for the
// optional interfaces engine.Run wants, Simulator and StateHasher, on the
// wrapper first and then on the game it wraps, so a wrapper need not
// forward them.
type Wrapper interface {
	Runnable
	Unwrap() Runnable
}

// find returns the first of game and the games it wraps that is a T.
func find[T any](game Runnable) (T, bool) {
	for {
		if t, ok := game.(T); ok {
			return t, true
		}
		w, ok := game.(Wrapper)
		if !ok {
			var none T
			return none, false
		}
		game = w.Unwrap()
	}
}

// windowGame hands a Runnable the window's canvas. It forwards the optional
// interfaces engine.Run looks for: a nil World or a zero hash means the
// game has none. A Wrapper's own Update runs, not the wrapped game's: the
// wrapper calls that itself.
type windowGame struct {
	game Runnable
	win  *Window
}

func (g *windowGame) Tick(t *engine.Tick) error { return g.game.Tick(t) }

func (g *windowGame) Draw(f *engine.Frame) error { return g.game.Draw(g.win.canvas, f) }

func (g *windowGame) Update(f *engine.Frame) error {
	if u, ok := g.game.(engine.Updater); ok {
		return u.Update(f)
	}
	return nil
}

func (g *windowGame) World() physics.Stepper {
	if s, ok := find[engine.Simulator](g.game); ok {
		return s.World()
	}
	return nil
}

func (g *windowGame) StateHash() uint64 {
	if h, ok := find[engine.StateHasher](g.game); ok {
		return h.StateHash()
	}
	return 0
}
