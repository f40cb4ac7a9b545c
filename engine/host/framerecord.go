package host

import (
	"cmp"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"time"
)

// FrameRecord is one frame's account: what Wiring.AfterFrame is handed
// after each frame, and what Stats.WorstFrames keeps of the slowest.
type FrameRecord struct {
	N        uint64        // the frame's index, from 0
	Tick     uint64        // ticks run (verified ones under prediction) when the frame ended
	Start    time.Duration // when the frame began, since Run's start
	Duration time.Duration // from the frame's start to its end, its wait included
	Steps    int           // ticks the frame ran
	// Wall is the time in each Phase, indexed by it; CPU the loop
	// thread's CPU time there, all zero when the clock cannot read it.
	Wall, CPU [NumPhases]time.Duration
	// GCs counts the garbage collections that ended during the frame,
	// GCPause their stop-the-world pauses, in all (the pause can belong
	// to any goroutine's allocation; it stops the loop all the same).
	GCs     uint32
	GCPause time.Duration
	// Resimulated counts the predicted ticks the frame ran, Copied says
	// that it made the predicted copy again from the verified game (a
	// wrong guess or a rebase): both zero without prediction.
	Resimulated int
	Copied      bool
}

// keepWorst keeps r if it is among the slowest frames so far. The slice
// was sized at start: this allocates nothing.
func (s *Stats) keepWorst(r *FrameRecord) {
	if cap(s.worst) == 0 {
		return
	}
	if len(s.worst) < cap(s.worst) {
		s.worst = append(s.worst, *r)
		return
	}
	least := 0
	for i := range s.worst {
		if s.worst[i].Duration < s.worst[least].Duration {
			least = i
		}
	}
	if r.Duration > s.worst[least].Duration {
		s.worst[least] = *r
	}
}

// WorstFrames returns the slowest frames so far, slowest first (the
// earlier of two equally slow frames first), in a new slice.
func (s *Stats) WorstFrames() []FrameRecord {
	w := slices.Clone(s.worst)
	slices.SortFunc(w, func(a, b FrameRecord) int {
		if c := cmp.Compare(b.Duration, a.Duration); c != 0 {
			return c
		}
		return cmp.Compare(a.N, b.N)
	})
	return w
}

// gcWatch finds the garbage collections that ended in a frame. A cycle
// count from runtime/metrics is read each frame (no allocation, no
// stop of the world); only when it moved are the pauses read, through
// debug.ReadGCStats into buffers it keeps.
type gcWatch struct {
	sample [1]metrics.Sample
	stats  debug.GCStats
	cycles uint64
}

func newGCWatch() *gcWatch {
	g := &gcWatch{}
	g.sample[0].Name = "/gc/cycles/total:gc-cycles"
	debug.ReadGCStats(&g.stats) // sizes its buffers once
	g.cycles = uint64(g.stats.NumGC)
	return g
}

// frame sets r's GCs and GCPause: the collections since the last call.
func (g *gcWatch) frame(r *FrameRecord) {
	r.GCs, r.GCPause = 0, 0
	metrics.Read(g.sample[:])
	if g.sample[0].Value.Uint64() == g.cycles {
		return
	}
	debug.ReadGCStats(&g.stats)
	n := uint64(g.stats.NumGC) - g.cycles
	g.cycles = uint64(g.stats.NumGC)
	r.GCs = uint32(n)
	for _, p := range g.stats.Pause[:min(int(n), len(g.stats.Pause))] { // most recent first
		r.GCPause += p
	}
}
