package engine

import (
	"fmt"
	"log/slog"
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

// Config sets up a Run. The zero Config is valid and means: 60 ticks per
// second, at most 8 ticks per frame, frame times clamped to 250 ms, vsync,
// real time, interpolation on, no platform (nothing drawn or polled) and the
// system's monotonic clock.
type Config struct {
	TPS       int           // fixed ticks per second; default 60, at most 10,000
	MaxSteps  int           // most ticks in one frame; default 8
	MaxFrame  time.Duration // longest frame time fed to the accumulator; default 250 ms, at most MaxMaxFrame
	Mode      Mode          // power mode; default vsync
	FPS       int           // frame cap for ModeCap; default 60 (the vsync fallback caps at the display's rate, 60 Hz when unknown)
	TimeScale float64       // simulated seconds per real second; default 1
	NoInterp  bool          // draw the last tick's state instead of blending

	// Stop conditions; zero means no limit. Ticks stops after exactly that
	// many ticks, even in the middle of a frame.
	Frames   uint64
	Ticks    uint64
	Duration time.Duration

	Platform Platform     // nil: no window, events or presents
	Clock    Clock        // nil: the system's monotonic clock
	Logger   *slog.Logger // nil: slog.Default()

	// Tape, when set, records the input of every tick, or replays a
	// recording in its place and checks the state against it (see
	// engine/tape).
	Tape Tape

	// Lockstep, when set, supplies every player's input to each tick of a
	// Multiplayer game and holds ticks until it has it (engine/netplay).
	// Nil: the players are seated from this machine's input.
	Lockstep Lockstep

	// GC, when set, is given the frame's idle time before each wait (see
	// Collector); physics.IdleGC moves garbage collection there.
	GC Collector

	// ProfileLabels tags CPU profile samples with the loop phase (pprof
	// label "phase"). Off, it costs nothing.
	ProfileLabels bool
}

// Limits on Config fields, exported so command lines can name them.
const (
	MaxTPS       = 10000
	MaxFPS       = 10000
	MaxMaxSteps  = 1000
	MaxMaxFrame  = 10 * time.Second // keeps frame·TimeScale exact in int64
	MinTimeScale = 1.0 / 64
	MaxTimeScale = 64.0
)

// withDefaults fills zero fields and checks the rest.
func (c Config) withDefaults() (Config, error) {
	if c.TPS == 0 {
		c.TPS = 60
	}
	if c.MaxSteps == 0 {
		c.MaxSteps = 8
	}
	if c.MaxFrame == 0 {
		c.MaxFrame = 250 * time.Millisecond
	}
	if c.FPS == 0 {
		c.FPS = 60
	}
	if c.TimeScale == 0 {
		c.TimeScale = 1
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	switch {
	case c.TPS < 1 || c.TPS > MaxTPS:
		return c, fmt.Errorf("engine: TPS %d out of range: want 1 to %d ticks per second", c.TPS, MaxTPS)
	case c.MaxSteps < 1 || c.MaxSteps > MaxMaxSteps:
		return c, fmt.Errorf("engine: MaxSteps %d out of range: want 1 to %d ticks per frame", c.MaxSteps, MaxMaxSteps)
	case c.MaxFrame < time.Second/time.Duration(c.TPS) || c.MaxFrame > MaxMaxFrame:
		return c, fmt.Errorf("engine: MaxFrame %v out of range: want one tick (%v) to %v", c.MaxFrame, time.Second/time.Duration(c.TPS), MaxMaxFrame)
	case c.Mode > ModeUncapped:
		return c, fmt.Errorf("engine: unknown Mode %d: want ModeVSync, ModeCap or ModeUncapped", c.Mode)
	case c.FPS < 1 || c.FPS > MaxFPS:
		return c, fmt.Errorf("engine: FPS %d out of range: want 1 to %d frames per second", c.FPS, MaxFPS)
	case math.IsNaN(c.TimeScale) || c.TimeScale < MinTimeScale || c.TimeScale > MaxTimeScale:
		return c, fmt.Errorf("engine: TimeScale %v out of range: want %v to %v", c.TimeScale, MinTimeScale, MaxTimeScale)
	case c.Duration < 0:
		return c, fmt.Errorf("engine: Duration %v is negative: want 0 (no limit) or more", c.Duration)
	}
	return c, nil
}

// Validate reports the first invalid field of c, naming it and its range.
func (c Config) Validate() error {
	_, err := c.withDefaults()
	return err
}
