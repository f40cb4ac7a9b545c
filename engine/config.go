package engine

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// Mode is how the loop paces its frames.
type Mode uint8

// The power modes.
const (
	// ModeVSync lets the display pace presents. When presents come back
	// much faster than the refresh period (a driver that ignores vsync),
	// the loop falls back to a frame cap at the display rate.
	ModeVSync Mode = iota
	// ModeCap waits for evenly spaced deadlines at Config.FPS.
	ModeCap
	// ModeUncapped neither waits nor syncs: as many frames as the CPU gives.
	ModeUncapped
)

var modeNames = [...]string{ModeVSync: "vsync", ModeCap: "cap", ModeUncapped: "uncapped"}

// String returns the mode's command-line name.
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", m)
}

// MarshalText returns the mode's command-line name.
func (m Mode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText parses vsync, cap or uncapped.
func (m *Mode) UnmarshalText(b []byte) error {
	return parseName(m, modeNames[:], b, "power mode")
}

// parseName sets *dst to the index of b in names, or says which names
// there are.
func parseName[T ~uint8](dst *T, names []string, b []byte, what string) error {
	for i, n := range names {
		if n == string(b) {
			*dst = T(i)
			return nil
		}
	}
	last := len(names) - 1
	return fmt.Errorf("unknown %s %q: want %s or %s", what, b, strings.Join(names[:last], ", "), names[last])
}

// Next returns the mode after m in the order vsync, cap, uncapped.
func (m Mode) Next() Mode { return (m + 1) % Mode(len(modeNames)) }

// Config is what a user sets about a run (engine/host's Run): rates,
// limits, modes, player slots and when to stop. What the run is connected to (platform, clock,
// tape, session) is its host.Wiring. The zero Config is valid and means: 60
// ticks per second, at most 8 ticks per frame, frame times clamped to
// 250 ms (or one tick, when a tick is longer), vsync, real time,
// interpolation on, a game without player slots, no stop condition.
// WithDefaults is the one place those defaults and every field's range
// are written.
type Config struct {
	TPS       int           // fixed ticks per second; default 60, at most 10,000
	MaxSteps  int           // most ticks in one frame; default 8
	MaxFrame  time.Duration // longest frame time fed to the accumulator; default 250 ms or one tick, whichever is longer; one tick to MaxMaxFrame
	Mode      Mode          // power mode; default vsync
	FPS       int           // frame cap for ModeCap; default 60 (the vsync fallback caps at the display's rate, 60 Hz when unknown)
	TimeScale float64       // simulated seconds per real second; default 1
	NoInterp  bool          // draw the last tick's state instead of blending; false blends

	// Players is the game's number of player slots, 1 to MaxPlayers; 0
	// means none. With slots every tick sees every player's input in
	// Tick.Players, by slot, and nothing else: Tick.Input is zero, so
	// that a tick cannot read what exists on one machine only. On one
	// machine the local input is split into the slots (see Seater and
	// host.SeatLocal); with a host.Wiring.Lockstep each slot is filled
	// from its peer.
	Players int

	// Stop conditions; zero means no limit. Ticks stops after exactly that
	// many ticks, even in the middle of a frame.
	Frames   uint64        // frames to run (0: no limit)
	Ticks    uint64        // ticks to run (0: no limit)
	Duration time.Duration // time to run, on the loop's clock (0: no limit)

	// ProfileLabels tags CPU profile samples with the loop phase (pprof
	// label "phase"). Off, it costs nothing.
	ProfileLabels bool

	// WorstFrames is how many of the slowest frames host.Stats keeps (see
	// host.Stats.WorstFrames), 1 to MaxWorstFrames; 0 means
	// DefaultWorstFrames.
	WorstFrames int
}

// Limits on Config fields, exported so games and command lines can name
// them.
const (
	MaxTPS       = 10000
	MaxFPS       = 10000
	MaxMaxSteps  = 1000
	MaxMaxFrame  = 10 * time.Second // keeps frame·TimeScale exact in int64
	MinTimeScale = 1.0 / 64
	MaxTimeScale = 64.0

	// MaxPlayers is the most player slots a game may have (Players).
	MaxPlayers = 8

	// DefaultWorstFrames is how many of the slowest frames the run's
	// Stats (engine/host) keeps when WorstFrames is zero; MaxWorstFrames
	// is the most it keeps.
	DefaultWorstFrames = 5
	MaxWorstFrames     = 100
)

// ConfigError is an invalid Config field: which one, its value and the
// range it wants. Layers above (platform/desktop) name the field their
// way, or the flag that set it.
type ConfigError struct {
	Field string // the field's name in Config, such as "TPS"
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
// Config) and reports the first field out of its range as a *ConfigError.
// The returned Config has its defaults filled also when c is invalid.
func (c Config) WithDefaults() (Config, error) {
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
	return c, c.check()
}

// check reports the first field of a defaulted c out of its range.
func (c *Config) check() error {
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
	case c.Mode > ModeUncapped:
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

// Validate reports the first invalid field of c, naming it and its range.
func (c Config) Validate() error {
	_, err := c.WithDefaults()
	return err
}
