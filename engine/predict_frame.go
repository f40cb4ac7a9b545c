package engine

import (
	"fmt"
	"math"

	"github.com/lockstep-engine/lockstep/physics"
)

// predictFrame copies the verified game into the fork and ticks the copy
// on from the verified tick to the present with the input known so far;
// it returns the game to draw and the two states to blend. With the
// present at the verified tick it returns the verified game's.
func (l *Loop) predictFrame() (Game, []physics.BodyState, []physics.BodyState, error) {
	p := l.pred
	v := l.stats.Ticks
	ahead := p.present - v
	p.stats.Depth = int(ahead)
	if ahead == 0 {
		p.lastAt = 0
		return l.game, l.prev, l.cur, nil
	}
	start := l.clock.Now()
	l.phases.enter(PhaseTick)
	if err := p.fork.CopyFrom(p.main); err != nil {
		return nil, nil, nil, fmt.Errorf("engine: copy the game for prediction at tick %d: %w", v, err)
	}
	if p.world != nil {
		p.prev = append(p.prev[:0], l.cur...)
	}
	for t := v; t < p.present; t++ {
		if err := p.step(l, t); err != nil {
			return nil, nil, nil, err
		}
	}
	if p.world != nil {
		switch p.lastAt { // the state the last frame drew, as it is now
		case p.present + 1:
			p.stats.Jump = max(p.stats.Jump, maxMove(p.last, p.cur))
		case v + 1:
			p.stats.Jump = max(p.stats.Jump, maxMove(p.last, l.cur))
		}
		p.last = append(p.last[:0], p.cur...)
		p.lastAt = p.present + 1
	}
	p.stats.Frames++
	p.stats.Resimulated += ahead
	p.stats.MaxResimulated = max(p.stats.MaxResimulated, int(ahead))
	record(p.cost, l.clock.Now()-start)
	return p.game, p.prev, p.cur, nil
}

// step runs predicted tick t on the fork: the previous state is the one
// before the present's tick, the current one after it.
func (p *prediction) step(l *Loop, t uint64) error {
	clear(p.players)
	p.src.Guess(t, p.players)
	p.tick.N, p.tick.Players, p.tick.Members = t, p.players, l.mp.members
	l.phases.enter(PhaseTick)
	if err := p.game.Tick(&p.tick); err != nil {
		return wrapGame("predicted tick", t, err)
	}
	if p.world == nil {
		return nil
	}
	l.phases.enter(PhasePhysics)
	if err := p.world.Step(l.ts.dt); err != nil {
		return fmt.Errorf("engine: physics step in predicted tick %d: %w", t, err)
	}
	l.phases.enter(PhaseSnapshot)
	switch {
	case t+1 == p.present:
		p.cur = p.world.Snapshot(p.cur[:0])
	case t+2 == p.present:
		p.prev = p.world.Snapshot(p.prev[:0])
		if t+2 == p.lastAt { // the state the last frame drew, predicted again
			p.stats.Jump = max(p.stats.Jump, maxMove(p.last, p.prev))
		}
	case t+2 == p.lastAt:
		p.scratch = p.world.Snapshot(p.scratch[:0])
		p.stats.Jump = max(p.stats.Jump, maxMove(p.last, p.scratch))
	}
	return nil
}

// maxMove is the farthest any body that a and b (both in ascending ID
// order) hold moved from a to b.
func maxMove(a, b []physics.BodyState) float64 {
	var d float64
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i].ID < b[j].ID:
			i++
		case a[i].ID > b[j].ID:
			j++
		default:
			if m := a[i].Pos.Sub(b[j].Pos).Len(); m > d || math.IsNaN(m) {
				d = m
			}
			i++
			j++
		}
	}
	return d
}
