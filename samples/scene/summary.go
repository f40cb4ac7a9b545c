package scene

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// Summary is a run's summary: the loop's figures plus the process's and
// the scene's. Its JSON keys are fixed by ../shared/DESIGN.md.
type Summary struct {
	Scene string `json:"scene"`
	engine.Summary
	CPUS           float64 `json:"cpu_s"`
	AllocsPerFrame float64 `json:"allocs_per_frame"`
	GCCycles       uint32  `json:"gc_cycles"`
	GCPauseMS      float64 `json:"gc_pause_ms"`
	Bodies         int     `json:"bodies"`
	StateHash      string  `json:"state_hash"`
	Seed           uint64  `json:"seed"`
	VideoDriver    string  `json:"video_driver,omitempty"`
	Renderer       string  `json:"renderer,omitempty"`
	Headless       bool    `json:"headless"`
	Error          string  `json:"error,omitempty"`
	// IdleGC is what the idle-time collector did (absent with -idle-gc=false).
	IdleGC *IdleGCSummary `json:"idle_gc,omitempty"`
}

// IdleGCSummary counts the collections made in frames' idle time.
type IdleGCSummary struct {
	Collections int     `json:"collections"`
	Forced      int     `json:"forced"`
	TotalMS     float64 `json:"total_ms"`
	MaxMS       float64 `json:"max_ms"`
}

// usage is what the process has used, read before and after the loop.
type usage struct {
	cpu     time.Duration
	mallocs uint64
	gcs     uint32
	pause   uint64
}

func readUsage() usage {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return usage{cpu: cpuTime(), mallocs: m.Mallocs, gcs: m.NumGC, pause: m.PauseTotalNs}
}

func (s *Summary) addUsage(before, after usage) {
	s.CPUS = (after.cpu - before.cpu).Seconds()
	if s.Frames > 0 {
		s.AllocsPerFrame = float64(after.mallocs-before.mallocs) / float64(s.Frames)
	}
	s.GCCycles = after.gcs - before.gcs
	s.GCPauseMS = float64(after.pause-before.pause) / 1e6
}

// writeJSON writes the summary to path, through a temporary file so a
// reader never sees half of it.
func (s *Summary) writeJSON(path string) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("encode summary: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write summary: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write summary: %w", err)
	}
	return nil
}

// writeText prints the summary for a person.
func (s *Summary) writeText(w io.Writer) {
	fmt.Fprintf(w, "scene %s  seed %d  mode %s (effective %s)  tps %d\n", s.Scene, s.Seed, s.Mode, s.ModeEffective, s.TPS)
	fmt.Fprintf(w, "frames %d  ticks %d  wall %.2fs  fps %.1f (target %.1f)\n", s.Frames, s.Ticks, s.WallS, s.FPS, s.FPSTarget)
	fmt.Fprintf(w, "frame ms  p50 %.3f  p90 %.3f  p99 %.3f  max %.3f\n", s.FrameMS.P50, s.FrameMS.P90, s.FrameMS.P99, s.FrameMS.Max)
	fmt.Fprintf(w, "late us   p50 %.1f  p99 %.1f  max %.1f\n", s.LateUS.P50, s.LateUS.P99, s.LateUS.Max)
	keys := make([]int, 0, len(s.StepsPerFrame))
	for k := range s.StepsPerFrame {
		n, _ := strconv.Atoi(k)
		keys = append(keys, n)
	}
	slices.Sort(keys)
	fmt.Fprint(w, "ticks per frame")
	for _, k := range keys {
		fmt.Fprintf(w, "  %d:%d", k, s.StepsPerFrame[strconv.Itoa(k)])
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "bailouts %d  dropped %.1fms  stalls %d\n", s.Bailouts, s.DroppedMS, s.Stalls)
	fmt.Fprintf(w, "cpu %.2fs  allocs/frame %.2f  gc %d cycles %.2fms paused\n", s.CPUS, s.AllocsPerFrame, s.GCCycles, s.GCPauseMS)
	if g := s.IdleGC; g != nil {
		fmt.Fprintf(w, "idle gc %d collections (%d forced)  %.2fms total  %.2fms max\n", g.Collections, g.Forced, g.TotalMS, g.MaxMS)
	}
	fmt.Fprintf(w, "bodies %d  state_hash %s\n", s.Bodies, s.StateHash)
}
