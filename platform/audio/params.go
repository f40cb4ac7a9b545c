package audio

import "math"

// Bus is a group of sounds with a volume of its own in the listener's
// settings (an options menu's music and effects sliders).
type Bus uint8

const (
	// Auto is the zero Bus: Effects for a Sound, Music for a Stream.
	Auto Bus = iota
	// Effects is the bus of sound effects.
	Effects
	// Music is the bus of music.
	Music
	// Master scales every bus; it is only a SetVolume target.
	Master
)

// Limits on Params, which Play clamps to.
const (
	MaxVolume = 4
	MinPitch  = 1.0 / 16
	MaxPitch  = 16
)

// Params say how a sound plays. The zero Params play it once, as
// recorded, centred, on its Auto bus.
type Params struct {
	// Volume is a linear gain: 0 means 1 (as recorded), 0.5 is about 6 dB
	// quieter, up to MaxVolume. To start a sound silent, set the voice's
	// volume to 0 in the tick that plays it (Voice.SetVolume).
	Volume float64
	// Pan places the sound from -1 (left only) through 0 (centred, the
	// zero value) to 1 (right only).
	Pan float64
	// Pitch is the playback rate: 0 means 1, 2 is an octave up and twice
	// as fast, 0.5 an octave down; MinPitch to MaxPitch.
	Pitch float64
	// Loop plays the sound again from its start each time it ends, until
	// stopped; false plays it once.
	Loop bool
	// Bus is the volume group the sound is heard in; Auto by default.
	Bus Bus
}

// unity is a gain of 1 in the mixer's Q16 fixed point.
const unity = 1 << 16

// gains returns the left and right Q16 gains for volume v and pan p.
// Plain products and math.Round only: the result is the same on every
// machine, which the recorded mix depends on.
func gains(v, p float64) (l, r int32) {
	v = clampFloat(v, 0, MaxVolume, 0)
	p = clampFloat(p, -1, 1, 0)
	lv, rv := v, v
	if p > 0 {
		lv = v * (1 - p)
	} else if p < 0 {
		rv = v * (1 + p)
	}
	return int32(math.Round(lv * unity)), int32(math.Round(rv * unity))
}

// step returns how far a voice advances through a sound of rate hertz per
// output frame at pitch, in 32.32 fixed point.
func step(rate int, pitch float64) uint64 {
	if pitch == 0 {
		pitch = 1
	}
	pitch = clampFloat(pitch, MinPitch, MaxPitch, 1)
	return max(1, uint64(math.Round(float64(rate)/Rate*pitch*(1<<32))))
}

// clampFloat clamps x to [lo, hi], and NaN to nan.
func clampFloat(x, lo, hi, nan float64) float64 {
	switch {
	case x != x:
		return nan
	case x < lo:
		return lo
	case x > hi:
		return hi
	}
	return x
}

func volumeOf(p Params) float64 {
	if p.Volume == 0 {
		return 1
	}
	return p.Volume
}
