package host

import (
	"time"
)

// IdleGC moves garbage collection out of physics steps and into the time a
// frame spends waiting for its deadline. cp allocates for every colliding
// pair on every step, so with Go's default pacing a collection starts every
// few steps at a few thousand bodies, and the step it lands in pays for mark
// assists and sweeping. IdleGC instead collects, blocking and complete, when
// the loop says it has time to spare and the heap has grown enough to be
// worth it.
//
// When frames have no spare time for a collection (a scene that takes the
// whole frame, an uncapped loop), waiting for some only lets the heap grow
// until one must block the loop for a whole collection. IdleGC hands over
// instead: it sets the GC percent back to the pace of Growth and lets the
// runtime's own concurrent collector run, on another core where there is
// one, while the loop goes on; it takes collection back once frames have
// had time to spare for a second's worth of frames. Only if the runtime
// has still not collected when the heap has grown four times past due
// does IdleGC block to collect (Forced).
//
// It sets the process-wide GC percent, so have one at a time. As a backstop
// the runtime still collects by itself if the heap grows Backstop times past
// what survived the last collection.
type IdleGC struct {
	cfg      IdleGCConfig
	rt       gcRuntime
	oldGC    int
	estimate time.Duration // how long recent collections took, at worst
	stats    IdleGCStats

	cycles     uint64 // GC cycles counted at the last look
	base       uint64 // bytes allocated in total at the last collection
	handedOver bool   // the runtime's collector is in charge
	fitSeen    bool   // a frame since the last collection had time for one
	fitRun     int    // frames in a row, while handed over, with time for one
}

// IdleGCConfig tunes an IdleGC. The zero value is a sensible default.
type IdleGCConfig struct {
	// Growth is how far the heap may grow past what survived the last
	// collection before one is due, as a fraction of that: 1 collects at
	// the pace of Go's default GOGC=100. 0 means 1.
	Growth float64
	// MinGrowth is the least growth, in bytes, worth a collection, so
	// that a tiny heap is not collected every frame. 0 means 4 MiB.
	MinGrowth uint64
	// Backstop is the GOGC percent set while the IdleGC collects: the
	// runtime collects on its own only past it. 0 means 400.
	Backstop int
}

// IdleGCStats counts what an IdleGC did. The zero value is a run that
// collected nothing.
type IdleGCStats struct {
	Collections int           // blocking collections IdleGC made (in idle time, or forced)
	Forced      int           // of those, made with too little budget: the runtime had not collected in time
	Overran     int           // of those, ones that took longer than the budget they were given
	Total       time.Duration // time spent in them
	Max         time.Duration // the longest of them: the loop was blocked that long
	HandedOver  int           // times collection was handed to the runtime for want of spare time
	// RuntimeCycles is how many collections the runtime ran by itself,
	// concurrently with the loop: after a hand-over, or past the backstop.
	RuntimeCycles int
}

// Handing back to idle collections needs this many frames in a row with
// time for one (a second at 60 Hz): a frame or two of spare time in a
// heavy scene would only start the cycle again.
const takeBackAfter = 60

// NewIdleGC sets the GC percent to cfg.Backstop and returns an IdleGC to
// call in idle time. Stop restores the GC percent.
func NewIdleGC(cfg IdleGCConfig) *IdleGC {
	return newIdleGC(cfg, newGoRuntime())
}

func newIdleGC(cfg IdleGCConfig, rt gcRuntime) *IdleGC {
	if cfg.Growth <= 0 {
		cfg.Growth = 1
	}
	if cfg.MinGrowth == 0 {
		cfg.MinGrowth = 4 << 20
	}
	if cfg.Backstop <= 0 {
		cfg.Backstop = 400
	}
	g := &IdleGC{cfg: cfg, rt: rt}
	h := rt.heap()
	g.base, g.cycles = h.allocs, h.cycles
	g.oldGC = rt.setPercent(cfg.Backstop)
	return g
}

// Collect collects garbage if a collection is due and, by the last one's
// duration, fits in budget, the time left before the loop must work again.
// When collections are due and frames have no time for them, it hands
// collecting over to the runtime's concurrent collector (see IdleGC). It
// reports whether it collected. When nothing is due it costs about a
// microsecond and allocates nothing.
func (g *IdleGC) Collect(budget time.Duration) bool {
	h := g.rt.heap()
	if h.cycles != g.cycles {
		// Collections we did not make (the runtime's after a hand-over or
		// past the backstop, or someone's runtime.GC): count growth from
		// the last of them.
		g.stats.RuntimeCycles += int(h.cycles - g.cycles)
		g.cycles, g.base = h.cycles, h.allocs
	}
	// A collection takes as long as the last ones did, give or take: half
	// as long again is kept in hand, so one that runs over does not make
	// the frame late.
	fits := g.estimate+g.estimate/2 <= budget
	due := max(uint64(float64(h.live)*g.cfg.Growth), g.cfg.MinGrowth)
	grown := h.allocs - g.base
	if g.handedOver {
		return g.maybeTakeBack(fits, grown, due)
	}
	g.fitSeen = g.fitSeen || fits
	switch {
	case grown >= due && fits:
		g.collect(budget, false)
		return true
	case grown >= due/2 && !g.fitSeen, grown >= 2*due:
		// No frame had time for a collection while the heap grew half
		// way to due, or none came with it due: hand over early, so the
		// runtime starts its concurrent cycle at its own pace rather
		// than late, with heavy assists.
		g.handOver()
	}
	return false
}

// maybeTakeBack runs while the runtime collects: it takes collecting back
// after takeBackAfter frames in a row with time to spare, and blocks for
// a collection only if the runtime let the heap grow four times past due.
func (g *IdleGC) maybeTakeBack(fits bool, grown, due uint64) bool {
	if grown >= 4*due {
		g.collect(0, true)
		return true
	}
	if !fits {
		g.fitRun = 0
		return false
	}
	if g.fitRun++; g.fitRun >= takeBackAfter {
		g.handedOver, g.fitRun, g.fitSeen = false, 0, true
		g.rt.setPercent(g.cfg.Backstop)
	}
	return false
}

// handOver lets the runtime collect concurrently at the pace of Growth.
func (g *IdleGC) handOver() {
	g.handedOver, g.fitRun = true, 0
	g.stats.HandedOver++
	g.rt.setPercent(max(int(g.cfg.Growth*100), 1))
}

// collect blocks for a complete collection, given budget for it.
func (g *IdleGC) collect(budget time.Duration, forced bool) {
	d := g.rt.collect()
	h := g.rt.heap()
	g.base, g.cycles = h.allocs, h.cycles
	g.estimate = max(d, g.estimate-g.estimate/4) // the worst recent one, fading
	g.fitSeen = false
	g.stats.Collections++
	if forced {
		g.stats.Forced++
	}
	if d > budget {
		g.stats.Overran++
	}
	g.stats.Total += d
	g.stats.Max = max(g.stats.Max, d)
}

// Stats returns what g has done so far.
func (g *IdleGC) Stats() IdleGCStats { return g.stats }

// Stop restores the GC percent NewIdleGC replaced.
func (g *IdleGC) Stop() { g.rt.setPercent(g.oldGC) }
