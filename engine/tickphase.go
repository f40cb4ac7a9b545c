package engine

import "time"

// tickPhase keeps the accumulator's leftover away from tick boundaries
// when frames come at a rate commensurate with the ticks (60 Hz and 60 or
// 120 or 30 tps, 144 and 144). Snapped frames then feed the same amount
// every frame, and the leftover visits only a few phases, one grid step
// (dt/b for a ratio a/b) apart. Left where the first frame put it, which
// is often on a boundary, any error in the period estimate, however small,
// moves it across: a frame of 0 ticks, then one of 2. Held in the middle
// of its grid step, the leftover has half a step of margin either side
// for the estimate's wander (microseconds), and only a real difference of
// rates (59.94 Hz against 60 tps) walks it across, at the rate it must.
//
// The leftover is moved by holding time back (or giving it out ahead):
// under half a grid step, and so under half a tick, counted in hold.
type tickPhase struct {
	grid    time.Duration // the grid step being kept, 0 when none
	quantum time.Duration // the snapped, scaled period the grid was found for
	stale   bool          // the leftover left the middle (a frame off the grid): centre again
	hold    time.Duration // scaled time held back (negative: given ahead) to centre the leftover
}

// Commensurate rates have a ratio a/b with b at most maxGridDen; the
// frame's time may be off it by dt/gridTolerance, which at 60 tps is
// 8 µs: the leftover then takes over a thousand frames to cross half a
// grid step, while 59.94 Hz (17 µs a frame off 60) is not held.
const (
	maxGridDen    = 16
	gridTolerance = 2000
)

// tickGrid returns the step between the leftovers that feeding f a frame
// visits when f is near a whole ratio a/b of dt (b ≤ maxGridDen), or 0.
func tickGrid(f, dt time.Duration) time.Duration {
	if f <= 0 {
		return 0
	}
	for b := time.Duration(1); b <= maxGridDen; b++ {
		a := (b*f + dt/2) / dt
		if a == 0 {
			continue
		}
		if d := b*f - a*dt; d <= dt/gridTolerance && d >= -dt/gridTolerance {
			return dt / b
		}
	}
	return 0
}

// feed returns what to add to an accumulator holding acc for a frame of
// f, scaled, whose snapped period is quantum (0: not snapping) and which
// was a whole number of periods if onGrid. What it holds back or gives
// ahead never takes the accumulator past limit, the most it can hold
// before the bailout drops time.
func (p *tickPhase) feed(f, acc, quantum, dt, limit time.Duration, onGrid bool) time.Duration {
	if quantum == 0 {
		p.grid, p.quantum = 0, 0 // centre afresh when snapping starts again
		return f
	}
	if quantum != p.quantum {
		p.quantum = quantum
		if g := tickGrid(quantum, dt); g != p.grid {
			p.grid, p.stale = g, true
		}
	}
	if !onGrid {
		p.stale = true
	}
	if !p.stale || p.grid == 0 {
		return f
	}
	// Where the leftover would be with nothing held, and the hold that
	// puts it half a grid step past a grid line.
	g := p.grid
	u := acc + f + p.hold
	x := u % g
	if x < 0 {
		x += g
	}
	h := x - g/2
	if u-h < 0 || u-h > limit {
		return f // a frame too short or too long to centre in: try the next
	}
	p.stale = false
	f = u - h - acc
	p.hold = h
	return f
}
