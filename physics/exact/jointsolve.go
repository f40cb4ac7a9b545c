package exact

import "github.com/lockstep-engine/lockstep/physics"

// jointBodies returns a joint's bodies, with the ground as a static body
// that never moves.
func (w *World) jointBodies(j *joint) (*body, *body) {
	a, b := &w.ground, &w.ground
	if j.a >= 0 {
		a = &w.st.bodies[j.a]
	}
	if j.b >= 0 {
		b = &w.st.bodies[j.b]
	}
	return a, b
}

// arms sets j's lever arms from its bodies' centres of gravity and
// returns the anchors' separation pB − pA.
func (w *World) arms(j *joint, a, b *body) vec {
	j.rA, j.rB = a.rot.apply(j.la), b.rot.apply(j.lb)
	return b.c.add(j.rB).sub(a.c.add(j.rA))
}

// axisMass is the effective mass of two bodies along u at arms rA, rB.
func axisMass(a, b *body, rA, rB, u vec) float64 {
	ma, ia := invs(a)
	mb, ib := invs(b)
	ra, rb := cross(rA, u), cross(rB, u)
	return inv(ma + mb + float64(float64(ia*ra)*ra) + float64(float64(ib*rb)*rb))
}

func (w *World) prepareJoints(h float64) {
	for i := range w.st.joints {
		j := &w.st.joints[i]
		if j.def.Kind == physics.Spring {
			continue
		}
		a, b := w.jointBodies(j)
		d := w.arms(j, a, b)
		switch j.def.Kind {
		case physics.Pivot, physics.Drag:
			ma, ia := invs(a)
			mb, ib := invs(b)
			kxx := ma + mb + float64(float64(ia*j.rA.y)*j.rA.y) + float64(float64(ib*j.rB.y)*j.rB.y)
			kxy := -float64(float64(ia*j.rA.x)*j.rA.y) - float64(float64(ib*j.rB.x)*j.rB.y)
			kyy := ma + mb + float64(float64(ia*j.rA.x)*j.rA.x) + float64(float64(ib*j.rB.x)*j.rB.x)
			det := inv(float64(kxx*kyy) - float64(kxy*kxy))
			j.k = [3]float64{float64(kyy * det), -float64(kxy * det), float64(kxx * det)}
			j.bias = d.mul(-baumgarte / h)
		default:
			u, l := normalize(d)
			if l == 0 {
				u = vec{0, 1}
			}
			j.axis, j.mass = u, axisMass(a, b, j.rA, j.rB, u)
			j.bias = vec{l, 0} // the current length
		}
		p := j.imp
		if j.def.Kind != physics.Pivot && j.def.Kind != physics.Drag {
			p = j.axis.mul(j.imp.x + j.imp.y)
		}
		push(a, j.rA, p, -1)
		push(b, j.rB, p, 1)
	}
}

// solveJoints makes one pass over the joints; with bias they also correct
// their drift.
func (w *World) solveJoints(h float64, bias bool) {
	for i := range w.st.joints {
		j := &w.st.joints[i]
		a, b := w.jointBodies(j)
		dv := velAt(b, j.rB).sub(velAt(a, j.rA))
		var p vec
		switch j.def.Kind {
		case physics.Spring:
			continue
		case physics.Pivot, physics.Drag:
			c := dv
			if bias {
				c = c.sub(j.bias)
			}
			lam := vec{-(float64(j.k[0]*c.x) + float64(j.k[1]*c.y)), -(float64(j.k[1]*c.x) + float64(j.k[2]*c.y))}
			old := j.imp
			j.imp = clampLen(old.add(lam), float64(j.def.MaxForce*h))
			p = j.imp.sub(old)
		default:
			p = j.axis.mul(w.solveAxis(j, dot(dv, j.axis), h, bias))
		}
		push(a, j.rA, p, -1)
		push(b, j.rB, p, 1)
	}
}

// solveAxis solves a Pin or Slide along its axis for the relative speed
// vn and returns the impulse to apply.
func (w *World) solveAxis(j *joint, vn, h float64, bias bool) float64 {
	l := j.bias.x
	if j.def.Kind == physics.Pin {
		target := 0.0
		if bias {
			target = float64(float64(baumgarte/h) * (l - j.dist))
		}
		old := j.imp.x
		j.imp.x = clampAbs(old-float64(j.mass*(vn+target)), float64(j.def.MaxForce*h))
		return j.imp.x - old
	}
	// Slide: the lower limit pushes apart (impulse >= 0), the upper pulls
	// together (<= 0); each lets the anchors move freely up to it.
	lower := limitSpeed(l-j.def.Min, h, bias)
	oldL := j.imp.x
	j.imp.x = max(oldL-float64(j.mass*(vn+lower)), 0)
	vn += float64((j.imp.x - oldL) * inv(j.mass))
	upper := limitSpeed(j.def.Max-l, h, bias)
	oldU := j.imp.y
	j.imp.y = min(oldU-float64(j.mass*(vn-upper)), 0)
	return (j.imp.x - oldL) + (j.imp.y - oldU)
}

// limitSpeed is how fast a limit gap may close in a step of h: all of it
// while open, and with bias a share of the overshoot back once crossed.
func limitSpeed(gap, h float64, bias bool) float64 {
	switch {
	case gap > 0:
		return gap / h
	case bias:
		return float64(baumgarte*gap) / h
	}
	return 0
}

// clampLen shortens v to length at most limit; a limit of 0 is none.
func clampLen(v vec, limit float64) vec {
	if limit <= 0 {
		return v
	}
	if l := length(v); l > limit {
		return v.mul(limit / l)
	}
	return v
}

// clampAbs bounds x to ±limit; a limit of 0 is none.
func clampAbs(x, limit float64) float64 {
	if limit <= 0 {
		return x
	}
	return min(max(x, -limit), limit)
}

// applySpring pushes a Spring's bodies towards its rest length and damps
// their relative speed along it, as an impulse for a step of h. The
// damping impulse never exceeds what stops the relative motion, so a
// strong damper on a light body cannot make it oscillate.
func (w *World) applySpring(j *joint, h float64) {
	a, b := w.jointBodies(j)
	d := w.arms(j, a, b)
	u, l := normalize(d)
	if l == 0 {
		return
	}
	m := axisMass(a, b, j.rA, j.rB, u)
	vn := dot(velAt(b, j.rB).sub(velAt(a, j.rA)), u)
	damp := min(float64(j.def.Damping*h), m)
	imp := -float64(float64(j.def.Stiffness*(l-j.def.RestLength))*h) - float64(damp*vn)
	imp = clampAbs(imp, float64(j.def.MaxForce*h))
	p := u.mul(imp)
	push(a, j.rA, p, -1)
	push(b, j.rB, p, 1)
}
