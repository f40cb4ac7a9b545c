package host

import "time"

// timestep turns measured frame times into whole ticks. It is handed the
// time rather than reading a clock, so it is exact under test: every
// nanosecond that comes in is ticked, kept as leftover, dropped by the
// bailout (and counted), or held back by the cadence snap and the tick
// phase (each bounded).
type timestep struct {
	dt       time.Duration
	maxFrame time.Duration
	maxSteps int

	acc   time.Duration // scaled time not yet ticked, < dt between frames
	scale ratio
	snap  cadence
	phase tickPhase

	// Totals over the run: measured = ticked + acc + dropped + held()
	// (see Stats.Measured).
	measured time.Duration // clamped and scaled frame time taken in
	fed      time.Duration // what reached the accumulator of it
	ticked   time.Duration
	dropped  time.Duration
}

// setPeriod snaps frames to the frame period p of real time (0: none);
// the snap works in scaled time, as everything after the scale does.
func (ts *timestep) setPeriod(p time.Duration) { ts.snap.setPeriod(ts.scale.quantum(p)) }

// held is the scaled time taken in but not yet fed to the accumulator
// (negative: fed ahead) by the cadence snap and the tick phase.
func (ts *timestep) held() time.Duration { return ts.snap.carry + ts.phase.hold }

// advance adds one frame's real time and returns how many ticks the frame
// may run (at most maxSteps). Time beyond those ticks' worth of whole steps
// is dropped, so a slow machine slows the game instead of locking up.
// stalled reports that the frame was clamped to maxFrame.
func (ts *timestep) advance(frame time.Duration) (steps int, dropped time.Duration, stalled bool) {
	if frame < 0 { // a clock that went backwards: nothing happened
		frame = 0
	}
	if frame > ts.maxFrame {
		frame, stalled = ts.maxFrame, true // re-base: a stall's debt is not paid
	}
	// Scaled first: the snap and the tick phase hold back simulated time,
	// so what they hold adds up with what is ticked.
	frame = ts.scale.apply(frame)
	ts.measured += frame
	// The most acc can hold without a drop, and so the most the snap may
	// round a frame up to.
	limit := time.Duration(ts.maxSteps+1)*ts.dt - 1
	frame, onGrid := ts.snap.apply(frame, limit-ts.acc)
	frame = ts.phase.feed(frame, ts.acc, ts.snap.period, ts.dt, limit, onGrid)
	ts.fed += frame
	ts.acc += frame
	n := ts.acc / ts.dt
	if n > time.Duration(ts.maxSteps) {
		dropped = (n - time.Duration(ts.maxSteps)) * ts.dt
		ts.acc -= dropped
		ts.dropped += dropped
		n = time.Duration(ts.maxSteps)
	}
	return int(n), dropped, stalled
}

// consume accounts for one tick run out of the accumulator.
func (ts *timestep) consume() {
	ts.acc -= ts.dt
	ts.ticked += ts.dt
}

// alpha is how far the accumulator is into the next tick, in [0, 1) once a
// frame's ticks have run.
func (ts *timestep) alpha() float64 {
	a := float64(ts.acc) / float64(ts.dt)
	if a >= 1 { // ticks cut short (a stop condition): never extrapolate
		return nextBelowOne
	}
	return a
}

// nextBelowOne is the largest float64 below 1.
const nextBelowOne = 1 - 1.0/(1<<53)

// ratio is a time scale held as an exact fraction with the rounding
// remainder carried between frames, so scaled time never drifts.
type ratio struct {
	num, den int64
	rem      int64
}

const scaleDen = 1 << 20

func newRatio(scale float64) ratio {
	return ratio{num: int64(scale*scaleDen + 0.5), den: scaleDen}
}

// quantum is d scaled without the carried remainder: the snapped period
// as the accumulator sees it.
func (r *ratio) quantum(d time.Duration) time.Duration {
	if r.num == r.den {
		return d
	}
	return time.Duration(int64(d) * r.num / r.den)
}

func (r *ratio) apply(d time.Duration) time.Duration {
	if r.num == r.den {
		return d
	}
	// d·num fits int64 for d up to maxFrame (seconds) and num up to 64·2^20.
	t := int64(d)*r.num + r.rem
	q := t / r.den
	r.rem = t - q*r.den
	return time.Duration(q)
}
