package host

import (
	"fmt"
	"math"
	"time"

	"github.com/lockstep-engine/lockstep/engine"
)

// Limits on engine.Config's fields, which WithDefaults holds it to:
// exported so that command lines, recordings and sessions can name them.
const (
	MaxTPS       = 10000
	MaxFPS       = 10000
	MaxMaxSteps  = 1000
	MaxMaxFrame  = 10 * time.Second // keeps frame·TimeScale exact in int64
	MinTimeScale = 1.0 / 64
	MaxTimeScale = 64.0

	// MaxPlayers is the most player slots a game may have
	// (engine.Config.Players).
	MaxPlayers = 8

	// DefaultWorstFrames is how many of the slowest frames the run's
	// Stats keeps when engine.Config.WorstFrames is zero; MaxWorstFrames
	// is the most it keeps.
	DefaultWorstFrames = 5
	MaxWorstFrames     = 100
)

// ConfigError is an invalid engine.Config field: which one, its value
// and the range it wants. Layers above (platform/desktop) name the field
// their way, or the flag that set it.
type ConfigError struct {
	Field string // the field's name in engine.Config, such as "TPS"
	Value any    // the invalid value
	Want  string // what the field takes, such as "1 to 10000 ticks per second"
}

// Error names the field, its value and its range.
func (e *ConfigError) Error() string {
	return fmt.Sprintf("engine: Config.%s %v out of range: want %s", e.Field, e.Value, e.Want)
}

// defaultMaxFrame is the longest frame fed to the accumulator when
// MaxFrame is zero: 250 ms, or one tick when a tick is longer (under 4
// ticks a second), so that a frame can always hold a tick.
func defaultMaxFrame(tps int) time.Duration {
	d := 250 * time.Millisecond
	if tps >= 1 {
		d = max(d, time.Second/time.Duration(tps))
	}
	return d
}

// WithDefaults returns c with every zero field set to its default (see
// engine.Config) and reports the first field out of its range as a
// *ConfigError: the one place those defaults and ranges are written, and
// what Run does first. The returned Config has its defaults filled also
// when c is invalid.
func WithDefaults(c engine.Config) (engine.Config, error) {
	if c.TPS == 0 {
		c.TPS = 60
	}
	if c.MaxSteps == 0 {
		c.MaxSteps = 8
	}
	if c.MaxFrame == 0 {
		c.MaxFrame = defaultMaxFrame(c.TPS)
	}
	if c.FPS == 0 {
		c.FPS = 60
	}
	if c.TimeScale == 0 {
		c.TimeScale = 1
	}
	if c.WorstFrames == 0 {
		c.WorstFrames = DefaultWorstFrames
	}
	return c, checkConfig(&c)
}

// checkConfig reports the first field of a defaulted c out of its range.
func checkConfig(c *engine.Config) error {
	bad := func(field string, v any, want string) error {
		return &ConfigError{Field: field, Value: v, Want: want}
	}
	switch {
	case c.TPS < 1 || c.TPS > MaxTPS:
		return bad("TPS", c.TPS, fmt.Sprintf("1 to %d ticks per second", MaxTPS))
	case c.MaxSteps < 1 || c.MaxSteps > MaxMaxSteps:
		return bad("MaxSteps", c.MaxSteps, fmt.Sprintf("1 to %d ticks per frame", MaxMaxSteps))
	case c.MaxFrame < time.Second/time.Duration(c.TPS) || c.MaxFrame > MaxMaxFrame:
		return bad("MaxFrame", c.MaxFrame, fmt.Sprintf("one tick (%v at TPS %d) to %v", time.Second/time.Duration(c.TPS), c.TPS, MaxMaxFrame))
	case c.Mode > engine.ModeUncapped:
		return bad("Mode", c.Mode, "ModeVSync, ModeCap or ModeUncapped")
	case c.FPS < 1 || c.FPS > MaxFPS:
		return bad("FPS", c.FPS, fmt.Sprintf("1 to %d frames per second", MaxFPS))
	case math.IsNaN(c.TimeScale) || c.TimeScale < MinTimeScale || c.TimeScale > MaxTimeScale:
		return bad("TimeScale", c.TimeScale, fmt.Sprintf("%v to %v", MinTimeScale, MaxTimeScale))
	case c.Duration < 0:
		return bad("Duration", c.Duration, "0 (no limit) or more")
	case c.WorstFrames < 1 || c.WorstFrames > MaxWorstFrames:
		return bad("WorstFrames", c.WorstFrames, fmt.Sprintf("1 to %d frames (0: %d)", MaxWorstFrames, DefaultWorstFrames))
	case c.Players < 0 || c.Players > MaxPlayers:
		return bad("Players", c.Players, fmt.Sprintf("0 (no player slots) or 1 to %d", MaxPlayers))
	}
	return nil
}
