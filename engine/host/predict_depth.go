package host

import "time"

// How the prediction's depth follows the frame's budget: it falls once
// lowerFrames frames in a row found that a frame copying the game and
// ticking the copy that deep would not fit the frame period, and rises
// by a tick once a deeper one has fitted for raiseAfter. At depth 0,
// where no copy is made and so none measured, a copy that did not fit
// is tried again (the depth set to 1) probeFirst later, then after twice
// as long each time it still does not fit, up to probeMost.
const (
	lowerFrames  = 3
	raiseAfter   = time.Second
	predictShare = 4 // a frame period over what prediction may always take of it
	probeFirst   = 2 * time.Second
	probeMost    = 32 * time.Second
)

// DepthSetter is a Predicting Lockstep told the prediction's depth: the
// loop calls SetDepth whenever the most ticks the present may run ahead
// of the verified tick changes (a heavy scene lowers it, see
// PredictionStats.Limit; it starts at Rollback), so that the input delay
// can give what the depth no longer covers. At depth 0 the present waits
// for the verified tick as in lockstep, and a session whose input delay
// stayed a prediction's would wait a round trip for most ticks.
type DepthSetter interface {
	SetDepth(d int)
}

// predictLoad is what predicted frames cost, smoothed (each frame weighs
// an eighth), for the depth: a copy of the game, a tick (of the copy or
// the verified game), and the rest of a frame (its verified ticks, its
// drawing). A copy is measured only while the loop predicts: at depth 0
// the last measured one stands (a copy's cost follows the scene's
// size), and the depth rises back once the ticks are cheap enough, or
// once a probe (see probe) measures a copy that fits. The fork's first
// copy is not measured: it fills an empty world (allocates every body
// and shape), which no later copy does.
type predictLoad struct {
	copy, tick, rest time.Duration
	copied, ticked   bool          // copy and tick measured at least once
	warm             bool          // the fork was copied into once
	probeAt          time.Duration // 1 + when the next probe is due; 0 none planned
	probeWait        time.Duration // the wait before the next probe; 0 probeFirst
	probing          bool          // the depth is a probe's, yet to fit
	last             time.Duration // the last frame's copying and ticking
	verifiedTime     time.Duration // the last frame's verified ticks
	over             int           // frames in a row the depth did not fit
	fitsFrom         time.Duration // 1 + when a deeper limit began to fit; 0 not
}

// smooth moves avg an eighth of the way to d.
func smooth(avg, d time.Duration, first bool) time.Duration {
	if first {
		return d
	}
	return avg + (d-avg)/8
}

// measured takes in what a predicted frame's copy (0: none) and its ran
// ticks took.
func (ld *predictLoad) measured(copied bool, copyTime time.Duration, ran uint64, tickTime time.Duration) {
	switch {
	case copied && !ld.warm:
		ld.warm = true
	case copied:
		ld.copy, ld.copied = smooth(ld.copy, copyTime, !ld.copied), true
	}
	if ran > 0 {
		ld.tick, ld.ticked = smooth(ld.tick, tickTime/time.Duration(ran), !ld.ticked), true
	}
	ld.last = copyTime + tickTime
}

// verified takes in what the frame's ran verified ticks took: a tick
// of the copy costs as much, and at depth 0 only these say what a tick
// costs now.
func (ld *predictLoad) verified(ran uint64, d time.Duration) {
	ld.verifiedTime += d
	if ran > 0 {
		ld.tick, ld.ticked = smooth(ld.tick, d/time.Duration(ran), !ld.ticked), true
	}
}

// fits is the deepest prediction, up to most ticks, whose worst frame
// (a copy costing copyCost and as many ticks, after the rest of the frame)
// fits budget; a copy and its ticks may always take a quarter of it
// (predictShare), since a frame whose rest alone does not fit (a busy
// machine runs it late) is no nearer fitting for a shallower depth, only
// further from the present.
func (ld *predictLoad) fits(budget, copyCost time.Duration, most uint64) uint64 {
	avail := max(budget-ld.rest, budget/predictShare) - copyCost
	switch {
	case avail <= 0:
		return 0
	case ld.tick <= 0:
		return most
	}
	return min(uint64(avail/ld.tick), most)
}

// adjustDepth runs at the start of a frame's prediction: it takes the
// last frame's work in and moves the depth the present may run ahead of
// the verified tick (see predictLoad). At depth 0 the loop draws the
// verified game, as in lockstep, and the copy costs nothing.
func (p *prediction) adjustDepth(l *Loop) {
	ld := &p.load
	if l.stats.Presents == 0 {
		return
	}
	// The rest of a frame is what it did but copy and tick ahead, with
	// one verified tick whatever it ran: a frame that waited for input
	// ran none (a stall would make the depth rise into frames that do
	// not fit), one that caught up several.
	ld.rest = smooth(ld.rest, max(l.lastWork-ld.last-ld.verifiedTime, 0)+ld.tick, false)
	ld.last, ld.verifiedTime = 0, 0
	if !ld.copied || !ld.ticked {
		return
	}
	budget := l.pacer.period()
	if budget <= 0 {
		budget = l.ts.dt
	}
	was := p.depth
	p.follow(ld.fits(budget, ld.copy, p.rollback), ld.fits(budget, 0, 1) > 0, l.clock.Now())
	p.stats.Limit = int(p.depth)
	if s, ok := p.src.(DepthSetter); ok && p.depth != was {
		s.SetDepth(int(p.depth))
	}
}

// follow moves the depth towards fit, the deepest that fits now: down
// after lowerFrames frames that do not fit (at once for a probe: each
// frame more is one more copy that does not), up a tick once a deeper
// one has fitted for raiseAfter, and at 0, when ticksFit (a tick would
// fit, but not with a copy), to 1 for a probe now and then.
func (p *prediction) follow(fit uint64, ticksFit bool, now time.Duration) {
	ld := &p.load
	switch {
	case fit < p.depth:
		ld.fitsFrom = 0
		if ld.over++; ld.over >= lowerFrames || ld.probing {
			p.depth, ld.over, ld.probing = fit, 0, false
			p.stats.Lowered++
			p.stats.LimitLowest = min(p.stats.LimitLowest, int(fit))
		}
	case fit > p.depth:
		ld.over, ld.probeAt = 0, 0
		if ld.fitsFrom == 0 {
			ld.fitsFrom = now + 1
		} else if now-(ld.fitsFrom-1) >= raiseAfter {
			p.depth++
			ld.fitsFrom = now + 1
			ld.probeWait, ld.probing = 0, false // the waits start again
		}
	default:
		ld.over, ld.fitsFrom = 0, 0
		if p.depth > 0 {
			ld.probing = false // a probe that fits is a depth as any
		} else if ticksFit && ld.probe(now) {
			p.depth, ld.probing = 1, true
			p.stats.Probes++
		}
	}
}

// probe runs at depth 0 while the ticks fit but not a copy with them,
// and reports whether to try a depth of 1 now. At depth 0 no copy is
// made, so the cost of one stays the last measured, and a copy measured
// on a busy moment would keep the prediction off for the rest of the
// session; a probe lets the next copy be measured afresh (it replaces the estimate rather than
// moving it an eighth of the way). One that still does not fit is
// lowered again at once, and the next waits twice as long, up to
// probeMost; only a depth that fits and rises starts the waits again
// from probeFirst (one fast copy among slow ones does not).
func (ld *predictLoad) probe(now time.Duration) bool {
	if ld.probeWait == 0 {
		ld.probeWait = probeFirst
	}
	if ld.probeAt == 0 {
		ld.probeAt = now + ld.probeWait + 1
		return false
	}
	if now < ld.probeAt-1 {
		return false
	}
	ld.probeAt, ld.probeWait = 0, min(2*ld.probeWait, probeMost)
	ld.copied = false
	return true
}
