package host

import "time"

// cadence snaps measured frame times to whole refresh periods. Timestamps
// taken around a vsynced present are noisy by a millisecond or so; fed raw,
// that noise moves the accumulator across a tick boundary and frames
// alternate between 0 and 2 ticks when the tick rate matches the display.
// A frame time within tolerance of k periods counts as exactly k periods and
// the difference is carried into the next frame, so no real time is lost or
// invented: what is held back is always within the tolerance.
type cadence struct {
	period time.Duration // 0: do not snap
	tol    time.Duration
	carry  time.Duration
}

// setPeriod starts snapping to p (0 turns snapping off).
func (c *cadence) setPeriod(p time.Duration) {
	if p == c.period {
		return
	}
	// The carry stays: the next frame pays it out, whatever the period.
	c.period = p
	// A quarter period leaves room for the noise of a millisecond either
	// side at 60 Hz while a frame that took one period more never snaps
	// to the wrong count.
	c.tol = p / 4
}

// apply returns the time to feed for a frame that measured frame, and
// whether it is a whole number of periods. It never rounds up past room:
// time given out ahead only for the max-steps bailout to drop it would be
// lost twice, once dropped and once taken back from the next frame.
func (c *cadence) apply(frame, room time.Duration) (time.Duration, bool) {
	t := frame + c.carry
	if c.period == 0 {
		c.carry = 0
		return t, false
	}
	k := (t + c.period/2) / c.period
	if k < 1 {
		k = 1
	}
	snapped := k * c.period
	d := t - snapped
	if d <= c.tol && d >= -c.tol && (snapped <= t || snapped <= room) {
		c.carry = d
		return snapped, true
	}
	// Not a multiple of the period after all (noise past the tolerance, a
	// hitch, a mode switch), or one the bailout would cut: pass the real
	// time through. A negative t is time already given out ahead; hold it
	// (it is within tolerance, as frames are never negative).
	if t < 0 {
		c.carry = t
		return 0, false
	}
	// Past the tolerance but nearest k periods: keep carrying the
	// tolerance's worth. Passing all of it through would re-base the
	// carry on this frame's timestamp, likely a noisy extreme, and with
	// noise near the tolerance (±1 ms at 144 Hz) frames would then keep
	// falling off the grid.
	switch {
	case d > c.tol && d <= c.period/2:
		c.carry = c.tol
	case d < -c.tol && d >= -c.period/2 && t+c.tol <= room:
		c.carry = -c.tol
	default:
		c.carry = 0
	}
	return t - c.carry, false
}
