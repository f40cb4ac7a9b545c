package audio

import (
	"errors"
	"fmt"
)

// Rate is the mixer's sample rate: every sound is resampled to it as it
// plays, and the mix and the WAV files the mixer writes have it.
const Rate = 48000

// MaxFrames bounds a sound decoded whole into memory: five minutes at
// 48 kHz (55 MiB in stereo). Longer audio is music: stream it (OpenStream).
const MaxFrames = 5 * 60 * Rate

// Source rates a decoder accepts, in hertz.
const (
	MinSourceRate = 4000
	MaxSourceRate = 384000
)

// ErrFormat marks audio that could not be decoded: truncated, garbage, or
// in a format or variant this package does not read. The error names the
// file and what to do.
var ErrFormat = errors.New("audio: unsupported or damaged audio data")

// Sound is audio decoded whole into memory, ready to play any number of
// times at once: 16-bit samples, mono or stereo (interleaved), at its own
// rate. A Sound is read-only once made and safe to share.
type Sound struct {
	name     string
	rate     int
	channels int
	data     []int16 // frames × channels samples
}

// NewSound makes a Sound from samples: mono, or stereo interleaved (left,
// right), at rate hertz. Games use it for sounds they synthesise. name
// appears in errors. The slice is kept, not copied: do not change it
// afterwards.
func NewSound(name string, rate, channels int, samples []int16) (*Sound, error) {
	if err := checkShape(name, rate, channels); err != nil {
		return nil, err
	}
	if len(samples)%channels != 0 {
		return nil, fmt.Errorf("audio: sound %s: %d samples do not divide into %d channels", name, len(samples), channels)
	}
	if len(samples)/channels > MaxFrames {
		return nil, tooLong(name, len(samples)/channels, rate)
	}
	return &Sound{name: name, rate: rate, channels: channels, data: samples}, nil
}

func checkShape(name string, rate, channels int) error {
	switch {
	case channels != 1 && channels != 2:
		return fmt.Errorf("%w: %s has %d channels; mono and stereo are supported: convert it (sox in -c 2 out)", ErrFormat, name, channels)
	case rate < MinSourceRate || rate > MaxSourceRate:
		return fmt.Errorf("%w: %s has a sample rate of %d Hz; %d to %d are supported: resample it (sox in -r 48000 out)", ErrFormat, name, rate, MinSourceRate, MaxSourceRate)
	}
	return nil
}

func tooLong(name string, frames, rate int) error {
	return fmt.Errorf("%w: %s is longer than %d frames (%d s at %d Hz) decoded: stream long audio with OpenStream", ErrFormat, name, MaxFrames, MaxFrames/max(rate, 1), rate)
}

// Name returns the name the sound was made or loaded with.
func (s *Sound) Name() string { return s.name }

// Frames returns the sound's length in frames at its own rate.
func (s *Sound) Frames() int { return len(s.data) / s.channels }

// SampleRate returns the rate the sound was recorded at, in hertz.
func (s *Sound) SampleRate() int { return s.rate }

// Channels returns 1 for mono, 2 for stereo.
func (s *Sound) Channels() int { return s.channels }

// Samples returns the sound's samples, interleaved when stereo. The slice
// is the sound's own: do not change it.
func (s *Sound) Samples() []int16 { return s.data }

func (s *Sound) source() {}
