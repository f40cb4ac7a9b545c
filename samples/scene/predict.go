package scene

import (
	"fmt"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/backend"
	"github.com/lockstep-engine/lockstep/platform/desktop"
)

// Forker is a Scene a netplay session can draw ahead of the confirmed
// input (engine.Predictor): Game gives it a predicted copy, a second
// world on the same engine and Config with a second instance of the
// scene, whose state is made the game's before each use.
type Forker interface {
	Scene
	// ForkScene returns a second instance of the scene with the same
	// settings (its flags); Build is not called on it: CopyScene gives
	// it its state.
	ForkScene() Scene
	// CopyScene makes the receiver's whole state (what its Tick reads or
	// writes beyond the world) that of src, an instance from ForkScene or
	// the one built.
	CopyScene(src Scene) error
}

// forkable is a game whose scene is a Forker.
type forkable struct {
	game
	engine backend.Engine
	config physics.Config
}

var _ engine.Predictor = (*forkable)(nil)

// Start builds the scene and keeps what a fork needs: the engine and the
// world's Config.
func (g *forkable) Start(s *desktop.Setup) error {
	g.engine, g.config = s.Physics, worldConfigOf(g.scene)
	return g.game.Start(s)
}

// Fork returns the predicted copy: an empty world of its own and the
// scene's second instance, filled by CopyFrom.
func (g *forkable) Fork() (engine.Predictor, error) {
	w, err := backend.New(g.engine, g.config)
	if err != nil {
		return nil, fmt.Errorf("fork %s: %w", g.scene.Name(), err)
	}
	f := &forkable{game: game{scene: g.scene.(Forker).ForkScene(), world: w, view: g.view}, engine: g.engine, config: g.config}
	f.bodies.Color = g.view.Color
	return f, nil
}

// CopyFrom makes g's world and scene src's.
func (g *forkable) CopyFrom(src engine.Predictor) error {
	s, ok := src.(*forkable)
	if !ok {
		return fmt.Errorf("%s: copy from %T: want the same scene's game", g.scene.Name(), src)
	}
	if err := g.world.CopyFrom(s.world); err != nil {
		return err
	}
	return g.scene.(Forker).CopyScene(s.scene)
}

// worldConfigOf is the world s asks for.
func worldConfigOf(s Scene) physics.Config {
	if wc, ok := s.(WorldConfig); ok {
		return wc.WorldConfig()
	}
	return DefaultWorldConfig()
}
