package exact

import (
	"cmp"
	"slices"

	"github.com/lockstep-engine/lockstep/physics"
)

// touch is a pair of bodies touching after a step, all their shapes'
// contacts merged.
type touch struct {
	pair    uint64 // bodyPair of their IDs
	sensor  bool   // only sensors touch
	point   vec
	normal  vec
	impulse vec // on A
}

// updateTouching lists the body pairs touching after this step in
// sc.touches, sorted by pair.
func (w *World) updateTouching() {
	st := &w.st
	ts := w.sc.touches[:0]
	for i := range st.manifolds {
		m := &st.manifolds[i]
		if !m.touching() || (m.sensor && !m.overlapping()) {
			continue
		}
		a, b := &st.bodies[m.a], &st.bodies[m.b]
		t := touch{pair: bodyPair(a.id, b.id), sensor: m.sensor}
		if !m.sensor {
			t.normal = m.n
			tan := perp(m.n)
			var sum vec
			var n float64
			for k := range m.count {
				p := &m.pts[k]
				sum = sum.add(p.p.madd(m.n, -p.sep/2))
				n++
				t.impulse = t.impulse.sub(m.n.mul(p.nImp).madd(tan, p.tImp))
			}
			t.point = vec{sum.x / n, sum.y / n}
			if a.id > b.id { // the shapes' order is the bodies'; kept for safety
				t.normal, t.impulse = t.normal.neg(), t.impulse.neg()
			}
		}
		ts = append(ts, t)
	}
	slices.SortStableFunc(ts, func(x, y touch) int { return cmp.Compare(x.pair, y.pair) })
	// Merge the shapes of one pair of bodies: solid beats sensor, the
	// first solid contact gives point and normal, impulses add up.
	k := 0
	for i := range ts {
		if k > 0 && ts[k-1].pair == ts[i].pair {
			p := &ts[k-1]
			if p.sensor && !ts[i].sensor {
				*p = ts[i]
			} else if !ts[i].sensor {
				p.impulse = p.impulse.add(ts[i].impulse)
			}
			continue
		}
		ts[k] = ts[i]
		k++
	}
	w.sc.touches = ts[:k]
}

// overlapping reports whether a sensor's shapes overlap.
func (m *manifold) overlapping() bool {
	for i := range m.count {
		if m.pts[i].sep <= 0 {
			return true
		}
	}
	return false
}

// report calls OnContact for every pair that touched in the last step or
// the one before, in pair order, then keeps this step's pairs for the
// next.
func (w *World) report() error {
	prev, cur := w.st.touching, w.sc.touches
	defer func() { w.st.touching, w.sc.touches = cur, prev[:0] }()
	if w.onContact == nil {
		return nil
	}
	out := w.sc.reports[:0]
	i, j := 0, 0
	for i < len(prev) || j < len(cur) {
		switch {
		case j == len(cur) || (i < len(prev) && prev[i].pair < cur[j].pair):
			out = append(out, contactOf(prev[i], false, true))
			i++
		case i == len(prev) || cur[j].pair < prev[i].pair:
			out = append(out, contactOf(cur[j], true, false))
			j++
		default:
			out = append(out, contactOf(cur[j], false, false))
			i++
			j++
		}
	}
	w.sc.reports = out
	w.busy = true
	defer func() { w.busy = false }()
	for _, c := range out {
		if err := w.onContact(c); err != nil {
			return err
		}
	}
	return nil
}

func contactOf(t touch, began, ended bool) physics.Contact {
	c := physics.Contact{A: physics.BodyID(t.pair >> 32), B: physics.BodyID(uint32(t.pair)), Began: began, Ended: ended, Sensor: t.sensor}
	if !ended && !t.sensor {
		c.Point, c.Normal, c.Impulse = gv(t.point), gv(t.normal), gv(t.impulse)
	}
	return c
}
