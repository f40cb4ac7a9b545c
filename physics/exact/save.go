package exact

import (
	"fmt"

	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

// Saved is a world's whole state, kept apart from any world: what Save
// writes and Restore reads back. The zero Saved holds nothing and is ready
// to be saved into; one Saved may be saved into again and again without
// allocating once it has held a world as large.
type Saved struct {
	cfg   physics.Config
	st    state
	valid bool
}

// Save writes the world's whole state into dst: bodies, shapes, joints,
// the solver's warm-start impulses, idle times and the broad phase's
// order. A world restored from it continues bit for bit as this one does
// from now on.
func (w *World) Save(dst *Saved) error {
	if err := w.usable("save"); err != nil {
		return err
	}
	if w.busy {
		return fmt.Errorf("exact: save: %w; %s", physics.ErrBusy, check.Later)
	}
	dst.cfg, dst.valid = w.cfg, true
	dst.cfg.OnContact = nil
	dst.st.copyFrom(&w.st)
	return nil
}

// Restore makes the world hold the state s holds, saved from a world made
// with an equal Config (OnContact aside). The world then continues bit
// for bit as the saved one did; contacts touching when it was saved are
// reported as going on, not as beginning.
func (w *World) Restore(s *Saved) error {
	if err := w.usable("restore"); err != nil {
		return err
	}
	if w.busy {
		return fmt.Errorf("exact: restore: %w; %s", physics.ErrBusy, check.Later)
	}
	if !s.valid {
		return fmt.Errorf("exact: restore: nothing was saved into this Saved: %w; call Save first", physics.ErrInvalid)
	}
	if err := check.SameConfig(&w.cfg, &s.cfg); err != nil {
		return fmt.Errorf("exact: restore: configs differ: %w; restore into a world made with the saved world's Config", err)
	}
	w.st.copyFrom(&s.st)
	return nil
}
