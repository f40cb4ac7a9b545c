package main

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
)

// summary is the part of a scene's JSON summary (keys fixed by
// platform/desktop's Summary) that the tables use.
type summary struct {
	Scene         string  `json:"scene"`
	Mode          string  `json:"mode"`
	ModeEffective string  `json:"mode_effective"`
	FPSTarget     float64 `json:"fps_target"`
	TPS           int     `json:"tps"`
	Frames        uint64  `json:"frames"`
	Ticks         uint64  `json:"ticks"`
	WallS         float64 `json:"wall_s"`
	FPS           float64 `json:"fps"`
	FrameMS       struct {
		P50, P90, P99, Max float64
	} `json:"frame_ms"`
	LateUS struct {
		P50, P99, Max float64
	} `json:"late_us"`
	StepsPerFrame  map[string]uint64  `json:"steps_per_frame"`
	Bailouts       uint64             `json:"bailouts"`
	DroppedMS      float64            `json:"dropped_ms"`
	PhaseMS        map[string]float64 `json:"phase_ms"`
	CPUS           float64            `json:"cpu_s"`
	AllocsPerFrame float64            `json:"allocs_per_frame"`
	GCCycles       uint32             `json:"gc_cycles"`
	GCPauseMS      float64            `json:"gc_pause_ms"`
	Bodies         int                `json:"bodies"`
	StateHash      string             `json:"state_hash"`
	VideoDriver    string             `json:"video_driver"`
	Renderer       string             `json:"renderer"`
}

func readSummary(path string) (summary, error) {
	var s summary
	b, err := os.ReadFile(path)
	if err != nil {
		return s, fmt.Errorf("read summary: %w", err)
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return s, fmt.Errorf("read summary %s: %w", path, err)
	}
	return s, nil
}

// phaseOrder is the loop's phase order, as the summaries name them.
var phaseOrder = []string{"input", "net", "tick", "physics", "snapshot", "copy", "predict", "render", "flush", "present", "idle", "wait"}

// phases lists the summary's phases: the known ones in loop order, then
// any the engine has gained since, by name.
func (s *summary) phases() []string {
	out := slices.Clone(phaseOrder)
	var extra []string
	for p := range s.PhaseMS {
		if !slices.Contains(phaseOrder, p) {
			extra = append(extra, p)
		}
	}
	sort.Strings(extra)
	return append(out, extra...)
}

// stepsHistogram prints "0:12 1:590 2:3".
func (s *summary) stepsHistogram() string {
	keys := make([]int, 0, len(s.StepsPerFrame))
	for k := range s.StepsPerFrame {
		n, err := strconv.Atoi(k)
		if err == nil {
			keys = append(keys, n)
		}
	}
	sort.Ints(keys)
	out := ""
	for i, k := range keys {
		if i > 0 {
			out += " "
		}
		out += fmt.Sprintf("%d:%d", k, s.StepsPerFrame[strconv.Itoa(k)])
	}
	return out
}
