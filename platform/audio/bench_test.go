package audio

import (
	"bytes"
	"testing"
	"time"
)

// BenchmarkMix64Voices mixes one tick (800 frames at 60 ticks a second)
// of 64 looping voices: stereo and mono, at 44.1 and 48 kHz, at pitches
// from 0.5 to 2, panned, with fades running, captured as WAV bytes and
// fed to a device. "core%" is the share of one core the mix takes in
// real time, from the process's CPU time.
func BenchmarkMix64Voices(b *testing.B) {
	var capture bytes.Buffer
	m := newBoth(b, Config{TPS: 60, Capture: &capture})
	mono := make([]int16, 44100)
	stereo := make([]int16, 2*48000)
	for i := range mono {
		mono[i] = int16(i*37%20000 - 10000)
	}
	for i := range stereo {
		stereo[i] = int16(i*53%20000 - 10000)
	}
	sm, _ := NewSound("mono", 44100, 1, mono)
	ss, _ := NewSound("stereo", 48000, 2, stereo)
	m.BeginTick(0)
	for i := range 64 {
		s := sm
		if i%2 == 0 {
			s = ss
		}
		v := m.Play(s, Params{Loop: true, Pan: float64(i%9-4) / 4, Pitch: 0.5 + float64(i)/42})
		if i%4 == 0 {
			_ = v.Fade(0.2, time.Hour)
		}
	}
	if err := m.EndTick(); err != nil {
		b.Fatal(err)
	}
	dev := &fakeDevice{}
	n := uint64(1)
	b.ReportAllocs()
	cpu0 := processCPU()
	for b.Loop() {
		capture.Reset()
		m.BeginTick(n)
		if err := m.EndTick(); err != nil {
			b.Fatal(err)
		}
		if err := m.Feed(dev, 1200); err != nil {
			b.Fatal(err)
		}
		dev.consume(800)
		n++
	}
	if st := m.Stats(); st.Playing != 64 {
		b.Fatalf("%d voices playing, want 64", st.Playing)
	}
	// The machine may be shared: the process's CPU time says what the
	// mix costs better than the wall clock does.
	perTick := (processCPU() - cpu0) / time.Duration(b.N)
	b.ReportMetric(100*float64(perTick)/float64(time.Second/60), "core%")
}
