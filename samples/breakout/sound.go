package main

import (
	"math"

	"github.com/lockstep-engine/lockstep/platform/audio"
)

// sounds are Breakout's sound effects, synthesised when the game starts:
// no recorded assets. They are played from Tick, so they sit on the
// ticks' timeline and a replay sounds (and -audio-out writes) the same.
type sounds struct {
	mixer *audio.Mixer // nil: a game made without Start (tests) is silent

	paddle, wall, brick, crack, lostBall, win, gameOver *audio.Sound
}

// newSounds makes the effects for m.
func newSounds(m *audio.Mixer) (sounds, error) {
	s := sounds{mixer: m}
	var err error
	for _, fx := range []struct {
		dst  **audio.Sound
		name string
		dur  float64 // seconds
		wave func(t float64) float64
	}{
		{&s.paddle, "paddle", 0.09, func(t float64) float64 { return square(t, 220+600*t) * decay(t, 25) }},
		{&s.wall, "wall", 0.05, func(t float64) float64 { return math.Sin(2*math.Pi*880*t) * decay(t, 60) }},
		{&s.brick, "brick", 0.16, func(t float64) float64 { return triangle(t, 523.25) * decay(t, 22) }},
		{&s.crack, "crack", 0.22, metal},
		{&s.lostBall, "ball lost", 0.5, func(t float64) float64 { return 0.8 * square(t, 440*math.Pow(0.25, t/0.5)) * decay(t, 3) }},
		{&s.win, "win", 0.8, arpeggio([]float64{523.25, 659.25, 783.99, 1046.5}, 0.11)},
		{&s.gameOver, "game over", 1.1, arpeggio([]float64{392, 329.63, 261.63, 196}, 0.2)},
	} {
		if *fx.dst, err = synth(fx.name, fx.dur, fx.wave); err != nil {
			return s, err
		}
	}
	return s, nil
}

// play starts a sound placed at x on the field (pan) at pitch, on the
// ticks' timeline: Tick calls it.
func (s *sounds) play(snd *audio.Sound, x, pitch float64) {
	if s.mixer == nil {
		return
	}
	s.mixer.Play(snd, audio.Params{Pan: clamp(x/fieldHalfW, -1, 1) * 0.6, Pitch: pitch, Volume: 0.7})
}

// pause holds the sounds playing while the game is paused.
func (s *sounds) pause(p bool) {
	if s.mixer != nil {
		s.mixer.SetPaused(p)
	}
}

// synth samples wave (in [-1, 1]) for dur seconds at 48 kHz, mono, with a
// 2 ms attack so it does not click.
func synth(name string, dur float64, wave func(t float64) float64) (*audio.Sound, error) {
	n := int(dur * audio.Rate)
	d := make([]int16, n)
	for i := range d {
		t := float64(i) / audio.Rate
		v := wave(t) * min(1, t/0.002) * min(1, (dur-t)/0.005)
		d[i] = int16(clamp(v, -1, 1) * 20000)
	}
	return audio.NewSound(name, audio.Rate, 1, d)
}

func decay(t, rate float64) float64 { return math.Exp(-rate * t) }

// square is a square wave of hz hertz at time t (hz may change with t:
// the phase is t·hz, a sweep's approximation).
func square(t, hz float64) float64 {
	if math.Mod(t*hz, 1) < 0.5 {
		return 0.5
	}
	return -0.5
}

func triangle(t, hz float64) float64 {
	p := math.Mod(t*hz, 1)
	return 4*math.Abs(p-0.5) - 1
}

// metal is a silver brick's crack: two inharmonic partials and a burst of
// noise from a fixed generator.
func metal(t float64) float64 {
	x := uint64(t*audio.Rate) * 0x9e3779b97f4a7c15
	x ^= x >> 29
	noise := float64(int64(x>>11)%2000-1000) / 1000
	return (0.5*math.Sin(2*math.Pi*1230*t)+0.4*math.Sin(2*math.Pi*1785*t))*decay(t, 18) + 0.5*noise*decay(t, 70)
}

// arpeggio plays notes one after another, each step seconds long, the
// last held.
func arpeggio(notes []float64, step float64) func(t float64) float64 {
	return func(t float64) float64 {
		i := min(int(t/step), len(notes)-1)
		local := t - float64(i)*step
		rate := 14.0
		if i == len(notes)-1 {
			rate = 4
		}
		return (0.6*triangle(t, notes[i]) + 0.3*square(t, notes[i])) * decay(local, rate)
	}
}
