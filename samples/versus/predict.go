package main

import (
	"fmt"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/backend"
)

// worldConfig is the field's physics, the same for the game and its
// predicted copy.
func worldConfig() physics.Config { return physics.Config{Damping: 0.6} }

// Fork returns the copy a netplay session ticks ahead of the confirmed
// input and draws: a game with an empty world of its own on the same
// engine, filled by CopyFrom before each use.
func (g *game) Fork() (engine.Predictor, error) {
	w, err := backend.New(g.engine, worldConfig())
	if err != nil {
		return nil, err
	}
	return &game{goals: g.goals, bot: g.bot, seed: g.seed, engine: g.engine, world: w}, nil
}

// CopyFrom makes g's whole state src's: the score, the serve, the body
// IDs and the world.
func (g *game) CopyFrom(src engine.Predictor) error {
	s, ok := src.(*game)
	if !ok {
		return fmt.Errorf("versus: copy from %T: want a versus game", src)
	}
	if err := g.world.CopyFrom(s.world); err != nil {
		return err
	}
	g.goals, g.seed, g.discs, g.nDiscs, g.puck = s.goals, s.seed, s.discs, s.nDiscs, s.puck
	g.score, g.over, g.serve, g.botTick = s.score, s.over, s.serve, s.botTick
	return nil
}
