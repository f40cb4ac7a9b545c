package engine

import (
	"fmt"
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
// limits, modes, player slots and when to stop. What the run is connected
// to (platform, clock, tape, session) is its host.Wiring. The zero Config
// is valid and means: 60 ticks per second, at most 8 ticks per frame,
// frame times clamped to 250 ms (or one tick, when a tick is longer),
// vsync, real time, interpolation on, a game without player slots, no
// stop condition. Each field's doc gives its range; engine/host's
// WithDefaults, which Run calls first, is the one place those defaults
// and ranges are written (its limits named there, as host.MaxTPS) and
// refuses a field out of its range as a *host.ConfigError.
type Config struct {
	TPS       int           // fixed ticks per second; default 60; 1 to 10,000
	MaxSteps  int           // most ticks in one frame; default 8; 1 to 1,000
	MaxFrame  time.Duration // longest frame time fed to the accumulator; default 250 ms or one tick, whichever is longer; one tick to 10 s
	Mode      Mode          // power mode; default vsync
	FPS       int           // frame cap for ModeCap; default 60 (the vsync fallback caps at the display's rate, 60 Hz when unknown); 1 to 10,000
	TimeScale float64       // simulated seconds per real second; default 1; 1/64 to 64
	NoInterp  bool          // draw the last tick's state instead of blending; false blends

	// Players is the game's number of player slots, 1 to 8; 0 means
	// none. With slots every tick sees every player's input in
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
	Duration time.Duration // time to run, on the loop's clock (0: no limit; never negative)

	// ProfileLabels tags CPU profile samples with the loop phase (pprof
	// label "phase"). Off, it costs nothing.
	ProfileLabels bool

	// WorstFrames is how many of the slowest frames host.Stats keeps (see
	// host.Stats.WorstFrames), 1 to 100; 0 means 5.
	WorstFrames int
}
