package sdl2

import (
	"fmt"

	"github.com/lockstep-engine/lockstep/engine"
)

var _ engine.Predictor = (*windowGame)(nil)

// Fork forwards engine.Predictor: the fork of the first of the game and
// the games it wraps that is a Predictor, drawn onto the same window; nil
// when none is.
func (g *windowGame) Fork() (engine.Predictor, error) {
	p, ok := find[engine.Predictor](g.game)
	if !ok {
		return nil, nil
	}
	f, err := p.Fork()
	if err != nil || f == nil {
		return nil, err
	}
	fg, ok := f.(Runnable)
	if !ok {
		return nil, fmt.Errorf("sdl2: %T.Fork returned %T, which is no sdl2.Runnable (Tick, and Draw onto a canvas)", p, f)
	}
	return &windowGame{game: fg, win: g.win}, nil
}

// CopyFrom forwards engine.Predictor's CopyFrom to the game src and g
// wrap.
func (g *windowGame) CopyFrom(src engine.Predictor) error {
	s, ok := src.(*windowGame)
	if !ok {
		return fmt.Errorf("sdl2: copy from %T: want another window's game", src)
	}
	dst, ok := find[engine.Predictor](g.game)
	from, ok2 := find[engine.Predictor](s.game)
	if !ok || !ok2 {
		return fmt.Errorf("sdl2: copy %T from %T: both must be engine.Predictors", g.game, s.game)
	}
	return dst.CopyFrom(from)
}
