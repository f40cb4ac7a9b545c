package host

import (
	"io"

	"github.com/lockstep-engine/lockstep/engine"
)

// game is what the loop's tests write: a Tick and a Draw, with optional
// methods that partsOf finds, as platform/desktop's PartsOf does for a
// desktop.Game.
type game interface {
	Tick(t *engine.Tick) error
	Draw(f *engine.Frame) error
}

// partsOf returns g's parts: its Tick and Draw, and each optional
// interface it implements.
func partsOf(g game) engine.Parts {
	p := engine.Parts{Tick: g.Tick, Draw: g.Draw}
	if u, ok := g.(engine.Updater); ok {
		p.Update = u.Update
	}
	if s, ok := g.(engine.Simulator); ok {
		p.World = s.World
	}
	if h, ok := g.(engine.StateHasher); ok {
		p.StateHash = h.StateHash
	}
	if s, ok := g.(engine.Seater); ok {
		p.Seat = s.Seat
	}
	if c, ok := g.(io.Closer); ok {
		p.Close = c.Close
	}
	if pr, ok := g.(engine.Predictor); ok {
		p.Predictor = pr
		p.Fork = func() (engine.Parts, error) {
			f, err := pr.Fork()
			if err != nil {
				return engine.Parts{}, err
			}
			return partsOf(f.(game)), nil
		}
	}
	return p
}
