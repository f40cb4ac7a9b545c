package chipmunk

import (
	"cmp"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/jakecoffman/cp/v2"
	"github.com/lockstep-engine/lockstep/physics"
)

// contactLog turns what cp knows after a step into per-pair reports: the
// pairs of bodies touching now, compared with those of the step before,
// give Began and Ended. Its slices are reused step after step, so once
// they have grown to the scene's number of touching pairs, reporting
// allocates nothing of its own.
type contactLog struct {
	cur, prev []touch           // sorted by (a, b) once a step is logged
	out       []physics.Contact // this step's reports, in order

	visit    func(*cp.Arbiter) // w.visitArbiter, made once
	visiting *body

	handlers [2]*cp.CollisionHandler // the sensor handlers start made
}

// touch is a pair of bodies touching in one step, a < b.
type touch struct {
	a, b                   physics.BodyID
	point, normal, impulse mgl64.Vec2 // from a's side; zero for sensors
	// sensor: only sensor shapes touch, so the bodies do not push.
	sensor bool
	// carry: a sensor pair whose bodies were both asleep or static when
	// the step began, so cp did not test it; it still touches.
	carry bool
}

// start sets up contact logging for w, which has an OnContact.
func (l *contactLog) start(w *World) {
	l.visit = w.visitArbiter
	// cp keeps sensor pairs out of the arbiter lists reportContacts walks
	// and calls a pre-solve handler for them instead. A handler for the
	// two pair types with a sensor keeps the default handler, and its
	// allocation-free lookup, for every other pair.
	for i, other := range []cp.CollisionType{0, sensorType} {
		h := w.space.NewCollisionHandler(sensorType, other)
		h.PreSolveFunc = w.sensorPreSolve
		l.handlers[i] = h
	}
}

// beforeStep readies the log for a step: cp's pre-solve calls during the
// step add this step's sensor pairs to cur.
func (l *contactLog) beforeStep(w *World) {
	l.cur = l.cur[:0]
	for i := range l.prev {
		t := &l.prev[i]
		t.carry = t.sensor && asleepOrStatic(w.find(t.a)) && asleepOrStatic(w.find(t.b))
	}
}

// asleepOrStatic reports whether cp leaves b out of collision detection: a
// static body or a sleeping one. A removed body (nil) touches nothing.
func asleepOrStatic(b *body) bool {
	return b != nil && (b.kind == physics.Static || b.cp.IsSleeping())
}

// sensorPreSolve records a sensor pair during cp's step. Pairs where
// neither body is dynamic are left out, as cp leaves them out of contacts
// between solid shapes.
func (w *World) sensorPreSolve(arb *cp.Arbiter, _ *cp.Space, _ any) bool {
	sa, sb := arb.Shapes()
	a, _ := sa.Body().UserData.(*body)
	b, _ := sb.Body().UserData.(*body)
	if a == nil || b == nil || (a.kind != physics.Dynamic && b.kind != physics.Dynamic) {
		return true
	}
	if b.id < a.id {
		a, b = b, a
	}
	w.contacts.cur = append(w.contacts.cur, touch{a: a.id, b: b.id, sensor: true})
	return true
}

// reportContacts logs the step's touching pairs and calls OnContact for
// each, in (A, B) order. Walking the arbiter lists after cp's step, rather
// than hooking cp's handlers for every pair, keeps cp's per-pair handler
// lookups (which allocate) to the one it always does.
func (w *World) reportContacts() error {
	l := &w.contacts
	for _, b := range w.bodies.Values() {
		l.visiting = b
		b.cp.EachArbiter(l.visit)
	}
	l.visiting = nil
	for i := range l.prev {
		if l.prev[i].carry {
			t := l.prev[i]
			t.carry = false
			l.cur = append(l.cur, t)
		}
	}
	l.cur = mergePairs(l.cur)
	l.out = diffPairs(l.out[:0], l.prev, l.cur)
	l.prev, l.cur = l.cur, l.prev

	w.busy = true
	defer func() { w.busy = false }()
	for _, c := range l.out {
		if err := w.onContact(c); err != nil {
			return err
		}
	}
	return nil
}

// visitArbiter logs one arbiter seen from l.visiting, which cp's
// EachArbiter has made the arbiter's first body. Each arbiter is logged
// from its lower-ID body, so once, with A < B.
func (w *World) visitArbiter(arb *cp.Arbiter) {
	l := &w.contacts
	_, other := arb.Bodies()
	ob, _ := other.UserData.(*body)
	if ob == nil || ob.id < l.visiting.id {
		return
	}
	set := arb.ContactPointSet()
	t := touch{
		a:      l.visiting.id,
		b:      ob.id,
		normal: gvec(set.Normal),
		// With EachArbiter's swap, cp reports the impulse on the
		// visited body, which is A.
		impulse: gvec(arb.TotalImpulse()),
	}
	if set.Count > 0 {
		t.point = gvec(set.Points[0].PointA)
	}
	l.cur = append(l.cur, t)
}

// mergePairs sorts ts by (a, b) and merges the entries of a pair of bodies
// touching through several pairs of shapes into one: impulses add up, the
// first solid contact gives point and normal, and the pair is a sensor
// pair only if no solid shapes touch. The sort is stable, so the result
// depends on cp's order alone, which is deterministic.
func mergePairs(ts []touch) []touch {
	slices.SortStableFunc(ts, byPair)
	n := 0
	for i := range ts {
		if n > 0 && ts[n-1].a == ts[i].a && ts[n-1].b == ts[i].b {
			m, t := &ts[n-1], &ts[i]
			if m.sensor && !t.sensor {
				m.point, m.normal, m.sensor = t.point, t.normal, false
			}
			m.impulse = m.impulse.Add(t.impulse)
			continue
		}
		ts[n] = ts[i]
		n++
	}
	return ts[:n]
}

func byPair(x, y touch) int {
	if c := cmp.Compare(x.a, y.a); c != 0 {
		return c
	}
	return cmp.Compare(x.b, y.b)
}

// diffPairs appends to out a report for every pair in cur (Began when not
// in prev) and an Ended report for every pair of prev not in cur, in (A,
// B) order. Both inputs are sorted and merged.
func diffPairs(out []physics.Contact, prev, cur []touch) []physics.Contact {
	i, j := 0, 0
	for i < len(prev) || j < len(cur) {
		var c int
		switch {
		case i == len(prev):
			c = 1
		case j == len(cur):
			c = -1
		default:
			c = byPair(prev[i], cur[j])
		}
		switch {
		case c < 0: // touched before, not now
			p := &prev[i]
			out = append(out, physics.Contact{A: p.a, B: p.b, Ended: true, Sensor: p.sensor})
			i++
		default:
			t := &cur[j]
			rep := physics.Contact{A: t.a, B: t.b, Began: c > 0, Sensor: t.sensor}
			if !t.sensor {
				rep.Point, rep.Normal, rep.Impulse = t.point, t.normal, t.impulse
			}
			out = append(out, rep)
			if c == 0 {
				i++
			}
			j++
		}
	}
	return out
}
