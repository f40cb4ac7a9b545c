package main

import (
	"fmt"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/backend"
)

// Breakout plays alone, so nothing draws it ahead of its input; it is an
// engine.Predictor all the same, and its sync test checks that a copy of
// it is whole: the pattern for a game with a world, contacts noted for
// the next tick, screens and a pause.

var _ engine.Predictor = (*game)(nil)

// Fork returns a second game with an empty world of its own, on the same
// engine, whose contacts it notes itself; CopyFrom fills it. It shares
// the art and the sounds, which a tick never changes.
func (g *game) Fork() (engine.Predictor, error) {
	f := &game{startLives: g.startLives, startBricks: g.startBricks, seed: g.seed, engine: g.engine,
		win: g.win, art: g.art, sfx: g.sfx, log: g.log}
	w, err := backend.New(g.engine, physics.Config{OnContact: f.contact})
	if err != nil {
		return nil, err
	}
	f.world, f.steps = w, stepper{g: f}
	return f, nil
}

// CopyFrom makes g's whole state src's: every field a tick reads or
// writes, the sparks (which Draw shows) and the world.
func (g *game) CopyFrom(src engine.Predictor) error {
	s, ok := src.(*game)
	if !ok {
		return fmt.Errorf("breakout: copy from %T: want a breakout game", src)
	}
	if err := g.world.CopyFrom(s.world); err != nil {
		return err
	}
	g.startLives, g.startBricks, g.seed = s.startLives, s.startBricks, s.seed
	g.paddle, g.ball, g.bricks, g.left = s.paddle, s.ball, s.bricks, s.left
	g.screen, g.paused, g.score, g.best, g.saved = s.screen, s.paused, s.score, s.best, s.saved
	g.lives, g.broken, g.serves = s.lives, s.broken, s.serves
	g.mouse, g.lastMouse = s.mouse, s.lastMouse
	g.touched, g.nTouched = s.touched, s.nTouched
	g.sparks = s.sparks
	return nil
}
