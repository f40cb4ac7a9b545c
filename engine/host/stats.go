package host

import (
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// Phase is a part of the frame whose time the loop keeps apart.
type Phase uint8

// The phases of a frame, in the order they run. Their names (String) are
// the keys of the summary's phase_ms and phase_cpu_ms and the CPU
// profile's "phase" label; their numbers may change between versions.
const (
	PhaseInput    Phase = iota // draining platform events, Update
	PhaseNet                   // the netplay session's I/O for the frame (Lockstep.Frame)
	PhaseTick                  // the game's Tick (verified ticks under prediction)
	PhasePhysics               // World.Step
	PhaseSnapshot              // copying the world out and blending it
	PhaseCopy                  // prediction: copying the verified game into the predicted copy
	PhasePredict               // prediction: predicted ticks, run again or anew (game and physics)
	PhaseRender                // the game's Draw and the AfterDraw hook (a HUD)
	PhaseFlush                 // the platform's batching and flush of what was drawn (Flusher)
	PhasePresent               // the platform's Present (and vsync's wait)
	PhaseIdle                  // Wiring.GC's work in the frame's spare time
	PhaseWait                  // pacing: sleeping until the next deadline
	NumPhases                  // how many phases there are
)

var phaseNames = [NumPhases]string{"input", "net", "tick", "physics", "snapshot", "copy", "predict", "render", "flush", "present", "idle", "wait"}

// String returns the phase's name as pprof labels and summaries spell it.
func (p Phase) String() string {
	if p < NumPhases {
		return phaseNames[p]
	}
	return "unknown"
}

// Percentiles summarises a distribution of durations.
type Percentiles struct {
	// P50, P90 and P99 are the median, 90th and 99th percentiles, Max the
	// largest; all zero when nothing was measured.
	P50, P90, P99, Max time.Duration
}

// frameGraphLen is how many recent frame intervals Stats keeps for a HUD graph.
const frameGraphLen = 240

// Stats are the loop's running statistics, kept in buffers sized once at
// start so that recording a frame allocates nothing.
type Stats struct {
	Frames, Ticks uint64        // frames run and ticks run (verified ticks under prediction); 0 before the first
	Bailouts      uint64        // frames whose ticks were cut short by MaxSteps
	Dropped       time.Duration // simulated time given up by bailouts
	// Measured, Ticked and Carried account for every nanosecond of
	// simulated time: after each frame's ticks, Measured == Ticked +
	// Loop.TickDebt() + Dropped + Carried + Loop.Held().Stalled (the
	// last is a netplay session's, zero otherwise). All are zero before
	// the first frame.
	//
	// Measured is the frame time the accumulator was given, clamped to
	// MaxFrame and scaled by the time scale (paused frames give none).
	Measured time.Duration
	// Ticked is the simulated time the ticks ran out of it (a tick run by
	// StepOnce while paused takes none).
	Ticked time.Duration
	// Carried is what the cadence snap and the tick phase hold back to
	// keep ticks even under vsync or a cap (negative: given ahead). It
	// stays under a tick and a quarter period while frames snap, and is
	// paid back over the following frames, never in one, when they stop.
	Carried       time.Duration
	Stalls        uint64                   // frames clamped to MaxFrame
	StepsPerFrame []uint64                 // StepsPerFrame[n]: frames that ran n ticks
	LastSteps     int                      // ticks run by the latest frame
	PhaseTime     [NumPhases]time.Duration // time spent in each Phase, indexed by it
	// PhaseCPU is the loop thread's CPU time in each Phase, indexed by
	// it; all zero when the clock cannot read it (see ThreadCPUClock).
	PhaseCPU [NumPhases]time.Duration
	Wall     time.Duration // from Run's start to the end of the last frame
	Presents uint64        // frames presented (hidden windows present none)
	// Hidden is the time nothing was drawn (the window minimised or
	// hidden): it is kept out of the frame intervals, Recent and the FPS.
	Hidden time.Duration
	// The intervals after the second present, summed for the FPS: the
	// first frame carries start-up work.
	steadySpan time.Duration
	steadyN    int64

	intervals *hdrhistogram.Histogram // between presents, ns
	late      *hdrhistogram.Histogram // wake after a deadline, ns
	recent    [frameGraphLen]time.Duration
	recentN   int
	worst     []FrameRecord // the slowest frames so far, in no order; its capacity is how many
}

// histMax is the longest duration the histograms track; longer ones count
// as this.
const histMax = int64(time.Minute)

func newStats(maxSteps, worst int) *Stats {
	return &Stats{
		StepsPerFrame: make([]uint64, maxSteps+1),
		worst:         make([]FrameRecord, 0, worst),
		intervals:     hdrhistogram.New(1, histMax, 3),
		late:          hdrhistogram.New(1, histMax, 3),
	}
}

func record(h *hdrhistogram.Histogram, d time.Duration) {
	v := int64(d)
	if v < 0 {
		v = 0
	}
	if v > histMax {
		v = histMax
	}
	_ = h.RecordValue(v) // in range by construction: cannot fail
}

// recordInterval keeps the time between two presents. A negative one (the
// clock stepped back) measures nothing and is left out: a HUD averaging
// Recent would show nonsense for as long as it stayed in view.
func (s *Stats) recordInterval(d time.Duration) {
	if d < 0 {
		return
	}
	if s.Presents >= 2 {
		s.steadySpan += d
		s.steadyN++
	}
	record(s.intervals, d)
	s.recent[s.recentN%frameGraphLen] = d
	s.recentN++
}

// FrameIntervals returns percentiles of the time between presents.
func (s *Stats) FrameIntervals() Percentiles { return percentiles(s.intervals) }

// Lateness returns percentiles of how late the loop woke after each
// frame-cap deadline (zero when it never waited for one).
func (s *Stats) Lateness() Percentiles { return percentiles(s.late) }

// Recent copies the most recent frame intervals, oldest first, into dst
// and returns it; for a HUD's frame-time graph and FPS. Hidden time and a
// clock that stepped back are left out, so none is negative and the
// average is right from the first frame after the window shows again.
func (s *Stats) Recent(dst []time.Duration) []time.Duration {
	n := min(s.recentN, frameGraphLen)
	dst = dst[:0]
	for i := s.recentN - n; i < s.recentN; i++ {
		dst = append(dst, s.recent[i%frameGraphLen])
	}
	return dst
}

func percentiles(h *hdrhistogram.Histogram) Percentiles {
	if h.TotalCount() == 0 {
		return Percentiles{}
	}
	return Percentiles{
		P50: time.Duration(h.ValueAtQuantile(50)),
		P90: time.Duration(h.ValueAtQuantile(90)),
		P99: time.Duration(h.ValueAtQuantile(99)),
		Max: time.Duration(h.Max()),
	}
}
