package desktop

import (
	"context"
	"errors"
	"fmt"
	"io"
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

// SoundSummary is the summary's sound figures.
type SoundSummary struct {
	// AudioDevice is SDL's audio driver, "" when none was opened.
	AudioDevice string `json:"audio_device"`
	// AudioLatencyMS is the output latency in force at the end: what is
	// queued after a feed plus the device's block, in milliseconds (0
	// without a device). It is 27.7 ms while frames come at 60 Hz or
	// faster, and grows with slower frames (see audio.Runner.Feed).
	AudioLatencyMS float64 `json:"audio_latency_ms"`
	// AudioLatencyMaxMS is the most it was during the run.
	AudioLatencyMaxMS float64 `json:"audio_latency_max_ms"`
	// AudioUnderruns counts the frames at which the device had run dry.
	AudioUnderruns uint64 `json:"audio_underruns"`
	// AudioStolen counts sounds stopped to make room for newer ones.
	AudioStolen uint64 `json:"audio_voices_stolen"`
	// AudioDroppedMS is the ticks' sound never heard because the ticks
	// ran ahead of real time (time scale above 1, catch-up frames).
	AudioDroppedMS float64 `json:"audio_dropped_ms"`
}

func (s *SoundSummary) writeText(w io.Writer) {
	dev := s.AudioDevice
	if dev == "" {
		dev = "none"
	}
	fmt.Fprintf(w, "audio device %s  latency %.1fms (most %.1fms)  underruns %d  voices stolen %d  dropped %.1fms\n",
		dev, s.AudioLatencyMS, s.AudioLatencyMaxMS, s.AudioUnderruns, s.AudioStolen, s.AudioDroppedMS)
}

// sound is a run's mixer, its WAV file and its audio device.
type sound struct {
	mixer *audio.Runner // the game gets mixer.Mixer()
	file  *output.File
	wav   *audio.WAVWriter
	dev   *sdl2.AudioDevice
	log   *slog.Logger
}

// openSound makes the mixer (a game gets its Mixer in Setup.Audio), the -audio-out
// file, and the audio device: none when muted, or headless unless
// SDL_AUDIODRIVER names a driver. No device is one log line, never an
// error.
func openSound(ctx context.Context, o *Config, headless bool, log *slog.Logger) (*sound, error) {
	s := &sound{log: log}
	cfg := audio.Config{TPS: o.Loop.TPS}
	if path := o.Sound.AudioOut; path != "" {
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
	m.Mixer().SetVolume(audio.Master, o.Sound.Volume)
	switch {
	case o.Sound.Mute:
	case headless && os.Getenv("SDL_AUDIODRIVER") == "":
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

// parts returns p with the sounds its ticks play placed: on the ticks'
// timeline, or, for a predicted copy of the game (and for every copy p
// forks), heard at once and never recorded (predictedTick).
func (s *sound) parts(p engine.Parts, predicted bool) engine.Parts {
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
			return s.parts(f, true), nil
		}
	}
	return p
}

// tick runs one tick with its sounds placed at the tick's samples.
func (s *sound) tick(t *engine.Tick, run func(*engine.Tick) error) error {
	s.mixer.BeginTick(t.N)
	err := run(t)
	return errors.Join(err, s.mixer.EndTick())
}

// predictedTick runs one tick of a predicted copy of the game (netplay
// prediction): the sounds it plays are heard at once, once however often
// the tick is simulated again, never recorded, and faded out when the
// verified tick does not play them (see audio.Runner.BeginPredictedTick).
func (s *sound) predictedTick(t *engine.Tick, run func(*engine.Tick) error) error {
	s.mixer.BeginPredictedTick(t.N)
	defer s.mixer.EndPredictedTick()
	return run(t)
}

// feed tops the device up; a failing device is logged once and closed.
func (s *sound) feed() {
	if s.dev == nil {
		return
	}
	if err := s.mixer.Feed(s.dev, audioTarget); err != nil {
		s.log.Warn("audio device failed: running silent", "err", err)
		s.dev.Close()
		s.dev = nil
	}
}

// summary is what the run's sound did, for its Summary.
func (s *sound) summary() (sum SoundSummary) {
	st := s.mixer.Stats()
	if st.Unplaced > 0 {
		s.log.Warn("sounds played outside a tick were heard only, not recorded: play them with PlayNow, or from Tick to record them",
			"sounds", st.Unplaced)
	}
	sum.AudioUnderruns, sum.AudioStolen = st.Underruns, st.Stolen
	sum.AudioDroppedMS = float64(st.Dropped) * 1000 / audio.Rate
	if s.dev != nil {
		ms := func(target int) float64 {
			return float64(audio.Latency(target, s.dev.BufferFrames())) / float64(time.Millisecond)
		}
		sum.AudioDevice = s.dev.Driver()
		sum.AudioLatencyMS, sum.AudioLatencyMaxMS = ms(max(st.Target, audioTarget)), ms(max(st.MaxTarget, audioTarget))
	}
	return sum
}

// close closes the device and finishes the WAV file: its header's sizes
// filled in, committed when the run's writes all succeeded.
func (s *sound) close() error {
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

func (s *sound) abort() error {
	if s.file == nil {
		return nil
	}
	return s.file.Abort()
}
