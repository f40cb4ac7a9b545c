package host

import "github.com/lockstep-engine/lockstep/engine"

// Tape records or replays the input of every tick; engine/tape has both.
type Tape interface {
	// Tick is called before tick n runs with the input the tick will see
	// and the state it starts from. A recorder writes the input down; a
	// player replaces it with the recorded input and checks the state.
	// ErrQuit ends the run cleanly (a recording that is over).
	Tick(n uint64, in *engine.Input, state engine.StateHasher) error
}
