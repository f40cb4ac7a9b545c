package audio

import (
	"time"
)

// Voice is a handle to a sound Play or PlayNow started. It stays valid
// after the sound ends: its methods then return ErrEnded and do nothing.
// The zero Voice is a sound that has ended.
//
// A sound of the ticks' timeline (Play in a tick) is changed by ticks; a
// change from Update or Draw returns ErrNotInTick, since the recorded mix
// would depend on frame timing. A heard-only sound (PlayNow) is changed
// from anywhere. In a predicted tick a change to a sound of the timeline
// goes to the sound heard in its place when a predicted tick started it,
// and otherwise does nothing: a predicted tick never changes the
// recorded mix.
type Voice struct {
	m    *Mixer
	live bool // on the heard-only pool
	slot int32
	gen  uint32
}

// get returns the voice the handle names, or why it cannot be changed; a
// nil voice with a nil error means there is nothing to change (a
// predicted tick's change to the timeline).
func (h Voice) get() (*voice, error) {
	if h.m == nil {
		return nil, ErrEnded
	}
	p := &h.m.tick
	if h.live {
		p = &h.m.live
	}
	v := &p.voices[h.slot]
	if !v.active || v.gen != h.gen || v.stopAtEnd {
		return nil, ErrEnded
	}
	switch {
	case h.live || h.m.phase == inTick:
		return v, nil
	case h.m.phase == inPredicted:
		return h.m.twinOf(v), nil
	}
	return nil, ErrNotInTick
}

// twinOf returns the heard voice that stands for quiet voice v, or nil.
func (m *Mixer) twinOf(v *voice) *voice {
	if !v.quiet || v.twin == noTwin {
		return nil
	}
	t := &m.live.voices[v.twin]
	if !t.active || t.gen != v.twinGen || t.stopAtEnd {
		return nil
	}
	return t
}

// Playing reports whether the sound is still playing (a fading-out sound
// no longer counts).
func (h Voice) Playing() bool {
	if h.m == nil {
		return false
	}
	p := &h.m.tick
	if h.live {
		p = &h.m.live
	}
	v := &p.voices[h.slot]
	return v.active && v.gen == h.gen && !v.stopAtEnd
}

// Stop ends the sound, with a ramp of a few milliseconds so it does not
// click. Stopping a sound of the timeline that a predicted tick started
// heard stops the heard one too.
func (h Voice) Stop() error {
	v, err := h.get()
	if v == nil {
		return err
	}
	if t := h.m.twinOf(v); t != nil && !h.live {
		t.rampTo(0, 0, declickFrames, true)
	}
	v.rampTo(0, 0, declickFrames, true)
	return nil
}

// Fade moves the sound's volume to volume over d (0 ends the sound when
// the fade ends: a fade out).
func (h Voice) Fade(volume float64, d time.Duration) error {
	v, err := h.get()
	if v == nil {
		return err
	}
	v.vol = clampFloat(volume, 0, MaxVolume, 0)
	l, r := gains(v.vol, v.pan)
	v.rampTo(l, r, durationFrames(d), v.vol == 0)
	return nil
}

// SetVolume sets the sound's volume (a linear gain, 0 to MaxVolume; here
// 0 is silence) with a short ramp; in the tick that started the sound, at
// once.
func (h Voice) SetVolume(volume float64) error {
	v, err := h.get()
	if v == nil {
		return err
	}
	v.vol = clampFloat(volume, 0, MaxVolume, 0)
	l, r := gains(v.vol, v.pan)
	v.rampTo(l, r, declickFrames, false)
	return nil
}

// SetPan places the sound from -1 (left) to 1 (right).
func (h Voice) SetPan(pan float64) error {
	v, err := h.get()
	if v == nil {
		return err
	}
	v.pan = clampFloat(pan, -1, 1, 0)
	l, r := gains(v.vol, v.pan)
	v.rampTo(l, r, declickFrames, false)
	return nil
}

// SetPitch sets the playback rate (see Params.Pitch).
func (h Voice) SetPitch(pitch float64) error {
	v, err := h.get()
	if v == nil {
		return err
	}
	rate := 0
	switch {
	case v.sound != nil:
		rate = v.sound.rate
	case v.stream != nil && v.stream.d != nil:
		rate = v.stream.d.rate()
	}
	v.step = step(rate, pitch)
	return nil
}

// durationFrames converts d to frames at Rate, in integers.
func durationFrames(d time.Duration) int {
	if d <= 0 {
		return 0
	}
	return int(min(d, time.Hour) * Rate / time.Second)
}
