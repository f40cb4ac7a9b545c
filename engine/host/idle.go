package host

import (
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// Collector does deferrable work, garbage collection above all, in the
// time a frame has to spare before its deadline. IdleGC is one.
type Collector interface {
	// Collect may work for up to budget; a zero budget means there is no
	// idle time this frame (uncapped), so only overdue work should run.
	Collect(budget time.Duration) bool
}

// idleMargin is kept back from a vsync frame's idle budget: the next
// frame's work is estimated from the last one, and may take longer.
const idleMargin = time.Millisecond

// idleBudget is how long the loop can spend on a Collector now, at the
// end of a frame whose work from its start to its present took lastWork:
// until the next deadline when capping; under vsync, the refresh period
// less that work; nothing when uncapped. The pacer owns the deadlines, so
// the budget is its to say.
func (p *pacer) idleBudget(now, lastWork time.Duration) time.Duration {
	var b time.Duration
	switch {
	case p.capping || p.paceNext:
		b = p.deadline(p.k+1) - now
	case p.mode == engine.ModeVSync:
		if per := p.period(); per > 0 {
			b = per - lastWork - idleMargin
		}
	}
	return max(b, 0)
}
