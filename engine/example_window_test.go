package engine_test

import (
	"context"
	"log"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// mover is the README's minimal game: a point that moves right while the
// right arrow is held.
type mover struct{ x, prevX float64 }

// Tick runs at the fixed rate, 60 times a simulated second.
func (g *mover) Tick(t *engine.Tick) error {
	g.prevX = g.x
	if t.Input.Down.Has(engine.KeyRight) {
		g.x += 5 * t.DT.Seconds()
	}
	if t.Input.Pressed.Has(engine.KeyEscape) {
		return engine.ErrQuit
	}
	return nil
}

// Draw runs once a frame, Alpha of the way from the last tick to the next.
func (g *mover) Draw(f *engine.Frame) error {
	x := g.prevX + (g.x-g.prevX)*f.Alpha
	_ = x // draw with win.Canvas()
	return nil
}

// A game in a window: the loop runs on the main goroutine until Esc or
// the window closes. (Compiled, not run: it needs a display.)
func Example_window() {
	win, err := sdl2.Open(sdl2.Options{Title: "my game", VSync: true})
	if err != nil {
		log.Fatal(err)
	}
	defer win.Close()
	_, err = engine.Run(context.Background(), engine.Config{Platform: win}, &mover{})
	if err != nil {
		log.Fatal(err)
	}
}
