package engine

import (
	"strconv"
	"time"
)

// Summary is the loop's part of a run's summary, with the JSON keys that
// ../shared/DESIGN.md fixes for every scene.
type Summary struct {
	Mode          string             `json:"mode"`
	ModeEffective string             `json:"mode_effective"`
	FPSTarget     float64            `json:"fps_target"`
	TPS           int                `json:"tps"`
	Frames        uint64             `json:"frames"`
	Presents      uint64             `json:"presents"`
	Ticks         uint64             `json:"ticks"`
	WallS         float64            `json:"wall_s"`
	FPS           float64            `json:"fps"`
	FrameMS       FrameMS            `json:"frame_ms"`
	LateUS        LateUS             `json:"late_us"`
	StepsPerFrame map[string]uint64  `json:"steps_per_frame"`
	Bailouts      uint64             `json:"bailouts"`
	DroppedMS     float64            `json:"dropped_ms"`
	Stalls        uint64             `json:"stalls"`
	HiddenMS      float64            `json:"hidden_ms"` // time nothing was drawn (window minimised or hidden), outside frame_ms and fps
	PhaseMS       map[string]float64 `json:"phase_ms"`
	Interpolated  bool               `json:"interpolated"`
	TimeScale     float64            `json:"time_scale"`
}

// FrameMS are percentiles of the interval between presents, in milliseconds.
type FrameMS struct {
	P50 float64 `json:"p50"`
	P90 float64 `json:"p90"`
	P99 float64 `json:"p99"`
	Max float64 `json:"max"`
}

// LateUS are percentiles of how late the loop woke after its deadlines,
// in microseconds.
type LateUS struct {
	P50 float64 `json:"p50"`
	P99 float64 `json:"p99"`
	Max float64 `json:"max"`
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
func us(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

func (l *Loop) summary() Summary {
	s := l.stats
	fi, late := s.FrameIntervals(), s.Lateness()
	sum := Summary{
		Mode:          l.Mode().String(),
		ModeEffective: l.EffectiveMode(),
		FPSTarget:     l.pacer.target(),
		TPS:           l.cfg.TPS,
		Frames:        s.Frames,
		Presents:      s.Presents,
		Ticks:         s.Ticks,
		WallS:         s.Wall.Seconds(),
		FrameMS:       FrameMS{P50: ms(fi.P50), P90: ms(fi.P90), P99: ms(fi.P99), Max: ms(fi.Max)},
		LateUS:        LateUS{P50: us(late.P50), P99: us(late.P99), Max: us(late.Max)},
		StepsPerFrame: make(map[string]uint64),
		Bailouts:      s.Bailouts,
		DroppedMS:     ms(s.Dropped),
		Stalls:        s.Stalls,
		HiddenMS:      ms(s.Hidden),
		PhaseMS:       make(map[string]float64, numPhases),
		Interpolated:  l.interp,
		TimeScale:     l.timeScale,
	}
	// The rate of presents from the second to the last: neither the
	// first frame's start-up work (a renderer warming up) nor hidden
	// time skews it.
	if s.steadySpan > 0 {
		sum.FPS = float64(s.steadyN) / s.steadySpan.Seconds()
	}
	for n, c := range s.StepsPerFrame {
		if c > 0 {
			sum.StepsPerFrame[strconv.Itoa(n)] = c
		}
	}
	for p, d := range s.PhaseTime {
		sum.PhaseMS[Phase(p).String()] = ms(d)
	}
	return sum
}
