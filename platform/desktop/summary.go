package desktop

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/framewatch"
	"github.com/lockstep-engine/lockstep/platform/desktop/internal/procstat"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
)

// Summary is a run's summary as -stats prints it and -stats-json writes
// it: the loop's report plus the process's figures and the game's. Its
// JSON keys are the schema every scene shares (README, "Samples and the
// shared command line"), and scripts rely on them: add keys freely, never
// rename or remove one.
type Summary struct {
	Scene         string             `json:"scene"`           // the game's name (Config.Name)
	Mode          string             `json:"mode"`            // the power mode asked for last: vsync, cap or uncapped
	ModeEffective string             `json:"mode_effective"`  // the pacing in force, e.g. "cap (no display)"
	FPSTarget     float64            `json:"fps_target"`      // frames a second aimed at; 0 uncapped or unknown
	TPS           int                `json:"tps"`             // ticks a second
	Frames        uint64             `json:"frames"`          // frames run
	Presents      uint64             `json:"presents"`        // frames presented (a hidden window presents none)
	Ticks         uint64             `json:"ticks"`           // ticks run (verified ones in a predicting session)
	WallS         float64            `json:"wall_s"`          // real time from the start to the last frame, in seconds
	FPS           float64            `json:"fps"`             // presents a second, from the second to the last
	FrameMS       FrameMS            `json:"frame_ms"`        // the interval between presents
	LateUS        LateUS             `json:"late_us"`         // how late presents came after their deadlines
	StepsPerFrame map[string]uint64  `json:"steps_per_frame"` // frames that ran n ticks, keyed by n ("0", "1"...)
	Bailouts      uint64             `json:"bailouts"`        // frames whose ticks MaxSteps cut short; 0: none
	DroppedMS     float64            `json:"dropped_ms"`      // simulated time the bailouts gave up
	Stalls        uint64             `json:"stalls"`          // frames clamped to -max-frame
	HiddenMS      float64            `json:"hidden_ms"`       // time nothing was drawn (window minimised or hidden), outside frame_ms and fps
	PhaseMS       map[string]float64 `json:"phase_ms"`        // wall time in each loop phase, by its name
	PhaseCPUMS    map[string]float64 `json:"phase_cpu_ms"`    // the loop thread's CPU time in each phase (all 0 where the system cannot read it: macOS, BSD)
	// WorstFrames are the slowest frames, slowest first (5 unless
	// Loop.WorstFrames says), each with its phases.
	WorstFrames []WorstFrame `json:"worst_frames"`
	// Hitches are the frames -hitch caught, each with its trace; empty
	// without -hitch.
	Hitches []Hitch `json:"hitches"`
	// HitchesUnwritten counts hitches in no trace: 10 traces were
	// written (or 100 hitches listed) before them.
	HitchesUnwritten int `json:"hitches_unwritten,omitempty"`
	// FramesOutFull says -frames-out stopped at its limit of frames
	// (framefile.MaxFrames); later frames are not in it.
	FramesOutFull bool    `json:"frames_out_full,omitempty"`
	Interpolated  bool    `json:"interpolated"` // whether frames were drawn between ticks at the end
	TimeScale     float64 `json:"time_scale"`   // the time scale at the end (1: real time)

	CPUS           float64 `json:"cpu_s"`                  // the process's CPU time, in seconds
	AllocsPerFrame float64 `json:"allocs_per_frame"`       // heap allocations per frame over the run
	GCCycles       uint32  `json:"gc_cycles"`              // garbage collections during the run
	GCPauseMS      float64 `json:"gc_pause_ms"`            // their stop-the-world pauses, in all
	Bodies         int     `json:"bodies"`                 // bodies in the world after the last tick (0: no world)
	StateHash      string  `json:"state_hash"`             // hex digest of the state after the last tick
	Seed           uint64  `json:"seed"`                   // the scene's seed
	Physics        string  `json:"physics"`                // the physics engine ("chipmunk" or "box2d"); empty without a world
	VideoDriver    string  `json:"video_driver,omitempty"` // SDL's video driver; empty when none opened
	Renderer       string  `json:"renderer,omitempty"`     // SDL's renderer; empty when none opened
	Headless       bool    `json:"headless"`               // true when the run had no visible window
	// HeadlessReason says why a run had no visible window: asked for, no
	// display, or a display that could not be opened.
	HeadlessReason string `json:"headless_reason,omitempty"`
	Error          string `json:"error,omitempty"` // why the run failed; empty when it did not
	// FastReplay marks a headless replay run as fast as the CPU allows:
	// no frame target, and its bailouts and dropped time say nothing
	// about the machine (every recorded tick still runs).
	FastReplay bool `json:"fast_replay,omitempty"`
	// SimulatedS is a fast replay's time on the clock it ran on (wall_s
	// is the real time it took); 0 otherwise.
	SimulatedS float64 `json:"simulated_s,omitempty"`
	// IdleGC is what the idle-time collector did (absent with -idle-gc=false).
	IdleGC *IdleGCSummary `json:"idle_gc,omitempty"`
	// Netplay is the session's numbers (absent when playing alone).
	Netplay *NetSummary `json:"netplay,omitempty"`
	// SyncTest is what -synctest found (absent without it).
	SyncTest *SyncTestSummary `json:"synctest,omitempty"`
	SoundSummary
}

// FrameMS are percentiles of the interval between presents, in milliseconds.
type FrameMS struct {
	// P50, P90 and P99 are percentiles, Max the longest; all 0 when no
	// interval was measured.
	P50 float64 `json:"p50"`
	P90 float64 `json:"p90"`
	P99 float64 `json:"p99"`
	Max float64 `json:"max"`
}

// LateUS are percentiles of how late the loop woke after its deadlines,
// in microseconds.
type LateUS struct {
	// P50 and P99 are percentiles, Max the latest; all 0 when nothing
	// waited for a deadline (uncapped, or vsync honoured).
	P50 float64 `json:"p50"`
	P99 float64 `json:"p99"`
	Max float64 `json:"max"`
}

// WorstFrame is one of the slowest frames (see host.FrameRecord).
type WorstFrame struct {
	Frame      uint64             `json:"frame"`        // the frame's index, from 0
	Tick       uint64             `json:"tick"`         // ticks run when it ended
	StartS     float64            `json:"start_s"`      // when it began, in seconds from the loop's start
	MS         float64            `json:"ms"`           // its duration, its wait included
	Ticks      int                `json:"ticks"`        // ticks it ran
	PhaseMS    map[string]float64 `json:"phase_ms"`     // wall time in each phase
	PhaseCPUMS map[string]float64 `json:"phase_cpu_ms"` // the loop thread's CPU time in each phase
	GCs        uint32             `json:"gcs"`          // garbage collections that ended in it
	GCPauseMS  float64            `json:"gc_pause_ms"`  // their stop-the-world pauses
	// Resimulated counts the predicted ticks it ran; Copied says the
	// predicted copy was made again in it (a wrong guess or a rebase).
	Resimulated int  `json:"resimulated"`
	Copied      bool `json:"copied"`
}

// phaseMap is a phase array as the summary keys it: by phase name.
func phaseMap(a *[host.NumPhases]time.Duration) map[string]float64 {
	m := make(map[string]float64, len(a))
	for p, d := range a {
		m[host.Phase(p).String()] = ms(d)
	}
	return m
}

// IdleGCSummary is what the idle-time collector did (see host.IdleGCStats).
type IdleGCSummary struct {
	Collections int     `json:"collections"` // blocking collections it made
	Forced      int     `json:"forced"`      // of those, made without time for them
	TotalMS     float64 `json:"total_ms"`    // the time they took, in all
	MaxMS       float64 `json:"max_ms"`      // the longest: the loop was blocked that long
	// Overran counts collections that took longer than the frame had to spare.
	Overran int `json:"overran"`
	// HandedOver counts the times collecting went to the runtime's
	// concurrent collector for want of spare time.
	HandedOver int `json:"handed_over"`
	// RuntimeCycles counts the collections the runtime ran by itself.
	RuntimeCycles int `json:"runtime_cycles"`
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
func us(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

// measured is what the steps of a run's loop measured, each returned by
// the step that measured it, for the run's Summary (run.summary).
type measured struct {
	report        *host.Report
	before, after procstat.Use     // the process's, around the loop
	fast          bool             // a headless replay as fast as the CPU allows
	idle          *IdleGCSummary   // nil without the idle-time collector
	net           *NetSummary      // nil alone
	sync          *SyncTestSummary // nil without -synctest
	watch         framewatch.Found // -hitch's and -frames-out's
	sound         SoundSummary
}

// addMeasured fills what the loop's steps measured, each part after
// those it reads: the hitches before the report (which makes none an
// empty list), the report and the replay's pace before the process's use.
func (s *Summary) addMeasured(m *measured) {
	s.Hitches, s.HitchesUnwritten, s.FramesOutFull = hitches(m.watch.Hitches), m.watch.Unwritten, m.watch.Full
	s.Netplay = m.net
	s.addReport(m.report)
	s.FastReplay = m.fast
	s.addUsage(m.before, m.after)
	s.SoundSummary = m.sound
	s.IdleGC, s.SyncTest = m.idle, m.sync
}

// hitches are the hitches -hitch caught as the summary lists them; nil
// without -hitch.
func hitches(hs []framewatch.Hitch) []Hitch {
	if hs == nil {
		return nil
	}
	out := make([]Hitch, 0, len(hs))
	for _, h := range hs {
		out = append(out, Hitch{File: h.File, Frame: h.Frame, Tick: h.Tick, MS: ms(h.Duration), Error: h.Error})
	}
	return out
}

// idleSummary is what the idle-time collector g did; nil without one.
func idleSummary(g *host.IdleGC) *IdleGCSummary {
	if g == nil {
		return nil
	}
	st := g.Stats()
	return &IdleGCSummary{Collections: st.Collections, Forced: st.Forced,
		TotalMS: ms(st.Total), MaxMS: ms(st.Max), Overran: st.Overran,
		HandedOver: st.HandedOver, RuntimeCycles: st.RuntimeCycles}
}

// addReport fills the loop's part of the summary.
func (s *Summary) addReport(r *host.Report) {
	s.Mode, s.ModeEffective, s.FPSTarget, s.TPS = r.Mode.String(), r.EffectiveMode, r.FPSTarget, r.TPS
	s.Frames, s.Presents, s.Ticks = r.Frames, r.Presents, r.Ticks
	s.WallS, s.FPS = r.Wall.Seconds(), r.FPS
	f := r.FrameTimes
	s.FrameMS = FrameMS{P50: ms(f.P50), P90: ms(f.P90), P99: ms(f.P99), Max: ms(f.Max)}
	l := r.Late
	s.LateUS = LateUS{P50: us(l.P50), P99: us(l.P99), Max: us(l.Max)}
	s.StepsPerFrame = make(map[string]uint64)
	for n, c := range r.StepsPerFrame {
		if c > 0 {
			s.StepsPerFrame[strconv.Itoa(n)] = c
		}
	}
	s.Bailouts, s.DroppedMS, s.Stalls, s.HiddenMS = r.Bailouts, ms(r.Dropped), r.Stalls, ms(r.Hidden)
	s.PhaseMS, s.PhaseCPUMS = phaseMap(&r.PhaseTime), phaseMap(&r.PhaseCPU)
	s.WorstFrames = make([]WorstFrame, 0, len(r.WorstFrames))
	for i := range r.WorstFrames {
		f := &r.WorstFrames[i]
		s.WorstFrames = append(s.WorstFrames, WorstFrame{Frame: f.N, Tick: f.Tick, StartS: f.Start.Seconds(),
			MS: ms(f.Duration), Ticks: f.Steps, PhaseMS: phaseMap(&f.Wall), PhaseCPUMS: phaseMap(&f.CPU),
			GCs: f.GCs, GCPauseMS: ms(f.GCPause), Resimulated: f.Resimulated, Copied: f.Copied})
	}
	if s.Hitches == nil {
		s.Hitches = []Hitch{}
	}
	s.Interpolated, s.TimeScale = r.Interpolated, r.TimeScale
	s.Bodies, s.StateHash = r.Bodies, fmt.Sprintf("%016x", r.StateHash)
}

// addUsage fills what the process used over the loop, read before and
// after it.
func (s *Summary) addUsage(before, after procstat.Use) {
	s.CPUS = (after.CPU - before.CPU).Seconds()
	if s.FastReplay { // its loop ran on a clock that never waits: wall_s is real time
		s.SimulatedS = s.WallS
		s.WallS = after.Wall.Sub(before.Wall).Seconds()
		if s.WallS > 0 {
			s.FPS = float64(s.Frames) / s.WallS
		}
	}
	if s.Frames > 0 {
		s.AllocsPerFrame = float64(after.Mallocs-before.Mallocs) / float64(s.Frames)
	}
	s.GCCycles = after.GCs - before.GCs
	s.GCPauseMS = float64(after.Pause-before.Pause) / 1e6
}

// writeJSON writes the summary to path whole or not at all (see
// internal/output).
func (s *Summary) writeJSON(ctx context.Context, path string) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("-stats-json: encode summary: %w", err)
	}
	return writeOutput(ctx, "-stats-json", path, func(f *output.File) error {
		_, err := f.Write(append(b, '\n'))
		return err
	})
}

// writeText prints the summary for a person.
func (s *Summary) writeText(w io.Writer) {
	fmt.Fprintf(w, "scene %s  seed %d  physics %s  mode %s (effective %s)  tps %d\n", s.Scene, s.Seed, s.Physics, s.Mode, s.ModeEffective, s.TPS)
	target := fmt.Sprintf("target %.1f", s.FPSTarget)
	if s.FastReplay {
		target = "a replay as fast as the CPU allows: no target"
	}
	fmt.Fprintf(w, "frames %d  ticks %d  wall %.2fs  fps %.1f (%s)\n", s.Frames, s.Ticks, s.WallS, s.FPS, target)
	fmt.Fprintf(w, "frame ms  p50 %.3f  p90 %.3f  p99 %.3f  max %.3f\n", s.FrameMS.P50, s.FrameMS.P90, s.FrameMS.P99, s.FrameMS.Max)
	fmt.Fprintf(w, "late us   p50 %.1f  p99 %.1f  max %.1f\n", s.LateUS.P50, s.LateUS.P99, s.LateUS.Max)
	fmt.Fprint(w, "ticks per frame")
	for n := 0; len(s.StepsPerFrame) > 0 && n <= host.MaxMaxSteps; n++ {
		if c, ok := s.StepsPerFrame[strconv.Itoa(n)]; ok {
			fmt.Fprintf(w, "  %d:%d", n, c)
		}
	}
	fmt.Fprintln(w)
	if s.FastReplay {
		// Its clock races ahead of the ticks on purpose; the recording, not
		// the clock, decides every tick's input.
		fmt.Fprintf(w, "bailouts %d  dropped %.1fms  stalls %d (expected of a fast replay: no tick is lost)\n", s.Bailouts, s.DroppedMS, s.Stalls)
	} else {
		fmt.Fprintf(w, "bailouts %d  dropped %.1fms  stalls %d\n", s.Bailouts, s.DroppedMS, s.Stalls)
	}
	s.writePhases(w)
	fmt.Fprintf(w, "cpu %.2fs  allocs/frame %.2f  gc %d cycles %.2fms paused\n", s.CPUS, s.AllocsPerFrame, s.GCCycles, s.GCPauseMS)
	if g := s.IdleGC; g != nil {
		fmt.Fprintf(w, "idle gc %d collections (%d forced, %d overran)  %.2fms total  %.2fms max  %d handed over to the runtime, which ran %d\n",
			g.Collections, g.Forced, g.Overran, g.TotalMS, g.MaxMS, g.HandedOver, g.RuntimeCycles)
	}
	fmt.Fprintf(w, "bodies %d  state_hash %s\n", s.Bodies, s.StateHash)
	if st := s.SyncTest; st != nil {
		first := "none"
		if st.FirstMismatch != nil {
			first = strconv.FormatUint(*st.FirstMismatch, 10)
		}
		fmt.Fprintf(w, "synctest depth %d  checked %d  first mismatch %s\n", st.Depth, st.Checked, first)
	}
	s.writeWorst(w)
	s.SoundSummary.writeText(w)
	if s.Netplay != nil {
		s.Netplay.writeText(w)
	}
}

// writePhases prints each phase that took time as wall/CPU milliseconds.
func (s *Summary) writePhases(w io.Writer) {
	fmt.Fprint(w, "phase ms wall/cpu")
	writePhaseList(w, s.PhaseMS, s.PhaseCPUMS, 0)
	fmt.Fprintln(w)
}

// writePhaseList prints the phases of wall that took more than least
// milliseconds, in the loop's order, as "  name wall/cpu".
func writePhaseList(w io.Writer, wall, cpu map[string]float64, least float64) {
	for p := range host.NumPhases {
		name := p.String()
		if d := wall[name]; d > least {
			fmt.Fprintf(w, "  %s %.1f/%.1f", name, d, cpu[name])
		}
	}
}

// writeWorst prints the worst frames, one a line, and the hitches caught.
func (s *Summary) writeWorst(w io.Writer) {
	if len(s.WorstFrames) > 0 {
		fmt.Fprintln(w, "worst frames (ms wall/cpu)")
	}
	for _, f := range s.WorstFrames {
		fmt.Fprintf(w, "  frame %d tick %d at %.2fs: %.2fms, %d ticks", f.Frame, f.Tick, f.StartS, f.MS, f.Ticks)
		if f.GCs > 0 {
			fmt.Fprintf(w, ", gc %d (%.2fms paused)", f.GCs, f.GCPauseMS)
		}
		if f.Resimulated > 0 || f.Copied {
			fmt.Fprintf(w, ", predicted %d ticks (copied %v)", f.Resimulated, f.Copied)
		}
		fmt.Fprint(w, ":")
		writePhaseList(w, f.PhaseMS, f.PhaseCPUMS, 0.05)
		fmt.Fprintln(w)
	}
	writeHitches(w, s.Hitches)
	if s.HitchesUnwritten > 0 {
		fmt.Fprintf(w, "hitches in no trace: %d (%d traces were written before them)\n", s.HitchesUnwritten, maxHitches)
	}
}

// writeHitches prints one line a hitch trace: the frames it holds and
// the longest of them.
func writeHitches(w io.Writer, hs []Hitch) {
	for i := 0; i < len(hs); {
		j, longest := i, i
		for ; j < len(hs) && hs[j].File == hs[i].File; j++ {
			if hs[j].MS > hs[longest].MS {
				longest = j
			}
		}
		fmt.Fprintf(w, "hitch trace %s: %d frames from %d to %d, longest %.2fms (frame %d tick %d)",
			hs[i].File, j-i, hs[i].Frame, hs[j-1].Frame, hs[longest].MS, hs[longest].Frame, hs[longest].Tick)
		if hs[i].Error != "" {
			fmt.Fprintf(w, " (not written: %s)", hs[i].Error)
		}
		fmt.Fprintln(w)
		i = j
	}
}

// Hitch is a frame -hitch caught, as the summary lists it.
type Hitch struct {
	File  string  `json:"file"`  // the trace that holds it: NAME-hitch-N.trace beside the outputs
	Frame uint64  `json:"frame"` // the frame's index
	Tick  uint64  `json:"tick"`  // ticks run when it ended
	MS    float64 `json:"ms"`    // its duration
	// Error says why the trace could not be written; empty when it was.
	Error string `json:"error,omitempty"`
}
