package audio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"
	"time"
)

// both is a mixer with its runner, for tests that play the game and the
// runner at once.
type both struct {
	*Mixer
	*Runner
}

func newBoth(t testing.TB, cfg Config) both {
	t.Helper()
	r, err := NewRunner(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return both{r.Mixer(), r}
}

func newTestMixer(t testing.TB, capture *bytes.Buffer) both {
	t.Helper()
	cfg := Config{TPS: 60}
	if capture != nil {
		cfg.Capture = capture
	}
	return newBoth(t, cfg)
}

// square returns a mono sound of frames frames at 48 kHz alternating
// between +a and -a every period frames.
func square(t testing.TB, frames, period int, a int16) *Sound {
	t.Helper()
	d := make([]int16, frames)
	for i := range d {
		d[i] = a
		if i/period%2 == 1 {
			d[i] = -a
		}
	}
	s, err := NewSound("square", Rate, 1, d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// runTicks runs ticks from..to-1, calling play in each.
func runTicks(t testing.TB, m both, from, to uint64, play func(n uint64)) {
	t.Helper()
	for n := from; n < to; n++ {
		m.BeginTick(n)
		if play != nil {
			play(n)
		}
		if err := m.EndTick(); err != nil {
			t.Fatal(err)
		}
	}
}

func samples(b []byte) []int16 {
	s := make([]int16, len(b)/2)
	for i := range s {
		s[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
	}
	return s
}

func firstNonZero(s []int16) int {
	for i, x := range s {
		if x != 0 {
			return i
		}
	}
	return -1
}

func TestASoundATickPlaysStartsAtThatTicksSample(t *testing.T) {
	for _, tps := range []int{60, 50, 144, 7} { // 7 and 144 do not divide 48,000
		var out bytes.Buffer
		m := newBoth(t, Config{TPS: tps, Capture: &out})
		tone := square(t, 1000, 20, 10000)
		const at = 13
		runTicks(t, m, 0, 40, func(n uint64) {
			if n == at {
				m.Play(tone, Params{})
			}
		})
		s := samples(out.Bytes())
		want := int(uint64(at) * Rate / uint64(tps))
		if got := firstNonZero(s) / 2; got != want {
			t.Errorf("tps %d: the tone starts at frame %d, want %d", tps, got, want)
		}
		if got, want := len(s)/2, int(40*Rate/uint64(tps)); got != want {
			t.Errorf("tps %d: %d frames mixed in 40 ticks, want %d", tps, got, want)
		}
		if s[2*want] != 10000 || s[2*want+1] != 10000 || s[2*(want+20)] != -10000 {
			t.Errorf("tps %d: the tone's samples are %d %d ... %d, want 10000 10000 ... -10000", tps, s[2*want], s[2*want+1], s[2*(want+20)])
		}
	}
}

func TestPanPitchVolumeAndLoop(t *testing.T) {
	var out bytes.Buffer
	m := newTestMixer(t, &out)
	tone := square(t, 100, 10, 8000)
	runTicks(t, m, 0, 1, func(uint64) {
		m.Play(tone, Params{Pan: 1, Volume: 0.5, Loop: true, Pitch: 2})
	})
	s := samples(out.Bytes())
	for i := 0; i < 800; i++ {
		l, r := s[2*i], s[2*i+1]
		// Pitch 2 reads every other frame: a 5-frame half period, looping.
		want := int16(4000)
		if (2*i)%100/10%2 == 1 {
			want = -4000
		}
		if l != 0 || r != want {
			t.Fatalf("frame %d: %d, %d; want 0, %d", i, l, r, want)
		}
	}
}

func TestStopAndFadeEndTheSoundWithoutAClick(t *testing.T) {
	var out bytes.Buffer
	m := newTestMixer(t, &out)
	tone := square(t, 48000, 48000, 10000) // a constant 10,000
	var v, w Voice
	runTicks(t, m, 0, 1, func(uint64) { v = m.Play(tone, Params{}); w = m.Play(tone, Params{}) })
	runTicks(t, m, 1, 2, func(uint64) {
		if err := v.Stop(); err != nil {
			t.Fatal(err)
		}
		if err := w.Fade(0, 10*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	})
	runTicks(t, m, 2, 3, nil)
	s := samples(out.Bytes())
	if s[2*799] != 20000 {
		t.Fatalf("both voices: %d, want 20000", s[2*799])
	}
	for i := 800; i < 2400; i++ {
		if d := int(s[2*i-2]) - int(s[2*i]); d < 0 || d > 200 {
			t.Fatalf("frame %d: from %d to %d: a step, or a rise, in a fade out", i, s[2*i-2], s[2*i])
		}
	}
	if s[2*(800+declickFrames)] != 10000-10000*declickFrames/480 {
		t.Logf("after the stop's ramp: %d", s[2*(800+declickFrames)])
	}
	if s[2*(800+480)] != 0 || v.Playing() || w.Playing() {
		t.Errorf("10 ms after: %d, playing %v %v; want silence, neither", s[2*(800+480)], v.Playing(), w.Playing())
	}
	if st := m.Stats(); st.Playing != 0 {
		t.Errorf("%d voices playing, want 0", st.Playing)
	}
}

func TestAHandleAfterItsSoundEndedDoesNothing(t *testing.T) {
	m := newTestMixer(t, nil)
	short := square(t, 100, 10, 1000)
	var old Voice
	runTicks(t, m, 0, 1, func(uint64) { old = m.Play(short, Params{}) })
	var fresh Voice
	runTicks(t, m, 1, 2, func(uint64) {
		fresh = m.Play(short, Params{Loop: true}) // takes the ended voice's slot
		for _, err := range []error{old.Stop(), old.SetVolume(1), old.SetPan(1), old.SetPitch(2), old.Fade(0, time.Second)} {
			if !errors.Is(err, ErrEnded) {
				t.Errorf("on an ended voice: %v, want ErrEnded", err)
			}
		}
	})
	if !fresh.Playing() || old.Playing() || (Voice{}).Playing() || (Voice{}).Stop() != ErrEnded {
		t.Errorf("the newer sound: playing %v; the old handle: playing %v", fresh.Playing(), old.Playing())
	}
}

func TestATicksSoundChangesOnlyInTicks(t *testing.T) {
	m := newTestMixer(t, nil)
	tone := square(t, 48000, 10, 1000)
	var v Voice
	runTicks(t, m, 0, 1, func(uint64) { v = m.Play(tone, Params{}) })
	if err := v.Stop(); !errors.Is(err, ErrNotInTick) || !v.Playing() {
		t.Errorf("Stop from a frame: %v, playing %v; want ErrNotInTick, still playing", err, v.Playing())
	}
	// A heard-only sound is not recorded, and a frame may change it; so
	// is one Play could not place on the timeline, which is counted.
	var out bytes.Buffer
	m = newTestMixer(t, &out)
	u := m.PlayNow(tone, Params{})
	w := m.Play(tone, Params{})
	runTicks(t, m, 0, 3, nil)
	if firstNonZero(samples(out.Bytes())) >= 0 || u.SetVolume(0.5) != nil || w.SetVolume(0.5) != nil {
		t.Errorf("a heard-only sound reached the recorded mix, or could not be changed")
	}
	if st := m.Stats(); st.Unplaced != 1 {
		t.Errorf("%d sounds counted unplaced, want 1 (Play outside a tick)", st.Unplaced)
	}
}

func TestThousandsOfSoundsInOneTickStealTheOldestVoices(t *testing.T) {
	var out bytes.Buffer
	m := newTestMixer(t, &out)
	tone := square(t, 48000, 48000, 100)
	var last Voice
	var handles []Voice
	runTicks(t, m, 0, 1, func(uint64) {
		for range 5000 {
			last = m.Play(tone, Params{})
			handles = append(handles, last)
		}
	})
	st := m.Stats()
	if st.Playing != DefaultVoices || st.Stolen != 5000-DefaultVoices {
		t.Errorf("%d playing, %d stolen; want %d, %d", st.Playing, st.Stolen, DefaultVoices, 5000-DefaultVoices)
	}
	if !last.Playing() || handles[0].Playing() || !handles[5000-DefaultVoices].Playing() || handles[5000-DefaultVoices-1].Playing() {
		t.Errorf("the newest %d should play, the older not", DefaultVoices)
	}
	if s := samples(out.Bytes()); s[0] != 100*DefaultVoices {
		t.Errorf("mix %d, want %d", s[0], 100*DefaultVoices)
	}
}

func TestTheMixClipsInsteadOfWrapping(t *testing.T) {
	var out bytes.Buffer
	m := newTestMixer(t, &out)
	loud := square(t, 4800, 4800, 30000)
	runTicks(t, m, 0, 1, func(uint64) {
		m.Play(loud, Params{Volume: MaxVolume})
		m.Play(loud, Params{Volume: MaxVolume})
	})
	if s := samples(out.Bytes()); s[0] != 32767 {
		t.Errorf("%d, want 32767", s[0])
	}
}

func TestMixingAllocatesNothing(t *testing.T) {
	m := newTestMixer(t, &bytes.Buffer{})
	tone := square(t, 48000, 50, 1000)
	dev := &fakeDevice{}
	n := uint64(0)
	allocs := testing.AllocsPerRun(200, func() {
		m.BeginTick(n)
		v := m.Play(tone, Params{Pitch: 1.5, Pan: -0.5})
		_ = v.SetVolume(0.8)
		if err := m.EndTick(); err != nil {
			t.Fatal(err)
		}
		m.PlayNow(tone, Params{}) // a frame's sound
		if err := m.Feed(dev, 1200); err != nil {
			t.Fatal(err)
		}
		dev.consume(800)
		n++
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations per tick and frame, want 0", allocs)
	}
}

// fakeDevice is a device that plays what a test says it played.
type fakeDevice struct {
	queued []int16
	heard  []int16
}

func (d *fakeDevice) Queued() int { return len(d.queued) / 2 }
func (d *fakeDevice) Queue(f []int16) error {
	d.queued = append(d.queued, f...)
	return nil
}
func (d *fakeDevice) consume(frames int) {
	k := min(frames*2, len(d.queued))
	d.heard = append(d.heard[:0], d.queued[:k]...)
	d.queued = append(d.queued[:0], d.queued[k:]...)
}

func TestAPausedTimelineHoldsItsSoundsAndGoesOnWhereTheyWere(t *testing.T) {
	var out bytes.Buffer
	m := newTestMixer(t, &out)
	ramp := make([]int16, 2400) // 0, 1, 2, ... : where it is shows in the sample
	for i := range ramp {
		ramp[i] = int16(i)
	}
	snd, err := NewSound("ramp", Rate, 1, ramp)
	if err != nil {
		t.Fatal(err)
	}
	runTicks(t, m, 0, 1, func(uint64) { m.Play(snd, Params{}) })
	runTicks(t, m, 1, 3, func(n uint64) { m.SetPaused(n == 1) })
	s := samples(out.Bytes())
	if s[2*799] != 799 || s[2*800] != 0 || s[2*1599] != 0 || s[2*1600] != 800 || !(m.Stats().Playing == 1) {
		t.Errorf("before, during and after the pause: %d, %d..%d, %d; want 799, silence, 800", s[2*799], s[2*800], s[2*1599], s[2*1600])
	}
}
