package host

import (
	"fmt"

	"github.com/lockstep-engine/lockstep/engine"
	"github.com/lockstep-engine/lockstep/physics"
)

// worldOf returns p's world, nil when it has none.
func worldOf(p *engine.Parts) physics.Stepper {
	if p.World == nil {
		return nil
	}
	return p.World()
}

// checkParts reports a Parts without the funcs the loop needs (Draw only
// when it draws) or with half of the copying pair. A SyncChecker
// checks the Parts it forks the same way.
func checkParts(p *engine.Parts, what string, draws bool) error {
	switch {
	case p.Tick == nil:
		return fmt.Errorf("engine: %s has no Tick: set Parts.Tick", what)
	case draws && p.Draw == nil:
		return fmt.Errorf("engine: %s has no Draw: set Parts.Draw", what)
	case (p.Fork == nil) != (p.Predictor == nil):
		return fmt.Errorf("engine: %s sets one of Parts.Fork and Parts.Predictor without the other: set both, or neither", what)
	}
	return nil
}
