package host

import (
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// Report is what a run did, as Run returns it: how it was paced, how many
// frames and ticks ran, how long they took and what was dropped.
// platform/desktop prints it as the JSON summary every scene shares.
type Report struct {
	Mode          engine.Mode   // the power mode asked for last
	EffectiveMode string        // the pacing in force: the mode, "cap (vsync ignored)", or "cap (no display)" (headless)
	FPSTarget     float64       // frames per second aimed at; 0 uncapped or unknown
	TPS           int           // ticks per second
	Frames        uint64        // frames run
	Presents      uint64        // frames presented (hidden windows present none)
	Ticks         uint64        // ticks run (verified ones under prediction)
	Wall          time.Duration // from Run's start to the end of the last frame
	// FPS is the rate of presents from the second to the last: neither the
	// first frame's start-up work (a renderer warming up) nor hidden
	// time skews it.
	FPS           float64
	FrameTimes    Percentiles   // the interval between presents
	Late          Percentiles   // how late the loop woke after its deadlines
	StepsPerFrame []uint64      // StepsPerFrame[n]: frames that ran n ticks
	Bailouts      uint64        // frames whose ticks MaxSteps cut short; 0: none
	Dropped       time.Duration // simulated time the bailouts gave up
	Stalls        uint64        // frames clamped to MaxFrame
	// Hidden is the time nothing was drawn (the window minimised or
	// hidden), kept out of FrameTimes and FPS.
	Hidden    time.Duration
	PhaseTime [NumPhases]time.Duration // time in each Phase, indexed by it
	// PhaseCPU is the loop thread's CPU time in each Phase, indexed by
	// it; all zero when the clock cannot read it (see ThreadCPUClock).
	PhaseCPU [NumPhases]time.Duration
	// WorstFrames are the slowest frames, slowest first: at most
	// Config.WorstFrames of them.
	WorstFrames  []FrameRecord
	Interpolated bool    // whether frames were drawn between ticks at the end
	TimeScale    float64 // the time scale at the end (1: real time)
	// Bodies is how many bodies the world held after the last tick (0
	// for a game that is not a Simulator).
	Bodies int
	// StateHash fingerprints the state after the last tick (see
	// Loop.StateHash).
	StateHash uint64
	// Held says how long a Lockstep held ticks (zero without one).
	Held HoldStats
	// Prediction says what drawing ahead of the confirmed input did (zero
	// without a Lockstep that predicts).
	Prediction PredictionStats
}

func (l *Loop) report() Report {
	s := l.stats
	r := Report{
		Mode:          l.Mode(),
		EffectiveMode: l.EffectiveMode(),
		FPSTarget:     l.pacer.target(),
		TPS:           l.cfg.TPS,
		Frames:        s.Frames,
		Presents:      s.Presents,
		Ticks:         s.Ticks,
		Wall:          s.Wall,
		FrameTimes:    s.FrameIntervals(),
		Late:          s.Lateness(),
		StepsPerFrame: append([]uint64(nil), s.StepsPerFrame...),
		Bailouts:      s.Bailouts,
		Dropped:       s.Dropped,
		Stalls:        s.Stalls,
		Hidden:        s.Hidden,
		PhaseTime:     s.PhaseTime,
		PhaseCPU:      s.PhaseCPU,
		WorstFrames:   s.WorstFrames(),
		Interpolated:  l.interp,
		TimeScale:     l.timeScale,
		Bodies:        len(l.cur),
		StateHash:     l.StateHash(),
		Held:          l.held,
		Prediction:    l.Prediction(),
	}
	if s.steadySpan > 0 {
		r.FPS = float64(s.steadyN) / s.steadySpan.Seconds()
	}
	return r
}
