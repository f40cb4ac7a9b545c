package runner

import (
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine/host"
)

// The HUD's phase times follow each phase's recent frames, about the
// last 30, and taking a frame's record allocates nothing.
func TestThePhaseTimesFollowRecentFramesWithoutAllocating(t *testing.T) {
	r := New(Options{})
	var rec host.FrameRecord
	rec.Wall[host.Phase(0)] = 10 * time.Millisecond
	for range 200 {
		r.AfterFrame(&rec)
	}
	if got := r.phaseAvg[0].Wall; got < 9*time.Millisecond || got > 10*time.Millisecond {
		t.Errorf("after 200 frames of 10ms: %v, want about 10ms", got)
	}
	if got := r.phaseAvg[0].Name; got != host.Phase(0).String() {
		t.Errorf("phase 0 is called %q, want %q", got, host.Phase(0).String())
	}
	if allocs := testing.AllocsPerRun(100, func() { r.AfterFrame(&rec) }); allocs != 0 {
		t.Errorf("a frame's record allocates %v times, want 0", allocs)
	}
}
