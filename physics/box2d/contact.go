//go:build box2d && cgo

package box2d

// #include "shim.h"
import "C"

import (
	"unsafe"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/lockstep-engine/lockstep/physics"
)

// pair is two bodies that touched in a step, a < b.
type pair struct {
	a, b   physics.BodyID
	sensor bool
}

func (p pair) before(q pair) bool { return p.a < q.a || (p.a == q.a && p.b < q.b) }

// collectContacts has the shim gather the pairs touching after Box2D's
// step, sorted, and returns its buffer of them, valid until the next call.
func (w *World) collectContacts() []C.lsContact {
	n := int(C.lsCollectContacts(w.c))
	if n == 0 {
		return nil
	}
	return unsafe.Slice(C.lsContacts(w.c), n)
}

// reportContacts reports the pairs cur holds merged with the pairs of the
// step before: a pair new in this step has Began, one missing from it is
// reported once with Ended. The shim's buffer and both pair lists are
// reused, so a warm world reports without allocating.
func (w *World) reportContacts(cur []C.lsContact) error {
	w.next = w.next[:0]
	for i := range cur {
		w.next = append(w.next, pair{physics.BodyID(cur[i].a), physics.BodyID(cur[i].b), cur[i].sensor != 0})
	}
	prev := w.touching
	w.touching, w.next = w.next, prev

	w.busy.Store(true)
	defer w.busy.Store(false)
	i, j := 0, 0
	for i < len(prev) || j < len(cur) {
		var c physics.Contact
		switch {
		case j == len(cur) || (i < len(prev) && prev[i].before(w.touching[j])):
			c = physics.Contact{A: prev[i].a, B: prev[i].b, Ended: true, Sensor: prev[i].sensor}
			i++
		default:
			k := &cur[j]
			c = physics.Contact{
				A: physics.BodyID(k.a), B: physics.BodyID(k.b),
				Point:   mgl64.Vec2{float64(k.px), float64(k.py)},
				Normal:  mgl64.Vec2{float64(k.nx), float64(k.ny)},
				Impulse: mgl64.Vec2{float64(k.ix), float64(k.iy)},
				Sensor:  k.sensor != 0,
				Began:   true,
			}
			if i < len(prev) && prev[i].a == c.A && prev[i].b == c.B {
				c.Began = false
				i++
			}
			j++
		}
		if err := w.onContact(c); err != nil {
			return err
		}
	}
	return nil
}
