package sound

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
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

// A predicted tick's sound is heard, once however often the tick runs
// again, and the verified tick that plays it records it without playing
// it twice; the recording is pure lockstep's.
func TestSoundOfPredictedTicksIsHeardOnceAndRecordedByTheVerifiedTick(t *testing.T) {
	beep, err := audio.NewSound("beep", audio.Rate, 1, slices.Repeat([]int16{3000}, audio.Rate/10))
	if err != nil {
		t.Fatal(err)
	}
	var rec bytes.Buffer
	r, err := audio.NewRunner(audio.Config{TPS: 60, Capture: &rec})
	if err != nil {
		t.Fatal(err)
	}
	s := &Sound{mixer: r}
	game := func(tk *engine.Tick) error {
		if tk.N == 2 {
			r.Mixer().Play(beep, audio.Params{})
		}
		return nil
	}
	for frame := range uint64(4) {
		if err := s.tick(&engine.Tick{N: frame}, game); err != nil {
			t.Fatal(err)
		}
		for n := frame + 1; n <= frame+3; n++ {
			if err := s.predictedTick(&engine.Tick{N: n}, game); err != nil {
				t.Fatal(err)
			}
		}
	}
	if st := r.Stats(); st.Predicted != 1 || st.Confirmed != 1 || st.Mispredicted != 0 {
		t.Errorf("predicted %d, confirmed %d, mispredicted %d; want 1, 1, 0", st.Predicted, st.Confirmed, st.Mispredicted)
	}
	if got, at := rec.Len(), 2*800*4; got != 4*800*4 || rec.Bytes()[at] != byte(3000&0xff) {
		t.Errorf("recorded %d bytes, byte %d = %d: want 4 ticks with the beep from tick 2", got, at, rec.Bytes()[at])
	}
}
