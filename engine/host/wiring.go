package host

import (
	"log/slog"

	"github.com/lockstep-engine/lockstep/engine"
)

// Wiring is what a Run is connected to: the platform, the clock, the
// tape, the netplay session and the hooks of whoever runs the loop (as
// platform/desktop's Run does), apart from Config, what a user sets. The
// zero Wiring runs with no window, on the system's monotonic clock,
// alone, recording nothing.
type Wiring struct {
	Platform Platform     // nil: no window, events or presents
	Clock    Clock        // nil: the system's monotonic clock
	Logger   *slog.Logger // nil: slog.Default()

	// Tape, when set, records the input of every tick, or replays a
	// recording in its place and checks the state against it (see
	// engine/tape).
	Tape Tape

	// Lockstep, when set, supplies every player's input to each tick of a
	// game with Players and holds ticks until it has it (engine/netplay).
	// Nil: the players are seated from this machine's input.
	Lockstep Lockstep

	// GC, when set, is given the frame's idle time before each wait (see
	// Collector); an IdleGC (NewIdleGC) moves garbage collection there.
	// Nil: collection is left to Go's pacing.
	GC Collector

	// BeforeUpdate, when set, is called once a frame before the game's
	// Update, with the same Frame: the runner's hotkeys. Its error ends
	// the run as the game's would (ErrQuit cleanly). Nil: none.
	BeforeUpdate func(f *engine.Frame) error

	// AfterDraw, when set, is called after each Draw (the game's, or its
	// predicted copy's) and before the present: a HUD, overlays,
	// screenshots. Its error ends the run as the game's would. Nil: none.
	AfterDraw func(f *engine.Frame) error

	// AfterFrame, when set, is called at the end of every frame, after
	// its wait, with the frame's account: a frame log, a hitch
	// detector. r is reused for the next frame: copy what is kept.
	// Nil: none.
	AfterFrame func(r *FrameRecord)
}

// withDefaults returns w with a nil Platform, Clock and Logger filled in.
func (w Wiring) withDefaults() Wiring {
	if w.Platform == nil {
		w.Platform = noPlatform{}
	}
	if w.Clock == nil {
		w.Clock = NewSystemClock(WaitHybrid)
	}
	if w.Logger == nil {
		w.Logger = slog.Default()
	}
	return w
}
