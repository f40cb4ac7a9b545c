package scene

import (
	"errors"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics/chipmunk"
)

// tape records or replays a run's per-tick input.
type tape struct{}

func openTape(*Options, string, *chipmunk.World) (*tape, error) {
	return nil, errors.New("-record and -replay are not available in this build yet")
}

func (*tape) tick(*engine.Tick, *chipmunk.World) error { return nil }
func (*tape) limit(n uint64) uint64                    { return n }
func (*tape) close() error                             { return nil }
