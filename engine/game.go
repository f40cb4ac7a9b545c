package engine

import (
	"errors"
	"time"

	"github.com/lockstep-engine/lockstep/physics"
)

// ErrQuit ends the loop cleanly when a game returns it from Tick, Draw or
// Update; the run (engine/host's Run) then returns nil.
var ErrQuit = errors.New("engine: quit")

// Updater is a game that also wants one call per frame, after the frame's
// events and before its ticks: the place for hotkeys, cameras and switching
// the loop's modes. What it does must not change the simulation, or replays
// break; simulation input belongs in Tick.
type Updater interface {
	Update(f *Frame) error
}

// Simulator is a game whose bodies live in a physics world. The loop steps
// it after every Tick and keeps the previous and current snapshots for
// Draw; its snapshot is the state a recording checks.
type Simulator interface {
	World() physics.Stepper
}

// StateHasher is a game that fingerprints its own state for recordings,
// run summaries and netplay peers: equal states, bit for bit, must hash
// equal, and a state a later tick reads differently should hash
// differently. StateHash should cover what lives outside the world:
// scores, timers, modes, the game's own randomness, which bodies mean
// what. The world is covered already: a Simulator's state hash mixes
// physics.Hash of its world's snapshot with StateHash (host.Loop.StateHash),
// so including the world again is harmless but costs a pass over its
// bodies. A Simulator without StateHash is fingerprinted by its world
// alone, and a game with neither by nothing (recordings then check no
// state).
type StateHasher interface {
	StateHash() uint64
}

// Tick is what one fixed step sees.
type Tick struct {
	N     uint64        // ticks run before this one
	DT    time.Duration // the fixed step, the same for every tick
	Input Input         // held state now and the edges since the tick before; zero in a game with player slots (Config.Players)
	// Players is every player's input by slot in a game with player slots (Config.Players), the
	// same on every peer of a netplay session (valid until the tick
	// returns); nil in a game without player slots.
	Players []Input
	// Members is every slot's place in the session (Playing, Gone), by
	// slot, the same on every peer and in a replay: all Playing since 0
	// outside a session; nil in a game without player slots.
	Members []Member
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
	// Input is held state now and the edges that arrived during this
	// frame (which the frame's ticks, if any, saw too), for frame-rate
	// code such as hotkeys and cameras.
	Input Input
	// Text is what the user typed during this frame (Input.Text's bytes,
	// at most 32), valid until the next.
	Text []byte
	// Window is the window's state as the platform last reported it.
	Window WindowState
	// Quit reports that the user or the platform asked to end the run:
	// the loop stops after this frame.
	Quit bool
	// Connections is what this machine knows now about each slot's
	// player's connection, by slot, in a netplay session (who the
	// session waits for and how long, round trips): for display only,
	// as it differs between machines; nil outside a session.
	Connections []Connection
	// Loop is the running loop, to read its rate and change its modes
	// (engine/host's Loop, whose LoopOf gives a host the rest: stats,
	// prediction, hashes). Never nil in a frame the loop hands out.
	Loop Controls
}

// Controls is the running loop as a game's Update and Draw may steer it
// (Frame.Loop): pause, step, time scale, power mode, interpolation. The
// loop that implements it is engine/host's Loop.
type Controls interface {
	TPS() int          // the fixed tick rate
	DT() time.Duration // the fixed tick length
	Players() int      // the game's player slots, 0 when it has none

	// Mode returns the power mode asked for; SetMode switches it from the
	// next frame (an unknown mode is an error).
	Mode() Mode
	SetMode(m Mode) error
	// Interpolating reports whether frames are drawn blended between
	// ticks; SetInterpolation turns blending on or off.
	Interpolating() bool
	SetInterpolation(on bool)
	// Paused reports whether ticks are held; SetPaused holds or releases
	// them from the frame it is called in (real time that passes while
	// paused is never simulated); StepOnce runs exactly one tick in the
	// next frame while paused.
	Paused() bool
	SetPaused(p bool)
	StepOnce()
	// TimeScale returns simulated seconds per real second; SetTimeScale
	// changes how many ticks real time buys, 1/64 to 64
	// (host.MinTimeScale to host.MaxTimeScale; never the tick's dt, which
	// stays fixed).
	TimeScale() float64
	SetTimeScale(s float64) error
	// RunningSlowly reports that the max-steps bailout has cut a frame
	// short within the last second: the game runs slower than real time.
	RunningSlowly() bool
}
