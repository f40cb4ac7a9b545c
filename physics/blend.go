package physics

import "math"

// Blend writes into dst the state to draw at fraction alpha of the way from
// prev to cur, and returns dst resized to len(cur). Both inputs must be in
// snapshot order (ascending ID). Positions blend linearly and angles along
// the shorter arc; a body that is new in cur, or was teleported, is drawn
// where cur has it. Velocities are taken from cur. dst must not alias prev
// or cur. Blend allocates only when dst is too small.
func Blend(dst, prev, cur []BodyState, alpha float64) []BodyState {
	if cap(dst) < len(cur) {
		dst = make([]BodyState, len(cur))
	}
	dst = dst[:len(cur)]
	j := 0
	for i := range cur {
		c := &cur[i]
		for j < len(prev) && prev[j].ID < c.ID {
			j++
		}
		if j == len(prev) || prev[j].ID != c.ID || c.Teleported {
			dst[i] = *c
			continue
		}
		p := &prev[j]
		dst[i] = *c
		// Written out per component: mgl64's Add/Sub/Mul chain made Blend
		// four times slower (BenchmarkBlend). Same arithmetic, same bits.
		dst[i].Pos[0] = p.Pos[0] + (c.Pos[0]-p.Pos[0])*alpha
		dst[i].Pos[1] = p.Pos[1] + (c.Pos[1]-p.Pos[1])*alpha
		dst[i].Angle = p.Angle + shortestArc(p.Angle, c.Angle)*alpha
	}
	return dst
}

// shortestArc is the signed turn in (-π, π] that takes angle from to to.
func shortestArc(from, to float64) float64 {
	d := to - from
	if d > -math.Pi && d <= math.Pi {
		// Remainder would return d unchanged; skipping it makes Blend
		// several times faster (BenchmarkBlend).
		return d
	}
	d = math.Remainder(d, 2*math.Pi)
	if d == -math.Pi {
		d = math.Pi
	}
	return d
}
