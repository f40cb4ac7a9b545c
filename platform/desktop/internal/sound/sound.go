// Package sound is a desktop run's sound: the mixer a game plays into
// (platform/audio), -audio-out's WAV file, the audio device, each tick's
// sounds placed on the ticks' timeline (a predicted tick's heard only,
// never recorded), and what it all did, for the run's summary.
package sound

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/platform/audio"
	"github.com/lockstep-engine/lockstep/platform/internal/output"
	"github.com/lockstep-engine/lockstep/platform/sdl2"
)

// The device's settings: 25 ms queued after each frame's feed plus SDL's
// 128-frame block, 27.7 ms in all; a 60 Hz frame takes 16.7 ms of it, which
// leaves 5.7 ms for a late frame before the device runs dry. Slower
// frames queue more (audio.Runner.Feed).
const (
	audioTarget = 1200
	audioBuffer = 128
)

// Options are a run's sound options. The zero Options plays at
// silence (Volume 0) on the audio device, writing no file.
type Options struct {
	AudioOut string  // -audio-out: the ticks' mix as a WAV file; "" none
	Mute     bool    // -mute: no device is opened
	Volume   float64 // the master volume heard, 0 to 1
	TPS      int     // ticks a second
	// Headless opens no device unless SDL_AUDIODRIVER names a driver.
	Headless bool
}

// Figures are what a run's sound did, for its summary.
type Figures struct {
	Device       string  // SDL's audio driver; "" when none was opened
	LatencyMS    float64 // the output latency in force at the end; 0 without a device
	LatencyMaxMS float64 // the most it was during the run
	Underruns    uint64  // frames at which the device had run dry
	Stolen       uint64  // sounds stopped to make room for newer ones
	DroppedMS    float64 // the ticks' sound never heard because the ticks ran ahead
}

// Sound is a run's mixer, its WAV file and its audio device.
type Sound struct {
	mixer *audio.Runner // the game gets mixer.Mixer()
	file  *output.File
	wav   *audio.WAVWriter
	dev   *sdl2.AudioDevice
	log   *slog.Logger
}

// Open makes the mixer (Mixer), the -audio-out file, and the audio
// device: none when muted, or headless unless SDL_AUDIODRIVER names a
// driver. No device is one log line, never an error.
func Open(ctx context.Context, o Options, log *slog.Logger) (*Sound, error) {
	s := &Sound{log: log}
	cfg := audio.Config{TPS: o.TPS}
	if path := o.AudioOut; path != "" {
		f, err := output.CreateContext(ctx, path)
		if err != nil {
			return nil, fmt.Errorf("-audio-out: %w", err)
		}
		if s.wav, err = audio.NewWAVWriter(f); err != nil {
			return nil, errors.Join(fmt.Errorf("-audio-out %s: %w", path, err), f.Abort())
		}
		s.file, cfg.Capture = f, s.wav
	}
	m, err := audio.NewRunner(cfg)
	if err != nil {
		return nil, errors.Join(err, s.abort())
	}
	s.mixer = m
	m.Mixer().SetVolume(audio.Master, o.Volume)
	switch {
	case o.Mute:
	case o.Headless && os.Getenv("SDL_AUDIODRIVER") == "":
		log.Info("no audio device: headless (set SDL_AUDIODRIVER to open one)")
	default:
		s.dev, err = sdl2.OpenAudio(audio.Rate, audioBuffer)
		logAudioLibrary(log)
		if err != nil {
			log.Info("no audio device: running silent", "err", err)
		}
	}
	return s, nil
}

// logAudioLibrary puts what the system's audio library said while SDL
// opened the device (alsa-lib's own lines, kept off stderr) in the
// debug log: the line after says what it meant.
func logAudioLibrary(log *slog.Logger) {
	lines, more := sdl2.AudioLibraryLines()
	if more > 0 {
		log.Debug("audio library: earlier lines left out", "lines", more)
	}
	for _, l := range lines {
		log.Debug("audio library", "said", l)
	}
}

// Mixer is the mixer a game plays into (desktop's Setup.Audio).
func (s *Sound) Mixer() *audio.Mixer { return s.mixer.Mixer() }

// Parts returns p with the sounds its ticks play placed: on the ticks'
// timeline, or, for a predicted copy of the game (and for every copy p
// forks), heard at once and never recorded (predictedTick).
func (s *Sound) Parts(p engine.Parts, predicted bool) engine.Parts {
	tick := p.Tick
	if predicted {
		p.Tick = func(t *engine.Tick) error { return s.predictedTick(t, tick) }
	} else {
		p.Tick = func(t *engine.Tick) error { return s.tick(t, tick) }
	}
	if fork := p.Fork; fork != nil {
		p.Fork = func() (engine.Parts, error) {
			f, err := fork()
			if err != nil {
				return f, err
			}
			return s.Parts(f, true), nil
		}
	}
	return p
}

// tick runs one tick with its sounds placed at the tick's samples.
func (s *Sound) tick(t *engine.Tick, run func(*engine.Tick) error) error {
	s.mixer.BeginTick(t.N)
	err := run(t)
	return errors.Join(err, s.mixer.EndTick())
}

// predictedTick runs one tick of a predicted copy of the game (netplay
// prediction): the sounds it plays are heard at once, once however often
// the tick is simulated again, never recorded, and faded out when the
// verified tick does not play them (see audio.Runner.BeginPredictedTick).
func (s *Sound) predictedTick(t *engine.Tick, run func(*engine.Tick) error) error {
	s.mixer.BeginPredictedTick(t.N)
	defer s.mixer.EndPredictedTick()
	return run(t)
}

// Feed tops the device up; a failing device is logged once and closed.
func (s *Sound) Feed() {
	if s.dev == nil {
		return
	}
	if err := s.mixer.Feed(s.dev, audioTarget); err != nil {
		s.log.Warn("audio device failed: running silent", "err", err)
		s.dev.Close()
		s.dev = nil
	}
}

// Figures is what the run's sound did, for its summary.
func (s *Sound) Figures() (sum Figures) {
	st := s.mixer.Stats()
	if st.Unplaced > 0 {
		s.log.Warn("sounds played outside a tick were heard only, not recorded: play them with PlayNow, or from Tick to record them",
			"sounds", st.Unplaced)
	}
	sum.Underruns, sum.Stolen = st.Underruns, st.Stolen
	sum.DroppedMS = float64(st.Dropped) * 1000 / audio.Rate
	if s.dev != nil {
		ms := func(target int) float64 {
			return float64(audio.Latency(target, s.dev.BufferFrames())) / float64(time.Millisecond)
		}
		sum.Device = s.dev.Driver()
		sum.LatencyMS, sum.LatencyMaxMS = ms(max(st.Target, audioTarget)), ms(max(st.MaxTarget, audioTarget))
	}
	return sum
}

// Close closes the device and finishes the WAV file: its header's sizes
// filled in, committed when the run's writes all succeeded.
func (s *Sound) Close() error {
	var err error
	if s.dev != nil {
		err = s.dev.Close()
	}
	if s.file == nil {
		return err
	}
	if werr := s.wav.Close(s.file); werr != nil {
		return errors.Join(err, fmt.Errorf("-audio-out %s: %w", s.file.Name(), werr), s.file.Abort())
	}
	if cerr := s.file.Commit(); cerr != nil {
		return errors.Join(err, fmt.Errorf("-audio-out: %w", cerr))
	}
	s.log.Info("sound written", "file", s.file.Name(), "seconds", float64(s.wav.Bytes())/4/audio.Rate)
	return err
}

func (s *Sound) abort() error {
	if s.file == nil {
		return nil
	}
	return s.file.Abort()
}
