package desktop

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"github.com/lockstep-engine/lockstep/platform/desktop/internal/sound"
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

// soundSummary is what a run's sound did (f), as the summary says it.
func soundSummary(f sound.Figures) SoundSummary {
	return SoundSummary{AudioDevice: f.Device, AudioLatencyMS: f.LatencyMS, AudioLatencyMaxMS: f.LatencyMaxMS,
		AudioUnderruns: f.Underruns, AudioStolen: f.Stolen, AudioDroppedMS: f.DroppedMS}
}

// openSound opens the sound of a run with c (package sound): the mixer a
// game gets in Setup.Audio, -audio-out's file, and the audio device,
// none when headless unless SDL_AUDIODRIVER names one.
func openSound(ctx context.Context, c *Config, headless bool, log *slog.Logger) (*sound.Sound, error) {
	return sound.Open(ctx, sound.Options{AudioOut: c.Sound.AudioOut, Mute: c.Sound.Mute, Volume: c.Sound.Volume,
		TPS: c.Loop.TPS, Headless: headless}, log)
}
