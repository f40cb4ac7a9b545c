package exact

import (
	"fmt"

	"github.com/lockstep-engine/lockstep/physics"
	"github.com/lockstep-engine/lockstep/physics/internal/check"
)

// CopyFrom makes the world hold what src, a world of this package, holds:
// its whole state, warm-start impulses, idle times and broad-phase order
// included, so that the copy continues bit for bit as src would. It reuses
// the memory the world has: once it has held a world as large, copying
// allocates nothing. See physics.Copier for the errors.
func (w *World) CopyFrom(src physics.World) error {
	s, ok := src.(*World)
	if !ok {
		return fmt.Errorf("exact: copy from %T: %w; copy from a world of this package", src, physics.ErrInvalid)
	}
	if s == w {
		return nil
	}
	if err := w.usable("copy into"); err != nil {
		return err
	}
	if err := s.usable("copy from"); err != nil {
		return err
	}
	if w.busy || s.busy {
		return fmt.Errorf("exact: copy: %w; %s", physics.ErrBusy, check.Later)
	}
	if err := check.SameConfig(&w.cfg, &s.cfg); err != nil {
		return fmt.Errorf("exact: copy: configs differ: %w; make both worlds with one Config", err)
	}
	w.st.copyFrom(&s.st)
	return nil
}

// copyFrom makes st a copy of src, reusing st's memory.
func (st *state) copyFrom(src *state) {
	clear(st.bodies[min(len(src.bodies), len(st.bodies)):]) // let go of User values
	st.bodies = append(st.bodies[:0], src.bodies...)
	st.shapes = append(st.shapes[:0], src.shapes...)
	st.verts = append(st.verts[:0], src.verts...)
	st.norms = append(st.norms[:0], src.norms...)
	st.joints = append(st.joints[:0], src.joints...)
	st.manifolds = append(st.manifolds[:0], src.manifolds...)
	st.order = append(st.order[:0], src.order...)
	st.noCollide = append(st.noCollide[:0], src.noCollide...)
	st.touching = append(st.touching[:0], src.touching...)
	st.lastBody, st.lastJoint, st.steps = src.lastBody, src.lastJoint, src.steps
}
