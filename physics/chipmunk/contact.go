package chipmunk

import (
	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
)

// reportContacts walks every body's arbiters after cp's step, when cp is
// unlocked and the arbiter lists hold exactly that step's contacts. Walking
// after the step rather than hooking cp's collision handlers keeps cp's
// per-pair handler lookups (which allocate) to the one it always does.
// Each pair is reported from its lower-ID body, so once and ordered by A.
func (w *World) reportContacts() error {
	w.busy = true
	defer func() { w.busy = false; w.visiting = nil }()
	for _, b := range w.bodies {
		w.visiting = b
		b.cp.EachArbiter(w.visit)
		if w.visitErr != nil {
			err := w.visitErr
			w.visitErr = nil
			return err
		}
	}
	return nil
}

// visitArbiter reports one arbiter seen from w.visiting, which cp's
// EachArbiter has made the arbiter's first body.
func (w *World) visitArbiter(arb *cp.Arbiter) {
	if w.visitErr != nil {
		return
	}
	_, other := arb.Bodies()
	ob, _ := other.UserData.(*body)
	if ob == nil || ob.id < w.visiting.id {
		return
	}
	set := arb.ContactPointSet()
	c := physics.Contact{
		A:      w.visiting.id,
		B:      ob.id,
		Normal: gvec(set.Normal),
		// With EachArbiter's swap, cp reports the impulse on the
		// visited body, which is A.
		Impulse: gvec(arb.TotalImpulse()),
		Began:   arb.IsFirstContact(),
	}
	if set.Count > 0 {
		c.Point = gvec(set.Points[0].PointA)
	}
	w.visitErr = w.onContact(c)
}
