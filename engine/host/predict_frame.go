package host

import (
	"fmt"
	"math"

	"github.com/lockstep-engine/lockstep/engine"

	"github.com/lockstep-engine/lockstep/physics"
)

// predictFrame brings the predicted copy to the present and returns the
// game to draw and the two states to blend. The copy advances one tick a
// tick; it is copied from the verified game and ticked again from the
// verified tick only when it must be (see mustCopy). With the present at
// the verified tick it returns the verified game's.
func (l *Loop) predictFrame() (*engine.Parts, []physics.BodyState, []physics.BodyState, error) {
	p := l.pred
	p.adjustDepth(l)
	v := l.stats.Ticks
	ahead := p.present - v
	p.stats.Depth = int(ahead)
	if ahead == 0 || p.depth == 0 {
		p.valid = false
		return &l.game, l.prev, l.cur, nil
	}
	start := l.clock.Now()
	from, copied, didCopy := p.forkAt, start, false
	if why := p.mustCopy(v); why != copyNone {
		if err := p.recopy(l, v, why); err != nil {
			return nil, nil, nil, err
		}
		from, copied, didCopy = v, l.clock.Now(), true
	} else if from < p.present && p.world != nil {
		p.prev, p.cur = p.cur, p.prev // one tick on: the state drawn last is the one before
	}
	for t := from; t < p.present; t++ {
		if err := p.step(l, t); err != nil {
			return nil, nil, nil, err
		}
	}
	if p.world != nil && p.lastAt != 0 {
		switch p.lastAt { // the state the last frame drew, as it is now
		case p.present + 1:
			*p.into = max(*p.into, maxMove(p.last, p.cur))
		case v + 1:
			*p.into = max(*p.into, maxMove(p.last, l.cur))
		}
		p.lastAt = 0
	}
	ran := p.present - from
	p.forkAt = p.present
	p.stats.Frames++
	p.stats.Resimulated += ran
	l.rec.Resimulated, l.rec.Copied = int(ran), didCopy
	p.stats.MaxResimulated = max(p.stats.MaxResimulated, int(ran))
	end := l.clock.Now()
	p.load.measured(didCopy, copied-start, ran, end-copied)
	record(p.cost, end-start)
	return &p.fork, p.prev, p.cur, nil
}

// Why a frame copies the verified game into the predicted copy.
const (
	copyNone    = iota
	copyFirst   // the copy holds no state of this stretch of prediction
	copyWrong   // a confirmed input differs from the one the copy ran
	copyRebased // the copy ran copyLimit ticks since its last copy
)

// mustCopy says why the copy must be made again from the verified game
// at tick v, copyNone when it may go on: it holds a state the frame
// before drew, every input confirmed since differs from none the copy
// ran with, and going on to the present keeps it within copyLimit ticks
// of its copy (past that it drifts: a copied world does not continue the
// verified one exactly).
func (p *prediction) mustCopy(v uint64) int {
	switch {
	case !p.valid:
		return copyFirst
	case p.wrong:
		return copyWrong
	}
	for t := max(v, p.base); t < p.forkAt; t++ {
		clear(p.players)
		p.src.Guess(t, p.players)
		if !p.ran(t, p.players) {
			return copyWrong
		}
	}
	if p.present-p.base > p.limit {
		return copyRebased
	}
	return copyNone
}

// recopy copies the verified game at tick v into the copy, for the
// steps from v on; the state the last frame drew is kept to measure how
// far the new one moves a body: into Jump after a wrong guess, into
// Drift after a rebase.
func (p *prediction) recopy(l *Loop, v uint64, why int) error {
	l.phases.enter(PhaseCopy)
	p.into = &p.stats.Jump
	if why == copyRebased {
		p.into = &p.stats.Drift
		p.stats.Rebases++
	}
	if p.world != nil && why != copyFirst {
		p.last, p.cur = p.cur, p.last
		p.lastAt = p.forkAt + 1
	}
	if err := p.fork.Predictor.CopyFrom(p.main); err != nil {
		return fmt.Errorf("engine: copy the game for prediction at tick %d: %w", v, err)
	}
	if p.world != nil {
		p.prev = append(p.prev[:0], l.cur...)
	}
	p.stats.Copies++
	p.valid, p.wrong, p.base, p.forkAt = true, false, v, v
	return nil
}

// ran reports whether players is the input the copy ran tick t with.
func (p *prediction) ran(t uint64, players []engine.Input) bool {
	used := p.row(t)
	for i := range used {
		if used[i] != players[i] {
			return false
		}
	}
	return true
}

// row is the input the copy ran tick t with, one Input a slot.
func (p *prediction) row(t uint64) []engine.Input {
	n := uint64(len(p.players))
	i := t % (p.limit + 1) * n
	return p.used[i : i+n]
}

// confirmed checks the input the verified timeline ran tick t with
// against the input the copy ran it with: a difference makes the next
// frame copy again.
func (p *prediction) confirmed(t uint64, players []engine.Input) {
	if p.valid && !p.wrong && t >= p.base && t < p.forkAt && !p.ran(t, players) {
		p.wrong = true
	}
}

// step runs predicted tick t on the fork: the previous state is the one
// before the present's tick, the current one after it.
func (p *prediction) step(l *Loop, t uint64) error {
	clear(p.players)
	p.src.Guess(t, p.players)
	copy(p.row(t), p.players)
	p.tick.N, p.tick.Players, p.tick.Members = t, p.players, l.mp.members
	l.phases.enter(PhasePredict)
	if err := p.fork.Tick(&p.tick); err != nil {
		return wrapGame("predicted tick", t, err)
	}
	if p.world == nil {
		return l.keepAlive()
	}
	if err := p.world.Step(l.ts.dt); err != nil {
		return fmt.Errorf("engine: physics step in predicted tick %d: %w", t, err)
	}
	switch {
	case t+1 == p.present:
		p.cur = p.world.Snapshot(p.cur[:0])
	case t+2 == p.present:
		p.prev = p.world.Snapshot(p.prev[:0])
		if t+2 == p.lastAt { // the state the last frame drew, predicted again
			*p.into = max(*p.into, maxMove(p.last, p.prev))
		}
	case t+2 == p.lastAt:
		p.scratch = p.world.Snapshot(p.scratch[:0])
		*p.into = max(*p.into, maxMove(p.last, p.scratch))
	}
	return l.keepAlive()
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
