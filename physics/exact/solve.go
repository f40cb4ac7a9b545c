package exact

import (
	"math"

	"github.com/lockstep-engine/lockstep/physics"
)

// integrateVelocities applies gravity, forces, springs and damping to
// every awake dynamic body.
func (w *World) integrateVelocities(h float64) {
	g := v2(w.cfg.Gravity)
	keep := 1.0
	if d := w.cfg.Damping; d > 0 && d < 1 {
		// 1/(1 + h·c) per step for the rate c = −ln d: the fraction d
		// kept after a second, to within 0.5%.
		keep = 1 / (1 - float64(h*ln(d)))
	}
	for i := range w.st.bodies {
		b := &w.st.bodies[i]
		if !b.moves() {
			b.force, b.torque = vec{}, 0
			continue
		}
		b.v = b.v.madd(g.madd(b.force, b.invMass), h)
		b.w += float64(h * float64(b.torque*b.invI))
		if keep != 1 {
			b.v, b.w = b.v.mul(keep), float64(b.w*keep)
		}
		b.force, b.torque = vec{}, 0
	}
	for i := range w.st.joints {
		if w.st.joints[i].def.Kind == physics.Spring {
			w.applySpring(&w.st.joints[i], h)
		}
	}
}

// travel bounds how far any point of b moves in a step of h.
func travel(b *body, h float64) float64 {
	if b.kind == physics.Static || b.sleeping {
		return 0
	}
	return float64(h * (length(b.v) + float64(math.Abs(b.w)*b.extent)))
}

// collide finds this step's contacts, carrying the impulses of those that
// go on from the last step.
func (w *World) collide(h float64) {
	w.bounds(h)
	w.findPairs()
	st := &w.st
	old, out := st.manifolds, w.sc.manifolds[:0]
	k := 0
	for _, key := range w.sc.pairs {
		for k < len(old) && old[k].key < key {
			k++
		}
		var prev *manifold
		if k < len(old) && old[k].key == key {
			prev = &old[k]
		}
		sa, sb := &st.shapes[int32(key>>32)], &st.shapes[int32(uint32(key))]
		ba, bb := &st.bodies[sa.body], &st.bodies[sb.body]
		if !ba.moves() && !bb.moves() && ba.kind != physics.Kinematic && bb.kind != physics.Kinematic {
			if prev != nil { // asleep: keep the contact as it was
				out = append(out, *prev)
			}
			continue
		}
		m := manifold{key: key, a: sa.body, b: sb.body, sensor: sa.def.Sensor || sb.def.Sensor,
			friction:    float64(sa.def.Friction * sb.def.Friction),
			restitution: float64(sa.def.Restitution * sb.def.Restitution)}
		margin := 0.0
		if !m.sensor {
			margin = speculative + travel(ba, h) + travel(bb, h)
		}
		ga := w.place(sa, &w.sc.va, &w.sc.na)
		gb := w.place(sb, &w.sc.vb, &w.sc.nb)
		collideGeoms(ga, gb, margin, &m)
		if m.count == 0 {
			continue
		}
		if prev != nil && !m.sensor {
			for i := range m.count {
				for j := range prev.count {
					if prev.pts[j].id == m.pts[i].id {
						m.pts[i].nImp, m.pts[i].tImp = prev.pts[j].nImp, prev.pts[j].tImp
					}
				}
			}
		}
		out = append(out, m)
	}
	w.sc.manifolds, st.manifolds = old[:0], out
}

// invMass and invI are what the solver moves a body by: nothing for what
// does not move this step.
func invs(b *body) (float64, float64) {
	if !b.moves() {
		return 0, 0
	}
	return b.invMass, b.invI
}

// velAt is the velocity of the point at r from b's centre of gravity.
func velAt(b *body, r vec) vec { return b.v.add(crossSV(b.w, r)) }

// push applies impulse p at r from b's centre of gravity, scaled by sign.
func push(b *body, r, p vec, sign float64) {
	if !b.moves() {
		return
	}
	b.v = b.v.madd(p, float64(sign*b.invMass))
	b.w += float64(float64(sign*b.invI) * cross(r, p))
}

// solve runs the solver: contacts and joints prepared and warm started,
// iterations with position correction, positions integrated, then relax
// iterations that remove the correcting velocity, and restitution.
func (w *World) solve(h float64) {
	invH := 1 / h
	w.prepareContacts()
	w.prepareJoints(h)
	n := w.iterations()
	for range n {
		w.solveJoints(h, true)
		w.solveContacts(invH, true)
	}
	w.integratePositions(h)
	for range max(1, n/3) {
		w.solveJoints(h, false)
		w.solveContacts(invH, false)
	}
	w.restitute()
}

func (w *World) prepareContacts() {
	st := &w.st
	for i := range st.manifolds {
		m := &st.manifolds[i]
		if m.sensor {
			continue
		}
		a, b := &st.bodies[m.a], &st.bodies[m.b]
		ma, ia := invs(a)
		mb, ib := invs(b)
		t := perp(m.n)
		for k := range m.count {
			p := &m.pts[k]
			p.rA, p.rB = p.p.sub(a.c), p.p.sub(b.c)
			rna, rnb := cross(p.rA, m.n), cross(p.rB, m.n)
			kn := ma + mb + float64(float64(ia*rna)*rna) + float64(float64(ib*rnb)*rnb)
			rta, rtb := cross(p.rA, t), cross(p.rB, t)
			kt := ma + mb + float64(float64(ia*rta)*rta) + float64(float64(ib*rtb)*rtb)
			p.nMass, p.tMass = inv(kn), inv(kt)
			p.bounce = 0
			if vn := dot(velAt(b, p.rB).sub(velAt(a, p.rA)), m.n); vn < -bounceSpeed && m.restitution > 0 {
				p.bounce = -float64(m.restitution * vn)
			}
			imp := m.n.mul(p.nImp).madd(t, p.tImp)
			push(a, p.rA, imp, -1)
			push(b, p.rB, imp, 1)
		}
	}
}

func inv(x float64) float64 {
	if x > 0 {
		return 1 / x
	}
	return 0
}

// solveContacts makes one pass over the contacts: friction within the
// cone of the normal impulse, then the normal impulse, which with bias
// also pushes overlapping shapes apart.
func (w *World) solveContacts(invH float64, bias bool) {
	st := &w.st
	for i := range st.manifolds {
		m := &st.manifolds[i]
		if m.sensor {
			continue
		}
		a, b := &st.bodies[m.a], &st.bodies[m.b]
		t := perp(m.n)
		for k := range m.count {
			p := &m.pts[k]
			dv := velAt(b, p.rB).sub(velAt(a, p.rA))
			limit := float64(m.friction * p.nImp)
			old := p.tImp
			p.tImp = min(max(old-float64(p.tMass*dot(dv, t)), -limit), limit)
			imp := t.mul(p.tImp - old)
			push(a, p.rA, imp, -1)
			push(b, p.rB, imp, 1)

			dv = velAt(b, p.rB).sub(velAt(a, p.rA))
			target := 0.0
			switch {
			case p.sep > 0:
				target = float64(p.sep * invH)
			case bias:
				target = max(float64(float64(baumgarte*invH)*min(0, p.sep+slop)), -maxPush)
			}
			old = p.nImp
			p.nImp = max(old-float64(p.nMass*(dot(dv, m.n)+target)), 0)
			imp = m.n.mul(p.nImp - old)
			push(a, p.rA, imp, -1)
			push(b, p.rB, imp, 1)
		}
	}
}

// restitute gives back, at each contact that pushed, the share of its
// approach speed the pair's restitution asks for.
func (w *World) restitute() {
	st := &w.st
	for i := range st.manifolds {
		m := &st.manifolds[i]
		if m.sensor || m.restitution == 0 {
			continue
		}
		a, b := &st.bodies[m.a], &st.bodies[m.b]
		for k := range m.count {
			p := &m.pts[k]
			if p.bounce == 0 || p.nImp == 0 {
				continue
			}
			dv := velAt(b, p.rB).sub(velAt(a, p.rA))
			old := p.nImp
			p.nImp = max(old-float64(p.nMass*(dot(dv, m.n)-p.bounce)), 0)
			imp := m.n.mul(p.nImp - old)
			push(a, p.rA, imp, -1)
			push(b, p.rB, imp, 1)
		}
	}
}

// integratePositions moves every awake dynamic and every kinematic body.
func (w *World) integratePositions(h float64) {
	for i := range w.st.bodies {
		b := &w.st.bodies[i]
		if b.kind == physics.Static || b.sleeping {
			continue
		}
		b.c = b.c.madd(b.v, h)
		if b.w != 0 {
			b.angle += float64(h * b.w)
			b.rot = rotOf(b.angle)
		}
		b.pos = b.c.sub(b.rot.apply(b.local))
	}
}
