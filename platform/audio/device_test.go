package audio

import (
	"testing"
)

// The device hears the ticks' mix in order, silence while no tick runs
// (a pause), the frames' sounds on top, and the listener's volumes; the
// recording has none of the last two.
func TestTheDeviceHearsTicksInOrderAndSilenceWhilePaused(t *testing.T) {
	m := newTestMixer(t, nil)
	dev := &fakeDevice{}
	tone := square(t, 48000, 48000, 1000) // a constant 1,000
	var heard []int16
	frame := func(ticks int) {
		for range ticks {
			n := m.Stats().Frames / 800
			runTicks(t, m, n, n+1, nil)
		}
		if err := m.Feed(dev, 1200); err != nil {
			t.Fatal(err)
		}
		dev.consume(800)
		heard = append(heard, dev.heard...)
	}
	runTicks(t, m, 0, 1, func(uint64) { m.Play(tone, Params{}) })
	if err := m.Feed(dev, 1200); err != nil {
		t.Fatal(err)
	}
	if dev.Queued() != 1200 || dev.queued[0] != 1000 || dev.queued[2*800] != 0 {
		t.Fatalf("first feed: %d frames, %d then %d; want 1200: the tick's 800 at 1000, then silence", dev.Queued(), dev.queued[0], dev.queued[2*800])
	}
	dev.consume(800)
	frame(0) // paused: silence tops the queue up
	frame(0)
	frame(1) // resumed
	if st := m.Stats(); st.Padded != 400+800+800 || st.Underruns != 0 {
		t.Errorf("padded %d frames, %d underruns; want %d, 0", st.Padded, st.Underruns, 400+800+800)
	}
	// The paused stretch is silent and the tone comes back after it.
	if heard[0] != 0 || heard[2*1599] != 0 {
		t.Errorf("paused: %d, %d; want silence", heard[0], heard[2*1599])
	}
	if q := dev.queued; q[len(q)-2] != 1000 {
		t.Errorf("after resuming: %d, want the tone's 1000", q[len(q)-2])
	}

	m.SetVolume(Master, 0.5)
	m.SetVolume(Effects, 0.5)
	m.PlayNow(tone, Params{}) // a frame's sound
	frame(1)
	if got := dev.queued[len(dev.queued)-2]; got != (1000+1000)/4 {
		t.Errorf("tone + click at a quarter volume: %d, want %d", got, 500)
	}
	if m.Volume(Master) != 0.5 || m.Volume(Music) != 1 {
		t.Errorf("volumes %v %v", m.Volume(Master), m.Volume(Music))
	}
	m.SetMuted(true)
	frame(1)
	if got := dev.queued[len(dev.queued)-2]; got != 0 {
		t.Errorf("muted: %d", got)
	}
}

func TestUnderrunsAndRunningAheadAreCounted(t *testing.T) {
	m := newTestMixer(t, nil)
	dev := &fakeDevice{}
	if err := m.Feed(dev, 1200); err != nil {
		t.Fatal(err)
	}
	dev.consume(5000) // a stall: the device ran dry
	if err := m.Feed(dev, 1200); err != nil {
		t.Fatal(err)
	}
	runTicks(t, m, 0, 8, nil) // a time scale of 8: eight ticks in one frame
	if err := m.Feed(dev, 1200); err != nil {
		t.Fatal(err)
	}
	if st := m.Stats(); st.Underruns != 1 || st.Dropped != 8*800-2*800 {
		t.Errorf("%d underruns, %d frames dropped; want 1, %d", st.Underruns, st.Dropped, 8*800-2*800)
	}
}

func TestNewRunnerRefusesBadConfig(t *testing.T) {
	for _, c := range []Config{{TPS: -1}, {TPS: Rate + 1}, {Voices: -3}, {Voices: MaxVoices + 1}} {
		if _, err := NewRunner(c); err == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}

// The two ticks of a catch-up frame play their sounds a tick apart, as
// they were simulated, not together when the frame ran them.
func TestACatchUpFramesTicksAreHeardATickApart(t *testing.T) {
	m := newTestMixer(t, nil)
	dev := &fakeDevice{}
	click := square(t, 10, 10, 5000)
	runTicks(t, m, 0, 2, func(uint64) { m.Play(click, Params{}) })
	if err := m.Feed(dev, 2000); err != nil {
		t.Fatal(err)
	}
	var at []int
	for i := 0; i < len(dev.queued); i += 2 {
		if dev.queued[i] != 0 && (i == 0 || dev.queued[i-2] == 0) {
			at = append(at, i/2)
		}
	}
	if len(at) != 2 || at[0] != 0 || at[1] != 800 {
		t.Errorf("clicks heard at frames %v, want [0 800]", at)
	}
}

// When frames come slower than the target lasts, the queue grows to what
// the device plays between two of them, and comes back as they speed up.
func TestTheQueueFollowsHowLongFramesTake(t *testing.T) {
	m := newTestMixer(t, nil)
	dev := &fakeDevice{}
	frame := func(played int) {
		dev.consume(played)
		if err := m.Feed(dev, 1200); err != nil {
			t.Fatal(err)
		}
	}
	frame(0)
	for range 30 {
		frame(800) // 60 Hz
	}
	if st := m.Stats(); st.Target != 1200 || st.Underruns != 0 {
		t.Fatalf("at 60 Hz: target %d, %d underruns; want 1200, 0", st.Target, st.Underruns)
	}
	for range 30 {
		frame(2800) // 17 Hz: the first one runs the queue dry
	}
	st := m.Stats()
	if st.Underruns > 2 || st.Target < 2800+400 || st.Target > 6000 {
		t.Errorf("at 17 Hz: target %d, %d underruns; want %d to 6000, at most 2", st.Target, st.Underruns, 2800+400)
	}
	for range 400 {
		frame(2800)
	}
	if st := m.Stats(); st.Target != 2800+400 {
		t.Errorf("settled at 17 Hz: target %d, want %d", st.Target, 2800+400)
	}
	under := m.Stats().Underruns
	for range 600 {
		frame(800)
	}
	if st := m.Stats(); st.Target != 1200 || st.MaxTarget < 3200 || st.Underruns != under {
		t.Errorf("back at 60 Hz: target %d (most %d), %d underruns; want 1200 (3200 or more), %d", st.Target, st.MaxTarget, st.Underruns, under)
	}
}
