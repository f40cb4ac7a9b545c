package engine

import (
	"errors"
	"time"

	"github.com/lockstep-engine/lockstep/physics"
)

// ErrQuit ends the loop cleanly when a game returns it from Tick, Draw or
// Update; Run then returns nil.
var ErrQuit = errors.New("engine: quit")

// Game is what a user writes: a fixed-rate tick and a draw.
type Game interface {
	// Tick advances the game by one fixed step of t.DT.
	Tick(t *Tick) error
	// Draw draws the frame at fraction f.Alpha between the last two ticks.
	Draw(f *Frame) error
}

// Updater is a Game that also wants one call per frame, after the frame's
// events and before its ticks: the place for hotkeys, cameras and switching
// the loop's modes. What it does must not change the simulation, or replays
// break; simulation input belongs in Tick.
type Updater interface {
	Update(f *Frame) error
}

// World is the physics a game hands the loop to step after each tick and to
// snapshot for drawing. physics.World satisfies it.
type World interface {
	Step(dt time.Duration) error
	Snapshot(dst []physics.BodyState) []physics.BodyState
}

// Simulator is a Game whose bodies live in a World. The loop steps it after
// every Tick and keeps the previous and current snapshots for Draw.
type Simulator interface {
	World() World
}

// Tick is what one fixed step sees.
type Tick struct {
	N     uint64        // ticks run before this one
	DT    time.Duration // the fixed step, the same for every tick
	Input TickInput     // held state now and the edges since the tick before
}

// Frame is what one frame's Update and Draw see.
type Frame struct {
	N     uint64  // frames before this one
	Alpha float64 // in [0, 1): how far real time is past the last tick, in ticks
	// Bodies is the world's state blended at Alpha (or the last tick's when
	// interpolation is off), in snapshot order. Valid until the next frame.
	Bodies []physics.BodyState
	// Current is the world's state after the last tick, unblended: what
	// Bodies would be with interpolation off. Valid until the next frame.
	Current []physics.BodyState
	Input   *Input
	Loop    *Loop // the running loop, to read stats and change modes
}
