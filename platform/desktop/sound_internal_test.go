package desktop

import (
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/platform/audio"
)

// The queue a 60 Hz frame keeps, with SDL's block, is at most 30 ms, and
// outlasts the frame: a frame fed at 60 Hz never lets the device run dry
// (the mixer's own tests feed it so).
func TestLatencyAt60HzIsUnder30ms(t *testing.T) {
	if l := audio.Latency(audioTarget, audioBuffer); l > 30*time.Millisecond {
		t.Errorf("latency %v, want at most 30 ms", l)
	}
	if frame := audio.Rate / 60; audioTarget-audioBuffer <= frame {
		t.Errorf("%d frames queued less a block of %d do not outlast a 60 Hz frame's %d", audioTarget, audioBuffer, frame)
	}
}
