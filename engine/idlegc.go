package engine

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
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
// It sets the process-wide GC percent, so have one at a time. As a backstop
// the runtime still collects by itself if the heap grows Backstop times past
// what survived the last collection, for when idle time never comes (an
// uncapped loop, a long stall).
type IdleGC struct {
	cfg      IdleGCConfig
	oldGC    int
	samples  [3]metrics.Sample
	estimate time.Duration // how long recent collections took, at worst
	stats    IdleGCStats

	cycles uint64 // GC cycles counted at the last look
	base   uint64 // bytes allocated in total at the last collection
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
	// Backstop is the GOGC percent set while the IdleGC runs: the runtime
	// collects on its own only past it. 0 means 400.
	Backstop int
}

// IdleGCStats counts what an IdleGC did.
type IdleGCStats struct {
	Collections int           // collections made in idle time
	Forced      int           // of those, made overdue with too little budget
	Total       time.Duration // time spent collecting
	Max         time.Duration // longest collection
}

// NewIdleGC sets the GC percent to cfg.Backstop and returns an IdleGC to
// call in idle time. Stop restores the GC percent.
func NewIdleGC(cfg IdleGCConfig) *IdleGC {
	if cfg.Growth <= 0 {
		cfg.Growth = 1
	}
	if cfg.MinGrowth == 0 {
		cfg.MinGrowth = 4 << 20
	}
	if cfg.Backstop <= 0 {
		cfg.Backstop = 400
	}
	g := &IdleGC{cfg: cfg}
	g.samples[0].Name = "/gc/heap/allocs:bytes"
	g.samples[1].Name = "/gc/heap/live:bytes"
	g.samples[2].Name = "/gc/cycles/total:gc-cycles"
	metrics.Read(g.samples[:])
	g.base, g.cycles = g.samples[0].Value.Uint64(), g.samples[2].Value.Uint64()
	g.oldGC = debug.SetGCPercent(cfg.Backstop)
	return g
}

// Collect collects garbage if a collection is due and, by the last one's
// duration, fits in budget, the time left before the loop must work again.
// A collection twice overdue runs whatever the budget, keeping memory
// bounded when the loop never idles. It reports whether it collected.
// When nothing is due it costs about a microsecond and allocates nothing.
func (g *IdleGC) Collect(budget time.Duration) bool {
	metrics.Read(g.samples[:])
	allocs, live, cycles := g.samples[0].Value.Uint64(), g.samples[1].Value.Uint64(), g.samples[2].Value.Uint64()
	if cycles != g.cycles {
		// A collection we did not make (the backstop, or someone's
		// runtime.GC): count growth from here.
		g.cycles, g.base = cycles, allocs
	}
	due := max(uint64(float64(live)*g.cfg.Growth), g.cfg.MinGrowth)
	grown := allocs - g.base
	// A collection takes as long as the last ones did, give or take: half
	// as long again is kept in hand, so one that runs over does not make
	// the frame late.
	fits := g.estimate+g.estimate/2 <= budget
	if grown < due || (!fits && grown < 2*due) {
		return false
	}
	start := time.Now()
	runtime.GC()
	d := time.Since(start)
	metrics.Read(g.samples[:])
	g.base, g.cycles = g.samples[0].Value.Uint64(), g.samples[2].Value.Uint64()
	g.estimate = max(d, g.estimate-g.estimate/4) // the worst recent one, fading
	g.stats.Collections++
	if !fits {
		g.stats.Forced++
	}
	g.stats.Total += d
	g.stats.Max = max(g.stats.Max, d)
	return true
}

// Stats returns what g has done so far.
func (g *IdleGC) Stats() IdleGCStats { return g.stats }

// Stop restores the GC percent NewIdleGC replaced.
func (g *IdleGC) Stop() { debug.SetGCPercent(g.oldGC) }
