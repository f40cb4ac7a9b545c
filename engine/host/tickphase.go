package host

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
// The leftover is moved by holding time back (or giving it out ahead),
// counted in hold. Centring moves it within its grid step, so the frame
// that centres runs the ticks it would have run anyway; what is held
// stays under a grid step, and so under a tick. When frames stop
// snapping, or snap at a rate that is not commensurate, the hold has no
// use: it is paid back over the following frames, never more than
// 1/payBackShare of a frame's time in one.
type tickPhase struct {
	grid    time.Duration // the grid step being kept, 0 when none
	quantum time.Duration // the snapped, scaled period the grid was found for
	stale   bool          // the leftover left the middle (a frame off the grid): centre again
	hold    time.Duration // scaled time held back (negative: given ahead) to centre the leftover
}

// Commensurate rates have a ratio a/b with b at most maxGridDen; the
// frame's time may be off it by dt/gridTolerance, which at 60 tps is
// 8 µs: the leftover then takes over a thousand frames to cross half a
// grid step, while 59.94 Hz (17 µs a frame off 60) is not held. A grid
// once found is kept while the period stays within dt/gridKeep of the
// ratio: a period learnt from presents wanders by microseconds while its
// estimate settles (4 µs a frame at 120 tps is already past the first
// tolerance), and losing the grid and finding it again would centre the
// leftover again for nothing. Kept at a rate that is a little off, the
// leftover walks across boundaries at the rate it must anyway.
const (
	maxGridDen    = 16
	gridTolerance = 2000
	gridKeep      = 200
)

// payBackShare bounds the pay-back of a hold that is no longer needed: at
// most 1/payBackShare of each frame's time, so the game runs at most that
// much fast or slow while it lasts (8.33 ms at 60 tps is paid back within
// 67 ms of frames).
const payBackShare = 8

// tickGrid returns the step between the leftovers that feeding f a frame
// visits when f is within dt/tol of a whole ratio a/b of dt (b ≤
// maxGridDen), or 0.
func tickGrid(f, dt, tol time.Duration) time.Duration {
	if f <= 0 {
		return 0
	}
	for b := time.Duration(1); b <= maxGridDen; b++ {
		a := (b*f + dt/2) / dt
		if a == 0 {
			continue
		}
		if d := b*f - a*dt; d <= dt/tol && d >= -dt/tol {
			return dt / b
		}
	}
	return 0
}

// findGrid is the grid for a new snapped period q: the one kept if q is
// still close to it, else a new one (or none).
func (p *tickPhase) findGrid(q, dt time.Duration) time.Duration {
	if p.grid > 0 && tickGrid(q, dt, gridKeep) == p.grid {
		return p.grid
	}
	return tickGrid(q, dt, gridTolerance)
}

// feed returns what to add to an accumulator holding acc for a frame of
// f, scaled, whose snapped period is quantum (0: not snapping) and which
// was a whole number of periods if onGrid. What it holds back or gives
// ahead never takes the accumulator past limit, the most it can hold
// before the bailout drops time, nor below zero.
func (p *tickPhase) feed(f, acc, quantum, dt, limit time.Duration, onGrid bool) time.Duration {
	if quantum == 0 {
		p.grid, p.quantum = 0, 0 // centre afresh when snapping starts again
		return p.payBack(f, acc, limit)
	}
	if quantum != p.quantum {
		p.quantum = quantum
		if g := p.findGrid(quantum, dt); g != p.grid {
			p.grid, p.stale = g, true
		}
	}
	if !onGrid {
		p.stale = true
	}
	if p.grid == 0 {
		return p.payBack(f, acc, limit)
	}
	if !p.stale {
		return f
	}
	return p.centre(f, acc, limit, onGrid)
}

// centre moves the leftover that feeding f leaves to the middle of a
// grid step. In a frame on the grid, the middle of its own step, so the
// frame runs as many ticks as it would have, unless what is held would
// reach a whole step (centrings that all moved the same way): then a step
// of it is paid back. A frame off the grid (a hitch) runs an uneven count
// anyway: it takes the middle nearest to what nothing held would give,
// paying back all but half a step, so that simulated time stays within
// half a step of real time as the leftover says.
func (p *tickPhase) centre(f, acc, limit time.Duration, onGrid bool) time.Duration {
	g := p.grid
	u := acc + f // never negative: acc and f are not
	h := u%g - g/2
	switch hold := p.hold + h; {
	case !onGrid && hold > g/2, hold >= g:
		h -= g
	case !onGrid && hold < -g/2, hold <= -g:
		h += g
	}
	if u-h < 0 || u-h > limit {
		return f // a frame too short or too long to centre in: try the next
	}
	p.stale = false
	p.hold += h
	return f - h
}

// payBack returns f with up to 1/payBackShare of it paid back from the
// hold, within the accumulator's bounds.
func (p *tickPhase) payBack(f, acc, limit time.Duration) time.Duration {
	if p.hold == 0 {
		return f
	}
	pay := min(f/payBackShare, max(p.hold, -p.hold))
	if p.hold > 0 { // held back: give it out, short of the bailout
		pay = min(pay, max(limit-acc-f, 0))
		p.hold -= pay
		return f + pay
	}
	p.hold += pay // given ahead: take it back
	return f - pay
}
