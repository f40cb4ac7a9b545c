package engine

import "github.com/lockstep-engine/lockstep/physics"

// Parts is a game as the loop runs it: what it can do, found once by
// whoever hands the game to host.Run (platform/desktop's PartsOf turns a
// desktop.Game into its Parts), so that neither the loop nor the window
// asks a game what it is. Tick and Draw are required; every other
// field's zero value means the game lacks that part.
type Parts struct {
	// Tick advances the game by one fixed step of t.DT.
	Tick func(t *Tick) error
	// Draw draws the frame at fraction f.Alpha between the last two ticks.
	Draw func(f *Frame) error

	// Update is called once a frame, after the frame's events and before
	// its ticks: the place for cameras and switching the loop's modes (see
	// Updater). Nil: the game has no per-frame code.
	Update func(f *Frame) error

	// World returns the game's physics world, which the loop steps after
	// every Tick and snapshots for Draw (see Simulator). host.Run calls it once,
	// as it starts. Nil, or a nil world: the game has no world.
	World func() physics.Stepper

	// StateHash fingerprints the game's own state (see StateHasher). Nil:
	// the state is the world's snapshot alone.
	StateHash func() uint64

	// Seat splits one machine's input into the player slots (see Seater).
	// Nil: engine/host's SeatLocal.
	Seat func(local *Input, players []Input)

	// Predictor is this instance of the game when it can be copied (see
	// Predictor): the loop copies the verified game into its fork with
	// fork.Predictor.CopyFrom(game.Predictor). Nil: the game cannot be
	// drawn ahead of its confirmed input, nor checked by a sync test
	// (engine/enginetest).
	Predictor Predictor
	// Fork returns the Parts of another instance of the game, with state
	// of its own (from Predictor.Fork); set together with Predictor. Nil:
	// the game cannot be copied.
	Fork func() (Parts, error)

	// Close releases an instance's resources (its physics world). The
	// loop and a sync test close the copies they Fork; whoever made the
	// game closes the game. Nil: nothing to release.
	Close func() error
}
