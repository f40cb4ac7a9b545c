package main

import (
	"errors"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// Update hides the pointer over the window while a ball is in play and
// shows it on the other screens, and rumbles the controllers when a brick
// broke or a ball was lost in the last frame's ticks, and quits on Esc
// outside a game. It changes nothing a tick reads.
func (g *game) Update(f *engine.Frame) error {
	// Esc leaves from the title and after a game; the loop ends before
	// this frame's ticks, so a recording ends where the player left.
	if f.Input.Pressed.Has(engine.KeyEscape) && (g.screen == onTitle || g.screen == won || g.screen == lost) {
		return engine.ErrQuit
	}
	if hide := (g.screen == serving || g.screen == playing) && !g.paused; hide != g.cursorHidden {
		g.cursorHidden = hide
		if err := g.win.SetCursorVisible(!hide); err != nil {
			g.log.Warn("the pointer stays as it is", "err", err) // the game plays the same
		}
	}
	switch {
	case g.lives < g.felt.lives:
		g.rumble(&f.Input, 0.8, 0.5, 350*time.Millisecond)
	case g.broken > g.felt.broken:
		g.rumble(&f.Input, 0, 0.35, 60*time.Millisecond)
	}
	g.felt.lives, g.felt.broken = g.lives, g.broken
	return nil
}

// rumble runs the motors of every connected controller that has them.
func (g *game) rumble(in *engine.Input, low, high float64, d time.Duration) {
	for i := range in.Pads {
		if !in.Pads[i].Connected {
			continue
		}
		if err := g.win.Rumble(i, low, high, d); err != nil && !errors.Is(err, sdl2.ErrNoRumble) {
			g.log.Debug("no rumble", "pad", i, "err", err)
		}
	}
}
