package engine

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
	if d := t - snapped; d > c.tol || d < -c.tol || (snapped > t && snapped > room) {
		// Not a multiple of the period after all (a hitch, a mode
		// switch), or one the bailout would cut: pass the real time
		// through. A negative t is time already given out ahead; hold
		// it (it is within tolerance, as frames are never negative).
		if t < 0 {
			c.carry = t
			return 0, false
		}
		c.carry = 0
		return t, false
	}
	c.carry = t - snapped
	return snapped, true
}
