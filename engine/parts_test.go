package engine

import "io"

// game is what the loop's tests write: a Tick and a Draw, with optional
// methods that partsOf finds, as platform/desktop's PartsOf does for a
// desktop.Game.
type game interface {
	Tick(t *Tick) error
	Draw(f *Frame) error
}

// partsOf returns g's parts: its Tick and Draw, and each optional
// interface it implements.
func partsOf(g game) Parts {
	p := Parts{Tick: g.Tick, Draw: g.Draw}
	if u, ok := g.(Updater); ok {
		p.Update = u.Update
	}
	if s, ok := g.(Simulator); ok {
		p.World = s.World
	}
	if h, ok := g.(StateHasher); ok {
		p.StateHash = h.StateHash
	}
	if s, ok := g.(Seater); ok {
		p.Seat = s.Seat
	}
	if c, ok := g.(io.Closer); ok {
		p.Close = c.Close
	}
	if pr, ok := g.(Predictor); ok {
		p.Predictor = pr
		p.Fork = func() (Parts, error) {
			f, err := pr.Fork()
			if err != nil {
				return Parts{}, err
			}
			return partsOf(f.(game)), nil
		}
	}
	return p
}
