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

// -h lists the player's keys unless the game freed them, and says
// whether the developer's are on.
func TestHelpListsTheKeysThatAreOn(t *testing.T) {
	for _, tc := range []struct {
		keys      Keys
		f11, f12  bool
		debugWord string
	}{
		{Keys{}, true, true, "off: -debug turns them on"},
		{Keys{NoFullscreen: true, Debug: true}, false, true, "on"},
		{Keys{NoScreenshot: true}, true, false, "off: -debug turns them on"},
	} {
		var f11, f12 bool
		state := ""
		for _, k := range tc.keys.Help() {
			switch k[0] {
			case "F11, Alt+Enter":
				f11 = true
			case "F12":
				f12 = true
			case "debug keys":
				state = k[1]
			}
		}
		if f11 != tc.f11 || f12 != tc.f12 || state != tc.debugWord {
			t.Errorf("%+v: F11 %v, F12 %v, debug keys %q; want %v, %v, %q", tc.keys, f11, f12, state, tc.f11, tc.f12, tc.debugWord)
		}
	}
}
